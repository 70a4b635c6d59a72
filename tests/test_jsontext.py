"""Every JSONL reader shares one line parser: each bad line says where and what is wrong."""

from __future__ import annotations

import pytest

from chronomem.errors import UsageError
from chronomem.jsontext import json_object


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"content": "hi"', "line 7: not valid JSON (Expecting"),
        ("[" * 100_000 + "]" * 100_000, "line 7: JSON nested too deeply"),
        ('["a", "list"]', "line 7: must be a JSON object with content, got list"),
        ("42", "line 7: must be a JSON object with content, got int"),
    ],
)
def test_a_bad_line_names_its_place_and_its_fault(line: str, message: str) -> None:
    with pytest.raises(UsageError) as raised:
        json_object(line, where="line 7", expect="a JSON object with content")
    assert str(raised.value).startswith(message)


def test_a_good_line_is_its_object_from_text_or_bytes() -> None:
    assert json_object('{"a": [1, {"b": null}]}') == {"a": [1, {"b": None}]}
    assert json_object(b'{"x": "\xc3\xa9"}') == {"x": "é"}
