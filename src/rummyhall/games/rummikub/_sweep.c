/* The Rummikub solver's sweep, compiled: the same algorithm, step for step, as
 * python_sweep in sweep.py (the readable reference; solver.py explains the method).
 *
 * What a step reaches is an insertion-ordered map (an array of nodes plus an
 * open-addressing index, like CPython's dict), so states are met in the same order as
 * in Python, ties are broken the same way and the path, hence the layout, is identical.
 * Each node keeps the index of the node it came from, so the path is read back without
 * lookups. The beam cut is heapq.nlargest's: the best by score plus bound, ties in the
 * order met, best first.
 *
 * One colour's choices at one number come from Python (sweep_tables.colour_options)
 * the first time they are needed and are kept here for the life of the process; the
 * other static tables and the state's bit layout are handed over once by configure().
 * The sweep runs without the GIL, taking it back only to call colour_options.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The state's bit layout (sweep_tables.py); configure() checks that both agree. */
#define BIG 4096
#define TRACK_BITS 6
#define TRACK_MASK 63
#define JOKER_SHIFT 24
#define N1_SHIFT 26
#define N2_SHIFT 29
#define N3_SHIFT 32
#define VALUE_SHIFT 34
#define TALLY_BITS 8
#define VIABLE_SIZE (1 << (TALLY_BITS + 2))
#define MAX_JOKERS 2
#define MAX_COPIES 4      /* of one face in a position: two real, two stand-ins (RKB-6) */
#define MAX_RACK_COPIES 2 /* of one face on the rack: the real ones */
#define TALLY_MASK ((((int64_t)1 << TALLY_BITS) - 1) << N1_SHIFT)

#define COLOURS 4
#define NUMBERS 13
#define COLOUR_STEPS (COLOURS * NUMBERS)
#define STEPS (COLOUR_STEPS + NUMBERS) /* each number: four colour steps, a group step */
#define MAX_TRACK_STATES (1 << TRACK_BITS)
#define MAX_DOMINATING 4
#define TALLIES (1 << TALLY_BITS)
#define MAX_CAP (1 << 20) /* the initial meld's threshold fits the value field easily */
/* What a colour giving 0-4 tiles to groups adds to the tally (sweep_tables.TALLY_STEP). */
static const int tally_step[MAX_COPIES + 1] = {
    0, 1, 1 << (N2_SHIFT - N1_SHIFT), 1 << (N3_SHIFT - N1_SHIFT), 3 << (N3_SHIFT - N1_SHIFT)};
/* Per colour step, the options are cached by track | jokers used << 6 | tally << 8. */
#define KEYS (MAX_TRACK_STATES * 4 * TALLIES)

/* ------------------------------------------------------------------ static tables */

typedef struct {
    int track_count;
    int closed[MAX_TRACK_STATES]; /* no open run of length 1 or 2 */
    int dominating_count[MAX_TRACK_STATES];
    int dominating[MAX_TRACK_STATES][MAX_DOMINATING];
    int group_jokers_count[TALLIES];
    int group_jokers[TALLIES][MAX_JOKERS + 1];
} Tables;

static Tables tables;
static int configured;
static PyObject *colour_options_fn; /* sweep_tables.colour_options */

/* One colour's choice at one number (colour_options). */
typedef struct {
    int8_t track;   /* the new track state */
    int8_t jokers;  /* jokers in its runs */
    int8_t grouped; /* tiles given to groups */
    int8_t placed;  /* copies placed */
} Choice;

typedef struct {
    Py_ssize_t count;
    Choice choices[];
} ChoiceList;

/* colour_options by (track, table, rack, jokers left, number, ahead); written once
 * each, under the GIL, and read without it, hence atomic pointers. */
#define CHOICE_SLOTS \
    (MAX_TRACK_STATES * (MAX_COPIES + 1) * (MAX_RACK_COPIES + 1) * (MAX_JOKERS + 1) * NUMBERS * 2)
static _Atomic(ChoiceList *) choice_cache[CHOICE_SLOTS];

/* ------------------------------------------------------------------ a sweep's data */

typedef struct {
    int colour, number, table, rack, ahead;
    const unsigned char *viable; /* VIABLE_SIZE flags, in a bytes object of the plan */
} Step;

typedef struct {
    int64_t delta, gain, value, least;
} Option;

typedef struct {
    int32_t key;
    int32_t start, count;
} OptionRange;

/* A state reached by a step, with its best score and the state it came from (an index
 * among the previous step's nodes): Python's layer `out` and `parents` in one. Scores
 * fit 32 bits: at most 106 tiles and 2 jokers, each worth BIG + 13. */
typedef struct {
    int64_t state;
    int32_t score;
    int32_t parent;
} Node;

/* A layer to sweep on: states in order, each with its index among its step's nodes. */
typedef struct {
    int64_t state;
    int32_t score;
    int32_t node;
} Item;

typedef struct {
    Item *items;
    Py_ssize_t len, cap;
} Layer;

/* A sweep's buffers. They are kept between sweeps (a small pool, see take_scratch) so
 * that each sweep does not fetch fresh pages from the system. */
