#!/usr/bin/env python3
"""Stand-alone validator for temporal development set 15 (standard library only).

Usage: python3 check.py [DIR]   (default: the folder this file is in)
"""
import collections
import datetime as dt
import json
import os
import re
import sys

CATEGORIES = {
    "job", "residence", "relationship", "habit_diet", "health", "pet", "possession", "role",
    "preference", "membership", "correction", "third_person", "assistant", "plan",
    "past_ending", "accumulate", "out_of_order", "valid_at", "known_at",
}
COMMON = {"kind", "category", "note", "contains", "excludes"}
KINDS = {
    "current": ({"subject"}, set()),
    "held_at": ({"subject", "valid_at"}, set()),
    "believed_at": ({"subject", "known_at"}, {"valid_at"}),
    "upcoming": ({"subject"}, {"on"}),
    "ask": ({"query"}, {"top", "valid_at", "known_at"}),
}
SCEN_REQ = {"id", "category", "user", "messages", "checks"}
SCEN_OPT = {"fast", "ingest_order", "now"}
MSG_REQ = {"speaker", "content", "time"}
MSG_OPT = {"role"}
OFFSET = re.compile(r"^\+(\d+)([mhdw])$")
MIN_CHECKS = 8

errors = []


def err(where, msg):
    errors.append(f"{where}: {msg}")


def parse_instant(s):
    if not isinstance(s, str):
        raise ValueError(f"not a string: {s!r}")
    t = s.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        return dt.datetime.strptime(t, "%Y-%m-%d").replace(tzinfo=dt.timezone.utc)
    if t.endswith("Z"):
        t = t[:-1] + "+00:00"
    d = dt.datetime.fromisoformat(t)
    if d.tzinfo is None:
        d = d.replace(tzinfo=dt.timezone.utc)
    return d


def parse_time(s, prev):
    m = OFFSET.match(s) if isinstance(s, str) else None
    if m:
        if prev is None:
            raise ValueError("offset on the first message")
        n, unit = int(m.group(1)), m.group(2)
        delta = {"m": dt.timedelta(minutes=n), "h": dt.timedelta(hours=n),
                 "d": dt.timedelta(days=n), "w": dt.timedelta(weeks=n)}[unit]
        return prev + delta
    return parse_instant(s)


def str_or_list(v):
    if isinstance(v, str):
        return bool(v.strip())
    return isinstance(v, list) and v and all(isinstance(x, str) and x.strip() for x in v)


def check_instant_ref(where, v, nmsg):
    if isinstance(v, str) and v.startswith("#"):
        if not re.fullmatch(r"#\d+", v):
            err(where, f"bad message reference {v!r}")
            return
        n = int(v[1:])
        if not 0 <= n < nmsg:
            err(where, f"message reference {v} out of range (0..{nmsg - 1})")
        return
    try:
        parse_instant(v)
    except Exception as e:  # noqa: BLE001
        err(where, f"bad instant {v!r}: {e}")


