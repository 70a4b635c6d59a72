#!/usr/bin/env python3
"""Stand-alone checker for temporal development set 14 (standard library only).

Usage: python3 check.py [DIR]   (default: the folder of this file)
"""
import collections
import datetime as dt
import glob
import json
import os
import re
import sys

CATEGORIES = {"job", "residence", "relationship", "habit_diet", "health", "pet", "possession",
              "role", "preference", "membership", "correction", "third_person", "assistant",
              "plan", "past_ending", "accumulate", "out_of_order", "valid_at", "known_at"}
SCEN_FIELDS = {"id", "category", "fast", "user", "messages", "ingest_order", "now", "checks"}
REQUIRED = {"id", "category", "user", "messages", "checks"}
MSG_FIELDS = {"speaker", "content", "time", "role"}
COMMON = {"kind", "category", "note", "contains", "excludes"}
KINDS = {
    "current": ({"subject"}, set()),
    "held_at": ({"subject", "valid_at"}, set()),
    "believed_at": ({"subject", "known_at"}, {"valid_at"}),
    "upcoming": ({"subject"}, {"on"}),
    "ask": ({"query"}, {"top", "valid_at", "known_at"}),
}
MIN_CHECKS = 8
OFFSET = re.compile(r"^\+(\d+)([mhdw])$")
UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def parse_instant(s):
    if not isinstance(s, str) or not s:
        raise ValueError("not a string: %r" % (s,))
    t = s[:-1] + "+00:00" if s.endswith("Z") else s
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        v = dt.datetime.fromisoformat(t + "T00:00:00")
    else:
        v = dt.datetime.fromisoformat(t)
    if v.tzinfo is None:
        v = v.replace(tzinfo=dt.timezone.utc)
    return v.astimezone(dt.timezone.utc)


