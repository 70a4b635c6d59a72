#!/usr/bin/env python3
"""Stand-alone checker for the scenario files of this folder (standard library only).

Usage: python3 check.py [DIR]   (default: the folder this file is in)
"""
import collections, datetime as dt, glob, json, os, re, sys

CATEGORIES = ["job", "residence", "relationship", "habit_diet", "health", "pet", "possession",
              "role", "preference", "membership", "correction", "third_person", "assistant",
              "plan", "past_ending", "accumulate", "out_of_order", "valid_at", "known_at"]
COMMON = {"kind", "category", "note", "contains", "excludes"}
ALLOWED = {
    "current": COMMON | {"subject"},
    "held_at": COMMON | {"subject", "valid_at"},
    "believed_at": COMMON | {"subject", "known_at", "valid_at"},
    "upcoming": COMMON | {"subject", "on"},
    "ask": COMMON | {"query", "top", "valid_at", "known_at"},
}
REQUIRED = {
    "current": {"subject"}, "held_at": {"subject", "valid_at"},
    "believed_at": {"subject", "known_at"}, "upcoming": {"subject"}, "ask": {"query"},
}
SCEN_FIELDS = {"id", "category", "fast", "user", "messages", "ingest_order", "now", "checks"}
MSG_FIELDS = {"speaker", "content", "time", "role"}
OFFSET = re.compile(r"^\+(\d+)([mhdw])$")
UNIT = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
MIN_CHECKS = 8
PREFIX = "d37-"

errors = []


def err(where, msg):
    errors.append(f"{where}: {msg}")


def parse_instant(s):
    if not isinstance(s, str):
        raise ValueError(f"not a string: {s!r}")
    t = s.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        return dt.datetime.fromisoformat(t).replace(tzinfo=dt.timezone.utc)
    if t.endswith("Z"):
        t = t[:-1] + "+00:00"
    d = dt.datetime.fromisoformat(t)
    if d.tzinfo is None:
        d = d.replace(tzinfo=dt.timezone.utc)
    return d


def strings(v):
    if isinstance(v, str):
        return [v] if v.strip() else None
    if isinstance(v, list) and v and all(isinstance(x, str) and x.strip() for x in v):
        return v
    return None


def check_instant(where, field, value, n_msgs):
    if isinstance(value, str) and value.startswith("#"):
        try:
            n = int(value[1:])
        except ValueError:
            err(where, f"{field}: bad message index {value!r}")
            return None
        if not 0 <= n < n_msgs:
            err(where, f"{field}: {value} out of range (0..{n_msgs - 1})")
        return None
    try:
        return parse_instant(value)
    except Exception as e:  # noqa: BLE001
        err(where, f"{field}: bad instant {value!r} ({e})")
        return None


