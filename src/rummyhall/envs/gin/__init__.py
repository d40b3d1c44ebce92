"""Gin Rummy for learners: its encoding (``encoding.py``) and ``gin_rummy_v0`` on the
compiled hands (``compiled.py``, ``_hands.c``)."""