def main(folder):
    errors = []
    ids = set()
    per_cat = collections.Counter()
    scen_cat = collections.Counter()
    n_scen = n_checks = 0
    kinds_used = collections.Counter()
    files = sorted(glob.glob(os.path.join(folder, "*.jsonl")))
    if not files:
        errors.append("no .jsonl files in %s" % folder)

    for path in files:
        fname = os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            for ln, line in enumerate(f, 1):
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                where = "%s:%d" % (fname, ln)

                def err(msg):
                    errors.append("%s: %s" % (where, msg))
                try:
                    sc = json.loads(line)
                except json.JSONDecodeError as e:
                    err("bad JSON: %s" % e)
                    continue
                if not isinstance(sc, dict):
                    err("scenario is not an object")
                    continue
                n_scen += 1
                missing = REQUIRED - set(sc)
                if missing:
                    err("missing fields %s" % sorted(missing))
                    continue
                extra = set(sc) - SCEN_FIELDS
                if extra:
                    err("unknown fields %s" % sorted(extra))
                sid = sc["id"]
                where = "%s:%d (%s)" % (fname, ln, sid)
                if not isinstance(sid, str) or not sid.startswith("d14-"):
                    err("id must start with 'd14-'")
                if sid in ids:
                    err("duplicate id")
                ids.add(sid)
                cat = sc["category"]
                if cat not in CATEGORIES:
                    err("unknown category %r" % cat)
                scen_cat[cat] += 1
                if "fast" in sc and not isinstance(sc["fast"], bool):
                    err("fast must be a boolean")
                if not isinstance(sc["user"], str) or not sc["user"]:
                    err("user must be a non-empty string")

                # messages and times
                msgs = sc["messages"]
                if not isinstance(msgs, list) or not msgs:
                    err("messages must be a non-empty list")
                    continue
                times = []
                prev = None
                for i, m in enumerate(msgs):
                    if not isinstance(m, dict):
                        err("message %d is not an object" % i)
                        continue
                    if {"speaker", "content", "time"} - set(m):
                        err("message %d misses speaker/content/time" % i)
                        continue
                    if set(m) - MSG_FIELDS:
                        err("message %d has unknown fields %s" % (i, sorted(set(m) - MSG_FIELDS)))
                    if not isinstance(m["content"], str) or not m["content"].strip():
                        err("message %d has empty content" % i)
                    if not isinstance(m["speaker"], str) or not m["speaker"]:
                        err("message %d has no speaker" % i)
                    if "role" in m and m["role"] not in ("user", "assistant"):
                        err("message %d has bad role %r" % (i, m["role"]))
                    t = m["time"]
                    om = OFFSET.match(t) if isinstance(t, str) else None
                    if om:
                        if prev is None:
                            err("message %d: first message cannot use an offset" % i)
                            continue
                        if int(om.group(1)) <= 0:
                            err("message %d: offset must be positive" % i)
                        cur = prev + dt.timedelta(**{UNITS[om.group(2)]: int(om.group(1))})
                    else:
                        try:
                            cur = parse_instant(t)
                        except ValueError as e:
                            err("message %d: bad time %r (%s)" % (i, t, e))
                            continue
                        if prev is not None and cur < prev:
                            err("message %d: time goes back (%s < %s)" % (i, cur, prev))
                    times.append(cur)
                    prev = cur
                if len(times) != len(msgs):
                    continue
                n = len(msgs)

                # ingest order and learn times (replay clock)
                order = sc.get("ingest_order", list(range(n)))
                if "ingest_order" in sc:
                    if (not isinstance(order, list) or sorted(order) != list(range(n))
                            or not all(isinstance(x, int) for x in order)):
                        err("ingest_order is not a permutation of 0..%d" % (n - 1))
                        order = list(range(n))
                learned = {}
                clock = None
                for idx in order:
                    t = times[idx]
                    if clock is not None and clock >= t:
                        t = clock + dt.timedelta(minutes=1)
                    learned[idx] = t
                    clock = t

                # now
                if "now" in sc:
                    try:
                        now = parse_instant(sc["now"])
                    except ValueError as e:
                        err("bad now %r (%s)" % (sc["now"], e))
                        continue
                    if now < max(learned.values()):
                        err("now %s is before the last message was learned" % now)
                else:
                    now = max(times) + dt.timedelta(hours=1)

                def instant(v, field):
                    if isinstance(v, str) and v.startswith("#"):
                        try:
                            k = int(v[1:])
                        except ValueError:
                            err("%s: bad index %r" % (field, v))
                            return None
                        if not 0 <= k < n:
                            err("%s: index %r out of range (0..%d)" % (field, v, n - 1))
                            return None
                        return learned[k] + dt.timedelta(minutes=1)
                    try:
                        return parse_instant(v)
                    except (ValueError, TypeError) as e:
                        err("%s: bad instant %r (%s)" % (field, v, e))
                        return None

                # checks
                checks = sc["checks"]
                if not isinstance(checks, list) or not checks:
                    err("checks must be a non-empty list")
                    continue
                for j, c in enumerate(checks):
                    cw = "check %d" % j
                    if not isinstance(c, dict) or c.get("kind") not in KINDS:
                        err("%s: unknown kind %r" % (cw, c.get("kind") if isinstance(c, dict) else c))
                        continue
                    n_checks += 1
                    kind = c["kind"]
                    kinds_used[kind] += 1
                    req, opt = KINDS[kind]
                    if req - set(c):
                        err("%s (%s): missing %s" % (cw, kind, sorted(req - set(c))))
                    bad = set(c) - COMMON - req - opt
                    if bad:
                        err("%s (%s): fields not allowed %s" % (cw, kind, sorted(bad)))
                    if "contains" not in c and "excludes" not in c:
                        err("%s: needs contains and/or excludes" % cw)
                    for fld in ("contains", "excludes"):
                        if fld in c:
                            v = c[fld]
                            vals = v if isinstance(v, list) else [v]
                            if not vals or not all(isinstance(x, str) and x.strip() for x in vals):
                                err("%s: %s must be a non-empty string or list of them" % (cw, fld))
                    ccat = c.get("category", cat)
                    if ccat not in CATEGORIES:
                        err("%s: unknown category %r" % (cw, ccat))
                    per_cat[ccat] += 1
                    for fld in ("subject", "query", "note"):
                        if fld in c and (not isinstance(c[fld], str) or not c[fld].strip()):
                            err("%s: %s must be a non-empty string" % (cw, fld))
                    if "top" in c and (not isinstance(c["top"], int) or c["top"] < 1):
                        err("%s: top must be a positive integer" % cw)
                    for fld in ("valid_at", "known_at"):
                        if fld in c:
                            instant(c[fld], "%s %s" % (cw, fld))
                    if kind == "upcoming" and "on" in c:
                        try:
                            day = dt.date.fromisoformat(c["on"])
                        except (ValueError, TypeError):
                            err("%s: 'on' must be a date YYYY-MM-DD, got %r" % (cw, c["on"]))
                        else:
                            if day <= now.date():
                                err("%s: upcoming 'on' %s is not after now %s" % (cw, day, now))

    for k in sorted(CATEGORIES):
        if per_cat[k] < MIN_CHECKS:
            errors.append("category %s has only %d checks (< %d)" % (k, per_cat[k], MIN_CHECKS))
        if scen_cat[k] == 0:
            errors.append("category %s has no scenario" % k)
    for k in KINDS:
        if kinds_used[k] == 0:
            errors.append("check kind %s is never used" % k)

    print("%d files, %d scenarios, %d checks" % (len(files), n_scen, n_checks))
    print("%-14s %9s %7s" % ("category", "scenarios", "checks"))
    for k in sorted(CATEGORIES):
        print("%-14s %9d %7d" % (k, scen_cat[k], per_cat[k]))
    print("kinds: " + ", ".join("%s %d" % (k, kinds_used[k]) for k in KINDS))
    if errors:
        print("\n%d problem(s):" % len(errors))
        for e in errors:
            print("  " + e)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))))
