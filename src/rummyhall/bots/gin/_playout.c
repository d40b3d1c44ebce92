/* The Gin hard bot's playouts, compiled: the same play, step for step, as the
 * reference in gin/playout.py (World and Memo, which explain it), with the solver's
 * answers it needs (games/gin/solver.py) computed the same way:
 *
 *   deadwood      deadwood_mask, shared with the solver's compiled core
 *                 (games/gin/_deadwood.h);
 *   best_deadwood gin_simple.best_deadwood: OpenSpiel's BestMeldGroup, its first group
 *                 of the most melded points; the simple bot's take and throw on it;
 *   settle        settle_masks' points (games/gin/_settle.h, shared with the learning
 *                 environments' core);
 *   playout       a hand played to its end, each seat by its style's rules;
 *   explains      gin_model.Knowledge's check of the opponent's turns under a style;
 *   equity        gin_equity.reference_table: the chance to win a match from every pair
 *                 of totals and dealer.
 *
 * Hands are 52-bit masks, bit suit * 13 + rank. Nothing is cached between calls and
 * nothing is shared, so the playout runs without the GIL.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "../../games/gin/_settle.h"

#define WALL 2        /* GIN-14: the last two stock cards are never drawn */
#define MOST_TURNS 200 /* gin_playout.MOST_TURNS */
#define DANGER_SPAN 2 /* gin_styles.DANGER_SPAN */

enum Phase { OFFER = 0, DRAW = 1, DISCARD = 2 };
enum Kind { THROW = 0, KNOCK = 1, TAKE = 2, PASS = 3, STOCK = 4, TAKE_THROW = 5, TAKE_KNOCK = 6 };

static int by_value[CARDS];          /* cards, highest value first, then by id */
static uint64_t near_mask[CARDS];    /* gin_styles.NEAR: the cards each could meld with */
static const int os_suit[4] = {0, 3, 2, 1}; /* gin_simple.OPENSPIEL_SUIT */
static int os_card[CARDS];           /* our card of each OpenSpiel card id */

static void build_tables(void) {
    build_settle_tables();
    for (int suit = 0; suit < 4; suit++)
        for (int rank = 0; rank < 13; rank++) os_card[os_suit[suit] * 13 + rank] = suit * 13 + rank;
    for (int a = 0; a < CARDS; a++) {
        near_mask[a] = 0;
        for (int b = 0; b < CARDS; b++)
            if (a % 13 == b % 13 || (a / 13 == b / 13 && abs(a % 13 - b % 13) <= DANGER_SPAN))
                near_mask[a] |= 1ull << b;
    }
    int n = 0;
    for (int value = 10; value >= 1; value--)
        for (int card = 0; card < CARDS; card++)
            if (card_value[card] == value) by_value[n++] = card;
}

/* ------------------------------------------------------------------------- playout */

typedef struct {
    uint64_t hands[2];
    uint8_t stock[CARDS]; /* the top is the last */
    int stock_count;
    int top; /* the top discard, or -1 */
    int player, phase, passes, taken, limit;
    int style[2]; /* each seat's style (enum Style): how it plays the hand out */
    uint64_t picked[2]; /* per seat: cards taken from the discard pile and still held */
    uint64_t shed[2];   /* per seat: cards thrown */
} World;

static void take(World *w) {
    w->hands[w->player] |= 1ull << w->top;
    w->picked[w->player] |= 1ull << w->top;
    w->taken = w->top;
    w->top = -1;
    w->phase = DISCARD;
}

static void draw(World *w) {
    w->hands[w->player] |= 1ull << w->stock[--w->stock_count];
    w->taken = -1;
    w->phase = DISCARD;
}

static void decline(World *w) {
    w->passes++;
    w->player = 1 - w->player;
    if (w->passes == 2) draw(w);
}