typedef struct {
    Node *nodes; /* every step's nodes, step after step, in the order first reached */
    Py_ssize_t node_count, node_cap;
    int32_t *slots; /* open-addressing index of the current step's nodes, -1 when free */
    Py_ssize_t slot_cap;
    int bits; /* the current step uses 1 << bits slots */
    Layer layer, next;
    int32_t *key_range; /* KEYS entries: index into ranges, or -1 (all -1 between steps) */
    OptionRange *ranges;
    Py_ssize_t range_count, range_cap;
    Option *options;
    Py_ssize_t option_count, option_cap;
    int64_t *ranks; /* the beam cut's ranks and an order of the layer by them */
    Py_ssize_t rank_cap;
    Py_ssize_t *order;
    Py_ssize_t order_cap;
} Scratch;

typedef struct {
    /* inputs */
    const Step *steps;
    const int64_t (*rest)[MAX_JOKERS + 1];
    int total_jokers, table_jokers;
    int64_t cap, floor;
    Py_ssize_t beam;
    /* work */
    PyThreadState *thread; /* saved while the GIL is released */
    Scratch *scratch;
    Py_ssize_t step_start[STEPS]; /* where each step's nodes begin */
    int step_count;               /* steps begun */
} Sweep;

enum { OK = 0, PY_ERROR = -1, NO_MEMORY = -2 };

/* ------------------------------------------------------------------ containers */

static int
grow(void **buffer, Py_ssize_t *cap, Py_ssize_t need, size_t item)
{
    if (need <= *cap) {
        return OK;
    }
    Py_ssize_t size = *cap ? *cap : 16;
    while (size < need) {
        size *= 2;
    }
    if ((size_t)size > SIZE_MAX / item) {
        return NO_MEMORY;
    }
    void *grown = realloc(*buffer, (size_t)size * item);
    if (grown == NULL) {
        return NO_MEMORY;
    }
    *buffer = grown;
    *cap = size;
    return OK;
}

static int
layer_push(Layer *layer, int64_t state, int32_t score, int32_t node)
{
    if (grow((void **)&layer->items, &layer->cap, layer->len + 1, sizeof(Item)) != OK) {
        return NO_MEMORY;
    }
    Item *item = &layer->items[layer->len++];
    item->state = state;
    item->score = score;
    item->node = node;
    return OK;
}

static inline size_t
slot_of(int64_t state, int bits)
{
    return (size_t)(((uint64_t)state * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - bits));
}

/* Start a step's nodes: an empty insertion-ordered map from state to node. */
static int
begin_step(Sweep *sw, Py_ssize_t expected)
{
    Scratch *s = sw->scratch;
    int bits = 4;
    while (((Py_ssize_t)1 << bits) < 2 * expected && bits < 29) {
        bits++;
    }
    if (grow((void **)&s->slots, &s->slot_cap, (Py_ssize_t)1 << bits, sizeof(int32_t)) != OK ||
        grow((void **)&s->nodes, &s->node_cap, s->node_count + expected, sizeof(Node)) != OK) {
        return NO_MEMORY;
    }
    memset(s->slots, 0xff, sizeof(int32_t) << bits);
    s->bits = bits;
    sw->step_start[sw->step_count++] = s->node_count;
    return OK;
}

/* The current step's node of state (an index from the step's first node), or -1. */
static inline int32_t
find_node(const Scratch *s, const Node *first, int64_t state)
{
    size_t mask = ((size_t)1 << s->bits) - 1;
    for (size_t slot = slot_of(state, s->bits);; slot = (slot + 1) & mask) {
        int32_t index = s->slots[slot];
        if (index < 0 || first[index].state == state) {
            return index;
        }
    }
}

static int
rehash(Scratch *s, Py_ssize_t base)
{
    if (s->bits >= 30) {
        return NO_MEMORY; /* 2**29 states at one step: beyond any position */
    }
    int bits = s->bits + 1;
    if (grow((void **)&s->slots, &s->slot_cap, (Py_ssize_t)1 << bits, sizeof(int32_t)) != OK) {
        return NO_MEMORY;
    }
    memset(s->slots, 0xff, sizeof(int32_t) << bits);
    size_t mask = ((size_t)1 << bits) - 1;
    for (Py_ssize_t i = base; i < s->node_count; i++) {
        size_t slot = slot_of(s->nodes[i].state, bits);
        while (s->slots[slot] >= 0) {
            slot = (slot + 1) & mask;
        }
        s->slots[slot] = (int32_t)(i - base);
    }
    s->bits = bits;
    return OK;
}

static int
add_node(Sweep *sw, size_t slot, int64_t state, int32_t score, int32_t parent)
{
    Scratch *s = sw->scratch;
    Py_ssize_t base = sw->step_start[sw->step_count - 1];
    if (grow((void **)&s->nodes, &s->node_cap, s->node_count + 1, sizeof(Node)) != OK) {
        return NO_MEMORY;
    }
    Node *node = &s->nodes[s->node_count];
    node->state = state;
    node->score = score;
    node->parent = parent;
    s->slots[slot] = (int32_t)(s->node_count - base);
    s->node_count++;
    if (2 * (s->node_count - base) > ((Py_ssize_t)1 << s->bits)) {
        return rehash(s, base);
    }
    return OK;
}

