"""``RuleOracle``: a cautious, rule-based stand-in for a model, for ``FakeOpenAIServer``.

It answers chronomem's own prompts (extract, resolve, summarize, score) by reading them the
way they are rendered, so the whole LLM path runs offline with plausible answers:

* extract — the speaker and capitalised phrases are entities (a name from the previous
  episodes counts in any case: "bubbles died" names Bubbles); a few verb patterns give
  WORKS_AT / LIVES_IN facts (an ending like "I left Google last week" is the WORKS_AT fact
  with ``invalid_at`` a week before the reference time); every other sentence gives one
  ``speaker -MENTIONS-> entity`` fact per entity it names, dated at the reference time
  (the same content the Graphiti peer harness's fake extracts, for side-by-side benchmarks);
* resolve — a candidate with the same normalised name is the same entity; a stored fact
  with the same text, or the same non-MENTIONS relation between the same entities, is a
  duplicate; a new open fact of a relation that holds one value at a time (model/relations.py)
  contradicts the same subject's other ones of that relation;
* summarize — current summary plus new information, clipped; summarize_community — the
  key terms as the name, the facts as the summary; score — word overlap.

Not a language model: it exists so tests and benchmarks exercise real prompts, real HTTP
and real validation, deterministically.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from chronomem.model.graph import JSONValue
from chronomem.model.names import normalize_name
from chronomem.model.relations import FUNCTIONAL_RELATIONS
from chronomem.testing._fake_wire import ChatRequest

__all__ = ["RuleOracle"]

FUNCTIONAL = FUNCTIONAL_RELATIONS  # the one table, model/relations.py

_STOP_WORDS = """i i'm im i've i'd i'll me my we we're our you you're your he she it its
    they them their
    the a an and but or so if then than that this these those there here what when where why
    how who which yes no oh hey hi hello thanks thank sure okay ok also just maybe nice great
    good cool wow congrats congratulations welcome sorry please deal well anyway every by of in
    on at for with to from is are was were be been am do does did have has had will would can
    could should not any some all very really speaking sounds of course exactly absolutely
    monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday
    january february march april may june july august september october november december
    dr mr mrs ms prof"""
_STOP = frozenset(_STOP_WORDS.split())
_CAPITALISED = re.compile(
    r"\b[A-Z][\w'’&-]*(?:\s+(?:of|the|de|van|von|and|&)\s+[A-Z][\w'’&-]*|\s+[A-Z][\w'’&-]*)*"
)
_SPEAKER = re.compile(r"^([A-Z][\w .'-]{0,40}?):\s*(.*)$")
_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_WORKS = r"(?:started (?:a (?:new )?job|working) (?:at|for)|work(?:s|ing)? (?:at|for)|joined)"
_ENDS = r"(?:left|quit|resigned from|stopped working (?:at|for))"
_LIVES = r"(?:live[sd]? in|living in|moved to|moving to)"


class RuleOracle:
    """Callable ``ChatRequest -> answer`` for :class:`FakeOpenAIServer`'s ``auto_answer``."""

    def __call__(self, request: ChatRequest) -> JSONValue:
        task = request.task if request.task != "json_object" else _task_from(request.system)
        if task.startswith("extract"):
            return self.extract(request.user) if task == "extract" else _empty_extract()
        if task == "resolve":
            return self.resolve(request.user)
        if task == "summarize":
            return self.summarize(request.user)
        if task == "summarize_community":
            return self.summarize_communities(request.user)
        if task == "score":
            return self.score(request.user)
        return {}

    # -- extract ---------------------------------------------------------------------------
    def extract(self, prompt: str) -> JSONValue:
        ref = _reference_time(prompt)
        lines = _section(prompt, r"<current[^>]*>", "</current>").splitlines()
        known = _names(_section(prompt, "<previous>", "</previous>"))  # "bubbles" = Bubbles
        entities: dict[str, dict[str, JSONValue]] = {}
        facts: list[JSONValue] = []
        for line in lines:
            match = _SPEAKER.match(line.strip())
            speaker, body = (match.group(1), match.group(2)) if match else (None, line)
            if speaker:
                entities.setdefault(normalize_name(speaker), _entity(speaker, "Person", body))
            for sentence in re.split(r"(?<=[.!?])\s+", body.strip()):
                names = _names(sentence)
                names += [
                    k
                    for k in known
                    if re.search(rf"\b{re.escape(k)}\b", sentence, re.I)
                    and normalize_name(k) not in {normalize_name(n) for n in names}
                ]
                for name in names:
                    entities.setdefault(normalize_name(name), _entity(name, "Entity", sentence))
                if speaker:
                    facts += _facts(speaker, sentence, names, ref)
        return {"entities": list(entities.values()), "facts": facts}

    # -- resolve ---------------------------------------------------------------------------
    def resolve(self, prompt: str) -> JSONValue:
        entity_answers: list[JSONValue] = []
        for number, name, candidates in _entity_questions(prompt):
            same = next(
                (a for a, n in candidates if normalize_name(n) == normalize_name(name)), None
            )
            entity_answers.append({"entity": number, "same_as": same})
        fact_answers: list[JSONValue] = []
        for key, new, same_pair, related in _fact_questions(prompt):
            duplicate = next((c[0] for c in same_pair if _duplicates(new, c)), None)
            contradicts: list[JSONValue] = [
                c[0]
                for c in same_pair + related
                if c[0] != duplicate
                and new[1] in FUNCTIONAL
                and c[1] == new[1]
                and new[3] == "?"
                and _subject(c[2]) == _subject(new[2])
            ]
            fact_answers.append(
                {"fact": key, "duplicate_of": duplicate, "contradicts": contradicts}
            )
        return {"entities": entity_answers, "facts": fact_answers}

    # -- summarize / score -----------------------------------------------------------------
    def summarize(self, prompt: str) -> JSONValue:
        out: list[JSONValue] = []
        for block in re.split(r"\n(?=\[)", _section(prompt, "<items>", "</items>")):
            head = re.match(r"\[([^\]]+)\]", block.strip())
            if head:
                texts = re.findall(r"^\s+(?:current|new): (.*)$", block, re.M)
                out.append({"key": head.group(1), "summary": " ".join(texts)[:300]})
        return {"summaries": out}

    def summarize_communities(self, prompt: str) -> JSONValue:
        out: list[JSONValue] = []
        for block in re.split(r"\n(?=\[)", _section(prompt, "<communities>", "</communities>")):
            head = re.match(r"\[([^\]]+)\] .*?key terms: (.*)$", block.strip(), re.M)
            if head:
                facts = re.findall(r"^\s+fact: (.*)$", block, re.M)
                name = ", ".join(head.group(2).split(", ")[:3])
                summary = " ".join(facts)[:300] or f"Entities around {name}."
                out.append({"key": head.group(1), "name": name, "summary": summary})
        return {"communities": out}

    def score(self, prompt: str) -> JSONValue:
        query = set(normalize_name(_section(prompt, "<query>", "</query>")).split())
        scores: list[JSONValue] = []
        for number, text in re.findall(r"^\[(\d+)\] (.*)$", prompt, re.M):
            words = set(normalize_name(text).split())
            overlap = len(query & words) / max(len(query), 1)
            scores.append({"id": int(number), "score": round(10 * overlap, 1)})
        return {"scores": scores}