/* Throws a card (knocking if asked); returns 1 with seat 0's score when the hand ends. */
static int throw_card(World *w, int card, int knock, int *score) {
    int player = w->player;
    uint64_t hand = w->hands[player] ^ (1ull << card);
    w->hands[player] = hand;
    w->picked[player] &= ~(1ull << card);
    w->shed[player] |= 1ull << card;
    if (knock) {
        int result = settle(hand, w->hands[1 - player], w->limit);
        *score = player == 0 ? result : -result;
        return 1;
    }
    w->top = card;
    if (w->stock_count <= WALL) { /* GIN-14: cancelled */
        *score = 0;
        return 1;
    }
    w->player = 1 - player;
    w->phase = DRAW;
    return 0;
}

/* ------------------------------------------------------- the simple bot's rules */

/* gin/simple.py, compiled: OpenSpiel's SimpleGinRummyBot, the rules the styles start from. */

typedef struct {
    uint64_t mask[64];
    int value[64];
    uint64_t reach[65]; /* the cards the melds from index i on can cover */
    int count;
    int target; /* the most points the hand can meld */
} Melds;

static inline int mask_points(uint64_t mask) {
    int points = 0;
    while (mask) {
        points += card_value[__builtin_ctzll(mask)];
        mask &= mask - 1;
    }
    return points;
}

static void add_meld(Melds *m, uint64_t meld) {
    m->mask[m->count] = meld;
    m->value[m->count++] = mask_points(meld);
}

/* openspiel_melds: sets by rank, then runs of five, four and three in OpenSpiel's order. */
static void list_melds(uint64_t hand, Melds *m) {
    int by_rank[CARDS], by_id[CARDS], n = 0, k = 0;
    for (int rank = 0; rank < 13; rank++)
        for (int suit = 0; suit < 4; suit++) {
            int card = os_card[suit * 13 + rank];
            if (hand >> card & 1) by_rank[n++] = card;
        }
    for (int id = 0; id < CARDS; id++)
        if (hand >> os_card[id] & 1) by_id[k++] = id;
    m->count = 0;
    for (int i = 0; i + 3 < n; i++)
        if (by_rank[i] % 13 == by_rank[i + 3] % 13) {
            uint64_t a = 1ull << by_rank[i], b = 1ull << by_rank[i + 1];
            uint64_t c = 1ull << by_rank[i + 2], d = 1ull << by_rank[i + 3];
            add_meld(m, a | b | c | d);
            add_meld(m, a | b | d);
            add_meld(m, a | c | d);
        }
    for (int i = 0; i + 2 < n; i++)
        if (by_rank[i] % 13 == by_rank[i + 2] % 13)
            add_meld(m, 1ull << by_rank[i] | 1ull << by_rank[i + 1] | 1ull << by_rank[i + 2]);
    for (int length = 5; length >= 3; length--)
        for (int i = 0; i + length <= k; i++) {
            int last = i + length - 1;
            if (by_id[last] - by_id[i] != length - 1 || by_id[i] / 13 != by_id[last] / 13) continue;
            uint64_t run = 0;
            for (int j = i; j <= last; j++) run |= 1ull << os_card[by_id[j]];
            add_meld(m, run);
        }
    m->reach[m->count] = 0;
    for (int i = m->count - 1; i >= 0; i--) m->reach[i] = m->reach[i + 1] | m->mask[i];
    m->target = mask_points(hand) - deadwood(hand);
}

/* The melded cards of the first group from `start` on reaching the target, or 0 with
 * *found = 0. */
static uint64_t first_group(const Melds *m, int start, uint64_t free, int value, int *found) {
    *found = value == m->target;
    if (*found) return 0;
    if (value + mask_points(free & m->reach[start]) < m->target) return 0;
    for (int j = start; j < m->count; j++) {
        if ((m->mask[j] & free) != m->mask[j]) continue;
        uint64_t rest = first_group(m, j + 1, free ^ m->mask[j], value + m->value[j], found);
        if (*found) return rest | m->mask[j];
    }
    return 0;
}