/* Python's `if out.get(state, -1) < score: out[state] = score; parents[state] = parent`:
 * a new state goes last, a better score keeps the state's place. */
static inline int
offer(Sweep *sw, int64_t state, int64_t score, int32_t parent)
{
    Scratch *s = sw->scratch;
    Node *first = &s->nodes[sw->step_start[sw->step_count - 1]];
    size_t mask = ((size_t)1 << s->bits) - 1;
    size_t slot = slot_of(state, s->bits);
    for (;; slot = (slot + 1) & mask) {
        int32_t index = s->slots[slot];
        if (index < 0) {
            return add_node(sw, slot, state, (int32_t)score, parent);
        }
        if (first[index].state == state) {
            if (first[index].score < score) {
                first[index].score = (int32_t)score;
                first[index].parent = parent;
            }
            return OK;
        }
    }
}

/* ---------------------------------------------------------------------- choices */

/* colour_options(...) for one slot: from the cache, else from Python (GIL taken back
 * for the call). NULL with *status set on failure. */
static const ChoiceList *
choices_for(Sweep *sw, int track, const Step *step, int jokers_left, int *status)
{
    size_t slot = (size_t)track;
    slot = slot * (MAX_COPIES + 1) + (size_t)step->table;
    slot = slot * (MAX_RACK_COPIES + 1) + (size_t)step->rack;
    slot = slot * (MAX_JOKERS + 1) + (size_t)jokers_left;
    slot = slot * NUMBERS + (size_t)(step->number - 1);
    slot = slot * 2 + (size_t)step->ahead;
    ChoiceList *known = atomic_load_explicit(&choice_cache[slot], memory_order_acquire);
    if (known != NULL) {
        return known;
    }

    PyEval_RestoreThread(sw->thread);
    ChoiceList *list = NULL;
    PyObject *got = PyObject_CallFunction(colour_options_fn, "iiiiiO", track, step->table,
                                          step->rack, jokers_left, step->number,
                                          step->ahead ? Py_True : Py_False);
    PyObject *fast = NULL;
    if (got != NULL) {
        fast = PySequence_Fast(got, "colour_options must return a sequence");
    }
    if (fast != NULL) {
        Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
        list = malloc(sizeof(ChoiceList) + (size_t)count * sizeof(Choice));
        if (list == NULL) {
            PyErr_NoMemory();
        }
        else {
            list->count = count;
        }
        for (Py_ssize_t i = 0; list != NULL && i < count; i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
            int new_track, jokers, grouped, placed;
            if (!PyTuple_Check(item) ||
                !PyArg_ParseTuple(item, "iiii", &new_track, &jokers, &grouped, &placed) ||
                new_track < 0 || new_track >= tables.track_count || jokers < 0 ||
                jokers > jokers_left || grouped < 0 || grouped > MAX_COPIES ||
                placed < step->table || placed > step->table + step->rack) {
                if (!PyErr_Occurred()) {
                    PyErr_Format(PyExc_ValueError,
                                 "colour_options gave an impossible choice at %zd", i);
                }
                free(list);
                list = NULL;
                break;
            }
            list->choices[i].track = (int8_t)new_track;
            list->choices[i].jokers = (int8_t)jokers;
            list->choices[i].grouped = (int8_t)grouped;
            list->choices[i].placed = (int8_t)placed;
        }
    }
    Py_XDECREF(fast);
    Py_XDECREF(got);
    if (list != NULL) {
        /* Another thread may have filled the slot while Python ran: keep the first. */
        ChoiceList *expected = NULL;
        if (!atomic_compare_exchange_strong_explicit(&choice_cache[slot], &expected, list,
                                                     memory_order_acq_rel,
                                                     memory_order_acquire)) {
            free(list);
            list = expected;
        }
    }
    sw->thread = PyEval_SaveThread();
    if (list == NULL) {
        *status = PY_ERROR;
    }
    return list;
}

/* _Move.options: (state delta, score gain, value gain, least score before) per choice
 * open to a state with this track, jokers used and tally. Returns the range index. */
