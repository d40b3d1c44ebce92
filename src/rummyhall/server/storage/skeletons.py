"""Usernames are unique by how they look, not only by their letters: by their confusable
skeleton (Unicode TR39, through ICU's spoof checker), so "Аna_K" with a Cyrillic "А"
cannot stand beside "Ana_K", nor "ana_1" beside "Ana_l".

The skeleton maps every character to the prototype of the characters it can be taken
for. It is taken of the name as shown (a Greek capital kappa looks like "K", its small
letter does not look like "k"), then case-folded and taken again, so that two names that
look alike in some case get one skeleton. A skeleton is only ever compared, never shown.
"""

from __future__ import annotations

import icu

_CHECKER = icu.SpoofChecker()

SKELETON_MAX = 160
"""Characters a skeleton may need (its column's length): a prototype can be longer than
the character it stands for ("m" is "rn"; a Hangul syllable, up to seven), so a
username of 20 characters needs at most 140."""


def skeleton(username: str) -> str:
    """The confusable skeleton of a username as shown (NFKC).

    >>> skeleton("Ana_K") == skeleton("\\u0410na_K") == skeleton("ANA_\\u039a") == skeleton("ana_k")
    True
    >>> skeleton("ana_1") == skeleton("Ana_l") == skeleton("ANA_I")
    True
    """
    looks = _CHECKER.getSkeleton(0, username)
    return str(_CHECKER.getSkeleton(0, looks.casefold()))
