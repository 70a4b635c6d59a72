"""A title told before the name of where it is held is the title, not the name:
"appointed headmaster of Dodowa Presby Primary" is the title headmaster
(``learned/values.value_at``)."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_facts


@pytest.mark.local_model
def test_a_title_of_a_named_place_is_the_title() -> None:
    facts = read_facts(
        ["Kwabena: by God's grace I have been appointed headmaster of Dodowa Presby Primary."]
    )
    titles = {f[2] for f in facts if f[1] == "HAS_JOB_TITLE"}
    assert titles == {"headmaster"}, facts
    assert any(f[2] == "Dodowa Presby Primary" for f in facts), facts
