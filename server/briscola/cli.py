"""The ``briscola`` console script: ``briscola serve`` and ``briscola verify RECORD.json``
(a record of any game: its rules name it)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from briscola.engine import GAMES, VerifyError, record_game


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="briscola", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve the game and the browser client")
    serve.add_argument("--host", default=os.environ.get("BRISCOLA_HOST", "127.0.0.1"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("BRISCOLA_PORT", "8000")))
    serve.add_argument(
        "--redis-url",
        default=os.environ.get("REDIS_URL"),
        help="mirror every table to this Redis (default: $REDIS_URL; none = in memory only)",
    )
    serve.add_argument(
        "--node-id",
        default=os.environ.get("BRISCOLA_NODE_ID"),
        help="this process's name in logs and in Redis (default: host name:port)",
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        help="start this many processes on the same port (needs --redis-url)",
    )

    verify = commands.add_parser("verify", help="replay a finished hand's record and check it")
    verify.add_argument("record", help="a record file (docs/FAIRPLAY.md), or - for standard input")

    args = parser.parse_args(argv)
    if args.command == "verify":
        return _verify(args.record)
    if args.workers > 1 and not args.redis_url:
        parser.error("--workers needs --redis-url: the processes share their tables through it")
    from briscola.service.serve import serve_forever, serve_workers

    if args.workers > 1:
        return serve_workers(args.workers, args.host, args.port, args.redis_url, args.node_id)
    reuse_port = os.environ.get("BRISCOLA_REUSE_PORT") == "1"
    return serve_forever(args.host, args.port, args.redis_url, args.node_id, reuse_port=reuse_port)


def _verify(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
        record = json.loads(text)
    except (OSError, ValueError) as exc:
        print(f"cannot read record: {exc}", file=sys.stderr)
        return 2
    try:
        GAMES[record_game(record)].verify(record)
    except VerifyError as exc:
        print(f"FAIL: {exc}", file=sys.stderr)
        return 1
    # The verifier has checked the record's tricks, points and result against its replay.
    tricks = len(record["tricks"])
    print(f"OK: {tricks} tricks, points {record['points']}, result {record['result']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
