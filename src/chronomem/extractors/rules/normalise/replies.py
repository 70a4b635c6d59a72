"""A yes or no to the assistant's question, said as the statement it confirms or denies.

"Are you still teaching at Harbour Academy?" -- "yep, since march": the reply holds the
fact only together with the question. :func:`answered_reply` writes the reply out:

* yes to "Are you still X?" -> "I'm still X, since march"; to "Do you still V X?" ->
  "I still V X"; to "Still X?" -> "I'm still X";
* no -> "I'm no longer X" / "I don't V X anymore"; when the reply goes on with a verb of
  leaving that lacks its object ("nope, sold it in july", "no, left in june"), the
  question's object fills it ("I sold the Vespa in july") and the reply says the rest.

A question asking for one of the user's values ("Who's the new team lead?", "What's your
job right now?", "Where are you working now?") answered by a bare noun phrase ("Ville
Korhonen. from today", "night porter", "tesco. since like 2 weeks") says the statement it
answers: "My new team lead is Ville Korhonen", "I work as a night porter", "I work at tesco".

A statement closed by a tag ("so you've moved to Porto, right?") or followed by a question
asking whether it holds ("Last time you said you're in Porto. Is that still right?") is the
user's own on a yes: "I've moved to Porto", "I'm in Porto"; the learned reader reads the
user's turn so written out too (:func:`as_answered`). Only a question that closes the
assistant's turn and a reply that opens on yes or no are read; anything else is left as it is.
"""

from __future__ import annotations

import re
from dataclasses import replace

from chronomem.extractors.rules.tables import life_words as lw
from chronomem.model import Episode
from chronomem.text.words import word_set

_YES = r"yes|yeah|yep|yup|yea|ya|sure|correct|exactly|definitely|still am|still do|i am|i do"
# "off em" to "Still on the crutches?": off what was asked, said with a pronoun
_NO = r"no|nope|nah|not anymore|not really|not any more|off (?:em|'em|them|it)"
_ANSWER = re.compile(rf"^\s*(?:(?P<yes>{_YES})|(?P<no>{_NO}))\b[,.!]*\s*", re.I)
_QUESTION = re.compile(
    r"(?:^|[.!?]\s+)(?:so,?\s+|and\s+)?(?:(?P<be>are|were) you\s+|(?P<do>do|did) you\s+|"
    r"(?P<will>will) you\s+)?"
    r"(?P<still>still\s+)?(?P<rest>[^.!?]{3,90})\?\s*$",
    re.I,
)
_LEAVING = re.compile(
    r"^(?P<verb>(?:I )?(?:left|quit|sold|cancel(?:l)?ed|stopped|ditched|dropped|gave up|"
    r"moved out of|got rid of|returned|traded in))\b(?P<it>\s+it\b)?(?=\s*(?:$|[.,!;]|in\b|on\b|"
    r"at\b|last\b|a\b|an\b|two\b|three\b|\d|back\b|ages\b|months?\b|weeks?\b|years?\b|"
    r"yesterday\b|today\b|this\b))",
    re.I,
)
_OBJECT_AFTER = re.compile(r"\b(?:at|in|with|for|from)\s+(?P<obj>[^,]+?)\s*$", re.I)
_YOUR = re.compile(r"\b(?:your|yours|you)\b", re.I)
_MINE = {"your": "my", "yours": "mine", "you": "me"}


def as_answered(episode: Episode, question: str | None) -> Episode:
    """``episode`` (a user's message) as the learned reader reads it: a yes to a statement
    about the user the assistant asks to confirm, written out as the user's own ("yep" to
    "Last time you said you're a vet nurse in Galway. Is that still right?" reads "I'm a
    vet nurse in Galway"), its words being the assistant's; a bare value answering a
    question that asks for one, as the rules read it ("cane cutter. big bend" to "What's
    your current job?" reads "I'm a cane cutter. big bend")."""
    speaker, _, body = episode.content.partition(":")
    said = None
    if episode.speaker() and question:
        said = _confirmed(body.strip(), question) or _slot_answer(body.strip(), question)
    return episode if said is None else replace(episode, content=f"{speaker}: {said}")