def check_scenario(where, s, fname, ids, per_cat):
    for f in ("id", "category", "user", "messages", "checks"):
        if f not in s:
            err(where, f"missing field {f!r}")
            return
    for f in s:
        if f not in SCEN_FIELDS:
            err(where, f"unknown field {f!r}")
    sid = s["id"]
    if not isinstance(sid, str) or not sid.startswith(PREFIX):
        err(where, f"id {sid!r} must start with {PREFIX!r}")
    if sid in ids:
        err(where, f"duplicate id {sid!r} (first in {ids[sid]})")
    ids[sid] = where
    where = f"{where} [{sid}]"
    if s["category"] not in CATEGORIES:
        err(where, f"unknown category {s['category']!r}")
    if os.path.splitext(os.path.basename(fname))[0] != s["category"]:
        err(where, f"scenario category {s['category']!r} is not the file's {fname!r}")
    if "fast" in s and not isinstance(s["fast"], bool):
        err(where, "fast must be a boolean")
    msgs = s["messages"]
    if not isinstance(msgs, list) or not msgs:
        err(where, "messages must be a non-empty list")
        return
    prev = None
    speakers = set()
    times = []
    for i, m in enumerate(msgs):
        mw = f"{where} message {i}"
        if not isinstance(m, dict):
            err(mw, "not an object")
            return
        for f in ("speaker", "content", "time"):
            if not isinstance(m.get(f), str) or not m.get(f).strip():
                err(mw, f"missing or empty {f!r}")
        for f in m:
            if f not in MSG_FIELDS:
                err(mw, f"unknown field {f!r}")
        if "role" in m and m["role"] not in ("user", "assistant"):
            err(mw, f"bad role {m['role']!r}")
        speakers.add(m.get("speaker"))
        t = m.get("time", "")
        o = OFFSET.match(t) if isinstance(t, str) else None
        if o:
            if i == 0:
                err(mw, "first message cannot use an offset")
                return
            if int(o.group(1)) <= 0:
                err(mw, "offset must be positive")
            cur = prev + dt.timedelta(**{UNIT[o.group(2)]: int(o.group(1))})
        else:
            try:
                cur = parse_instant(t)
            except Exception as e:  # noqa: BLE001
                err(mw, f"bad time {t!r} ({e})")
                return
        if prev is not None and cur < prev:
            err(mw, f"time goes back ({cur.isoformat()} < {prev.isoformat()})")
        prev = cur
        times.append(cur)
    if s["user"] not in speakers:
        err(where, f"user {s['user']!r} never speaks")
    n = len(msgs)
    # ingestion clock
    order = s.get("ingest_order")
    if order is not None:
        if not (isinstance(order, list) and sorted(order) == list(range(n))
                and all(isinstance(x, int) for x in order)):
            err(where, f"ingest_order is not a permutation of 0..{n - 1}")
            order = list(range(n))
    else:
        order = list(range(n))
    clock = None
    for idx in order:
        t = times[idx]
        clock = t if clock is None or t > clock else clock + dt.timedelta(minutes=1)
    if "now" in s:
        try:
            now = parse_instant(s["now"])
        except Exception as e:  # noqa: BLE001
            err(where, f"bad now {s['now']!r} ({e})")
            now = None
        if now is not None and now < clock:
            err(where, f"now {s['now']} is before the last ingestion ({clock.isoformat()})")
    else:
        now = max(times) + dt.timedelta(hours=1)
        if now < clock:
            err(where, "default now is before the last ingestion; give 'now'")
    checks = s["checks"]
    if not isinstance(checks, list) or not checks:
        err(where, "checks must be a non-empty list")
        return
    for j, c in enumerate(checks):
        cw = f"{where} check {j}"
        if not isinstance(c, dict):
            err(cw, "not an object")
            continue
        kind = c.get("kind")
        if kind not in ALLOWED:
            err(cw, f"unknown kind {kind!r}")
            continue
        for f in c:
            if f not in ALLOWED[kind]:
                err(cw, f"field {f!r} not allowed for {kind}")
        for f in REQUIRED[kind]:
            if not isinstance(c.get(f), str) or not c.get(f).strip():
                err(cw, f"missing {f!r}")
        if "contains" not in c and "excludes" not in c:
            err(cw, "needs contains and/or excludes")
        for f in ("contains", "excludes"):
            if f in c and strings(c[f]) is None:
                err(cw, f"{f} must be a non-empty string or list of strings")
        cat = c.get("category", s["category"])
        if cat not in CATEGORIES:
            err(cw, f"unknown category {cat!r}")
        per_cat[cat] += 1
        for f in ("valid_at", "known_at"):
            if f in c:
                check_instant(cw, f, c[f], n)
        if "top" in c and not (isinstance(c["top"], int) and c["top"] > 0):
            err(cw, "top must be a positive integer")
        if kind == "upcoming" and "on" in c:
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(c["on"])):
                err(cw, f"on must be a date, got {c['on']!r}")
            elif now is not None:
                day = parse_instant(c["on"])
                if day.date() <= now.date():
                    err(cw, f"upcoming on {c['on']} is not a day after now {now.isoformat()}")
    return len(checks)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    files = sorted(glob.glob(os.path.join(folder, "*.jsonl")))
    if not files:
        print("no .jsonl files found")
        return 1
    ids = {}
    per_cat = collections.Counter()
    scen_cat = collections.Counter()
    n_scen = 0
    for fname in files:
        with open(fname, encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                where = f"{os.path.basename(fname)}:{ln}"
                try:
                    s = json.loads(line)
                except json.JSONDecodeError as e:
                    err(where, f"invalid JSON ({e})")
                    continue
                if not isinstance(s, dict):
                    err(where, "line is not an object")
                    continue
                n_scen += 1
                scen_cat[s.get("category")] += 1
                check_scenario(where, s, fname, ids, per_cat)
    for cat in CATEGORIES:
        if per_cat[cat] < MIN_CHECKS:
            err("totals", f"category {cat!r} has {per_cat[cat]} checks (< {MIN_CHECKS})")
        if scen_cat[cat] == 0:
            err("totals", f"category {cat!r} has no scenarios")
    print(f"{'category':<14} {'scenarios':>9} {'checks':>7}")
    for cat in CATEGORIES:
        print(f"{cat:<14} {scen_cat[cat]:>9} {per_cat[cat]:>7}")
    print(f"{'total':<14} {n_scen:>9} {sum(per_cat.values()):>7}")
    print("(scenarios counted by scenario category, checks by each check's own category)")
    if errors:
        print(f"\n{len(errors)} problem(s):")
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK: all scenarios and checks are well-formed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
