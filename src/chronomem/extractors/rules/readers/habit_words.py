"""The words of a habit: what a habit clause names, as one name for its state and its ending.

"I drink like 4 coffees a day" -> coffee (the thing, not the servings), "I go climbing on
Tuesdays" -> climbing, "every friday I go to the pub" -> pub, "my morning runs" -> running,
"I go for a long walk after work" -> walking; what a habit given up names ("stopped doing
crossfit" -> crossfit); and the habit a thing stands for, to tie an ending told in other
words to the habit held ("cigs" and "quit smoking": smoking).
"""

from __future__ import annotations

import re

# what is smoked, counted: the habit is smoking ("10 cigs a day", "quit cigarettes")
_SMOKED = frozenset({"cig", "cigs", "cigarette", "fag", "fags"})
_FILLER = re.compile(
    r"^(?:(?:like|about|around|roughly|a|an|the|my|some|a couple(?: of)?|couple(?: of)?|"
    r"a few|few|lots of|a lot of|a bunch of|\d+\w*|one|two|three|four|five|six|cups? of|"
    r"glass(?:es)? of|bottles? of|packs? of|pints? of|cans? of|shots? of|mugs? of|hot|cold|"
    r"\w+ly)\s+)*",
    re.I,
)
_STOP = re.compile(
    r"\b(?:at|in|on|with|before|after|for|to|from|when|while|and|but|because|so|"
    r"since|every|each|with|it|it's|its|now|instead|ago|last|next|this|yesterday|today|almost|"
    r"nearly|basically|pretty|like|once|twice|out|completely|entirely|altogether|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b",
    re.I,
)
_TAKES_OBJECT = frozenset({"do", "play", "practice", "practise", "drink", "have", "eat", "smoke"})
_NOT_HABIT_VERBS = frozenset(
    {
        "work",
        "go",
        "get",
        "be",
        "am",
        "take",
        "see",
        "call",
        "talk",
        "visit",
        "text",
        "feel",
        "think",
        "need",
        "want",
        "love",
        "like",
        "hate",
        "prefer",
        "check",
        "make",
        "say",
        "said",
        "was",
        "had",
        "did",
        "went",
        "got",
        "use",
        "try",
        "can",
        "could",
        "will",
        "would",
        "should",
        "don't",
        "dont",
        "do",
        "look",
        "wait",
        "hope",
        "live",
        "stay",
        "rent",
    }
)  # fmt: skip  (where one lives is a home, not a habit: "I no longer live in my house")


def gerund(verb: str) -> str:
    v = verb.lower()
    if v.endswith("ing"):
        return v
    if v.endswith("e") and not v.endswith("ee"):
        return v[:-1] + "ing"
    if len(v) <= 4 and re.search(r"[^aeiou][aeiou][^aeiouwxy]$", v):
        return v + v[-1] + "ing"
    return v + "ing"


def singular(word: str) -> str:
    if len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def habit_object(rest: str, *, consumed: bool = False) -> str | None:
    rest = _FILLER.sub("", rest.strip())
    stop = _STOP.search(rest)
    words = (rest[: stop.start()] if stop else rest).split()
    words = [w for w in words if (w.isalpha() or "-" in w) and not w.lower().endswith("ly")]
    words = words[:2]
    if not words:
        return None
    if consumed:  # "4 coffees a day", "a couple beers": the thing, not the servings
        words[-1] = singular(words[-1])
    return " ".join(words).lower()


_CONSUME = frozenset({"drink", "have", "eat", "smoke"})
_HABIT_ALONE = frozenset({"drink", "smoke"})  # a habit without an object (alcohol, tobacco)


_BE_OR_GO = frozenset({"am", "'m", "go", "goes", "going"})
# verbs of liking whose habit is the verb after their "to"
_LIKES_TO = frozenset({"prefer", "like", "love", "tend"})
_TAKEN_UP = frozenset({"started", "start", "began", "begin", "keep", "kept"})
_DUTIES = frozenset({"work", "school", "bed", "the office", "office", "class", "uni"})
# verbs whose object is the place one goes to as a habit
_GOES_TO = frozenset({"hit", "hits", "hitting", "attend", "attends", "attending"})


