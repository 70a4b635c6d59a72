"""Everyday wordings that hide a clause's subject or verb, rewritten before the analysis
(like ``kinship.as_relatives``):

* "Jasmine from my team quit", "Omar from work moved to Oslo": a name followed by where the
  speaker knows them from is the subject; work and school give "my coworker Jasmine",
  "my classmate Omar" (the tie stays told), any other group ("Lea from my running club")
  just the name.
* "my mum (Halina) fell": a name in brackets after a person's role is that person's,
  "my mum, Halina, fell".
* "quit to go work at Bumble", "left to go study in Leeds": "go" before a verb adds nothing.
* a relative clause of a person, "Kenji, who manages the depot, has moved to Leeds",
  "I'm buying it for my aunt who reads a lot": its verb's subject is the person, so it
  becomes a sentence of its own after the one it was in ("Kenji has moved to Leeds. Kenji
  manages the depot."). Only a person (a capitalised name, or a role: "my aunt") with
  "who" and a verb of their own ("who I met", "who everyone likes" are the object's).
* a person described and then named, "a man called Dr Obi", "some guy named Hugo", "a
  barista called Oren": the name is who is meant ("new dentist is Dr Obi"); a pet or a
  thing called so keeps its kind ("a rescue cat called Haggis"); a title in lower case
  before a name is one ("dr Obi").
* a subject stressed by a reflexive, "Colt himself quit the ferry", "my sister herself
  moved": the reflexive goes, so the person stays the subject (it hid them, and the
  speaker was read as the one who moved).
* a value told as it was and then as it is, the second taken up by "it": "my favourite food
  was fish and chips but now its sushi" -> "... was fish and chips. Now my favourite food is
  sushi" (the new value is said of what held the old one).
* a state denied "anymore", "I'm not a deckhand anymore", is one "no longer" held; after a
  new one ("I'm the skipper now, not the deckhand anymore") it is a sentence of its own.
* a relative clause of a place, "my new church in Effurun, where I moved in January": the
  place is where its verb happened, so it becomes a sentence of its own after the one it was
  in ("... in Effurun. I moved to Effurun in January.").
* news told as a riddle, "guess who is shift supervisor from 1st July", "guess who's the new
  deputy? Me!": the speaker is its subject ("I am shift supervisor from 1st July"), unless
  the answer names someone else ("guess who got engaged? Tom!").
* a thing given to the speaker, "my nan got me an e-bike", is one the speaker got ("I got an
  e-bike from my nan"): the giver was read as its holder.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.subjects import PERSON_ROLES, ROLE_WORDS
from chronomem.extractors.rules.tables.lexicon import HONORIFICS
from chronomem.extractors.rules.tables.life_words import JOB_HEADS, PEOPLE_ROLES
from chronomem.text.words import word_set

_WORK = r"work|the office|my office|my team|our team|my job|my work"
_SCHOOL = r"school|uni|college|class|my class|my school|my uni|my course"
_NAME = r"(?P<name>(?-i:[A-Z][a-z'-]+))"
_FROM = re.compile(
    rf"\b{_NAME} from (?:(?P<work>{_WORK})|(?P<school>{_SCHOOL})|(?P<other>(?:my|our|the) "
    r"(?:[a-z]+ )?(?:gym|club|group|choir|church|class|team|band|crew|squad)))"
    r"(?=\s+(?:just |recently |finally |also |has |had |is |was |got |'s )?[a-z]+)",
    re.I,
)
# a person's name in brackets after their role, "Mum (Halina) fell": an apposition
_BRACKETED = re.compile(
    rf"\b(?P<role>(?:my|our|his|her|their) (?:{ROLE_WORDS}))\s+\((?P<name>(?-i:[A-Z][\w'-]+"
    r"(?: [A-Z][\w'-]+)?))\)",
    re.I,
)
_GO_VERB = re.compile(r"\bto go (?=(?:work|study|live|join|teach)\b)", re.I)


def plain_subjects(text: str) -> str:
    """``text`` with "NAME from my team", "to go work", a person's name given with a
    copula and a person's relative clause said plainly."""
    text = _BRACKETED.sub(r"\g<role>, \g<name>,", _FROM.sub(_subject, text))
    text = _CALLED.sub(_named_person, text)
    text = _NAME_IS.sub(_naming_copula, text)
    text = _DESCRIBED_THEN_NAMED.sub(_described_holder, text)
    text = _THEN_NAMED.sub(_then_named, text)
    text = _LOWER_TITLE.sub(lambda m: m.group().capitalize(), text)  # "dr Obi" -> "Dr Obi"
    text = _STRESSED_SUBJECT.sub(r"\g<who>", text)
    text = _NOW_IT_IS.sub(_said_again, text)
    text = _NOT_ANY_MORE.sub(r"\g<be> no longer \g<np>", _NOT_THE_OLD.sub(_no_longer, text))
    text = _GIVEN_ME.sub(r"I got \g<thing> from \g<giver>", text)
    text = _GUESS_WHO.sub(_guessed, text)
    return place_clauses(_relative_clauses(_GO_VERB.sub("to ", text)))


