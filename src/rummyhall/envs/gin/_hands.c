/* Gin Rummy for learners, compiled: one hand of GinState (games/gin/state.py) played by
 * the action ids of encoding.py, its observations and masks written straight into numpy's buffers.
 * The Python engine stays the reference: tests/envs/test_gin_compiled.py plays thousands
 * of hands on both and compares every mask, observation and score.
 *
 *   Hand    one hand for the AEC environment (envs/gin/compiled.py): deal(seed, …)
 *           as GinState deals it, step(id), observe(seat, observation, mask), scores;
 *   Batch   many hands of a learner against a uniformly random opponent (the vector
 *           form): every hand stepped in one call, dealt again as it ends.
 *
 * Deals follow rng.py's SplitMix64 and GinState's stacked_deck, so a hand dealt here is
 * the hand new_game("gin", seed=…) deals, and it replays on the engine from its log.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "../../games/gin/_settle.h"

#define HAND_SIZE 10
#define STOCK_SIZE 31
#define WALL 2 /* GIN-14: the last two stock cards are never drawn */
#define PILE_MAX 64

/* encoding.py's layout */
#define OBSERVATION 373
#define ACTIONS 107
#define PLANE_HOLDS 52
#define PLANE_THEIR_THROWS 104
#define PLANE_MY_THROWS 156
#define PLANE_TOP 208
#define PLANE_PILE 260
#define PLANE_TAKEN 312
#define SCALARS 364
#define ACT_STOCK 0
#define ACT_TAKE 1
#define ACT_PASS 2
#define ACT_DISCARD 3
#define ACT_KNOCK 55

enum Phase { OFFER = 0, DRAW = 1, DISCARD = 2, OVER = 3 };
enum Step { PLAYED = 0, ENDED = 1, OUT_OF_RANGE = -1, REFUSED = -2 };

/* ------------------------------------------------------------------- rng.py's Rng */

static uint64_t next_u64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Rng.below: uniform in [0, n) by rejection, no modulo bias. */
static uint64_t below(uint64_t *state, uint64_t n) {
    uint64_t rest = (0 - n) % n; /* 2**64 % n */
    for (;;) {
        uint64_t x = next_u64(state);
        if (rest == 0 || x < 0 - rest) return x % n;
    }
}

/* ---------------------------------------------------------------------- a hand */

typedef struct {
    uint64_t hands[2];
    uint64_t holds[2]; /* taken from the pile and still held (PileTraffic.holds) */
    uint64_t threw[2]; /* thrown this hand (PileTraffic.threw) */
    uint8_t stock[STOCK_SIZE]; /* the top is the last */
    uint8_t pile[PILE_MAX];
    int stock_count, pile_count;
    int dealer, player, phase, passes, stock_only, taken, limit, multiplier;
    int points[2];
} Table;

/* GinState.__init__ with stacked_deck(seed, None): dealer < 0 draws it, limit < 0 is the
 * mode's (GIN-8, GIN-9). */
static void deal(Table *t, uint64_t seed, int oklahoma, int dealer, int limit) {
    uint64_t rng = seed;
    int order[CARDS];
    int drawn = (int)below(&rng, 2);
    for (int i = 0; i < CARDS; i++) order[i] = i;
    for (int i = CARDS - 1; i > 0; i--) {
        int j = (int)below(&rng, (uint64_t)i + 1);
        int swap = order[i];
        order[i] = order[j];
        order[j] = swap;
    }
    memset(t, 0, sizeof *t);
    for (int i = 0; i < HAND_SIZE; i++) {
        t->hands[0] |= 1ull << order[i];
        t->hands[1] |= 1ull << order[HAND_SIZE + i];
    }
    int upcard = order[2 * HAND_SIZE];
    t->pile[0] = (uint8_t)upcard;
    t->pile_count = 1;
    for (int i = 0; i < STOCK_SIZE; i++) t->stock[i] = (uint8_t)order[CARDS - 1 - i];
    t->stock_count = STOCK_SIZE;
    t->dealer = dealer < 0 ? drawn : dealer;
    if (limit >= 0)
        t->limit = limit;
    else if (!oklahoma)
        t->limit = 10;
    else
        t->limit = upcard % 13 == 0 ? 0 : card_value[upcard];
    t->multiplier = oklahoma && upcard / 13 == 0 ? 2 : 1;
    t->phase = OFFER;
    t->player = 1 - t->dealer;
    t->taken = -1;
}

static int can_knock(const Table *t, int card) {
    return card != t->taken && deadwood(t->hands[t->player] ^ (1ull << card)) <= t->limit;
}

