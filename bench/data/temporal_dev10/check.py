#!/usr/bin/env python3
"""Stand-alone format checker for the temporal_dev10 scenario set.

Python 3 standard library only; imports nothing from the repository.
Usage: python3 check.py [DIR]   (DIR defaults to the folder of this file)
Exit status 0 when every file passes, 1 otherwise.
"""
import collections
import datetime as dt
import glob
import json
import os
import re
import sys

CATEGORIES = [
    "job", "residence", "relationship", "habit_diet", "health", "pet", "possession", "role",
    "preference", "membership", "correction", "third_person", "assistant", "plan",
    "past_ending", "accumulate", "out_of_order", "valid_at", "known_at",
]
KINDS = {
    # kind: (required extra fields, optional extra fields)
    "current": ({"subject"}, set()),
    "held_at": ({"subject", "valid_at"}, set()),
    "believed_at": ({"subject", "known_at"}, {"valid_at"}),
    "upcoming": ({"subject"}, {"on"}),
    "ask": ({"query"}, {"top", "valid_at", "known_at"}),
}
COMMON_CHECK_FIELDS = {"kind", "category", "note", "contains", "excludes"}
SCENARIO_FIELDS = {"id", "category", "fast", "user", "messages", "ingest_order", "now", "checks"}
REQUIRED_SCENARIO = {"id", "category", "user", "messages", "checks"}
MESSAGE_FIELDS = {"speaker", "content", "time", "role"}
MIN_CHECKS_PER_CATEGORY = 8
ID_PREFIX = "d10-"

OFFSET_RE = re.compile(r"^\+(\d+)([mhdw])$")
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
INSTANT_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$")
INDEX_RE = re.compile(r"^#(\d+)$")
UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def parse_instant(text):
    """ISO date (midnight UTC) or instant (UTC when no offset) -> aware datetime, else None."""
    if not isinstance(text, str):
        return None
    if DATE_RE.match(text):
        try:
            d = dt.date.fromisoformat(text)
        except ValueError:
            return None
        return dt.datetime(d.year, d.month, d.day, tzinfo=dt.timezone.utc)
    if INSTANT_RE.match(text):
        t = text[:-1] + "+00:00" if text.endswith("Z") else text
        try:
            v = dt.datetime.fromisoformat(t)
        except ValueError:
            return None
        if v.tzinfo is None:
            v = v.replace(tzinfo=dt.timezone.utc)
        return v
    return None


def is_str_or_list(v):
    if isinstance(v, str):
        return bool(v.strip())
    if isinstance(v, list):
        return bool(v) and all(isinstance(x, str) and x.strip() for x in v)
    return False


