"""The Rummikub bots: ``levels.py`` (easy, medium, hard and the styles' players), the
player styles (``styles.py``), the hard bot's opponent model (``model.py``), what a
sampled world is worth to it (``equity.py``) and the tiles' bookkeeping (``tiles.py``)."""
