"""Habits by their grammar: a first-person clause with a frequency, a habit given up, a new
one taken up in its place, and "I'm into X".

* "I run 5k every morning", "I knit in the evenings", "I drink like 4 coffees a day",
  "I usually have a couple beers every night": a present-tense verb with a frequency
  adverbial is a habit (HAS_HABIT). A verb with an object names the object ("coffee",
  "hot yoga"); an activity verb without one names the activity ("running", "knitting").
* "I stopped running", "I quit coffee", "I gave up meat", "I don't do yoga anymore", "I can't
  watch horror anymore", "I no longer run": the habit ends (also beside facts a pattern
  found: "I can't watch horror anymore, I'm into comedies now").
* In a sentence that ends a habit, "switched to pilates" / "swimming instead" is the new one.
* "all about jazz now", "new obsession: X": a taste (LIKES), which accumulates; "I prefer aisle
  seats now": PREFERS, one per kind of thing (the head noun: seats), so it replaces "I prefer
  window seats" but not "I prefer tea".
* "I get migraines almost every week": a recurring condition (HAS_CONDITION); "I haven't had
  a migraine in 3 months" ends it.

Habits accumulate (``model/relations.py``): a new one never closes the old; only an ending
does, and the engine ends what names the same thing (``engine/endings.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.readers.end_words import is_visit
from chronomem.extractors.rules.readers.habit_words import (
    activity,
    gerund,
    given_up,
    habit_object,
    habit_of,
    habit_thing,
    singular,
)
from chronomem.extractors.rules.tables.favourites import OPENERS, ROOM_FOR
from chronomem.extractors.rules.tables.gazetteer import DEVICE_HEADS
from chronomem.extractors.rules.tables.lexicon import (
    DETERMINERS,
    LY_ADVERB,
    OTHER_SUBJECTS,
    PRONOUNS,
    TIME_WORDS,
)
from chronomem.extractors.rules.tables.life_words import ACTIVITIES, HABITS, NOT_HOBBY
from chronomem.text.words import word_set

# a habit taken up again or kept in part, not the one given up: "started again", "back on
# the cigs", "now I drink only on Sundays"
_AGAIN = re.compile(
    r"\b(?:again|back on|relapsed|started|took up|picked up|now|nowadays|these days|only|"
    r"still)\b",
    re.I,
)
_FREQ = (
    r"(?:every (?:single )?(?:morning|night|evening|day|week|weekend|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)|each (?:morning|night|evening|day|week)|daily|nightly|"
    r"(?:once|twice|\w+ times|\d+ ?x) (?:a|per|every) (?:day|week|month)|(?:a|per) day|"
    r"\w+ (?:days|mornings|evenings|nights) (?:a|per) week|"
    r"in the (?:evenings|mornings)|on (?:the )?weekends|on \w+days|most (?:days|nights|"
    r"mornings|evenings|weekends|\w+days)|constantly|all the time|religiously|nonstop|"
    # a routine's time of day: "I go for a walk after work", "I read before bed"
    r"(?:after|before) (?:work|school|dinner|breakfast|bed))\b"
)
# (an adverb is never the habit's verb: "I already kayak on weekends", "I sometimes swim
# before work", "I religiously run on Sundays")
_ADVERBS = (
    rf"(?:(?:always|often|still|also|already|sometimes|even|try to|just|now|{LY_ADVERB})"
    r" )*"
)
_HABIT = re.compile(
    rf"\bi(?: {_ADVERBS}(?P<verb>[a-z]+)|(?P<am>'m))\b(?P<rest>[^.!?;,]*?)\b{_FREQ}"
    # the frequency first: "on Saturdays I go swimming", "every morning I am running 5 km"
    rf"|(?:^\W*|(?<=[,;]\s)|(?<=\band\s)|(?<=\bbut\s)){_FREQ},? i {_ADVERBS}(?P<verb2>[a-z]+)\b"
    r"(?P<rest2>[^.!?;,]*)",
    re.I,
)
# "gym 5x a week", "10 cigs a day rn", "swimming 3x a week again": a chat line naming a thing
# and how often, with no verb and no subject (the writer's habit); at the line's start or after
# "but" ("pls dont judge but 10 cigs a day")
_VERBLESS = re.compile(
    rf"(?:^|(?<=\bbut ))\W*{OPENERS}(?:back (?:at|to) )?(?P<count>\d+\w* |a couple (?:of )?)?"
    rf"(?P<obj>[a-z][\w-]*(?: [a-z][\w-]*){{0,2}}?) (?P<freq>{_FREQ})",
    re.I,
)
# so many times a week: what one does as a habit, whatever it is ("reformer 3x a week"); a
# thing taken daily may be a medicine ("insulin twice a day"), one on Sundays a sport
# on and on, not a routine: "sneezing nonstop", "I'm coughing constantly"
_ON_AND_ON = re.compile(r"(?:nonstop|constantly|all the time)$", re.I)
_WEEKLY = re.compile(r"(?:once|twice|\w+ times|\d+ ?x) (?:a|per|every) week\b", re.I)
_NOT_A_THING = PRONOUNS | OTHER_SUBJECTS | DETERMINERS | TIME_WORDS
# a thing one lets fall, not a habit dropped: "dropped my phone", "dropped the keys"
_DROPPABLE = DEVICE_HEADS | word_set("keys key bag wallet glasses cup mug plate ball tray")
_A_THING_DROPPED = re.compile(rf"\b(?:{'|'.join(sorted(_DROPPABLE))})$", re.I)
_GIVE_UP = re.compile(
    r"(?:\bi(?: have|'ve)? |^\W*(?:(?:so|and|also|finally|just|ok|okay|well|lol|update|"
    r"honestly|tbh|ngl)\W+)*)"
    r"(?:finally |completely |totally )?(?P<verb>stopped|quit|gave up(?: on)?|given up(?: on)?|"
    r"cut out|cut(?= [\w-]+ (?:out|completely|entirely|altogether|cold turkey)\b)|"
    r"dropped|ditched|no longer)\s+(?P<rest>[^.!?;,]*)",
    re.I,
)
# "I don't do yoga anymore"; a chat line may drop the "I" before "can't" (an imperative
# "don't text him anymore" tells nothing about the speaker)
_NOT_ANYMORE = re.compile(
    r"(?:\bi (?:don't|do not|dont|can't|cannot|cant|won't)|^(?:can't|cannot|cant))"
    r" (?P<rest>[^.!?;,]*?)\s+"
    r"(?:anymore|any more|any longer)\b",
    re.I,
)
# "no running for me until June", "no more gaming for me": an activity given up (not "no
# swimming for me today")
_NO_MORE = re.compile(
    r"(?:^|(?<=[,;.!?] )|(?<=\bso )|(?<=\bbut ))\W*no (?:more )?(?P<rest>[a-z]+ing)"
    r" (?:for me|anymore|any more|at all|until)\b"
    r"(?! (?:today|tonight|tomorrow|this (?:morning|evening|week|weekend)))",  # only a day off
    re.I,
)
_TAKE_UP = re.compile(
    r"\b(?:switched|switching|changed|moved) (?:over )?to (?P<a>[^.!?;,]+)|"
    r"\b(?P<b>[a-z]+ing) instead\b|"
    # "cut caffeine completely, only herbal tea now": what one keeps to after giving one up
    r"\bonly (?P<c>[a-z][a-z-]*(?: [a-z][a-z-]*)?) (?:now|these days|from now on)\b",
    re.I,
)
# what stands between the verb and the habit: "can't focus with jazz", "don't have the
# patience for crosswords anymore" (the crosswords, not the patience)
_GOVERNED = re.compile(rf"^(?:with|to|on|about|{ROOM_FOR})\s+", re.I)
_NOT_SINCE = re.compile(
    r"(?:\bi |^\W*)(?:haven't|have not|havent|haven't even) (?:had|gotten|got) "
    r"(?:a |an |any |one )?(?P<obj>[a-z-]+) (?:in|since|for)\b",
    re.I,
)
# "haven't been to the gym in months", "not gone to choir since june": a place one went to
# as a habit, not gone to for a while
_NOT_BEEN = re.compile(
    r"(?:\bi |^\W*)(?:haven't|have not|havent|haven't even|have not even) (?:even )?"
    r"(?:been|gone) (?:to|for) (?:the |a |my |any )?(?P<obj>[a-z][a-z-]*(?: [a-z-]+)??)"
    r" (?:in|since|for)\b",
    re.I,
)
# "haven't smoked since new year's", "I haven't had a drink in weeks": a habit's verb
_NOT_DONE = re.compile(
    r"(?:\bi |^\W*)(?:haven't|have not|havent|haven't even|have not even) (?:even )?"
    r"(?P<verb>smoked|vaped|drunk|drank|gambled|had a (?:drink|cigarette|smoke|cig|beer))"
    r" (?:in|since|for)\b",
    re.I,
)
_DONE_HABIT = {"smoked": "smoking", "vaped": "vaping", "drunk": "drinking", "drank": "drinking",
               "gambled": "gambling", "drink": "drinking", "beer": "drinking",
               "cigarette": "smoking", "smoke": "smoking", "cig": "smoking"}  # fmt: skip
_PREFER = re.compile(
    r"\bi(?:'ve| have| now| still| really| definitely)*(?: started| always| now)? "
    r"(?:prefer|preferred|preferring) (?P<obj>[a-z][a-z-]*(?: [a-z][a-z-]*){0,2}?)"
    r"(?=\s+(?:on|for|over|to|in|at|when|now|these|because|since|instead|than)\b|\s*[.!?,;]|\s*$)",
    re.I,
)
# "hiking holidays only from here on", "lo-fi beats only now": a verbless clause naming what
# one now keeps to is a preference (PREFERS, one per kind: the head noun).
_ONLY = re.compile(
    r"(?:^|(?<=[,;:.!?])|(?<=[,;:.!?] ))(?:(?:and|but|so|now) )?"
    r"(?P<obj>[a-z][a-z-]*(?: [a-z][a-z-]*){0,2}) only (?:now|from now on|from here on(?: out)?|"
    r"these days|going forward)\b",
    re.I,
)
# a chat line's "all about jazz now" or "new obsession: fontaines dc", with no subject ("I'm
# into X" and "I'm hooked on X" are the pattern table's, for anyone)
_INTO = re.compile(
    r"(?:(?:^|(?<=[,;:.!?] ))\W*(?:(?:lol|ok|so|now|and|but|honestly"
    r"|tbh|ngl) )*(?:all about|(?:my )?(?:new |latest |current )?obsession(?: rn| atm| now)?"
    r"(?::| is))) (?P<obj>[a-z0-9][a-z0-9 &'-]*?)"
    r"(?=\s*(?:[.!?,;]|$|\bnow\b|\blately\b|\bthese days\b|\bagain\b|\btoo\b))",
    re.I,
)


def named_as_habit(hit: Hit, held: Sequence[str]) -> Hit:
    """A habit's ending ``hit`` of any stage named as the habit ``held`` it ends, when it
    names it in other words ("quit smoking" ends the "cigs" that "10 cigs a day" told)."""
    if hit.relation != "HAS_HABIT" or not hit.ending or hit.target.named:
        return hit
    name = hit.target.name.lower()
    same = [h for h in held if h.lower() != name and habit_of(h.lower()) == habit_of(name)]
    return replace(hit, target=replace(hit.target, name=same[0])) if len(same) == 1 else hit


def given_up_before(hit: Hit, given_up: Sequence[str], s: Sentence) -> Hit:
    """A habit an earlier sentence of the message gave up, told after it as a state ("I
    decided: no more cigarettes. I smoke since 16 years old, one pack a day"): its past, so
    an ending, unless the clause takes it up again or keeps it in part ("started smoking
    again", "I used to drink a lot. Now I drink only on Sundays")."""
    if hit.relation != "HAS_HABIT" or hit.ending or not given_up:
        return hit
    kind = habit_of(hit.target.name.lower())
    if all(habit_of(g) != kind for g in given_up) or _AGAIN.search(s.text, *hit.clause):
        return hit
    return replace(hit, ending=True, over=True)


def _hit(s: Sentence, name: str, relation: str, span: tuple[int, int], ending: bool) -> Hit:
    me = Party(s.speaker or "", "Person", speaker=True)
    clause = s.clause_at(span[0])
    return Hit(relation, me, Party(name, "Activity", False), ending, clause, span)


def _kept_to(s: Sentence, have: set[str]) -> list[Hit]:
    """ "hiking holidays only from here on": PREFERS, with a text that names the preference
    (its head noun is the kind, so it replaces "I prefer beach holidays")."""
    out = []
    for m in _ONLY.finditer(s.text):
        thing = habit_object(m.group("obj"))
        if thing and thing not in have and len(thing) > 2:
            have.add(thing)
            hit = _hit(s, thing, "PREFERS", m.span(), False)
            out.append(replace(hit, text=f"{s.speaker} prefers {thing}"))
    return out


def habit_hits(
    s: Sentence, found: list[Hit], *, ended_before: bool = False, held: Sequence[str] = ()
) -> list[Hit]:
    """Habits and tastes of the speaker in ``s``, when no pattern explained the sentence;
    ``ended_before``: an earlier sentence of the message gave a habit up ("I quit coffee.
    switched to green tea"); ``held``: the habits the speaker holds (told before and not
    ended): "swimming instead" takes the place of the one held."""
    if not s.speaker or s.assistant or s.question:
        return []
    have = {h.target.name.lower() for h in found}
    out: list[Hit] = []

    told = [h.verb for h in found]  # what the patterns read is told by their facts

    def add(name: str | None, relation: str, m: re.Match[str], ending: bool = False) -> None:
        name = activity(name) if relation == "HAS_HABIT" else name
        hit = _hit(s, name or "", relation, m.span(), ending)
        read = any(a < m.end() and m.start() < b for a, b in told)
        # "stopped monday": a day; "stopped going": going where is not said
        # (a preference may be of any doing: "I prefer to work at night")
        bare = relation != "PREFERS" and name is not None and name.lower() in _NO_HABIT
        if name and name not in have and len(name) > 2 and not read and not bare:
            have.add(name)
            out.append(hit)

    ended = ended_before
    for m in _GIVE_UP.finditer(s.text):
        if is_visit(m.group("verb"), m.group("rest"), ""):
            continue  # "stopped by the old office", "dropped off the kids": an errand
        thing = given_up(m.group("rest"))
        if m.group("verb").lower() == "dropped" and _A_THING_DROPPED.search(thing or ""):
            continue  # "dropped ma phone in the burn": a thing let fall, no habit
        add(thing, "HAS_HABIT", m, True)
        ended = True
    for m in _NOT_SINCE.finditer(s.text):  # "I haven't had a migraine / coffee in 3 months"
        thing = singular(m.group("obj").lower())
        add(thing, "HAS_HABIT" if thing in HABITS else "HAS_CONDITION", m, True)
    for m in _NOT_BEEN.finditer(s.text):
        if m.group("obj")[0].islower():  # "haven't been to Paris in years": no habit
            add(habit_object(m.group("obj")), "HAS_HABIT", m, True)
    for m in _NOT_DONE.finditer(s.text):
        add(_DONE_HABIT[m.group("verb").lower().split()[-1]], "HAS_HABIT", m, True)
    for m in _NO_MORE.finditer(s.text):
        if m.group("rest").lower() not in NOT_HOBBY:  # "no thing for me"
            add(given_up(m.group("rest")), "HAS_HABIT", m, True)
            ended = True
    for m in _NOT_ANYMORE.finditer(s.text):
        verb, _, rest = m.group("rest").partition(" ")
        rest = _GOVERNED.sub("", rest)  # "can't focus with jazz", "don't go to the gym"
        add(habit_object(rest) or habit_thing(verb, rest), "HAS_HABIT", m, True)
        ended = True
    out += _kept_to(s, have)
    if ended:  # "I hurt my shoulder so I stopped crossfit, doing swimming instead"
        for m in _TAKE_UP.finditer(s.text):
            add(habit_object(m.group("a") or m.group("b") or m.group("c") or ""), "HAS_HABIT", m)
    elif held:
        out += _instead_of_held(s, held, add)
    if found:
        return out  # a sentence a pattern explained is told by its facts (endings aside)
    for m in _PREFER.finditer(s.text):  # one per kind: window seats / aisle seats
        add(_preferred(m.group("obj").lower()), "PREFERS", m)
    for m in _HABIT.finditer(s.text):
        verb = m.group("verb") or m.group("verb2") or "am"  # "I'm swimming 3x a week"
        rest = m.group("rest") or m.group("rest2")
        if m.group("am") and _ON_AND_ON.search(m.group()):
            continue
        if verb.lower() in ("get", "gets"):  # "I get migraines every week"
            add(habit_object(rest, consumed=True), "HAS_CONDITION", m)
        elif _PRONOUN_OBJECT.match(rest):  # "used to hate coffee, now I drink it daily"
            add(_antecedent(s.text[: m.start()]), "HAS_HABIT", m)
        else:
            add(habit_thing(verb, rest), "HAS_HABIT", m)
    for m in _VERBLESS.finditer(s.text):
        add(_verbless_habit(s, m), "HAS_HABIT", m)
    for m in _INTO.finditer(s.text):
        liked = m.group("obj")
        add(habit_object(liked) if len(liked.split()) > 2 else liked.lower(), "LIKES", m)
    return out


def _preferred(obj: str) -> str:
    """What is preferred: a thing ("window seats"), or a verb's doing ("to read" ->
    "reading": "I have always preferred to read on paper")."""
    words = obj.split()
    if len(words) > 1 and words[0] == "to":
        return " ".join([gerund(words[1]), *words[2:]])  # "to do yoga" -> "doing yoga"
    return obj


# days, and verbs too light to name a habit on their own
_NO_HABIT = TIME_WORDS | {"going", "coming", "doing", "getting", "being", "having", "making"}
_NO_HABIT |= {"live", "living", "work", "working"}  # "no longer live in X": a home, a job
_PRONOUN_OBJECT = re.compile(r"\s*(?:it|them)\b", re.I)
_WORD = re.compile(r"[a-z][a-z-]*", re.I)


def _antecedent(before: str) -> str | None:
    """What "it" stands for in a habit told of it ("used to hate coffee, now I drink it every
    morning"): the last thing named before it in the sentence that is a habit or an
    activity (``life_words``); ``None`` when there is none."""
    words = [singular(w.lower()) for w in _WORD.findall(before)]
    return next((w for w in reversed(words) if w in HABITS or w in ACTIVITIES), None)


def _verbless_habit(s: Sentence, m: re.Match[str]) -> str | None:
    """The habit the verbless line ``m`` names: a noun phrase and nothing else before the
    frequency ("wearing it every night" is a verb phrase), no person, pronoun or name opening
    it ("Tom runs every day"); a count of a thing one consumes ("10 cigs a day", not "3
    meetings a day"); else so many times a week, or an activity or a consumed thing."""
    words = m.group("obj").lower().split()
    person = any(sp.label == "Person" and sp.start < m.end("obj") for sp in s.spans)
    if words[0] in _NOT_A_THING or person or (m.group("obj")[0].isupper() and len(words) > 1):
        return None
    thing = habit_object(m.group("obj"), consumed=True)
    if thing is None or len(thing.split()) != len(words):
        return None
    if m.group("count") is not None:
        return thing if words[-1] in HABITS else None
    if _ON_AND_ON.search(m.group("freq")):
        return None  # "sneezing nonstop since we got luna": no routine
    weekly = _WEEKLY.match(m.group("freq")) is not None
    activity = words[-1] in ACTIVITIES or words[-1].endswith("ing") or words[-1] in HABITS
    return thing if weekly or activity else None


def _instead_of_held(
    s: Sentence, held: Sequence[str], add: Callable[[str | None, str, re.Match[str]], None]
) -> list[Hit]:
    """ "im swimming instead", with habits held and none given up in the message: the new
    habit (through ``add``), and the end of the one habit held (none with several held: which
    one it replaces is not told)."""
    for m in _TAKE_UP.finditer(s.text):
        if m.group("b") is None:
            continue  # "switched to X" with no habit given up may be any change
        new = activity(habit_object(m.group("b")))
        add(m.group("b"), "HAS_HABIT", m)
        if new and len(held) == 1 and held[0].lower() != new:
            return [_hit(s, held[0], "HAS_HABIT", m.span(), True)]
    return []