static int32_t
make_options(Sweep *sw, const Step *step, int key, int track, int used, int tally,
             const int64_t *need, int *status)
{
    const ChoiceList *list = choices_for(sw, track, step, sw->total_jokers - used, status);
    if (list == NULL) {
        return -1;
    }
    Scratch *s = sw->scratch;
    if (grow((void **)&s->ranges, &s->range_cap, s->range_count + 1, sizeof(OptionRange)) !=
            OK ||
        grow((void **)&s->options, &s->option_cap, s->option_count + list->count,
             sizeof(Option)) != OK) {
        *status = NO_MEMORY;
        return -1;
    }
    int shift = TRACK_BITS * step->colour;
    OptionRange *range = &s->ranges[s->range_count];
    range->key = key;
    range->start = (int32_t)s->option_count;
    for (Py_ssize_t i = 0; i < list->count; i++) {
        const Choice *c = &list->choices[i];
        int after = tally + tally_step[c->grouped];
        int viable = after | (used + c->jokers) << TALLY_BITS;
        if (after >= TALLIES || viable >= VIABLE_SIZE || !step->viable[viable]) {
            continue;
        }
        int64_t delta = (int64_t)(c->track - track) * ((int64_t)1 << shift);
        delta += (int64_t)c->jokers << JOKER_SHIFT;
        delta += (int64_t)tally_step[c->grouped] << N1_SHIFT;
        Option *option = &s->options[s->option_count++];
        option->delta = delta;
        option->value = (int64_t)step->number * (c->placed + c->jokers);
        option->gain = (int64_t)(c->placed - step->table + c->jokers) * BIG + option->value;
        option->least = need[sw->total_jokers - used - c->jokers] - option->gain;
    }
    range->count = (int32_t)(s->option_count - range->start);
    s->key_range[key] = (int32_t)s->range_count;
    return (int32_t)s->range_count++;
}

static void
reset_options(Scratch *s)
{
    for (Py_ssize_t r = 0; r < s->range_count; r++) {
        s->key_range[s->ranges[r].key] = -1;
    }
    s->range_count = 0;
    s->option_count = 0;
}

/* ------------------------------------------------------------------------ steps */

static inline int64_t
add_value(int64_t state, int64_t cap, int64_t value)
{
    int64_t worth = state >> VALUE_SHIFT;
    if (worth < cap) {
        state += (value < cap - worth ? value : cap - worth) * ((int64_t)1 << VALUE_SHIFT);
    }
    return state;
}

/* _undominated: the current step's nodes that no other node dominates in the tracks at
 * shifts, in order, into the layer. */
static int
undominated(Sweep *sw, const int *shifts, int shift_count)
{
    Scratch *s = sw->scratch;
    const Node *first = &s->nodes[sw->step_start[sw->step_count - 1]];
    Py_ssize_t count = s->node_count - sw->step_start[sw->step_count - 1];
    s->layer.len = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        int64_t state = first[i].state;
        int32_t score = first[i].score;
        int dominated = 0;
        for (int k = 0; k < shift_count && !dominated; k++) {
            int shift = shifts[k];
            int track = (int)(state >> shift & TRACK_MASK);
            for (int d = 0; d < tables.dominating_count[track]; d++) {
                int64_t other = state + (int64_t)tables.dominating[track][d] * ((int64_t)1 << shift);
                int32_t found = find_node(s, first, other);
                if (found >= 0 && first[found].score >= score) {
                    dominated = 1;
                    break;
                }
            }
        }
        if (!dominated && layer_push(&s->layer, state, score, (int32_t)i) != OK) {
            return NO_MEMORY;
        }
    }
    return OK;
}

/* heapq.nlargest(beam, layer.items(), key=score + rest[jokers left]): the best first,
 * ties in the order met (a stable merge sort of the indices by rank, descending). */
static int
beam_cut(Sweep *sw, const int64_t *rest)
{
    Scratch *s = sw->scratch;
    Py_ssize_t n = s->layer.len;
    if (grow((void **)&s->ranks, &s->rank_cap, n, sizeof(int64_t)) != OK ||
        grow((void **)&s->order, &s->order_cap, 2 * n, sizeof(Py_ssize_t)) != OK) {
        return NO_MEMORY;
    }
    const Item *items = s->layer.items;
    int64_t *ranks = s->ranks;
    Py_ssize_t *order = s->order, *spare = s->order + n;
    for (Py_ssize_t i = 0; i < n; i++) {
        int used = (int)(items[i].state >> JOKER_SHIFT & 3);
        ranks[i] = items[i].score + rest[sw->total_jokers - used];
        order[i] = i;
    }
    for (Py_ssize_t width = 1; width < n; width *= 2) {
        for (Py_ssize_t lo = 0; lo < n; lo += 2 * width) {
            Py_ssize_t mid = lo + width < n ? lo + width : n;
            Py_ssize_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            Py_ssize_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                /* the right run's item goes first only if strictly better */
                spare[k++] = ranks[order[j]] > ranks[order[i]] ? order[j++] : order[i++];
            }
            while (i < mid) {
                spare[k++] = order[i++];
            }
            while (j < hi) {
                spare[k++] = order[j++];
            }
        }
        Py_ssize_t *swap = order;
        order = spare;
        spare = swap;
    }
    s->next.len = 0;
    for (Py_ssize_t i = 0; i < sw->beam; i++) {
        const Item *kept = &items[order[i]];
        if (layer_push(&s->next, kept->state, kept->score, kept->node) != OK) {
            return NO_MEMORY;
        }
    }
    Layer swap = s->layer;
    s->layer = s->next;
    s->next = swap;
    return OK;
}

