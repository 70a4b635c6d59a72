#!/usr/bin/env python3
"""Stand-alone checker for the temporal_dev19 scenario files (standard library only).

Usage: python3 check.py [DIR]   (default: the folder this file is in)
"""
import collections, datetime as dt, glob, json, os, re, sys

CATS = {"job", "residence", "relationship", "habit_diet", "health", "pet", "possession", "role",
        "preference", "membership", "correction", "third_person", "assistant", "plan",
        "past_ending", "accumulate", "out_of_order", "valid_at", "known_at"}
COMMON = {"kind", "category", "note", "contains", "excludes"}
KINDS = {
    "current": ({"subject"}, set()),
    "held_at": ({"subject", "valid_at"}, set()),
    "believed_at": ({"subject", "known_at"}, {"valid_at"}),
    "upcoming": ({"subject"}, {"on"}),
    "ask": ({"query"}, {"top", "valid_at", "known_at"}),
}
SCEN_FIELDS = {"id", "category", "fast", "user", "messages", "ingest_order", "now", "checks"}
MSG_FIELDS = {"speaker", "content", "time", "role"}
OFFSET = re.compile(r"^\+(\d+)([mhdw])$")
UNIT = {"m": 60, "h": 3600, "d": 86400, "w": 604800}
MIN_CHECKS = 8

def parse_instant(s):
    if not isinstance(s, str):
        raise ValueError("not a string: %r" % (s,))
    t = s.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        return dt.datetime.fromisoformat(t).replace(tzinfo=dt.timezone.utc)
    if t.endswith("Z"):
        t = t[:-1] + "+00:00"
    d = dt.datetime.fromisoformat(t)
    if d.tzinfo is None:
        d = d.replace(tzinfo=dt.timezone.utc)
    return d

def strlist(v):
    if isinstance(v, str):
        return [v] if v.strip() else None
    if isinstance(v, list) and v and all(isinstance(x, str) and x.strip() for x in v):
        return v
    return None