def _task_from(system: str) -> str:
    for marker, task in (
        ("Extract a knowledge graph", "extract"),
        ("memory graph consistent", "resolve"),
        ("up-to-date summary", "summarize"),
        ("is a community", "summarize_community"),
        ("Rate how relevant", "score"),
    ):
        if marker in system:
            return task
    return ""


def _empty_extract() -> JSONValue:
    return {"entities": [], "facts": []}


def _section(text: str, start: str, end: str) -> str:
    match = re.search(start + r"\n?(.*?)\n?" + re.escape(end), text, re.S)
    return match.group(1) if match else ""


def _reference_time(prompt: str) -> datetime:
    stamp = _section(prompt, "<reference_time>", "</reference_time>").split(" ")[0]
    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return datetime(1970, 1, 1, tzinfo=UTC)


def _entity(name: str, label: str, sentence: str) -> dict[str, JSONValue]:
    return {"name": name, "labels": [label], "summary": sentence.strip()[:120]}


def _names(sentence: str) -> list[str]:
    cleaned = re.sub(r"\b(Dr|Mr|Mrs|Ms|Prof|St)\.", r"\1", sentence)
    out: list[str] = []
    for match in _CAPITALISED.finditer(cleaned):
        words = re.sub(r"['’]s$", "", match.group(0).strip(" .'’-")).split()
        while words and words[0].lower().strip("'’") in _STOP:
            words = words[1:]
        while words and words[-1].lower().strip("'’") in _STOP:
            words = words[:-1]
        name = " ".join(words)
        if len(name) > 1 and normalize_name(name) not in {normalize_name(n) for n in out}:
            out.append(name)
    return out