/* The last best_deadwood answers, one slot per hand hash (this thread's own: the
 * searches run without the GIL). The opponent model's check asks the same hands again
 * and again (it replays his turns under every style from the same hands, and each
 * style's take, throw and knock asks it of the same cards): a third of the hard bot's
 * time went to recomputing them. A slot holds the empty hand (nothing loose) until
 * written. */
#define LOOSE_BITS 13
static __thread uint64_t loose_hands[1 << LOOSE_BITS], loose_cards[1 << LOOSE_BITS];

/* best_deadwood: the cards OpenSpiel's BestMeldGroup leaves unmelded. */
static uint64_t best_deadwood(uint64_t hand) {
    unsigned slot = (unsigned)((hand * 0x9E3779B97F4A7C15ull) >> (64 - LOOSE_BITS));
    if (loose_hands[slot] == hand) return loose_cards[slot];
    Melds m;
    int found;
    list_melds(hand, &m);
    uint64_t loose = hand ^ first_group(&m, 0, hand, 0, &found);
    loose_hands[slot] = hand;
    loose_cards[slot] = loose;
    return loose;
}

/* highest: the card the bot throws first (rank, then OpenSpiel's card id). */
static int highest(uint64_t mask) {
    int best = -1, best_key = -1;
    while (mask) {
        int card = __builtin_ctzll(mask);
        int key = (card % 13) * 4 + os_suit[card / 13];
        if (key > best_key) {
            best_key = key;
            best = card;
        }
        mask &= mask - 1;
    }
    return best;
}

/* simple_deadwood: the best deadwood's points, less its highest card for eleven cards. */
static int simple_deadwood(uint64_t hand) {
    uint64_t loose = best_deadwood(hand);
    if (loose && __builtin_popcountll(hand) == 11) loose ^= 1ull << highest(loose);
    return mask_points(loose);
}

static int simple_takes(uint64_t hand, int top, int limit) {
    uint64_t eleven = hand | (1ull << top);
    return !(best_deadwood(eleven) >> top & 1) || simple_deadwood(eleven) <= limit;
}

/* gin_simple.least_after_throw: the card of eleven (never `taken`) leaving the least
 * deadwood, the highest on ties, then the first by id. */
static int least_after_throw(uint64_t hand, int taken, int *card_out) {
    int best = 1 << 30, best_card = -1;
    for (int c = 0; c < CARDS; c++) {
        if (!(hand >> c & 1) || c == taken) continue;
        int value = deadwood(hand ^ (1ull << c));
        if (value < best || (value == best && card_value[c] > card_value[best_card])) {
            best = value;
            best_card = c;
        }
    }
    *card_out = best_card;
    return best;
}

/* simple_throw: the bot's discard from eleven cards, never the card just taken (GIN-4). */
static int simple_throw(uint64_t hand, int taken, int *card_out) {
    uint64_t loose = best_deadwood(hand);
    int card = -1, left = 0;
    if (loose) {
        card = highest(loose);
        left = mask_points(loose) - card_value[card];
    } else {
        for (int id = 0; id < CARDS && card < 0; id++)
            if ((hand >> os_card[id] & 1) && deadwood(hand ^ (1ull << os_card[id])) == 0)
                card = os_card[id];
    }
    if (card != taken) {
        *card_out = card;
        return left;
    }
    return least_after_throw(hand, taken, card_out);
}

/* --------------------------------------------------- the opponent model's styles */

/* gin_styles.MODELS, in order: each style's three answers about a turn. */
enum Style { SIMPLE = 0, GREEDY = 1, PATIENT = 2, LOOSE = 3, SAFE = 4, HUNTER = 5, STRONG = 6 };
#define PATIENT_LIMIT 3 /* gin_styles.PATIENT_LIMIT */
#define LATE_STOCK 10   /* gin_styles.LATE_STOCK */
#define HUNTER_STOCK 26 /* gin_styles.HUNTER_STOCK */
#define DANGER_WEIGHT 3 /* gin_styles.DANGER_WEIGHT */
#define PARTNER_WEIGHT 2 /* gin_styles.PARTNER_WEIGHT */
#define SHED_WEIGHT 1   /* gin_styles.SHED_WEIGHT */

