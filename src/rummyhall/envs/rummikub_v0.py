"""Rummikub (2–4 players; one round, or a match with ``match=True``) in PettingZoo's
usual form, then its encoding (:mod:`rummyhall.envs.rummikub.encoding`)."""

from rummyhall.envs.catalogue import constructors, encoding_doc

NAME = "rummikub_v0"
__doc__ = f"{__doc__}\n\n{encoding_doc(NAME)}"
env, raw_env = constructors(NAME)