def answered_reply(text: str, question: str | None) -> str:
    """``text`` (a user's turn) with a yes or no to ``question`` (the assistant's turn
    before it) written as the statement it makes."""
    if not question:
        return text
    confirmed = (
        _confirmed(text, question) or _role_named(text, question) or _slot_answer(text, question)
    )
    if confirmed is not None:
        return confirmed
    answer = _ANSWER.match(text)
    asked = _QUESTION.search(question.strip())
    if (
        answer is None
        or asked is None
        or not (
            asked.group("be") or asked.group("do") or asked.group("still") or asked.group("will")
        )
    ):
        return text
    rest = text[answer.end() :]
    told = _told(asked, yes=answer.group("yes") is not None)
    if answer.group("no"):
        leaving = _LEAVING.match(rest)
        obj = _object(asked)
        if leaving and obj:  # "nope, sold it in july" -> "I sold the Vespa in july"
            verb = leaving.group("verb")
            verb = verb if verb.lower().startswith("i ") else f"I {verb}"
            return f"{verb} {obj}{rest[leaving.end() :]}"
    if told is None:
        return text
    return f"{told}{', ' if rest[:1].isalnum() else ''}{rest}" if rest else f"{told}."


# a statement with a tag ("you've moved to Porto, right?"): a yes makes it the user's own
_TAGGED = re.compile(
    r"(?:^|[.!?]\s+)(?:(?:so|ok|okay|to recap|just to confirm|to confirm|so far)[,:]?\s+)*"
    r"(?P<said>[^.!?]{6,160}?),?\s+(?:right|correct|yes|yeah|no|is that right|is that correct|"
    r"did I get that right|have I got that right)\?\s*$",
    re.I,
)
# a statement, then a question of its own asking whether it holds ("Last time you said you're
# a vet nurse in Galway. Is that all still right?"): a yes makes it the user's own too
_CHECKED = re.compile(
    r"(?:^|[.!?]\s+)(?P<said>[^.!?]{6,200})[.!]\s+"
    r"(?:(?:is|are) (?:that|this|those|these|it) (?:all |both )?(?:still )?|(?:all )?still )"
    r"(?:right|correct|true|accurate|the case|up to date)\?\s*$",
    re.I,
)
# a statement asked as a question with "so" before it ("So you've moved from Espargos to Santa
# Maria, and you still work for the câmara?"): a yes makes it the user's own too
_DECLARED = re.compile(
    r"(?:^|[.!?]\s+)(?:ok(?:ay)?,?\s+)?so,?\s+"
    r"(?P<said>you(?:'ve|'re|'ll|\s+are|\s+have|\s+were|\s+still|\s+now)?\s[^.!?]{6,200})"
    r"\?\s*$",
    re.I,
)
# how the assistant recalls what it was told ("last time you said", "you mentioned that")
_RECALLED = re.compile(
    r"^(?:(?:last time|before|earlier|previously|a while ago),?\s+)?"
    r"you (?:said|told me|mentioned)(?: that)?\s+",
    re.I,
)
_FIRST = {
    "you're": "I'm", "you've": "I've", "you'll": "I'll", "you'd": "I'd", "your": "my",
    "yours": "mine", "you are": "I am", "you have": "I have", "you were": "I was",
}  # fmt: skip
_YOUR_FORMS = re.compile(
    r"\b(?:you(?:'re|'ve|'ll|'d)|yours?|you (?:are|have|were))\b|\byou\b", re.I
)


# "Is Cormac your partner?": whom the assistant asks about, and in what role
_WHO_IS = re.compile(
    r"(?:^|[.!?]\s+)(?:so,?\s+)?(?:is|was)\s+(?P<name>(?-i:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?))"
    r"\s+your\s+(?P<role>[a-z-]+)\?\s*$",
    re.I,
)
_ROLE_WORD = re.compile(r"^\s*(?:(?:my|a|the|actually|no|nope|well)\W+)*(?P<role>[a-z-]+)\b", re.I)
_ASKED_ROLES = (
    lw.ROLES_MARRIED | lw.ROLES_DATING | lw.ROLES_FRIEND | lw.ROLES_FAMILY | lw.ROLES_MANAGER
)


