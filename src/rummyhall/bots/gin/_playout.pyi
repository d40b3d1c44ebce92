"""The compiled Gin playouts (``gin/_playout.c``); ``gin/playout.py`` documents and wraps them."""

def deadwood(mask: int, /) -> int: ...
def best_deadwood(mask: int, /) -> int: ...
def simple_takes(hand: int, top: int, limit: int, /) -> bool: ...
def simple_throw(hand: int, taken: int, /) -> tuple[int, int]: ...
def settle(knocker: int, defender: int, limit: int, /) -> int: ...
def playout(
    mine: int,
    theirs: int,
    stock: bytes,
    top: int,
    phase: int,
    passes: int,
    taken: int,
    limit: int,
    kind: int,
    card: int,
    my_style: int,
    their_style: int,
    my_picked: int,
    their_picked: int,
    my_shed: int,
    their_shed: int,
    /,
) -> int: ...
def explains(hand: int, turns: bytes, limit: int, style: int, steps: int, /) -> bool: ...
def equity(target: int, dealer_law: bytes, other_law: bytes, /) -> bytes: ...
