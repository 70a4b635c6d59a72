"""Names written in lower case, found by where they stand, and capitalised.

Texting writes names in lower case: "started at brightwell logistics", "moved to poznan",
"quit brightwell", "my gf carys", "a kitten called mochi", "caspian and i split up". Where a
writer would capitalise, the later stages find names by their capitals; so
:func:`capitalised_names` capitalises a lower-case word that stands where only a name can:

* a place or organisation: after "at", "in", "from", after a verb of moving + "to"
  ("moved to", "flying to"), after a verb of work + "for" ("delivering for"), or as the
  object of a verb of joining and leaving ("joined", "quit", "visited", "cancelled");
  with "the" only when an organisation or place head follows ("at the lumiere cinema");
* a person whose name opens a line, by what follows it ("ollie came home", "bea dumped
  fitz": ``analysis/person_acts.py``);
* a person or pet: after "named", "called", "name's", "with", "me and", a role noun after
  a possessive ("my gf carys", "her mate ollie", "my hamster biscuit"), before "and I";
* a word that opens a name already known in the conversation ("brightwell" after
  "Brightwell Logistics").

A word of ordinary English (``_COMMON`` and the lexicon's word classes), a gerund, a word
with digits and a time word is never a name there: "at home", "in bed", "into it",
"for work", "with exams" stay as they are. Organisation and place heads after the name join
it ("kestrel freight", "harrow rd motors").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from chronomem.extractors.rules.analysis.person_acts import FILLERS, opens_on_a_person
from chronomem.extractors.rules.tables import gazetteer as gz
from chronomem.extractors.rules.tables import lexicon as lx
from chronomem.extractors.rules.tables import life_words as lw
from chronomem.extractors.rules.tables.medication import MEDICATIONS
from chronomem.extractors.rules.tables.texting_words import STATE_WORDS, VERB_WORDS
from chronomem.text.words import english_words, is_gerund, word_set

# Ordinary words that stand after a preposition or a role noun without being names.
_COMMON = word_set(
    """
    home work school uni college church bed town hospital lunch dinner breakfast brunch
    tea coffee drinks night noon midnight class practice training rehab therapy prison
    jail court camp university nursery sea heaven hell love trouble time peace war stake
    risk hand mind heart touch charge general particular person public private advance
    bulk cash sale stock line order place case turn total full part front back side top
    bottom half length least last first once all both hope fun real sure good free shape
    bits pieces tears ages life parents kids children family friends mates people
    everyone someone nobody anyone everybody nowhere somewhere anywhere everywhere abroad
    overseas upstairs downstairs outside inside instead again fact pain bits shock debt
    bed sleep mine yours ours theirs his hers there here then now later soon today
    tonight tomorrow yesterday weird awful great nice fine bad worse better best big
    small new old young same different other own next last early late long short high
    low full empty hard easy quick slow busy quiet loud hot cold warm cool wet dry
    lot lots loads bit way thing things stuff something nothing everything anything
    one two three four five six seven eight nine ten hundred thousand million
    shops shop store gym office meeting doctor dentist vet party gig work-from-home
    person call phone email text chat bus car train bike foot plane taxi uber queue
    traffic line town city country village world house flat apartment room kitchen
    garden garage basement attic hall street road bath shower toilet pub bar club
    cafe restaurant beach park lake river mountain hills countryside sun rain snow
    water fire air ground floor wall door window mind reality theory practice person
    total secret private silence bulk depth detail general ages reverse return exchange
    response addition lieu spite favour favor terms regards touch love trouble luck
    normal usual routine scratch square
    vain bloom season stock business process progress question doubt danger debt
    charge control power place position view sight mind action demand need favour
    full good real sure free nothing anyway mum dad mom mother father brother sister
    wife husband partner son daughter boss manager team squad crew band choir league
    someone's everyone's sugar caffeine alcohol booze meat dairy gluten carbs bread
    chocolate vaping cigarettes cigs soda sweets junk summer winter spring autumn fall
    netball football soccer rugby cricket tennis hockey basketball baseball golf
    volleyball badminton squash yoga pilates crossfit off out down away over gloves
    student rental rented shared holiday tiny cosy cozy dream starter spare guest
    name alright okay ok well nicely slowly quickly properly
    end start beginning middle
    """
)
_ROLE_NOUNS = (
    lw.ROLES_MARRIED
    | lw.ROLES_DATING
    | lw.ROLES_FRIEND
    | lw.ROLES_FAMILY
    | lw.ROLES_MANAGER
    | lw.PET_SPECIES
    | word_set(
        """
        mate flatmate roommate roomate housemate neighbour neighbor colleague coworker
        co-worker ex coach teacher tutor therapist landlord landlady nephew niece
        grandson granddaughter grandma grandpa stepson stepdaughter baby dog cat
        """
    )
)
_ORG_HEADS = (
    gz.GROUP_HEADS
    | gz.PLACE_HEADS
    | gz.WORKPLACE_HEADS
    | gz.ORG_SUFFIXES
    | gz.LOCATION_SUFFIXES
    | word_set(
        """
        logistics freight motors autos games studios media labs insights bank pharmacy
        vets dental orthodontics cinema council rail railway air airlines airways coffee
        bakery station rd st ave lane centre center systems solutions
        foods tech digital design consulting capital health care homes hotel cafe deli
        kitchen pizza burger books records theatre theater gallery garden gardens fc
        united city town county services solutions systems energy marketing finance
        insurance realty properties construction engineering networks publishing press
        records productions entertainment brewing roasters farms
        """
    )
)
_POSSESSIVES = word_set("my her his our their your")
_MOVE_VERBS = word_set(
    """
    moved moving move relocated relocating went go flew flying fly flight trip drove
    driving headed heading back returned returning transferred came coming commute
    commuting emigrated emigrating travelled traveled travelling traveling holiday
    """
)
_OBJECT_VERBS = word_set(
    """
    joined join joining visited visiting rejoined dumped dating married marry marrying
    named called leaving left leave quit quitting
    """
)
_WORK_FOR = word_set(
    """
    work works worked working deliver delivers delivering delivered drive drives driving
    volunteer volunteers volunteering volunteered handling temping freelancing nannying
    interning up consulting contracting modelling modeling writing coding designing
    """
)
_WITH_PEOPLE = word_set(
    """
    i'm im am months years weeks days living live lives lived moved in out went going
    date dating dinner lunch drinks together split broke married engaged up things it
    """
)
# auxiliaries and modals: a verb after a role noun, never its name ("my wife cannot believe
# it", "my boss would never")
_AUXILIARIES = word_set(
    "cannot can could would will should must might may shall does did has had was were "
    "am are wont dont cant didnt doesnt isnt wasnt shouldnt wouldnt couldnt mustnt"
)
_VERBS = (
    _AUXILIARIES
    | VERB_WORDS
    | word_set(
        """
    go do say come think know seem look keep make take get allow wave let put call tell
    ask try turn leave stay start stop help give bring send show feel mean become
    died dies die ran ate slept went got had was is
    """
    )
)
# Roles one person fills, told as "my manager is fern".
_POSITIONS = lw.ROLES_MANAGER | word_set(
    "coach teacher tutor therapist landlord landlady gp doctor dentist trainer mentor"
)
_HOMES = word_set("flat apartment house place home condo studio houseshare flatshare")
_OBJECT_START = lx.DETERMINERS | lx.PREPOSITIONS | lx.PRONOUNS | word_set("him her them it so too")
# Verbs of saying and thinking that take a clause ("my daughter insists she's ...", "my
# grandad swears he can ..."): after a role noun, before a subject, no name ("my sister
# agnes she lives in leeds" is one).
_SAYS = word_set(
    """
    says insists swears thinks reckons claims believes promises hopes admits knows feels
    guesses figures suspects doubts worries tells argues jokes complains
    """
)
_CLAUSE_START = lx.OTHER_SUBJECTS | lx.PRONOUNS
# what opens a verb's object, never a name's next word: "my mother close her restaurant"
_OWNERS_OF_OBJECT = lx.DETERMINERS
_LEAVE_VERBS = word_set("quit left leaving quitting cancelled canceled ditched")
_PLACE_PREPOSITIONS = word_set("at in from near outside")
_MONTHS_SHORT = word_set("jan feb mar apr jun jul aug sep sept oct nov dec")
_SELF = frozenset({"i", "i'm", "i'll", "i've", "i'd"})
_NOT_NAMES = (
    _COMMON
    | lx.NOT_NAMES
    | lx.PREPOSITIONS
    | lx.DETERMINERS
    | lx.TIME_WORDS
    | lx.PRONOUNS
    | lx.OTHER_SUBJECTS
    | lx.GAP_WORDS
    | lx.OBJECT_STOPS
    | lx.CONJUNCTIONS
    | lx.FILLER_ADJECTIVES
    | lx.BAD_OBJECTS
    | lw.ACTIVITIES
    | lw.LANGUAGES
    | lw.DIETS
    | lw.HABITS
    | lw.CONDITIONS
    | lw.BODY_PARTS
    | lw.JOB_HEADS
    | gz.DEVICE_HEADS
    | _ROLE_NOUNS
    | _ORG_HEADS
    | _MOVE_VERBS
    | _OBJECT_VERBS
    | _LEAVE_VERBS
    | VERB_WORDS
    | STATE_WORDS
    | MEDICATIONS
    | lw.BODY_PARTS
)
# Words of ordinary English (public: ``chat_spelling`` lowers them when shouted in capitals).
COMMON_WORDS = _NOT_NAMES - lw.BODY_PARTS - MEDICATIONS  # "ACL", "SSRI" stay capitals
_TOKEN = re.compile(r"[^\W\d_][^\W\d_'-]*(?:'s)?|\S", re.UNICODE)
_JOINERS = frozenset({"and", "but"})  # words that open a clause inside a line


def capitalised_names(text: str, known: Iterable[str] = ()) -> str:
    """``text`` with each lower-case word that stands where only a name can capitalised
    (with the heads that join it); ``known``: names met earlier in the conversation. A
    word that opens one known name of several words stands for it ("quit brightwell")."""
    tokens = list(_TOKEN.finditer(text))
    words = [t.group().lower() for t in tokens]
    firsts = _first_words(known)
    careful = _writes_capitals(tokens, words)
    out, last = [], 0
    for i, tok in enumerate(tokens):
        if tok.start() < last or not tok.group()[:1].islower():
            continue
        if careful and words[i] not in firsts and words[i] in english_words():
            continue  # "we are in divorce now" from one who writes "my wife Simona"
        if text.startswith("'", tok.end()) and not tok.group().endswith("'s"):
            continue  # "doesn't", "ya'll": a contraction
        end = i if _opening_person(text, tokens, i, words) else _name_end(words, i, firsts)
        if end is None or (tokens[end].end() < len(text) and _capital_next(tokens, end)):
            continue  # "from rainy Cork", "our baby girl Nell": a word before a name
        full = firsts.get(words[i]) if end == i else None
        if full and " ".join(words[i : i + len(full.split())]) == full.lower():
            continue  # the whole known name, in lower case: found as a known name later
        out.append(text[last : tok.start()])
        said = text[tok.start() : tokens[end].end()]
        out.append(full or " ".join(_capital(w) for w in said.split()))
        last = tokens[end].end()
    return "".join(out) + text[last:] if out else text


def _writes_capitals(tokens: list[re.Match[str]], words: list[str]) -> bool:
    """Does the text write as print does: every sentence opened with a capital, and a
    capitalised word inside one other than "I", a month or a shout ("My wife Simona and me
    ...")? Then a lower-case word of English is no name. (A chat that opens its lines in
    lower case may still capitalise a shop and not a friend: "called Tapioca Moon. my friend
    cherry says")"""
    opens = [i for i, _ in enumerate(tokens) if i == 0 or words[i - 1] in (".", "!", "?")]
    if any(words[i][:1].isalpha() and not tokens[i].group()[:1].isupper() for i in opens):
        return False
    return any(
        tok.group()[:1].isupper()
        and not tok.group().isupper()
        and words[i] not in _SELF
        and words[i].rstrip(".") not in lx.TIME_WORDS | _MONTHS_SHORT
        and i not in opens
        and words[i - 1] not in (":", '"')
        and not tokens[i - 1].group()[:1].isupper()
        for i, tok in enumerate(tokens)
    )


def _opening_person(text: str, tokens: list[re.Match[str]], i: int, words: list[str]) -> bool:
    """ "soraya lives near me", "ollie came home", "ok so bea dumped fitz": a line's first
    word (after a filler), or a clause's after "and" / "but" ("darryl got moved n brielle is
    our manager now"), that what follows tells a person's name."""
    j = i
    while j > 0 and words[j - 1] in FILLERS:
        j -= 1
    joined = i > 0 and words[i - 1] in _JOINERS
    if j > 0 and words[j - 1] not in (".", "!", "?") and not joined:
        return False
    span = (tokens[i].start(), tokens[i].end())
    return opens_on_a_person(text, span, not _nameable(words[i]))


def _capital_next(tokens: list[re.Match[str]], end: int) -> bool:
    return end + 1 < len(tokens) and tokens[end + 1].group()[:1].isupper()


def _first_words(known: Iterable[str]) -> dict[str, str]:
    """First word -> the one known name of several words it opens."""
    out: dict[str, str | None] = {}
    for name in known:
        parts = name.split()
        if len(parts) > 1 and parts[0][:1].isupper():
            key = parts[0].lower()
            out[key] = name if out.get(key, name) == name else None
    return {k: v for k, v in out.items() if v and _nameable(k)}


def _name_end(words: list[str], i: int, firsts: dict[str, str]) -> int | None:
    """The index of the last token of a name starting at token ``i``, or ``None``."""
    word = words[i]
    if word in ("st", "st.") and i + 1 < len(words) and _nameable(words[i + 1]):
        return i + 1 + _heads(words, i + 2)  # "left st attracta's": a saint's name
    if not _nameable(word):
        return None
    heads = _heads(words, i + 1)
    prev = words[i - 1] if i > 0 else ""
    prev2 = words[i - 2] if i > 1 else ""
    if prev == "the" and not (i + 1 < len(words) and words[i + 1] in _HOMES):
        return None  # "at the food bank", "the book club": a kind of place, not a name
    if heads and (word in firsts or prev in _LEAVE_VERBS):
        return i + heads  # "*fenwick orthodontics" after Fenwick Dental, "quit saltmarsh media"
    if _slot(words, i, prev, prev2):
        return i + heads  # "quit saltmarsh media": left, with a head that makes it a firm
    return None


def _slot(words: list[str], i: int, prev: str, prev2: str) -> bool:
    if prev in _PLACE_PREPOSITIONS or prev in _OBJECT_VERBS or prev in gz.PERSON_TITLES:
        return True
    after = words[i + 1 : i + 3]
    if after and after[0] in _HOMES and prev in ("the", "my", "our"):
        return True  # "the rotterdam flat", "my madrid place": a home is in a place
    if after in (["is", "home"], ["'s", "home"]):
        return True  # "wellington is home now"
    if len(after) == 2 and after[0] == "the" and after[1] in lw.PET_SPECIES:
        return True  # "clover the bunny chewed my charger"
    if prev == "to":  # "moved to poznan", "engaged to marco"
        return prev2 in _MOVE_VERBS or prev2 in ("engaged", "married", "proposed", "wed")
    if prev == "for":  # "delivering for zippr", "signed up for puregym"
        return prev2 in _WORK_FOR
    if prev == "with":  # "6 months with lorcan", "i'm with dario now"; not "with rice"
        return prev2 in _WITH_PEOPLE
    if prev == "name's" or (prev == "is" and prev2 == "name"):
        return True
    if prev == "is" and (prev2 not in _POSITIONS or not _ends(words, i + 1)):
        return False  # "my manager is fern, ..."; not "my husband is allergic to dust"
    role = prev2 if prev == "is" else prev  # "my gf carys", "my manager is fern"
    if role in _ROLE_NOUNS:
        if words[i] in _VERBS:
            return False  # "my boss said", "my wife say is the same" (no -s): a verb
        following = words[i + 1].split("'")[0] if i + 1 < len(words) else ""
        says = words[i] in _SAYS and following in _CLAUSE_START
        if says or (words[i].endswith("s") and following in _OBJECT_START):
            return False  # "my grandpa smokes a pipe", "my boss waves at me": a verb
        if following in _OWNERS_OF_OBJECT:
            return False  # "my mother close her restaurant" (a learner's verb, no -s)
        back = i - 2 if prev == "is" else i - 1
        owners = _POSSESSIVES | {"new"} if prev == "is" else _POSSESSIVES  # "new boss is tom"
        return any(w in owners for w in words[max(0, back - 3) : back])
    if prev == "and" and prev2 == "me":
        return True
    if prev == "," and prev2 in ("someone", "somebody") and _ends(words, i + 1):
        return True  # "seeing someone, birkir, nothing serious"
    if words[i + 1 : i + 3] == ["(", "my"]:  # "dele (my bro)"
        return True
    # "so jo and i split"; not after "ok": "ok jo" is a vocative
    opening = i == 0 or prev in (".", "!", "?", ",", "so", "and", "but", "now")
    return opening and words[i + 1 : i + 3] in (["and", "i"], ["&", "i"])  # "jo and i split"


def _ends(words: list[str], j: int) -> bool:
    """Whether the phrase ends at token ``j`` (punctuation, the end, "and", "now")."""
    return j >= len(words) or words[j] in (".", ",", "!", "?", ";", ":", "and", "now", "btw")


def _nameable(word: str) -> bool:
    if word.endswith("s") and (word[:-1] in _VERBS or word[:-2] in _VERBS):
        return False  # "her cousin goes", "my boss says"
    if len(word) < 3 or word in _NOT_NAMES or word.rstrip("s") in _NOT_NAMES:
        return False
    if all(part in lx.NUMBER_WORDS for part in word.split("-")):
        return False  # "at thirty-eight", "for twenty years": a number, not a name
    if word.endswith("'s") and word[:-2] in _NOT_NAMES:
        return False
    if word.endswith("ed") and len(word) > 4:
        return False  # "my son turned out": a verb, not "Ted" or "Jed"
    if word.endswith("ing") and len(word) > 5:
        return not is_gerund(word)  # "moved to kilwinning": no verb "kilwinn"
    return not word.endswith("ly") or len(word) <= 5


def _heads(words: list[str], j: int) -> int:
    """How many organisation or place heads follow at ``j`` ("freight", "rd motors"), or
    an "&" and a second name ("tallow & finch", "crumb & co bakery")."""
    n = 0
    while n < 4 and j + n < len(words):
        word = words[j + n]
        if word == "&" and j + n + 1 < len(words) and n < 3:
            after = words[j + n + 1]
            if not (after in _ORG_HEADS or _nameable(after)):
                break
            n += 2
        elif word in _ORG_HEADS:
            n += 1
        else:
            break
    return n


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:] if word[:1].islower() else word
