"""Reviews of finished matches on the site (docs/review.md, docs/protocol.md "Reviews"):
asked over HTTP, checked, computed once in worker processes, kept with the match."""
