"""Learn from a finished game: every decision of one seat valued move by move by the
hard bot's search, the move played marked by what it lost, an accuracy for the game
(docs/review.md).

>>> from rummyhall import new_game
>>> from rummyhall.bots import make_bot, play_out
>>> state = new_game("gin", seed=4)
>>> play_out(state, [make_bot("gin", "medium"), make_bot("gin", "easy", seed=1)])
>>> found = review(state.to_json(), seat=1, worlds=16)
>>> found.unit, len(found.moves) > 0, 0 <= found.accuracy <= 100
('points', True, True)
>>> found.moves[0].best.loss
0.0
"""

from rummyhall.review.model import ENGINE, FORMAT, UNITS, Option, Review, ReviewedMove
from rummyhall.review.records import carried, with_reviews
from rummyhall.review.reviewer import APPRAISERS, review

__all__ = [
    "APPRAISERS",
    "ENGINE",
    "FORMAT",
    "UNITS",
    "Option",
    "Review",
    "ReviewedMove",
    "carried",
    "review",
    "with_reviews",
]