/* _Move.apply, then the beam cut: one colour at one number. */
static int
colour_step(Sweep *sw, const Step *step)
{
    Scratch *s = sw->scratch;
    const int64_t *rest = sw->rest[sw->step_count];
    int64_t need[MAX_JOKERS + 1];
    for (int left = 0; left <= MAX_JOKERS; left++) {
        need[left] = sw->floor - rest[left];
    }
    int shift = TRACK_BITS * step->colour;
    if (begin_step(sw, 2 * s->layer.len) != OK) {
        return NO_MEMORY;
    }
    reset_options(s);
    int status = OK;
    for (Py_ssize_t i = 0; i < s->layer.len; i++) {
        const Item item = s->layer.items[i];
        int track = (int)(item.state >> shift & TRACK_MASK);
        int used = (int)(item.state >> JOKER_SHIFT & 3);
        int tally = (int)(item.state >> N1_SHIFT & (TALLIES - 1));
        int key = track | used << 6 | tally << 8;
        int32_t r = s->key_range[key];
        if (r < 0) {
            r = make_options(sw, step, key, track, used, tally, need, &status);
            if (r < 0) {
                return status;
            }
        }
        const Option *option = &s->options[s->ranges[r].start];
        const Option *end = option + s->ranges[r].count;
        for (; option < end; option++) {
            if (item.score < option->least) {
                continue;
            }
            int64_t new_state = item.state + option->delta;
            if (sw->cap) {
                new_state = add_value(new_state, sw->cap, option->value);
            }
            if (offer(sw, new_state, item.score + option->gain, item.node) != OK) {
                return NO_MEMORY;
            }
        }
    }
    if (undominated(sw, &shift, 1) != OK) {
        return NO_MEMORY;
    }
    if (sw->beam && s->layer.len > sw->beam) {
        return beam_cut(sw, rest);
    }
    return OK;
}

/* _group_step: close the groups of a number. */
static int
group_step(Sweep *sw, int number)
{
    static const int shifts[COLOURS] = {0, TRACK_BITS, 2 * TRACK_BITS, 3 * TRACK_BITS};
    Scratch *s = sw->scratch;
    const int64_t *rest = sw->rest[sw->step_count];
    int64_t need[MAX_JOKERS + 1];
    for (int left = 0; left <= MAX_JOKERS; left++) {
        need[left] = sw->floor - rest[left];
    }
    if (begin_step(sw, s->layer.len) != OK) {
        return NO_MEMORY;
    }
    int total = sw->total_jokers;
    for (Py_ssize_t i = 0; i < s->layer.len; i++) {
        const Item item = s->layer.items[i];
        int tally = (int)(item.state >> N1_SHIFT & (TALLIES - 1));
        int used = (int)(item.state >> JOKER_SHIFT & 3);
        int64_t base = item.state & ~TALLY_MASK;
        for (int g = 0; g < tables.group_jokers_count[tally]; g++) {
            int jokers = tables.group_jokers[tally][g];
            if (used + jokers > total) {
                break;
            }
            int64_t new_score = item.score + (int64_t)jokers * (BIG + number);
            if (new_score < need[total - used - jokers]) {
                continue;
            }
            int64_t new_state = base + ((int64_t)jokers << JOKER_SHIFT);
            if (sw->cap && jokers) {
                new_state = add_value(new_state, sw->cap, (int64_t)number * jokers);
            }
            if (offer(sw, new_state, new_score, item.node) != OK) {
                return NO_MEMORY;
            }
        }
    }
    return undominated(sw, shifts, COLOURS);
}

/* The whole sweep; on success *best is the index of the best final state in the layer,
 * or -1. */
static int
run(Sweep *sw, Py_ssize_t *best)
{
    Scratch *s = sw->scratch;
    int status = layer_push(&s->layer, 0, 0, 0);
    for (int k = 0; k < COLOUR_STEPS && status == OK; k++) {
        status = colour_step(sw, &sw->steps[k]);
        if (status == OK && sw->steps[k].colour == COLOURS - 1) {
            status = group_step(sw, sw->steps[k].number);
        }
    }
    if (status != OK) {
        return status;
    }
    *best = -1;
    int64_t best_score = sw->floor - 1;
    for (Py_ssize_t i = 0; i < s->layer.len; i++) {
        int64_t state = s->layer.items[i].state, score = s->layer.items[i].score;
        if ((state >> JOKER_SHIFT & 3) < sw->table_jokers) {
            continue;
        }
        if (sw->cap && (state >> VALUE_SHIFT) < sw->cap) {
            continue;
        }
        int closed = 1;
        for (int c = 0; c < COLOURS; c++) {
            closed &= tables.closed[state >> (TRACK_BITS * c) & TRACK_MASK];
        }
        if (closed && score > best_score) {
            *best = i;
            best_score = score;
        }
    }
    return OK;
}

