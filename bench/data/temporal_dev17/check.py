#!/usr/bin/env python3
"""Stand-alone checker for temporal development set 17 (standard library only).

Usage: python3 check.py [DIR]   (default: the folder of this file)
"""
import json, os, re, sys
from collections import Counter
from datetime import datetime, timedelta, timezone

CATS = {"job", "residence", "relationship", "habit_diet", "health", "pet", "possession", "role",
        "preference", "membership", "correction", "third_person", "assistant", "plan",
        "past_ending", "accumulate", "out_of_order", "valid_at", "known_at"}
SCEN_FIELDS = {"id", "category", "fast", "user", "messages", "ingest_order", "now", "checks"}
REQ = {"id", "category", "user", "messages", "checks"}
MSG_FIELDS = {"speaker", "content", "time", "role"}
COMMON = {"kind", "category", "note", "contains", "excludes"}
KINDS = {"current": ({"subject"}, set()),
         "held_at": ({"subject", "valid_at"}, set()),
         "believed_at": ({"subject", "known_at"}, {"valid_at"}),
         "upcoming": ({"subject"}, {"on"}),
         "ask": ({"query"}, {"top", "valid_at", "known_at"})}
OFFSET = re.compile(r"^\+(\d+)([mhdw])$")
MIN_CHECKS = 8
errors = []


def err(where, msg):
    errors.append("%s: %s" % (where, msg))


def parse_instant(s):
    s = s.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
        return datetime.strptime(s, "%Y-%m-%d").replace(tzinfo=timezone.utc)
    t = s[:-1] + "+00:00" if s.endswith("Z") else s
    d = datetime.fromisoformat(t)
    if d.tzinfo is None:
        d = d.replace(tzinfo=timezone.utc)
    return d


def msg_time(t, prev):
    m = OFFSET.match(t)
    if m:
        if prev is None:
            raise ValueError("offset on the first message")
        n, u = int(m.group(1)), m.group(2)
        if n <= 0:
            raise ValueError("offset must be positive")
        delta = {"m": timedelta(minutes=n), "h": timedelta(hours=n),
                 "d": timedelta(days=n), "w": timedelta(weeks=n)}[u]
        return prev + delta
    return parse_instant(t)


def strings_ok(v):
    if isinstance(v, str):
        return bool(v.strip())
    return isinstance(v, list) and len(v) > 0 and all(isinstance(x, str) and x.strip() for x in v)


