"""The subjectless fragments of phone texting, said with their subject.

A text message drops its subject when it is the writer: "moved to poznan for work",
"into pottery now", "on metformin since may", "still living w/ my aunt", "been at the new
place since monday", "diagnosed w/ asthma today". :func:`with_subjects` gives each sentence
that opens on such a predicate the first-person subject a writer would have put there, so
the pattern table reads it like any other first-person clause:

* a past tense or a verb of state, habit or feeling ("moved to", "quit", "live in",
  "love") takes "I";
* a gerund, an adjective of state or a preposition of state ("working at", "vegan since",
  "allergic to", "into", "on <a drug>", "at <a place>") takes "I'm";
* "been" and "gone" take "I've"; a participle told of the writer ("diagnosed with") takes "I was";
* news ("new job at X!!", "..., new bf") takes "I got a"; an illness with no verb
  ("covid again") takes "I have"; a thing of a kind one owns with what befell it
  ("vespa won't start", "civic's gone") takes "my"; a new holder of a role ("new boss is
  ravi") takes "my".

Only the opening of a sentence is read, after discourse words ("ok so", "also", "yep,");
questions, assistant turns and sentences that open on a noun ("dentist on the 20th") are
left alone. Time phrases after a preposition ("in 3 months", "on the 20th") are no state.
"""

from __future__ import annotations

import re
from functools import partial

from chronomem.extractors.rules.tables.lexicon import TIME_WORDS
from chronomem.extractors.rules.tables.life_words import (
    CONDITIONS,
    DEVICE_NAMES,
    JOB_HEADS,
    ROLES_DATING,
    ROLES_MANAGER,
    ROLES_MARRIED,
    ROLES_PERSONAL,
)
from chronomem.extractors.rules.tables.texting_words import (
    ADVERBS,
    AFTER_STATE,
    AFTER_VERB,
    CAPITAL_VERB_AFTER,
    COPULAS,
    DETERMINERS,
    EVENT_NOUNS,
    FEELINGS,
    GIVING_UP,
    IRREGULAR_PAST,
    NOT_A_STATE_AFTER,
    NOT_PAST,
    NOUN_AFTER,
    NOUN_ING,
    NOUN_VERBS,
    OPENING,
    ORDINAL,
    PASSIVE,
    PRESENT,
    STATE_PREPOSITIONS,
    STATES,
)
from chronomem.text.words import english_words, word_set

