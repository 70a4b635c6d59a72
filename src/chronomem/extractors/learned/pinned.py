"""The learned parts' weights files: written as compressed numpy archives, read only when
their sha256 is the one pinned in the code (a damaged file or one from another build is
refused with how to fix it)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from chronomem.errors import UsageError


def save_arrays(path: Path, arrays: dict[str, np.ndarray]) -> str:
    """Write ``arrays`` to ``path``; returns the file's sha256, to pin."""
    with path.open("wb") as f:
        np.savez_compressed(f, **arrays)  # type: ignore[arg-type]  # names -> arrays
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_arrays(path: Path, sha256: str | None, what: str, retrain: str) -> dict[str, np.ndarray]:
    """The arrays of ``path`` when its sha256 is ``sha256`` (``None``: unchecked); ``what``
    names the part in errors ("the learned reader"), ``retrain`` how to rebuild and pin it."""
    if not path.is_file():
        raise UsageError(f"{what}'s weights are missing ({path}): reinstall chronomem")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if sha256 is not None and digest != sha256:
        raise UsageError(
            f"{what}'s weights at {path} have sha256 {digest}, not the pinned {sha256}: the "
            f"file is damaged or from another build; reinstall chronomem, or {retrain}"
        )
    with np.load(path, allow_pickle=False) as npz:
        return {k: npz[k] for k in npz.files}