def _first_person(speaker: str, sentence: str) -> str:
    text = re.sub(r"\bI['’]m\b", f"{speaker} is", sentence)
    text = re.sub(r"\bI['’]ve\b", f"{speaker} has", text)
    text = re.sub(r"\bI['’]ll\b", f"{speaker} will", text)
    text = re.sub(r"\b(?:I|me)\b", speaker, text)
    return re.sub(r"\b[Mm]y\b", f"{speaker}'s", text)


def _when(sentence: str, ref: datetime) -> datetime:
    lowered = sentence.lower()
    if "last week" in lowered:
        return ref - timedelta(days=7)
    if "yesterday" in lowered:
        return ref - timedelta(days=1)
    ago = re.search(r"\b(a|one|two|three|four|five|six|\d+) (day|week)s? ago", lowered)
    if ago:
        count = _NUMBERS.get(ago.group(1)) or int(ago.group(1))
        return ref - timedelta(days=count * (7 if ago.group(2) == "week" else 1))
    return ref


def _iso(value: datetime) -> str:
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _facts(speaker: str, sentence: str, names: list[str], ref: datetime) -> list[JSONValue]:
    others = [n for n in names if normalize_name(n) != normalize_name(speaker)]
    text = _first_person(speaker, sentence.strip())
    if not sentence.strip().endswith("?"):
        for pattern, relation, ends in (
            (_ENDS, "WORKS_AT", True),
            (_WORKS, "WORKS_AT", False),
            (_LIVES, "LIVES_IN", False),
        ):
            for name in others:
                if re.search(pattern + r"\s+(?:the\s+)?" + re.escape(name), sentence):
                    when = _iso(_when(sentence, ref))
                    return [
                        _fact(
                            speaker,
                            name,
                            relation,
                            text,
                            None if ends else when,
                            when if ends else None,
                        )
                    ]
    facts: list[JSONValue] = []
    for n, name in enumerate(others):
        said = text if n == 0 else f"{text} ({speaker} about {name})"
        facts.append(_fact(speaker, name, "MENTIONS", said, _iso(ref), None))
    return facts


def _fact(
    source: str, target: str, relation: str, text: str, valid: str | None, invalid: str | None
) -> JSONValue:
    return {
        "source": source,
        "target": target,
        "relation": relation,
        "fact": text,
        "valid_at": valid,
        "invalid_at": invalid,
    }


def _entity_questions(prompt: str) -> list[tuple[int, str, list[tuple[str, str]]]]:
    out: list[tuple[int, str, list[tuple[str, str]]]] = []
    for line in _section(prompt, "<entities>", "</entities>").splitlines():
        head = re.match(r"^E(\d+) (.+?)(?: \([^)]*\))?(?:: .*)?$", line)
        cand = re.match(r"^\s+(e\d+) (.+?)(?: \([^)]*\))?(?:: .*)?$", line)
        if head:
            out.append((int(head.group(1)), head.group(2), []))
        elif cand and out:
            out[-1][2].append((cand.group(1), cand.group(2)))
    return out


_FactLine = tuple[str, str, str, str]  # (alias or key, relation, text, end)
_FACT = re.compile(r'^\s*(F\d+|f\d+) ([A-Z][A-Z0-9_]*) "(.*)" \((\S+) → (\S+)\)$')


def _fact_questions(prompt: str) -> list[tuple[int, _FactLine, list[_FactLine], list[_FactLine]]]:
    out: list[tuple[int, _FactLine, list[_FactLine], list[_FactLine]]] = []
    bucket: list[_FactLine] = []
    for line in _section(prompt, "<facts>", "</facts>").splitlines():
        match = _FACT.match(line)
        if line.strip() == "same entities:" and out:
            bucket = out[-1][2]
        elif line.strip() == "related:" and out:
            bucket = out[-1][3]
        elif match and match.group(1).startswith("F"):
            new = (match.group(1), match.group(2), match.group(3), match.group(5))
            out.append((int(match.group(1)[1:]), new, [], []))
        elif match:
            bucket.append((match.group(1), match.group(2), match.group(3), match.group(5)))
    return out


def _duplicates(new: _FactLine, stored: _FactLine) -> bool:
    if normalize_name(new[2]) == normalize_name(stored[2]):
        return True
    return new[1] == stored[1] and new[1] != "MENTIONS"


def _subject(text: str) -> str:
    words = normalize_name(text).split()
    return words[0] if words else ""
