#!/usr/bin/env python3
"""Stand-alone checker for temporal_dev16 (standard library only).

python3 check.py [DIR]   (default: the folder of this file)
"""
import json, os, re, sys
from collections import Counter
from datetime import datetime, timedelta, timezone

CATS = {"job", "residence", "relationship", "habit_diet", "health", "pet", "possession", "role",
        "preference", "membership", "correction", "third_person", "assistant", "plan",
        "past_ending", "accumulate", "out_of_order", "valid_at", "known_at"}
KINDS = {
    "current": ({"subject"}, set()),
    "held_at": ({"subject", "valid_at"}, set()),
    "believed_at": ({"subject", "known_at"}, {"valid_at"}),
    "upcoming": ({"subject"}, {"on"}),
    "ask": ({"query"}, {"top", "valid_at", "known_at"}),
}
COMMON = {"kind", "category", "note", "contains", "excludes"}
SCEN_REQ = {"id", "category", "user", "messages", "checks"}
SCEN_OPT = {"fast", "ingest_order", "now"}
OFFSET = re.compile(r"^\+(\d+)([mhdw])$")
UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
MIN_CHECKS = 8

def parse_instant(s):
    if not isinstance(s, str):
        raise ValueError(f"not a string: {s!r}")
    t = s.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        return datetime.fromisoformat(t).replace(tzinfo=timezone.utc)
    if t.endswith("Z"):
        t = t[:-1] + "+00:00"
    d = datetime.fromisoformat(t)
    if d.tzinfo is None:
        d = d.replace(tzinfo=timezone.utc)
    return d

def strs(v):
    if isinstance(v, str):
        return [v] if v.strip() else None
    if isinstance(v, list) and v and all(isinstance(x, str) and x.strip() for x in v):
        return v
    return None

def check_scenario(s, where, errs):
    def err(msg):
        errs.append(f"{where} [{s.get('id', '?')}]: {msg}")
    if not isinstance(s, dict):
        err("not an object"); return []
    missing = SCEN_REQ - s.keys()
    if missing: err(f"missing fields {sorted(missing)}")
    extra = s.keys() - SCEN_REQ - SCEN_OPT
    if extra: err(f"unknown fields {sorted(extra)}")
    sid = s.get("id")
    if not isinstance(sid, str) or not sid.startswith("d16-"):
        err("id must be a string starting with 'd16-'")
    if s.get("category") not in CATS: err(f"bad category {s.get('category')!r}")
    if "fast" in s and not isinstance(s["fast"], bool): err("fast must be a boolean")
    user = s.get("user")
    if not isinstance(user, str) or not user.strip(): err("user must be a non-empty string")
    msgs = s.get("messages")
    if not isinstance(msgs, list) or not msgs:
        err("messages must be a non-empty list"); return []
    times, prev, user_spoke = [], None, False
    for i, m in enumerate(msgs):
        if not isinstance(m, dict):
            err(f"message {i} not an object"); return []
        for f in ("speaker", "content", "time"):
            if not isinstance(m.get(f), str) or not m.get(f).strip():
                err(f"message {i}: missing or empty {f}")
        extra = m.keys() - {"speaker", "content", "time", "role"}
        if extra: err(f"message {i}: unknown fields {sorted(extra)}")
        if "role" in m and m["role"] not in ("user", "assistant"): err(f"message {i}: bad role")
        if m.get("speaker") == user: user_spoke = True
        t = m.get("time", "")
        mo = OFFSET.match(t) if isinstance(t, str) else None
        try:
            if mo:
                if prev is None:
                    err(f"message {i}: offset time on the first message"); return []
                cur = prev + timedelta(**{UNITS[mo.group(2)]: int(mo.group(1))})
            else:
                cur = parse_instant(t)
        except Exception as e:
            err(f"message {i}: bad time {t!r} ({e})"); return []
        if prev is not None and cur < prev:
            err(f"message {i}: time goes back ({cur.isoformat()} < {prev.isoformat()})")
        times.append(cur); prev = cur
    if not user_spoke: err(f"user {user!r} never speaks")
    n = len(msgs)
    order = s.get("ingest_order")
    if order is not None:
        if not isinstance(order, list) or sorted(order) != list(range(n)) or not all(isinstance(x, int) for x in order):
            err(f"ingest_order is not a permutation of 0..{n - 1}")
    if "now" in s:
        try:
            now = parse_instant(s["now"])
        except Exception as e:
            err(f"bad now {s['now']!r} ({e})"); now = times[-1] + timedelta(hours=1)
        if now < times[-1]: err("now is before the last message")
    else:
        now = times[-1] + timedelta(hours=1)
    checks = s.get("checks")
    if not isinstance(checks, list) or not checks:
        err("checks must be a non-empty list"); return []
    cats = []
    for j, c in enumerate(checks):
        w = f"check {j}"
        if not isinstance(c, dict):
            err(f"{w}: not an object"); continue
        kind = c.get("kind")
        if kind not in KINDS:
            err(f"{w}: bad kind {kind!r}"); continue
        req, opt = KINDS[kind]
        miss = req - c.keys()
        if miss: err(f"{w}: missing {sorted(miss)}")
        extra = c.keys() - req - opt - COMMON
        if extra: err(f"{w}: fields not allowed for {kind}: {sorted(extra)}")
        if "contains" not in c and "excludes" not in c: err(f"{w}: needs contains and/or excludes")
        for f in ("contains", "excludes"):
            if f in c and strs(c[f]) is None: err(f"{w}: {f} must be a non-empty string or list of strings")
        for f in ("subject", "query"):
            if f in c and (not isinstance(c[f], str) or not c[f].strip()): err(f"{w}: empty {f}")
        if "note" in c and not isinstance(c["note"], str): err(f"{w}: note must be a string")
        if "top" in c and (not isinstance(c["top"], int) or c["top"] < 1): err(f"{w}: bad top")
        for f in ("valid_at", "known_at"):
            if f in c:
                v = c[f]
                if isinstance(v, str) and v.startswith("#"):
                    if not re.fullmatch(r"#\d+", v) or int(v[1:]) >= n:
                        err(f"{w}: {f} {v!r} out of range (0..{n - 1})")
                else:
                    try: parse_instant(v)
                    except Exception as e: err(f"{w}: bad {f} {v!r} ({e})")
        if "on" in c:
            try:
                on = datetime.fromisoformat(c["on"]).date() if re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(c["on"])) else None
            except Exception:
                on = None
            if on is None: err(f"{w}: on must be a YYYY-MM-DD date")
            elif on <= now.astimezone(timezone.utc).date():
                err(f"{w}: upcoming on {c['on']} is not after now ({now.isoformat()})")
        cat = c.get("category", s.get("category"))
        if cat not in CATS: err(f"{w}: bad category {cat!r}")
        cats.append(cat)
    return cats

