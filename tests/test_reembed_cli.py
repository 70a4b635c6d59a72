"""``chronomem reembed``: a file made with another embedder is refused with the fix, then
moved to the default local embedder and searched with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from chronomem import Memory
from chronomem.cli.main import main
from chronomem.errors import UsageError
from chronomem.providers.local import LocalEmbedder, local_model_available
from chronomem.testing import HashEmbedder
from tests.helpers import t

pytestmark = [
    pytest.mark.local_model,
    pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"'),
]


def _old_file(path: Path) -> None:
    with Memory(str(path), embedder=HashEmbedder(64)) as memory:
        memory.add_episode(
            "Dana: I just adopted a greyhound called Biscuit.",
            group_id="dana",
            reference_time=t("2024-03-01T10:00"),
        )
        memory.add_episode(
            "Omar: I work as a nurse at St Mary's hospital.",
            group_id="omar",
            reference_time=t("2024-03-02T10:00"),
        )


def test_a_file_of_another_embedder_is_refused_then_moved(tmp_path: Path, capsys) -> None:
    db = tmp_path / "old.db"
    _old_file(db)
    with (
        Memory(str(db), embedder=LocalEmbedder()) as memory,
        pytest.raises(UsageError, match=f"chronomem reembed --db {db}"),
    ):
        memory.search("pets", group_id="dana")  # the store is bound on first use

    assert main(["reembed", "--db", str(db), "--group", "dana"]) == 0
    first = capsys.readouterr()
    assert "re-embedding" in first.err and "1 group(s) left" in first.out
    with (
        Memory(str(db), embedder=LocalEmbedder()) as memory,
        pytest.raises(UsageError, match="1 group"),  # half-moved: refused until finished
    ):
        memory.search("pets", group_id="dana")

    assert main(["reembed", "--db", str(db)]) == 0
    assert f"{db} now uses {LocalEmbedder().name}" in capsys.readouterr().out
    with Memory(str(db), embedder=LocalEmbedder()) as memory:
        hits = memory.search("what kind of pet does Dana have", group_id="dana")
        assert any("Biscuit" in f.fact or "greyhound" in f.fact for f in hits.facts)
    with (
        Memory(str(db), embedder=HashEmbedder(64)) as memory,
        pytest.raises(UsageError, match="chronomem reembed"),
    ):
        memory.search("pets", group_id="dana")
