"""Why a label is lost, label by label: which head of the reader never read it, or where the
fact it read right stopped (``bench/reader_funnel.py --causes``).

The funnel's stage table counts the reader's *facts*; a label the reader never read right
appears in no row of it. This module counts the *labels* (those told as holding, ending or
planned), each under one cause, split by the label's aspect and by the item's voice, with
how many of them the memory found anyway (by the rules, or a fact of another turn):

- ``right: <stage>``: some fact of the reader is right for it (relation, kind of subject,
  value, aspect group), and the first such fact stopped at ``<stage>`` (a gate, "not read:
  why", or made);
- ``aspect head: read as <aspect>``: a fact of its relation, kind of subject and value, of
  another aspect group (a plan read as a start);
- ``subject head: read as <kind>``: a fact of its relation and value, for another kind of
  person (a narrated third person's move read as the speaker's);
- ``relation head: read as <relation>``: a fact of its value under another relation;
- ``value never spanned``: no fact of the reader has its value (``no value`` for a label
  whose value is null: a replacement that only ends).

Totals only: a held-out split's items are never printed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from reader_match import same_value

from chronomem.extractors.rules.trace import ReaderFate

GROUP = {"state": "holds", "start": "holds", "correction": "holds", "end": "end", "plan": "plan"}


def kind_of(subject: str) -> str:
    return subject if subject in ("speaker", "addressee") else "third"


def cause_of(label: dict[str, object], fates: Sequence[ReaderFate], right_stage: str) -> str:
    """Why ``label`` is where it is (``right_stage``: where the first fact right for it
    stopped, "" when none is right)."""
    if right_stage:
        return f"right: {right_stage}"
    said = label["value"] if isinstance(label["value"], str) else None
    if said is None:
        return "no value"
    spanned = [f for f in fates if same_value(said, f.text[f.fact.value[0] : f.fact.value[1]])]
    if not spanned:
        return "value never spanned"
    relation, kind = label["relation"], kind_of(str(label["subject"]))
    same = [f for f in spanned if f.fact.relation == relation]
    theirs = [f for f in same if f.fact.subject == kind]
    if theirs:
        return f"aspect head: read as {GROUP.get(theirs[0].fact.aspect, theirs[0].fact.aspect)}"
    if same:
        return f"subject head: read as {same[0].fact.subject}"
    return f"relation head: read as {spanned[0].fact.relation}"


def _pair() -> list[int]:
    return [0, 0]


def by_cause() -> defaultdict[str, list[int]]:
    """``"aspect:plan | cause"`` / ``"voice:narration | cause"`` -> [labels, found]
    (module-level factories: a worker's counts are pickled back)."""
    return defaultdict(_pair)


def count(
    causes: defaultdict[str, list[int]],
    voice: str,
    label: dict[str, object],
    cause: str,
    found: bool,
) -> None:
    for key in (f"aspect:{label['aspect']}", f"voice:{voice}"):
        row = causes[f"{key} | {cause}"]
        row[0] += 1
        row[1] += found


def merge(into: defaultdict[str, list[int]], other: dict[str, list[int]]) -> None:
    for key, (n, found) in other.items():
        into[key][0] += n
        into[key][1] += found


def table(causes: dict[str, list[int]], keys: Iterable[str]) -> Iterable[str]:
    """One Markdown table per key (``aspect:plan``, ``voice:narration``): labels by cause."""
    for key in keys:
        rows = [(k.split(" | ", 1)[1], v) for k, v in causes.items() if k.startswith(key + " | ")]
        if not rows:
            continue
        total = sum(n for _, (n, _) in rows)
        found = sum(f for _, (_, f) in rows)
        yield ""
        yield f"| {key} ({total} labels, {found} found): cause | labels | found by the memory |"
        yield "|---|---|---|"
        for cause, (n, f) in sorted(rows, key=lambda kv: -kv[1][0]):
            yield f"| {cause} | {n} | {f} |"
