/* Whether an Indian Rummy hand melds whole but for a few natural cards (IND-9),
 * compiled: the same answer as the Python reference, partition.MeldSearch's declaring
 * search with `skips` (meldable.py), which it follows meld for meld:
 *
 *   the lowest open natural card is melded as the lowest natural card of a set (it and
 *   other suits' cards of its rank, wild cards up to three) or of a run of 3-5 places
 *   (melds.RUNS): pure when every place holds a natural card or a cut joker standing as
 *   itself (IND-5), else impure (a cut joker in place serving as any wild card, inner
 *   natural cards possibly spared for other melds); or, while skips are left, one copy
 *   of it stays unmelded. The melds must hold a pure sequence and a second sequence.
 *
 * Nothing is remembered between calls: a declaring search fails at the first card no
 * meld holds, so the plain depth-first search answers a hand in microseconds.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define FACES 52
#define MAX_RUNS 16 /* an Ace's runs: 3 + 4 + 5 places low and high */

typedef struct {
    int faces[5];
    int length;
    int at; /* the index of the face the run is listed under */
} Run;

static Run runs[FACES][MAX_RUNS];
static int run_count[FACES];

typedef struct {
    int counts[FACES]; /* natural cards per face */
    int flex[FACES];   /* cut jokers per face, natural only in a pure sequence */
    int room;          /* wild cards not yet placed */
    int skips;         /* natural cards that may still stay unmelded */
} Hand;

static int position_face(int suit, int position) {
    return suit * 13 + (position == 14 ? 0 : position - 1);
}

/* melds._runs: per face, every run of 3-5 places holding it. */
static void build_runs(void) {
    for (int face = 0; face < FACES; face++) {
        int suit = face / 13, rank = face % 13, n = 0;
        int places[2] = {rank + 1, 14};
        int place_count = rank == 0 ? 2 : 1;
        for (int p = 0; p < place_count; p++) {
            int place = places[p];
            for (int length = 3; length <= 5; length++) {
                int low = place - length + 1 > 1 ? place - length + 1 : 1;
                int high = place < 15 - length ? place : 15 - length;
                for (int first = low; first <= high; first++) {
                    Run *run = &runs[face][n++];
                    run->length = length;
                    run->at = place - first;
                    for (int q = 0; q < length; q++) run->faces[q] = position_face(suit, first + q);
                }
            }
        }
        run_count[face] = n;
    }
}

static int melds(Hand *hand, int face, int pure, int sequences);

/* The rest searched after a meld is taken, with the lives it adds. */
static int after(Hand *hand, int face, int pure, int sequences, int is_pure, int is_sequence) {
    int more = sequences + is_sequence;
    return melds(hand, face, pure | is_pure, more > 2 ? 2 : more);
}

/* The runs holding `face` (partition.MeldSearch._sequences_with, _window_melds). */
static int sequences_with(Hand *hand, int face, int pure, int sequences) {
    for (int r = 0; r < run_count[face]; r++) {
        const Run *run = &runs[face][r];
        int last = run->length - 1, missing = 0, itself = 0, fits = 1;
        int natural[5], stands[5]; /* per place: a natural card; a cut joker as itself */
        for (int i = 0; i <= last; i++) {
            int f = run->faces[i];
            natural[i] = i == run->at || hand->counts[f] > 0;
            stands[i] = !natural[i] && hand->flex[f] > 0;
            missing += !natural[i] && !stands[i];
            itself += stands[i];
            if (missing + itself > hand->room) {
                fits = 0;
                break;
            }
        }
        if (!fits) continue;
        if (missing && last > 2 && ((!natural[0] && !stands[0]) || (!natural[last] && !stands[last])))
            continue; /* an end wild card melds nothing more */
        if (!missing) { /* the pure sequence */
            for (int i = 0; i <= last; i++) {
                int f = run->faces[i];
                if (natural[i]) hand->counts[f]--;
                else hand->flex[f]--;
            }
            hand->room -= itself;
            int found = after(hand, face, pure, sequences, 1, 1);
            hand->room += itself;
            for (int i = 0; i <= last; i++) {
                int f = run->faces[i];
                if (natural[i]) hand->counts[f]++;
                else hand->flex[f]++;
            }
            if (found) return 1;
        }
        /* Impure: a cut joker in place serves as any wild card; inner natural cards may
         * be spared, a wild card taking their place. */
        int spare[5], spares = 0;
        for (int i = 0; i <= last; i++)
            if (natural[i] && i != run->at && (last == 2 || (i > 0 && i < last))) spare[spares++] = i;
        int budget = hand->room - missing - itself;
        for (int chosen = 0; chosen < 1 << spares; chosen++) {
            int replaced = __builtin_popcount((unsigned)chosen);
            if (replaced > budget || !(missing || itself || replaced)) continue;
            int kept[5];
            for (int i = 0; i <= last; i++) kept[i] = natural[i];
            for (int j = 0; j < spares; j++)
                if (chosen >> j & 1) kept[spare[j]] = 0;
            int wilds = 0;
            for (int i = 0; i <= last; i++) {
                if (kept[i]) hand->counts[run->faces[i]]--;
                else wilds++;
            }
            hand->room -= wilds;
            int found = after(hand, face, pure, sequences, 0, 1);
            hand->room += wilds;
            for (int i = 0; i <= last; i++)
                if (kept[i]) hand->counts[run->faces[i]]++;
            if (found) return 1;
        }
    }
    return 0;
}