# a thing given to the speaker, the giver the subject: "my nan got me an e-bike", "Dad bought
# me a Honda Click" -> "I got an e-bike from my nan": the speaker has it now
_GIVEN_ME = re.compile(
    r"(?:(?<=^)|(?<=[.!?]\s)|(?<=,\s)|(?<=\band\s)|(?<=\bso\s))"
    r"(?P<giver>(?i:my|our)\s+[a-z]+(?:\s+(?-i:[A-Z])[\w'-]+)?|(?-i:[A-Z])[\w'-]+)"
    r"\s+(?:(?:just|finally|even|kindly)\s+)?(?:got|bought|gave|gifted|handed)\s+me\s+"
    r"(?P<thing>(?i:an?|this|that|some)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+)"
    r"(?=\s*(?:[.,!?;:]|$)|\s+(?:for|from|on|at|as|when|because|and|but|so|last|yesterday|"
    r"today|this|lol)\b)"
)


# news told as a riddle whose answer is the speaker: "guess who is shift supervisor", "guess
# who's the new deputy? Me!", "guess who just got promoted" (not "guess who I saw": the
# object's; not when the answer names another: "guess who got engaged? Tom!")
_GUESS_WHO = re.compile(
    r"\bguess who(?P<verb>'s|\s+(?:is|was|has|just|got|finally|will|[a-z]+s))\b"
    r"(?P<rest>[^?!.]*)(?P<end>\?+\s*(?:(?P<me>(?i:me|moi|yours truly|this girl|this guy))\b"
    r"[!. ]*|(?P<other>(?-i:[A-Z])[\w'-]+))?)?",
    re.I,
)
_FIRST_PERSON = {"'s": "'m", "is": "am", "was": "was", "has": "have"}


def _guessed(m: re.Match[str]) -> str:
    """The riddle told plainly, the speaker its subject."""
    if m["other"] and m["other"].lower() not in ("me", "i"):
        return m.group()
    verb = m["verb"].strip()
    low = verb.lower()
    said = _FIRST_PERSON.get(low) or (verb[:-1] if low.endswith("s") and low != "is" else verb)
    joined = "I'm" if said == "'m" else f"I {said}"
    return f"{joined}{m['rest']}. " if m["end"] is not None else f"{joined}{m['rest']}"


# "I'm not a deckhand anymore" -> "I'm no longer a deckhand": an ending said as a state denied
_NOT_ANY_MORE = re.compile(
    r"(?P<be>\b(?:I'm|I am|he's|she's|he is|she is|they're|we're|is|am|are)) not "
    r"(?P<np>(?:a|an|the|my)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+any\s?more\b",
    re.I,
)  # (a noun phrase only: "not together anymore", "not class rep anymore" are read as said)
# "I'm the skipper now, not the deckhand anymore": the old value denied after the new one
_NOT_THE_OLD = re.compile(
    r"(?P<new>\b(?P<be>I'm|I am) (?:the|a|an) [^,.;!?]{1,60}?),\s+not "
    r"(?P<np>(?:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:any\s?more|now)\b",
    re.I,
)


def _no_longer(m: re.Match[str]) -> str:
    return f"{m['new']}. {m['be']} no longer {m['np']}"


# "my favourite food was fish and chips but now its sushi": the old value, then "it" the new
_NOW_IT_IS = re.compile(
    r"(?P<before>\b(?P<np>(?:my|our|his|her|their) (?:[a-z]+ ){0,2}?[a-z]+) (?:was|used to be)"
    r" [^.;:!?]{1,60}?),? (?:but |and |so )?now (?:it's|it is|its|is) (?=\w)",
    re.I,
)


def _said_again(m: re.Match[str]) -> str:
    """The old value's sentence closed, the new one said of the same noun phrase."""
    np = m["np"]
    return f"{m['before']}. Now {np[0].lower()}{np[1:]} is "


# "Colt himself quit", "my sister herself moved": a name or a role, a reflexive, a verb
_STRESSED_SUBJECT = re.compile(
    r"\b(?P<who>[A-Z][\w'-]+|(?i:my|our|his|her|their) [a-z]+) (?:himself|herself|themselves)"
    r"(?= [a-z])"
)


