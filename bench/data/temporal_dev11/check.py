#!/usr/bin/env python3
"""Stand-alone format checker for the temporal_dev11 scenario set.

Python 3 standard library only; imports nothing from the repository.

    python3 bench/data/temporal_dev11/check.py [DIR]

Checks every line of every *.jsonl file in DIR (default: this file's folder):
JSON syntax, required fields, categories, message times (ISO instants or
+Nm/+Nh/+Nd/+Nw offsets), `now`, `ingest_order` permutations, check kinds and
their fields, `#N` message indices, unique ids with the `d11-` prefix, and at
least 8 checks per category. Exits 1 and lists the problems when any are found.
"""
import collections
import datetime as dt
import json
import os
import re
import sys

CATEGORIES = {
    "job", "residence", "relationship", "habit_diet", "health", "pet", "possession",
    "role", "preference", "membership", "correction", "third_person", "assistant",
    "plan", "past_ending", "accumulate", "out_of_order", "valid_at", "known_at",
}
SCENARIO_FIELDS = {"id", "category", "fast", "user", "messages", "ingest_order", "now", "checks"}
REQUIRED = {"id", "category", "user", "messages", "checks"}
MESSAGE_FIELDS = {"speaker", "content", "time", "role"}
KIND_FIELDS = {
    "current": ({"subject"}, set()),
    "held_at": ({"subject", "valid_at"}, set()),
    "believed_at": ({"subject", "known_at"}, {"valid_at"}),
    "upcoming": ({"subject"}, {"on"}),
    "ask": ({"query"}, {"top", "valid_at", "known_at"}),
}
COMMON_CHECK_FIELDS = {"kind", "category", "note", "contains", "excludes"}
OFFSET = re.compile(r"^\+(\d+)([mhdw])$")
INDEX = re.compile(r"^#(\d+)$")
MIN_CHECKS = 8
PREFIX = "d11-"


def parse_instant(s):
    """ISO date or instant; UTC when no offset; a bare date means midnight."""
    if not isinstance(s, str) or not s:
        raise ValueError("not a string")
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
        d = dt.date.fromisoformat(s)
        return dt.datetime(d.year, d.month, d.day, tzinfo=dt.timezone.utc)
    if not re.match(r"^\d{4}-\d{2}-\d{2}T", s):
        raise ValueError("not an ISO date or instant")
    t = s[:-1] + "+00:00" if s.endswith("Z") else s
    v = dt.datetime.fromisoformat(t)
    if v.tzinfo is None:
        v = v.replace(tzinfo=dt.timezone.utc)
    return v