# A past tense listed after a comma shares the inserted subject ("sold the civic, got a
# kia" -> "I sold the civic, I got a kia"), so each clause keeps its own.
_LISTED = re.compile(r", (?=([a-z]+)\b)")
# A noun phrase of news opening a sentence ("new job at X!!", "brand new phone"): the
# writer has it, unless a verb of its own follows ("new manager is Rutger"); a new favourite
# ("new fave food: ramen", "new obsession: X") is a taste, not a thing got; "new dates: 8 to
# 15 September" sets a plan's days (``day_fixes``).
_NEWS = re.compile(
    r"(?:brand[- ])?new (?!one\b|year\b|day\b|week\b|month\b|favou?rite\b|fave?\b|go-to\b"
    r"|obsession\b|addiction\b|crush\b|dates?\b|times?\b|plan\b|schedule\b)"
    r"[a-z]",
    re.I,
)
# (the noun phrase's own verb: "new job at Korra, I start on the 21st" is news, its verb
# is the next clause's; "new people always ask me" has one of its own)
_TOLD_VERB = re.compile(
    r"^[^\s,;]+ [^\s,;]+(?: [^\s,;]+){0,3}? (?:is|are|was|were|'s|has|had|starts?|"
    r"started|arrived|came|comes|came in|always|never|usually|often|sometimes|keeps?|"
    r"can|can't|cannot|will|won't|would|do|does|don't|doesn't|did|didn't|ask|asks|asked)\b",
    re.I,
)
# An illness opening a sentence with no verb of its own: the writer has it.
_AILMENT = re.compile(
    r"(?:(?:a|the|bad|awful|another|horrible|nasty|mild)\s+)?(?:"
    + "|".join(sorted(map(re.escape, CONDITIONS - {"cold"}), key=len, reverse=True))
    + r")(?![-\w])(?!\s+(?:is|was|has|had|'s|jab|vaccine|test|shot|booster)\b)",
    re.I,
)
# "no" opening a sentence with no stop after it denies what follows ("no migraines in six
# weeks", "no running for me"): it has no subject to restore; "no, covid again" answers
_DENIES = re.compile(r"\bno\s+$", re.I)
# A new holder of a role told without "my" ("new boss is tom", "new head of dept is ...").
_HOLDERS = (
    ROLES_MANAGER
    | JOB_HEADS
    | word_set(
        "head boss coach teacher gp doctor dentist landlord landlady flatmate roommate neighbour "
        "neighbor captain chair president tutor therapist"
    )
)
_NEW_HOLDER = re.compile(
    r"new (?:[a-z]+ ){0,1}(?:" + "|".join(sorted(_HOLDERS, key=len, reverse=True)) + r")"
    r"(?: of [a-z]+(?: [a-z]+)?)? (?:is|'s|was)\b",
    re.I,
)
# the writer's last stretch at work told without "my" ("last day is may 30th", "final shift
# at Olmo on the 28th")
_LAST_STRETCH = re.compile(
    r"(?:very )?(?:last|final) (?:(?:working|ever|night|day|late|early) )?(?:day|shift)"
    r" (?:is|was|will be|'s|at|with|there|on)\b",
    re.I,
)
_NEW_AFTER_COMMA = re.compile(r", (?=" + _NEW_HOLDER.pattern + ")", re.I)  # "jo quit, new boss is"
# A thing of a kind one owns opening a sentence with what befell it ("vespa won't start",
# "civic's gone", "iphone 11 died"): texting drops the "my".
_OWN_THING = re.compile(
    r"(?-i:" + "|".join(sorted(map(re.escape, DEVICE_NAMES), key=len, reverse=True)) + r")"
    r"(?: [a-z]*\d[\w-]*)?(?:'s | )(?:won't|wont|needs|need|died|dies|is|was|broke|breaks|came|"
    r"arrived|got|has|keeps|kept|finally|just|still|stopped|crashed|cracked|gone|battery|"
    r"screen|failed|passed)\b"
)
_FIRST_PERSON = re.compile(r"I(?:'m|'ve)? [a-z]")
# Past tenses that open names, not the writer's deeds ("United Airlines lost my bag", "Hung
# Nguyen", "Sang-woo"), before a capitalised word.
_NOT_A_VERB = word_set("united limited hung sang won ran")
# "back in June, I started at Pixar", "back then we lived in Hull": a time told in hindsight
# opens the sentence, no "I'm back" (a place after "back in" is: "back in Leeds!")
_BACK_THEN = re.compile(
    r"back\s+(?:then|when|in\s+(?:the\s+)?(?:day|days|\d{4}|'\d\d|\d{2}s|(?:early|late|mid)\b|"
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|autumn|fall|"
    r"winter|school|college|uni)\b)",
    re.I,
)
_WORDS = re.compile(r"[a-z][a-z'-]*|\S+", re.I)
_SENTENCE = re.compile(r"[^.!?:\n]+[.!?:]*")


# A role told and its holder's name as a sentence of its own ("new girlfriend. Róisín.",
# "gf now. Sam."): one noun phrase, "new girlfriend Róisín" (a title is no name: "Dr.")
_ROLE_THEN_NAME = re.compile(
    r"\b(?P<role>(?:new\s+)?(?:"
    + "|".join(
        sorted(
            ROLES_DATING | ROLES_MARRIED | ROLES_MANAGER | ROLES_PERSONAL,
            key=lambda w: (-len(w), w),
        )
    )
    + r"))(?P<now>\s+now)?\s*\.\s+(?!(?:dr|mr|mrs|ms|mx|prof|st)\b)"
    r"(?P<name>(?-i:[A-Z])[\w'’-]+)(?=\s*(?:[.!]|$))",
    re.I,
)


# a writer naming themselves "here" and saying what they are: "Gergana here, pastry chef at a
# ski hotel in Bansko" -> "Gergana here. I'm pastry chef at ..." (not "Sam here, I moved",
# "Sam here, just checking in")
_HERE_INTRO = re.compile(
    r"(?<![\w'])(?P<name>(?-i:[A-Z])[\w'-]+) here,\s+"
    r"(?=(?:an? |the )?(?-i:[a-z]))(?!(?:i|we|my|our|just|still|again|and|but|so|hope|hoping|"
    r"thanks|thank|sorry|quick|can|could|would|please|ok|okay|long|checking|writing|asking)\b)",
    re.I,
)


def with_subjects(text: str) -> str:
    """``text`` with the first-person subject of each subjectless opening written in."""
    text = _ROLE_THEN_NAME.sub(r"\g<role> \g<name>\g<now>", text)
    text = _HERE_INTRO.sub(r"\g<name> here. I'm ", text)
    text = _THEIR_NEWS.sub(_their_news, _NEW_AFTER_COMMA.sub(", my ", text))
    before: list[str] = [""]

    def sentence(m: re.Match[str]) -> str:
        out = _sentence(m, _narrated(before[0]))
        before[0] = m.group()
        return out

    return _SENTENCE.sub(sentence, text)


