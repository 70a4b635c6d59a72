#!/usr/bin/env python3
"""Stand-alone format checker for the temporal dev set 12 (python3 standard library only).

Usage: python3 check.py [DIR]   (default: the folder of this file)
Exit status 0 when every scenario line is well formed, 1 otherwise.
"""
import collections
import datetime as dt
import glob
import json
import os
import re
import sys

CATEGORIES = ["job", "residence", "relationship", "habit_diet", "health", "pet", "possession",
              "role", "preference", "membership", "correction", "third_person", "assistant",
              "plan", "past_ending", "accumulate", "out_of_order", "valid_at", "known_at"]
MIN_CHECKS = 8
ID_PREFIX = "d12-"
SCENARIO_FIELDS = {"id", "category", "fast", "user", "messages", "ingest_order", "now", "checks"}
MESSAGE_FIELDS = {"speaker", "content", "time", "role"}
KIND_FIELDS = {
    "current": ({"subject"}, set()),
    "held_at": ({"subject", "valid_at"}, set()),
    "believed_at": ({"subject", "known_at"}, {"valid_at"}),
    "upcoming": ({"subject"}, {"on"}),
    "ask": ({"query"}, {"top", "valid_at", "known_at"}),
}
COMMON_CHECK_FIELDS = {"kind", "category", "note", "contains", "excludes"}
OFFSET_RE = re.compile(r"^\+(\d+)([mhdw])$")
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
INSTANT_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$")
REF_RE = re.compile(r"^#(\d+)$")
UNIT = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def parse_instant(text):
    """ISO date (midnight UTC) or ISO instant (UTC when no offset) -> aware datetime, else None."""
    if not isinstance(text, str):
        return None
    if DATE_RE.match(text):
        try:
            return dt.datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=dt.timezone.utc)
        except ValueError:
            return None
    if INSTANT_RE.match(text):
        t = text[:-1] + "+00:00" if text.endswith("Z") else text
        try:
            v = dt.datetime.fromisoformat(t)
        except ValueError:
            return None
        return v if v.tzinfo else v.replace(tzinfo=dt.timezone.utc)
    return None


def check_strings(value):
    if isinstance(value, str):
        return bool(value.strip())
    return (isinstance(value, list) and value
            and all(isinstance(v, str) and v.strip() for v in value))


