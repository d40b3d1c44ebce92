/* A knock's score, compiled: settle_masks' points (GIN-10…GIN-13), every layout of the
 * knocker within the limit against the defender's best lay-offs, the best score for
 * the knocker. Included by the hard bot's playouts (bots/gin/_playout.c) and the
 * learning environments' core (_table.c), so the two settle a knock in one place.
 */

#ifndef RUMMYHALL_GIN_SETTLE_H
#define RUMMYHALL_GIN_SETTLE_H

#include <limits.h>
#include <stdint.h>

#include "_deadwood.h"

#define CARDS 52
#define GIN_BONUS 25  /* GIN-11 */
#define UNDERCUT_BONUS 25
#define MAX_MELDS 3   /* of three cards or more, in a knocker's ten */

static int card_value[CARDS]; /* melds.CARD_VALUES */

static void build_settle_tables(void) {
    for (int card = 0; card < CARDS; card++) {
        int rank = card % 13;
        card_value[card] = rank + 1 < 10 ? rank + 1 : 10;
    }
    build_deadwood_tables();
}

typedef struct {
    uint64_t defender;
    int best;           /* the defender's least deadwood after lay-offs, so far */
    int count;          /* the knocker's melds */
    uint64_t meld[MAX_MELDS];
    uint64_t option[MAX_MELDS][6 * 6]; /* per meld, what may be laid off on it: at most
                                           (d + 1)(u + 1) chains with d + u <= 10 */
    int options[MAX_MELDS];
} Layoffs;

/* The defender's cards in one suit going away from a run, as a chain of masks: none,
 * the first one, the first two, … (GIN-10). A run has three cards or more, so a chain
 * has at most ten. */
static int chain(uint64_t defender, int suit, int rank, int step, uint64_t out[11]) {
    int n = 0;
    uint64_t laid = 0;
    for (rank += step; rank >= 0 && rank < 13; rank += step) {
        uint64_t bit = 1ull << (13 * suit + rank);
        if (!(defender & bit)) break;
        laid |= bit;
        out[++n] = laid;
    }
    out[0] = 0;
    return n;
}

static void layoff_options(Layoffs *l, int index, int is_set) {
    uint64_t meld = l->meld[index];
    int n = 0;
    l->option[index][n++] = 0;
    int low = __builtin_ctzll(meld), high = 63 - __builtin_clzll(meld);
    if (is_set) {
        if (__builtin_popcountll(meld) == 3) {
            int rank = low % 13;
            for (int s = 0; s < 4; s++) {
                uint64_t bit = 1ull << (13 * s + rank);
                if (!(meld & bit) && (l->defender & bit)) l->option[index][n++] = bit;
            }
        }
    } else {
        uint64_t down[11], up[11];
        int suit = low / 13;
        int n_down = chain(l->defender, suit, low % 13, -1, down);
        int n_up = chain(l->defender, suit, high % 13, +1, up);
        for (int d = 0; d <= n_down; d++)
            for (int u = 0; u <= n_up; u++)
                if (d || u) l->option[index][n++] = down[d] | up[u];
    }
    l->options[index] = n;
}

static void lay_off(Layoffs *l, int index, uint64_t laid) {
    if (index == l->count) {
        int value = deadwood(l->defender ^ laid);
        if (value < l->best) l->best = value;
        return;
    }
    for (int i = 0; i < l->options[index] && l->best > 0; i++) {
        uint64_t cards = l->option[index][i];
        if (!(cards & laid)) lay_off(l, index + 1, laid | cards);
    }
}

typedef struct {
    uint64_t defender;
    int limit;
    int best; /* the knocker's best score so far */
    int count;
    uint64_t meld[MAX_MELDS];
    int is_set[MAX_MELDS];
} Packing;

static void score_layout(Packing *p, int points) {
    Layoffs l;
    l.defender = p->defender;
    l.best = 1 << 30;
    l.count = p->count;
    for (int i = 0; i < p->count; i++) {
        l.meld[i] = p->meld[i];
        layoff_options(&l, i, p->is_set[i]);
    }
    lay_off(&l, 0, 0);
    int score = l.best > points ? l.best - points : -(UNDERCUT_BONUS + points - l.best);
    if (score > p->best) p->best = score;
}

static void pack(Packing *p, uint64_t rest, int points);

static void pack_with(Packing *p, uint64_t rest, int points, uint64_t meld, int is_set) {
    p->meld[p->count] = meld;
    p->is_set[p->count] = is_set;
    p->count++;
    pack(p, rest ^ meld, points);
    p->count--;
}

/* Every layout of the knocker's cards within the limit: the lowest card left is
 * deadwood or the lowest card of one of its melds (solver.packings). */
static void pack(Packing *p, uint64_t rest, int points) {
    if (!rest) {
        score_layout(p, points);
        return;
    }
    int low = __builtin_ctzll(rest);
    if (points + card_value[low] <= p->limit) pack(p, rest ^ (1ull << low), points + card_value[low]);
    int suit = low / 13, rank = low % 13;
    uint64_t run = 1ull << low;
    for (int top = rank + 1; top < 13 && (rest >> (13 * suit + top) & 1); top++) {
        run |= 1ull << (13 * suit + top);
        if (top - rank >= 2) pack_with(p, rest, points, run, 0);
    }
    int others[3], n = 0; /* the rank's cards in higher suits */
    for (int s = suit + 1; s < 4; s++)
        if (rest >> (13 * s + rank) & 1) others[n++] = 13 * s + rank;
    for (int chosen = 1; chosen < 1 << n; chosen++) {
        if (__builtin_popcount((unsigned)chosen) < 2) continue;
        uint64_t set = 1ull << low;
        for (int i = 0; i < n; i++)
            if (chosen >> i & 1) set |= 1ull << others[i];
        pack_with(p, rest, points, set, 1);
    }
}

/* The knocker's score: positive when he wins it, negative when he is undercut. */
static int settle(uint64_t knocker, uint64_t defender, int limit) {
    if (deadwood(knocker) == 0) return GIN_BONUS + deadwood(defender);
    Packing p;
    p.defender = defender;
    p.limit = limit;
    p.best = INT_MIN;
    p.count = 0;
    pack(&p, knocker, 0);
    return p.best;
}

#endif