def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    errs, ids = [], Counter()
    scen_by_cat, checks_by_cat, kinds = Counter(), Counter(), Counter()
    files = sorted(f for f in os.listdir(d) if f.endswith(".jsonl"))
    if not files: errs.append("no .jsonl files")
    n_scen = 0
    for fn in files:
        with open(os.path.join(d, fn), encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                where = f"{fn}:{ln}"
                try:
                    s = json.loads(line)
                except json.JSONDecodeError as e:
                    errs.append(f"{where}: JSON error {e}"); continue
                n_scen += 1
                ids[s.get("id")] += 1
                scen_by_cat[s.get("category")] += 1
                if fn[:-6] != s.get("category"):
                    errs.append(f"{where}: scenario category {s.get('category')!r} in file {fn}")
                for c in s.get("checks", []) if isinstance(s.get("checks"), list) else []:
                    if isinstance(c, dict): kinds[c.get("kind")] += 1
                for cat in check_scenario(s, where, errs):
                    checks_by_cat[cat] += 1
    for i, k in ids.items():
        if k > 1: errs.append(f"duplicate id {i!r} ({k}x)")
    for cat in sorted(CATS):
        if checks_by_cat[cat] < MIN_CHECKS:
            errs.append(f"category {cat}: only {checks_by_cat[cat]} checks (< {MIN_CHECKS})")
        if scen_by_cat[cat] == 0:
            errs.append(f"category {cat}: no scenarios")
    for k in KINDS:
        if kinds[k] == 0: errs.append(f"check kind {k} never used")
    print(f"{'category':<14} {'scenarios':>9} {'checks':>7}")
    for cat in sorted(CATS):
        print(f"{cat:<14} {scen_by_cat[cat]:>9} {checks_by_cat[cat]:>7}")
    print(f"{'total':<14} {n_scen:>9} {sum(checks_by_cat.values()):>7}")
    print("kinds: " + ", ".join(f"{k}={kinds[k]}" for k in KINDS))
    if errs:
        print(f"\n{len(errs)} problem(s):")
        for e in errs: print("  " + e)
        sys.exit(1)
    print("\nOK: all scenarios valid")

if __name__ == "__main__":
    main()