def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    errors, ids = [], set()
    nscen = collections.Counter()
    nchk = collections.Counter()
    files = sorted(glob.glob(os.path.join(folder, "*.jsonl")))
    if not files:
        errors.append("no .jsonl files in %s" % folder)
    for path in files:
        fname = os.path.basename(path)
        for ln, line in enumerate(open(path, encoding="utf-8"), 1):
            if not line.strip() or line.lstrip().startswith("//"):
                continue
            where = "%s:%d" % (fname, ln)
            def err(msg):
                errors.append("%s: %s" % (where, msg))
            try:
                s = json.loads(line)
            except json.JSONDecodeError as e:
                err("bad JSON: %s" % e); continue
            if not isinstance(s, dict):
                err("line is not an object"); continue
            for f in ("id", "category", "user", "messages", "checks"):
                if f not in s:
                    err("missing field %s" % f)
            extra = set(s) - SCEN_FIELDS
            if extra:
                err("unknown fields %s" % sorted(extra))
            sid = s.get("id")
            if not isinstance(sid, str) or not sid.startswith("d19-"):
                err("id %r lacks prefix d19-" % (sid,))
            elif sid in ids:
                err("duplicate id %s" % sid)
            ids.add(sid)
            where = "%s:%d (%s)" % (fname, ln, sid)
            cat = s.get("category")
            if cat not in CATS:
                err("bad category %r" % (cat,))
            if fname != "%s.jsonl" % cat:
                err("scenario of category %s in file %s" % (cat, fname))
            if "fast" in s and not isinstance(s["fast"], bool):
                err("fast must be a boolean")
            if not isinstance(s.get("user"), str) or not s.get("user"):
                err("user must be a non-empty string")
            msgs = s.get("messages")
            times = []
            if not isinstance(msgs, list) or not msgs:
                err("messages must be a non-empty list"); msgs = []
            prev = None
            for i, m in enumerate(msgs):
                if not isinstance(m, dict):
                    err("message %d not an object" % i); continue
                for f in ("speaker", "content", "time"):
                    if not isinstance(m.get(f), str) or not m.get(f):
                        err("message %d: missing/empty %s" % (i, f))
                if set(m) - MSG_FIELDS:
                    err("message %d: unknown fields %s" % (i, sorted(set(m) - MSG_FIELDS)))
                if "role" in m and m["role"] not in ("user", "assistant"):
                    err("message %d: bad role %r" % (i, m["role"]))
                t = m.get("time", "")
                mo = OFFSET.match(t) if isinstance(t, str) else None
                try:
                    if mo:
                        if prev is None:
                            raise ValueError("first message uses an offset")
                        cur = prev + dt.timedelta(seconds=int(mo.group(1)) * UNIT[mo.group(2)])
                    else:
                        cur = parse_instant(t)
                except Exception as e:
                    err("message %d: bad time %r (%s)" % (i, t, e)); cur = prev
                if prev is not None and cur is not None and cur < prev:
                    err("message %d: time goes back (%s < %s)" % (i, cur, prev))
                times.append(cur)
                prev = cur
            n = len(msgs)
            last = times[-1] if times and times[-1] else None
            now = None
            if "now" in s:
                try:
                    now = parse_instant(s["now"])
                except Exception as e:
                    err("bad now %r (%s)" % (s["now"], e))
                if now and last and now < last:
                    err("now %s is before the last message %s" % (now, last))
            elif last:
                now = last + dt.timedelta(hours=1)
            if "ingest_order" in s:
                order = s["ingest_order"]
                if not isinstance(order, list) or sorted(order) != list(range(n)) or not all(isinstance(x, int) for x in order):
                    err("ingest_order is not a permutation of 0..%d" % (n - 1))
            checks = s.get("checks")
            if not isinstance(checks, list) or not checks:
                err("checks must be a non-empty list"); checks = []
            nscen[cat] += 1
            for j, c in enumerate(checks):
                cw = "check %d" % j
                if not isinstance(c, dict):
                    err("%s not an object" % cw); continue
                kind = c.get("kind")
                if kind not in KINDS:
                    err("%s: bad kind %r" % (cw, kind)); continue
                req, opt = KINDS[kind]
                for f in req:
                    if f not in c:
                        err("%s (%s): missing %s" % (cw, kind, f))
                bad = set(c) - COMMON - req - opt
                if bad:
                    err("%s (%s): fields not allowed %s" % (cw, kind, sorted(bad)))
                if "contains" not in c and "excludes" not in c:
                    err("%s: needs contains and/or excludes" % cw)
                for f in ("contains", "excludes"):
                    if f in c and strlist(c[f]) is None:
                        err("%s: %s must be a non-empty string or list of strings" % (cw, f))
                for f in ("subject", "query"):
                    if f in c and (not isinstance(c[f], str) or not c[f].strip()):
                        err("%s: %s must be a non-empty string" % (cw, f))
                ccat = c.get("category", cat)
                if ccat not in CATS:
                    err("%s: bad category %r" % (cw, ccat))
                nchk[ccat] += 1
                if "top" in c and (not isinstance(c["top"], int) or c["top"] < 1):
                    err("%s: top must be a positive integer" % cw)
                for f in ("valid_at", "known_at", "on"):
                    if f not in c:
                        continue
                    v = c[f]
                    if isinstance(v, str) and v.startswith("#"):
                        if f == "on":
                            err("%s: on must be a date" % cw); continue
                        try:
                            k = int(v[1:])
                        except ValueError:
                            err("%s: bad index %r" % (cw, v)); continue
                        if not 0 <= k < n:
                            err("%s: %s index %s out of range (0..%d)" % (cw, f, v, n - 1))
                        continue
                    try:
                        d = parse_instant(v)
                    except Exception as e:
                        err("%s: bad %s %r (%s)" % (cw, f, v, e)); continue
                    if f == "on":
                        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
                            err("%s: on must be a YYYY-MM-DD day" % cw)
                        elif now and d.date() <= now.date():
                            err("%s: upcoming on %s is not after now %s" % (cw, v, now.date()))
                    if f == "known_at" and now and d > now:
                        err("%s: known_at %s is after now" % (cw, v))
    for cat in sorted(CATS):
        if nchk[cat] < MIN_CHECKS:
            errors.append("category %s has %d checks (< %d)" % (cat, nchk[cat], MIN_CHECKS))
        if nscen[cat] == 0:
            errors.append("category %s has no scenarios" % cat)
    print("%-14s %9s %7s" % ("category", "scenarios", "checks"))
    for cat in sorted(CATS):
        print("%-14s %9d %7d" % (cat, nscen[cat], nchk[cat]))
    print("%-14s %9d %7d" % ("total", sum(nscen.values()), sum(nchk.values())))
    kinds = collections.Counter()
    for path in files:
        for line in open(path, encoding="utf-8"):
            if line.strip() and not line.lstrip().startswith("//"):
                try:
                    for c in json.loads(line).get("checks", []):
                        kinds[c.get("kind")] += 1
                except Exception:
                    pass
    print("kinds:", dict(sorted(kinds.items(), key=lambda kv: str(kv[0]))))
    for k in KINDS:
        if kinds[k] == 0:
            errors.append("check kind %s is never used" % k)
    if errors:
        print("\n%d problem(s):" % len(errors))
        for e in errors:
            print("  " + e)
        return 1
    print("OK")
    return 0

if __name__ == "__main__":
    sys.exit(main())