class Checker:
    def __init__(self):
        self.errors = []
        self.ids = set()
        self.scen_per_cat = collections.Counter()
        self.checks_per_cat = collections.Counter()
        self.kinds = collections.Counter()
        self.n_scen = 0
        self.n_checks = 0

    def err(self, where, msg):
        self.errors.append(f"{where}: {msg}")

    def instant_or_index(self, where, value, n_messages):
        m = INDEX_RE.match(value) if isinstance(value, str) else None
        if m:
            if int(m.group(1)) >= n_messages:
                self.err(where, f"{value!r} points past the last message ({n_messages} messages)")
            return
        if parse_instant(value) is None:
            self.err(where, f"not an ISO date/instant or #N: {value!r}")

    def scenario(self, where, sc, file_cat):
        if not isinstance(sc, dict):
            self.err(where, "line is not a JSON object")
            return
        for f in REQUIRED_SCENARIO - set(sc):
            self.err(where, f"missing field {f!r}")
        for f in set(sc) - SCENARIO_FIELDS:
            self.err(where, f"unknown field {f!r}")
        sid = sc.get("id")
        if not isinstance(sid, str) or not sid.startswith(ID_PREFIX):
            self.err(where, f"id must be a string starting {ID_PREFIX!r}: {sid!r}")
        elif sid in self.ids:
            self.err(where, f"duplicate id {sid!r}")
        else:
            self.ids.add(sid)
        where = f"{where} [{sid}]"
        cat = sc.get("category")
        if cat not in CATEGORIES:
            self.err(where, f"unknown category {cat!r}")
        elif cat != file_cat:
            self.err(where, f"category {cat!r} is not the file's category {file_cat!r}")
        if "fast" in sc and not isinstance(sc["fast"], bool):
            self.err(where, "fast must be a boolean")
        user = sc.get("user")
        if not isinstance(user, str) or not user.strip():
            self.err(where, "user must be a non-empty string")
        msgs = sc.get("messages")
        if not isinstance(msgs, list) or not msgs:
            self.err(where, "messages must be a non-empty list")
            msgs = []
        times = []
        prev = None
        user_spoke = False
        for i, m in enumerate(msgs):
            mw = f"{where} message {i}"
            if not isinstance(m, dict):
                self.err(mw, "not an object")
                times.append(None)
                continue
            for f in {"speaker", "content", "time"} - set(m):
                self.err(mw, f"missing {f!r}")
            for f in set(m) - MESSAGE_FIELDS:
                self.err(mw, f"unknown field {f!r}")
            if not isinstance(m.get("speaker"), str) or not m.get("speaker", "").strip():
                self.err(mw, "speaker must be a non-empty string")
            if not isinstance(m.get("content"), str) or not m.get("content", "").strip():
                self.err(mw, "content must be a non-empty string")
            if "role" in m and m["role"] not in ("user", "assistant"):
                self.err(mw, f"role must be 'user' or 'assistant': {m['role']!r}")
            if m.get("speaker") == user:
                user_spoke = True
            t = m.get("time")
            cur = None
            om = OFFSET_RE.match(t) if isinstance(t, str) else None
            if om:
                if i == 0:
                    self.err(mw, "the first message needs an absolute time, not an offset")
                elif prev is not None:
                    cur = prev + dt.timedelta(**{UNITS[om.group(2)]: int(om.group(1))})
            else:
                cur = parse_instant(t)
                if cur is None:
                    self.err(mw, f"bad time {t!r}")
            if cur is not None and prev is not None and cur < prev:
                self.err(mw, f"time {t!r} goes back before the previous message")
            times.append(cur)
            prev = cur if cur is not None else prev
        if msgs and not user_spoke:
            self.err(where, f"the user {user!r} never speaks")
        n = len(msgs)
        order = sc.get("ingest_order")
        if order is not None:
            if (not isinstance(order, list) or not all(isinstance(x, int) for x in order)
                    or sorted(order) != list(range(n))):
                self.err(where, f"ingest_order must be a permutation of 0..{n - 1}: {order!r}")
        last = max((t for t in times if t is not None), default=None)
        if "now" in sc:
            now = parse_instant(sc["now"])
            if now is None:
                self.err(where, f"bad now {sc['now']!r}")
            elif last is not None and now < last:
                self.err(where, f"now {sc['now']!r} is before the last message")
        checks = sc.get("checks")
        if not isinstance(checks, list) or not checks:
            self.err(where, "checks must be a non-empty list")
            checks = []
        self.n_scen += 1
        if cat in CATEGORIES:
            self.scen_per_cat[cat] += 1
        for j, ch in enumerate(checks):
            self.check(f"{where} check {j}", ch, cat, n)

    def check(self, where, ch, scen_cat, n):
        if not isinstance(ch, dict):
            self.err(where, "not an object")
            return
        kind = ch.get("kind")
        if kind not in KINDS:
            self.err(where, f"unknown kind {kind!r}")
            return
        req, opt = KINDS[kind]
        for f in req - set(ch):
            self.err(where, f"{kind} needs {f!r}")
        for f in set(ch) - req - opt - COMMON_CHECK_FIELDS:
            self.err(where, f"field {f!r} not allowed for {kind}")
        if "contains" not in ch and "excludes" not in ch:
            self.err(where, "needs contains and/or excludes")
        for f in ("contains", "excludes"):
            if f in ch and not is_str_or_list(ch[f]):
                self.err(where, f"{f} must be a non-empty string or list of strings")
        for f in ("subject", "query"):
            if f in ch and (not isinstance(ch[f], str) or not ch[f].strip()):
                self.err(where, f"{f} must be a non-empty string")
        for f in ("valid_at", "known_at"):
            if f in ch:
                self.instant_or_index(where + f" {f}", ch[f], n)
        if "on" in ch:
            if not isinstance(ch["on"], str) or not DATE_RE.match(ch["on"]) or parse_instant(ch["on"]) is None:
                self.err(where, f"on must be a YYYY-MM-DD day: {ch['on']!r}")
        if "top" in ch and (not isinstance(ch["top"], int) or isinstance(ch["top"], bool) or ch["top"] < 1):
            self.err(where, "top must be a positive integer")
        if "note" in ch and not isinstance(ch["note"], str):
            self.err(where, "note must be a string")
        cat = ch.get("category", scen_cat)
        if cat not in CATEGORIES:
            self.err(where, f"unknown check category {cat!r}")
        else:
            self.checks_per_cat[cat] += 1
        self.kinds[kind] += 1
        self.n_checks += 1

    def file(self, path):
        file_cat = os.path.splitext(os.path.basename(path))[0]
        if file_cat not in CATEGORIES:
            self.err(path, f"file name is not a category: {file_cat!r}")
        with open(path, encoding="utf-8") as f:
            for ln, line in enumerate(f, 1):
                s = line.strip()
                if not s or s.startswith("//"):
                    continue
                where = f"{os.path.basename(path)}:{ln}"
                try:
                    sc = json.loads(s)
                except json.JSONDecodeError as e:
                    self.err(where, f"invalid JSON: {e}")
                    continue
                self.scenario(where, sc, file_cat)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    files = sorted(glob.glob(os.path.join(folder, "*.jsonl")))
    c = Checker()
    if not files:
        c.err(folder, "no .jsonl files")
    for p in files:
        c.file(p)
    for cat in CATEGORIES:
        if c.checks_per_cat[cat] < MIN_CHECKS_PER_CATEGORY:
            c.err("totals", f"category {cat!r} has {c.checks_per_cat[cat]} checks (< {MIN_CHECKS_PER_CATEGORY})")
    print(f"{'category':14s} scenarios checks")
    for cat in CATEGORIES:
        print(f"{cat:14s} {c.scen_per_cat[cat]:9d} {c.checks_per_cat[cat]:6d}")
    print(f"{'total':14s} {c.n_scen:9d} {c.n_checks:6d}")
    print("kinds:", dict(sorted(c.kinds.items())))
    if c.errors:
        print(f"\n{len(c.errors)} error(s):")
        for e in c.errors:
            print("  " + e)
        return 1
    print("\nOK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
