"""Name normalisation shared by resolution and every store."""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[^\w]+")


def normalize_name(name: str) -> str:
    """Case-, accent- and punctuation-insensitive key: "  Dr. Ana-María " -> "dr ana maria"."""
    text = name
    if not name.isascii():  # ASCII has no accents to strip (NFKD leaves it as it is)
        text = unicodedata.normalize("NFKD", name)
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(_NON_WORD.sub(" ", text.casefold()).split())
