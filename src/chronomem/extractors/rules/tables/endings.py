"""Rows of the pattern table for endings told with the name of what ended: a club or a job
left, a school finished, a device fixed. Each row has ``ending=True``: the fact that ended
gets its ``invalid_at``. One part of the table in :mod:`.patterns`, which keeps its place.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.gazetteer import GROUP_HEADS, NOT_EMPLOYERS
from chronomem.extractors.rules.tables.moves import SCHOOL_HEADS
from chronomem.extractors.rules.tables.row import NOT_PERSON as _NOT_PERSON
from chronomem.extractors.rules.tables.row import RelationPattern
from chronomem.text.words import word_set

# what one is "in" as a member: "I'm in a book club" ("in the city center" is a place)
_IN_GROUP = word_set(
    "group club team society association league union church band choir program programme "
    "committee council orchestra troupe crew squad"
)
_LOWER_CLUB = (
    r"(?!(?:new|annual|monthly|yearly|family|student|premium|free|basic|full|trial|lifetime|"
    r"year|month|cheap|corporate|joint|couples?|own|first|gold|silver|vip|the|a|an)\b)[a-z]+"
)
_FIXED = (
    r"(?:works|is working|working|runs|is running|prints|is printing)"
    r" (?:fine |normally |properly |perfectly |well )?again"
    r"|(?:is|was|got|has been|have been|been) (?:finally |now |all )?"
    r"(?:fixed|resolved|repaired|sorted)"
    r"|is back to normal|(?:works|is working) (?:fine|perfectly|properly|normally) now"
)

# fmt: off
P = RelationPattern
ENDING_ROWS: tuple[RelationPattern, ...] = (
    # -- endings: the fact that ended, with invalid_at --------------------------------------
    # "left the choir", "I have stepped down from the choir", "resigned from the committee"
    P("MEMBER_OF", r"\b(?:left|quit|dropped out of|(?:stepped|stepping|stood|standing) "
      r"(?:down|back) from|resigned from)\b", "Organization", "phrase", ending=True,
      heads=GROUP_HEADS | {"gym"},
      triggers="left quit dropped stepped stepping stood standing resigned"),
    P("WORKS_AT", r"\b(?:quit|left|(?:pack|jack|chuck)(?:ed)? in) (?:my|her|his|the|a) "
      r"(?:[a-z]+ )?job (?:at|with|in)\b"
      r"|\bstopped working (?:at|for)\b|\b(?:my |her |his )?last day at\b"
      # quitting, as British English says it: "packed in the cider farm at Brockley"
      r"|\b(?:pack|jack|chuck)(?:ed)? (?:it )?in(?: (?:at|with))?\b"
      r"|\bresigned from\b"
      r"|\b(?:retired|retires|retiring|retire) from\b"
      r"|\b(?:got|was|been|were) (?:fired|laid off|let go) (?:from|by)\b"
      r"|\bleft\b|\bquit\b"
      # "finished at Monoprix last Friday", "finished up at the mill" (not "we are finished
      # with Taras": a state after a copula ends a tie, not a job)
      r"|\b(?<!\bam )(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!'m )(?<!'re )"
      r"finished (?:up )?(?:at|with)\b(?= (?:the )?(?-i:[A-Z]))",
      "Organization", ending=True,
      reject_labels=frozenset({"Location", "Person", "Event"}), reject_heads=NOT_EMPLOYERS,
      context_words=frozenset({"job", "work", "position", "role", "company", "firm"}),
      triggers="quit left resigned retired retires retiring retire fired laid let stopped last "
      "finished packed jacked chucked"),
    # "Chris left for Google": a company one leaves for is the new employer (a known
    # company only: "left for Tulum" is a trip)
    P("WORKS_AT", r"\b(?:left|quit|is leaving|'s leaving) (?:[a-z]+ )?for\b", "Organization",
      need_labels=frozenset({"Organization"}), triggers="left quit leaving",
      # a work cue or a date long past: "Mom left for Walmart" is an errand
      requires=r"\b(?:job|work|team|company|offer|role|position|hired|poached|recruited|"
      r"startup|colleague|coworker|boss)\b|\blast (?:week|month|year)\b|\b(?:weeks?|months?|"
      r"years?) ago\b"),
    # "my new employer is Netflix", "my company is Acme now"
    P("WORKS_AT", r"\b(?:my|your) (?:new |current )?(?:employer|company|workplace) (?:is|'s) "
      r"(?:now |currently )?(?P<obj>{NAME})", "Organization", "inline", "possessor",
      reject_labels=frozenset({"Location", "Person", "Event"}),
      template="{source} works at {target}", triggers="employer company workplace"),
    # "renewed my Costco membership", "I'm in a book club", "been in the union for 10 years",
    # "not in the choir anymore"
    # (the name often typed in lower case: "got a costco membership"; a word saying what
    # kind of membership is no name: "got a family membership")
    P("MEMBER_OF", r"\b(?:renewed|have|has|got|bought|started|use) (?:my|our|a|an) "
      r"(?P<obj>{NAME}|" + _LOWER_CLUB + r") membership\b", "Organization", "inline",
      reject_labels=frozenset({"Location", "Person", "Event"}), triggers="membership"),
    # (no longer with a group too: "I'm not with the Harbourside club anymore"; "I'm with
    # the band tonight" tells no membership; a learner's order:
    # "I am not anymore in the choir", "she is no more in the team")
    P("MEMBER_OF", r"(?:\b(?:am|is|are|was|were|been)|'m|'re|'s)"
      r"(?P<neg> not(?: anymore| any more| more)?| no (?:longer|more))?"
      r" (?:still |now |also )?(?(neg)(?:in|with)|in) (?:the|a|an|our|my)\b", "Organization",
      "phrase", heads=_IN_GROUP, triggers="in with"),
    # "my last day at Unilever was March 31st", "today was my last shift at Costco", a reply's
    # "last shift at Bean There on the 28th"
    # ("my last night shift on ward 7 at St Brennock's": a kind of shift, where in the place)
    P("WORKS_AT", r"(?:\b(?:my|our|your) |^)(?:very )?(?:last|final)(?: ever)?"
      r" (?:(?:night|day|late|early|morning|evening|weekend|working) )?(?:day|shift|week|night)"
      r"(?: (?:on|in) (?:the )?\w+(?: \w+)?)?"
      # what the day was spent doing: "my last day painting the luzzijiet at the boatyard"
      r"(?: [a-z]+ing(?: [\w'-]+){0,3}?)? (?:at|with)\b",
      "Organization", "phrase", subject="possessor", ending=True,
      reject_labels=frozenset({"Location", "Person", "Event"}),
      # "last day at school" is a school's; "at work", "at the office": the job held
      reject_heads=SCHOOL_HEADS | NOT_EMPLOYERS | word_set("home class nursery"),
      context_words=frozenset({"work", "office", "job"}), triggers="last final"),
    P("WORKS_AT", r"(?P<obj>{NAME}) (?:let (?:me|us) go|fired (?:me|us)|laid (?:me|us) off)\b",
      "Organization", "inline", "possessor", ending=True,
      reject_labels=frozenset({"Location", "Person", "Event"}), triggers="let fired laid"),
    P("LIVES_IN", r"\b(?:moved|moving|move) (?:out of|away from)\b", "Location", ending=True,
      context_words=frozenset({"apartment", "house", "home", "place", "flat", "city", "town"}),
      triggers="moved moving move"),
    P("DATING", r"\b(?:broke up with|split up with|dumped|broke up|split up)\b", "Person",
      ending=True, reject_labels=_NOT_PERSON, context_words=frozenset({""}),
      triggers="broke split dumped"),
    # a partner named by role after the break: "I broke up with my boyfriend Jake", a
    # learner's "I finished with my boyfriend Édgar after four years" (the role alone read
    # them as current; "finished with the dishes" is none)
    P("DATING", r"\b(?:finished|finish|broke up|break up|split up|split) with (?:my|her|his) "
      r"(?:boyfriend|girlfriend|partner|fiancée?|bf|gf)\b", "Person", ending=True,
      reject_labels=_NOT_PERSON, triggers="finished finish broke break split"),
    # the couple said as over ("we're not together anymore", "we went our separate ways"):
    # the partner held ends
    P("DATING", r"(?:\b(?:are|were)|'re) (?:not|no longer) (?:together|a couple|a thing)"
      r"(?: anymore| any more)?\b|\b(?:called it quits|went our separate ways|parted ways)\b",
      "Person", ending=True, reject_labels=_NOT_PERSON, context_words=frozenset({""}),
      triggers="together couple thing quits ways"),
    P("MARRIED_TO", r"\b(?:got divorced from|divorced from|divorced|separated from)\b", "Person",
      ending=True, reject_labels=_NOT_PERSON, context_words=frozenset({""}),
      triggers="divorced separated"),
    P("STUDIES_AT", r"\b(?:graduated from|dropped out of)\b", "Organization", ending=True,
      context_words=SCHOOL_HEADS, triggers="graduated dropped"),
    # "I graduated last week!": the school held, however long before it was told
    P("STUDIES_AT", r"\b(?:graduated|dropped out)\b(?! (?:from|of)\b)", "Organization",
      "context", ending=True, triggers="graduated dropped"),
    P("OWNS", r"\b(?:sold|got rid of|gave away)\b", "Item", "phrase", ending=True,
      triggers="sold rid gave"),
    P("HAS_PROBLEM", rf"\b(?:{_FIXED})\b", "Problem", "context", "device", ending=True,
      triggers="again fixed resolved repaired sorted normal now"),
)
del P
# fmt: on
