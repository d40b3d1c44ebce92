"""Terminal rendering for the ``rummyhall`` command, built on Rich.

What a seat sees (a view from ``GameState.view``) becomes Rich renderables here: cards
and tiles (:mod:`.cards`), hands grouped by the solvers (:mod:`.hands`), the table
(:mod:`.screens`), what happened (:mod:`.moves`), why a hand scored what it scored
(:mod:`.results`), the match score sheets (:mod:`.sheets`) and the running commentary
that strings them together (:mod:`.narrator`); typed keys become actions in
:mod:`.controls`; :mod:`.console` makes plain text when not on a terminal; every text is
in English and Chinese (:mod:`.i18n`). Nothing here changes a game state.

What differs per game lives in that game's module (:mod:`.gin`, :mod:`.indian`,
:mod:`.rummikub`, a :class:`~.game.GameTerminal` each; Gin and Indian Rummy share
:mod:`.cardgame`), listed by kit name in :mod:`.games`.
"""