/* The path of states to the layer's item best: the state after each step, from 0. */
static PyObject *
path_to(const Sweep *sw, Py_ssize_t best)
{
    const Scratch *s = sw->scratch;
    PyObject *path = PyList_New(STEPS + 1);
    if (path == NULL) {
        return NULL;
    }
    int32_t node = s->layer.items[best].node;
    for (int k = STEPS; k >= 0; k--) {
        int64_t state = 0;
        if (k > 0) {
            const Node *reached = &s->nodes[sw->step_start[k - 1] + node];
            state = reached->state;
            node = reached->parent;
        }
        PyObject *number = PyLong_FromLongLong(state);
        if (number == NULL) {
            Py_DECREF(path);
            return NULL;
        }
        PyList_SET_ITEM(path, k, number);
    }
    return path;
}

/* --------------------------------------------------------------------- scratch pool */

#define POOL_SIZE 2
#define POOL_KEEP_BYTES ((size_t)64 << 20)
static Scratch *pool[POOL_SIZE]; /* taken and given back with the GIL held */
static int pool_count;

static void
free_scratch(Scratch *s)
{
    free(s->nodes);
    free(s->slots);
    free(s->layer.items);
    free(s->next.items);
    free(s->key_range);
    free(s->ranges);
    free(s->options);
    free(s->ranks);
    free(s->order);
    free(s);
}

static Scratch *
take_scratch(void)
{
    if (pool_count > 0) {
        return pool[--pool_count];
    }
    Scratch *s = calloc(1, sizeof(Scratch));
    if (s == NULL) {
        return NULL;
    }
    s->key_range = malloc(KEYS * sizeof(int32_t));
    if (s->key_range == NULL) {
        free(s);
        return NULL;
    }
    memset(s->key_range, 0xff, KEYS * sizeof(int32_t));
    return s;
}

/* Keep a scratch for the next sweep, unless the pool is full or it grew very large. */
static void
give_back_scratch(Scratch *s)
{
    reset_options(s);
    s->node_count = 0;
    s->layer.len = s->next.len = 0;
    size_t bytes = (size_t)s->node_cap * sizeof(Node) + (size_t)s->slot_cap * sizeof(int32_t) +
                   (size_t)(s->layer.cap + s->next.cap) * sizeof(Item) +
                   (size_t)s->option_cap * sizeof(Option) +
                   (size_t)s->range_cap * sizeof(OptionRange) +
                   (size_t)s->rank_cap * sizeof(int64_t) +
                   (size_t)s->order_cap * sizeof(Py_ssize_t);
    if (pool_count < POOL_SIZE && bytes <= POOL_KEEP_BYTES) {
        pool[pool_count++] = s;
    }
    else {
        free_scratch(s);
    }
}

/* ------------------------------------------------------------ Python interface */

static int
as_int(PyObject *object, long low, long high, const char *what, long *out)
{
    long value = PyLong_AsLong(object);
    if (value == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (value < low || value > high) {
        PyErr_Format(PyExc_ValueError, "%s must be in %ld..%ld, not %ld", what, low, high,
                     value);
        return -1;
    }
    *out = value;
    return 0;
}

/* The ColourStep tuples of a SweepPosition, checked. */
static int
parse_steps(PyObject *plan, Step *steps)
{
    PyObject *fast = PySequence_Fast(plan, "steps must be a sequence");
    if (fast == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) != COLOUR_STEPS) {
        PyErr_Format(PyExc_ValueError, "expected %d colour steps", COLOUR_STEPS);
        Py_DECREF(fast);
        return -1;
    }
    for (int s = 0; s < COLOUR_STEPS; s++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, s);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 6) {
            PyErr_SetString(PyExc_TypeError, "a colour step is a 6-tuple (ColourStep)");
            break;
        }
        long colour, number, table, rack;
        int ahead;
        PyObject *viable = PyTuple_GET_ITEM(item, 5);
        if (as_int(PyTuple_GET_ITEM(item, 0), s % COLOURS, s % COLOURS, "colour", &colour) ||
            as_int(PyTuple_GET_ITEM(item, 1), s / COLOURS + 1, s / COLOURS + 1, "number",
                   &number) ||
            as_int(PyTuple_GET_ITEM(item, 2), 0, MAX_COPIES, "table copies", &table) ||
            as_int(PyTuple_GET_ITEM(item, 3), 0,
                   table < MAX_COPIES - MAX_RACK_COPIES ? MAX_RACK_COPIES : MAX_COPIES - table,
                   "rack copies", &rack) ||
            (ahead = PyObject_IsTrue(PyTuple_GET_ITEM(item, 4))) < 0) {
            break;
        }
        if (!PyBytes_Check(viable) || PyBytes_GET_SIZE(viable) != VIABLE_SIZE) {
            PyErr_Format(PyExc_TypeError, "viable must be %d bytes", VIABLE_SIZE);
            break;
        }
        steps[s].colour = (int)colour;
        steps[s].number = (int)number;
        steps[s].table = (int)table;
        steps[s].rack = (int)rack;
        steps[s].ahead = ahead;
        steps[s].viable = (const unsigned char *)PyBytes_AS_STRING(viable);
    }
    Py_DECREF(fast);
    return PyErr_Occurred() ? -1 : 0;
}