/* gin_styles.STRONG_KNOCKS: from so many cards left in the stock, the most deadwood the
 * strong style knocks with. */
static const int strong_knocks[][2] = {{26, 10}, {0, 0}};

static int strong_knock_limit(int stock) {
    int i = 0;
    while (stock < strong_knocks[i][0]) i++;
    return strong_knocks[i][1];
}

static int style_takes(int style, uint64_t hand, int top, int limit) {
    int card;
    switch (style) {
    case GREEDY: {
        int after = least_after_throw(hand | (1ull << top), top, &card);
        return after < deadwood(hand) || after <= limit;
    }
    case PATIENT:
        return simple_takes(hand, top, limit < PATIENT_LIMIT ? limit : PATIENT_LIMIT);
    case HUNTER:
        return simple_takes(hand, top, 0);
    case LOOSE:
        return deadwood(hand | (1ull << top)) != deadwood(hand) + card_value[top];
    case STRONG:
        return deadwood(hand | (1ull << top)) != deadwood(hand) + card_value[top] ||
               least_after_throw(hand | (1ull << top), top, &card) == 0;
    default:
        return simple_takes(hand, top, limit);
    }
}

/* The card a style throws from eleven in a playout (the loose style's choice among its
 * unmatched cards is not guessed: it throws as the simple bot; the safe style's, which
 * heeds the other seat, is safe_throw); returns the deadwood left. */
static int style_throw(int style, uint64_t hand, int taken, int *card_out) {
    return style == GREEDY ? least_after_throw(hand, taken, card_out)
                           : simple_throw(hand, taken, card_out);
}

/* gin_styles.unmatched: `card` is unmatched in some best arrangement of eleven, whose
 * deadwood is `whole`. */
static int unmatched(uint64_t hand, int whole, int taken, int card) {
    return card != taken && deadwood(hand ^ (1ull << card)) == whole - card_value[card];
}

/* gin_styles.safest_throw: the safe style's throw in a playout, heeding the other seat's
 * pick-ups and throws; returns the deadwood left. */
static int safe_throw(const World *w, uint64_t hand, int *card_out) {
    int left = simple_throw(hand, w->taken, card_out);
    if (left <= w->limit) return left;
    uint64_t picked = w->picked[1 - w->player], shed = w->shed[1 - w->player];
    int whole = deadwood(hand), best = -1, best_near = 0, best_shed = 0;
    for (uint64_t rest = hand; rest; rest &= rest - 1) {
        int card = __builtin_ctzll(rest);
        if (!unmatched(hand, whole, w->taken, card)) continue;
        int near = __builtin_popcountll(near_mask[card] & picked);
        int nearby_shed = __builtin_popcountll(near_mask[card] & shed);
        if (best < 0 || near < best_near || (near == best_near && nearby_shed > best_shed) ||
            (near == best_near && nearby_shed == best_shed && card_value[card] > card_value[best])) {
            best = card;
            best_near = near;
            best_shed = nearby_shed;
        }
    }
    if (best < 0) return left;
    *card_out = best;
    return deadwood(hand ^ (1ull << best));
}

/* gin_styles.strong_throw: the strong style's throw in a playout; returns the deadwood
 * left. */
