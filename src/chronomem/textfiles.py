"""Reading a file a caller named, or a :class:`UsageError` that says why it cannot be read.

Every command that reads a file (``add``, ``import``, ``import-chat``, ``eval``) reads it
here, so a missing file, a directory, a file without read permission or bytes that are not
UTF-8 get one clear message each, never a traceback. ``"-"`` means standard input.
"""

from __future__ import annotations

import errno
import sys
from pathlib import Path

from chronomem.errors import UsageError

__all__ = ["decode_utf8", "read_bytes", "read_text"]


def read_bytes(path: str | Path, *, what: str = "file") -> bytes:
    """The bytes of ``path`` (``"-"``: standard input)."""
    name = str(path)
    try:
        if name == "-":
            stdin = getattr(sys.stdin, "buffer", None)  # a text stream in place of stdin
            return stdin.read() if stdin is not None else sys.stdin.read().encode()
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise UsageError(f"no such file: {name!r} (give the path of the {what})") from None
    except IsADirectoryError:
        raise UsageError(f"{name!r} is a directory: give the {what} inside it") from None
    except PermissionError:
        raise UsageError(f"cannot read {name!r}: permission denied (check its mode)") from None
    except OSError as exc:
        reason = exc.strerror or errno.errorcode.get(exc.errno or 0, type(exc).__name__)
        raise UsageError(f"cannot read {name!r}: {reason}") from None


def decode_utf8(raw: bytes, *, where: str) -> str:
    """``raw`` as UTF-8 text (a byte-order mark is dropped)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{where} is not valid UTF-8 (byte 0x{raw[exc.start]:02x} at byte {exc.start}): "
            "save it as UTF-8"
        ) from None


def read_text(path: str | Path, *, what: str = "file") -> str:
    """The UTF-8 text of ``path`` (``"-"``: standard input)."""
    return decode_utf8(read_bytes(path, what=what), where=f"{what} {str(path)!r}")
