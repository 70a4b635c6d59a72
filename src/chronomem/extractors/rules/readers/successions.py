"""States that a new statement takes over from, though it names them differently.

A pattern row reads what a sentence says; some statements also end what earlier turns told
under another name:

* a habit given up as a family ends its members: "I quit drinking", "no alcohol at all",
  "6 months sober today" end the open "beer" and "wine" habits; "quit smoking" ends
  "cigarettes" (``life_words.HABIT_FAMILIES``); a member taken up again ends the family's
  giving up: "started drinking again" ends "sober";
* a condition ended by its head noun ends the qualified one told before: "the infection
  cleared up" ends "sinus infection";
* a retirement ends the employer the person was told to have: "Dad retired on friday" ends
  "my dad works at the post office" (unless the sentence ends one itself: "retired from X");
* a post given up and taken over by someone named passes to them: "I stepped down as
  treasurer, Gloria took over" makes Gloria the treasurer;
* a person over the speaker who leaves ends that tie: "ville left after christmas" ends
  "my new team lead is Ville Korhonen", "Dr Hamon retired" ends "my GP is Dr Hamon";
* a condition that follows its forerunner ends it: "it's type 2 diabetes now" ends the open
  "pre-diabetic", "borderline hypertension" ends when "hypertension" is told
  (``life_words.CONDITION_FORERUNNERS``).

The open facts come from ``Known`` (this episode and the previous turns the engine passes);
each ending is reported like any other (the ended fact, no start), and resolution closes the
stored fact.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.gazetteer import PERSON_TITLES
from chronomem.extractors.rules.tables.life_words import CONDITION_FORERUNNERS, HABIT_FAMILIES
from chronomem.extractors.rules.tables.moves import RETIRED
from chronomem.text.words import word_set

_SOBRIETY = "sobriety"  # the state that ends the alcohol family ("6 months sober")
_STEM = 6  # letters two names of one condition share: "diabet(ic)" / "diabet(es)"
# the successor's verb, right after a name: "Gloria took over", "Yusuf has taken over"
_TOOK_OVER = re.compile(
    r"\s+(?:has |had |is |'s )?(?:took|taken|taking|takes|take) over\b(?! (?:from|as)\b)"
)


# the ties a person holds over the speaker, which end when they leave
_OVER_THE_SPEAKER = ("MANAGED_BY", "ROLE_HELD_BY")
_LEFT = re.compile(
    r"(?:'s|\s+(?:has|had|is|was))?\s+(?:just\s+|finally\s+|now\s+|also\s+)?"
    r"(?P<verb>left|quit|retired|resigned|moved on|stepped down|is leaving|has gone|"
    r"got (?:fired|sacked|let go|laid off)|was (?:fired|sacked|let go|laid off))\b",
    re.I,
)
# a person's titles, and the ward titles one is called by ("Sister Abrines")
_TITLES = PERSON_TITLES | word_set("doctor sister nurse")
_IF = re.compile(r"\b(?:if|unless|whether|might|may|could|would|will|won't|wonder)\b", re.I)


def succession_hits(hits: list[Hit], known: Known, s: Sentence) -> list[Hit]:
    """Endings of open facts that the ``hits`` of a sentence take over from, and a post
    given up passed on to its successor (``s``: the sentence, where the successor is named)."""
    out: list[Hit] = _holder_left(s, hits, known)
    for hit in hits:
        if hit.relation == "HAS_JOB_TITLE" and hit.ending:
            out += _passed_on(hit, s)
        if hit.relation == "HAS_HABIT":
            out += _family_endings(hit, known)
        elif hit.relation == "HAS_CONDITION" and not hit.ending:
            out += _forerunner_endings(hit, known)
        elif hit.relation == "HAS_CONDITION":
            out += _qualified_endings(hit, known)
        elif hit.relation == "HAS_JOB_TITLE" and hit.target.name == RETIRED and not hit.ending:
            out += _retired_endings(hit, hits, known)
    told = {_key(h) for h in hits}
    return [h for h in out if _key(h) not in told]


def _key(hit: Hit) -> tuple[str, str, str]:
    return hit.relation, normalize_name(hit.source.name), normalize_name(hit.target.name)


def _open(known: Known, hit: Hit) -> list[str]:
    return list(known.targets.get((normalize_name(hit.source.name), hit.relation), {}).values())


def _family(name: str) -> frozenset[str] | None:
    words = normalize_name(name).split()
    for family in HABIT_FAMILIES:
        if any(w in family or w.rstrip("s") in family for w in words):
            return family
    return None


def _ended(hit: Hit, name: str) -> Hit:
    label = "Habit" if hit.relation == "HAS_HABIT" else "Condition"
    return Hit(
        hit.relation, hit.source, Party(name, label, named=False), True, hit.clause, hit.verb
    )


def _family_endings(hit: Hit, known: Known) -> list[Hit]:
    family = _family(hit.target.name)
    sober = normalize_name(hit.target.name) == _SOBRIETY
    if family is None:
        return []
    if not (hit.ending or sober):  # "started drinking again": the sobriety told before ends
        held = [n for n in _open(known, hit) if normalize_name(n) == _SOBRIETY]
        return [_ended(hit, n) for n in held if _SOBRIETY in family]
    me = normalize_name(hit.target.name)
    return [
        _ended(hit, name)
        for name in _open(known, hit)
        if normalize_name(name) not in (me, _SOBRIETY) and _family(name) is family
    ]


def _forerunner(earlier: str, later: str) -> bool:
    """Is ``earlier`` named as the forerunner of ``later`` ("pre-diabetic" / "diabetes")?"""
    early = normalize_name(earlier)
    for prefix in CONDITION_FORERUNNERS:
        key = normalize_name(prefix)
        if early.startswith(key) and len(early) > len(key):
            early = early[len(key) :].strip()
            break
    else:
        if not early.startswith("pre"):
            return False
        early = early[3:]
    rest = normalize_name(later).split()
    return len(early) >= _STEM and any(w[:_STEM] == early[:_STEM] for w in rest)


def _forerunner_endings(hit: Hit, known: Known) -> list[Hit]:
    return [_ended(hit, name) for name in _open(known, hit) if _forerunner(name, hit.target.name)]


def _qualified_endings(hit: Hit, known: Known) -> list[Hit]:
    """ "infection cleared up" after "I've got a sinus infection": the same head noun."""
    head = normalize_name(hit.target.name)
    if " " in head:
        return []
    return [_ended(hit, n) for n in _open(known, hit) if normalize_name(n).endswith(" " + head)]


def _passed_on(hit: Hit, s: Sentence) -> list[Hit]:
    """ "stepped down as treasurer, Gloria took over": Gloria holds the post from now."""
    return [
        Hit(
            "HAS_JOB_TITLE",
            Party(sp.name, "Person"),
            hit.target,
            False,
            hit.clause,
            hit.verb,
            f"{sp.name} is the {hit.target.name}",
        )
        for sp in s.spans
        if sp.label in (None, "Person")
        and sp.start >= hit.verb[1]
        and _TOOK_OVER.match(s.text, sp.end)
    ][:1]


def _retired_endings(hit: Hit, hits: list[Hit], known: Known) -> list[Hit]:
    """ "mom retired in june" after "my mom teaches at Ridgeview": the job told before ends."""
    source = normalize_name(hit.source.name)
    if any(h.relation == "WORKS_AT" and normalize_name(h.source.name) == source for h in hits):
        return []  # "retired from the fire brigade": the sentence names the job itself
    employers = known.targets.get((source, "WORKS_AT"), {}).values()
    return [
        Hit(
            "WORKS_AT",
            hit.source,
            Party(name, known.labels.get(normalize_name(name)) or None),
            True,
            hit.clause,
            hit.verb,
        )
        for name in employers
    ]


def _holder_left(s: Sentence, hits: list[Hit], known: Known) -> list[Hit]:
    """ "ville left after christmas rush" after "my new team lead is Ville Korhonen": the
    speaker is no longer under the person who left (matched as they are called; a sentence
    that tells the tie itself, "Dr Halloran retired, my GP is now Dr Lund", is left to its
    hits, and one that names someone else, "we've been moved to a Dr Lund", to the readers
    of a successor)."""
    if not s.speaker or s.assistant or _IF.search(s.text):
        return []
    speaker = Party(s.speaker, "Person", speaker=True)
    out: list[Hit] = []
    told = {h.relation for h in hits}
    for relation in _OVER_THE_SPEAKER:
        if relation in told:
            continue
        for name in known.targets.get((normalize_name(s.speaker), relation), {}).values():
            for m in re.finditer(rf"\b{re.escape(_called(name))}\b", s.text, re.I):
                left = _LEFT.match(s.text, m.end())
                if left and not _successor_named(s, name):
                    verb = (left.start("verb"), left.end("verb"))
                    out.append(
                        Hit(relation, speaker, Party(name, "Person"), True, (0, len(s.text)), verb)
                    )
                    break
    return out


def _called(name: str) -> str:
    """How a held person is called in passing: "Ville Korhonen" by "Ville", "Dr Hamon" by
    "Hamon"."""
    words = name.split()
    titled = len(words) > 1 and words[0].lower().rstrip(".") in _TITLES
    return words[-1] if titled else words[0]


def _successor_named(s: Sentence, holder: str) -> bool:
    """Does the sentence name a person besides ``holder`` (by any of their words)?"""

    def words(name: str) -> set[str]:
        return {w.lower().rstrip(".") for w in name.split()} - _TITLES

    return any(
        sp.label in (None, "Person") and not (words(sp.name) & words(holder)) for sp in s.spans
    )