static int strong_throw(const World *w, uint64_t hand, int *card_out) {
    int least = least_after_throw(hand, w->taken, card_out);
    if (least <= w->limit) return least;
    uint64_t picked = w->picked[1 - w->player], shed = w->shed[1 - w->player];
    int whole = deadwood(hand), best = -1, best_cost = 0, best_left = 0;
    for (uint64_t rest = hand; rest; rest &= rest - 1) {
        int card = __builtin_ctzll(rest);
        if (!unmatched(hand, whole, w->taken, card)) continue;
        int left = whole - card_value[card];
        uint64_t near = near_mask[card];
        int cost = left + DANGER_WEIGHT * __builtin_popcountll(near & picked) +
                   PARTNER_WEIGHT * (__builtin_popcountll(near & hand) - 1) -
                   SHED_WEIGHT * __builtin_popcountll(near & shed);
        if (best < 0 || cost < best_cost ||
            (cost == best_cost && card_value[card] > card_value[best])) {
            best = card;
            best_cost = cost;
            best_left = left;
        }
    }
    if (best < 0) return least;
    *card_out = best;
    return best_left;
}

static int style_throws(int style, uint64_t hand, int taken, int thrown) {
    int card;
    if (style == LOOSE || style == SAFE || style == STRONG)
        return unmatched(hand, deadwood(hand), taken, thrown);
    style_throw(style, hand, taken, &card);
    return card == thrown;
}

/* Whether a style knocks with `left` deadwood after its discard, `stock` cards left. */
static int knocks_with(int style, int left, int limit, int stock) {
    if (style == PATIENT) return left <= limit && (left <= PATIENT_LIMIT || stock <= LATE_STOCK);
    if (style == HUNTER) return left == 0 || (left <= limit && stock >= HUNTER_STOCK);
    if (style == STRONG) return left <= limit && left <= strong_knock_limit(stock);
    return left <= limit;
}

static int style_knocks(int style, uint64_t hand, int limit, int stock) {
    return knocks_with(style, deadwood(hand), limit, stock);
}

/* gin_model.Knowledge's turns, as encoded by Knowledge.encoded. */
typedef struct {
    int start, top, thrown, stock;
    uint64_t picked_before;
} Turn;

enum Start { PASSED = 0, TOOK = 1, DREW = 2, FORCED = 3 };

/* gin_model.Knowledge._explains: whether `hand`, held after turn `t`, explains it and all
 * the turns before it under `style` (`steps`: the search's steps left). */
static int explains(const Turn *turns, int t, uint64_t hand, int style, int limit, int *steps) {
    if (--*steps < 0 || t < 0) return 1;
    const Turn *turn = &turns[t];
    if (turn->start == PASSED)
        return !style_takes(style, hand, turn->top, limit) &&
               explains(turns, t - 1, hand, style, limit, steps);
    if (style_knocks(style, hand, limit, turn->stock)) return 0;
    uint64_t before = hand | (1ull << turn->thrown);
    if (!style_throws(style, before, turn->start == TOOK ? turn->top : -1, turn->thrown)) return 0;
    if (turn->start == TOOK) {
        uint64_t earlier = before ^ (1ull << turn->top);
        return style_takes(style, earlier, turn->top, limit) &&
               explains(turns, t - 1, earlier, style, limit, steps);
    }
    uint64_t drawn = before & ~turn->picked_before;
    while (drawn) {
        int card = __builtin_ctzll(drawn);
        drawn &= drawn - 1;
        uint64_t earlier = before ^ (1ull << card);
        if (turn->start == DREW && turn->top >= 0 && style_takes(style, earlier, turn->top, limit))
            continue;
        if (explains(turns, t - 1, earlier, style, limit, steps)) return 1;
    }
    return 0;
}

static int play_out(World *w) {
    int score;
    for (int step = 0; step < MOST_TURNS; step++) {
        uint64_t hand = w->hands[w->player];
        int style = w->style[w->player];
        if (w->phase != DISCARD) {
            if (w->top >= 0 && style_takes(style, hand, w->top, w->limit))
                take(w);
            else if (w->phase == OFFER)
                decline(w);
            else if (w->stock_count > 0)
                draw(w);
            else
                return 0;
            continue;
        }
        int card;
        int left = style == SAFE     ? safe_throw(w, hand, &card)
                   : style == STRONG ? strong_throw(w, hand, &card)
                                     : style_throw(style, hand, w->taken, &card);
        if (throw_card(w, card, knocks_with(style, left, w->limit, w->stock_count), &score))
            return score;
    }
    return 0; /* cards passed back and forth: counted as cancelled */
}