def check_scenario(sc, errors, where):
    def err(msg):
        errors.append(f"{where}: {msg}")

    if not isinstance(sc, dict):
        err("line is not a JSON object")
        return None
    for f in ("id", "category", "user", "messages", "checks"):
        if f not in sc:
            err(f"missing field {f!r}")
    unknown = set(sc) - SCENARIO_FIELDS
    if unknown:
        err(f"unknown fields {sorted(unknown)}")
    sid = sc.get("id")
    if not isinstance(sid, str) or not sid.startswith(ID_PREFIX):
        err(f"id {sid!r} must be a string starting with {ID_PREFIX!r}")
    cat = sc.get("category")
    if cat not in CATEGORIES:
        err(f"unknown category {cat!r}")
    if "fast" in sc and not isinstance(sc["fast"], bool):
        err("fast must be a boolean")
    if not isinstance(sc.get("user"), str) or not sc.get("user", "").strip():
        err("user must be a non-empty string")

    msgs = sc.get("messages")
    times = []
    if not isinstance(msgs, list) or not msgs:
        err("messages must be a non-empty list")
        msgs = []
    prev = None
    for i, m in enumerate(msgs):
        if not isinstance(m, dict):
            err(f"message {i} is not an object")
            times.append(None)
            continue
        for f in ("speaker", "content", "time"):
            if not isinstance(m.get(f), str) or not m.get(f, "").strip():
                err(f"message {i}: {f} must be a non-empty string")
        unknown = set(m) - MESSAGE_FIELDS
        if unknown:
            err(f"message {i}: unknown fields {sorted(unknown)}")
        if "role" in m and m["role"] not in ("user", "assistant"):
            err(f"message {i}: role must be 'user' or 'assistant'")
        t = m.get("time")
        cur = None
        if isinstance(t, str) and OFFSET_RE.match(t):
            if prev is None:
                err(f"message {i}: offset time {t!r} without an earlier absolute time")
            else:
                n, u = OFFSET_RE.match(t).groups()
                if int(n) <= 0:
                    err(f"message {i}: offset must be positive")
                cur = prev + dt.timedelta(**{UNIT[u]: int(n)})
        else:
            cur = parse_instant(t)
            if cur is None:
                err(f"message {i}: bad time {t!r}")
        if cur is not None and prev is not None and cur < prev:
            err(f"message {i}: time goes back ({cur.isoformat()} < {prev.isoformat()})")
        if cur is not None:
            prev = cur
        times.append(cur)

    order = sc.get("ingest_order")
    if order is not None:
        if (not isinstance(order, list) or not all(isinstance(x, int) for x in order)
                or sorted(order) != list(range(len(msgs)))):
            err(f"ingest_order {order!r} is not a permutation of 0..{len(msgs) - 1}")
        elif order == list(range(len(msgs))):
            err("ingest_order is the identity; leave it out")

    last = max((t for t in times if t is not None), default=None)
    now = None
    if "now" in sc:
        now = parse_instant(sc["now"])
        if now is None:
            err(f"bad now {sc['now']!r}")
        elif last is not None and now < last:
            err("now is before the last message")
    elif last is not None:
        now = last + dt.timedelta(hours=1)

    def instant_ok(value, field, i):
        m = REF_RE.match(value) if isinstance(value, str) else None
        if m:
            if int(m.group(1)) >= len(msgs):
                err(f"check {i}: {field} {value!r} points past the last message")
            return
        if parse_instant(value) is None:
            err(f"check {i}: bad {field} {value!r}")

    checks = sc.get("checks")
    if not isinstance(checks, list) or not checks:
        err("checks must be a non-empty list")
        checks = []
    counted = []
    for i, ch in enumerate(checks):
        if not isinstance(ch, dict):
            err(f"check {i} is not an object")
            continue
        kind = ch.get("kind")
        if kind not in KIND_FIELDS:
            err(f"check {i}: unknown kind {kind!r}")
            continue
        required, optional = KIND_FIELDS[kind]
        for f in required:
            if f not in ch:
                err(f"check {i}: {kind} needs {f!r}")
        unknown = set(ch) - COMMON_CHECK_FIELDS - required - optional
        if unknown:
            err(f"check {i}: fields {sorted(unknown)} not allowed for {kind}")
        if "contains" not in ch and "excludes" not in ch:
            err(f"check {i}: needs contains and/or excludes")
        for f in ("contains", "excludes"):
            if f in ch and not check_strings(ch[f]):
                err(f"check {i}: {f} must be a non-empty string or list of strings")
        for f in ("subject", "query", "note"):
            if f in ch and (not isinstance(ch[f], str) or not ch[f].strip()):
                err(f"check {i}: {f} must be a non-empty string")
        for f in ("valid_at", "known_at"):
            if f in ch:
                instant_ok(ch[f], f, i)
        if "on" in ch:
            if not isinstance(ch["on"], str) or not DATE_RE.match(ch["on"]) or parse_instant(ch["on"]) is None:
                err(f"check {i}: on must be an ISO date")
            elif now is not None and parse_instant(ch["on"]) + dt.timedelta(days=1) <= now:
                err(f"check {i}: upcoming on {ch['on']} is not after now")
        if "top" in ch and (not isinstance(ch["top"], int) or isinstance(ch["top"], bool) or ch["top"] < 1):
            err(f"check {i}: top must be a positive integer")
        ccat = ch.get("category", cat)
        if ccat not in CATEGORIES:
            err(f"check {i}: unknown category {ccat!r}")
        counted.append(ccat)
    return counted


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    files = sorted(glob.glob(os.path.join(folder, "*.jsonl")))
    errors = []
    if not files:
        errors.append(f"no .jsonl files in {folder}")
    ids = set()
    scen = collections.Counter()
    chk = collections.Counter()
    for path in files:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                where = f"{os.path.basename(path)}:{n}"
                try:
                    sc = json.loads(line)
                except json.JSONDecodeError as e:
                    errors.append(f"{where}: bad JSON ({e})")
                    continue
                sid = sc.get("id") if isinstance(sc, dict) else None
                if sid in ids:
                    errors.append(f"{where}: duplicate id {sid!r}")
                ids.add(sid)
                counted = check_scenario(sc, errors, where + (f" ({sid})" if sid else ""))
                if counted is None:
                    continue
                scen[sc.get("category")] += 1
                for c in counted:
                    chk[c] += 1
    for c in CATEGORIES:
        if chk[c] < MIN_CHECKS:
            errors.append(f"category {c}: {chk[c]} checks, need at least {MIN_CHECKS}")
    print(f"{'category':14s} {'scenarios':>9s} {'checks':>7s}")
    for c in CATEGORIES:
        print(f"{c:14s} {scen[c]:9d} {chk[c]:7d}")
    print(f"{'total':14s} {sum(scen.values()):9d} {sum(chk.values()):7d}")
    if errors:
        print(f"\n{len(errors)} problem(s):")
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
