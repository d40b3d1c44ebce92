/* The Gin solver's compiled core: solver.deadwood_mask, and solver.deadwood's reading
 * of the usual card notation, the same answers as the Python reference in solver.py.
 *
 *   deadwood_mask(mask)  the minimum deadwood of a 52-bit hand mask (GIN-6);
 *   deadwood(cards)      the same from names ("AS 2S 3S …" or a list of names), or -1
 *                        when the names are not all plain two-letter cards in upper
 *                        case, each once (solver.py then reads them, and says what is
 *                        wrong if anything is).
 *
 * The deadwood itself is _deadwood.h, which the hard bot's playouts include too.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_deadwood.h"

/* Rank and suit of a card name's two letters (-1: not a plain card). */
static int rank_of(Py_UCS4 c) {
    switch (c) {
    case 'A': return 0;
    case 'T': return 9;
    case 'J': return 10;
    case 'Q': return 11;
    case 'K': return 12;
    default: return (c >= '2' && c <= '9') ? (int)(c - '1') : -1;
    }
}

static int suit_of(Py_UCS4 c) {
    switch (c) {
    case 'S': return 0;
    case 'H': return 1;
    case 'D': return 2;
    case 'C': return 3;
    default: return -1;
    }
}

/* Add the card named by two characters to *mask; 0 if they are not a plain card or it
 * is already there. */
static int add_card(Py_UCS4 r, Py_UCS4 s, uint64_t *mask) {
    int rank = rank_of(r), suit = suit_of(s);
    if (rank < 0 || suit < 0) return 0;
    uint64_t bit = 1ull << (13 * suit + rank);
    if (*mask & bit) return 0;
    *mask |= bit;
    return 1;
}

/* The mask of a space/comma separated string of plain names; 0 on anything else. */
static int mask_of_text(PyObject *text, uint64_t *mask) {
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t i = 0;
    while (i < n) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == ' ' || c == ',') {
            i++;
            continue;
        }
        if (i + 1 >= n) return 0;
        Py_UCS4 next = PyUnicode_READ(kind, data, i + 1);
        if (!add_card(c, next, mask)) return 0;
        i += 2;
        if (i < n) {
            Py_UCS4 after = PyUnicode_READ(kind, data, i);
            if (after != ' ' && after != ',') return 0;
        }
    }
    return 1;
}

/* The mask of a list or tuple of plain names; 0 on anything else. */
static int mask_of_names(PyObject *names, uint64_t *mask) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(names);
    PyObject **items = PySequence_Fast_ITEMS(names);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *name = items[i];
        if (!PyUnicode_Check(name) || PyUnicode_GET_LENGTH(name) != 2) return 0;
        int kind = PyUnicode_KIND(name);
        const void *data = PyUnicode_DATA(name);
        if (!add_card(PyUnicode_READ(kind, data, 0), PyUnicode_READ(kind, data, 1), mask))
            return 0;
    }
    return 1;
}

static PyObject *py_deadwood_mask(PyObject *self, PyObject *arg) {
    (void)self;
    unsigned long long mask = PyLong_AsUnsignedLongLong(arg);
    if (mask == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    if (mask >> 52) {
        PyErr_SetString(PyExc_ValueError, "a Gin hand mask has 52 bits");
        return NULL;
    }
    return PyLong_FromLong(deadwood(mask));
}

static PyObject *py_deadwood(PyObject *self, PyObject *cards) {
    (void)self;
    uint64_t mask = 0;
    int plain;
    if (PyUnicode_Check(cards)) {
        plain = mask_of_text(cards, &mask);
    } else if (PyList_CheckExact(cards) || PyTuple_CheckExact(cards)) {
        plain = mask_of_names(cards, &mask);
    } else {
        plain = 0;
    }
    return PyLong_FromLong(plain ? deadwood(mask) : -1);
}

static PyMethodDef methods[] = {
    {"deadwood_mask", py_deadwood_mask, METH_O,
     "deadwood_mask(mask) -> int: the minimum deadwood of a 52-bit hand mask."},
    {"deadwood", py_deadwood, METH_O,
     "deadwood(cards) -> int: the minimum deadwood of plain card names, or -1."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "The Gin solver's compiled core.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    build_deadwood_tables();
    return PyModule_Create(&module);
}