static int score_after(World *w, int kind, int card) {
    int score;
    switch (kind) {
    case TAKE_THROW:
    case TAKE_KNOCK:
        take(w);
        return throw_card(w, card, kind == TAKE_KNOCK, &score) ? score : play_out(w);
    case THROW:
    case KNOCK:
        return throw_card(w, card, kind == KNOCK, &score) ? score : play_out(w);
    case TAKE:
        take(w);
        break;
    case PASS:
        decline(w);
        break;
    default:
        draw(w);
    }
    return play_out(w);
}

/* ------------------------------------------------------------------------- Python */

static int hand_arg(PyObject *value, uint64_t *out) {
    unsigned long long mask = PyLong_AsUnsignedLongLong(value);
    if (mask == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    if (mask >> CARDS) {
        PyErr_SetString(PyExc_ValueError, "a Gin hand is a 52-bit mask");
        return 0;
    }
    *out = mask;
    return 1;
}

static PyObject *py_deadwood(PyObject *self, PyObject *arg) {
    (void)self;
    uint64_t mask;
    if (!hand_arg(arg, &mask)) return NULL;
    return PyLong_FromLong(deadwood(mask));
}

static PyObject *py_best_deadwood(PyObject *self, PyObject *arg) {
    (void)self;
    uint64_t mask;
    if (!hand_arg(arg, &mask)) return NULL;
    return PyLong_FromUnsignedLongLong(best_deadwood(mask));
}

static PyObject *py_simple_takes(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *h;
    int top, limit;
    uint64_t hand;
    if (!PyArg_ParseTuple(args, "Oii:simple_takes", &h, &top, &limit) || !hand_arg(h, &hand))
        return NULL;
    if (top < 0 || top >= CARDS || (hand >> top & 1)) {
        PyErr_SetString(PyExc_ValueError, "simple_takes: the top discard is not a card outside the hand");
        return NULL;
    }
    return PyBool_FromLong(simple_takes(hand, top, limit));
}

static PyObject *py_simple_throw(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *h;
    int taken;
    uint64_t hand;
    if (!PyArg_ParseTuple(args, "Oi:simple_throw", &h, &taken) || !hand_arg(h, &hand)) return NULL;
    if (__builtin_popcountll(hand) != 11 || taken >= CARDS || (taken >= 0 && !(hand >> taken & 1))) {
        PyErr_SetString(PyExc_ValueError, "simple_throw: not eleven cards holding the card taken");
        return NULL;
    }
    int card;
    int left = simple_throw(hand, taken, &card);
    return Py_BuildValue("(ii)", left, card);
}

static PyObject *py_settle(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *k, *d;
    int limit;
    uint64_t knocker, defender;
    if (!PyArg_ParseTuple(args, "OOi:settle", &k, &d, &limit) || !hand_arg(k, &knocker) ||
        !hand_arg(d, &defender))
        return NULL;
    if ((knocker & defender) || deadwood(knocker) > limit) {
        PyErr_SetString(PyExc_ValueError, "settle: hands overlap or the knock is illegal (GIN-7)");
        return NULL;
    }
    return PyLong_FromLong(settle(knocker, defender, limit));
}

static PyObject *py_playout(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *mine, *theirs;
    const char *stock;
    Py_ssize_t stock_count;
    World w;
    int kind, card;
    PyObject *picked[2], *shed[2];
    if (!PyArg_ParseTuple(args, "OOy#iiiiiiiiiOOOO:playout", &mine, &theirs, &stock,
                          &stock_count, &w.top, &w.phase, &w.passes, &w.taken, &w.limit, &kind,
                          &card, &w.style[0], &w.style[1], &picked[0], &picked[1], &shed[0],
                          &shed[1]) ||
        !hand_arg(mine, &w.hands[0]) || !hand_arg(theirs, &w.hands[1]) ||
        !hand_arg(picked[0], &w.picked[0]) || !hand_arg(picked[1], &w.picked[1]) ||
        !hand_arg(shed[0], &w.shed[0]) || !hand_arg(shed[1], &w.shed[1]))
        return NULL;
    uint64_t seen = w.hands[0] | w.hands[1] | (w.top >= 0 ? 1ull << w.top : 0);
    int bad = (w.hands[0] & w.hands[1]) || stock_count > CARDS || w.top >= CARDS ||
              w.phase < OFFER || w.phase > DISCARD || kind < THROW || kind > TAKE_KNOCK ||
              card < 0 || card >= CARDS || w.taken >= CARDS || w.style[0] < SIMPLE ||
              w.style[0] > STRONG || w.style[1] < SIMPLE || w.style[1] > STRONG ||
              (w.picked[0] & ~w.hands[0]) || (w.picked[1] & ~w.hands[1]);
    for (Py_ssize_t i = 0; i < stock_count && !bad; i++) {
        int c = (unsigned char)stock[i];
        bad = c >= CARDS || (seen >> c & 1);
        seen |= 1ull << (c % CARDS);
        w.stock[i] = (uint8_t)c;
    }
    if (!bad && (kind == TAKE_THROW || kind == TAKE_KNOCK))
        bad = w.phase == DISCARD || w.top < 0 || card == w.top || !(w.hands[0] >> card & 1) ||
              (kind == TAKE_KNOCK &&
               deadwood((w.hands[0] | 1ull << w.top) ^ (1ull << card)) > w.limit);
    else if (!bad && (kind == THROW || kind == KNOCK))
        bad = w.phase != DISCARD || !(w.hands[0] >> card & 1) ||
              (kind == KNOCK && deadwood(w.hands[0] ^ (1ull << card)) > w.limit);
    else if (!bad)
        bad = w.phase == DISCARD || (kind == TAKE && w.top < 0) ||
              (kind == PASS && w.phase != OFFER) || (kind != TAKE && stock_count == 0);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "playout: not a position and move of a Gin hand");
        return NULL;
    }
    w.stock_count = (int)stock_count;
    w.player = 0;
    int score;
    Py_BEGIN_ALLOW_THREADS
    score = score_after(&w, kind, card);
    Py_END_ALLOW_THREADS
    return PyLong_FromLong(score);
}