/* SweepPosition.rest: per step and count of jokers left, a bound. */
static int
parse_rest(PyObject *object, int64_t (*rest)[MAX_JOKERS + 1])
{
    PyObject *fast = PySequence_Fast(object, "rest must be a sequence");
    if (fast == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) != STEPS) {
        PyErr_Format(PyExc_ValueError, "expected bounds for %d steps", STEPS);
    }
    for (int s = 0; s < STEPS && !PyErr_Occurred(); s++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, s), "a bound row");
        if (row == NULL) {
            break;
        }
        if (PySequence_Fast_GET_SIZE(row) != MAX_JOKERS + 1) {
            PyErr_Format(PyExc_ValueError, "a bound row has %d entries", MAX_JOKERS + 1);
        }
        for (int left = 0; left <= MAX_JOKERS && !PyErr_Occurred(); left++) {
            long bound;
            if (as_int(PySequence_Fast_GET_ITEM(row, left), 0, 1L << 30, "a bound", &bound) ==
                0) {
                rest[s][left] = bound;
            }
        }
        Py_DECREF(row);
    }
    Py_DECREF(fast);
    return PyErr_Occurred() ? -1 : 0;
}

PyDoc_STRVAR(sweep_doc,
             "sweep(steps, rest, total_jokers, table_jokers, cap, floor, beam)\n--\n\n"
             "sweep.python_sweep for a SweepPosition's steps and rest bounds: the best "
             "score and the path of states, or None when nothing reaches floor.");

static PyObject *
sweep(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *plan, *rest_object;
    int total_jokers, table_jokers;
    long long cap, floor;
    Py_ssize_t beam;
    if (!PyArg_ParseTuple(args, "OOiiLLn:sweep", &plan, &rest_object, &total_jokers,
                          &table_jokers, &cap, &floor, &beam)) {
        return NULL;
    }
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "_sweep.configure() has not been called");
        return NULL;
    }
    if (total_jokers < 0 || total_jokers > MAX_JOKERS || table_jokers < 0 ||
        table_jokers > total_jokers || cap < 0 || cap > MAX_CAP || beam < 0 ||
        floor < -((long long)1 << 40) || floor > ((long long)1 << 40)) {
        PyErr_SetString(PyExc_ValueError, "sweep: argument out of range");
        return NULL;
    }
    Step steps[COLOUR_STEPS];
    int64_t rest[STEPS][MAX_JOKERS + 1];
    if (parse_steps(plan, steps) < 0 || parse_rest(rest_object, rest) < 0) {
        return NULL;
    }

    Sweep sw;
    memset(&sw, 0, sizeof sw);
    sw.steps = steps;
    sw.rest = (const int64_t (*)[MAX_JOKERS + 1])rest;
    sw.total_jokers = total_jokers;
    sw.table_jokers = table_jokers;
    sw.cap = cap;
    sw.floor = floor;
    sw.beam = beam;
    sw.scratch = take_scratch();
    if (sw.scratch == NULL) {
        return PyErr_NoMemory();
    }

    Py_ssize_t best = -1;
    sw.thread = PyEval_SaveThread();
    int status = run(&sw, &best);
    PyEval_RestoreThread(sw.thread);

    PyObject *result = NULL;
    if (status == NO_MEMORY) {
        PyErr_NoMemory();
    }
    else if (status == OK && best < 0) {
        result = Py_NewRef(Py_None);
    }
    else if (status == OK) {
        PyObject *path = path_to(&sw, best);
        if (path != NULL) {
            result = Py_BuildValue("(LN)", (long long)sw.scratch->layer.items[best].score, path);
        }
    }
    give_back_scratch(sw.scratch);
    return result;
}

