"""Correcting memory by hand: pure planners that read the store and return a
:class:`~chronomem.model.ChangeSet` (like ``engine/deletion.py``), each holding the
:class:`~chronomem.model.Edit` that records it. ``Memory``'s correction methods apply them.

* ``facts``: edit a fact (a new fact supersedes it), retract a fact;
* ``entities``: merge, rename, split;
* ``undo``: reverse any of them, itself an edit.
"""

from chronomem.engine.corrections.entities import plan_merge, plan_rename, plan_split
from chronomem.engine.corrections.facts import FactChange, plan_fact_edit, plan_retraction
from chronomem.engine.corrections.record import Author
from chronomem.engine.corrections.undo import find_edit, plan_undo

__all__ = [
    "Author",
    "FactChange",
    "find_edit",
    "plan_fact_edit",
    "plan_merge",
    "plan_rename",
    "plan_retraction",
    "plan_split",
    "plan_undo",
]
