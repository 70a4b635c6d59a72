"""Pattern rows of work, study and membership: one part of the table in :mod:`.patterns`,
which keeps them in their place among the other rows (order matters there)."""

from __future__ import annotations

from chronomem.extractors.rules.tables.gazetteer import (
    GROUP_HEADS,
    GYM_HEADS,
    NOT_EMPLOYERS,
    WORKPLACE_HEADS,
)
from chronomem.extractors.rules.tables.life_words import DEPARTMENTS, JOB_HEADS
from chronomem.extractors.rules.tables.moves import MOVE_ROWS, SCHOOL_HEADS
from chronomem.extractors.rules.tables.row import RelationPattern, trigger_words
from chronomem.text.words import word_set

__all__ = ["WORK_ROWS"]

# "a prime member" (the name typed in lower case), not "a family member", "a staff member"
_LOWER_MEMBER = (
    r"(?!(?:family|staff|team|board|new|founding|cast|crew|committee|council|faculty|jury|"
    r"active|senior|junior|core|key|valued|honorary|associate|full|life|paying|the|a|an)\b)"
    r"(?-i:[a-z]+)"
)
_OF_DEPT = (
    r" of (?!(?:a|an|the|my|our|his|her|their|this|that|it|them|us)\b)"
    r"(?-i:[a-z]+|[A-Z][a-z]+(?= *(?:$|[,.;!?]| (?:at|in|for|now|since|from)\b)))"
)
# a word before a title's head: not a determiner, nor a verb that takes the title as its
# object ("been offered the head coach job" is an offer, "been told the manager" news)
_MODIFIERS = (
    r"(?:(?!(?:promoted|to|as|of|the|a|an|my|his|her|their|our|your|offered|asked|told|given|"
    r"called|named|promised)\b)[a-z-]+ )"
)
_LEADING = r"(?:head|vp|chief|director|manager|lead|officer|president)"
# "a part-time primary school teacher": up to three words before the head
_JOB_OBJ = rf"(?P<obj>{_MODIFIERS}?{_LEADING}{_OF_DEPT}|{_MODIFIERS}{{0,3}}(?:{{JOB}}))"
# posts in a club or committee, read as titles only where a post is told (elected, voted,
# "am chair now", "treasurer of our association", "stepped down as", "took over as"): as job
# heads everywhere they added wrong facts on `corpus/reader_r9` (bench/RESULTS.md, round 19)
_POST_OBJ = _JOB_OBJ.replace("(?:{JOB})", "(?:{JOB}|treasurer|chair(?:man|woman|person)?)")
# words that may stand between "to be" and a title: "I'm officially a", "am now a",
# "I've been a", "she's still a" (a time word or any -ly adverb)
_BE_ADVERBS = (
    r"(?: (?:now|still|officially|currently|also|finally|just|already|actually|basically|"
    r"technically|newly|[a-z]{3,}ly)){0,2}"
)
# verbs that give a title with "as": "qualified as an architect", "took over as manager"
_AS_TITLE_VERBS = (
    r"\b(?:work|job|hired|join(?:s|ed|ing)?|start(?:s|ed|ing)?|beg[iau]n(?:s|ning)?|position|"
    r"role|employed|intern|qualified|retrained|"
    r"trained|took over|taken over|appointed|serv(?:e|es|ed|ing)|freelance|stepped in)"
)
_IS_A = "{source} is {a_target}"
# "stepped down as treasurer" ends the post (the ending row below), even where another
# clause holds a verb of starting ("..., Gloria took over")
# the post held where one works ("working the box office at the Orpheum", "works a desk job at")
_POST_HELD = r" (?:the|a) [a-z]+(?: [a-z]+)?"
_NOT_AFTER_ENDING = r"(?<!\bdown )(?<!\bresigned )(?<!\bquit )(?<!\bretired )"
# a post held in a group, told after its title: "treasurer of our residents' association",
# "captain of the rowing squad" (other words after "of" or "for" are no post of a group: "a
# fan of", "a sucker for"; "the lead of our team" is the team's: LEADS, ``managers.py``)
_OF_GROUP = (
    r" (?:the|our|my|their|his|her|a|an|this) (?:[\w'-]+ ){0,3}(?:"
    + "|".join(sorted(GROUP_HEADS | {"team", "squad", "committee", "board"}))
    + r")s?\b"
)
# "'s" is "is" after a pronoun; after a noun it is a possessive ("my son's football coach"):
# contracted.py writes out a name's "'s" that stands for "is" ("Tom's a nurse now")
_HE_IS = r"(?:(?<=\b[Hh]e)|(?<=\b[Ss]he)|(?<=\b[Ii]t)|(?<=\b[Ww]ho))'s"
_JOB_WORDS = trigger_words(JOB_HEADS | {"worker"})
_POST_WORDS = f"{_JOB_WORDS} treasurer chair chairman chairwoman chairperson"
_GIVES_POST = "made make makes promoted promote promotes appointed appoint appoints"
# workplaces called by their kind (besides those of ``WORKPLACE_HEADS``): "the post office"
_WORKPLACES = WORKPLACE_HEADS | word_set(
    "office brigade department police army navy station pharmacy supermarket airline "
    "airport newspaper railway practice surgery mine mill depot"
)
_CLUBS = word_set("club team society choir band orchestra league squad troupe group crew")
_NOT_WORKPLACES = (
    NOT_EMPLOYERS | GYM_HEADS | word_set("park beach lake river mountain mountains trail")
)

