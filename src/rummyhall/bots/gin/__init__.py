"""The Gin bots: ``levels.py`` (easy, medium, hard and the styles' players), the rules of
OpenSpiel's simple bot (``simple.py``: medium), the player styles (``styles.py``), the
hard bot's belief about the opponent's hand (``model.py``), its playouts (``playout.py``,
compiled in ``_playout.c``) and the match equity they are valued by (``equity.py``, from
``outcomes.json``), and OpenSpiel's own bot (``openspiel.py``)."""