_LOWER_TITLE = re.compile(r"\b(?-i:dr|mr|mrs|ms|prof)(?=\.?\s+(?-i:[A-Z]))")
_PEOPLE = word_set(
    "man woman guy girl boy bloke lad chap fella fellow lady gentleman person someone somebody"
)
_CALLED = re.compile(
    r"\b(?:a|an|some|this|one)\s+(?:[\w-]+\s+){0,2}?(?P<noun>[a-z]+)\s+(?:called|named)\s+"
    r"(?=(?:dr|mr|mrs|ms|miss|prof)\.?\s|(?-i:[A-Z]))",
    re.I,
)


# a holder described, then named after a comma: "my new landlord is some company, Petrakis
# Property Group" -> "my new landlord is Petrakis Property Group" (the name ends the clause)
_DESCRIBED_THEN_NAMED = re.compile(
    r"\b(?P<cop>is|'s|was)\s+(?:now\s+)?(?:a|an|some|this)\s+(?:[\w-]+\s+)?(?P<noun>[a-z]+),\s+"
    rf"(?=(?:{HONORIFICS}\.?\s+)?(?-i:[A-Z][\w'&-]*(?:\s+[A-Z][\w'&-]*)*)"
    r"\s*(?:[.,;!?]|$))",
    re.I,
)
_FIRMS = word_set("company firm agency business outfit corporation corp group")


def _described_holder(m: re.Match[str]) -> str:
    noun = m.group("noun").lower()
    return f"{m.group('cop')} " if noun in _FIRMS or _a_person(noun) else m.group()


# a person's name given with a copula is the copula: "my physio is called Agnieszka", "my
# trainer's name is Maria", a learner's "my mother name is Thu" -> "my physio is Agnieszka",
# "my trainer is Maria"
_A_NAME = r"(?=(?:dr|mr|mrs|ms|miss|prof)\.?\s|(?-i:[A-Z]))"
_NAME_IS = re.compile(
    rf"\b(?P<noun>[a-z]+)(?:\s+(?P<verb>is|was)\s+(?:called|named)|(?:'s|s'|)\s+name\s+"
    rf"(?P<verb2>is|was))\s+{_A_NAME}",
    re.I,
)
# ... and a person described, then named: "a new physio, her name is Agnieszka", "my new
# boss, she is Karen" -> "a new physio, Agnieszka" (a pet's "his name is Rocket" stays)
_THEN_NAMED = re.compile(
    r"\b(?P<noun>[a-z]+),\s+(?:(?:he|she|they)\s+(?:is|was|are)|(?:his|her|their)\s+name\s+"
    rf"(?:is|was))\s+{_A_NAME}",
    re.I,
)


def _naming_copula(m: re.Match[str]) -> str:
    noun = m.group("noun")
    if not _a_person(noun.lower()):
        return m.group()  # "the cat is named Miso" stays for the pet readers
    return f"{noun} {m.group('verb') or m.group('verb2')} "


def _then_named(m: re.Match[str]) -> str:
    noun = m.group("noun")
    return f"{noun}, " if _a_person(noun.lower()) else m.group()


def _a_person(noun: str) -> bool:
    return (
        noun in PERSON_ROLES
        or noun in PEOPLE_ROLES
        or noun in _PEOPLE
        or noun in JOB_HEADS
        or noun.endswith(("man", "woman"))
    )


def _named_person(m: re.Match[str]) -> str:
    """ "a man called " dropped before the name; kept when no person is described, or when
    the noun is a role that tells the tie ("a new landlord named Mr Lee")."""
    noun = m.group("noun").lower()
    if noun in PERSON_ROLES or noun in PEOPLE_ROLES:
        return m.group()
    return "" if _a_person(noun) else m.group()


_TITLE = r"(?:(?:Mr|Mrs|Ms|Miss|Dr|Prof|Uncle|Aunt|Auntie|Sir|Dame)\.?\s+)"
_NAMED = rf"(?-i:{_TITLE}?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)"
_WHO = re.compile(
    rf"(?:(?P<name>\b{_NAMED})\s*,|(?P<role>\b(?:my|our)\s+(?:[a-z]+\s+)?(?:{ROLE_WORDS}))"
    r",?)\s+who(?P<verb>'s|'d|\s+[a-z]+)\b",
    re.I,
)
# "who I met", "who everyone likes": the person is the verb's object, not its subject
_NOT_VERBS = word_set(
    "i you we they he she it everyone everybody someone somebody nobody people my your his"
    " her our their the a an this that these those all many most some no one"
)


