"""``chronomem context``: the text an agent would get for a question, within a token budget."""

from __future__ import annotations

import argparse

from chronomem.cli.records import reading
from chronomem.cli.render import dumps
from chronomem.model.time import parse_instant
from chronomem.search import DEFAULT_MAX_TOKENS


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("context", help="build the prompt context for a question")
    p.add_argument("--db", required=True, help="memory database file (only read)")
    p.add_argument("query", help="the question or request the agent is answering")
    p.add_argument("--group", required=True)
    p.add_argument("--max-tokens", type=int, default=DEFAULT_MAX_TOKENS)
    p.add_argument("--valid-at", help="ISO time: facts as they were then")
    p.add_argument("--known-at", help="ISO time: what the memory believed then")
    p.add_argument("--json", action="store_true", help="print the text and the ids it holds")
    p.set_defaults(func=run_context)


def run_context(args: argparse.Namespace) -> int:
    valid_at = parse_instant(args.valid_at, "--valid-at") if args.valid_at else None
    known_at = parse_instant(args.known_at, "--known-at") if args.known_at else None
    with reading(args.db) as memory:
        ctx = memory.context(
            args.query,
            group_id=args.group,
            max_tokens=args.max_tokens,
            valid_at=valid_at,
            known_at=known_at,
        )
    if args.json:
        print(
            dumps(
                {
                    "text": ctx.text,
                    "tokens": ctx.tokens,
                    "facts": list(ctx.fact_ids),
                    "entities": list(ctx.entity_ids),
                    "episodes": list(ctx.episode_ids),
                    "source_episodes": list(ctx.source_episode_ids),
                }
            )
        )
    else:
        print(ctx.text, end="")
    return 0