def check_instant(where, v, n_msgs):
    if not isinstance(v, str):
        err(where, "instant must be a string")
        return
    if v.startswith("#"):
        if not re.fullmatch(r"#\d+", v) or not (0 <= int(v[1:]) < n_msgs):
            err(where, "index %s out of range (0..%d)" % (v, n_msgs - 1))
        return
    try:
        parse_instant(v)
    except Exception:
        err(where, "bad instant %r" % v)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    files = sorted(f for f in os.listdir(folder) if f.endswith(".jsonl"))
    if not files:
        err(folder, "no .jsonl files")
    ids = set()
    n_scen = Counter()
    n_checks = Counter()
    kinds = Counter()
    for fn in files:
        with open(os.path.join(folder, fn), encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                where = "%s:%d" % (fn, ln)
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                try:
                    s = json.loads(line)
                except Exception as e:
                    err(where, "bad json: %s" % e)
                    continue
                if not isinstance(s, dict):
                    err(where, "not an object")
                    continue
                for k in REQ - set(s):
                    err(where, "missing field %s" % k)
                for k in set(s) - SCEN_FIELDS:
                    err(where, "unknown field %s" % k)
                sid = s.get("id", "?")
                where = "%s:%d %s" % (fn, ln, sid)
                if not isinstance(sid, str) or not sid.startswith("d17-"):
                    err(where, "id must start with d17-")
                if sid in ids:
                    err(where, "duplicate id")
                ids.add(sid)
                cat = s.get("category")
                if cat not in CATS:
                    err(where, "bad category %r" % cat)
                if "fast" in s and not isinstance(s["fast"], bool):
                    err(where, "fast must be a bool")
                if not isinstance(s.get("user"), str) or not s.get("user"):
                    err(where, "user must be a non-empty string")
                msgs = s.get("messages") or []
                if not isinstance(msgs, list) or not msgs:
                    err(where, "messages must be a non-empty list")
                    msgs = []
                prev = None
                times = []
                for i, m in enumerate(msgs):
                    w = "%s msg %d" % (where, i)
                    if not isinstance(m, dict):
                        err(w, "not an object")
                        continue
                    for k in ("speaker", "content", "time"):
                        if not isinstance(m.get(k), str) or not m.get(k).strip():
                            err(w, "missing/empty %s" % k)
                    for k in set(m) - MSG_FIELDS:
                        err(w, "unknown field %s" % k)
                    if "role" in m and m["role"] not in ("user", "assistant"):
                        err(w, "bad role")
                    try:
                        t = msg_time(m.get("time", ""), prev)
                    except Exception as e:
                        err(w, "bad time %r: %s" % (m.get("time"), e))
                        continue
                    if prev is not None and t < prev:
                        err(w, "time goes back (%s < %s)" % (t, prev))
                    prev = t
                    times.append(t)
                n = len(msgs)
                if "ingest_order" in s:
                    io = s["ingest_order"]
                    if not isinstance(io, list) or sorted(io) != list(range(n)):
                        err(where, "ingest_order is not a permutation of 0..%d" % (n - 1))
                now = prev + timedelta(hours=1) if prev else None
                if "now" in s:
                    try:
                        now = parse_instant(s["now"])
                    except Exception:
                        err(where, "bad now %r" % s.get("now"))
                    else:
                        if prev is not None and now < prev:
                            err(where, "now is before the last message")
                checks = s.get("checks")
                if not isinstance(checks, list) or not checks:
                    err(where, "checks must be a non-empty list")
                    checks = []
                n_scen[cat] += 1
                for j, c in enumerate(checks):
                    w = "%s check %d" % (where, j)
                    if not isinstance(c, dict):
                        err(w, "not an object")
                        continue
                    kind = c.get("kind")
                    if kind not in KINDS:
                        err(w, "bad kind %r" % kind)
                        continue
                    kinds[kind] += 1
                    req, opt = KINDS[kind]
                    for k in req - set(c):
                        err(w, "missing %s" % k)
                    for k in set(c) - req - opt - COMMON:
                        err(w, "field %s not allowed for %s" % (k, kind))
                    if "contains" not in c and "excludes" not in c:
                        err(w, "needs contains and/or excludes")
                    for k in ("contains", "excludes"):
                        if k in c and not strings_ok(c[k]):
                            err(w, "%s must be a string or non-empty list of strings" % k)
                    if "subject" in c and (not isinstance(c["subject"], str) or not c["subject"]):
                        err(w, "bad subject")
                    if "query" in c and (not isinstance(c["query"], str) or not c["query"].strip()):
                        err(w, "bad query")
                    if "top" in c and (not isinstance(c["top"], int) or c["top"] < 1):
                        err(w, "bad top")
                    for k in ("valid_at", "known_at"):
                        if k in c:
                            check_instant("%s %s" % (w, k), c[k], n)
                    if "on" in c:
                        try:
                            day = datetime.strptime(c["on"], "%Y-%m-%d").date()
                        except Exception:
                            err(w, "on must be a date YYYY-MM-DD")
                        else:
                            if now is not None and day <= now.date():
                                err(w, "upcoming on %s is not after now %s" % (c["on"], now))
                    ccat = c.get("category", cat)
                    if ccat not in CATS:
                        err(w, "bad check category %r" % ccat)
                    n_checks[ccat] += 1
    for k in sorted(CATS):
        if n_checks[k] < MIN_CHECKS:
            err("category %s" % k, "only %d checks (need %d)" % (n_checks[k], MIN_CHECKS))
    for k in KINDS:
        if not kinds[k]:
            err("kinds", "kind %s never used" % k)
    print("%-14s %9s %6s" % ("category", "scenarios", "checks"))
    for k in sorted(CATS):
        print("%-14s %9d %6d" % (k, n_scen[k], n_checks[k]))
    print("%-14s %9d %6d" % ("total", sum(n_scen.values()), sum(n_checks.values())))
    print("kinds: " + ", ".join("%s %d" % (k, kinds[k]) for k in KINDS))
    if errors:
        for e in errors:
            print("ERROR " + e)
        print("FAIL: %d error(s)" % len(errors))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