#define TURN_BYTES 12 /* gin_model.Knowledge.encoded: start, top + 1, thrown + 1, stock, picked */

static PyObject *py_explains(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *h;
    const unsigned char *data;
    Py_ssize_t size;
    int limit, style, steps;
    uint64_t hand;
    if (!PyArg_ParseTuple(args, "Oy#iii:explains", &h, &data, &size, &limit, &style, &steps) ||
        !hand_arg(h, &hand))
        return NULL;
    Turn turns[64];
    int count = (int)(size / TURN_BYTES);
    int bad = size % TURN_BYTES || count > 64 || style < SIMPLE || style > STRONG;
    for (int i = 0; i < count && !bad; i++) {
        const unsigned char *d = data + i * TURN_BYTES;
        uint64_t picked = 0;
        for (int b = 0; b < 8; b++) picked |= (uint64_t)d[4 + b] << (8 * b);
        turns[i] = (Turn){d[0], d[1] - 1, d[2] - 1, d[3], picked};
        bad = d[0] > FORCED || d[1] > CARDS || d[2] > CARDS || (picked >> CARDS) ||
              (d[0] != PASSED && turns[i].thrown < 0) || (d[0] == TOOK && turns[i].top < 0) ||
              (d[0] == PASSED && turns[i].top < 0);
    }
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "explains: not the turns of a Gin hand or a style");
        return NULL;
    }
    int result;
    Py_BEGIN_ALLOW_THREADS
    result = explains(turns, count - 1, hand, style, limit, &steps);
    Py_END_ALLOW_THREADS
    return PyBool_FromLong(result);
}

