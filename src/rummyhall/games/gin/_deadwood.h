/* Minimum deadwood of a Gin hand (GIN-6), compiled: solver.deadwood_mask's method.
 * Included by the solver's compiled core (_core.c) and the hard bot's playouts
 * (bots/gin/_playout.c), so the two compute it in one place.
 *
 * A hand is a 52-bit mask, bit suit * 13 + rank, split into four 13-bit suit slices.
 * Runs alone: a table of the least deadwood of every slice. Sets: only the ranks held
 * in three suits or more matter; a set rank whose cards no run can use is melded whole,
 * and the others are enumerated (melded as one of their useful subsets, or not).
 */

#ifndef RUMMYHALL_GIN_DEADWOOD_H
#define RUMMYHALL_GIN_DEADWOOD_H

#include <stdint.h>

#define SUIT_BITS 0x1FFFu
#define SLICES (1 << 13)

static uint8_t run_deadwood[SLICES]; /* melds.RUN_DEADWOOD */
static uint16_t run_capable[SLICES]; /* melds.RUN_CAPABLE */

static void build_deadwood_tables(void) {
    /* The lowest card is deadwood or starts a run of three or more (ace low). */
    run_deadwood[0] = 0;
    for (int mask = 1; mask < SLICES; mask++) {
        int rank = __builtin_ctz((unsigned)mask);
        int low = 1 << rank;
        int best = (rank + 1 < 10 ? rank + 1 : 10) + run_deadwood[mask ^ low];
        int run = low;
        for (int top = rank + 1; top < 13 && (mask >> top & 1); top++) {
            run |= 1 << top;
            if (top - rank >= 2 && run_deadwood[mask ^ run] < best) best = run_deadwood[mask ^ run];
        }
        run_deadwood[mask] = (uint8_t)best;
    }
    for (int mask = 0; mask < SLICES; mask++) {
        int capable = 0;
        for (int rank = 0; rank < 11; rank++)
            if ((mask & (7 << rank)) == (7 << rank)) capable |= 7 << rank;
        run_capable[mask] = (uint16_t)capable;
    }
}

static inline int runs_only(const unsigned slice[4]) {
    return run_deadwood[slice[0]] + run_deadwood[slice[1]] + run_deadwood[slice[2]] +
           run_deadwood[slice[3]];
}

/* The least deadwood with the set ranks from ranks[i] on melded or not (each as one of
 * its useful subsets: three or more cards, holding every card of the rank that no run
 * could use). */
static int with_sets(unsigned slice[4], const unsigned capable[4], const int *ranks, int i,
                     int count) {
    if (i == count) return runs_only(slice);
    int rank = ranks[i];
    unsigned bit = 1u << rank;
    int best = with_sets(slice, capable, ranks, i + 1, count);
    int present = 0, required = 0;
    for (int s = 0; s < 4; s++) {
        if (slice[s] & bit) present |= 1 << s;
        if ((slice[s] & bit) && !(capable[s] & bit)) required |= 1 << s;
    }
    for (int chosen = 1; chosen < 16; chosen++) {
        if ((chosen & present) != chosen || __builtin_popcount((unsigned)chosen) < 3 ||
            (chosen & required) != required)
            continue;
        for (int s = 0; s < 4; s++)
            if (chosen >> s & 1) slice[s] ^= bit;
        int value = with_sets(slice, capable, ranks, i + 1, count);
        for (int s = 0; s < 4; s++)
            if (chosen >> s & 1) slice[s] ^= bit;
        if (value < best) best = value;
    }
    return best;
}

static int deadwood(uint64_t mask) {
    unsigned slice[4] = {(unsigned)(mask & SUIT_BITS), (unsigned)(mask >> 13 & SUIT_BITS),
                         (unsigned)(mask >> 26 & SUIT_BITS), (unsigned)(mask >> 39 & SUIT_BITS)};
    unsigned sets = (slice[0] & slice[1] & (slice[2] | slice[3])) |
                    (slice[2] & slice[3] & (slice[0] | slice[1]));
    if (!sets) return runs_only(slice);
    unsigned capable[4];
    for (int s = 0; s < 4; s++) capable[s] = run_capable[slice[s]];
    unsigned forced = sets & ~(capable[0] | capable[1] | capable[2] | capable[3]);
    for (int s = 0; s < 4; s++) slice[s] &= ~forced;
    sets ^= forced;
    int ranks[13], count = 0;
    for (int rank = 0; rank < 13; rank++)
        if (sets >> rank & 1) ranks[count++] = rank;
    return with_sets(slice, capable, ranks, 0, count);
}

#endif
