#!/usr/bin/env python3
"""Stand-alone checker for the temporal_dev20 scenario files (standard library only)."""
import json, os, re, sys
from datetime import datetime, timedelta, timezone
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
CATEGORIES = {"job", "residence", "relationship", "habit_diet", "health", "pet", "possession",
              "role", "preference", "membership", "correction", "third_person", "assistant",
              "plan", "past_ending", "accumulate", "out_of_order", "valid_at", "known_at"}
SCEN_FIELDS = {"id", "category", "fast", "user", "messages", "ingest_order", "now", "checks"}
REQUIRED = {"id", "category", "user", "messages", "checks"}
MSG_FIELDS = {"speaker", "content", "time", "role"}
COMMON = {"kind", "category", "note", "contains", "excludes"}
KIND_FIELDS = {
    "current": ({"subject"}, set()),
    "held_at": ({"subject", "valid_at"}, set()),
    "believed_at": ({"subject", "known_at"}, {"valid_at"}),
    "upcoming": ({"subject"}, {"on"}),
    "ask": ({"query"}, {"top", "valid_at", "known_at"}),
}
OFFSET = re.compile(r"^\+(\d+)([mhdw])$")
UNIT = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
errors = []


def err(where, msg):
    errors.append(f"{where}: {msg}")


def parse_instant(s):
    if not isinstance(s, str):
        raise ValueError(f"not a string: {s!r}")
    t = s.strip()
    if t.endswith("Z"):
        t = t[:-1] + "+00:00"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        t += "T00:00+00:00"
    d = datetime.fromisoformat(t)
    if d.tzinfo is None:
        d = d.replace(tzinfo=timezone.utc)
    return d.astimezone(timezone.utc)


def strings_ok(v):
    if isinstance(v, str):
        return bool(v.strip())
    return isinstance(v, list) and v and all(isinstance(x, str) and x.strip() for x in v)


