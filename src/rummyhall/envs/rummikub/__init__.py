"""Rummikub for learners: its encoding (``encoding.py``)."""