def habit_thing(verb: str, rest: str) -> str | None:
    v = verb.lower()
    # "every morning I am having poha": the progressive of a verb with an object is that verb
    v = min(bases(v) & _TAKES_OBJECT, default=v)
    word, _, after = rest.strip().partition(" ")
    if v in _LIKES_TO and word.lower() == "to" and after:
        # "I prefer to sell at the market on Sundays", "I like to swim before work": the verb
        # after "to" is what is done
        verb2, _, after2 = after.partition(" ")
        return habit_thing(verb2, after2)
    if v in _BE_OR_GO and word.lower().endswith("ing") and len(word) > 4:
        # "I go climbing on Tuesdays", "every morning I am running 5 km": the activity; not
        # "I'm wearing it every night" (what is done is what "it" stands for)
        return None if after.split()[:1] in (["it"], ["them"]) else habit_thing(word, after)
    if v in _TAKEN_UP and word.lower().endswith("ing") and len(word) > 4:
        return habit_thing(word, after)  # "I started bouldering on tuesdays": the activity
    if v in _BE_OR_GO and word.lower() == "for":  # "I go for a long walk after work"
        done = activity(habit_object(after))
        return done if done and done.endswith("ing") else None
    place = _TO_PLACE.match(rest.strip())
    if v in _BE_OR_GO and word.lower() == "to" and place is not None:
        thing = habit_object(rest.strip()[place.end() :])  # "every friday I go to the pub": the pub
        return None if thing in _DUTIES else thing
    if v in _GOES_TO:  # "I hit the gym every morning", "hitting the gym 4x a week": the gym
        return habit_object(rest)
    if v in _TAKES_OBJECT:  # "I drink most weekends": with no object, drinking is the habit
        thing = habit_object(rest, consumed=v in _CONSUME)
        return thing or (gerund(v) if v in _HABIT_ALONE else None)
    past = v.endswith("ed") and not v.endswith("eed")  # "i lied its 3x a week"
    if v in _NOT_HABIT_VERBS or len(v) < 3 or past or _NOT_HABIT_VERBS & bases(v):
        return None  # "I'm working every weekend" as "I work every weekend"
    return gerund(v)


def bases(gerund: str) -> set[str]:
    """The verbs an "-ing" form may be of ("working": work, "taking": take, "getting": get)."""
    if not gerund.endswith("ing"):
        return set()
    return {gerund[:-3], gerund[:-3] + "e", gerund[:-4]}


_LIGHT_GERUNDS = frozenset({"doing", "having", "playing", "taking", "using"})
# going somewhere is the habit of that place ("stopped going to the Y", "quit attending X")
_GOING = frozenset({"going", "attending", "visiting", "heading", "hitting"})
_TO_PLACE = re.compile(r"(?:to|at|up\s+to|down\s+to|over\s+to)\s+(?:the\s+)?(?=\S)", re.I)


def given_up(rest: str) -> str | None:
    """What "stopped ..." gives up: the activity ("running"), or the object of a light verb
    ("doing crossfit" -> crossfit), or the thing ("coffee")."""
    word, _, after = rest.strip().partition(" ")
    word = word.lower()
    place = _TO_PLACE.match(after)
    if word in _GOING and (place is not None or word not in ("going", "heading")):
        return habit_object(after[place.end() if place else 0 :]) or word  # the place gone to
    if word in _LIGHT_GERUNDS and after:
        return habit_object(after) or word
    return word if word.endswith("ing") else habit_object(rest)


# nouns that name the activity of their verb: "my morning runs" are running, "a daily swim"
_ACTIVITY_NOUNS = frozenset(
    {"run", "swim", "walk", "jog", "hike", "ride", "climb", "cycle", "row", "skate", "surf"}
)


def activity(name: str | None) -> str | None:
    """A habit named by an activity noun, as the activity ("morning runs" -> "running")."""
    if not name:
        return name
    head = name.split()[-1]
    head = head[:-1] if head.endswith("s") and head[:-1] in _ACTIVITY_NOUNS else head
    return gerund(head) if head in _ACTIVITY_NOUNS else name


def habit_of(name: str) -> str:
    """The habit a thing stands for, to compare an ending with a held habit: the activity of
    an activity noun ("morning runs": running), smoking for what is smoked ("cigs")."""
    name = activity(name) or name
    return "smoking" if singular(name) in _SMOKED else name
