"""Export and import of a group over REST (the format: ``docs/portable.md``).

``GET /v1/groups/{g}/export`` streams the group as versioned JSONL to any key that may use
the group; ``POST /v1/groups/{g}/import`` restores such a file into ``g`` (admin keys only,
since it writes whole rows, timestamps included, past the ingestion queue).
"""

from __future__ import annotations

import itertools
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from chronomem.errors import UsageError
from chronomem.portable import export_lines, import_lines
from chronomem.service.deps import ERRORS, AdminKey, Group, Runtime

router = APIRouter(prefix="/v1/groups/{group_id}", tags=["portable"], responses=ERRORS)

JSONL = "application/x-ndjson"


class ImportOut(BaseModel):
    group_id: str
    rows: int = Field(description="Rows in the file (episodes, entities, facts, ...)")
    written: int = Field(description="Rows that were missing or different, now written")
    reembedded: bool = Field(description="True when the file's vectors were of another model")


@router.get(
    "/export",
    response_class=StreamingResponse,
    responses={200: {"content": {JSONL: {}}, "description": "The group as JSONL"}},
)
def export_group(group_id: Group, runtime: Runtime) -> StreamingResponse:
    """The group as versioned JSONL: a header line, then episodes, entities, facts (with
    their four timestamps), mentions and communities; vectors as base64 float32."""
    memory = runtime.memory
    lines = export_lines(memory.store, group_id, embedder=memory.embedder, now=memory.clock.now())
    first = next(lines)  # checks the store's embedder before the 200 is sent
    return StreamingResponse(
        itertools.chain([first], lines),
        media_type=JSONL,
        headers={"Content-Disposition": f'attachment; filename="{group_id}.jsonl"'},
    )


@router.post(
    "/import",
    response_model=ImportOut,
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {JSONL: {"schema": {"type": "string"}}},
            "description": "A file written by GET .../export or 'chronomem export'",
        }
    },
)
async def import_group(
    group_id: Group,
    _: AdminKey,
    runtime: Runtime,
    request: Request,
    replace: Annotated[
        bool, Query(description="Delete the group first, so it ends exactly as the file")
    ] = False,
) -> ImportOut:
    """Restore an export into this group (whatever group the file came from). Idempotent:
    rows stored as in the file are left alone. Unknown format versions are refused (422)."""
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError("the import body must be UTF-8 JSONL (an export file)") from None
    memory = runtime.memory
    report = await run_in_threadpool(
        import_lines,
        memory.store,
        text.splitlines(),
        embedder=memory.embedder,
        group_id=group_id,
        replace_group=replace,
    )
    return ImportOut(
        group_id=report.group_id,
        rows=report.rows,
        written=report.written,
        reembedded=report.reembedded,
    )