/* The tables of configure(), before they are installed or compared. */
static int
parse_tables(PyObject *dominating, PyObject *group_jokers, PyObject *track_states,
             Tables *out)
{
    memset(out, 0, sizeof *out);
    PyObject *tracks = PySequence_Fast(track_states, "TRACK_STATES must be a sequence");
    if (tracks == NULL) {
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(tracks);
    if (count < 1 || count > MAX_TRACK_STATES) {
        PyErr_SetString(PyExc_ValueError, "too many track states for the bit layout");
    }
    out->track_count = (int)count;
    for (Py_ssize_t t = 0; t < count && !PyErr_Occurred(); t++) {
        long a, b, d;
        PyObject *track = PySequence_Fast_GET_ITEM(tracks, t);
        if (!PyTuple_Check(track) || !PyArg_ParseTuple(track, "lll", &a, &b, &d)) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_TypeError, "a track state is a tuple (a, b, d)");
            }
            break;
        }
        out->closed[t] = a == 0 && b == 0;
    }
    Py_DECREF(tracks);
    if (PyErr_Occurred()) {
        return -1;
    }

    PyObject *rows = PySequence_Fast(dominating, "DOMINATING must be a sequence");
    if (rows == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(rows) != count) {
        PyErr_SetString(PyExc_ValueError, "DOMINATING needs a row per track state");
    }
    for (Py_ssize_t t = 0; t < count && !PyErr_Occurred(); t++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, t), "a DOMINATING row");
        if (row == NULL) {
            break;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(row);
        if (n > MAX_DOMINATING) {
            PyErr_SetString(PyExc_ValueError, "a DOMINATING row is too long");
        }
        for (Py_ssize_t i = 0; i < n && !PyErr_Occurred(); i++) {
            long offset;
            if (as_int(PySequence_Fast_GET_ITEM(row, i), -t, count - 1 - t,
                       "a DOMINATING offset", &offset) == 0) {
                out->dominating[t][i] = (int)offset;
            }
        }
        out->dominating_count[t] = (int)n;
        Py_DECREF(row);
    }
    Py_DECREF(rows);
    if (PyErr_Occurred()) {
        return -1;
    }

    if (!PyDict_Check(group_jokers)) {
        PyErr_SetString(PyExc_TypeError, "GROUP_JOKERS must be a dict");
        return -1;
    }
    PyObject *key, *value;
    Py_ssize_t position = 0;
    while (PyDict_Next(group_jokers, &position, &key, &value)) {
        long tally;
        if (as_int(key, 0, TALLIES - 1, "a GROUP_JOKERS tally", &tally) < 0) {
            return -1;
        }
        PyObject *jokers = PySequence_Fast(value, "GROUP_JOKERS values are sequences");
        if (jokers == NULL) {
            return -1;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(jokers);
        if (n > MAX_JOKERS + 1) {
            PyErr_SetString(PyExc_ValueError, "a GROUP_JOKERS entry is too long");
        }
        long previous = -1;
        for (Py_ssize_t i = 0; i < n && !PyErr_Occurred(); i++) {
            long j;
            if (as_int(PySequence_Fast_GET_ITEM(jokers, i), previous + 1, MAX_JOKERS,
                       "GROUP_JOKERS counts (ascending)", &j) == 0) {
                out->group_jokers[tally][i] = (int)j;
                previous = j;
            }
        }
        out->group_jokers_count[tally] = (int)n;
        Py_DECREF(jokers);
        if (PyErr_Occurred()) {
            return -1;
        }
    }
    return 0;
}

PyDoc_STRVAR(configure_doc,
             "configure(colour_options, dominating, group_jokers, track_states, layout)\n--\n\n"
             "Hand over sweep_tables' static tables and check its bit layout (BIG, "
             "TRACK_BITS, JOKER_SHIFT, N1_SHIFT, N2_SHIFT, N3_SHIFT, VALUE_SHIFT, "
             "VIABLE_SIZE, MAX_JOKERS, MAX_COPIES). Once; a later call must give the same "
             "tables.");

static PyObject *
configure(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *options, *dominating, *group_jokers, *track_states;
    long layout[10];
    if (!PyArg_ParseTuple(args, "OOOO(llllllllll):configure", &options, &dominating,
                          &group_jokers, &track_states, &layout[0], &layout[1], &layout[2],
                          &layout[3], &layout[4], &layout[5], &layout[6], &layout[7],
                          &layout[8], &layout[9])) {
        return NULL;
    }
    static const long expected[10] = {BIG,      TRACK_BITS,  JOKER_SHIFT, N1_SHIFT,
                                      N2_SHIFT, N3_SHIFT,    VALUE_SHIFT, VIABLE_SIZE,
                                      MAX_JOKERS, MAX_COPIES};
    if (memcmp(layout, expected, sizeof expected) != 0) {
        PyErr_SetString(PyExc_ValueError,
                        "the state layout of sweep_tables.py differs from _sweep.c's");
        return NULL;
    }
    if (!PyCallable_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "colour_options must be callable");
        return NULL;
    }
    Tables parsed;
    if (parse_tables(dominating, group_jokers, track_states, &parsed) < 0) {
        return NULL;
    }
    if (configured) {
        if (memcmp(&parsed, &tables, sizeof parsed) != 0) {
            PyErr_SetString(PyExc_RuntimeError,
                            "_sweep is configured already, with other tables");
            return NULL;
        }
        Py_RETURN_NONE; /* the first colour_options stays: its answers are cached */
    }
    tables = parsed;
    colour_options_fn = Py_NewRef(options);
    configured = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_VARARGS, configure_doc},
    {"sweep", sweep, METH_VARARGS, sweep_doc},
    {NULL, NULL, 0, NULL},
};

static void
module_free(void *module)
{
    (void)module;
    while (pool_count > 0) {
        free_scratch(pool[--pool_count]);
    }
    for (size_t slot = 0; slot < CHOICE_SLOTS; slot++) {
        free(atomic_exchange(&choice_cache[slot], NULL));
    }
    Py_CLEAR(colour_options_fn);
    configured = 0;
}

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "rummyhall.games.rummikub._sweep",
    .m_doc = "The Rummikub solver's sweep, compiled (see sweep.py).",
    .m_size = -1,
    .m_methods = methods,
    .m_free = module_free,
};

PyMODINIT_FUNC
PyInit__sweep(void)
{
    return PyModule_Create(&module_def);
}
