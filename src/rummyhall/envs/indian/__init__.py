"""Indian Rummy for learners: its encoding (``encoding.py``)."""
