"""Stage 3, a person first told by a role and named later: one entity, not two.

"my mum lives in Bath" stores the mother under the only name the message gives, her role
("Abi's mom": the name an extractor gives a person known by a role alone,
``extractors/rules/analysis/subjects.py``). When a later message names her -- "my mum Carol
has moved to Exeter" -- the extraction holds a person "Carol" and the tie that says who she
is ("Carol is Abi's mom"). Without this stage "Carol" is a new entity: her move never closes
the home stored for "Abi's mom", and a question about Carol misses what was told of her
before she was named.

:func:`role_names` reads the ties of an extraction: a fact between two people whose text is
"<target> is <source>'s <role>" names the target's role placeholder. The resolution stage
(``engine/entities.py``) matches an extracted person with no stored entity of their own name
to the stored entity of that placeholder; the placeholder entity takes the name as an alias
(never renamed: ``absorb``), so both names find it from then on.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from chronomem.model import Extraction

_PERSON = "Person"


def role_names(extraction: Extraction) -> Mapping[str, str]:
    """Extracted person name -> the placeholder of the role a tie of the same extraction
    gives them ("Carol" -> "Abi's mom"), for people whose role and owner both are named."""
    people = {e.name for e in extraction.entities if _PERSON in e.labels}
    out: dict[str, str] = {}
    for f in extraction.facts:
        if f.source not in people or f.target not in people or f.invalid_at is not None:
            continue
        tie = re.fullmatch(
            rf"{re.escape(f.target)} is {re.escape(f.source)}'s ([a-z][a-z -]{{1,30}})",
            f.fact.strip(),
        )
        if tie is not None:
            out.setdefault(f.target, f"{f.source}'s {tie.group(1)}")
    return out
