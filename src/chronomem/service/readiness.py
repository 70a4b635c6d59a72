"""What ``/readyz`` checks, and what an error may say about the server.

Ready means: the memory store answers a read, the service database answers a read, and
each local database file's disk has at least ``Limits.min_free_disk_bytes`` free (a
full disk turns every accepted episode into a failure). Problems are reported in words,
never with server file paths: :func:`redact` replaces the configured database locations
(and a server URL, which may hold a password) in any text sent to a caller.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from chronomem.errors import ChronomemError
from chronomem.service.runtime import ServiceConfig, ServiceRuntime
from chronomem.stores.sqlite.connection import MEMORY

PROBE_GROUP = "readyz"


def local_file(location: str | None) -> str | None:
    """The file a database location names on this machine (None: memory or a server)."""
    if not location or location == MEMORY:
        return None
    if location.startswith("sqlite://"):
        rest = location[len("sqlite://") :]
        location = rest[1:] if rest.startswith("/") else rest
    elif "://" in location:
        return None
    return str(Path(location).expanduser()) if location and location != MEMORY else None


def problems(runtime: ServiceRuntime) -> list[str]:
    """Why the service is not ready; empty when it is."""
    found: list[str] = []
    try:
        runtime.memory.store.group_version(PROBE_GROUP)
    except ChronomemError:
        found.append("the memory store does not answer")
    try:
        runtime.queue.depth()
    except ChronomemError:
        found.append("the service database does not answer")
    for what, location in (("memory", runtime.config.db), ("service", runtime.db.path)):
        path = local_file(location)
        if path is None:
            continue
        free = _free_bytes(path)
        if free is not None and free < runtime.limits.min_free_disk_bytes:
            found.append(
                f"the disk holding the {what} database is full ({free:,} bytes free, "
                f"{runtime.limits.min_free_disk_bytes:,} needed)"
            )
    return list(dict.fromkeys(found))


def _free_bytes(path: str) -> int | None:
    folder = os.path.dirname(os.path.abspath(path))
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return None


def redact(text: str, config: ServiceConfig) -> str:
    """``text`` without the server's database paths or URLs."""
    names = {
        config.db: "<memory database>",
        config.queue_db or "": "<service database>",
    }
    spelled: dict[str, str] = {}
    for location, label in names.items():
        if not location or location == MEMORY:
            continue
        spelled[location] = label
        path = local_file(location)
        if path:
            spelled[path] = label
            spelled[os.path.abspath(path)] = label
            spelled[os.path.dirname(os.path.abspath(path))] = "<server directory>"
    for raw in sorted(spelled, key=len, reverse=True):
        if len(raw) > 1:
            text = text.replace(raw, spelled[raw])
    return text
