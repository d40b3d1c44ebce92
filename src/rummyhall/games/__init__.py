"""The rules of each game, one package a game (``gin``, later ``indian``, ``rummikub``)."""