def _role_named(text: str, question: str) -> str | None:
    """``text`` written out when it answers "Is Cormac your partner?" with a yes ("yep" ->
    "Cormac is my partner") or with the role itself ("boyfriend, 5 years" -> "Cormac is my
    boyfriend, 5 years"), else ``None``."""
    asked = _WHO_IS.search(question.strip())
    if asked is None or asked.group("role").lower() not in _ASKED_ROLES:
        return None
    answer = _ANSWER.match(text)
    if answer is not None and answer.group("yes"):
        role, rest = asked.group("role"), text[answer.end() :]
    else:
        told = _ROLE_WORD.match(text)
        if told is None or told.group("role").lower() not in _ASKED_ROLES:
            return None
        role, rest = told.group("role"), text[told.end() :]
    said = f"{asked.group('name')} is my {role.lower()}"
    rest = rest.lstrip(" ,.!")
    return f"{said}, {rest}" if rest else f"{said}."


# the questions that ask for one value of the user's, and the statement a bare answer makes
_NEW = r"(?:new|current|present|own|actual)"
_SLOT_ASKED: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            rf"\bwhat(?:'s| is) (?:your|the) (?:{_NEW} )?(?:job|role|position|title|occupation)"
            r"\b(?! like)(?![^?]*\boffer)|\bwhat do you do(?: for (?:work|a living))?(?: now"
            r"| these days| nowadays)?\?"
            # "Oh! What are you doing now?" after news of a job; "What kind of work is it for?"
            r"|\bwhat are you doing now\?|\bwhat kind of (?:work|job)\b",
            re.I,
        ),
        "I work as {a}{value}",
    ),
    (re.compile(r"\bwhere (?:are|do) you (?:work|working)\b", re.I), "I work at {value}"),
    # asked of the past: the value held before ("Where were you working?" -- "gift shop")
    (
        re.compile(
            r"\bwhere (?:were you (?:working|employed)|did you (?:use to )?work)\b"
            r"|\bwhat (?:was|were) your (?:old |previous |last )?(?:job|role|position)\b",
            re.I,
        ),
        "I used to work at {value}",
    ),
    (
        re.compile(
            r"\bwhere (?:were you living|did you (?:use to )?live)\b"
            r"|\bwhere (?:was|were) your (?:old |previous |last )?(?:home|place|flat|house)\b",
            re.I,
        ),
        "I used to live in {value}",
    ),
    (
        re.compile(r"\bwho(?:'s| is) (?:the|your) new job with\?", re.I),
        "My new job is with {value}",
    ),
    (
        re.compile(
            r"\bwhere (?:are|do) you (?:live|living|based)\b|\bwhere(?:'s| is) your "
            rf"(?:{_NEW} )?(?:home|place|flat|house|apartment)\b",
            re.I,
        ),
        "I live in {value}",
    ),
    (
        re.compile(
            rf"\bwho(?:'s| is) (?:your|the) (?P<new>{_NEW} )?(?P<role>[a-z-]+(?: lead)?)"
            r"(?: now| these days)?\?",
            re.I,
        ),
        "My {new}{role} is {value}",
    ),
    (
        re.compile(
            rf"\bwhat(?:'s| is) your (?:{_NEW} |all-time )?(?:favou?rite|fave) "
            r"(?P<what>[a-z]+(?: [a-z]+)?)\?",
            re.I,
        ),
        "My favourite {what} is {value}",
    ),
)
_ASKED_OF = lw.PEOPLE_ROLES | lw.ROLES_LEAD | {"team lead"}
# the first sentence of a reply, when it is a bare noun phrase (no subject, verb or answer word)
_FRAGMENT = re.compile(r"^\s*(?P<value>[^.!?,;:\n]{2,60}?)\s*(?=$|[.!?,;\n])")
_NOT_A_VALUE = word_set(
    "i i'm im we he she they it you is are was were am be been do does did don't dont have "
    "has had will would can could not no nope nah yes yeah yep yup sure ok okay maybe dunno "
    "idk same nothing nowhere nobody none still just well hmm haha lol thanks it's its that's "
    "sorry got havent haven't didnt didn't "
    "there this that what why how who where when "
    # a way somewhere is no value ("Up the hill to Mossgiel Street")
    "to into from up down back over across"
)


