"""Terminal rendering for the ``rummyhall`` command, built on Rich.

What a seat sees (a view from ``GameState.view``) becomes Rich renderables here: cards
and tiles (:mod:`.cards`), hands grouped by the solvers (:mod:`.hands`), the table
(:mod:`.screens`), what happened (:mod:`.moves`), why a hand scored what it scored
(:mod:`.results`) and the match score sheets (:mod:`.sheets`), in English or Chinese
(:mod:`.i18n`). Nothing here changes a game state.
"""
