"""Gin Rummy (standard or Oklahoma; one hand, or a match with ``match=True``) in
PettingZoo's usual form, then its encoding (:mod:`rummyhall.envs.gin.encoding`)."""

from rummyhall.envs.catalogue import constructors, encoding_doc

NAME = "gin_rummy_v0"
__doc__ = f"{__doc__}\n\n{encoding_doc(NAME)}"
env, raw_env = constructors(NAME)
