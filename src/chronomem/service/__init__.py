"""The REST service (``pip install "chronomem[server]"``): durable ingestion queue, API
keys bound to groups, search, context, metrics. Start it with ``chronomem serve``."""

from chronomem.service.runtime import ServiceConfig, ServiceRuntime, open_runtime

__all__ = ["ServiceConfig", "ServiceRuntime", "open_runtime"]
