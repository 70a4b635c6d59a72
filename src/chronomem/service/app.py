"""The FastAPI app factory: ``create_app(runtime)`` or ``app_from_config(config)``.

Public: ``/healthz``, ``/readyz``, and unless ``ServiceConfig(docs=False)``, ``/openapi.json``,
``/docs`` and ``/redoc``. Everything else needs an API key (see :mod:`chronomem.service.deps`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from chronomem.service import (
    admin,
    corrections,
    episodes,
    explore,
    facts,
    groups,
    health,
    search,
    threads,
    ui,
)
from chronomem.service import portable as portable_routes
from chronomem.service.handlers import install_error_handlers
from chronomem.service.headers import SecurityHeaders
from chronomem.service.limits import BodyLimit
from chronomem.service.runtime import ServiceConfig, ServiceRuntime, open_runtime

DESCRIPTION = """\
A temporal knowledge-graph memory for AI agents.

Add episodes (messages, text, JSON) to a group; they are committed to a durable queue
(202) and ingested in the background, in reference-time order per group. Search facts and
entities as of now, as of a past time (`valid_at`) or as believed at a past time
(`known_at`); get a dated context string for a prompt.

Authenticate with `Authorization: Bearer <key>` or `X-API-Key: <key>`; a key is bound to
group patterns such as `acme-*`.
"""


def create_app(runtime: ServiceRuntime, *, own_runtime: bool = False) -> FastAPI:
    """The REST app over ``runtime``. Its lifespan starts the workers and stops them on
    shutdown; with ``own_runtime`` it also closes the runtime (databases) then."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        runtime.start()
        try:
            yield
        finally:
            if own_runtime:
                await asyncio.to_thread(runtime.close)
            else:
                await asyncio.to_thread(runtime.workers.stop)

    from chronomem import __version__

    docs = runtime.config.docs  # ServiceConfig(docs=False) / --no-docs hides them
    app = FastAPI(
        title="chronomem",
        version=__version__,
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
        openapi_url="/openapi.json" if docs else None,
    )
    app.state.runtime = runtime
    modules = (health, episodes, threads, search, facts, corrections, groups, admin, explore, ui)
    for module in modules:
        app.include_router(module.router)
    app.include_router(portable_routes.router)
    install_error_handlers(app)
    app.add_middleware(BodyLimit, max_bytes=runtime.limits.max_body_bytes)
    app.add_middleware(SecurityHeaders)  # outermost: every answer, errors included
    return app


def app_from_config(config: ServiceConfig) -> FastAPI:
    """Open the memory and service tables ``config`` names and serve them."""
    return create_app(open_runtime(config), own_runtime=True)
