"""Launch a local FalkorDB cluster (Redis Cluster mode) for tests and benchmarks.

``masters`` servers share the 16,384 slots evenly (``CLUSTER ADDSLOTSRANGE``), meet each
other (``CLUSTER MEET``), and each master gets ``replicas`` replicas
(``CLUSTER REPLICATE``); redis-py sends these commands, so no ``redis-cli`` is needed. Every
node persists (AOF, ``appendfsync always``) in its own folder under ``base_dir`` and listens
on 127.0.0.1. A replica is promoted by the cluster itself when its master stays unreachable
for ``node_timeout_ms``::

    with FalkorDBCluster.start(masters=3, replicas=1) as cluster:
        store = FalkorDBStore.from_url(cluster.url)   # any node will do
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import TracebackType

import redis

from chronomem.stores.falkordb.server import FalkorDBServer, FalkorDBServerError

__all__ = ["SLOTS", "FalkorDBCluster"]

SLOTS = 16384


class FalkorDBCluster:
    """Running cluster nodes; :meth:`stop` stops every process this object started."""

    def __init__(self, base_dir: Path, owns_dir: bool, node_timeout_ms: int) -> None:
        self.shape = (0, 0)  # (masters, replicas per master)
        self.base_dir = base_dir
        self._owns_dir = owns_dir
        self.node_timeout_ms = node_timeout_ms
        self.nodes: list[FalkorDBServer] = []

    @property
    def url(self) -> str:
        return self.nodes[0].url

    @classmethod
    def start(
        cls,
        *,
        masters: int = 3,
        replicas: int = 1,
        base_dir: str | Path | None = None,
        node_timeout_ms: int = 2000,
        threads: int = 1,
        timeout: float = 60.0,
    ) -> FalkorDBCluster:
        """Start ``masters × (1 + replicas)`` nodes and wait for ``cluster_state:ok``."""
        owned = base_dir is None
        folder = (
            Path(tempfile.mkdtemp(prefix="falkordb-cluster-"))
            if base_dir is None
            else Path(base_dir)
        )
        cluster = cls(folder, owned, node_timeout_ms)
        try:
            for n in range(masters * (1 + replicas)):
                cluster.nodes.append(cluster._start_node(n, threads))
            cluster._form(masters, replicas, timeout)
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def _start_node(self, n: int, threads: int, port: int | None = None) -> FalkorDBServer:
        folder = self.base_dir / f"node-{n}"
        return FalkorDBServer.start(
            port=port,
            threads=threads,
            data_dir=folder,
            extra_args=(
                "--cluster-enabled", "yes",
                "--cluster-config-file", str(folder / "nodes.conf"),
                "--cluster-node-timeout", str(self.node_timeout_ms),
                "--cluster-require-full-coverage", "no",
            ),
        )  # fmt: skip

    def client(self, node: FalkorDBServer) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=node.port, decode_responses=True)

    def _form(self, masters: int, replicas: int, timeout: float) -> None:
        leaders = self.nodes[:masters]
        for i, node in enumerate(leaders):
            first, last = SLOTS * i // masters, SLOTS * (i + 1) // masters - 1
            self.client(node).execute_command("CLUSTER", "ADDSLOTSRANGE", first, last)
        hub = self.client(self.nodes[0])
        for node in self.nodes[1:]:
            hub.execute_command("CLUSTER", "MEET", "127.0.0.1", node.port)
        ids = [str(self.client(n).execute_command("CLUSTER", "MYID")) for n in leaders]
        deadline = time.monotonic() + timeout
        for k, node in enumerate(self.nodes[masters:]):
            master_id = ids[k % masters]
            _until(deadline, partial(_replicate, self.client(node), master_id))
        self.shape = (masters, replicas)
        self.wait_healthy(max(1.0, deadline - time.monotonic()))

    def wait_healthy(self, timeout: float = 60.0) -> None:
        """Wait until every running node sees ``cluster_state:ok`` and the full shape, and
        all of them see the same masters and replicas (a node restarted after a failover
        first claims its old slots until gossip tells it it is a replica now)."""
        deadline = time.monotonic() + timeout
        _until(deadline, self._agreed)

    def _agreed(self) -> bool:
        running = [n for n in self.nodes if n.running]
        if not all(self._ok(n, *self.shape) for n in running):
            return False
        views = {_frozen(self.topology(self.client(n))) for n in running}
        return len(views) == 1

    def _ok(self, node: FalkorDBServer, masters: int, replicas: int) -> bool:
        client = self.client(node)
        try:
            info = client.execute_command("CLUSTER", "INFO")
        except redis.RedisError:
            return False  # still loading its files
        text = info if isinstance(info, str) else str(info)
        if "cluster_state:ok" not in text:
            return False
        shape = self.topology(client)
        return len(shape) == masters and all(len(r) == replicas for r in shape.values())

    @staticmethod
    def topology(client: redis.Redis) -> dict[int, list[int]]:
        """master port -> its replicas' ports, as ``client``'s node sees the cluster."""
        shape: dict[int, list[int]] = {}
        for _first, _last, master, *others in client.execute_command("CLUSTER", "SLOTS"):
            shape.setdefault(int(master[1]), []).extend(int(o[1]) for o in others)
        return shape

    def master_of(self, key: str) -> FalkorDBServer:
        """The node that owns ``key``'s slot now (asked of a live node)."""
        for node in self.nodes:
            if not node.running:
                continue
            client = self.client(node)
            slot = int(client.execute_command("CLUSTER", "KEYSLOT", key))
            for first, last, master, *_ in client.execute_command("CLUSTER", "SLOTS"):
                if int(first) <= slot <= int(last):
                    return next(n for n in self.nodes if n.port == int(master[1]))
        raise FalkorDBServerError("no live node of the cluster answers")

    def restart(self, node: FalkorDBServer) -> FalkorDBServer:
        """Start a stopped node again on its port with its files; returns once it has
        rejoined (as a replica, if its slots were failed over meanwhile)."""
        n = self.nodes.index(node)
        fresh = self._start_node(n, 1, port=node.port)
        self.nodes[n] = fresh
        self.wait_healthy()
        return fresh

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
        if self._owns_dir:
            shutil.rmtree(self.base_dir, ignore_errors=True)

    def __enter__(self) -> FalkorDBCluster:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def _frozen(shape: dict[int, list[int]]) -> frozenset[tuple[int, tuple[int, ...]]]:
    return frozenset((master, tuple(sorted(replicas))) for master, replicas in shape.items())


def _replicate(client: redis.Redis, master_id: str) -> bool:
    try:
        client.execute_command("CLUSTER", "REPLICATE", master_id)
    except redis.ResponseError:
        return False  # the master is not known to this node yet (MEET is still spreading)
    return True


def _until(deadline: float, check: Callable[[], bool]) -> None:
    while not check():
        if time.monotonic() > deadline:
            raise FalkorDBServerError("the local FalkorDB cluster did not form in time")
        time.sleep(0.1)