def check_scenario(where, s, ids, per_cat, scen_cat):
    if not isinstance(s, dict):
        err(where, "scenario is not an object")
        return
    for k in SCEN_REQ - s.keys():
        err(where, f"missing field {k!r}")
    for k in s.keys() - SCEN_REQ - SCEN_OPT:
        err(where, f"unknown field {k!r}")
    sid = s.get("id")
    if not isinstance(sid, str) or not sid.startswith("d15-"):
        err(where, f"id {sid!r} lacks the prefix 'd15-'")
    elif sid in ids:
        err(where, f"duplicate id {sid!r}")
    ids.add(sid)
    where = f"{where} [{sid}]"
    cat = s.get("category")
    if cat not in CATEGORIES:
        err(where, f"unknown category {cat!r}")
    scen_cat[cat] += 1
    if "fast" in s and not isinstance(s["fast"], bool):
        err(where, "fast is not a boolean")
    if not isinstance(s.get("user"), str) or not s.get("user"):
        err(where, "user must be a non-empty string")
    msgs = s.get("messages")
    if not isinstance(msgs, list) or not msgs:
        err(where, "messages must be a non-empty list")
        return
    prev = None
    speakers = set()
    for i, m in enumerate(msgs):
        mw = f"{where} message {i}"
        if not isinstance(m, dict):
            err(mw, "not an object")
            continue
        for k in MSG_REQ - m.keys():
            err(mw, f"missing field {k!r}")
        for k in m.keys() - MSG_REQ - MSG_OPT:
            err(mw, f"unknown field {k!r}")
        if "role" in m and m["role"] not in ("user", "assistant"):
            err(mw, f"bad role {m['role']!r}")
        if not isinstance(m.get("content"), str) or not m.get("content", "").strip():
            err(mw, "empty content")
        speakers.add(m.get("speaker"))
        try:
            t = parse_time(m.get("time"), prev)
        except Exception as e:  # noqa: BLE001
            err(mw, f"bad time {m.get('time')!r}: {e}")
            continue
        if prev is not None and t < prev:
            err(mw, f"time goes back ({t.isoformat()} < {prev.isoformat()})")
        prev = t
    if s.get("user") not in speakers:
        err(where, f"user {s.get('user')!r} never speaks")
    n = len(msgs)
    if "ingest_order" in s:
        io = s["ingest_order"]
        if not isinstance(io, list) or sorted(io) != list(range(n)):
            err(where, f"ingest_order {io!r} is not a permutation of 0..{n - 1}")
    now = prev + dt.timedelta(hours=1) if prev else None
    if "now" in s:
        try:
            now = parse_instant(s["now"])
        except Exception as e:  # noqa: BLE001
            err(where, f"bad now {s['now']!r}: {e}")
        else:
            if prev is not None and now < prev:
                err(where, f"now {s['now']} is before the last message")
    checks = s.get("checks")
    if not isinstance(checks, list) or not checks:
        err(where, "checks must be a non-empty list")
        return
    for j, c in enumerate(checks):
        cw = f"{where} check {j}"
        if not isinstance(c, dict):
            err(cw, "not an object")
            continue
        kind = c.get("kind")
        if kind not in KINDS:
            err(cw, f"unknown kind {kind!r}")
            continue
        req, opt = KINDS[kind]
        for k in req - c.keys():
            err(cw, f"{kind}: missing field {k!r}")
        for k in c.keys() - req - opt - COMMON:
            err(cw, f"{kind}: field {k!r} not allowed")
        if "contains" not in c and "excludes" not in c:
            err(cw, "needs contains and/or excludes")
        for k in ("contains", "excludes"):
            if k in c and not str_or_list(c[k]):
                err(cw, f"{k} must be a non-empty string or list of strings")
        ccat = c.get("category", cat)
        if ccat not in CATEGORIES:
            err(cw, f"unknown category {ccat!r}")
        per_cat[ccat] += 1
        for k in ("subject", "query"):
            if k in c and (not isinstance(c[k], str) or not c[k].strip()):
                err(cw, f"{k} must be a non-empty string")
        for k in ("valid_at", "known_at"):
            if k in c:
                check_instant_ref(cw, c[k], n)
        if "top" in c and (not isinstance(c["top"], int) or c["top"] < 1):
            err(cw, "top must be a positive integer")
        if kind == "upcoming" and "on" in c:
            on = c["on"]
            if not isinstance(on, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", on):
                err(cw, f"on must be a date YYYY-MM-DD, got {on!r}")
            elif now is not None and parse_instant(on).date() <= now.date():
                err(cw, f"upcoming on {on} is not after now ({now.isoformat()})")


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    files = sorted(f for f in os.listdir(folder) if f.endswith(".jsonl"))
    if not files:
        print("no .jsonl files found")
        return 1
    ids, per_cat, scen_cat = set(), collections.Counter(), collections.Counter()
    for fn in files:
        with open(os.path.join(folder, fn), encoding="utf-8") as f:
            for ln, line in enumerate(f, 1):
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                where = f"{fn}:{ln}"
                try:
                    s = json.loads(line)
                except json.JSONDecodeError as e:
                    err(where, f"invalid JSON: {e}")
                    continue
                check_scenario(where, s, ids, per_cat, scen_cat)
    for cat in sorted(CATEGORIES):
        if per_cat[cat] < MIN_CHECKS:
            err("totals", f"category {cat!r} has {per_cat[cat]} checks (< {MIN_CHECKS})")
    print(f"{'category':<14} {'scenarios':>9} {'checks':>7}")
    for cat in sorted(CATEGORIES):
        print(f"{cat:<14} {scen_cat[cat]:>9} {per_cat[cat]:>7}")
    print(f"{'total':<14} {sum(scen_cat.values()):>9} {sum(per_cat.values()):>7}")
    if errors:
        print(f"\n{len(errors)} error(s):")
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK: all scenarios and checks are well-formed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
