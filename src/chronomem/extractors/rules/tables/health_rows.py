"""Rows of the pattern table for habits and health (diets: ``diet_rows.py``, tried before).

HAS_HABIT and HAS_CONDITION accumulate and are closed only by an ending ("I quit
smoking", "I'm over the flu"). Macros: ``{NAME}``, ``{HABIT}``, ``{CONDITION}``, ``{BODY}``
(see ``patterns.py``). One part of the table in
:mod:`.patterns`, which keeps its place.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.life_words import BODY_PARTS, CONDITIONS
from chronomem.extractors.rules.tables.row import BE as _BE
from chronomem.extractors.rules.tables.row import RelationPattern as P

_CONDITION_WORDS = " ".join(sorted(w.split("-")[0] for w in CONDITIONS))
_BODY_WORDS = " ".join(sorted(BODY_PARTS))
# How an illness is described before its name ("a horrible cold", "really bad migraines"):
# any one word that is not itself the site of the illness ("a knee injury" keeps its knee)
# nor a word that denies it ("I've had no migraines")
_SITES = (
    r"sinus|ear|chest|throat|stomach|kidney|bladder|lung|eye|skin|tooth|yeast|bacterial|viral|"
    r"panic|social"
)
_DESCRIBED = (
    r"(?:(?:really |very |super |so |pretty |quite )?(?!(?:{BODY}|{CONDITION}|"
    + _SITES
    + r"|type|no|not|never|any|zero|fewer|less|more|other)\b)[a-z]+ )?"
)
# what befell a body part, said as its adjective ("a broken wrist", "a bad back")
_HURT = (
    r"broken|fractured|sprained|twisted|injured|dislocated|busted|torn|pulled|strained|bad|"
    r"sore|stiff|dodgy|slipped|herniated"
)
# the illness's name used for something else: "a flu shot", "a covid test", "cold brew"
_NOT_THE_ILLNESS = r"(?! (?:shot|jab|vaccine|test|booster|season|brew)\b)"
# what an injury keeps one on or in while it heals ("on crutches", "in a sling")
_AIDS = r"crutches|cast|sling|brace|walking boot|boot|wheelchair|walking stick|zimmer"
# the aids worn on the body while an injury heals ("in a cast", "got a sling on")
_WORN = r"cast|sling|(?:neck |knee |wrist |back )?brace|walking boot"
# the states an illness or an injury keeps one in (HAS_HEALTH_STATUS)
_STATES = (
    r"(?:on|using) (?:crutches|a walking stick|a zimmer)|in (?:a |the )?(?:" + _WORN + r"|"
    r"wheelchair)|in (?:a |the |my )?boot|in (?:the )?hospital|on bed rest|off sick|on sick leave|"
    r"signed off sick"
)
_STATE_WORDS = "crutches stick zimmer cast sling brace wheelchair boot hospital bed sick"

# words that end what a diagnosis names: a place, a time, a joint ("in my foot", "last year")
_NOT_A_DIAGNOSIS = (
    r"(?:in|on|at|by|for|from|of|after|before|since|when|while|and|but|so|because|last|this|"
    r"today|yesterday|the|a|an|my|his|her|their|which|that|who|too|again|now|nothing|"
    r"anything)\b"
)

HEALTH_ROWS: tuple[P, ...] = (
    # -- habits -----------------------------------------------------------------------------
    P(
        "HAS_HABIT",
        r"\b(?:quit|stopped|stop|gave up|give up|kicked|cut out|ditched|dropped|"
        r"done with|off)\s+(?:(?:drinking|eating|having|doing|using|the)\s+)?(?P<obj>{HABIT})\b",
        "Habit",
        "inline",
        ending=True,
        triggers="quit stopped stop gave give kicked cut ditched dropped done off",
    ),
    P(
        "HAS_HABIT",
        r"\b(?:started|began|took up|picked up|start)\s+(?P<obj>smoking|vaping|"
        r"drinking)\b",
        "Habit",
        "inline",
        triggers="started began took picked start",
    ),
    P(
        "HAS_HABIT",
        r"\b(?:smoke|smokes)\b(?! (?:detector|alarm))|\b"
        + _BE
        + r" an? (?:heavy |social |chain )?smoker\b",
        "Habit",
        "fixed",
        fixed_target="smoking",
        triggers="smoke smokes smoker",
    ),
    P(  # vaping is its own habit: "quit vaping" must end what "I vape" told
        "HAS_HABIT",
        r"\b(?:vape|vapes)\b|\b" + _BE + r" an? (?:heavy )?vaper\b",
        "Habit",
        "fixed",
        fixed_target="vaping",
        triggers="vape vapes vaper",
    ),
    P(
        "HAS_HABIT",
        r"\b(?:drink|drinks)\s+(?:a lot of |lots of |(?:way |far |so )?too much |so much |a ton of"
        r" |tons of )?(?P<obj>coffee|"
        r"alcohol|beer|wine|soda)\b",
        "Habit",
        "inline",
        triggers="drink drinks",
    ),
    # -- health -----------------------------------------------------------------------------
    P(
        "HAS_CONDITION",
        r"\b(?:recovered from|over|beat|beaten|cured of|healed from|free of|"
        r"rid of)\s+(?:the |my |a |an |that )?(?P<obj>{CONDITION})\b",
        "Condition",
        "inline",
        ending=True,
        triggers="recovered over beat beaten cured healed free rid",
    ),
    P(
        "HAS_CONDITION",
        r"\b(?:the |my |your )?(?P<obj>{CONDITION})(?:(?: is| has|'s) (?:finally |totally |"
        r"completely |way |much |a lot |so much |all )?(?:gone|over|cleared up|cleared|better|"
        r"healed|a thing of the past|history)| (?:finally |totally |completely )?(?:cleared up|"
        r"went away|disappeared|healed up))\b",
        "Condition",
        "inline",
        "possessor",
        ending=True,
        triggers=_CONDITION_WORDS,
    ),
    P(
        "HAS_CONDITION",
        r"\bno (?:more|longer) (?:have |having |any )?(?P<obj>{CONDITION})\b"
        # "no migraines for two months now", "no headaches since I quit coffee"
        r"|\bno (?:more )?(?P<obj2>{CONDITION}) (?:for|in|since)\b",
        "Condition",
        "inline",
        "possessor",
        ending=True,
        triggers="no",
    ),
    P(
        "HAS_CONDITION",
        # "I'm 20 weeks pregnant": how far along, between the verb and the state; "I'm
        # vegetarian and lactose intolerant": a state after another, one verb for both
        rf"(?:\b|(?<=\w)){_BE} (?:now |officially )?(?:[a-z-]+ and )?"
        r"(?:(?:about |almost |nearly |over )?"
        r"[a-z0-9]+ (?:weeks?|months?) (?=pregnant\b))?(?P<obj>pregnant|diabetic|"
        r"pre-diabetic|prediabetic|anemic|allergic to [a-z]+|(?:lactose|gluten) intolerant|celiac|"
        r"sick(?! (?:of|and tired)\b)|ill)\b",  # "sick of it", "sick and tired": fed up
        "Condition",
        "inline",
        triggers="pregnant diabetic pre prediabetic anemic allergic sick ill intolerant celiac",
    ),
    P(  # "we're expecting!", "I'm expecting our first", "we are expecting twins": a
        # pregnancy (not "expecting guests", "expecting a call")
        "HAS_CONDITION",
        rf"\b{_BE} (?:now |officially )?expecting(?=\s*(?:[.!,;)]|$| again\b| (?:a (?:baby|boy"
        r"|girl|little)|our (?:first|second|third|baby)|my (?:first|second|third)|twins|baby)\b))",
        "Condition",
        "fixed",
        fixed_target="pregnant",
        triggers="expecting",
        presupposed=True,  # "expecting our first in May": May is the birth, not the start
    ),
    P(  # the signs of healing told without the illness: "I'm all better", "feeling much
        # better", "doing better", "fully recovered", "cured" (what they end: ``clauses.py``)
        "HAS_CONDITION",
        r"(?:\b(?:is|am|are|feeling|feel|felt|doing)|'s|'m|'re) (?:much |a lot |so much |way |"
        r"all |fully |a bit )?(?:better|healed|recovered|cured)\b(?! than)"
        r"|\b(?:fully |finally |completely )?recovered\b|\bhealed up\b"
        # an illness gone, told by how one feels: "feel like myself again", "in a much
        # better place"
        r"|\b(?:feel|feeling|felt) (?:like )?(?:myself|human|normal) again\b"
        # "I'm fine now", "feeling well again" (a "fine" alone is a pleasantry, "I'm good now"
        # a thanks)
        r"|(?:\b(?:am|feeling|feel)|'m) (?:totally |all |completely )?(?:fine|well) "
        r"(?:now|again)\b"
        r"|\bin a (?:much |way |far |so much )?better place\b",
        "Condition",
        "context",
        ending=True,
        triggers="better recovered healed cured again place fine well",
    ),
    P(
        "HAS_CONDITION",
        r"\bcast (?:is |came |got taken |finally came )?off\b|\bback on (?:my|your) "
        # an injury's aids gone: "off crutches", "ditched the crutches", "crutches are gone",
        # "walking normally again" (each ends the aid held as a status, and the injury)
        r"feet\b|\b(?:off|ditched|done with|rid of|out of|no more) (?:the |my |those |that )?"
        r"(?:" + _AIDS + r")\b|\b(?:crutches|sling|brace|boot) (?:are |is |has |have |came )?"
        r"(?:gone|off)\b|\b(?:walk|walking) (?:normally |properly |fine |unaided |without "
        r"(?:a limp|pain|crutches) )?again\b|\bcleared to (?:play|train|run|work|drive|fly|"
        r"race|dance|swim|return|go back)\b"
        # the healer's word: "cleared by the doc Friday", "signed off by the physio", "got
        # the all-clear"
        r"|\b(?:cleared|signed off) by (?:the |my )?(?:doc|doctor|gp|physio|physiotherapist|"
        r"consultant|surgeon|specialist|hospital|clinic)s?\b|\b(?:got|given|gave me) the "
        r"all[- ]clear\b"
        r"|\b(?:discharged|out of (?:the )?hospital|home from "
        r"(?:the )?hospital)\b|\b(?:{BODY})(?: is|'s) (?:fully |all |"
        r"completely |finally |now |totally )?(?:healed|better|100%|fine|good as new|back to "
        r"normal|okay|ok|alright|all right|fixed|mended|settled|healed up)(?!\w)"
        # the copula left out, as in a text: "ankle all good, physio cleared me"
        r"|\b(?:{BODY})(?: is|'s)? all (?:good|fine|better|healed)\b",
        "Condition",
        "context",
        "possessor",
        ending=True,
        triggers="cast feet crutches sling brace boot wheelchair walk walking cleared discharged "
        "signed clear "
        "hospital healed better fine "
        "good normal okay ok alright right fixed mended settled " + _BODY_WORDS,
    ),
    P(
        "HAS_CONDITION",
        r"\b(?:have|has|had|having|got|caught|came down with|getting over|suffering from|"
        r"struggling with|battling|diagnosed with|sick with|down with|dealing with|"
        r"recovering from|(?:keep|keeps|kept) getting)\s+"
        r"(?:a |an |the |some |this |that )?" + _DESCRIBED + r"(?:type (?:1|2|one|two|i|ii) )?"
        r"(?P<obj>(?:(?:" + _SITES + r") )?(?:{CONDITION})"
        # a body part's trouble: "a meniscus injury", "knee pain", "shoulder problems"
        r"|(?:{BODY}) (?:injury|pain|problems?|issues?|infection|fracture|sprain|strain)"
        # a body part told by what befell it: "a broken wrist", "a sprained ankle"
        r"|(?:" + _HURT + r") (?:{BODY}))\b" + _NOT_THE_ILLNESS,
        "Condition",
        "inline",
        triggers="have has had having got caught came getting suffering struggling battling "
        "diagnosed sick down dealing recovering keep keeps kept",
    ),
    P(  # "diagnosed with a stress fracture", "diagnosed with endometriosis": what a diagnosis
        # names is a condition, in the condition words or not (up to three words, before a
        # place or a time: "in my left foot", "last year"); the doctors' deed, its patient
        # the speaker: "they've diagnosed gestational diabetes", "my GP diagnosed me with"
        "HAS_CONDITION",
        r"\b(?:diagnosed with|(?:they|doctors|(?:the|my) (?:doctors?|docs?|gp|consultant|"
        r"specialist|hospital|midwife))(?:'ve| have| had)? diagnosed(?: me with)?)\s+"
        r"(?:a |an |some |(?:really |very )?(?:mild|severe|bad) )?"
        r"(?P<obj>(?!" + _NOT_A_DIAGNOSIS + r")[a-z'][a-z'-]*"
        r"(?:\s+(?!" + _NOT_A_DIAGNOSIS + r")[a-z'][a-z'-]*){0,2})",
        "Condition",
        "inline",
        triggers="diagnosed",
    ),
    P(  # what a growth turned out to be: "the lesion on my left temple is a basal cell
        # carcinoma", "the lump was a lipoma" (an illness of the condition words)
        "HAS_CONDITION",
        r"\b(?:the|my|this|that) (?:spot|lump|lesion|mole|growth|cyst|bump|swelling|rash)"
        r"(?: on (?:my|the) (?:(?:left|right|upper|lower) )?[a-z]+)? (?:is|was|turned out to be|"
        r"'s) (?:a |an )?(?:(?:mild|early|small) )?(?P<obj>{CONDITION})\b" + _NOT_THE_ILLNESS,
        "Condition",
        "inline",
        "possessor",
        triggers="spot lump lesion mole growth cyst bump swelling rash",
    ),
    P(  # a diagnosis told as the healer's word: "GP says tonsillitis", "the doc reckons
        # it's shingles", "vet confirmed it was a sprain" (an illness of the condition words)
        "HAS_CONDITION",
        r"\b(?:gp|doctor|doc|docs|doctors|consultant|specialist|hospital|nurse|physio|"
        r"dermatologist|dentist)s? (?:says?|said|reckons|thinks|confirmed|called it|"
        r"diagnosed)(?:,|:)? (?:it'?s |it is |it was |that it'?s |that it is )?"
        r"(?:a |an |some |(?:mild|severe|bad|acute) )?(?P<obj>{CONDITION})\b" + _NOT_THE_ILLNESS,
        "Condition",
        "inline",
        "possessor",
        # the patient is the speaker only where no one else is spoken of ("he's come out in
        # spots, GP confirmed chickenpox": his)
        requires=r"^(?!.*\b(?:he|she|they|him|her|his|them|their)\b)",
        triggers="says say said reckons thinks confirmed called diagnosed",
    ),
    P(  # "recovering from your shoulder surgery": still healing (a surgery only "had" is past)
        "HAS_CONDITION",
        r"\b(?:recovering from|getting over|rehabbing|rehab(?:bing)? (?:from|after))\s+"
        r"(?:my |your |his |her |a |the |that )?(?P<obj>(?:{BODY}) (?:surgery|operation|op))\b",
        "Condition",
        "inline",
        triggers="recovering getting rehabbing rehab",
    ),
    P(  # "tested positive for covid this morning": the illness the test found
        "HAS_CONDITION",
        r"\b(?:tested|testing|test(?:ed)? came back|(?:am|is|was)|'m|'s) positive for "
        r"(?:the )?(?P<obj>{CONDITION})\b",
        "Condition",
        "inline",
        triggers="positive",
    ),
    P(  # "negative test today", "finally testing negative": the illness tested for is over
        "HAS_CONDITION",
        r"\b(?:tested|testing|test(?:ed)? (?:came back|is|was)|tests? (?:came back|are|were)) "
        r"negative\b|\bnegative (?:test|result|lft|pcr)s?\b",
        "Condition",
        "context",
        "possessor",
        ending=True,
        triggers="negative",
    ),
    P(
        "HAS_CONDITION",
        r"\b(?:broke|broken|fractured|sprained|twisted|injured|hurt|tore|torn|pulled|strained|"
        r"tweaked|busted|bruised|dislocated)\s+(?:my|his|her|your|a|the|their)\s+(?P<obj>{BODY})\b",
        "Condition",
        "inline",
        target_format="{obj} injury",
        triggers="broke broken fractured sprained twisted injured hurt tore torn pulled strained "
        "tweaked busted bruised dislocated",
    ),
    *(
        P(  # a measure told high or low: "they found my pressure is high", "his cholesterol
            # is too high" (a condition; "my hopes are high" is no measure)
            "HAS_CONDITION",
            rf"\b(?:my|his|her|their|your)\s+{measure}\s+(?:is|was|'s|has been|is still|are)\s+"
            rf"(?:too\s+|very\s+|a\s+bit\s+|really\s+|quite\s+|still\s+)?{level}\b",
            "Condition",
            "inline",
            "possessor",
            target_format=f"{level} {named}",
            template="{source} has {target}",
            triggers="pressure sugar cholesterol",
        )
        for level in ("high", "low")
        for measure, named in (
            (r"(?:blood\s+)?(?P<obj>pressure)", "blood {obj}"),
            (r"(?P<obj>cholesterol|(?:blood\s+)?sugar)", "{obj}"),
        )
    ),
    P(  # a state one is in while ill or healing, one at a time (HAS_HEALTH_STATUS): "I'm on
        # crutches", "she's still in hospital with pneumonia" (the clause is the fact's text: it
        # names what keeps one there), "been off sick all week"; told after a form of
        # "be" in the present ("was in hospital in 2019" is past), so "visited Tom in
        # hospital" is no state of the speaker's. The healing rows
        # above end it ("ditched the crutches", "discharged", "feeling better")
        "HAS_HEALTH_STATUS",
        r"(?:\b(?:am|is|are|been|be)|'m|'s|'re) (?:(?:still|now|currently|stuck|back"
        r"|also|temporarily) )*(?P<obj>" + _STATES + r")\b",
        "Condition",
        "inline",
        triggers=_STATE_WORDS,
    ),
    P(  # a state one is no longer in: "I'm no longer on the crutches", "not in the cast
        # anymore" (a reply's "no" to "Still on the crutches?" is written so: ``replies.py``)
        "HAS_HEALTH_STATUS",
        r"\b(?:no longer|not|never)\s+(?:on|using|in)\s+(?:a\s+|the\s+|my\s+|those\s+)?"
        r"(?P<obj>" + _WORN + "|" + _AIDS + r")\b",
        "Condition",
        "inline",
        ending=True,
        triggers="crutches stick zimmer cast sling brace boot wheelchair",
    ),
    P(  # a doctor's note keeping one off work: "doc's signed me off for a fortnight" (not
        # "signed me off on the form", "signed off by the physio": cleared, above)
        "HAS_HEALTH_STATUS",
        r"\b(?P<obj>signed|signing|signs) me off\b(?!\s+(?:on|the|a|as|by)\b)(?: work| sick)?",
        "Condition",
        "inline",
        target_format="signed off sick",
        subject="possessor",
        triggers="signed signing signs",
    ),
    P(  # the aid worn told as had: "now I have cast for six weeks", "I've got a sling on"
        "HAS_HEALTH_STATUS",
        r"(?:\b(?:have|has|got|wearing|wear|wears)|'ve got|'s got) (?:(?:still|now|currently)"
        r" )*(?:a |the )?(?P<obj>" + _WORN + r")\b",
        "Condition",
        "inline",
        target_format="in a {obj}",
        triggers="cast sling brace boot",
    ),
    P(  # the aid told as on for a while: "Cast on for six weeks", "sling on till March"
        "HAS_HEALTH_STATUS",
        r"(?:^\W*|\b(?:a|the|my) )(?P<obj>" + _WORN + r") (?:is |stays |goes )?on "
        r"(?=(?:for|till|until|til)\b)",
        "Condition",
        "inline",
        "possessor",
        target_format="in a {obj}",
        triggers="cast sling brace boot",
    ),
    P(  # the same state told in a chat clause of its own, after the speaker's injury or
        # illness ("twisted my knee skiing, on crutches for a fortnight", "stress fracture in my
        # left foot, six weeks in a boot"); not after someone else's ("my mate broke his leg,
        # in a cast", "visited nan, in hospital again")
        "HAS_HEALTH_STATUS",
        r"(?:\bmy (?:(?:left|right) [a-z]+|(?:bad |dodgy )?(?:{BODY}))|(?:{CONDITION})|\bsurgery"
        r"|\bop)\b"
        r"[^,;.!?]{0,50}, (?:(?:still|now|currently|stuck|also) )*(?:(?:[a-z0-9]+ )?"
        r"(?:days?|weeks?|wks?|months?) )?(?P<obj>" + _STATES + r")\b",
        "Condition",
        "inline",
        "possessor",
        triggers=_STATE_WORDS,
    ),
)