# the sentence before tells of a third person, last by "he" or "she", and not of the writer
# ("he's been running his uncle's boat since August. quit the forestry altogether": his)
_LAST_THIRD = re.compile(r"\b(he|she)\b(?!.*\b(?:I|me|my|we|our)\b)(?!.*\b(?:he|she)\b)", re.I)
_IN_THIRD = {"I": "{}", "I'm": "{}'s", "I've": "{}'s", "I was": "{} was"}


def _narrated(before: str) -> str | None:
    """He or she, when the sentence before ends on that person's news."""
    m = _LAST_THIRD.search(before)
    return m.group(1).lower() if m else None


# news listed after a clause told of a third person is theirs: "she's in Lyon now, new job
# at a restaurant" -> "..., she got a new job at a restaurant"
_THEIR_NEWS = re.compile(
    r"\b(?P<who>she|he|they)(?:'s| is| are|'re| has| have) [^,.;!?]{1,60}, (?=new [a-z])", re.I
)


def _their_news(m: re.Match[str]) -> str:
    after = m.string[m.end() :].split(",", 1)[0]
    if not _NEWS.match(after) or _TOLD_VERB.search(after):
        return m.group()
    return f"{m.group()}{m.group('who').lower()} got a "


def _sentence(m: re.Match[str], narrated: str | None = None) -> str:
    sentence = m.group()
    if sentence.rstrip().endswith("?"):
        return sentence
    opening = OPENING.match(sentence.lstrip())
    lead = len(sentence) - len(sentence.lstrip()) + (opening.end() if opening else 0)
    rest = sentence[lead:]
    if _OWN_THING.match(rest):  # "vespa won't start", "civic's gone, got a kia": mine
        return f"{sentence[:lead]}my {_LISTED.sub(_listed_subject, rest)}"
    # "new boss is tom": the writer's new boss; "last day is may 30th": the writer's last day
    if _NEW_HOLDER.match(rest) or _LAST_STRETCH.match(rest):
        return f"{sentence[:lead]}my {rest[:1].lower()}{rest[1:]}"
    if _NEWS.match(rest) and not _TOLD_VERB.search(rest):  # "new job at X!!", "new bf"
        return f"{sentence[:lead]}I got a {rest[:1].lower()}{rest[1:]}"  # "New job" no name
    if _DENIES.search(sentence[:lead]):  # "no migraines in six weeks", "no running for me"
        return sentence
    if _AILMENT.match(rest) and not _TOLD_VERB.search(rest):  # "covid again", "flu rn"
        return f"{sentence[:lead]}I have {rest}"
    then = _BACK_THEN.match(rest)
    if then is not None:  # the time told first, then the predicate: its own subject
        told, rest = rest[: then.end()], rest[then.end() :].lstrip(" ,")
        sentence, lead = f"{sentence[:lead]}{told}, {rest}", lead + len(told) + 2  # set off
    subject = _subject_for(rest)
    if subject is None:
        if _FIRST_PERSON.match(rest):  # "I speak swahili, learning french"
            return sentence[:lead] + _LISTED.sub(_listed_subject, rest)
        return sentence
    listed = _listed_subject
    if narrated is not None and subject in _IN_THIRD:  # "... quit the forestry altogether"
        subject = _IN_THIRD[subject].format(narrated)
        listed = partial(_their_listed, narrated)  # "working in a café, sharing a flat in X"
    word = rest.split(" ", 1)[0]
    first = rest[:1].lower() if word[1:].islower() else rest[:1]  # "Moved to" -> "moved to"
    rest = _LISTED.sub(listed, f"{first}{rest[1:]}")
    return f"{sentence[:lead]}{subject} {rest}"


def _their_listed(who: str, m: re.Match[str]) -> str:
    """:func:`_listed_subject` for a sentence told of ``who`` ("he", "she"): "He's there
    six weeks now. Working in a café, sharing a flat in Kitsilano" -> "..., he's sharing"."""
    said = _listed_subject(m)
    subject = said[2:].split(" ", 1)[0] if said.startswith(", I") else ""
    if subject not in _IN_THIRD:
        return said
    return f", {_IN_THIRD[subject].format(who)}{said[2 + len(subject) :]}"


def _listed_subject(m: re.Match[str]) -> str:
    verb = m.group(1)
    after = m.string[m.end() :].split(",", 1)[0]
    if verb == "new" and _NEWS.match(after) and not _TOLD_VERB.search(after):
        return ", I got a "  # "I quit the cafe, new job at Arlo's"
    if verb.endswith("ing") and len(verb) > 4 and verb not in NOUN_ING:
        return ", I'm "  # "I speak swahili, learning french on the side"
    if verb in FEELINGS:
        return ", I'm "  # "back from rome, exhausted"
    if verb in ("been", "gone"):
        return ", I've "  # "left Hollis in June, been at Brackwater since July"
    past = verb in IRREGULAR_PAST or (verb.endswith("ed") and len(verb) > 3)
    return ", I " if past and verb not in NOT_PAST and verb not in STATES else ", "