# fmt: off
P = RelationPattern
WORK_ROWS: tuple[RelationPattern, ...] = (
    # "got into the uni choir", "got picked for the county team": admitted to a group
    # (and back in, or chosen: "rejoined the choir", "has been selected for the county squad",
    # a learner's "I join to the hiking club")
    P("MEMBER_OF", r"\b(?:joined|rejoined|re-joined|signed up for|signed up with|got into|"
      r"(?:got|been|was|were) (?:picked|selected|chosen) (?:for|to play for)|joined to|join to)\b",
      "Organization", "phrase",
      heads=GROUP_HEADS | GYM_HEADS, triggers="joined rejoined re signed got been was were join"),
    # a group one takes part in now, or changed to: "doing debate club now", "moved over to a
    # triathlon group" (a club's kind only: "doing a course" is no membership)
    P("MEMBER_OF", r"\b(?:doing|moved (?:over )?to|switched (?:over )?to|switching (?:over )?to)\b",
      "Organization", "phrase", heads=_CLUBS, triggers="doing moved switched switching"),
    # "signed up at Brooklyn Boulders", "got a membership with Equinox": a named place
    P("MEMBER_OF", r"\bsigned up (?:at|with)\b", "Organization",
      reject_labels=frozenset({"Location", "Person", "Event"}),
      reject_heads=SCHOOL_HEADS, triggers="signed"),
    # "I'm a Costco member", "been a proud RSPB member for years"
    P("MEMBER_OF", r"(?:\b(?:am|is|are|been)|'m|'re|\bim) (?:an? )?(?:(?:proud|paying|loyal|"
      r"longtime|long-time|lifelong|life|full) )?(?P<obj>{NAME}|" + _LOWER_MEMBER + r") member\b",
      "Organization", "inline", reject_labels=frozenset({"Location", "Person", "Event"}),
      triggers="member"),
    P("MEMBER_OF", r"\b(?:have|has|got|bought|taking|took|taken|take|getting) (?:an? |the )?"
      r"(?:[a-z]+ )?membership "
      r"(?:at|with|to)\b|(?:\b(?:am|is|are)|'m|'re) (?:an? )?member (?:at|with)\b", "Organization",
      reject_labels=frozenset({"Location", "Person", "Event"}), triggers="membership member"),
    # a named group one is a member of, whatever its name ends in: "a member of Lillehammer
    # Skiklub", "member of DNT" ("part of" names no membership on its own)
    P("MEMBER_OF", r"\b(?:(?:became|become|becoming|been made|was made) )?(?:an? )?"
      r"(?:(?:life|full|honorary|founding|paid-up|proud) )?member of\b", "Organization", "named",
      reject_labels=frozenset({"Location", "Person", "Event"}), triggers="member"),
    P("MEMBER_OF", r"\b(?:a member of|member of|part of|belong to|belongs to)\b", "Organization",
      "phrase", heads=GROUP_HEADS | {"party", "union"}, triggers="member part belong belongs"),
    # one plays, sings or takes part in a group one belongs to: "plays the viola in the county
    # orchestra", "sings with a gospel choir", "I no longer take part in the cricket league"
    P("MEMBER_OF", r"\b(?:play|plays|played|playing|sing|sings|sang|singing|dance|dances|"
      r"danced|dancing|take part|takes part|took part|taking part|row|rows|rowed|rowing)"
      r"(?: (?:the |a )?[a-z]+)?(?: (?:a bit|now|again|still|every \w+))? (?:in|for|with)\b",
      "Organization", "phrase", heads=GROUP_HEADS,
      triggers="play plays played playing sing sings sang singing dance dances danced dancing "
      "take takes took taking row rows rowed rowing"),
    P("STUDIES_AT", r"\b(?:study|studies|studied|studying) at\b"
      r"|(?:(?:\b(?:am|is|was)|'m|'s) (?:an? )?(?:[a-z-]+ )?)?\bstudent at\b"
      r"|\benrolled (?:at|in)\b|\bgo(?:es)? to (?:school|college|university|uni) at\b",
      "Organization",
      triggers="study studies studied studying student enrolled school college university uni"),
    P("STUDIES_AT", r"\battend(?:s|ed|ing)?\b|\bgo(?:es|ing)? to\b|\bwent to\b"
      r"|(?:\b(?:am|is|are)|'m|'s|'re) (?:now |currently |still )?at\b", "Organization",
      heads=SCHOOL_HEADS,
      triggers="attend attends attended attending go goes going went am is are m s re"),
    P("WORKS_AT", r"\b(?:work(?:s|ed|ing)?|intern(?:s|ed|ing)?)(?: remotely| full[- ]time|"
      r" part[- ]time| freelance| there)? (?:at|for)\b"
      r"|\bwork(?:s|ed|ing)?" + _POST_HELD + r" at\b"
      r"|\b(?:teach(?:es|ing)?|taught)(?: [a-z]+){0,2}? at\b"
      r"|\bstarted (?:a |my )?(?:new |first )?(?:job|position|role|internship|gig) (?:at|with)\b"
      r"|\bstarted (?:working )?at\b"
      r"|\bhired (?:as (?:an? )?(?:[a-z]+ ){1,3})?(?:by|at)\b"
      r"|\bemployed (?:by|at)\b|\bjoined\b|\bjob at\b", "Organization",
      reject_heads=GROUP_HEADS | SCHOOL_HEADS | GYM_HEADS,
      reject_labels=frozenset({"Location", "Person", "Event"}),
      triggers="work works worked working intern interns interned interning started job position "
      "role offer internship hired employed joined signed starting start teach teaches teaching "
      "taught"),
    # a job taken: "landed a job at Wise", "accepted the position of Head of Science at
    # Fernvale College" (a job at a school or college is still a job); an offer only once
    # taken ("accepted the offer from Pell", "signed my offer at Stripe"; "got an offer from
    # Pell" is no job yet, its acceptance told after it is read by ``readers/offers.py``)
    P("WORKS_AT", r"\b(?:(?:got|landed|accepted|took|signed|starting|start) (?:a |the |my |an )?"
      r"(?:new |dream )?(?:job|position|role|internship|post)|(?:accepted|took|signed) (?:a |the |"
      r"my |an |their |its )?(?:new |dream )?(?:job )?offer)(?: (?:of|as) "
      r"(?:an? |the )?[\w&'-]+(?: [\w&'-]+){0,3}?)? (?:at|with|from)\b", "Organization",
      reject_heads=GROUP_HEADS | GYM_HEADS,
      reject_labels=frozenset({"Location", "Person", "Event"}),
      triggers="job position role offer internship post"),
    P("WORKS_AT", r"(?:\b(?:am|is|are)|'m|'s|'re) (?:now |currently |still )?(?:over )?"
      r"(?:at|with)\b",
      "Organization", reject_labels=frozenset({"Location", "Person", "Event"}),
      reject_heads=SCHOOL_HEADS,  # "my son is now at Leeds University": he studies there
      # "I'm at Unilever, in the marketing department": a post in a team is a job
      requires=r"\b(?:now|currently|these days|rn|full[- ]time|part[- ]time|instead)\b|\b(?:in|on) "
      r"(?:the|our) (?:[a-z]+ ){0,2}(?:department|dept|team|division)\b",
      triggers="am is are m s re"),
    # a workplace's kind before its name, as learners and some firms write it: "I work like
    # cook in restaurant Casa Amendoeira", "working in the kitchen of hotel Miramar"
    P("WORKS_AT", r"\b(?:work(?:s|ed|ing)?|employed|job)(?: (?:as|like) (?:an? )?[a-z]+)?"
      r" (?:(?:in|at) the (?:kitchen|office|bar|reception|front desk) of|at|in|for) "
      r"(?:the )?(?:" + "|".join(sorted(_WORKPLACES - _NOT_WORKPLACES)) + r") (?=(?-i:[A-Z]))",
      "Organization", reject_labels=frozenset({"Location", "Person", "Event"}),
      triggers="work works worked working employed job"),
    # a department, then the employer: "I'm in HR at Tindall Mills", "she works in accounts
    # for the council"
    P("WORKS_AT", r"(?:\b(?:am|is|are|was|were|work(?:s|ed|ing)?)|'m|'s|'re) (?:now |currently |"
      r"still )?in (?:the )?(?:" + "|".join(sorted(DEPARTMENTS)) + r")(?: (?:team|department|"
      r"dept|division))? (?:at|for|with)\b", "Organization",
      reject_labels=frozenset({"Location", "Person", "Event"}), reject_heads=SCHOOL_HEADS,
      triggers="am is are was were work works worked working m s re"),
    # "I've been at Kestrel Freight since monday": a firm one has been at since a time
    P("WORKS_AT", r"(?:\b(?:have|has)|'ve|'s) (?:now |just |only )?been (?:working )?at\b",
      "Organization", need_labels=frozenset({"Organization"}),
      reject_heads=GROUP_HEADS | SCHOOL_HEADS | GYM_HEADS | frozenset({"hospital", "clinic"}),
      requires=r"\bsince\b|\bfor (?:\d+|a|an|two|three|four|five|six|ten) (?:[a-z]+ )?"
      r"(?:days?|weeks?|months?|years?)\b",
      triggers="been"),
    # "delivering for Zippr now", "temping for Hays": work done for a firm ("drive for
    # Uber" is left out: told beside a main job, its fact was closed with that job)
    P("WORKS_AT", r"\b(?:deliver(?:s|ed|ing)?|temp(?:s|ed|ing)|"
      r"freelanc(?:e|es|ed|ing)|consult(?:s|ed|ing)|courier(?:s|ed|ing)?) "
      r"(?:full[- ]time |part[- ]time )?for\b",
      "Organization", reject_labels=frozenset({"Location", "Person", "Event"}),
      reject_heads=GROUP_HEADS | SCHOOL_HEADS,
      triggers="deliver delivers delivered delivering temp temps "
      "temped temping freelance freelances freelanced freelancing consult consults consulted "
      "consulting courier couriers couriered couriering"),
    *MOVE_ROWS,
    # a workplace named by its kind, in lower case: "works nights at the post office", "my
    # mum works for the council", "retired from the fire brigade", "quit the bakery"
    P("WORKS_AT", r"\b(?:work(?:s|ed|ing)?|teach(?:es|ing)?|taught)(?: (?:nights|days|weekends|"
      r"shifts|full[- ]time|part[- ]time))? (?:at|for|in)\b|\bwork(?:s|ed|ing)?" + _POST_HELD
      + r" at\b|\b(?:got|landed|found|started|"
      r"starting|accepted) (?:a |the |her |his |my )?(?:new )?(?:job|position|post|role) "
      r"(?:at|in|with)\b", "Organization", "phrase",
      heads=_WORKPLACES, reject_heads=_NOT_WORKPLACES, triggers="work works worked working teach "
      "teaches teaching taught job position post role"),
    # a third person's home opening the clause: "her new flat in York is lovely", "Lola's new
    # place in Bath is tiny" (inside a clause, "settling into her new place in X", the cue reads)
    P("LIVES_IN", r"(?:(?:^|(?<=[,;:] )|(?<=\band )|(?<=\bbut )|(?<=\bso ))(?:his|her|their) "
      r"|(?<='s ))(?:new )?"
      r"(?:place|apartment|flat|house|home|"
      r"condo|studio) (?:is |here )?in (?P<obj>{NAME})", "Location", "inline", "possessor",
      reject_labels=frozenset({"Person", "Organization", "Event"}),
      triggers="place apartment flat house home condo studio"),
    # "my parents retired to Spain", "she retired to the coast": a new home
    P("LIVES_IN", r"\b(?:retired|retiring|retire) to\b", "Location",
      reject_labels=frozenset({"Person", "Organization", "Event"}),
      triggers="retired retiring retire"),
    # a job lost with no employer named: "he got laid off yesterday", "Kojo resigned last
    # week", "I got fired lol": the employer the subject was told to have (none told:
    # nothing; a bare "quit" may be a habit: successions.py)
    P("WORKS_AT", r"\b(?:got|get|gets|getting|was|were|been|being) (?:laid off|fired|sacked|let "
      r"go|made redundant)\b(?! (?:from|by|at)\b)|\bresigned(?=\s*(?:$|[.!?,;:]|"
      r"\s+(?:today|yesterday|last|this|on|after|finally|lol|again|and)\b))", "Organization",
      "context", ending=True, triggers="laid fired sacked let redundant resigned"),
    P("WORKS_AT", r"\b(?:retired from|resigned from|quit|(?:got|was|been) (?:fired|laid off|let "
      r"go) from|stopped working (?:at|for|in)|(?:my |her |his |their )?last day at"
      r"|(?:quit|left) (?:my|her|his|their|the|a) (?:[a-z]+ )?job (?:at|with|in))\b",
      "Organization", "phrase", ending=True, heads=_WORKPLACES, reject_heads=_NOT_WORKPLACES,
      triggers="retired resigned quit fired laid let stopped last"),
    # the job held left in deed: "cleared my desk friday", "handed back my lanyard"
    P("WORKS_AT", r"\b(?:cleared|clearing|emptied|emptying) (?:out )?(?:my|her|his|their) "
      r"(?:desk|locker)\b|\b(?:handed|handing|gave|giving) (?:in|back) (?:my|her|his|their) "
      r"(?:work )?(?:badge|lanyard|pass|keycard|keys|laptop|uniform)\b", "Organization",
      "context", ending=True,
      triggers="cleared clearing emptied emptying handed handing gave giving"),
    # "handed in my notice at St Brennan's", "gave my notice at the bakery": the job ends
    P("WORKS_AT", r"\b(?:handed|handing|gave|giving|turned|turning|put|putting) in (?:my|her|his|"
      r"their) (?:notice|resignation) (?:at|to|with)\b", "Organization", "phrase", ending=True,
      reject_labels=frozenset({"Location", "Person", "Event"}), reject_heads=_NOT_WORKPLACES,
      context_words=frozenset({"work", "job", "the office", "office"}),
      triggers="notice resignation"),
    P("WORKS_AT", r"(?P<obj>{NAME}),? (?:hired|hires|has hired|just hired|took on|onboarded) "
      r"(?:me|us)\b", "Organization", "inline", "possessor",
      reject_labels=frozenset({"Location", "Person", "Event"}), triggers="hired hires took"),
    # "my job at starbucks" (a name in lower case met before or in the gazetteer), "the new
    # job at Ramp is so much better" (the speaker's, or on an assistant's turn the user's)
    P("WORKS_AT", r"(?:\b(?:my|his|her|their|your|the new) |(?<='s ))(?:new |current |day |first "
      r"|dream |full[- ]time )?(?:job|gig|position) (?:at|with)\b", "Organization",
      subject="possessor", reject_labels=frozenset({"Location", "Person", "Event"}),
      reject_heads=GROUP_HEADS | SCHOOL_HEADS, triggers="job gig position"),
    # a past post with its end: "I was at Deliveroo until the end of last year"
    P("WORKS_AT", r"\b(?:was|were) at\b", "Organization", ending=True,
      requires=r"\buntil\b(?! (?:\d{1,2}(?::\d\d)? ?(?:am|pm)|\d{1,2}(?::\d\d)?\b(?!\d)|noon|"
      r"midnight|late|lunch|dinner|dark|close|closing))",
      reject_labels=frozenset({"Location", "Person", "Event"}),
      reject_heads=GROUP_HEADS | SCHOOL_HEADS, triggers="was were"),
    # the working day named at a place of work: "night shift at Mercy General again", "work
    # at Atlassian has been draining", "lunch break at Westpac" ("3rd year at X" may be a
    # school's: not read)
    P("WORKS_AT", r"(?:^\W*|\b(?:my|our|another|one more|the|a|an|his|her|your) )(?:(?:night|day|"
      r"morning|evening|late|early|double|long|weekend|graveyard) )?(?:shift|work|lunch break)"
      r" (?:at|for)\b", "Organization",
      subject="possessor", reject_labels=frozenset({"Location", "Person", "Event"}),
      reject_heads=GROUP_HEADS | SCHOOL_HEADS, triggers="shift work lunch"),
    # a workplace told by its kind, then named after a comma: "started at a small workshop
    # in Aarhus, Snedker Nielsen", "took a job with a little studio here in Amman, Studio Turab"
    P("WORKS_AT", r"\b(?:start(?:s|ed|ing)?|work(?:s|ed|ing)?|(?:got|took|found|landed) a (?:new )?"
      r"job|join(?:s|ed|ing)?) (?:at|with|for)? ?(?:a|an|the) (?:[a-z-]+ ){0,2}(?:"
      + "|".join(sorted(_WORKPLACES | {"workshop"})) + r")(?: (?:here |there )?"
      r"(?:in|on|near) (?-i:[A-Z][\w'-]*)(?: (?-i:[A-Z][\w'-]*))?)?,"
      r"(?= (?-i:[A-Z][\w&'-]*(?: [A-Z][\w&'-]*){0,3})\s*(?:$|[.!?;,)]))",
      "Organization", reject_labels=frozenset({"Location", "Event"}),
      triggers="start starts started starting work works worked working job join joins joined "
      "joining"),
    # "got the Amazon warehouse job", "took the Stripe offer", "loving my Google internship"
    P("WORKS_AT", r"\b(?:got|landed|accepted|took|start(?:ed|ing)?|love|loving|my) "
      r"(?:the |my |a |an )?(?:new )?(?=[\w&.-]+(?: [\w&.-]+)?(?: [a-z]+)? (?:job|gig|internship|"
      r"position|offer)\b)", "Organization",
      reject_labels=frozenset({"Location", "Person", "Event"}),
      triggers="job gig internship position offer"),
    # "a junior developer at Spotify", "an engineer on the payments team at Square": the
    # employer's fact does not repeat the title (HAS_JOB_TITLE holds it, and a promotion
    # must not leave the old title standing in a fact that is still true)
    P("WORKS_AT",
      r"\b(?:work(?:s|ed|ing)? as )?(?:an? |the )?(?:[a-z-]+ ){0,2}(?:{JOB})"
      r"(?: (?:on|in|with) (?:the|our|a|an) (?:[a-z-]+ ){0,2}(?:team|department|group|division|"
      r"unit|squad|office))? (?:at|for)\b",
      "Organization", reject_labels=frozenset({"Location", "Person", "Event"}),
      template="{source} {works} at {target}", triggers=_JOB_WORDS),
    # "she just started as a violinist with the Graz Philharmonic", "he's a paramedic with the
    # county now": an employer after "with", when the clause says the post is new or current
    # (a name that ends the clause: "a developer with React experience" names no employer)
    P("WORKS_AT", r"\b(?:an? |the )?(?:[a-z-]+ ){0,2}(?:{JOB}) with\b(?=\s+(?:the\s+)?"
      r"(?-i:[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)\s*(?:$|[,.!?;)]|\s+(?:now|these|since|as|in"
      r"|and|so|lol|for|this|last|full|part)\b))", "Organization",
      reject_labels=frozenset({"Location", "Person", "Event", "Product", "Device"}),
      requires=r"\b(?:start(?:s|ed|ing)?|began|join(?:s|ed|ing)?|hired|signed|now|these days)\b",
      template="{source} {works} at {target}", triggers=_JOB_WORDS),
    # "I work as a nurse", "I am working like taxi driver" ("like" and no article: English
    # as a second language)
    P("HAS_JOB_TITLE", rf"\b(?:work|works|worked|working) (?:as|like) (?:an? )?{_JOB_OBJ}\b",
      "JobTitle", "inline", template=_IS_A, triggers=_JOB_WORDS),
    # the post worked named before the employer is the title: "I work the docks for Tongass
    # Air", "she works the door at Fabric" (the hours worked are none: "the night shift")
    P("HAS_JOB_TITLE", r"\bwork(?:s|ed|ing)? the (?P<obj>(?:[a-z]+ )?(?!(?:shifts?|hours|"
      r"weekends?|days?|nights?|rota|week)\b)[a-z]+) (?=(?:at|for) )",
      "JobTitle", "inline", template="{source} {works} the {target}",
      triggers="work works worked working"),
    # a post one is given: "my dad got made head chef", "she's been made a partner", "I was
    # elected treasurer of the allotment society", "got voted in as captain" ("named employee
    # of the month" is an award, no post; "appointed", "named" and "chosen as" were tried and
    # cost a job check of the decision set: they name more than posts)
    P("HAS_JOB_TITLE", r"\b(?:got|been|was|were|being)(?: just| finally| unanimously)? "
      r"(?:made|elected|re-elected|voted(?: in)?(?: as)?) (?:an? |the |our |their )?"
      rf"{_POST_OBJ}\b(?! of the (?:month|week|year|day)\b)",
      "JobTitle", "inline", template=_IS_A, triggers="made elected voted"),
    # a post given to the speaker, said in the active voice: "Rafiq made me head chef",
    # "they promoted me to shift leader", "the board appointed me treasurer" (the one who
    # gives it is no subject of it: the match starts at "me")
    P("HAS_JOB_TITLE", "(?:" + "|".join(rf"(?<=\b{v} )" for v in _GIVES_POST.split()) + r")"
      r"me (?:to |as )?(?:an? |the |their |our )?"
      rf"{_POST_OBJ}\b(?! of the (?:month|week|year|day)\b)",
      "JobTitle", "inline", "possessor", template=_IS_A, triggers=_GIVES_POST,
      requires=r"^(?!.*\b(?:maybe|might|could|would|if|hope|hopefully|perhaps|possibly|"
      r"probably|wants? to|want|going to|gonna)\b)"),
    # "joined Capgemini as a consultant", "hired as a nurse": the title is the person's, a
    # fact that a promotion closes (the first person before it: clause_subjects.py)
    P("HAS_JOB_TITLE", rf"{_NOT_AFTER_ENDING}\bas (?:an? )?{_POST_OBJ}s?\b", "JobTitle", "inline",
      "first",
      requires=rf"^(?!.*\boffer(?:s|ed|ing)?\b).*{_AS_TITLE_VERBS}",  # an offer is no start
      template=_IS_A, triggers=_POST_WORDS),
    P("HAS_JOB_TITLE",
      rf"(?:\b(?:am|is|was|became|become|been)|'m|{_HE_IS}){_BE_ADVERBS} (?:an? |the )?"
      rf"{_POST_OBJ}\b(?!(?<=lead) (?:of|for)\b)(?! (?:to|(?:of|for)(?!{_OF_GROUP})))",
      "JobTitle", "inline", template=_IS_A, triggers=_POST_WORDS),
    P("HAS_JOB_TITLE", r"\b(?:got|was|been)(?: just| finally| recently| officially)? promoted "
      rf"to (?:an? |the )?{_JOB_OBJ}\b", "JobTitle", "inline", template=_IS_A,
      triggers="promoted"),
    # a title given up: "stepped down as team lead", "I'm no longer a shift supervisor"
    P("HAS_JOB_TITLE", r"\b(?:(?:stepped|stepping|stood|standing) down as|resigned as|quit as|"
      r"retired as|"
      rf"(?:am|is|'m|'s) no longer) (?:an? |the )?{_POST_OBJ}\b", "JobTitle", "inline",
      ending=True, triggers="stepped stepping stood standing resigned quit retired longer"),
    # working for oneself is a title: "i'm freelancing these days", "now self-employed";
    # "no more freelancing", "quit freelancing" end it
    P("HAS_JOB_TITLE", r"\b(?:no more|stopped|quit|done) (?:freelancing|freelance work)\b",
      "JobTitle", "fixed", "possessor", ending=True, fixed_target="freelancer",
      triggers="freelancing freelance"),
    P("HAS_JOB_TITLE", r"(?:\b(?:am|is|are|was|been)|'m|'s|'re|^\W*now|, now) (?:now |currently |"
      r"still |full[- ]time )?(?:freelancing|self[- ]employed|(?:a )?freelancer)\b"
      r"|\bwork(?:ing)? for (?:myself|himself|herself)\b", "JobTitle",
      "fixed", fixed_target="freelancer", triggers="freelancing freelancer self employed myself"),
    # a letter's "your appointment to the post of Herbarium Curator": the reader's title
    P("HAS_JOB_TITLE", r"\b(?:appointment|promotion) to (?:the )?(?:post|position|role) (?:of|as) "
      rf"(?:an? |the )?{_JOB_OBJ}\b", "JobTitle", "inline", "possessor", template=_IS_A,
      triggers="appointment promotion"),
    # "accepted the position of head of science", "took the job as night manager"
    P("HAS_JOB_TITLE", r"\b(?:got|landed|accepted|took|taken|starting|start|started) (?:a |the |"
      rf"my |an )?(?:new )?(?:job|position|role|post) (?:of|as) (?:an? |the )?{_JOB_OBJ}\b",
      "JobTitle", "inline", template=_IS_A, triggers="position role post job"),
    # "my title is product manager now", "my new role is staff engineer"
    P("HAS_JOB_TITLE", r"\b(?:my|your) (?:new |official |current |job )?"
      rf"(?:job title|title|role|position)(?: is| was changed to|'s|:)(?: now| officially)?"
      rf" (?:an? |the )?{_JOB_OBJ}\b", "JobTitle", "inline", "possessor", template=_IS_A,
      triggers="title role position"),
)
# fmt: on
