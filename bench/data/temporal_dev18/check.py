#!/usr/bin/env python3
"""Stand-alone checker for temporal development set 18 (standard library only).

Usage: python3 check.py [DIR]   (default: the folder this file is in)
Exits 0 when every scenario is well formed, 1 otherwise.
"""
import collections
import datetime as dt
import glob
import json
import os
import re
import sys

CATEGORIES = {
    "job", "residence", "relationship", "habit_diet", "health", "pet", "possession", "role",
    "preference", "membership", "correction", "third_person", "assistant", "plan",
    "past_ending", "accumulate", "out_of_order", "valid_at", "known_at",
}
SCENARIO_REQUIRED = {"id", "category", "user", "messages", "checks"}
SCENARIO_ALLOWED = SCENARIO_REQUIRED | {"fast", "ingest_order", "now"}
MESSAGE_REQUIRED = {"speaker", "content", "time"}
MESSAGE_ALLOWED = MESSAGE_REQUIRED | {"role"}
COMMON = {"kind", "category", "note", "contains", "excludes"}
KINDS = {
    "current": ({"subject"}, set()),
    "held_at": ({"subject", "valid_at"}, set()),
    "believed_at": ({"subject", "known_at"}, {"valid_at"}),
    "upcoming": ({"subject"}, {"on"}),
    "ask": ({"query"}, {"top", "valid_at", "known_at"}),
}
OFFSET = re.compile(r"^\+(\d+)([mhdw])$")
UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
MIN_CHECKS_PER_CATEGORY = 8


def parse_instant(s):
    """ISO date or instant; UTC when no offset; a date means midnight."""
    if not isinstance(s, str) or not s:
        raise ValueError("not a string")
    t = s.strip()
    if t.endswith("Z") or t.endswith("z"):
        t = t[:-1] + "+00:00"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        d = dt.datetime.fromisoformat(t + "T00:00")
    else:
        d = dt.datetime.fromisoformat(t)
    if d.tzinfo is None:
        d = d.replace(tzinfo=dt.timezone.utc)
    return d.astimezone(dt.timezone.utc)


def str_or_list(v):
    if isinstance(v, str):
        return bool(v.strip())
    return isinstance(v, list) and len(v) > 0 and all(isinstance(x, str) and x.strip() for x in v)


