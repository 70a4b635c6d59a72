"""The corpus harness (bench/reader_corpus.py, bench/reader_match.py) on items written here:
how a labelled fact is matched (subject, relation, value, state), what counts against
precision, and one run of the script end to end on a tiny split."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import reader_corpus  # noqa: E402
from reader_match import Names, Seen, same_subject, same_value, score_item, seen  # noqa: E402

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
NAMES = Names(speaker="Ines", addressee="Bartek")


def label(relation: str, value: str | None, aspect: str, subject: str = "speaker") -> dict:
    return {
        "subject": subject,
        "relation": relation,
        "value": value,
        "aspect": aspect,
        "when": None,
        "ends": None,
        "text": "x",
    }


def fact(
    subject: str,
    relation: str,
    value: str,
    *,
    closed: bool = False,
    ahead: bool = False,
    here: bool = True,
) -> Seen:
    return seen(
        subject,
        relation,
        value,
        valid_at=NOW + timedelta(days=9) if ahead else NOW,
        invalid_at=NOW if closed else None,
        expired_at=None,
        told_at=NOW,
        told_here=here,
    )


def test_subjects_resolve_to_the_items_names() -> None:
    assert same_subject("speaker", "Ines", NAMES)
    assert same_subject("addressee", "Bartek", NAMES)
    assert not same_subject("speaker", "Bartek", NAMES)
    assert same_subject("speaker's cousin", "Ines's cousin", NAMES)
    assert same_subject("speaker's cousin", "cousin", NAMES)
    assert not same_subject("speaker's cousin", "Ines", NAMES)  # the noun decides
    assert same_subject("speaker's mum", "Ines's mom", NAMES)  # one role, two spellings
    assert not same_subject("speaker's mum", "Ines's dad", NAMES)
    assert same_subject("Tomasz", "Tomasz Wrona", NAMES)
    diary = Names(speaker=None, addressee=None, narrator="Narrator")
    assert same_subject("speaker", "Narrator", diary)


def test_values_match_by_shared_words_case_aside() -> None:
    assert same_value("tartu", "Tartu")
    assert same_value("the Moto G54", "Moto G54")
    assert same_value(None, "anything at all")
    assert not same_value("a used bianchi", "Trek")
    assert not same_value("my car", "my bike")  # filler words never match alone
    assert same_value("it", "It")


def test_chronomem_relation_names_map_onto_the_specs() -> None:
    assert fact("Ines", "REPORTS_TO", "Halina").relation == "MANAGED_BY"


def test_each_aspect_needs_its_own_state() -> None:
    held = [fact("Ines", "LIVES_IN", "Tartu")]
    assert score_item([label("LIVES_IN", "tartu", "start")], held, NAMES).found == (True,)
    assert score_item([label("LIVES_IN", "tartu", "end")], held, NAMES).found == (False,)
    closed = [fact("Ines", "LIVES_IN", "Tartu", closed=True)]
    assert score_item([label("LIVES_IN", "tartu", "end")], closed, NAMES).found == (True,)
    assert score_item([label("LIVES_IN", "tartu", "state")], closed, NAMES).found == (False,)
    ahead = [fact("Ines", "LIVES_IN", "Tartu", ahead=True)]
    assert score_item([label("LIVES_IN", "tartu", "plan")], ahead, NAMES).found == (True,)
    assert score_item([label("LIVES_IN", "tartu", "state")], ahead, NAMES).found == (False,)
    trip = [fact("Ines", "HAS_PLAN", "the Tartu trip", ahead=True)]
    assert score_item([label("VISITED", "Tartu", "plan")], trip, NAMES).found == (True,)
    earlier = [fact("Ines", "LIVES_IN", "Tartu", here=False)]  # told by a context turn
    assert score_item([label("LIVES_IN", "tartu", "state")], earlier, NAMES).found == (False,)


def test_a_negation_or_a_wish_is_found_when_nothing_holds() -> None:
    wish = [label("WORKS_AT", "Klarna", "hypothetical")]
    assert score_item(wish, [], NAMES).found == (True,)
    held = [fact("Ines", "WORKS_AT", "Klarna")]
    assert score_item(wish, held, NAMES).found == (False,)
    assert score_item(wish, [fact("Ines", "WORKS_AT", "Klarna", closed=True)], NAMES).found == (
        True,
    )


def test_precision_counts_the_items_own_facts_that_witness_a_label() -> None:
    facts = [
        fact("Ines", "DRIVES", "Skoda"),
        fact("Ines", "LIVES_IN", "Skoda"),
        fact("Ines", "OWNS", "bike", here=False),
    ]
    score = score_item([label("DRIVES", "an old skoda", "state")], facts, NAMES)
    assert (score.found, score.produced, score.right) == ((True,), 2, 1)
    assert any("wrong fact" in m and "LIVES_IN" in m for m in score.misses)


def test_a_replacement_reports_whether_the_old_value_closed() -> None:
    swap = label("USES_PHONE", "a Fairphone", "start") | {"ends": "the iPhone"}
    kept = [fact("Ines", "USES_PHONE", "Fairphone"), fact("Ines", "USES_PHONE", "iPhone")]
    assert score_item([swap], kept, NAMES).ends == (False,)
    closed = [kept[0], fact("Ines", "USES_PHONE", "iPhone", closed=True)]
    score = score_item([swap], closed, NAMES)
    assert score.ends == (True,)
    assert (score.produced, score.right) == (2, 2)  # the old value closed is a right fact


ITEMS = [
    {
        "id": "t-00001",
        "voice": "formal",
        "speaker_role": "user",
        "speaker": "Oluwaseun",
        "addressee": "Assistant",
        "context": [],
        "text": "I work at Globex as a data analyst.",
        "facts": [label("WORKS_AT", "Globex", "state")],
    },
    {
        "id": "t-00002",
        "voice": "texting",
        "speaker_role": "user",
        "speaker": "Mirela",
        "addressee": "Assistant",
        "context": [],
        "text": "can u recommend a hotel in lisbon for a conference??",
        "facts": [],
    },
    {
        "id": "t-00003",
        "voice": "assistant",
        "speaker_role": "assistant",
        "speaker": "Assistant",
        "addressee": "Kwame",
        "context": [{"speaker": "Kwame", "text": "I live in Accra."}],
        "text": "Noted, Kwame: you live in Accra.",
        "facts": [label("LIVES_IN", "Accra", "state", subject="addressee")],
    },
]


def test_the_script_reads_a_split_and_writes_its_totals(tmp_path: Path) -> None:
    split = tmp_path / "mine"
    split.mkdir()
    lines = [json.dumps(item) for item in ITEMS]
    (split / "part01.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.json"
    assert reader_corpus.main(["--split", str(split), "--json", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))[str(split)]
    assert result["items"] == 3
    assert result["recall"]["relation:WORKS_AT"] == {"found": 1, "labels": 1, "recall": 1.0}
    assert result["recall"]["voice:formal"]["labels"] == 1
    assert result["decoys"] == {"items": 1, "quiet": 1, "share": 1.0}
    assert result["recall"]["all"]["labels"] == 2
    held_out = tmp_path / "held.json"
    reader_corpus.main(["--split", str(split), "--totals-only", "--json", str(held_out)])
    assert "misses" not in json.loads(held_out.read_text(encoding="utf-8"))[str(split)]


def test_a_stage_switched_off_reads_without_it_and_a_misspelt_one_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    split = tmp_path / "mine"
    split.mkdir()
    (split / "part01.jsonl").write_text(json.dumps(ITEMS[0]) + "\n", encoding="utf-8")
    out = tmp_path / "out.json"
    argv = ["--split", str(split), "--no-learned", "--json", str(out)]
    assert reader_corpus.main([*argv, "--disable", "patterns", "--disable", "mentions"]) == 0
    without = json.loads(out.read_text(encoding="utf-8"))[str(split)]
    assert reader_corpus.main(argv) == 0
    with_all = json.loads(out.read_text(encoding="utf-8"))[str(split)]
    assert with_all["recall"]["all"]["found"] > without["recall"]["all"]["found"]
    with pytest.raises(SystemExit):
        reader_corpus.main([*argv, "--disable", "paterns"])
    assert "--disable: unknown reading stage paterns" in capsys.readouterr().err


def test_a_silenced_table_reads_nothing_and_an_unknown_one_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from chronomem.extractors.rules.tables import patterns

    monkeypatch.setattr(patterns, "PATTERNS", patterns.PATTERNS)  # restored after the test
    split = tmp_path / "mine"
    split.mkdir()
    (split / "part01.jsonl").write_text(json.dumps(ITEMS[0]) + "\n", encoding="utf-8")
    out = tmp_path / "out.json"
    argv = ["--split", str(split), "--no-learned", "--json", str(out)]
    assert reader_corpus.main(argv) == 0
    assert json.loads(out.read_text(encoding="utf-8"))[str(split)]["recall"]["all"]["found"] == 1
    assert reader_corpus.main([*argv, "--silence", "work_rows", "--silence", "inline"]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))[str(split)]["recall"]["all"]["found"] == 0
    with pytest.raises(SystemExit):
        reader_corpus.main([*argv, "--silence", "work_row"])
    assert "--silence: unknown work_row; give one of" in capsys.readouterr().err


def test_a_folder_without_items_is_refused_with_how_to_fix_it(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="--split"):
        reader_corpus.main(["--split", str(tmp_path)])


def test_a_found_fact_is_dated_on_the_day_its_label_names() -> None:
    told = NOW - timedelta(days=3)
    start = label("WORKS_AT", "Bolt", "start")
    on_the_day = [
        seen(
            "Ines",
            "WORKS_AT",
            "Bolt",
            valid_at=told,
            invalid_at=None,
            expired_at=None,
            told_at=NOW,
            told_here=True,
        )
    ]
    assert score_item([start], on_the_day, NAMES, [told.date()]).dated == (True,)
    said_day = [fact("Ines", "WORKS_AT", "Bolt")]  # dated when it was said
    score = score_item([start], said_day, NAMES, [told.date()])
    assert score.dated == (False,)
    assert any(line.startswith("dated ") for line in score.misses)
    assert score_item([start], said_day, NAMES, [None]).dated == (None,)  # no day named
    assert score_item([start], [], NAMES, [told.date()]).dated == (None,)  # not found


@pytest.mark.parametrize(
    ("text", "when", "days_before"),
    [
        ("started at Bolt last Friday, so far so good", "last Friday", 3),
        ("moved to Tartu on 1 June", "on 1 June", 14),
        ("I quit today", "today", None),  # the day it was told names no other day
        ("been vegan for ages", "for ages", None),  # no day at all
    ],
)
def test_the_day_a_label_names_is_read_in_its_items_text(
    text: str, when: str, days_before: int | None
) -> None:
    item = {"id": "x-1", "text": text, "facts": []}
    day = reader_corpus.told_day(item, {**label("WORKS_AT", None, "start"), "when": when})
    expected = (
        None
        if days_before is None
        else (reader_corpus.TOLD_AT - timedelta(days=days_before)).date()
    )
    assert day == expected


def test_an_assistants_reply_follows_a_turn_of_the_user_it_speaks_to() -> None:
    reply = {
        "id": "x-2",
        "speaker": "Assistant",
        "speaker_role": "assistant",
        "addressee": "Maya",
        "text": "Congrats on the move to Tartu, Maya!",
        "facts": [],
    }
    assert reader_corpus._turns(reply) == [("Maya", "Hi."), ("Assistant", reply["text"])]
    asked = {**reply, "context": [{"speaker": "Maya", "text": "We moved to Tartu!"}]}
    assert reader_corpus._turns(asked)[0] == ("Maya", "We moved to Tartu!")  # no greeting
    user = {**reply, "speaker": "Maya", "speaker_role": "user", "addressee": "Assistant"}
    assert reader_corpus._turns(user) == [("Maya", reply["text"])]