/* The sets holding `face` (partition.MeldSearch._sets_with). */
static int sets_with(Hand *hand, int face, int pure, int sequences) {
    int rank = face % 13, others[3], n = 0;
    for (int suit = 0; suit < 4; suit++) {
        int f = suit * 13 + rank;
        if (f != face && hand->counts[f]) others[n++] = f;
    }
    for (int mask = 0; mask < 1 << n; mask++) {
        int size = 1 + __builtin_popcount((unsigned)mask);
        int wilds = size < 3 ? 3 - size : 0;
        if (wilds > hand->room) continue;
        hand->counts[face]--;
        for (int i = 0; i < n; i++)
            if (mask >> i & 1) hand->counts[others[i]]--;
        hand->room -= wilds;
        int found = after(hand, face, pure, sequences, 0, 0);
        hand->room += wilds;
        hand->counts[face]++;
        for (int i = 0; i < n; i++)
            if (mask >> i & 1) hand->counts[others[i]]++;
        if (found) return 1;
    }
    return 0;
}

/* Whether the open natural cards from `face` on meld (skips aside) with the lives. */
static int melds(Hand *hand, int face, int pure, int sequences) {
    while (face < FACES && !hand->counts[face]) face++;
    if (face == FACES) return pure && sequences >= 2;
    if (sequences_with(hand, face, pure, sequences)) return 1;
    if (sets_with(hand, face, pure, sequences)) return 1;
    if (hand->skips) {
        hand->counts[face]--;
        hand->skips--;
        int found = melds(hand, face, pure, sequences);
        hand->skips++;
        hand->counts[face]++;
        if (found) return 1;
    }
    return 0;
}

/* Read 52 counts from a bytes object. */
static int read_counts(PyObject *bytes, int *into, const char *what) {
    if (!PyBytes_Check(bytes) || PyBytes_GET_SIZE(bytes) != FACES) {
        PyErr_Format(PyExc_ValueError, "%s: expected 52 bytes", what);
        return 0;
    }
    const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(bytes);
    for (int f = 0; f < FACES; f++) into[f] = data[f];
    return 1;
}

static PyObject *py_meldable(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *counts, *flex;
    int wilds, skips;
    if (!PyArg_ParseTuple(args, "SSii:meldable", &counts, &flex, &wilds, &skips)) return NULL;
    Hand hand;
    if (!read_counts(counts, hand.counts, "counts") || !read_counts(flex, hand.flex, "flex"))
        return NULL;
    if (wilds < 0 || skips < 0 || skips > 2) {
        PyErr_SetString(PyExc_ValueError, "wilds must be 0 or more, skips 0 to 2");
        return NULL;
    }
    hand.room = wilds;
    hand.skips = skips;
    return PyBool_FromLong(melds(&hand, 0, 0, 0));
}

static PyMethodDef methods[] = {
    {"meldable", py_meldable, METH_VARARGS,
     "meldable(counts, flex, wilds, skips) -> bool: whether the natural cards meld with the "
     "two lives (IND-9), all but `skips` of them."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_meldable", "The Indian declaring search, compiled.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__meldable(void) {
    build_runs();
    return PyModule_Create(&module);
}
