"""Confirm that a group's writes are durable before a write call returns.

After each change set the store asks the master that holds the group to confirm, with
``WAITAOF numlocal numreplicas timeout``, that everything written there so far is fsynced
to its own append-only file and to the AOF of ``numreplicas`` replicas. ``WAITAOF`` waits
for the writes of the connection it is sent on, so on one pooled connection we first write
and delete a marker key in the group's slot (hash tag = the graph key): the replication
stream and the AOF are in order, so confirming the marker confirms the graph write before
it, even if that write went over another connection (or was made by an earlier attempt).

``WAITAOF`` alone waits for the replicas' periodic acknowledgement (up to a second), so a
``WAIT`` for the same replicas goes first: it makes the master ask them for one at once.

Wanted replicas: the URL's ``replicas`` (default 1 on a cluster, 0 on a single server),
capped by the replicas connected to that master right now: after a failover the promoted
master has no replica until one is attached, and writes go on with its own AOF alone.
"""

from __future__ import annotations

import re

import redis

from chronomem.errors import StoreError, StoreUnavailableError
from chronomem.stores.falkordb.connection import FalkorDBConnection, translate_errors
from chronomem.stores.falkordb.scope import Scope

__all__ = ["confirm_durable"]

_CONNECTED = re.compile(r"connected_slaves:(\d+)")


def confirm_durable(conn: FalkorDBConnection, scope: Scope) -> None:
    """Return once the writes to the scope's graph (its group's own graph or its bucket) are
    as durable as the URL asks; raise otherwise."""
    group_id = scope.group_id
    address = conn.address
    local = 1 if address.durability == "aof" else 0
    wanted = address.replicas if address.replicas is not None else int(conn.is_cluster)
    if local == 0 and wanted == 0:
        return
    client = conn.node_client(scope.key)
    marker = f"{address.prefix}:durable{{{scope.key}}}"
    try:
        with translate_errors(conn.label, group_id):
            asked, got = _wait(client, marker, local, wanted, address.wait_ms)
    except StoreUnavailableError:
        conn.refresh_topology()  # a failover may have moved the group's slot
        raise
    except StoreError as exc:
        if "appendonly is disabled" in str(exc):
            raise StoreError(
                f"FalkorDB at {conn.label} runs without an append-only file, so writes cannot "
                "be confirmed durable: start it with --appendonly yes --appendfsync always, "
                "or add ?durability=none to the URL to trust its configuration"
            ) from exc
        raise
    if got[0] < asked[0] or got[1] < asked[1]:
        raise StoreUnavailableError(
            f"FalkorDB at {conn.label} did not confirm group {group_id!r}'s write as durable "
            f"within {address.wait_ms} ms (fsynced locally: {got[0]}/{asked[0]}, by replicas: "
            f"{got[1]}/{asked[1]}); the write is retried"
        )


def _wait(
    client: redis.Redis, marker: str, local: int, wanted: int, wait_ms: int
) -> tuple[tuple[int, int], tuple[int, int]]:
    """(asked, confirmed) as (local fsyncs, replica fsyncs), on one pooled connection."""
    pool = client.connection_pool
    connection = pool.get_connection()
    try:
        connection.send_packed_command(
            connection.pack_commands(
                [("SET", marker, "1"), ("DEL", marker), ("INFO", "replication")]
            )
        )
        connection.read_response()
        connection.read_response()
        info = str(connection.read_response())
        found = _CONNECTED.search(info)
        replicas = min(wanted, int(found.group(1)) if found else 0)
        if replicas:  # WAIT asks the replicas for an ack now; WAITAOF alone waits up to 1 s
            connection.send_command("WAIT", replicas, wait_ms)
            connection.read_response()
        connection.send_command("WAITAOF", local, replicas, wait_ms)
        confirmed = connection.read_response()
    except BaseException:
        connection.disconnect()
        raise
    finally:
        pool.release(connection)
    assert isinstance(confirmed, list) and len(confirmed) == 2
    return (local, replicas), (int(confirmed[0]), int(confirmed[1]))
