"""Health (public), readiness (public) and Prometheus metrics (admin key)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException
from fastapi.responses import JSONResponse, PlainTextResponse

from chronomem.service.deps import ERRORS, AdminKey, OptionalKey, Runtime
from chronomem.service.readiness import problems
from chronomem.service.schemas import HealthOut, ReadyOut
from chronomem.service.scopes import covered


def covers_everything(patterns: tuple[str, ...]) -> bool:
    return covered(["*"], patterns)


router = APIRouter(tags=["health"])


@router.get("/healthz", response_model=HealthOut)
def healthz() -> HealthOut:
    """The process is up."""
    return HealthOut(status="ok")


@router.get("/readyz", response_model=ReadyOut, responses={503: {"model": ReadyOut}})
def readyz(runtime: Runtime, key: OptionalKey) -> ReadyOut | JSONResponse:
    """Ready when the memory store and the service database answer and their disks have
    room. The queue depth spans every tenant: it is shown to an admin key for '*' only."""
    found = problems(runtime)
    if found:
        body = ReadyOut(
            status="unavailable", workers_leader=False, queue={}, detail="; ".join(found)
        )
        return JSONResponse(body.model_dump(), status_code=503)
    depth: dict[str, int] = {}
    if key is not None and key.admin and covers_everything(key.groups):
        depth = {s.value: n for s, n in runtime.queue.depth().items()}
    return ReadyOut(status="ready", workers_leader=runtime.workers.is_leader, queue=depth)


@router.get(
    "/metrics",
    response_class=PlainTextResponse,
    responses={**ERRORS, 200: {"content": {"text/plain": {}}}},
)
def metrics(key: AdminKey, runtime: Runtime) -> PlainTextResponse:
    """Prometheus text format: queue depth, episodes/s, ingest and search latency, LLM
    calls and tokens per prompt. They span every tenant, so only an admin key for '*' may
    read them."""
    if not covers_everything(key.groups):
        raise HTTPException(403, "metrics span every group: they need an admin key for '*'")
    return PlainTextResponse(
        runtime.metrics_text(), media_type="text/plain; version=0.0.4; charset=utf-8"
    )
