#!/usr/bin/env python3
"""Stand-alone checker for the temporal_dev21 scenario files (standard library only).

Usage: python3 check.py [DIR]   (default: the folder this file is in)
Exit status 0 when every file is well formed, 1 otherwise.
"""
import collections
import json
import os
import re
import sys
from datetime import datetime, timedelta, timezone

CATEGORIES = {
    "job", "residence", "relationship", "habit_diet", "health", "pet", "possession", "role",
    "preference", "membership", "correction", "third_person", "assistant", "plan",
    "past_ending", "accumulate", "out_of_order", "valid_at", "known_at",
}
SCENARIO_FIELDS = {"id", "category", "fast", "user", "messages", "ingest_order", "now", "checks"}
REQUIRED = {"id", "category", "user", "messages", "checks"}
MESSAGE_FIELDS = {"speaker", "content", "time", "role"}
COMMON = {"kind", "category", "note", "contains", "excludes"}
KINDS = {
    "current": ({"subject"}, set()),
    "held_at": ({"subject", "valid_at"}, set()),
    "believed_at": ({"subject", "known_at"}, {"valid_at"}),
    "upcoming": ({"subject"}, {"on"}),
    "ask": ({"query"}, {"top", "valid_at", "known_at"}),
}
MIN_CHECKS_PER_CATEGORY = 8
PREFIX = "d21-"
OFFSET = re.compile(r"^\+(\d+)([mhdw])$")
UNIT = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def parse_instant(text):
    """ISO date or instant; UTC when no offset; a bare date is midnight UTC."""
    if not isinstance(text, str) or not text:
        raise ValueError("not a string: %r" % (text,))
    t = text.strip()
    if t.endswith("Z") or t.endswith("z"):
        t = t[:-1] + "+00:00"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        t += "T00:00:00+00:00"
    dt = datetime.fromisoformat(t)
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)


