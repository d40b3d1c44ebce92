"""Measured by ``python bench/indian_pool.py --deals 200 --seed 39``
(generated: do not edit): what ``indian_pool.py`` computes the hard bot's pool play
from. Counts, not shares, so the sample sizes show; penalties are rounded to 5."""

LOSER_PENALTY = {
    -2: 1,
    -1: 15,
    5: 24,
    10: 18,
    15: 13,
    20: 14,
    25: 14,
    30: 8,
    35: 10,
    40: 5,
    45: 8,
    50: 1,
    55: 9,
    60: 3,
    65: 10,
    70: 10,
    75: 8,
    80: 29,
}
"""Deals by the loser's penalty, as the hard bot plays the zoo (-1, -2: a first, a
middle drop)."""

PLAYED_ON = {
    (1, 0): (4, 4),
    (1, 1): (44, 41),
    (1, 2): (91, 83),
    (1, 3): (160, 144),
    (1, 4): (101, 72),
    (1, 5): (42, 31),
    (2, 0): (29, 26),
    (2, 1): (113, 84),
    (2, 2): (130, 85),
    (2, 3): (92, 36),
    (2, 4): (25, 8),
    (2, 5): (1, 1),
    (3, 0): (71, 53),
    (3, 1): (126, 75),
    (3, 2): (53, 15),
    (3, 3): (20, 6),
    (3, 4): (3, 0),
    (4, 0): (70, 33),
    (4, 1): (61, 17),
    (4, 2): (12, 5),
    (4, 3): (1, 1),
    (5, 0): (17, 6),
    (5, 1): (12, 2),
    (6, 0): (3, 0),
}
"""By the hard bot's distance to a declaration (the last bin: 7 or more) and
the stage (``indian_pool.stage_of``) at a turn where it could drop: the deals it then
played on to the end, and how many of them it won."""

LOST_BY_DISTANCE = {
    1: {5: 17, 10: 9, 15: 3, 20: 5, 25: 7, 30: 7, 35: 1, 55: 2, 65: 1, 80: 15},
    2: {
        5: 19,
        10: 30,
        15: 9,
        20: 12,
        25: 18,
        30: 11,
        35: 1,
        45: 5,
        55: 11,
        65: 4,
        70: 9,
        75: 6,
        80: 15,
    },
    3: {5: 8, 10: 14, 15: 11, 20: 18, 25: 10, 30: 10, 45: 6, 55: 3, 65: 10, 70: 8, 75: 8, 80: 18},
    4: {5: 7, 10: 6, 15: 5, 20: 13, 25: 7, 30: 7, 45: 1, 55: 7, 65: 8, 70: 6, 75: 5, 80: 16},
    5: {5: 1, 10: 1, 15: 1, 20: 2, 25: 3, 30: 1, 55: 3, 65: 2, 75: 1, 80: 6},
    6: {10: 1, 20: 1, 80: 1},
}
"""By that distance: the hard bot's penalty at each turn of a deal it played on and lost."""

WON_FROM = {
    -2: 1,
    -1: 13,
    5: 16,
    10: 9,
    15: 9,
    20: 7,
    25: 7,
    30: 4,
    35: 9,
    40: 5,
    45: 6,
    50: 1,
    55: 6,
    60: 3,
    65: 5,
    70: 4,
    75: 3,
    80: 18,
}
"""The opponent's penalty in the deals the hard bot (playing on) won."""
