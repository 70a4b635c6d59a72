"""The ways English says that a tie is over, read around a reference to the thing held.

:func:`ends_tie` is given a clause piece cut in two at a reference to something the subject
holds (a job, a club, a pet, a band, a habit): the words before it and the words after it.
It answers whether the piece says the tie is over. The expressions are general word
classes of English, grouped by where the held thing stands:

* **as the object** of a verb of leaving, ending, getting rid of or getting over: "quit X",
  "walked away from X", "finally out of X", "I'm over X", "done with X", "no more X",
  "stopped going to X", "my last day at X", "handed in my notice at X", "cancelled my
  membership at X", "said goodbye to X", "ex-X", "my former X";
* **as the subject** of a predicate of being over: "X is gone", "X is history", "X didn't
  work out", "X and I are done", "X let me go", "X shut down", "X is going in the drawer";
* **negated holding**: a negation before it and "anymore" after it ("I'm not with X
  anymore", "don't go to X any more"), "no longer" before it, "used to" before it.

What must not end anything: a return or a lasting tie ("went back to X", "still at X"), a
wish or plan ("thinking of quitting X", "might leave X"), a denied ending ("I didn't quit
X"), a visit ("stopped by X"), an idiom of mood ("X is over the moon"), and a predicate of
another subject ("the meeting at X is over": X is not the subject).
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.negation import ANYMORE

# Between the ending word and the thing: determiners and a few adjectives ("quit **my old**
# X"), or a noun of what is held and its preposition ("cancelled **my membership at** X",
# "gave up **my spot in** X", "handed in my notice **at** X").
_DET = r"(?:my|our|the|that|this|his|her|their|a|an|good old|old|whole|stupid|damn|beloved)"
_HELD_NOUN = (
    r"(?:job|position|role|gig|post|spot|place|seat|membership|subscription|account|plan|"
    r"contract|lease|stint|tenancy)"
)
# "left nursing **and** the union": the ending reaches every item of a short list
_COORDINATED = r"(?:\s+[\w'-]+(?:\s+[\w'-]+)?,?\s+(?:and|&|plus|as well as))?"
# a day or a month that says which one ("withdrew from the March audition", "cancelled
# Friday's appointment")
_WHICH_DAY = (
    r"(?:(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow)"
    r"(?:'s)?)"
)
_GAP = (
    rf"{_COORDINATED}(?:\s+{_DET})*(?:\s+{_HELD_NOUN}\s+(?:at|with|in|on|to|for|of))?"
    rf"(?:\s+{_DET})*(?:\s+{_WHICH_DAY})?\s+$"
)

# Verbs and phrases that take the held thing as their object and end the tie.
_OBJECT_ENDINGS = (
    r"quit(?:ting|s)?|left|leaving|leave|resign(?:ed|ing)? from|retir(?:ed|ing) from|"
    r"walk(?:ed|ing) (?:away|out) (?:from|of|on)|step(?:ped|ping) (?:down|back|away) from|"
    r"mov(?:ed|ing) on from|part(?:ed|ing) ways with|cut ties with|"
    r"split (?:up )?(?:from|with)|br(?:oke|eaking) up with|br(?:oke|eaking) it off with|"
    r"dumped|ditched|dropped|dropped out of|drop(?:ping)? out of|withdr(?:ew|awn) from|"
    r"(?:got|get|getting) out of|kicked out of|fired from|laid off from|let go from|"
    r"(?:done|finished|finish|through) with|gave up(?: on)?|giving up(?: on)?|"
    # a job's last day: "finished at the port before christmas", "finished up at the mill"
    r"finished (?:up )?at|"
    # a thing stopped or come off, its object right after ("stopped metformin", "will stop
    # the statins", "came off the pill"; "stopped by X" is a visit: no object)
    r"stop(?:ped|ping|s)?|(?:came|come|coming) off|"
    r"(?:stopped|quit|stop) (?:going to|attending|visiting|seeing|using|taking|doing|"
    r"playing|eating|drinking|watching|listening to|working (?:at|for|with)|"
    r"volunteering (?:at|with|for)|training (?:at|with)|riding|driving)|"
    r"cancel(?:l)?(?:ed|ing)?|unsubscrib(?:ed|ing) from|let go of|got rid of|"
    r"getting rid of|say(?:ing)? goodbye to|said goodbye to|bye(?: bye)?|goodbye|"
    r"farewell(?: to)?|(?:my|our|the) last day (?:at|with|of|in)|"
    r"(?:handed|handing|hand|put|putting|gave|giving|turned|turning) in (?:my|our) "
    r"(?:notice|resignation)(?: (?:at|to|with))?|"
    r"(?:my|our) (?:notice|resignation) (?:at|to|with)|"
    r"sold|selling|gave away|giving away|rehomed|rehoming|lost|"
    # a doctor ending a treatment: "she's taking me off topiramate"
    r"(?:took|taken|taking|take|weaned|weaning) (?:me|us|him|her|them) off|"
    r"moved out of|moving out of|graduated from|no more|ex|former|previous"
)
# the thing taken over by someone else for good: "Fraser's taken the iphone", "Jamshed has
# taken the Honda already", "someone took my bike" (not "Mum took the car to the shops")
_TAKEN = (
    r"(?:(?:(?-i:[A-Z])[\w-]+|he|she|they)(?:'s|\s+has|\s+have|'ve)\s+taken|"
    r"(?:somebody|someone|some\s+\w+)\s+(?:took|has\s+taken|'s\s+taken))"
)
_OBJECT = re.compile(rf"\b(?:{_OBJECT_ENDINGS}|{_TAKEN}){_GAP}|\bex-\s*$", re.I)
# "left the gym at 6", "dropped Max off at daycare", "left work early": a trip, not an end
_TRIP = re.compile(
    r"^\s*(?:off\b|at \d|early\b|late\b|around\b|for the (?:day|night|weekend)\b|"
    r"for (?:lunch|work|a bit)\b|behind\b)",
    re.I,
)
# "over X", "out of X", "free of X": only after "I'm", "finally", ... at the piece's start
# ("came over X", "ran out of X", "all over X" are no endings).
_STATE_ENDINGS = re.compile(
    r"(?:^|\b(?:i'?m|i am|we'?re|we are|am|are|be|been|getting|got|get|now|finally|"
    r"officially|totally|so|completely|kinda|honestly|pretty much|basically|well and truly)"
    rf")\s*(?:over|out of|free of|free from|past){_GAP}",
    re.I,
)
# A leading word of the piece that leaves the ending word first ("honestly over X").
# Words of chat that open a piece and say nothing of it.
_DISCOURSE = (
    r"so|and|but|well|oh|honestly|also|yeah|ok|okay|lol|ugh|sadly|welp|anyway|tbh|ngl|"
    r"update|news"
)
_LEAD = re.compile(
    rf"^\W*(?:(?:{_DISCOURSE}|finally|officially|totally|now|just|btw)\W+)*",
    re.I,
)

# "gave him to my mum", "handed the car over to my son": the speaker gave it to someone to
# keep, not to someone who mends or minds it ("gave the car to the garage"); the piece opens
# on the giving, so no wish or other giver stands before it
_GIVEN = re.compile(
    rf"^\W*(?:(?:{_DISCOURSE}|finally|just|had to|have|had|we|i|we've|i've)\W+)*"
    rf"(?:gave|given|giving|handed|handing){_GAP}",
    re.I,
)
_TO_SOMEONE = re.compile(
    r"^\s*(?:over\s+|back\s+)?to\s+(?:my|our|his|her|their|a|an|the)\s+(?!(?:\w+\s+)?"
    r"(?:vets?|mechanic|garage|shop|groomer|sitter|kennels?|daycare|repair|workshop)\b)\w",
    re.I,
)
# a pet put to sleep, the particle after it: "had to put him down" (not "might put ...",
# "put him down for a nap")
_PUT = re.compile(r"^\W*(?:(?:we|i|finally|just|had to|have had to)\W+)*put\s+$", re.I)
_DOWN = re.compile(r"^\s*(?:down|to sleep)\b(?!\s+(?:for|on|in|at|with)\b)", re.I)
# Predicates of the held thing as subject.
_SUBJECT_ENDINGS = re.compile(
    r"^\s*(?:(?:'s|is|are|was|were|has been|have been|'re)\s+)?"
    r"(?:(?:totally|officially|finally|really|so|completely|well and truly|long|now|just|also|"
    r"sadly|basically|pretty much|kinda)\s+)*"
    r"(?:(?:gone|over|done|history|finished|no more|a thing of the past|in the past|"
    r"behind (?:me|us)|dead(?: to me)?|out of (?:my|our) li(?:fe|ves)|over and done(?: with)?)"
    r"(?!\s*(?:the|a|an|to|with|by|for|till|until|from|on|at|in|this|that|tomorrow|today|"
    r"tonight)\b)(?!-)"
    r"|(?:didn't|did not|never|just didn't|didn't really|did not really) work(?:ed)? out"
    # a taste grown out of: "minecraft is boring now"
    r"|(?:boring|lame|cringe|dull|old news) now\b"
    r"|(?:let|laid) (?:me|us) (?:go|off)|(?:fired|dropped|dumped|ditched) (?:me|us)\b"
    r"|(?:shut|closed) (?:down|for good)|went (?:out of business|bust|under)|folded\b"
    r"|(?:ran|run|flew|flown) away|went missing|never came (?:back|home)|passed (?:away|on)\b"
    r"|died\b(?!\s+(?:laughing|a little|inside|of (?:boredom|embarrassment|laughter|shame)))"
    r"|(?:was|got|had to be) put (?:down|to sleep)\b"
    r"|(?:was|got|has been|'s been) (?:stolen|nicked|pinched)\b"
    # "Bhola left us yesterday night" (a pet gone to live with someone, or theirs now, is
    # the receiver's: ``transfers.py``)
    r"|left us\b"
    r"|(?:is|'s|are|'re) (?:not|never) coming (?:back|home)\b"
    r"|(?:isn't|aren't|won't be|will never be) coming (?:back|home)\b"
    r"|passed(?=\W*$)"
    r"|(?:is |'s )?(?:going|headed|off) (?:in|into|to) the (?:drawer|bin|trash|attic|"
    r"closet|garage|cupboard|loft|tip|dump|shelf)"
    r"|and (?:i|me) (?:are|'re|were) (?:\w+\s+)?(?:done|over|through|history|finished|kaput|"
    r"split|broken up|no more|not together anymore|not a thing anymore)"
    r"|and (?:i|me) (?:broke up|split(?: up)?|parted ways|called it quits|"
    r"went (?:our|separate) (?:separate )?ways))",
    re.I,
)
# "X let go of half our team on friday, me included"
_CUT_WITH_ME = re.compile(
    r"^\s*(?:laid off|let go(?: of)?|cut|fired|axed)\b[^.!?]{0,60}"
    r"\b(?:me included|including me|us included|including us|me too|me among them)\b",
    re.I,
)
# The piece before the subject: nothing but discourse words and determiners.
_SUBJECT_LEAD = re.compile(
    rf"^\W*(?:(?:{_DISCOURSE}|guess what|my|our|the|good old|old|poor|dear|little)\W+)*"
    r"(?:(?:me|i) and\s+)?$",  # "me and Jomar are done"
    re.I,
)

_NEGATION = re.compile(r"\b(?:not|never|no)\b|n't\b", re.I)
_NO_LONGER = re.compile(r"\bno longer\b(?:\s+\S+){0,5}\s*$", re.I)
_USED_TO = re.compile(r"\b(?:i|we)\s+used\s+to\b(?:\s+\S+){0,4}\s*$", re.I)
_NEAR_NEGATION = re.compile(r"(?:\b(?:not|never|no)\b|n't)(?:\s+\S+){0,5}\s*$", re.I)
# A negated mood is no tie: "I'm not mad at X anymore".
_MOOD = re.compile(
    r"\b(?:mad|angry|upset|scared|afraid|worried|annoyed|sure|surprised|sad|jealous|"
    r"bothered|nervous|impressed|excited)\b",
    re.I,
)

_MONTHS = (
    r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|spring|summer|autumn|fall|winter|"
    r"high school|college|uni|school"
)
# What cancels an ending in the piece: a return, a tie that lasts, a wish, a plan, a doubt.
_RETURN = re.compile(
    r"\b(?:still|back (?:to|at|with|into)|back in(?!\s+(?:the day|\d|[a-z]+ \d|" + _MONTHS + r"))|"
    r"went back|go back|going back|rejoin(?:ed)?|"
    r"re-?join(?:ed)?|returned to|return to|almost|nearly|never (?:quit|left))\b",
    re.I,
)
# a return denied: "I don't go back to Levi", "not going back to the gym", "never went back"
_NOT_BACK = re.compile(
    r"(?:\b(?:not|never)|n't)\s+(?:(?:be|ever)\s+)?(?:go|going|gonna go|went|coming|come|"
    r"returning|return)\s+back\s+(?:to|at|with)\s+(?:the\s+|my\s+)?$",
    re.I,
)
# the thing held sent on to a new keeper: "he has gone back to the rescue to be rehomed"
_SENT_ON = re.compile(
    r"^\s*(?:has |had |is |was |'s )?(?:gone|went|going|been taken|been sent|taken|sent)\b"
    r"[^.;!?]{0,50}?\bto be (?:re-?homed|adopted|sold)\b",
    re.I,
)
# only for a while: "not going back to work until Monday", "not back at the gym yet"
_FOR_NOW = re.compile(
    r"\b(?:until|till|til|before|yet|today|tonight|tomorrow|this week|for now|for a while)\b",
    re.I,
)
_WISH = re.compile(
    r"\b(?:will|gonna|going to|might|may|should|would|could|want(?:s|ed)? to|wanna|"
    r"thinking (?:of|about)|considering|plan(?:ning)? to|about to|hope|hoping|if|unless|"
    r"whether|maybe|tempted|can't wait to|need to|have to|gotta|wish|ready to|trying to)\b",
    re.I,
)
# The ending word itself denied: "I didn't quit X", "never left X", "haven't cancelled X".
_DENIED = re.compile(
    r"(?:\b(?:not|never)|n't)(?:\s+(?:really|actually|even|yet|officially|quite|ever))?\s*$",
    re.I,
)


def ending_verb(before: str) -> bool:
    """Does ``before`` (a clause's words up to a value) end on a verb that ends the tie to
    it, said or planned ("sold", "will stop", "leaving"), not denied ("never left")?"""
    m = _OBJECT.search(before)
    return m is not None and _DENIED.search(before[: m.start()]) is None


def ends_tie(before: str, after: str, rest: str = "") -> bool:
    """Does the piece ``before`` + reference + ``after`` say the tie is over?

    ``before``: the piece's words up to the reference; ``after``: from the reference to the
    piece's end; ``rest``: to the sentence's end (a predicate told after "and" or a comma:
    "X and I are done", "X let go of half the team, me included")."""
    if _NOT_BACK.search(before) and not (_WISH.search(before) or _FOR_NOW.search(after)):
        return True  # "I'm not going back to Levi next winter"
    if _SENT_ON.match(after) and not _WISH.search(before):
        return True  # "he has gone back to Barnstaple to be rehomed"
    if _RETURN.search(before) or _RETURN.search(after):
        return False
    if (_object_end(before) and not _TRIP.match(after)) or _negated_hold(before, after):
        return True
    if _GIVEN.search(before) and _TO_SOMEONE.match(after):
        return True
    if _PUT.search(before) and _DOWN.match(after):
        return True  # "we had to put him down", "put Rex to sleep"
    if _SUBJECT_LEAD.match(before) is not None:
        rest = rest or after
        return bool(_SUBJECT_ENDINGS.match(rest) or _CUT_WITH_ME.match(rest))
    return False


# A verb of ending used for a visit or an errand: "stopped by X", "stopped in at X",
# "dropped X off", "left X at 7".
_VISIT_TOLD = r"stopped|stopping|dropped|dropping|popped"  # done, or going on
_VISIT_WORDS = r"(?:by|in|off|at|over|round|for)"
_VISIT_VERB = re.compile(rf"^(?:{_VISIT_TOLD}|stop)$", re.I)
_VISIT_AFTER = re.compile(rf"^\s*{_VISIT_WORDS}\b", re.I)
# the words of a visit told as done or going on right before the place: "stopped by the",
# "popped round to Mia's" ("I stop at Mama Kito": a present that may end a job, not a visit)
_VISITED = re.compile(
    rf"\b(?:{_VISIT_TOLD}|popping)\s+{_VISIT_WORDS}(?:\s+(?:at|to|in|into))?"
    r"(?:\s+(?:the|my|our|his|her|their|a|an))?\s*$",
    re.I,
)


def is_visit(verb: str, after_verb: str, after_target: str) -> bool:
    """Is an ending verb a visit or an errand ("stopped by X", "dropped X off", "left X at
    7")?"""
    if _LEFT_VERB.match(verb.strip()):
        return _TRIP.match(after_target) is not None
    if _VISIT_VERB.match(verb.strip()) is None:
        return False
    return bool(_VISIT_AFTER.match(after_verb) or _TRIP.match(after_target))


_LEFT_VERB = re.compile(r"^(?:left|leaving|leave)$", re.I)


def visited(before: str) -> bool:
    """Do the words right before a name make it a place one dropped in at ("stopped by the
    old office", "stopped at Tesco", "popped round to Mia's")? Such a name is no job, home
    or club begun or ended."""
    return _VISITED.search(before) is not None


def wished(before: str) -> bool:
    """Do the words before an ending verb make it a wish or plan ("thinking about quitting
    X", "might cancel X")?"""
    return _WISH.search(before) is not None


# "I'm over X", "so past X": an attitude; it ends a taste, a habit or a diet, not a job, a
# home or a club one is only fed up with ("so over my job", "so over Leeds weather")
_ATTITUDE = re.compile(r"\b(?:over|past)(?:\s+(?:the|my|with|this|that|all))?\s+$", re.I)
ATTITUDE_RELATIONS = frozenset(
    {"LIKES", "LOVES", "ENJOYS", "HAS_HABIT", "FOLLOWS_DIET", "HAS_FAVORITE", "PLAYS",
     "LISTENS_TO", "WATCHES", "READS", "HAS_CONDITION", "MENTIONED"}
)  # fmt: skip


def attitude_only(before: str) -> bool:
    """Is the ending an attitude ("over X"), which ends only :data:`ATTITUDE_RELATIONS`?"""
    return _ATTITUDE.search(before) is not None


def holds_on(before: str, after: str) -> bool:
    """Does the piece say the tie goes on or is only wished away ("still at X", "went back
    to X", "thinking of quitting X")? Then no reading, by words or by meaning, ends it."""
    return any(p.search(t) for p in (_RETURN, _WISH) for t in (before, after))


# The verbs of ending that take "it" or "them" for a thing told before ("sold it last
# September", "I left them two weeks ago", "closed it down"), its particle moved before it;
# "her" only where no person can be meant ("sold her to a lad from Penryn": a boat, a van).
# (past forms only: "selling her for parts" is still to be done)
_THING_ENDINGS = (
    r"sold|sold off|flogged|scrapped|binned|traded in|got rid of|gave away|given away|"
    r"rehomed|returned|gave back|handed back"
)
_IT_ENDINGS = (
    rf"{_THING_ENDINGS}|quit|left|closed|closed down|shut down|cancel(?:l)?ed|dumped|ditched|"
    r"gave up|given up|(?:packed|jacked|chucked) in"
)
_IT_ENDED = re.compile(rf"\b(?:{_IT_ENDINGS})\s+$", re.I)
_HER_ENDED = re.compile(rf"\b(?:{_THING_ENDINGS})\s+$", re.I)
# "left it at home", "left them with my mum": an errand, not an end
_LEFT_SOMEWHERE = re.compile(
    r"^\s*(?:at|in|on|with|behind|there|here|for|outside|inside|to|by|open|unlocked|alone|"
    r"running)\b",
    re.I,
)


def ended_by_pronoun(before: str, after: str, *, her: bool = False) -> str | None:
    """The verb of ending ``before`` ends on whose object is the pronoun standing between
    ``before`` and ``after`` ("I sold it", "closed it down": the particle goes in ``before``),
    if any. Not a wish, a denial or a return ("might sell it", "never sold it"), nor an
    errand ("left it at home"). ``her``: the pronoun is "her", which ends only a thing."""
    m = (_HER_ENDED if her else _IT_ENDED).search(before)
    if m is None:
        return None
    verb = m.group().strip().lower()
    if verb.startswith("left") and _LEFT_SOMEWHERE.match(after):
        return None
    head = before[: m.start()]
    return None if _WISH.search(head) or _DENIED.search(head) or _RETURN.search(head) else verb


def _object_end(before: str) -> bool:
    m = _OBJECT.search(before)
    if m is None:
        lead = _LEAD.match(before)
        opening = before[lead.end() if lead else 0 :]
        m = _STATE_ENDINGS.search(opening)
        if m is None:
            return False
        before, start = opening, m.start()
    else:
        start = m.start()
    head = before[:start]
    return not (_WISH.search(head) or _DENIED.search(head))


def _negated_hold(before: str, after: str) -> bool:
    """ "I'm not with X anymore", "we don't go to X any more", "no longer at X", "I used to
    go to X"; "X isn't my gym anymore" (the thing as subject)."""
    if _MOOD.search(before) or _WISH.search(before):
        return False
    if _NO_LONGER.search(before) or _USED_TO.search(before):
        return True
    if ANYMORE.search(after) is None:
        return False
    if _NEAR_NEGATION.search(before):
        return True
    head = after[: ANYMORE.search(after).start()]  # type: ignore[union-attr]
    return _SUBJECT_LEAD.match(before) is not None and _NEGATION.search(head) is not None