def check_scenario(s, where, ids, per_cat):
    for f in REQUIRED:
        if f not in s:
            err(where, f"missing field {f}")
    for f in s:
        if f not in SCEN_FIELDS:
            err(where, f"unknown field {f}")
    sid = s.get("id")
    if not isinstance(sid, str) or not sid.startswith("d20-"):
        err(where, f"id must start with 'd20-': {sid!r}")
    if sid in ids:
        err(where, f"duplicate id {sid}")
    ids.add(sid)
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
        err(where, "messages must be a non-empty list")
        return
    times, prev = [], None
    for i, m in enumerate(msgs):
        mw = f"{where} message {i}"
        if not isinstance(m, dict):
            err(mw, "not an object"); return
        for f in ("speaker", "content", "time"):
            if not isinstance(m.get(f), str) or not m.get(f):
                err(mw, f"missing/empty {f}")
        for f in m:
            if f not in MSG_FIELDS:
                err(mw, f"unknown field {f}")
        if "role" in m and m["role"] not in ("user", "assistant"):
            err(mw, f"bad role {m['role']!r}")
        t = m.get("time", "")
        mo = OFFSET.match(t) if isinstance(t, str) else None
        try:
            if mo:
                if prev is None:
                    raise ValueError("first message cannot use an offset")
                cur = prev + timedelta(**{UNIT[mo.group(2)]: int(mo.group(1))})
            else:
                cur = parse_instant(t)
        except Exception as e:
            err(mw, f"bad time {t!r}: {e}"); return
        if prev is not None and cur < prev:
            err(mw, f"time goes back ({cur.isoformat()} < {prev.isoformat()})")
        times.append(cur); prev = cur
    if s.get("user") not in {m.get("speaker") for m in msgs}:
        err(where, "user never speaks")
    n = len(msgs)
    order = s.get("ingest_order")
    if order is not None:
        if not isinstance(order, list) or sorted(order) != list(range(n)):
            err(where, f"ingest_order is not a permutation of 0..{n - 1}")
            order = list(range(n))
    else:
        order = list(range(n))
    # replay clock: learned instants
    learned, clock = [None] * n, None
    for idx in order:
        t = times[idx]
        if clock is not None and clock >= t:
            t = clock + timedelta(minutes=1)
        learned[idx] = t; clock = t
    now = clock + timedelta(hours=1) if "now" not in s else None
    if "now" in s:
        try:
            now = parse_instant(s["now"])
        except Exception as e:
            err(where, f"bad now {s['now']!r}: {e}"); now = clock
        if now < max(times):
            err(where, "now is before the last message")
    checks = s.get("checks")
    if not isinstance(checks, list) or not checks:
        err(where, "checks must be a non-empty list"); return

    def instant(v, cw, field):
        if isinstance(v, str) and v.startswith("#"):
            try:
                k = int(v[1:])
            except ValueError:
                err(cw, f"bad {field} {v!r}"); return None
            if not 0 <= k < n:
                err(cw, f"{field} {v} out of range (0..{n - 1})"); return None
            return learned[k] + timedelta(minutes=1)
        try:
            return parse_instant(v)
        except Exception as e:
            err(cw, f"bad {field} {v!r}: {e}"); return None

    for j, c in enumerate(checks):
        cw = f"{where} check {j}"
        if not isinstance(c, dict):
            err(cw, "not an object"); continue
        kind = c.get("kind")
        if kind not in KIND_FIELDS:
            err(cw, f"unknown kind {kind!r}"); continue
        req, opt = KIND_FIELDS[kind]
        for f in req:
            if f not in c:
                err(cw, f"{kind} needs {f}")
        for f in c:
            if f not in COMMON | req | opt:
                err(cw, f"field {f} not allowed for {kind}")
        if "contains" not in c and "excludes" not in c:
            err(cw, "needs contains and/or excludes")
        for f in ("contains", "excludes"):
            if f in c and not strings_ok(c[f]):
                err(cw, f"{f} must be a non-empty string or list of strings")
        for f in ("subject", "query", "note"):
            if f in c and (not isinstance(c[f], str) or not c[f].strip()):
                err(cw, f"{f} must be a non-empty string")
        ccat = c.get("category", cat)
        if ccat not in CATEGORIES:
            err(cw, f"unknown category {ccat!r}")
        per_cat[ccat] += 1
        if "top" in c and (not isinstance(c["top"], int) or c["top"] < 1):
            err(cw, "top must be a positive integer")
        ka = instant(c["known_at"], cw, "known_at") if "known_at" in c else None
        if "valid_at" in c:
            instant(c["valid_at"], cw, "valid_at")
        if ka is not None and now is not None and ka > now:
            err(cw, "known_at is after now")
        if kind == "upcoming" and "on" in c:
            try:
                on = datetime.strptime(c["on"], "%Y-%m-%d").date()
                if now is not None and on <= now.date():
                    err(cw, f"upcoming on {c['on']} is not after now ({now.isoformat()})")
            except (TypeError, ValueError):
                err(cw, f"bad on {c.get('on')!r} (want YYYY-MM-DD)")


def main():
    ids, per_cat, scen_cat = set(), Counter(), Counter()
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".jsonl"))
    if not files:
        err(HERE, "no .jsonl files")
    nscen = 0
    for fn in files:
        with open(os.path.join(HERE, fn), encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                where = f"{fn}:{ln}"
                try:
                    s = json.loads(line)
                except json.JSONDecodeError as e:
                    err(where, f"invalid JSON: {e}"); continue
                if not isinstance(s, dict):
                    err(where, "line is not an object"); continue
                nscen += 1
                scen_cat[s.get("category")] += 1
                check_scenario(s, where, ids, per_cat)
    for cat in sorted(CATEGORIES):
        if per_cat[cat] < 8:
            err("categories", f"{cat}: only {per_cat[cat]} checks (need >= 8)")
    print(f"{'category':<14} {'scenarios':>9} {'checks':>7}")
    for cat in sorted(CATEGORIES):
        print(f"{cat:<14} {scen_cat[cat]:>9} {per_cat[cat]:>7}")
    print(f"{'total':<14} {nscen:>9} {sum(per_cat.values()):>7}")
    kinds = Counter()
    for fn in files:
        for line in open(os.path.join(HERE, fn), encoding="utf-8"):
            if line.strip() and not line.lstrip().startswith("//"):
                try:
                    for c in json.loads(line).get("checks", []):
                        kinds[c.get("kind")] += 1
                except Exception:
                    pass
    print("check kinds:", ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    if errors:
        print(f"\n{len(errors)} error(s):")
        for e in errors:
            print("  " + e)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
