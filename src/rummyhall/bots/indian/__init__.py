"""The Indian Rummy bots: ``levels.py`` (easy, medium, hard and the styles' players),
medium's rules (``medium.py``), the player styles (``styles.py``), the hard bot's
opponent model (``model.py``) and its play for a pool (``pool.py``, from the counts of
``pool_table.py``)."""