def _slot_answer(text: str, question: str) -> str | None:
    """``text`` written out when it answers a question asking for one of the user's values
    with a bare noun phrase ("Who's the new team lead?" -- "Ville Korhonen. from today" ->
    "My new team lead is Ville Korhonen. from today"; past the table, the gap of a question
    asking what the user does, uses or has: :func:`_gap_filled`), else ``None``."""
    last = re.split(r"(?<=[.!?])\s+", question.strip())[-1]
    fragment = _FRAGMENT.match(text)
    if fragment is None or not last.endswith("?"):
        return None
    value = fragment.group("value")
    words = value.lower().split()
    if len(words) > 6 or any(w.strip("'\"") in _NOT_A_VALUE for w in words):
        return None
    for asked, said in _SLOT_ASKED:
        m = asked.search(last)
        if m is None:
            continue
        fields = m.groupdict()
        if "role" in fields and fields["role"].lower() not in _ASKED_OF:
            return None
        if said.startswith("I work as {a}") and not any(w.islower() for w in value.split()):
            return None  # a title is said in lower case; "Kusko Medevac" names a firm
        article = (
            "" if words[0] in {"a", "an", "the"} else "an " if words[0][0] in "aeiou" else "a "
        )
        statement = said.format(
            a=article,
            value=value,
            new=(fields.get("new") or "").lower(),
            role=(fields.get("role") or "").lower(),
            what=(fields.get("what") or "").lower(),
        )
        return statement + text[fragment.end() :]
    return _gap_filled(last, value, text[fragment.end() :])


# A question asking for what the user does, has or uses: the bare answer fills its gap ("What
# are you driving these days?" -- "hiace" -> "I am driving hiace these days"; "Which
# memberships are you paying for?" -- "prime" -> "I am paying for prime"; "Are you using any
# nicotine replacement?" -- "snus" -> "I am using snus").
_LEAD_IN = r"^(?:[A-Za-z]+, )?(?:(?:and|so|ok|okay),? )?"  # "Lamont, which ...", "So what ..."
_GAP_ASKED = re.compile(
    rf"{_LEAD_IN}(?:what|which)(?: (?:kind|sort|type) of)?(?: [a-z]+)?"
    r" (?P<aux>are|do|have|will) you (?P<verb>(?:[a-z]+ly )?[a-z]+)(?P<rest>[^?]*)\?$"
    rf"|{_LEAD_IN}(?P<aux2>are|do|have) you"
    r" (?P<verb2>[a-z]+(?: (?:on|with|for|to|in|at))?) (?:any|anything)\b[^?]*\?$",
    re.I,
)
# "What will you be doing there?", "What are you up to now?": what one does, the table's
_NO_GAP_VERBS = word_set("do doing be been up")
_VOCATIVE = re.compile(r",\s*[A-Z][\w'-]*\s*$")  # "these days, Jory"
_SUBJECT_AUX = {"are": "I am", "do": "I", "have": "I have", "will": "I will"}
# the time words a question may end on ("paying for right now", "reading at the moment")
_TIME_TAIL = re.compile(
    r"\s+(?:right now|now|these days|at the moment|currently|in the end|nowadays|next"
    r"|tonight|today|this (?:week|term|year|season))(?: then)?\s*$",
    re.I,
)
# where a question's verb phrase leaves its object out: a preposition, an -ing verb or an
# object pronoun at its end ("paying for", "thinking of buying", "call it")
_OPEN_END = re.compile(
    r"\b(?:on|with|for|to|in|at|into|from|about|up|out|of|it|them|him|her|[a-z]+ing)\s*$",
    re.I,
)
_ASKS_AGAIN = re.compile(r"\b(?:what|which|how|why|where|when|who)\b", re.I)
_NOT_OPEN = word_set("during morning evening thing nothing something anything everything")