def offset(s):
    m = OFFSET.match(s)
    if not m:
        return None
    n, unit = int(m.group(1)), m.group(2)
    return dt.timedelta(**{{"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}[unit]: n})


def check_strings(v):
    if isinstance(v, str):
        return bool(v.strip())
    return isinstance(v, list) and len(v) > 0 and all(isinstance(x, str) and x.strip() for x in v)


def check_instant(v, n_messages, err, what):
    if isinstance(v, str) and INDEX.match(v):
        i = int(INDEX.match(v).group(1))
        if not 0 <= i < n_messages:
            err(f"{what}: message index {v} out of range (0..{n_messages - 1})")
        return
    try:
        parse_instant(v)
    except (ValueError, TypeError) as e:
        err(f"{what}: bad instant {v!r} ({e})")


def check_scenario(s, err, ids):
    if not isinstance(s, dict):
        err("scenario is not an object")
        return []
    for f in REQUIRED - s.keys():
        err(f"missing field {f!r}")
    for f in s.keys() - SCENARIO_FIELDS:
        err(f"unknown field {f!r}")
    sid = s.get("id")
    if not isinstance(sid, str) or not sid.startswith(PREFIX):
        err(f"id {sid!r} must be a string starting {PREFIX!r}")
    elif sid in ids:
        err(f"duplicate id {sid!r}")
    else:
        ids.add(sid)
    cat = s.get("category")
    if cat not in CATEGORIES:
        err(f"unknown category {cat!r}")
    if "fast" in s and not isinstance(s["fast"], bool):
        err("fast must be a boolean")
    if not isinstance(s.get("user"), str) or not s.get("user", "").strip():
        err("user must be a non-empty string")

    msgs = s.get("messages")
    times = []
    if not isinstance(msgs, list) or not msgs:
        err("messages must be a non-empty list")
        msgs = []
    prev = None
    for i, m in enumerate(msgs):
        w = f"message {i}"
        if not isinstance(m, dict):
            err(f"{w}: not an object")
            continue
        for f in {"speaker", "content", "time"} - m.keys():
            err(f"{w}: missing {f!r}")
        for f in m.keys() - MESSAGE_FIELDS:
            err(f"{w}: unknown field {f!r}")
        for f in ("speaker", "content"):
            if f in m and (not isinstance(m[f], str) or not m[f].strip()):
                err(f"{w}: {f} must be a non-empty string")
        if "role" in m and m["role"] not in ("user", "assistant"):
            err(f"{w}: role must be 'user' or 'assistant'")
        t = m.get("time")
        cur = None
        if isinstance(t, str) and OFFSET.match(t):
            if prev is None:
                err(f"{w}: first message needs an absolute time, not {t!r}")
            else:
                cur = prev + offset(t)
        else:
            try:
                cur = parse_instant(t)
            except (ValueError, TypeError) as e:
                err(f"{w}: bad time {t!r} ({e})")
        if cur is not None and prev is not None and cur < prev:
            err(f"{w}: time goes back ({cur.isoformat()} < {prev.isoformat()})")
        if cur is not None:
            prev = cur
        times.append(cur)
    speakers = {m.get("speaker") for m in msgs if isinstance(m, dict)}
    if s.get("user") not in speakers:
        err(f"user {s.get('user')!r} never speaks")

    if "ingest_order" in s:
        o = s["ingest_order"]
        if not (isinstance(o, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in o)
                and sorted(o) == list(range(len(msgs)))):
            err(f"ingest_order {o!r} is not a permutation of 0..{len(msgs) - 1}")
        elif o == list(range(len(msgs))) and s.get("category") == "out_of_order":
            err("out_of_order scenario ingested in order")
    if "now" in s:
        try:
            now = parse_instant(s["now"])
            last = max((t for t in times if t is not None), default=None)
            if last is not None and now < last:
                err(f"now {s['now']} is before the last message")
        except (ValueError, TypeError) as e:
            err(f"bad now {s['now']!r} ({e})")

    checks = s.get("checks")
    if not isinstance(checks, list) or not checks:
        err("checks must be a non-empty list")
        return []
    cats = []
    for j, c in enumerate(checks):
        w = f"check {j}"
        if not isinstance(c, dict):
            err(f"{w}: not an object")
            continue
        kind = c.get("kind")
        if kind not in KIND_FIELDS:
            err(f"{w}: unknown kind {kind!r}")
            continue
        req, opt = KIND_FIELDS[kind]
        for f in req - c.keys():
            err(f"{w}: {kind} needs {f!r}")
        for f in c.keys() - req - opt - COMMON_CHECK_FIELDS:
            err(f"{w}: field {f!r} not allowed for {kind}")
        if "contains" not in c and "excludes" not in c:
            err(f"{w}: needs contains and/or excludes")
        for f in ("contains", "excludes"):
            if f in c and not check_strings(c[f]):
                err(f"{w}: {f} must be a non-empty string or list of strings")
        for f in ("subject", "query", "note"):
            if f in c and (not isinstance(c[f], str) or not c[f].strip()):
                err(f"{w}: {f} must be a non-empty string")
        for f in ("valid_at", "known_at"):
            if f in c:
                check_instant(c[f], len(msgs), err, f"{w} {f}")
        if "on" in c:
            if not (isinstance(c["on"], str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", c["on"])):
                err(f"{w}: on must be a YYYY-MM-DD date")
            else:
                try:
                    dt.date.fromisoformat(c["on"])
                except ValueError:
                    err(f"{w}: bad date {c['on']!r}")
        if "top" in c and not (isinstance(c["top"], int) and c["top"] > 0):
            err(f"{w}: top must be a positive integer")
        cc = c.get("category", cat)
        if cc not in CATEGORIES:
            err(f"{w}: unknown category {cc!r}")
        cats.append(cc)
    return cats


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    files = sorted(f for f in os.listdir(folder) if f.endswith(".jsonl"))
    problems = []
    ids = set()
    scen = collections.Counter()
    checks = collections.Counter()
    for name in files:
        with open(os.path.join(folder, name), encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                if not line.strip() or line.lstrip().startswith("//"):
                    continue

                def err(msg, name=name, ln=ln):
                    problems.append(f"{name}:{ln}: {msg}")

                try:
                    s = json.loads(line)
                except json.JSONDecodeError as e:
                    err(f"invalid JSON ({e})")
                    continue
                cats = check_scenario(s, err, ids)
                if isinstance(s, dict):
                    if s.get("category") != name[: -len(".jsonl")]:
                        err(f"category {s.get('category')!r} does not match file {name}")
                    scen[s.get("category")] += 1
                for c in cats:
                    checks[c] += 1
    for c in sorted(CATEGORIES):
        if checks[c] < MIN_CHECKS:
            problems.append(f"category {c}: {checks[c]} checks (< {MIN_CHECKS})")
    print(f"{'category':14s} scenarios checks")
    for c in sorted(CATEGORIES):
        print(f"{c:14s} {scen[c]:9d} {checks[c]:6d}")
    print(f"{'total':14s} {sum(scen.values()):9d} {sum(checks.values()):6d}")
    if problems:
        print(f"\n{len(problems)} problem(s):")
        for p in problems:
            print("  " + p)
        return 1
    print("\nOK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
