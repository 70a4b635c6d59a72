"""Rows of the pattern table for states that change: diets, habits, health, pets, the car
and phone one uses, managers and team leads, favourites, memberships and subscriptions.

Relation names come from ``model/relations.py`` where the relation holds one value at a
time (FOLLOWS_DIET, DRIVES, USES_PHONE, MANAGED_BY, LEADS, HAS_FAVORITE, ...), so that a new
value closes the old one; the others (HAS_HABIT, HAS_CONDITION, HAS_PET) accumulate and
are closed only by an ending ("I quit smoking", "I'm over the flu", "Max died").
Macros: ``{DIET}``, ``{HABIT}``, ``{CONDITION}``, ``{BODY}``, ``{PET}``, ``{NAME}`` (see
``patterns.py``); ``(?P<neg>...)`` captures a negation that stands after a copula ("I'm
not vegan anymore"), ``(?P<old>...)`` a value given up in the same breath ("switched from
Android to an iPhone").
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.life_words import BODY_PARTS, CONDITIONS, DIETS, HABITS
from chronomem.extractors.rules.tables.row import RelationPattern as P
from chronomem.text.time_words import PLAN_HEADS
from chronomem.text.words import word_set

_BE = r"(?:am|is|are|was|were|been|being|be|'m|'s|'re)"
_NEG = r"(?P<neg> not| no longer| never)?"
_OF_NAME = r"(?:an? |the |my |our |your )?(?P<obj>{NAME}|[a-z]+(?: [a-z]+)?)"
_DIET_WORDS = " ".join(sorted(w.split("-")[0] for w in DIETS))
_HABIT_WORDS = " ".join(sorted(HABITS))
_CONDITION_WORDS = " ".join(sorted(w.split("-")[0] for w in CONDITIONS))
_BODY_WORDS = " ".join(sorted(BODY_PARTS))
_DIED = (
    r"(?:died|passed away|passed|ran away|went missing|got lost|was put down|escaped|"
    r"disappeared|never came (?:back|home)|had to be put down|crossed the rainbow bridge|"
    r"(?:got|was) (?:hit|run over|killed) by a (?:car|truck)|(?:got|was) run over|"
    r"was rehomed)"
)
_PLAN = "|".join(sorted(PLAN_HEADS, key=len, reverse=True))
_PLAN_WORDS = " ".join(sorted(w for w in PLAN_HEADS if w.isalpha()))

# Said to someone about their life: "Congrats on the move to Denver!", "How's the new job
# at Stripe?", "Enjoy your new Tesla!" (subject: the listener, or the speaker for "my").
_CUE = (
    # ("me"/"my": an assistant's turn read in the user's voice, ``voice.py``)
    r"\b(?:congrat\w*|good luck|best of luck|enjoy|happy for (?:you|me)|excited for (?:you|me)"
    r"|proud of (?:you|me)|hope|how(?:'s| is| was| did| are)|so glad|glad|sorry about"
    r"|sorry to hear about|for(?= (?:your|my) ))\b"
    r"[^.!?]{0,40}?\b(?:your|the|my) "
)
_NOT_PLACE = frozenset({"Organization", "Person", "Event", "Work", "Device"})
# "my favourite", "my fave", "my go-to takeout": one value per kind
_FAVORITE = r"(?:favou?rite|fave|fav|go-to|go to)"

STATE_ROWS: tuple[P, ...] = (
    # -- home -------------------------------------------------------------------------------
    P(
        "LIVES_IN",
        r"\b(?:an? )?(?P<obj>{NAME}) (?:resident|local)\b|(?P<obj2>{NAME}) is (?:my |our "
        r"|your )?(?:new )?home\b",
        "Location",
        "inline",
        "listener",
        reject_labels=_NOT_PLACE,
        triggers="resident local home",
    ),
    P(
        "LIVES_IN",
        r"\b(?:moved|relocated|moving|relocating) (?!to\b|my\b|the\b|our\b|it\b|them"
        r"\b|him\b|her\b|his\b|a\b|an\b|their\b|your\b)[a-z]+(?: (?!to\b)[a-z]+){0,2} to\b"
        r"|\b(?:bought|buying|rent|renting|rents|got) an? "
        r"(?:[a-z0-9-]+ ){0,2}(?:house|condo|apartment|flat|place|home|studio) in\b",
        "Location",
        reject_labels=_NOT_PLACE,
        triggers="moved relocated moving relocating bought buying rent renting rents got",
    ),
    # -- nominal news told to the listener --------------------------------------------------
    P(
        "LIVES_IN",
        _CUE + r"(?:new |big |recent )?(?:move|relocation|moving) (?:back )?to\b"
        r"|" + _CUE + r"new (?:[a-z-]+ )?(?:place|apartment|flat|house|home|condo) in\b",
        "Location",
        subject="listener",
        reject_labels=_NOT_PLACE,
        triggers="move relocation moving new",
    ),
    P(
        "WORKS_AT",
        _CUE + r"(?:new |first )?(?:job|role|position|gig|internship) (?:at|with)\b",
        "Organization",
        subject="listener",
        reject_labels=frozenset({"Location", "Person"}),
        triggers="job role position gig internship",
    ),
    P(
        "OWNS",
        _CUE + r"(?:brand )?new\b",
        "Item",
        "phrase",
        subject="listener",
        reject_heads=word_set("job role position gig place home house apartment baby team"),
        triggers="new",
    ),
    # -- diets ------------------------------------------------------------------------------
    P(
        "FOLLOWS_DIET",
        r"\b(?:quit|gave up|ditched|dropped|stopped|came off|went off|off)"
        r" (?:on )?(?:being |the )?(?P<obj>{DIET})\b",
        "Diet",
        "inline",
        ending=True,
        template="{source} is {target}",
        triggers=_DIET_WORDS,
    ),
    P(
        "FOLLOWS_DIET",
        # "I eat meat again", "started eating chicken again", "having bread again": eating
        # something again ends the diet told before (but "eating keto again" starts one)
        r"\b(?:(?:started|start|starting|been|went back to|back to) )?(?:eat|eating|ate|eats|"
        r"having) (?!(?:{DIET}|healthy|clean|well|right|better|less|"
        r"more|out)\b)(?:[a-z]+ ){1,2}?again\b",
        "Diet",
        "context",
        ending=True,
        triggers="again",
    ),
    P(
        "FOLLOWS_DIET",
        rf"(?:\b(?:went|gone|go|going|turned|became|become|becoming|stay|stayed|eat|eats|eating)"
        rf"|(?:\b|(?<=\w)){_BE}{_NEG})(?: now| still| officially)?"
        r" (?:fully |completely |strictly |mostly |full |100% |a )?(?P<obj>{DIET})\b"
        r"(?! (?:recipes?|food|options?|meals?|restaurants?|places?))",
        "Diet",
        "inline",
        template="{source} is {target}",
        triggers=_DIET_WORDS,
    ),
    P(
        "FOLLOWS_DIET",
        r"\b(?:started|start|starting|doing|following|trying|try) (?:an? |the )?"
        r"(?P<obj>{DIET}) diet\b|\b(?:on|started|doing|trying) (?P<obj2>keto|paleo|whole30|"
        r"{DIET} diet)\b",
        "Diet",
        "inline",
        template="{source} is {target}",
        triggers=_DIET_WORDS,
    ),
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
        r"\b(?:smoke|smokes|vape|vapes)\b(?! (?:detector|alarm))|\b"
        + _BE
        + r" an? (?:heavy |social |chain )?smoker\b",
        "Habit",
        "fixed",
        fixed_target="smoking",
        triggers="smoke smokes vape vapes smoker",
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
        r"\bno (?:more|longer) (?:have |having |any )?(?P<obj>{CONDITION})\b",
        "Condition",
        "inline",
        "possessor",
        ending=True,
        triggers="no",
    ),
    P(
        "HAS_CONDITION",
        r"(?:\b(?:is|am|are)|'s|'m|'re) (?:much |a lot |so much |way |all |fully )?"
        r"(?:better|healed|recovered|cured)\b(?! than)",
        "Condition",
        "context",
        ending=True,
        triggers="better healed recovered cured",
    ),
    P(
        "HAS_CONDITION",
        rf"(?:\b|(?<=\w)){_BE} (?:now |officially )?(?P<obj>pregnant|diabetic|"
        r"pre-diabetic|prediabetic|anemic|allergic to [a-z]+|(?:lactose|gluten) intolerant|celiac|"
        r"sick|ill)\b",
        "Condition",
        "inline",
        triggers="pregnant diabetic pre prediabetic anemic allergic sick ill intolerant celiac",
    ),
    P(
        "HAS_CONDITION",
        r"\b(?:feeling|feel|felt) (?:much |a lot |so much |way |a bit )?better\b"
        r"|\b(?:fully |finally |completely )?recovered\b|\bhealed up\b",
        "Condition",
        "context",
        ending=True,
        triggers="better recovered healed",
    ),
    P(
        "HAS_CONDITION",
        r"\bcast (?:is |came |got taken |finally came )?off\b|\bback on (?:my|your) "
        r"feet\b|\b(?:{BODY})(?: is|'s) (?:fully |all |"
        r"completely |finally |now |totally )?(?:healed|better|100%|fine|good as new|back to "
        r"normal)(?!\w)",
        "Condition",
        "context",
        "possessor",
        ending=True,
        triggers="cast feet healed better fine good normal " + _BODY_WORDS,
    ),
    P(
        "HAS_CONDITION",
        r"\b(?:have|has|had|got|caught|came down with|getting over|suffering from|"
        r"struggling with|battling|diagnosed with|sick with|down with|dealing with)\s+"
        r"(?:a |an |the |some )?(?:bad |nasty |terrible |mild |severe |really bad |chronic )?"
        r"(?:type (?:1|2|one|two|i|ii) )?(?P<obj>(?:(?:sinus|ear|chest|throat|stomach|kidney|"
        r"bladder|lung|eye|skin|tooth|yeast|bacterial|viral|panic|social) )?(?:{CONDITION}))\b",
        "Condition",
        "inline",
        triggers="have has had got caught came getting suffering struggling battling diagnosed "
        "sick down dealing",
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
    # -- pets gone --------------------------------------------------------------------------
    P(
        "HAS_PET",
        r"\b(?:my|our|your) (?:\w+ )?(?P<species>{PET}),? (?P<obj>{NAME}),? " + _DIED,
        "Pet",
        "inline",
        "possessor",
        ending=True,
        triggers="died passed ran went got was had crossed escaped disappeared never",
    ),
    P(
        "HAS_PET",
        r"(?P<obj>{NAME}) " + _DIED,
        "Pet",
        "inline",
        "possessor",
        ending=True,
        need_labels=frozenset({"Pet"}),
        triggers="died passed ran went got was had crossed escaped disappeared never",
    ),
    P(
        "HAS_PET",
        r"\b(?:my|our|your) (?:\w+ )?(?P<species>{PET}) " + _DIED,
        "Pet",
        "context",
        "possessor",
        ending=True,
        triggers="died passed ran went got was had crossed escaped disappeared never",
    ),
    # -- the car one drives, the phone one uses ----------------------------------------------
    P(
        "USES",
        r"\b(?:switched|switching|switch|changed|upgraded|moved|went|traded up) from "
        r"(?:an? |the |my |our )?(?P<old>{NAME}|[a-z]+(?: [a-z]+)?) to " + _OF_NAME,
        "Item",
        "inline",
        triggers="switched switching switch changed upgraded moved went traded",
    ),
    P(
        "USES",
        r"\b(?:traded|trading|swapped|swapping|replaced|replacing) (?:in )?(?:an? |the |my"
        r" |our )?(?P<old>{NAME}|[a-z]+(?: [a-z]+)?) (?:in )?(?:for|with) " + _OF_NAME,
        "Item",
        "inline",
        triggers="traded trading swapped swapping replaced replacing",
    ),
    P(
        "USES_KIND",
        # "my iphone 12", "... and my Honda Fit payment is 280"; not the object of a verb
        # ("sold my Civic")
        r"(?:(?<![a-z] )|(?<=\band )|(?<=\bbut ))\b(?:my|our|your) (?:new |old |current |trusty )?"
        r"(?P<obj>[A-Za-z]+(?: "
        r"(?:\d+\w*|pro|max|mini|plus|ultra|air|galaxy|[a-z]\d+\w*)){0,3})\b"
        r"(?! (?:finally )?(?:died|broke|is dead|got stolen|was stolen|gave out))",  # nominal.py
        "Item",
        "inline",
        "possessor",
        triggers="my our your",
    ),
    P(
        "USES_KIND",
        r"\b(?:switched|switching|upgraded|moved|changed|went) (?:over )?to\b"
        r"|\b(?:got|bought|picked up|ordered|use|uses|using|(?:code|codes|coding|work|works"
        r"|working) on|shoots on|shoot on|shoots with|shoot with"
        r"|wears|wear|rides|ride|commutes on|have|has)(?: myself| me)?\b",
        "Item",
        "phrase",
        triggers="switched switching upgraded moved changed went got bought picked ordered use "
        "uses using code codes coding work works working shoots shoot wears wear rides ride "
        "commutes have has",
    ),
    P(
        "DRIVES",
        r"\b(?:drive|drives|driving|drove)\b(?! (?:to|home|back|up|down|over|through|"
        r"around|by|from|into|out|off|me|us|him|her|them|it))",
        "Car",
        "phrase",
        triggers="drive drives driving drove",
    ),
    P(
        "WORKS_AT",
        r"\b(?:my|your|her|his|the) (?:first|second) (?:week|day|month|shift) (?:at|with)\b",
        "Organization",
        subject="listener",
        reject_labels=frozenset({"Location", "Person"}),
        triggers="first second",
    ),
    # -- managers and team leads ------------------------------------------------------------
    P(
        "MANAGED_BY",
        # "I report to her boss, Phil": the name after a role in apposition
        r"\b(?:report|reports|reporting) (?:directly )?to (?:(?:my|his|her|their|our|the) "
        r"(?:new )?(?:boss|manager|supervisor|lead)(?:'s (?:boss|manager))?,? )?(?P<obj>{NAME})",
        "Person",
        "inline",
        template="{source} reports to {target}",
        triggers="report reports reporting",
    ),
    P(
        "LEADS",
        r"(?:\b(?:became|become|was made|got promoted to|took over as|stepped in as|is "
        r"now|'s now)|\b"
        + _BE
        + r") (?:now )?(?:(?:our|my|the|your) |(?<=as ))(?:new )?(?:team lead|team "
        r"leader|tech lead|lead|head)\b(?! of\b)",
        "Team",
        "fixed",
        fixed_target="{owner}'s team",
        template="{source} leads {target}",
        triggers="lead leader head",
    ),
    P(
        "LEADS",
        r"\b(?:is|'s|became|was made|is now|'s now) (?:the )?(?:new )?(?:lead|head|leader|"
        r"manager|captain|boss) of (?:the |our |my |your )?"
        r"(?P<obj>{NAME}|[a-z]+(?: [a-z]+)? team)\b"
        r"|\b(?:leads|runs|heads|manages|captains|took over) (?:the |our |my |your )?"
        r"(?P<obj2>{NAME}"
        r"|[a-z]+(?: [a-z]+)? team)\b",
        "Team",
        "inline",
        template="{source} leads {target}",
        triggers="lead head leader manager captain boss leads runs heads manages captains took",
    ),
    # -- favourites -------------------------------------------------------------------------
    P(
        "HAS_FAVORITE",
        r"\b(?:my|your) (?:[a-z]+'s )?(?:new |current |all-time |absolute )?" + _FAVORITE + " "
        r"(?P<kind>[a-z]+(?: [a-z]+)?)(?: these days| right now| at the moment| lately)?"
        r" (?:is|was|has to be|'s|would be)(?: now| currently| "
        r"definitely| probably)?\b",
        "Topic",
        "phrase",
        "possessor",
        text_from_match=True,
        triggers="favorite favourite fave fav go",
    ),
    P(
        "HAS_FAVORITE",
        r"(?P<obj>{NAME}) (?:is|'s) (?:now |still )?(?:my|your) (?:new |current |"
        r"all-time )?" + _FAVORITE + r"(?: (?P<kind>[a-z]+(?: [a-z]+)?))?\b",
        "Topic",
        "inline",
        "possessor",
        template="{source}'s favorite {kind} is {target}",
        triggers="favorite favourite fave fav go",
    ),
    P(
        "ENDS_KNOWN",
        r"\b(?:cancel(?:l?ed)?|dropped|ditched|quit|left|ended|stopped|unsubscribed "
        r"from|got rid of|gave up)\b",
        "Thing",
        ending=True,
        triggers="cancel cancelled canceled dropped ditched quit left ended stopped unsubscribed "
        "rid gave",
    ),
    P(
        "SUBSCRIBED_TO",
        r"\b(?:pay|pays|paying|paid) for\b|\bsubscribe(?:d)? to\b|\bsigned up for\b",
        "Service",
        triggers="pay pays paying paid subscribe subscribed signed",
    ),
    P(
        "PLAN_KIND",
        r"\b(?:upgraded|downgraded|upgrading|downgrading) (?:us |me )?to (?:the |a )?"
        r"(?!(?:\S+ ){1,3}(?:plan|tier)\b)",
        "Plan",
        triggers="upgraded downgraded upgrading downgrading",
    ),
    P(
        "MEMBER_OF",
        r"\blet (?:my|our|the|your) (?P<obj>[a-z]+(?: [a-z]+)?|{NAME}) (?:membership|"
        r"subscription) (?:lapse|expire|run out)",
        "Organization",
        "inline",
        ending=True,
        triggers="let",
    ),
    # -- memberships and subscriptions ------------------------------------------------------
    P(
        "MEMBER_OF",
        r"\b(?:cancel(?:l?ed)?|ended|terminated|froze|paused) (?:my|our|the|your) "
        r"(?P<obj>[a-z]+(?: [a-z]+)?|{NAME}) membership\b",
        "Organization",
        "inline",
        ending=True,
        triggers="cancel cancelled canceled ended terminated froze paused",
    ),
    P(
        "SUBSCRIBED_TO",
        r"\b(?:cancel(?:l?ed)?|ended|unsubscribed from|dropped) (?:my|our|the|"
        r"your) (?P<obj>{NAME}|[a-z]+) (?:subscription|account|plan)\b",
        "Service",
        "inline",
        ending=True,
        triggers="cancel cancelled canceled ended unsubscribed dropped",
    ),
    # "I'm on the Spotify Premium individual plan", "we have the Netflix Basic plan",
    # "upgraded to the Spotify family plan": the plan is named with its service
    P(
        "SUBSCRIBED_TO_PLAN",
        r"(?:\b(?:upgraded|downgraded|switched|moved|changed|bumped) (?:us |me )?(?:up |down )?to"
        r"|\bon) (?:the |a |an )?(?P<obj>[A-Za-z+-]+(?: [A-Za-z+-]+){0,2}) "
        r"(?:plan|tier|subscription)\b"
        # "have a backup plan" is no subscription: a named plan only
        r"|\b(?:have|has|got|use|using) (?:the |a |an )?(?P<obj2>(?-i:[A-Z])[\w+-]*"
        r"(?: [A-Za-z+-]+){0,2}) (?:plan|tier|subscription)\b",
        "Plan",
        "inline",
        template="{source} is on the {target} plan",
        triggers="plan tier subscription",
        whole=True,
    ),
    # "bumped Netflix up to Premium", "downgraded our Hulu to the basic tier"
    P(
        "SUBSCRIBED_TO_PLAN",
        r"\b(?:upgraded|downgraded|bumped) (?:my |our |the )?(?P<svc>{NAME})(?: account| "
        r"subscription| plan)? (?:up |down )?to (?:the |a )?(?P<obj>{NAME}|[a-z+-]+)"
        r"(?: (?:plan|tier))?\b",
        "Plan",
        "inline",
        template="{source} is on the {target} plan",
        triggers="upgraded downgraded bumped",
        whole=True,
    ),
    # -- plans ------------------------------------------------------------------------------
    P(
        "HAS_PLAN",
        r"\b(?:have|has|having|got|booked|scheduled|made|set up|planned|planning|throwing|"
        r"throw|hosting|host|organizing|organising)\s+(?:an?|my|the|our)\s+"
        r"(?P<obj>(?:[a-z]+ ){0,2}(?:" + _PLAN + r"))\b",
        "Event",
        "inline",
        triggers=_PLAN_WORDS,
    ),
    P(
        "HAS_PLAN",
        r"(?:\b(?:my|our|your|the|a|an) |^)(?P<obj>(?:[a-z]+'s )?(?:(?!(?:my|our|your|the|an?"
        r"|for|to|of|on|in|at|with|about)\b)[a-z]+(?:-[a-z]+)? ){0,2}(?:"
        + _PLAN
        + r"))(?: is| was| got| has been)?(?: (?:scheduled|booked|set|planned|moved|pushed|"
        r"rescheduled|postponed))?(?: (?:for|to))?\b",
        "Event",
        "inline",
        "listener",
        triggers=_PLAN_WORDS,
    ),
)
