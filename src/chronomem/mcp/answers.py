"""What the MCP tools answer: the shapes of facts, episodes and queued rows, the outcome of
a write, and errors turned into tool errors the model can read."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mcp.server.mcpserver.exceptions import ToolError
from pydantic import JsonValue

from chronomem.errors import ChronomemError, UsageError
from chronomem.model import Episode, Fact
from chronomem.service.failures import describe
from chronomem.service.queue import QueuedEpisode, Status
from chronomem.service.readiness import redact
from chronomem.service.runtime import ServiceRuntime

Result = dict[str, JsonValue]


def guard(action: Callable[[], Result], rt: ServiceRuntime) -> Result:
    """Run a tool body; chronomem errors become tool errors the model can read (without
    the server's file paths)."""
    try:
        return action()
    except ToolError:
        raise
    except UsageError as exc:
        raise ToolError(redact(str(exc), rt.config)) from exc
    except ChronomemError as exc:
        failure = describe(exc, rt.config)
        raise ToolError(f"{failure.code}: {failure.text} (the call did not complete)") from exc


QUEUED_DETAIL = (
    "committed to the durable queue; it will be ingested in the background (see get_episodes)"
)


def outcome(row: QueuedEpisode) -> Result:
    out: Result = {"episode_id": row.id, "group_id": row.group_id}
    if row.status == Status.DONE:
        out.update(status="ingested", entities=row.entities, facts=row.facts)
        return out
    if row.status == Status.FAILED:
        raise ToolError(f"episode {row.id} failed and was not ingested: {row.error}")
    out.update(
        status="queued",
        attempts=row.attempts,
        detail=QUEUED_DETAIL,
    )
    if row.error:
        out["last_error"] = row.error
    return out


def passages_outcome(rows: Sequence[QueuedEpisode]) -> Result:
    """One answer for the passages of one long input: ingested once all of them are."""
    outcomes = [outcome(r) for r in rows]  # a failed passage raises, naming itself
    out = dict(outcomes[0])
    out["passages"] = [r.id for r in rows]
    if all(o["status"] == "ingested" for o in outcomes):
        out["entities"] = sum(r.entities or 0 for r in rows)
        out["facts"] = sum(r.facts or 0 for r in rows)
    else:
        out = {k: v for k, v in out.items() if k not in ("entities", "facts")}
        out.update(status="queued", detail=QUEUED_DETAIL)
    return out


def fact_json(f: Fact, names: dict[str, str]) -> dict[str, JsonValue]:
    return {
        "id": f.id,
        "fact": f.fact,
        "relation": f.relation,
        "source": names.get(f.source_id, f.source_id),
        "target": names.get(f.target_id, f.target_id),
        "valid_at": f.valid_at.isoformat() if f.valid_at else None,
        "invalid_at": f.invalid_at.isoformat() if f.invalid_at else None,
        "created_at": f.created_at.isoformat(),
        "episodes": list(f.episodes),
    }


def episode_json(e: Episode) -> dict[str, JsonValue]:
    return {
        "id": e.id,
        "content": e.content,
        "source": e.source.value,
        "reference_time": e.reference_time.isoformat(),
    }


def queued_json(r: QueuedEpisode) -> dict[str, JsonValue]:
    return {
        "id": r.id,
        "status": r.status.value,
        "attempts": r.attempts,
        "error": r.error,
        "reference_time": r.reference_time.isoformat(),
    }
