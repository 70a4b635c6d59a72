#!/usr/bin/env python3
"""Stand-alone checker for temporal development set 13 (standard library only).

Usage: python3 check.py [DIR]   (default: the folder of this file)
"""
import json, os, re, sys
from collections import Counter
from datetime import datetime, timedelta, timezone

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
        return datetime.fromisoformat(t).replace(tzinfo=timezone.utc)
    t = t.replace("Z", "+00:00")
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[+-]\d{2}:\d{2}", t):
        t = t[:16] + ":00" + t[16:]
    d = datetime.fromisoformat(t)
    if d.tzinfo is None:
        d = d.replace(tzinfo=timezone.utc)
    return d


def check_strings(where, v):
    if isinstance(v, str):
        v = [v]
    if not isinstance(v, list) or not v or not all(isinstance(x, str) and x.strip() for x in v):
        err(where, f"must be a non-empty string or list of non-empty strings: {v!r}")


def check_instant(where, v, n_msgs):
    if isinstance(v, str) and v.startswith("#"):
        if not re.fullmatch(r"#\d+", v):
            err(where, f"bad message index {v!r}")
        elif not 0 <= int(v[1:]) < n_msgs:
            err(where, f"message index {v} out of range (0..{n_msgs - 1})")
        return None
    try:
        return parse_instant(v)
    except Exception as e:
        err(where, f"bad instant {v!r}: {e}")
        return None