/* GinState.legal_actions as encoding.py's ids: 1 for each legal one (mask of ACTIONS). */
static int legal(const Table *t, int8_t *mask) {
    memset(mask, 0, ACTIONS);
    int count = 0;
    switch (t->phase) {
    case OFFER:
        mask[ACT_TAKE] = mask[ACT_PASS] = 1;
        return 2;
    case DRAW:
        mask[ACT_STOCK] = 1;
        mask[ACT_TAKE] = !t->stock_only;
        return 2 - t->stock_only;
    case DISCARD: {
        uint64_t hand = t->hands[t->player];
        /* discarding lowers the eleven cards' deadwood by at most 10 (knocking.knocks) */
        int knocks = deadwood(hand) - 10 <= t->limit;
        for (uint64_t rest = hand; rest; rest &= rest - 1) {
            int card = __builtin_ctzll(rest);
            if (card == t->taken) continue;
            mask[ACT_DISCARD + card] = 1;
            count++;
            if (knocks && can_knock(t, card)) {
                mask[ACT_KNOCK + card] = 1;
                count++;
            }
        }
        return count;
    }
    default:
        return 0;
    }
}

static int is_legal(const Table *t, int action) {
    switch (t->phase) {
    case OFFER:
        return action == ACT_TAKE || action == ACT_PASS;
    case DRAW:
        return action == ACT_STOCK || (action == ACT_TAKE && !t->stock_only);
    case DISCARD: {
        int card = action >= ACT_KNOCK ? action - ACT_KNOCK : action - ACT_DISCARD;
        if (action < ACT_DISCARD || card == t->taken || !(t->hands[t->player] >> card & 1))
            return 0;
        return action < ACT_KNOCK || can_knock(t, card);
    }
    default:
        return 0;
    }
}

static void throw_card(Table *t, int card) {
    int player = t->player;
    uint64_t bit = 1ull << card;
    t->hands[player] ^= bit;
    t->pile[t->pile_count++] = (uint8_t)card;
    t->threw[player] |= bit;
    t->holds[player] &= ~bit;
}

/* GinState.apply of a legal action id; returns ENDED when the hand is over. */
static int play(Table *t, int action) {
    int player = t->player;
    if (action == ACT_PASS) {
        t->player = 1 - player;
        if (++t->passes == 2) {
            t->phase = DRAW;
            t->stock_only = 1;
        }
        return PLAYED;
    }
    if (action == ACT_STOCK || action == ACT_TAKE) {
        int card;
        if (action == ACT_STOCK) {
            card = t->stock[--t->stock_count];
            t->taken = -1;
        } else {
            card = t->pile[--t->pile_count];
            t->taken = card;
            t->holds[player] |= 1ull << card;
        }
        t->hands[player] |= 1ull << card;
        t->stock_only = 0;
        t->phase = DISCARD;
        return PLAYED;
    }
    if (action >= ACT_KNOCK) {
        throw_card(t, action - ACT_KNOCK);
        int score = settle(t->hands[player], t->hands[1 - player], t->limit);
        int winner = score > 0 ? player : 1 - player;
        t->points[winner] = (score > 0 ? score : -score) * t->multiplier; /* GIN-12 */
        t->phase = OVER;
        return ENDED;
    }
    throw_card(t, action - ACT_DISCARD);
    if (t->stock_count <= WALL) { /* GIN-14: cancelled */
        t->phase = OVER;
        return ENDED;
    }
    t->player = 1 - player;
    t->taken = -1;
    t->phase = DRAW;
    return PLAYED;
}

static void plane(float *out, uint64_t mask) {
    for (; mask; mask &= mask - 1) out[__builtin_ctzll(mask)] = 1.0f;
}

/* GinEncoding.observe for `seat` (a hand, not a match: the totals are 0). */
static void observe(const Table *t, int seat, float *out) {
    int other = 1 - seat;
    memset(out, 0, OBSERVATION * sizeof *out);
    plane(out, t->hands[seat]);
    plane(out + PLANE_HOLDS, t->holds[other]);
    plane(out + PLANE_THEIR_THROWS, t->threw[other]);
    plane(out + PLANE_MY_THROWS, t->threw[seat]);
    if (t->pile_count) out[PLANE_TOP + t->pile[t->pile_count - 1]] = 1.0f;
    for (int k = 0; k < t->pile_count; k++) out[PLANE_PILE + t->pile[k]] = (float)(k + 1) / 32.0f;
    if (t->phase != OVER && t->player == seat && t->taken >= 0) out[PLANE_TAKEN + t->taken] = 1.0f;
    if (t->phase != OVER) out[SCALARS + t->phase] = 1.0f;
    out[SCALARS + 3] = (float)(t->stock_count / 31.0);
    out[SCALARS + 4] = (float)(t->limit / 10.0);
    out[SCALARS + 5] = t->multiplier == 2;
    out[SCALARS + 6] = t->dealer == seat;
}

