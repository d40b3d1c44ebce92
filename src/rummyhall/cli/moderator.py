"""``rummyhall moderator grant|revoke|list``: who moderates the site. Only the operator,
on the server's machine, names moderators: no web page or request can
(:mod:`rummyhall.server.people.moderation`; docs/operations.md, "Moderators")."""

from __future__ import annotations

import argparse

from rummyhall.cli.backup import add_database
from rummyhall.errors import RummyhallError
from rummyhall.terminal.i18n import tr


class ModeratorError(RummyhallError):
    """No account has that username."""


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "moderator",
        parents=[common],
        help="make an account a moderator, unmake one, or list them",
        description="Grant or revoke the moderator role of the account USERNAME, or list "
        "the moderators. It takes effect at once, on every server process.",
    )
    parser.add_argument("action", choices=["grant", "revoke", "list"])
    parser.add_argument("username", nargs="?", metavar="USERNAME", help="an account's username")
    add_database(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # The storage, only when run.
    from rummyhall.server.people.accounts import clean_username
    from rummyhall.server.storage.database import make_engine
    from rummyhall.server.storage.migrate import upgrade
    from rummyhall.server.storage.repository import Repository
    from rummyhall.server.wire.protocol import ProtocolError

    if (args.action == "list") != (args.username is None):
        raise ModeratorError(tr("moderator.usage"))
    engine = make_engine(args.db)
    upgrade(engine)
    repository = Repository(engine)
    try:
        records = repository.moderation
        if args.action == "list":
            for row in records.moderators():
                print(f"{row['username'] or '-'}\t{row['nickname']}\t{row['granted_at']}")
            return 0
        try:
            _, key = clean_username(args.username)
        except ProtocolError:
            raise ModeratorError(tr("moderator.unknown", username=args.username)) from None
        account = repository.players.account_by_username(key)
        if account is None:
            raise ModeratorError(tr("moderator.unknown", username=args.username))
        changed = records.set_moderator(account.player_id, args.action == "grant")
        done = f"moderator.{args.action}" + ("" if changed else "_already")
        print(tr(done, username=account.username))
        return 0
    finally:
        repository.close()