def check_scenario(where, s, ids, per_cat):
    if not isinstance(s, dict):
        err(where, "not an object"); return
    for f in REQUIRED - s.keys():
        err(where, f"missing field {f!r}")
    for f in s.keys() - SCEN_FIELDS:
        err(where, f"unknown field {f!r}")
    sid = s.get("id")
    if not isinstance(sid, str) or not sid.startswith("d13-"):
        err(where, f"id must start with 'd13-': {sid!r}")
    elif sid in ids:
        err(where, f"duplicate id {sid!r} (first at {ids[sid]})")
    else:
        ids[sid] = where
    where = f"{where} [{sid}]"
    cat = s.get("category")
    if cat not in CATEGORIES:
        err(where, f"unknown category {cat!r}")
    if "fast" in s and not isinstance(s["fast"], bool):
        err(where, "fast must be a boolean")
    if not isinstance(s.get("user"), str) or not s.get("user"):
        err(where, "user must be a non-empty string")
    msgs = s.get("messages")
    if not isinstance(msgs, list) or not msgs:
        err(where, "messages must be a non-empty list"); return
    t = None
    user_spoke = False
    for i, m in enumerate(msgs):
        mw = f"{where} message {i}"
        if not isinstance(m, dict):
            err(mw, "not an object"); continue
        for f in {"speaker", "content", "time"} - m.keys():
            err(mw, f"missing {f!r}")
        for f in m.keys() - MSG_FIELDS:
            err(mw, f"unknown field {f!r}")
        if not isinstance(m.get("content"), str) or not m.get("content", "").strip():
            err(mw, "empty content")
        if not isinstance(m.get("speaker"), str) or not m.get("speaker"):
            err(mw, "empty speaker")
        if m.get("speaker") == s.get("user"):
            user_spoke = True
        if "role" in m and m["role"] not in ("user", "assistant"):
            err(mw, f"bad role {m['role']!r}")
        tm = m.get("time")
        o = OFFSET.match(tm) if isinstance(tm, str) else None
        if o:
            if t is None:
                err(mw, "first message time cannot be an offset"); continue
            n, u = int(o.group(1)), o.group(2)
            t = t + {"m": timedelta(minutes=n), "h": timedelta(hours=n),
                     "d": timedelta(days=n), "w": timedelta(weeks=n)}[u]
        else:
            try:
                nt = parse_instant(tm)
            except Exception as e:
                err(mw, f"bad time {tm!r}: {e}"); continue
            if t is not None and nt < t:
                err(mw, f"time goes back: {tm} before {t.isoformat()}")
            t = nt
    if not user_spoke:
        err(where, f"user {s.get('user')!r} never speaks")
    last = t
    n = len(msgs)
    if "ingest_order" in s:
        io = s["ingest_order"]
        if not isinstance(io, list) or sorted(io) != list(range(n)):
            err(where, f"ingest_order is not a permutation of 0..{n - 1}: {io!r}")
    now = last + timedelta(hours=1) if last else None
    if "now" in s:
        try:
            now = parse_instant(s["now"])
            if last and now < last:
                err(where, f"now {s['now']} is before the last message")
        except Exception as e:
            err(where, f"bad now {s.get('now')!r}: {e}")
    checks = s.get("checks")
    if not isinstance(checks, list) or not checks:
        err(where, "checks must be a non-empty list"); return
    for j, c in enumerate(checks):
        cw = f"{where} check {j}"
        if not isinstance(c, dict):
            err(cw, "not an object"); continue
        kind = c.get("kind")
        if kind not in KINDS:
            err(cw, f"unknown kind {kind!r}"); continue
        req, opt = KINDS[kind]
        for f in req - c.keys():
            err(cw, f"{kind} needs {f!r}")
        for f in c.keys() - req - opt - COMMON:
            err(cw, f"field {f!r} not allowed for {kind}")
        if "contains" not in c and "excludes" not in c:
            err(cw, "needs contains and/or excludes")
        for f in ("contains", "excludes"):
            if f in c:
                check_strings(f"{cw} {f}", c[f])
        ccat = c.get("category", cat)
        if ccat not in CATEGORIES:
            err(cw, f"unknown category {ccat!r}")
        else:
            per_cat[ccat] += 1
        if "note" in c and not isinstance(c["note"], str):
            err(cw, "note must be a string")
        for f in ("subject", "query"):
            if f in c and (not isinstance(c[f], str) or not c[f].strip()):
                err(cw, f"{f} must be a non-empty string")
        for f in ("valid_at", "known_at"):
            if f in c:
                check_instant(f"{cw} {f}", c[f], n)
        if "top" in c and (not isinstance(c["top"], int) or isinstance(c["top"], bool) or c["top"] < 1):
            err(cw, f"top must be a positive integer: {c['top']!r}")
        if kind == "upcoming" and "on" in c:
            if not (isinstance(c["on"], str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", c["on"])):
                err(cw, f"on must be a date YYYY-MM-DD: {c['on']!r}")
            elif now is not None and parse_instant(c["on"]).date() <= now.date():
                err(cw, f"upcoming on {c['on']} is not after now {now.isoformat()}")


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    files = sorted(f for f in os.listdir(d) if f.endswith(".jsonl"))
    if not files:
        err(d, "no .jsonl files")
    ids, per_cat, per_cat_sc = {}, Counter(), Counter()
    for fn in files:
        with open(os.path.join(d, fn), encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                where = f"{fn}:{ln}"
                try:
                    s = json.loads(line)
                except json.JSONDecodeError as e:
                    err(where, f"invalid JSON: {e}"); continue
                check_scenario(where, s, ids, per_cat)
                if isinstance(s, dict) and s.get("category") in CATEGORIES:
                    per_cat_sc[s["category"]] += 1
    for cat in sorted(CATEGORIES):
        if per_cat[cat] < MIN_CHECKS:
            err("categories", f"{cat}: only {per_cat[cat]} checks (need {MIN_CHECKS})")
    print(f"{'category':<14} {'scenarios':>9} {'checks':>7}")
    for cat in sorted(CATEGORIES):
        print(f"{cat:<14} {per_cat_sc[cat]:>9} {per_cat[cat]:>7}")
    print(f"{'total':<14} {sum(per_cat_sc.values()):>9} {sum(per_cat.values()):>7}")
    if errors:
        print(f"\n{len(errors)} error(s):")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("\nOK: all scenarios and checks are well-formed.")


if __name__ == "__main__":
    main()
