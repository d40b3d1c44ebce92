"""Persistence: the schema, its migrations, a synchronous repository and the async
store the server talks to (one writer thread, group commits)."""
