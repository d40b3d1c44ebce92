"""Indian Rummy (2–6 players; a Points deal, or a Pools or Deals match with ``variant``
and ``match=True``) in PettingZoo's usual form, then its encoding
(:mod:`rummyhall.envs.indian.encoding`)."""

from rummyhall.envs.catalogue import constructors, encoding_doc

NAME = "indian_rummy_v0"
__doc__ = f"{__doc__}\n\n{encoding_doc(NAME)}"
env, raw_env = constructors(NAME)
