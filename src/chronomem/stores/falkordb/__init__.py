"""The FalkorDB server backend: ``FalkorDBStore.from_url("falkordb://host:port")``.

Needs the optional dependencies: ``pip install "chronomem[falkordb]"``.
"""

from __future__ import annotations

try:
    import falkordb as _falkordb  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        'the FalkorDB backend needs the falkordb client: pip install "chronomem[falkordb]"'
    ) from exc

from chronomem.stores.falkordb.cluster import FalkorDBCluster
from chronomem.stores.falkordb.server import FalkorDBServer, FalkorDBServerError
from chronomem.stores.falkordb.store import FalkorDBStore
from chronomem.stores.falkordb.url import FalkorDBAddress, parse_url

__all__ = [
    "FalkorDBAddress",
    "FalkorDBCluster",
    "FalkorDBServer",
    "FalkorDBServerError",
    "FalkorDBStore",
    "parse_url",
]
