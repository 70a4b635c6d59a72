#!/usr/bin/env python3
"""Standalone validator for the blind set (imports nothing from the repository)."""
import json, sys, os, re, glob, collections, datetime as dt
CATS = ["job","residence","relationship","habit_diet","health","pet","possession","role","preference",
        "membership","correction","third_person","assistant","plan","past_ending","accumulate",
        "out_of_order","valid_at","known_at"]
KINDS = {"current": {"subject"}, "held_at": {"subject", "valid_at"}, "believed_at": {"subject", "known_at"},
         "upcoming": {"subject"}, "ask": {"query"}}
OPT = {"current": set(), "held_at": set(), "believed_at": {"valid_at"}, "upcoming": {"on"},
       "ask": {"top", "valid_at", "known_at"}}
def parse_instant(s):
    s = s.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
        return dt.datetime.fromisoformat(s).replace(tzinfo=dt.timezone.utc)
    x = dt.datetime.fromisoformat(s.replace("Z", "+00:00"))
    if x.tzinfo is None: x = x.replace(tzinfo=dt.timezone.utc)
    return x
def parse_time(s, prev):
    m = re.fullmatch(r"\+(\d+)([mhdw])", s)
    if m:
        assert prev is not None, "offset on first message"
        n = int(m.group(1)); u = m.group(2)
        return prev + {"m": dt.timedelta(minutes=n), "h": dt.timedelta(hours=n), "d": dt.timedelta(days=n), "w": dt.timedelta(weeks=n)}[u]
    return parse_instant(s)
def words(x): return [x] if isinstance(x, str) else x
def mentions(text, s):
    return re.search(r"(?<!\w)" + re.escape(s.lower()) + r"(?:s|es)?(?!\w)", text.lower()) is not None
def main(folder):
    errs = []; ids = set(); per_cat = collections.Counter(); scen_cat = collections.Counter(); kinds = collections.Counter()
    files = sorted(glob.glob(os.path.join(folder, "*.jsonl")))
    names = {os.path.basename(f)[:-6] for f in files}
    for c in CATS:
        if c not in names: errs.append("missing file %s.jsonl" % c)
    n = 0
    for fpath in files:
        for ln, line in enumerate(open(fpath, encoding="utf-8"), 1):
            if not line.strip() or line.lstrip().startswith("//"): continue
            where = "%s:%d" % (os.path.basename(fpath), ln)
            try: s = json.loads(line)
            except Exception as e: errs.append("%s bad json %s" % (where, e)); continue
            n += 1
            for k in ("id", "category", "user", "messages", "checks"):
                if k not in s: errs.append("%s missing %s" % (where, k))
            if s.get("id") in ids: errs.append("%s duplicate id %s" % (where, s.get("id")))
            ids.add(s.get("id"))
            if s.get("category") not in CATS: errs.append("%s bad category" % where)
            scen_cat[s.get("category")] += 1
            msgs = s["messages"]; prev = None; times = []
            alltext = ""
            for i, mm in enumerate(msgs):
                for k in ("speaker", "content", "time"):
                    if k not in mm: errs.append("%s msg %d missing %s" % (where, i, k))
                if "role" in mm and mm["role"] not in ("user", "assistant"): errs.append("%s msg %d bad role" % (where, i))
                try: prev = parse_time(mm["time"], prev); times.append(prev)
                except Exception as e: errs.append("%s msg %d bad time %r: %s" % (where, i, mm.get("time"), e)); times.append(prev)
                alltext += " " + mm["speaker"] + ": " + mm["content"]
            order = s.get("ingest_order", list(range(len(msgs))))
            if sorted(order) != list(range(len(msgs))): errs.append("%s ingest_order not a permutation" % where)
            # replay clock -> learned instants
            learned = {}; clock = None
            for idx in order:
                t = times[idx]
                clock = t if clock is None or t > clock else clock + dt.timedelta(minutes=1)
                learned[idx] = clock
            now = parse_instant(s["now"]) if "now" in s else times[-1] + dt.timedelta(hours=1)
            if now < clock: errs.append("%s now before last ingestion" % where)
            def inst(v, what):
                if isinstance(v, str) and v.startswith("#"):
                    k = int(v[1:])
                    if not 0 <= k < len(msgs): errs.append("%s %s index out of range" % (where, what)); return None
                    return learned[k] + dt.timedelta(minutes=1)
                try: return parse_instant(v)
                except Exception as e: errs.append("%s %s bad instant %r" % (where, what, v)); return None
            for j, c in enumerate(s["checks"]):
                cw = "%s check %d" % (where, j)
                kd = c.get("kind")
                if kd not in KINDS: errs.append("%s bad kind" % cw); continue
                kinds[kd] += 1
                for k in KINDS[kd]:
                    if k not in c: errs.append("%s missing %s" % (cw, k))
                allowed = KINDS[kd] | OPT[kd] | {"kind", "contains", "excludes", "category", "note"}
                for k in c:
                    if k not in allowed: errs.append("%s unexpected field %s" % (cw, k))
                if "contains" not in c and "excludes" not in c: errs.append("%s needs contains/excludes" % cw)
                for k in ("valid_at", "known_at"):
                    if k in c: 
                        v = inst(c[k], k)
                        if k == "known_at" and v is not None and v > now: errs.append("%s known_at after now" % cw)
                if "on" in c:
                    try: dt.date.fromisoformat(c["on"])
                    except Exception: errs.append("%s bad on" % cw)
                    if kd == "upcoming" and dt.date.fromisoformat(c["on"]) < now.date(): errs.append("%s upcoming on-day before now" % cw)
                cat = c.get("category", s.get("category"))
                if cat not in CATS: errs.append("%s bad category %s" % (cw, cat))
                per_cat[cat] += 1
                for k in ("contains", "excludes"):
                    if k in c:
                        for w in words(c[k]):
                            if not isinstance(w, str) or not w: errs.append("%s empty %s" % (cw, k))
                        if not any(mentions(alltext, w) for w in words(c[k])):
                            errs.append("%s: no %s string appears in the chat: %r" % (cw, k, c[k]))
                subj = c.get("subject")
                if subj and not (subj == s["user"] or mentions(alltext, subj.split()[0])):
                    errs.append("%s subject %r not in chat" % (cw, subj))
    return n, errs, per_cat, scen_cat, kinds
if __name__ == "__main__":
    n, errs, per_cat, scen_cat, kinds = main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
    for e in errs: print("ERROR", e)
    print("scenarios", n, "checks", sum(per_cat.values()), dict(kinds))
    for c in CATS: print("  %-13s scenarios %2d checks %3d" % (c, scen_cat[c], per_cat[c]))
    sys.exit(1 if errs else 0)
