"""The public surface: what `import chronomem` promises."""

from __future__ import annotations

import chronomem


def test_all_is_sorted_and_importable():
    assert chronomem.__all__ == sorted(chronomem.__all__)
    for name in chronomem.__all__:
        assert hasattr(chronomem, name), name


def test_errors_share_one_root():
    for name in chronomem.__all__:
        obj = getattr(chronomem, name)
        if isinstance(obj, type) and issubclass(obj, Exception):
            assert issubclass(obj, chronomem.ChronomemError), name