/* ------------------------------------------------------------------ buffers */

/* A writable C-contiguous buffer of `count` items of `size` bytes, or an error. */
static int writable(PyObject *object, Py_buffer *view, Py_ssize_t count, Py_ssize_t size,
                    const char *what) {
    if (PyObject_GetBuffer(object, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) return 0;
    if (view->len != count * size || view->itemsize != size) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items of %zd bytes", what, count, size);
        PyBuffer_Release(view);
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ Hand */

typedef struct {
    PyObject_HEAD
    Table table;
} Hand;

static PyObject *hand_deal(Hand *self, PyObject *args) {
    unsigned long long seed;
    int oklahoma, dealer, limit;
    if (!PyArg_ParseTuple(args, "Kpii:deal", &seed, &oklahoma, &dealer, &limit)) return NULL;
    deal(&self->table, seed, oklahoma, dealer, limit);
    Py_RETURN_NONE;
}

static PyObject *hand_step(Hand *self, PyObject *arg) {
    long action = PyLong_AsLong(arg);
    if (action == -1 && PyErr_Occurred()) return NULL;
    if (action < 0 || action >= ACTIONS) return PyLong_FromLong(OUT_OF_RANGE);
    if (!is_legal(&self->table, (int)action)) return PyLong_FromLong(REFUSED);
    return PyLong_FromLong(play(&self->table, (int)action));
}

static PyObject *hand_observe(Hand *self, PyObject *args) {
    int seat;
    PyObject *observation, *mask;
    if (!PyArg_ParseTuple(args, "iOO:observe", &seat, &observation, &mask)) return NULL;
    if (seat != 0 && seat != 1) return PyErr_Format(PyExc_ValueError, "seat 0 or 1, not %d", seat);
    Py_buffer o, m;
    if (!writable(observation, &o, OBSERVATION, sizeof(float), "observation")) return NULL;
    if (!writable(mask, &m, ACTIONS, 1, "mask")) {
        PyBuffer_Release(&o);
        return NULL;
    }
    const Table *t = &self->table;
    observe(t, seat, o.buf);
    if (t->phase != OVER && t->player == seat)
        legal(t, m.buf);
    else
        memset(m.buf, 0, ACTIONS);
    PyBuffer_Release(&o);
    PyBuffer_Release(&m);
    Py_RETURN_NONE;
}

static PyObject *hand_player(Hand *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->table.phase == OVER ? -1 : self->table.player);
}

static PyObject *hand_scores(Hand *self, void *closure) {
    (void)closure;
    return Py_BuildValue("(ii)", self->table.points[0], self->table.points[1]);
}

static PyMethodDef hand_methods[] = {
    {"deal", (PyCFunction)hand_deal, METH_VARARGS,
     "deal(seed, oklahoma, dealer, limit): GinState's deal of seed (dealer, limit -1: drawn, "
     "the mode's)."},
    {"step", (PyCFunction)hand_step, METH_O,
     "step(action) -> 0 played, 1 the hand is over, -1 out of range, -2 refused (unchanged)."},
    {"observe", (PyCFunction)hand_observe, METH_VARARGS,
     "observe(seat, observation, mask): write seat's observation (float32[373]) and mask "
     "(int8[107], zeros unless seat acts)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef hand_getset[] = {
    {"player", (getter)hand_player, NULL, "the seat to act, -1 when the hand is over", NULL},
    {"scores", (getter)hand_scores, NULL, "each seat's points (GinState.scores)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject HandType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rummyhall.envs.gin._hands.Hand",
    .tp_basicsize = sizeof(Hand),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One hand of Gin, played by action id (deal it first).",
    .tp_new = PyType_GenericNew,
    .tp_methods = hand_methods,
    .tp_getset = hand_getset,
};

/* ------------------------------------------------------------------ Batch */

typedef struct {
    Table table;
    uint64_t rng;   /* this game's deals, seats and the opponent's choices */
    uint64_t seed;  /* the seed of the hand being played */
    int seat;       /* the learner's */
    uint8_t *log;   /* the hand's action ids, both seats', so far */
    Py_ssize_t logged, room;
} Game;

typedef struct {
    PyObject_HEAD
    Game *games;
    Py_ssize_t count;
    int oklahoma, dealer, limit, fixed_seat;
} Batch;

/* Play a legal action and log it; 0 when the log cannot grow (memory). */
static int record(Game *g, int action, int *result) {
    if (g->logged == g->room) {
        Py_ssize_t room = g->room ? 2 * g->room : 128;
        uint8_t *log = PyMem_Realloc(g->log, (size_t)room);
        if (!log) return 0;
        g->log = log;
        g->room = room;
    }
    g->log[g->logged++] = (uint8_t)action;
    *result = play(&g->table, action);
    return 1;
}

/* The random opponent's moves until the learner acts or the hand is over: PLAYED, ENDED
 * or -1 when the log could not grow. */
static int opponent_plays(Game *g) {
    int8_t mask[ACTIONS];
    Table *t = &g->table;
    while (t->phase != OVER && t->player != g->seat) {
        int count = legal(t, mask);
        int chosen = (int)below(&g->rng, (uint64_t)count);
        int action = 0;
        for (;; action++)
            if (mask[action] && chosen-- == 0) break;
        int result;
        if (!record(g, action, &result)) return -1;
        if (result == ENDED) return ENDED;
    }
    return t->phase == OVER ? ENDED : PLAYED;
}

/* A new hand at which the learner has a decision (SingleAgentEnv.reset's rule); 0 with
 * MemoryError set when the log cannot grow. */
static int new_hand(Batch *b, Game *g) {
    int result;
    do {
        g->seed = next_u64(&g->rng) >> 1; /* Rng.derive */
        deal(&g->table, g->seed, b->oklahoma, b->dealer, b->limit);
        g->seat = b->fixed_seat >= 0 ? b->fixed_seat : (int)below(&g->rng, 2);
        g->logged = 0;
        result = opponent_plays(g);
    } while (result == ENDED);
    if (result < 0) PyErr_NoMemory();
    return result == PLAYED;
}

static void free_games(Batch *self) {
    for (Py_ssize_t i = 0; i < self->count && self->games; i++) PyMem_Free(self->games[i].log);
    PyMem_Free(self->games);
    self->games = NULL;
    self->count = 0;
}

static void batch_dealloc(Batch *self) {
    free_games(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int batch_init(Batch *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"count", "oklahoma", "dealer", "limit", "seat", NULL};
    Py_ssize_t count;
    int oklahoma, dealer, limit, seat;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "npiii:Batch", names, &count, &oklahoma,
                                     &dealer, &limit, &seat))
        return -1;
    if (count < 1) {
        PyErr_SetString(PyExc_ValueError, "a batch holds one game or more");
        return -1;
    }
    free_games(self);
    self->games = PyMem_Calloc((size_t)count, sizeof(Game));
    if (!self->games) {
        PyErr_NoMemory();
        return -1;
    }
    self->count = count;
    self->oklahoma = oklahoma;
    self->dealer = dealer;
    self->limit = limit;
    self->fixed_seat = seat;
    return 0;
}

static int batch_ready(Batch *self) {
    if (self->games) return 1;
    PyErr_SetString(PyExc_RuntimeError, "Batch.__init__ was not called");
    return 0;
}

/* Write every game's learner observation and mask into rows of the two buffers. */
static int batch_write(Batch *self, PyObject *observations, PyObject *masks) {
    Py_buffer o, m;
    if (!writable(observations, &o, self->count * OBSERVATION, sizeof(float), "observations"))
        return 0;
    if (!writable(masks, &m, self->count * ACTIONS, 1, "masks")) {
        PyBuffer_Release(&o);
        return 0;
    }
    for (Py_ssize_t i = 0; i < self->count; i++) {
        Game *g = &self->games[i];
        observe(&g->table, g->seat, (float *)o.buf + i * OBSERVATION);
        legal(&g->table, (int8_t *)m.buf + i * ACTIONS);
    }
    PyBuffer_Release(&o);
    PyBuffer_Release(&m);
    return 1;
}

static PyObject *batch_reset(Batch *self, PyObject *args) {
    unsigned long long seed;
    PyObject *observations, *masks;
    if (!PyArg_ParseTuple(args, "KOO:reset", &seed, &observations, &masks) || !batch_ready(self))
        return NULL;
    for (Py_ssize_t i = 0; i < self->count; i++) {
        self->games[i].rng = seed + (uint64_t)i;
        if (!new_hand(self, &self->games[i])) return NULL;
    }
    if (!batch_write(self, observations, masks)) return NULL;
    Py_RETURN_NONE;
}

/* step(actions, observations, masks, rewards, ended, finals): play each game's action and
 * the opponent's replies. A game that ends gets its reward (the learner's points less the
 * opponent's), its final observation in row i of `finals` and a new hand; returns the
 * list of the games that ended, or raises ValueError naming the first illegal action
 * (nothing is played then). */
static PyObject *batch_step(Batch *self, PyObject *args) {
    PyObject *actions, *observations, *masks, *rewards, *ended, *finals;
    if (!PyArg_ParseTuple(args, "OOOOOO:step", &actions, &observations, &masks, &rewards, &ended,
                          &finals) ||
        !batch_ready(self))
        return NULL;
    Py_buffer a, r, e, f;
    if (!writable(actions, &a, self->count, sizeof(int64_t), "actions")) return NULL;
    const int64_t *chosen = a.buf;
    for (Py_ssize_t i = 0; i < self->count; i++) {
        const Table *t = &self->games[i].table;
        if (chosen[i] < 0 || chosen[i] >= ACTIONS || !is_legal(t, (int)chosen[i])) {
            PyErr_Format(PyExc_ValueError, "game %zd: action %lld is not legal now", i,
                         (long long)chosen[i]);
            PyBuffer_Release(&a);
            return NULL;
        }
    }
    if (!writable(rewards, &r, self->count, sizeof(double), "rewards")) goto fail_a;
    if (!writable(ended, &e, self->count, 1, "ended")) goto fail_r;
    if (!writable(finals, &f, self->count * OBSERVATION, sizeof(float), "finals")) goto fail_e;
    PyObject *over = PyList_New(0);
    if (!over) goto fail_f;
    for (Py_ssize_t i = 0; i < self->count; i++) {
        Game *g = &self->games[i];
        Table *t = &g->table;
        int result;
        if (!record(g, (int)chosen[i], &result) || (result == PLAYED && (result = opponent_plays(g)) < 0)) {
            PyErr_NoMemory();
            Py_DECREF(over);
            goto fail_f;
        }
        int done = result == ENDED;
        ((double *)r.buf)[i] = done ? t->points[g->seat] - t->points[1 - g->seat] : 0.0;
        ((uint8_t *)e.buf)[i] = (uint8_t)done;
        if (!done) continue;
        observe(t, g->seat, (float *)f.buf + i * OBSERVATION);
        PyObject *index = PyLong_FromSsize_t(i);
        if (!index || PyList_Append(over, index) < 0) {
            Py_XDECREF(index);
            Py_DECREF(over);
            goto fail_f;
        }
        Py_DECREF(index);
        if (!new_hand(self, g)) {
            Py_DECREF(over);
            goto fail_f;
        }
    }
    PyBuffer_Release(&f);
    PyBuffer_Release(&e);
    PyBuffer_Release(&r);
    PyBuffer_Release(&a);
    if (!batch_write(self, observations, masks)) {
        Py_DECREF(over);
        return NULL;
    }
    return over;
fail_f:
    PyBuffer_Release(&f);
fail_e:
    PyBuffer_Release(&e);
fail_r:
    PyBuffer_Release(&r);
fail_a:
    PyBuffer_Release(&a);
    return NULL;
}

static PyObject *batch_hand(Batch *self, PyObject *arg) {
    Py_ssize_t i = PyLong_AsSsize_t(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (!batch_ready(self)) return NULL;
    if (i < 0 || i >= self->count) return PyErr_Format(PyExc_IndexError, "no game %zd", i);
    const Game *g = &self->games[i];
    return Py_BuildValue("(Kiy#)", (unsigned long long)g->seed, g->seat,
                         g->log ? (const char *)g->log : "",
                         g->logged);
}

static PyMethodDef batch_methods[] = {
    {"reset", (PyCFunction)batch_reset, METH_VARARGS,
     "reset(seed, observations, masks): game i's generator starts at seed + i; deal every "
     "game and write the learner's observations and masks."},
    {"step", (PyCFunction)batch_step, METH_VARARGS,
     "step(actions, observations, masks, rewards, ended, finals) -> the games that ended."},
    {"hand", (PyCFunction)batch_hand, METH_O,
     "hand(i) -> (seed, seat, log): game i's hand (new_game('gin', seed=seed) deals it), the "
     "learner's seat and the action ids played so far."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BatchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rummyhall.envs.gin._hands.Batch",
    .tp_basicsize = sizeof(Batch),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Batch(count, oklahoma, dealer, limit, seat): hands of a learner against a "
              "uniformly random opponent.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)batch_init,
    .tp_dealloc = (destructor)batch_dealloc,
    .tp_methods = batch_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_hands", "Gin Rummy for learners, compiled.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__hands(void) {
    build_settle_tables();
    if (PyType_Ready(&HandType) < 0 || PyType_Ready(&BatchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Hand", (PyObject *)&HandType) < 0 ||
        PyModule_AddObjectRef(m, "Batch", (PyObject *)&BatchType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
