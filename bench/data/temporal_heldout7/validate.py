import json, re, sys, glob, os, collections
from datetime import datetime, timedelta, timezone
D = sys.argv[1]
CATS = "job residence relationship habit_diet health pet possession role preference membership correction third_person assistant plan past_ending accumulate out_of_order valid_at known_at".split()
KINDS = {"current": {"subject"}, "held_at": {"subject", "valid_at"}, "believed_at": {"subject", "known_at"},
         "upcoming": {"subject"}, "ask": {"query"}}
OPT = {"kind", "category", "note", "contains", "excludes", "subject", "valid_at", "known_at", "on", "query", "top"}
def iso(t):
    t = t.replace("Z", "+00:00")
    d = datetime.fromisoformat(t)
    return d if d.tzinfo else d.replace(tzinfo=timezone.utc)
def inst(v, n):
    if isinstance(v, str) and v.startswith("#"):
        i = int(v[1:]); assert 0 <= i < n, v; return
    iso(v)
errs = 0; ids = set(); cc = collections.Counter(); ns = 0
for c in CATS: assert os.path.exists(f"{D}/{c}.jsonl"), c
for fn in sorted(glob.glob(f"{D}/*.jsonl")):
    for ln, line in enumerate(open(fn), 1):
        if not line.strip() or line.startswith("//"): continue
        try:
            s = json.loads(line); ns += 1
            for k in ("id", "category", "user", "messages", "checks"): assert k in s, k
            assert s["id"] not in ids; ids.add(s["id"])
            assert s["category"] in CATS and os.path.basename(fn) == s["category"] + ".jsonl"
            ms = s["messages"]; assert ms
            prev = None
            for m in ms:
                assert set(m) <= {"speaker", "content", "time", "role"} and m["speaker"] and m["content"]
                t = m["time"]; mm = re.fullmatch(r"\+(\d+)([mhdw])", t)
                if mm:
                    assert prev is not None
                    cur = prev + timedelta(**{{"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}[mm[2]]: int(mm[1])})
                else: cur = iso(t)
                assert prev is None or cur >= prev, ("time goes back", t)
                prev = cur
            assert any(m["speaker"] == s["user"] for m in ms)
            if "ingest_order" in s: assert sorted(s["ingest_order"]) == list(range(len(ms)))
            if "now" in s: assert iso(s["now"]) >= prev
            assert s["checks"]
            for c in s["checks"]:
                assert c["kind"] in KINDS and KINDS[c["kind"]] <= set(c) and set(c) <= OPT, c
                assert "contains" in c or "excludes" in c
                for k in ("contains", "excludes"):
                    if k in c: assert isinstance(c[k], str) or (isinstance(c[k], list) and all(isinstance(x, str) and x for x in c[k]))
                for k in ("valid_at", "known_at"):
                    if k in c: inst(c[k], len(ms))
                if "on" in c: assert re.fullmatch(r"\d{4}-\d\d-\d\d", c["on"])
                cat = c.get("category", s["category"]); assert cat in CATS; cc[cat] += 1
        except Exception as e:
            errs += 1; print(f"{fn}:{ln}: {e!r}")
print("scenarios", ns, "checks", sum(cc.values()), "errors", errs)
for c in CATS: print(f"  {c}: {cc[c]}")
sys.exit(1 if errs else 0)