def _relative_clauses(text: str) -> str:
    """Each person's relative clause moved out as a sentence of its own (one pass)."""
    at = 0
    while (m := _WHO.search(text, at)) is not None:
        if m.group("verb").strip().lower() in _NOT_VERBS:
            at = m.end()
            continue
        text, at = _moved_out(text, m)
    return text


# a place's relative clause: "Effurun, where I moved in January", "Lyon, where she works now"
_WHERE = re.compile(
    r"(?P<place>\b(?-i:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2}))\s*,?\s+where\s+"
    r"(?P<who>I|we|he|she|they|(?:my|our|his|her) [a-z]+|(?-i:[A-Z][a-z'-]+))(?:\s+|(?='))"
    # a move, or a state now (a past state's tense is another reading's: "where we lived as
    # kids" is no home now)
    r"(?P<verb>(?:(?:now|still|also)\s+)?(?:moved|relocated|settled|lives?|works?|stays?|rents?"
    r"|(?:have|has|'ve|'s)\s+(?:lived|worked)))\b(?P<rest>[^,;.!?]*)",
    re.I,
)
_TO_PLACE = word_set("moved relocated")


def place_clauses(text: str) -> str:
    """Each place's relative clause moved out as a sentence of its own (one pass); alone on
    an assistant's turn, read in the user's voice ("your church in Effurun, where you moved")."""
    at = 0
    while (m := _WHERE.search(text, at)) is not None:
        verb = m["verb"]
        into = "to" if verb.split()[-1].lower() in _TO_PLACE else "in"
        who = m["who"]
        joint = "" if verb.startswith("'") else " "  # "I've lived"
        said = f"{who[0].upper()}{who[1:]}{joint}{verb} {into} {m['place']}{m['rest'].rstrip()}."
        rest = text[m.end() :]
        subject = _OPENING.search(text, 0, m.start("place")) is not None
        if subject and rest.startswith(",") and text[m.end("place") :].startswith(","):
            rest = rest[1:]  # "Effurun, where I live now, is hot" -> "Effurun is hot"
        head = f"{text[: m.end('place')]}{rest}"
        end = _SENTENCE_END.search(head, m.end("place")).start()  # type: ignore[union-attr]
        gap = head[end : end + 1] or "."
        text = f"{head[:end]}{gap} {said}{head[end + 1 :]}"
        at = end + 2 + len(said)
    return text


# where the relative clause stops, and whether the person's own clause goes on after it
_REL_END = re.compile(r"[,;.!?]|\s+-+\s+|$")
_NEXT = re.compile(r"^,\s*([a-z]+)\b", re.I)
_GOES_ON = word_set("is was has had will would can could just now still also recently then")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|$")


def _moved_out(text: str, m: re.Match[str]) -> tuple[str, int]:
    """``text`` with ``m``'s relative clause after its sentence; where to look on."""
    key = "name" if m.group("name") else "role"
    who = _person(text, m, key)
    stop = _REL_END.search(text, m.end()).start()  # type: ignore[union-attr]
    clause = text[m.start("verb") : stop].strip()
    if clause.startswith("'"):  # "who's been off sick", "who's a nurse", "who'd left"
        verb = "has" if clause.startswith(("'s been", "'s got")) else "is"
        clause = ({"'s": verb, "'d": "had"}[clause[:2]] + clause[2:]).strip()
    rest = text[stop:]
    after = _NEXT.match(rest)
    goes_on = after is not None and _verb_like(after.group(1).lower())
    head = f"{text[: m.end(key)]}{rest[1:] if goes_on else rest}"
    end = _SENTENCE_END.search(head, m.end(key)).start()  # type: ignore[union-attr]
    sentence = f"{who[0].upper()}{who[1:]} {clause}."
    gap = head[end : end + 1] or "."
    return f"{head[:end]}{gap} {sentence}{head[end + 1 :]}", end + 2 + len(sentence)


def _verb_like(word: str) -> bool:
    """Does the person's own clause go on with ``word`` ("Kenji, who ..., has moved")?"""
    return word in _GOES_ON or word.endswith(("s", "ed"))


def _person(text: str, m: re.Match[str], key: str) -> str:
    """The person's words; a sentence's first word is no part of a name ("Ask Tom, who")
    unless it is a title."""
    who = m.group(key)
    words = who.split()
    opening = _OPENING.search(text, 0, m.start(key)) is not None
    if key == "name" and opening and len(words) == 2 and re.match(_TITLE, who) is None:
        return words[1]
    return who


_OPENING = re.compile(r"(?:^|[.!?]\s+)$")


def _subject(m: re.Match[str]) -> str:
    name = m.group("name")
    if m.group("work"):
        return f"my coworker {name}"
    if m.group("school"):
        return f"my classmate {name}"
    return name