def _subject_for(rest: str) -> str | None:
    """The subject a predicate opening ``rest`` lacks, or ``None`` (not a predicate)."""
    words = [w.lower() for w in _WORDS.findall(rest)[:8]]
    if not words or not rest[:1].isalpha():
        return None
    i = 0
    while i < len(words) - 1 and words[i] in ADVERBS:
        i += 1
    head, after = words[i], words[i + 1] if i + 1 < len(words) else ""
    if after in COPULAS and head != "been":
        return None  # "freelancing is hard", "vegan was easy": a noun, not a predicate
    capital = rest[:1].isupper() and not rest[1:2].isupper() and i == 0
    if capital and after not in CAPITAL_VERB_AFTER and not _a_past_tense(head):
        return None  # "Wilfred has moved": a capitalised word in -ed is a name
    if after in EVENT_NOUNS:
        return None  # "swim lesson tomorrow at 8", "dance class on friday": a calendar line
    subject = _verbal(head, after)
    if subject is None and (i > 0 or not rest[:1].isupper()):  # "Will moved", "Hope is": names
        subject = _lower_case_only(head, after, words[i + 1 :])
    return subject


def _a_past_tense(word: str) -> bool:
    """Is ``word`` a past tense of an English verb ("left", "joined", "swapped",
    "married"), never a name in -ed ("Wilfred", "Jared", "Ted")? A capitalised one opening a
    sentence is the writer's deed ("Left Greenway", "Started running 5k")."""
    if word in _NOT_A_VERB:
        return False
    if word in IRREGULAR_PAST:
        return True
    if not word.endswith("ed") or word in NOT_PAST:
        return False
    stems = (word[:-2], word[:-1], word[:-3], word[:-3] + "y")  # join-ed, move-d, swap-p-ed
    vocabulary = english_words()
    return any(len(stem) >= 4 and stem in vocabulary for stem in stems)


def _verbal(head: str, after: str) -> str | None:
    if head in ("been", "gone"):
        return "I've"  # "been at brackwater since march", "gone fully vegan since the spring"
    if head in PASSIVE and after in ("with", "as", "by", "for", "to", "from", "into", "at"):
        return "I was"
    if head in FEELINGS:
        return "I'm"  # "exhausted after work", "gutted tbh"
    if head in STATES and (not after[:1].isalpha() or after in AFTER_STATE):
        return "I'm"  # "engaged!!", "retired now", "married since june"
    if head in GIVING_UP and (after.endswith("ing") or after == "up"):
        return None  # "quit going to the pool": the habit reader takes the speaker there
    if head in IRREGULAR_PAST or (head.endswith("ed") and len(head) > 3):
        return None if head in NOT_PAST else "I"  # "married leila on saturday"
    if head in STATES:
        return "I'm"
    if head.endswith("ing") and len(head) > 4 and head not in NOUN_ING:
        if head not in _LINKING_ING and _a_past_tense(after):
            return None  # "training cancelled tonight", "sailing cancelled": a noun, passive
        return None if after in ("you", "your") else "I'm"
    return None


# -ing verbs a participle may follow as their complement: "getting married", "feeling drained"
_LINKING_ING = frozenset(
    {"getting", "feeling", "being", "looking", "becoming", "staying", "keeping", "growing"}
)


def _lower_case_only(head: str, after: str, rest: list[str]) -> str | None:
    if after in NOUN_AFTER or after in IRREGULAR_PAST or after in TIME_WORDS:
        return None  # "work was mad", "date nite with carys", "run tomorrow": a noun
    if head in NOUN_VERBS and after not in AFTER_VERB:
        return None  # "swim lesson tomorrow", "run club tonight": a noun
    if head in PRESENT:  # not "do you ...", "work #2 tonight"
        bad = not after[:1].isalpha() or after in ("you", "your", "me", "it", "us", "them")
        return None if bad else "I"
    if head == "into" and rest[:1] and rest[0] in DETERMINERS:
        return None  # "into the final now": a place or a round, no liking
    if head in STATE_PREPOSITIONS and _a_state(rest):
        return "I'm"
    return None


def _a_state(rest: list[str]) -> bool:
    """ "on metformin", "at quayside autos": a thing or place, not a time ("in 3 months",
    "on the 20th")."""
    words = rest[1:] if rest and rest[0] in DETERMINERS else rest
    if not words or not words[0][:1].isalpha() or words[0] in TIME_WORDS:
        return False
    return not ORDINAL.fullmatch(words[0]) and words[0] not in NOT_A_STATE_AFTER
