"""Every error chronomem raises.

The tree::

    ChronomemError                 root: catch this to catch everything of ours
    ├── UsageError                 the caller's mistake (bad group id, naive datetime, unknown
    │   │                          recipe, oversized episode); the message says how to fix it
    │   └── NotFoundError          an id names nothing in the group (a fact, entity or edit
    │                              to correct); REST answers 404
    ├── StoreError                 the storage backend failed or holds something unexpected
    │   ├── StoreUnavailableError  the backend (or one shard of it) cannot be reached
    │   │   └── StoreFullError     the backend's disk is full: free space, then retry
    │   ├── ConflictError          another writer changed the group between read and write
    │   └── DuplicateEpisodeError  an episode with this id is stored already (safe to ignore
    │                              when retrying)
    └── ProviderError              an LLM or embedding provider failed
        ├── ProviderHTTPError      the provider answered with an HTTP error, or timed out,
        │                          after all retries
        └── ProviderOutputError    the provider answered, but not with what the prompt asked
                                   for, even after one repair retry

Vendor exceptions (sqlite3, openai, redis, ...) are translated into these at the boundary of
each adapter, in one place per adapter.
"""

from __future__ import annotations

__all__ = [
    "ChronomemError",
    "ConflictError",
    "DuplicateEpisodeError",
    "NotFoundError",
    "ProviderError",
    "ProviderHTTPError",
    "ProviderOutputError",
    "StoreError",
    "StoreFullError",
    "StoreUnavailableError",
    "UsageError",
]


class ChronomemError(Exception):
    """Root of every error chronomem raises."""


class UsageError(ChronomemError, ValueError):
    """The caller asked for something invalid. The message says how to fix it."""


class NotFoundError(UsageError):
    """An id names nothing in the group: no such fact, entity or edit (REST: 404)."""


class StoreError(ChronomemError):
    """The storage backend failed."""


class StoreUnavailableError(StoreError):
    """The backend, or the shard that holds a group, cannot be reached."""


class StoreFullError(StoreUnavailableError):
    """The backend could not write because its disk is full; nothing was half-written, and
    the same write succeeds once space is freed (a retryable condition, not a corrupt file)."""


class ConflictError(StoreError):
    """Another writer changed the group between our read and our write; retry the episode."""


class ProviderError(ChronomemError):
    """An LLM or embedding provider failed."""


class ProviderHTTPError(ProviderError):
    """The provider answered with an HTTP error or timed out, after all retries."""

    def __init__(self, message: str, *, status_code: int | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code


class ProviderOutputError(ProviderError):
    """The provider's answer did not match the requested schema, even after a repair retry."""

    def __init__(self, message: str, *, prompt_name: str) -> None:
        super().__init__(message)
        self.prompt_name = prompt_name


class DuplicateEpisodeError(StoreError):
    """An episode with this id is stored already; nothing was written."""

    def __init__(self, episode_id: str) -> None:
        super().__init__(f"episode {episode_id!r} is stored already")
        self.episode_id = episode_id