def main(folder):
    errors = []
    ids = set()
    per_cat = collections.Counter()
    scen_cat = collections.Counter()
    n_scen = n_checks = 0
    kinds_seen = collections.Counter()
    files = sorted(f for f in os.listdir(folder) if f.endswith(".jsonl"))
    if not files:
        errors.append("no .jsonl files in %s" % folder)
    for fname in files:
        path = os.path.join(folder, fname)
        with open(path, encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                where = "%s:%d" % (fname, lineno)
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                try:
                    sc = json.loads(line)
                except json.JSONDecodeError as e:
                    errors.append("%s: bad JSON: %s" % (where, e))
                    continue
                if not isinstance(sc, dict):
                    errors.append("%s: not an object" % where)
                    continue
                where = "%s (%s)" % (where, sc.get("id"))
                err = lambda msg: errors.append("%s: %s" % (where, msg))
                n_scen += 1
                missing = REQUIRED - sc.keys()
                if missing:
                    err("missing fields %s" % sorted(missing))
                    continue
                extra = sc.keys() - SCENARIO_FIELDS
                if extra:
                    err("unknown fields %s" % sorted(extra))
                sid = sc["id"]
                if not isinstance(sid, str) or not sid.startswith(PREFIX):
                    err("id must start with %r" % PREFIX)
                if sid in ids:
                    err("duplicate id")
                ids.add(sid)
                cat = sc["category"]
                if cat not in CATEGORIES:
                    err("unknown category %r" % cat)
                scen_cat[cat] += 1
                if os.path.splitext(fname)[0] != cat:
                    err("scenario category %r in file %s" % (cat, fname))
                if "fast" in sc and not isinstance(sc["fast"], bool):
                    err("fast must be a boolean")
                if not isinstance(sc["user"], str) or not sc["user"].strip():
                    err("user must be a non-empty string")
                msgs = sc["messages"]
                if not isinstance(msgs, list) or not msgs:
                    err("messages must be a non-empty list")
                    continue
                # message times: absolute or offsets, never going back
                times = []
                prev = None
                user_spoke = False
                for i, m in enumerate(msgs):
                    if not isinstance(m, dict):
                        err("message %d is not an object" % i)
                        times.append(prev)
                        continue
                    for f in ("speaker", "content", "time"):
                        if not isinstance(m.get(f), str) or not m.get(f).strip():
                            err("message %d: missing or empty %s" % (i, f))
                    if m.keys() - MESSAGE_FIELDS:
                        err("message %d: unknown fields %s" % (i, sorted(m.keys() - MESSAGE_FIELDS)))
                    if "role" in m and m["role"] not in ("user", "assistant"):
                        err("message %d: bad role %r" % (i, m["role"]))
                    if m.get("speaker") == sc["user"]:
                        user_spoke = True
                    t = m.get("time", "")
                    mo = OFFSET.match(t) if isinstance(t, str) else None
                    try:
                        if mo:
                            if prev is None:
                                raise ValueError("first message cannot use an offset")
                            cur = prev + timedelta(**{UNIT[mo.group(2)]: int(mo.group(1))})
                        else:
                            cur = parse_instant(t)
                    except Exception as e:  # noqa: BLE001
                        err("message %d: bad time %r (%s)" % (i, t, e))
                        cur = prev
                    if prev is not None and cur is not None and cur < prev:
                        err("message %d: time goes back (%s < %s)" % (i, cur, prev))
                    times.append(cur)
                    if cur is not None:
                        prev = cur
                if not user_spoke:
                    err("the user %r never speaks" % sc["user"])
                last = prev
                # ingest order
                n = len(msgs)
                order = sc.get("ingest_order", list(range(n)))
                if not isinstance(order, list) or sorted(order) != list(range(n)) \
                        or not all(isinstance(x, int) and not isinstance(x, bool) for x in order):
                    err("ingest_order is not a permutation of 0..%d" % (n - 1))
                    order = list(range(n))
                # learned instants (replay clock)
                learned = [None] * n
                clock = None
                for idx in order:
                    t = times[idx]
                    if t is None:
                        continue
                    if clock is not None and clock >= t:
                        t = clock + timedelta(minutes=1)
                    learned[idx] = t
                    clock = t
                # now
                if "now" in sc:
                    try:
                        now = parse_instant(sc["now"])
                    except Exception as e:  # noqa: BLE001
                        err("bad now %r (%s)" % (sc["now"], e))
                        now = None
                else:
                    now = (last + timedelta(hours=1)) if last else None
                if now is not None and last is not None and now < last:
                    err("now %s is before the last message %s" % (now, last))
                if now is not None and clock is not None and now < clock:
                    err("now %s is before the replay clock %s" % (now, clock))

                def instant(value, what):
                    if isinstance(value, str) and value.startswith("#"):
                        try:
                            k = int(value[1:])
                        except ValueError:
                            err("%s: bad index %r" % (what, value))
                            return None
                        if not 0 <= k < n:
                            err("%s: index %r out of range (0..%d)" % (what, value, n - 1))
                            return None
                        return learned[k] + timedelta(minutes=1) if learned[k] else None
                    try:
                        return parse_instant(value)
                    except Exception as e:  # noqa: BLE001
                        err("%s: bad instant %r (%s)" % (what, value, e))
                        return None

                checks = sc["checks"]
                if not isinstance(checks, list) or not checks:
                    err("checks must be a non-empty list")
                    continue
                for j, c in enumerate(checks):
                    what = "check %d" % j
                    n_checks += 1
                    if not isinstance(c, dict):
                        err("%s: not an object" % what)
                        continue
                    kind = c.get("kind")
                    if kind not in KINDS:
                        err("%s: unknown kind %r" % (what, kind))
                        continue
                    kinds_seen[kind] += 1
                    req, opt = KINDS[kind]
                    allowed = COMMON | req | opt
                    if c.keys() - allowed:
                        err("%s (%s): fields not allowed %s" % (what, kind, sorted(c.keys() - allowed)))
                    if req - c.keys():
                        err("%s (%s): missing %s" % (what, kind, sorted(req - c.keys())))
                    if "contains" not in c and "excludes" not in c:
                        err("%s: needs contains and/or excludes" % what)
                    for f in ("contains", "excludes"):
                        if f in c:
                            v = c[f]
                            vals = v if isinstance(v, list) else [v]
                            if not vals or not all(isinstance(x, str) and x.strip() for x in vals):
                                err("%s: %s must be a non-empty string or list of strings" % (what, f))
                    for f in ("subject", "query"):
                        if f in c and (not isinstance(c[f], str) or not c[f].strip()):
                            err("%s: %s must be a non-empty string" % (what, f))
                    if "top" in c and (not isinstance(c["top"], int) or c["top"] < 1):
                        err("%s: top must be a positive integer" % what)
                    if "note" in c and not isinstance(c["note"], str):
                        err("%s: note must be a string" % what)
                    ccat = c.get("category", cat)
                    if ccat not in CATEGORIES:
                        err("%s: unknown category %r" % (what, ccat))
                    per_cat[ccat] += 1
                    at = {}
                    for f in ("valid_at", "known_at"):
                        if f in c:
                            at[f] = instant(c[f], "%s.%s" % (what, f))
                    if kind == "believed_at" and now is not None:
                        k = at.get("known_at")
                        if k is not None and k > now + timedelta(minutes=1):
                            err("%s: known_at %s is after now %s" % (what, k, now))
                    if "on" in c:
                        on = c["on"]
                        if not isinstance(on, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", on):
                            err("%s: on must be a YYYY-MM-DD date" % what)
                        else:
                            try:
                                d = parse_instant(on)
                                if now is not None and d.date() <= now.date():
                                    err("%s: upcoming on %s is not after now %s" % (what, on, now))
                            except ValueError as e:
                                err("%s: bad on %r (%s)" % (what, on, e))
    for cat in sorted(CATEGORIES):
        if per_cat[cat] < MIN_CHECKS_PER_CATEGORY:
            errors.append("category %s has %d checks (< %d)" % (cat, per_cat[cat], MIN_CHECKS_PER_CATEGORY))
    for kind in KINDS:
        if not kinds_seen[kind]:
            errors.append("check kind %s is never used" % kind)
    print("%d files, %d scenarios, %d checks" % (len(files), n_scen, n_checks))
    print("%-14s %9s %7s" % ("category", "scenarios", "checks"))
    for cat in sorted(CATEGORIES):
        print("%-14s %9d %7d" % (cat, scen_cat[cat], per_cat[cat]))
    print("kinds: " + ", ".join("%s %d" % (k, kinds_seen[k]) for k in KINDS))
    if errors:
        print("\n%d problem(s):" % len(errors))
        for e in errors:
            print("  " + e)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))))