def _gap_filled(question: str, value: str, after: str) -> str | None:
    """The statement a bare ``value`` makes when it fills the gap of ``question`` (its last
    sentence), with ``after`` (the rest of the reply) after it; ``None``: the question asks
    for no value the user does, uses or has. The value goes where the question's verb phrase
    leaves its object out: at its end ("What are you thinking of buying?" -> "I am thinking
    of buying X"), else right after the verb ("What do you drink during the day?" -> "I
    drink X during the day")."""
    m = _GAP_ASKED.match(question.strip())
    if m is None:
        return None
    aux = (m.group("aux") or m.group("aux2")).lower()
    verb = m.group("verb") or m.group("verb2")
    if verb.lower().split()[-1] in _NO_GAP_VERBS:
        return None
    rest = _VOCATIVE.sub("", m.group("rest") or "").rstrip()
    if _ASKS_AGAIN.search(rest):
        return None  # "What do you have now, and what bothers you about it?": two asked
    rest = _mine(rest)
    tail = _TIME_TAIL.search(rest)
    core, time = (rest[: tail.start()], tail.group()) if tail else (rest, "")
    end = _OPEN_END.search(core)
    if end is not None and end.group().strip().lower() not in _NOT_OPEN:
        return f"{_SUBJECT_AUX[aux]} {verb}{core} {value}{time}" + after
    return f"{_SUBJECT_AUX[aux]} {verb} {value}{core}{time}" + after


def _mine(text: str) -> str:
    """``text`` with the assistant's "your", "yours", "you" as the user's "my", "mine", "me"."""
    return _YOUR.sub(lambda m: _MINE[m.group().lower()], text)


def _confirmed(text: str, question: str | None) -> str | None:
    """``text`` written out when it says yes to a statement about the user that
    ``question`` asks to confirm ("so you've moved to Porto, right?", "You said you live in
    Porto. Is that still right?", "So you've moved to Porto?"), else ``None``."""
    answer = _ANSWER.match(text)
    if not question or answer is None or not answer.group("yes"):
        return None
    asked = question.strip()
    tagged = _CHECKED.search(asked) or _TAGGED.search(asked) or _DECLARED.search(asked)
    if tagged is None or not _YOUR_FORMS.search(tagged.group("said")):
        return None
    rest = text[answer.end() :]
    said = _as_mine(_RECALLED.sub("", tagged.group("said"), count=1))
    return f"{said}{', ' if rest[:1].isalnum() else ' '}{rest}" if rest else f"{said}."


def _as_mine(said: str) -> str:
    """A statement about "you" in the first person ("you've left Braga" -> "I've left
    Braga"); "you" after a verb or preposition is "me"."""

    def swap(m: re.Match[str]) -> str:
        word = m.group().lower()
        if word in _FIRST:
            return _FIRST[word]
        before = said[: m.start()].rstrip().lower()
        subject = not before or before.endswith(("and", "but", "that", ",", ":", "so"))
        return "I" if subject else "me"

    return _YOUR_FORMS.sub(swap, said)


def _told(asked: re.Match[str], *, yes: bool) -> str | None:
    rest = _mine(asked.group("rest").strip())
    if asked.group("do"):
        return f"I still {rest}" if yes else f"I don't {rest} anymore"
    if asked.group("will"):  # "Will you move to Budapest?" - "Yes" -> "I will move to Budapest"
        return f"I will {rest}" if yes else f"I won't {rest}"
    if asked.group("be") or asked.group("still"):
        return f"I'm still {rest}" if yes else f"I'm no longer {rest}"
    return None


def _object(asked: re.Match[str]) -> str | None:
    """What the question asks about: the object of its verb ("have the Vespa") or the
    place after its last preposition ("the early shifts at Crumb & Co")."""
    rest = asked.group("rest").strip()
    place = _OBJECT_AFTER.search(rest)
    if place:
        return place.group("obj")
    if asked.group("do"):
        parts = rest.split(" ", 1)
        return parts[1] if len(parts) > 1 else None
    return None