def main(folder):
    errors = []
    ids = set()
    n_scen = 0
    sc_by_cat = collections.Counter()
    ck_by_cat = collections.Counter()
    kinds = collections.Counter()
    files = sorted(glob.glob(os.path.join(folder, "*.jsonl")))
    if not files:
        errors.append("no .jsonl files in " + folder)
    for path in files:
        fname = os.path.basename(path)
        with open(path, encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                where = f"{fname}:{lineno}"

                def err(msg):
                    errors.append(f"{where}: {msg}")

                try:
                    s = json.loads(line)
                except json.JSONDecodeError as e:
                    err(f"bad JSON: {e}")
                    continue
                if not isinstance(s, dict):
                    err("line is not an object")
                    continue
                n_scen += 1
                missing = SCENARIO_REQUIRED - s.keys()
                if missing:
                    err(f"missing fields {sorted(missing)}")
                    continue
                extra = s.keys() - SCENARIO_ALLOWED
                if extra:
                    err(f"unknown fields {sorted(extra)}")
                sid = s["id"]
                where = f"{fname}:{lineno} ({sid})"
                if not isinstance(sid, str) or not sid.startswith("d18-"):
                    err("id must be a string starting with 'd18-'")
                if sid in ids:
                    err("duplicate id")
                ids.add(sid)
                cat = s["category"]
                if cat not in CATEGORIES:
                    err(f"unknown category {cat!r}")
                elif fname != cat + ".jsonl":
                    err(f"category {cat!r} in file {fname}")
                sc_by_cat[cat] += 1
                if "fast" in s and not isinstance(s["fast"], bool):
                    err("fast must be a boolean")
                if not isinstance(s["user"], str) or not s["user"].strip():
                    err("user must be a non-empty string")
                msgs = s["messages"]
                if not isinstance(msgs, list) or not msgs:
                    err("messages must be a non-empty list")
                    continue
                times = []
                prev = None
                speakers = set()
                for i, m in enumerate(msgs):
                    if not isinstance(m, dict):
                        err(f"message {i} is not an object")
                        continue
                    mm = MESSAGE_REQUIRED - m.keys()
                    if mm:
                        err(f"message {i} missing {sorted(mm)}")
                        continue
                    if m.keys() - MESSAGE_ALLOWED:
                        err(f"message {i} unknown fields {sorted(m.keys() - MESSAGE_ALLOWED)}")
                    if "role" in m and m["role"] not in ("user", "assistant"):
                        err(f"message {i} bad role {m['role']!r}")
                    for f in ("speaker", "content"):
                        if not isinstance(m[f], str) or not m[f].strip():
                            err(f"message {i} empty {f}")
                    speakers.add(m["speaker"])
                    t = m["time"]
                    om = OFFSET.match(t) if isinstance(t, str) else None
                    if om:
                        if prev is None:
                            err(f"message {i}: first message needs an absolute time")
                            continue
                        cur = prev + dt.timedelta(**{UNITS[om.group(2)]: int(om.group(1))})
                    else:
                        try:
                            cur = parse_instant(t)
                        except (ValueError, TypeError):
                            err(f"message {i}: bad time {t!r}")
                            continue
                        if prev is not None and cur < prev:
                            err(f"message {i}: time {t} goes back before {prev.isoformat()}")
                    times.append(cur)
                    prev = cur
                if len(times) != len(msgs):
                    continue
                if s["user"] not in speakers:
                    err(f"user {s['user']!r} never speaks")
                n = len(msgs)
                order = s.get("ingest_order", list(range(n)))
                if "ingest_order" in s:
                    if not (isinstance(order, list) and all(isinstance(x, int) for x in order)
                            and sorted(order) == list(range(n))):
                        err(f"ingest_order is not a permutation of 0..{n - 1}")
                        order = list(range(n))
                # replay clock: when each message is learned
                learned = [None] * n
                clock = None
                for idx in order:
                    t = times[idx]
                    if clock is not None and t <= clock:
                        t = clock + dt.timedelta(minutes=1)
                    learned[idx] = t
                    clock = t
                last = max(times)
                if "now" in s:
                    try:
                        now = parse_instant(s["now"])
                    except (ValueError, TypeError):
                        err(f"bad now {s['now']!r}")
                        now = last + dt.timedelta(hours=1)
                    else:
                        if now < last:
                            err(f"now {s['now']} is before the last message")
                        if now < clock:
                            err(f"now {s['now']} is before the replay clock {clock.isoformat()}")
                else:
                    now = max(last + dt.timedelta(hours=1), clock)

                def instant(v, label):
                    if isinstance(v, str) and v.startswith("#"):
                        try:
                            k = int(v[1:])
                        except ValueError:
                            err(f"{label}: bad index {v!r}")
                            return None
                        if not 0 <= k < n:
                            err(f"{label}: index {v} out of range 0..{n - 1}")
                            return None
                        return learned[k] + dt.timedelta(minutes=1)
                    try:
                        return parse_instant(v)
                    except (ValueError, TypeError):
                        err(f"{label}: bad instant {v!r}")
                        return None

                checks = s["checks"]
                if not isinstance(checks, list) or not checks:
                    err("checks must be a non-empty list")
                    continue
                for j, c in enumerate(checks):
                    label = f"check {j}"
                    if not isinstance(c, dict) or c.get("kind") not in KINDS:
                        err(f"{label}: unknown kind {c.get('kind') if isinstance(c, dict) else c!r}")
                        continue
                    kind = c["kind"]
                    kinds[kind] += 1
                    req, opt = KINDS[kind]
                    if req - c.keys():
                        err(f"{label} ({kind}): missing {sorted(req - c.keys())}")
                    bad = c.keys() - (COMMON | req | opt)
                    if bad:
                        err(f"{label} ({kind}): fields not allowed {sorted(bad)}")
                    if "contains" not in c and "excludes" not in c:
                        err(f"{label}: needs contains and/or excludes")
                    for f in ("contains", "excludes"):
                        if f in c and not str_or_list(c[f]):
                            err(f"{label}: {f} must be a non-empty string or list of strings")
                    for f in ("subject", "query", "note"):
                        if f in c and (not isinstance(c[f], str) or not c[f].strip()):
                            err(f"{label}: {f} must be a non-empty string")
                    ccat = c.get("category", cat)
                    if ccat not in CATEGORIES:
                        err(f"{label}: unknown category {ccat!r}")
                    ck_by_cat[ccat] += 1
                    if "top" in c and (not isinstance(c["top"], int) or c["top"] < 1):
                        err(f"{label}: top must be a positive integer")
                    for f in ("valid_at", "known_at"):
                        if f in c:
                            t = instant(c[f], f"{label} {f}")
                            if f == "known_at" and t is not None and t > now + dt.timedelta(minutes=1):
                                err(f"{label}: known_at {c[f]} is after now")
                    if kind == "upcoming" and "on" in c:
                        try:
                            on = dt.date.fromisoformat(c["on"])
                        except (ValueError, TypeError):
                            err(f"{label}: on must be a date YYYY-MM-DD")
                        else:
                            if on <= now.date():
                                err(f"{label}: upcoming on {on} is not after now {now.isoformat()}")
    for c in sorted(CATEGORIES):
        if ck_by_cat[c] < MIN_CHECKS_PER_CATEGORY:
            errors.append(f"category {c}: only {ck_by_cat[c]} checks (< {MIN_CHECKS_PER_CATEGORY})")
        if sc_by_cat[c] == 0:
            errors.append(f"category {c}: no scenario file content")
    print(f"{'category':<14} {'scenarios':>9} {'checks':>7}")
    for c in sorted(CATEGORIES):
        print(f"{c:<14} {sc_by_cat[c]:>9} {ck_by_cat[c]:>7}")
    print(f"{'total':<14} {n_scen:>9} {sum(ck_by_cat.values()):>7}")
    print("kinds: " + ", ".join(f"{k}={kinds[k]}" for k in sorted(KINDS)))
    for k in KINDS:
        if kinds[k] == 0:
            errors.append(f"check kind {k} never used")
    if errors:
        print(f"\n{len(errors)} problem(s):")
        for e in errors:
            print("  " + e)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))))
