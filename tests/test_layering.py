"""Search and the shared text readers do not depend on the rule extractor's internals.

``chronomem.text`` holds the reading both need (time expressions, tense, assistant
speakers); a module of ``search/`` or ``text/`` that imported ``chronomem.extractors``
would tie the searcher to the extractor's layout again.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import chronomem

_PACKAGE = Path(chronomem.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("folder", ["search", "text"])
def test_the_folder_imports_nothing_of_the_extractors(folder: str) -> None:
    files = sorted((_PACKAGE / folder).rglob("*.py"))
    assert files, f"no modules found in chronomem/{folder}"
    offenders = {
        str(path.relative_to(_PACKAGE)): sorted(
            m for m in _imported_modules(path) if m.startswith("chronomem.extractors")
        )
        for path in files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_check_sees_an_import_of_the_extractors(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from chronomem.extractors.rules.prose import read\nimport os\n")
    assert "chronomem.extractors.rules.prose" in _imported_modules(module)
