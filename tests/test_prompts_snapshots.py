"""Rendered prompts, and the schemas sent with them, compared with tests/snapshots/.

A prompt change is a behaviour and cost change: review the diff, then refresh with
``UPDATE_SNAPSHOTS=1 .venv/bin/pytest tests/test_prompts_snapshots.py``.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import BaseModel

from chronomem.model import (
    CommunityMaterial,
    Entity,
    EntityQuestion,
    Episode,
    ExtractedEntity,
    Fact,
    FactQuestion,
    ResolutionRequest,
)
from chronomem.ports import ChatMessage
from chronomem.prompts import extract, resolve, score, summarize
from chronomem.providers.structured import strict_schema
from chronomem.testing.fake_openai import count_tokens

SNAPSHOTS = Path(__file__).parent / "snapshots"
REF = datetime(2024, 1, 15, 14, 0, tzinfo=UTC)


def _episode(eid: str, content: str, when: datetime, **extra: str) -> Episode:
    return Episode(
        id=eid,
        group_id="demo",
        content=content,
        source=extra.pop("source", "message"),
        reference_time=when,
        created_at=when,
        **extra,
    )


EARLIER = _episode(
    "ep-1",
    "Alice: I just started a new job at Google as a data engineer.",
    datetime(2024, 1, 1, 10, 0, tzinfo=UTC),
)
CURRENT = _episode("ep-2", "Alice: I left Google last week.", REF)


def _fact(fid: str, text: str, valid: datetime | None, invalid: datetime | None = None) -> Fact:
    return Fact(
        id=fid,
        group_id="demo",
        source_id="alice",
        target_id=f"{fid}-t",
        relation="WORKS_AT",
        fact=text,
        created_at=REF,
        valid_at=valid,
        invalid_at=invalid,
    )


def _resolve_context() -> resolve.ResolveContext:
    alice = Entity(
        id="alice",
        group_id="demo",
        name="Alice Smith",
        created_at=REF,
        labels=("Person",),
        summary="Alice Smith is a data engineer at Google.",
    )
    request = ResolutionRequest(
        episode=CURRENT,
        previous=(EARLIER,),
        entities=(
            EntityQuestion(ExtractedEntity("Alice", ("Person",), "Alice left Google."), (alice,)),
        ),
        facts=(
            FactQuestion(
                0,
                _fact(
                    "new",
                    "Alice left Google last week.",
                    None,
                    datetime(2024, 1, 8, 14, tzinfo=UTC),
                ),
                duplicate_candidates=(
                    _fact("g", "Alice works at Google as a data engineer.", EARLIER.reference_time),
                ),
                contradiction_candidates=(_fact("m", "Alice works at Meta.", None),),
            ),
        ),
    )
    return resolve.build_context(request)


CASES: dict[str, tuple[list[ChatMessage], type[BaseModel]]] = {
    "extract": (
        extract.render(extract.ExtractContext(CURRENT, (EARLIER,))),
        extract.ExtractResponse,
    ),
    "extract_json": (
        extract.render(
            extract.ExtractContext(
                _episode(
                    "ep-j",
                    '{"customer": "Acme", "ticket": 42, "product": "LaserJet 4000"}',
                    REF,
                    source="json",
                    source_description="support CRM",
                )
            )
        ),
        extract.ExtractResponse,
    ),
    "resolve": (resolve.render(_resolve_context()), resolve.ResolveResponse),
    "summarize": (
        summarize.render(
            summarize.SummarizeContext(
                (
                    summarize.SummaryItem(
                        "alice",
                        "Alice",
                        "Alice is a data engineer at Google.",
                        ("Alice left Google last week.", "Alice is working at Meta now."),
                    ),
                    summarize.SummaryItem("meta", "Meta", "", ("Alice is working at Meta now.",)),
                )
            )
        ),
        summarize.SummarizeResponse,
    ),
    "summarize_community": (
        summarize.render_communities(
            summarize.CommunitiesContext(
                (
                    CommunityMaterial(
                        key="c1",
                        members=(
                            Entity(
                                id="alice",
                                group_id="demo",
                                name="Alice",
                                created_at=REF,
                                labels=("Person",),
                                summary="Alice works at Meta.",
                            ),
                            Entity(id="meta", group_id="demo", name="Meta", created_at=REF),
                        ),
                        facts=(_fact("m", "Alice works at Meta.", REF),),
                        member_count=3,
                        key_terms=("Alice", "Meta", "Google"),
                        previous_summary="Alice and Google.",
                    ),
                )
            )
        ),
        summarize.CommunitiesResponse,
    ),
    "score": (
        score.render(
            score.ScoreContext(
                "Where does Alice work?", ("Alice works at Meta.", "Bob likes green tea.")
            )
        ),
        score.ScoreResponse,
    ),
}


def _render_snapshot(messages: list[ChatMessage], schema: type[BaseModel]) -> str:
    parts = [f"### {m['role']}\n{m['content']}" for m in messages]
    parts.append("### schema\n" + json.dumps(strict_schema(schema), indent=1))
    return "\n\n".join(parts) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_rendered_prompt_matches_its_snapshot(name: str) -> None:
    text = _render_snapshot(*CASES[name])
    path = SNAPSHOTS / f"prompt_{name}.txt"
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        path.write_text(text, encoding="utf-8")
    if not path.exists():
        pytest.fail(f"no snapshot {path.name}: create it with UPDATE_SNAPSHOTS=1")
    assert text == path.read_text(encoding="utf-8"), (
        f"prompt {name!r} changed; review and refresh with UPDATE_SNAPSHOTS=1"
    )


def test_the_extract_prompt_stays_compact() -> None:
    """Cost guard: Graphiti spends ~6.2k prompt + schema tokens per episode; round 1 here
    must stay far below half of that for a typical chat message."""
    messages, schema = CASES["extract"]
    prompt = sum(count_tokens(m["content"]) + 4 for m in messages) + 3
    schema_tokens = count_tokens(json.dumps(strict_schema(schema)))
    assert prompt + schema_tokens < 900, (prompt, schema_tokens)
