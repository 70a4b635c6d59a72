"""One row of the relation pattern table (see ``patterns.py``), and the regex parts and
label sets that rows of several modules share."""

from __future__ import annotations

from dataclasses import dataclass

_NO_LABELS: frozenset[str] = frozenset()
# A form of "to be", for the rows' regexes ("I'm vegan", "she is my manager").
BE = r"(?:am|is|are|was|were|been|being|be|'m|'s|'re)"
# A thing destroyed, after its name or kind ("the Hilux drowned", "the board snapped in
# half"); the losses read it too (``readers/losses.py``)
DESTROYED = r"drown(?:ed)?|sank|sunk|snapped in (?:half|two)|burn(?:ed|t) (?:down|out)|caught fire"
# A thing one used that is gone, after its name or kind ("my laptop died", "bike got nicked",
# "car's gone" (written out as "has gone"), "the ute got written off"); its words, for the
# rows' ``triggers``
GONE = (
    r" (?:finally |just |officially )?(?:died|broke|is dead|gave out|bit the dust|carked it|"
    r"packed up|(?:is|has|'s) gone|is no more|is history|(?:(?:got|was|has been|'s been|been) )?"
    r"(?:stolen|nicked|pinched|smashed|totaled|totalled|written off|wrecked|scrapped|"
    rf"repossessed|sunk)|{DESTROYED})\b"
)
GONE_WORDS = (
    "died broke dead gave bit carked packed gone more history stolen nicked pinched smashed "
    "totaled totalled written wrecked scrapped repossessed drown drowned sank sunk snapped "
    "burned burnt caught"
)
# Labels rejected where a place is read ("works at Google" is no home) and where a person is.
PLACE_LIKE = frozenset({"Organization", "Person", "Event", "Work", "Device", "Book", "Movie"})
NOT_PERSON = frozenset({"Location", "Organization", "Event", "Device", "Work"})


@dataclass(frozen=True, slots=True)
class RelationPattern:
    """One row of the table.

    ``target``: ``named`` (a name must follow), ``phrase`` (a name or a short lower-case
    noun phrase), ``inline`` (the regex captures ``obj``), ``context`` (the target comes
    from what earlier turns said, e.g. the problem a device had), ``fixed`` (always
    ``fixed_target``).
    ``subject``: ``clause`` (the subject before the verb), ``possessor`` (the speaker,
    through "my"), ``device`` (a device named before the verb), ``any_device`` (that, else
    any device of the sentence or the conversation), ``listener`` (the person spoken to, or
    the speaker for "my": "Congrats on your move"), ``first`` (the first subject of the
    clause, whatever comes between).
    """

    relation: str
    verbs: str
    label: str | None = None
    target: str = "named"
    subject: str = "clause"
    ending: bool = False
    heads: frozenset[str] | None = None  # the object must end with one of these words
    reject_heads: frozenset[str] = frozenset()
    reject_labels: frozenset[str] = _NO_LABELS
    context_words: frozenset[str] = frozenset()  # "my job": take the target from context
    requires: str | None = None  # the clause must also match this
    template: str | None = None  # fact text; else the clause rewritten to third person
    fixed_target: str | None = None
    negated_relation: str | None = None  # "I don't like X" -> DISLIKES instead of nothing
    # Record the target as this attribute of the subject instead of a fact ("a new job at
    # Google as a data engineer": the title is told in passing, the fact is WORKS_AT).
    attribute: str | None = None
    # Words of which at least one must be in the clause for the row to be tried (a fast
    # pre-filter: a row whose regex could match without any of them would be missed).
    triggers: str = ""
    need_labels: frozenset[str] | None = None  # the target's label must be one of these
    target_format: str | None = None  # the target's name from the capture: "{obj} injury"
    # The fact's text is its clause from the match on ("my go-to takeout is Indian, butter
    # chicken every friday"): what is told after the value stays, what came before is cut.
    text_from_match: bool = False
    # A tie told in passing ("my friend Ollie is crashing here this weekend"): the sentence's
    # dates belong to its own verb, not to the tie, which already holds when it is said.
    presupposed: bool = False
    # The target is the whole capture, led by an optional ``svc`` capture: a plan's name
    # ("Spotify family", "Netflix Premium"), not the service name found inside it.
    whole: bool = False
    # A switch told by the new value alone ("he changed me to valsartan"): the one value
    # the subject held before in the relation ends.
    switches: bool = False


def trigger_words(words: frozenset[str]) -> str:
    """The alphabetic words of ``words`` as a row's ``triggers`` string."""
    return " ".join(sorted(w for w in words if w.isalpha()))
