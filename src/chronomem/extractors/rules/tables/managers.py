"""Rows of the pattern table for managers and team leads: MANAGED_BY and LEADS, each
holding one value at a time (``model/relations.py``), so "my new manager is Priya" closes
the manager told before. One part of the table in :mod:`.patterns`, which keeps its place.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.row import BE as _BE
from chronomem.extractors.rules.tables.row import RelationPattern as P

MANAGER_ROWS: tuple[P, ...] = (
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
)