/* gin_equity.reference_table, compiled: table[(dealing * target + theirs) * target + mine]
 * is the chance that the player with `mine` points wins the match to `target` against
 * `theirs`, dealing == 0 when he deals the next hand. win[0][p] (win[1][p]) is the chance
 * that the dealer (his opponent) wins a scored hand by p points; the winner deals next. */
static void equity_table(int target, const double *win[2], const Py_ssize_t size[2], double *table) {
    for (int theirs = target - 1; theirs >= 0; theirs--)
        for (int mine = target - 1; mine >= 0; mine--)
            for (int dealing = 0; dealing < 2; dealing++) {
                const double *mine_win = win[dealing], *their_win = win[1 - dealing];
                double value = 0.0;
                for (Py_ssize_t p = 1; p < size[dealing]; p++)
                    value += mine_win[p] *
                             (mine + p >= target ? 1.0 : table[(size_t)theirs * target + mine + p]);
                for (Py_ssize_t q = 1; q < size[1 - dealing] && theirs + q < target; q++)
                    value += their_win[q] * table[((size_t)target + theirs + q) * target + mine];
                table[((size_t)dealing * target + theirs) * target + mine] = value;
            }
}

static PyObject *py_equity(PyObject *self, PyObject *args) {
    (void)self;
    int target;
    Py_buffer laws[2];
    if (!PyArg_ParseTuple(args, "iy*y*:equity", &target, &laws[0], &laws[1])) return NULL;
    PyObject *result = NULL;
    const double *win[2] = {laws[0].buf, laws[1].buf};
    const Py_ssize_t size[2] = {laws[0].len / (Py_ssize_t)sizeof(double),
                                laws[1].len / (Py_ssize_t)sizeof(double)};
    if (target <= 0 || target > 10000 || laws[0].len % sizeof(double) || laws[1].len % sizeof(double)) {
        PyErr_SetString(PyExc_ValueError, "equity: a positive target and two laws of doubles");
    } else {
        result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(2 * (size_t)target * target * sizeof(double)));
        if (result) {
            double *table = (double *)PyBytes_AS_STRING(result);
            Py_BEGIN_ALLOW_THREADS
            equity_table(target, win, size, table);
            Py_END_ALLOW_THREADS
        }
    }
    PyBuffer_Release(&laws[0]);
    PyBuffer_Release(&laws[1]);
    return result;
}

static PyMethodDef methods[] = {
    {"deadwood", py_deadwood, METH_O, "solver.deadwood_mask, compiled."},
    {"best_deadwood", py_best_deadwood, METH_O, "gin_simple.best_deadwood, compiled."},
    {"simple_takes", py_simple_takes, METH_VARARGS, "gin_simple.simple_takes, compiled."},
    {"simple_throw", py_simple_throw, METH_VARARGS, "gin_simple.simple_throw, compiled."},
    {"explains", py_explains, METH_VARARGS,
     "explains(hand, turns, limit, style, steps): gin_model.Knowledge.explains, compiled."},
    {"settle", py_settle, METH_VARARGS,
     "settle(knocker, defender, limit): settle_masks' score for the knocker, signed."},
    {"equity", py_equity, METH_VARARGS,
     "equity(target, dealer_law, other_law): gin_equity.reference_table, compiled (doubles)."},
    {"playout", py_playout, METH_VARARGS,
     "playout(mine, theirs, stock, top, phase, passes, taken, limit, kind, card): "
     "gin_playout.python_playout, compiled."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_playout", "The Gin hard bot's playouts, compiled.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__playout(void) {
    build_tables();
    return PyModule_Create(&module);
}
