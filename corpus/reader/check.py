"""Validate a corpus file against SPEC.md: python3 check.py FILE [FILE...]"""
import json, sys
REL = set("""LIVES_IN WORKS_AT HAS_JOB_TITLE STUDIES_AT MARRIED_TO DATING ENGAGED_TO DRIVES USES_PHONE
USES_LAPTOP USES_CAMERA WEARS_WATCH RIDES_BIKE FOLLOWS_DIET SUBSCRIBED_TO_PLAN MANAGED_BY HAS_FAVORITE
PREFERS ROLE_HELD_BY HAS_HEALTH_STATUS HAS_SLEEP_SCHEDULE HAS_WAKE_TIME HAS_AGE LEADS HAS_PET HAS_HABIT
HAS_CONDITION TAKES_MEDICATION MEMBER_OF OWNS LIKES DISLIKES FRIEND_OF FAMILY_OF VISITED HAS_PLAN SPEAKS
LEARNS PLAYS""".split())
ASP = {"state", "start", "end", "plan", "correction", "negation", "hypothetical"}
VOICES = {"texting", "short", "rambling", "formal", "non_native", "assistant", "narration"}
bad = 0; n = 0; ids = set()
for path in sys.argv[1:]:
    for i, line in enumerate(open(path, encoding="utf-8"), 1):
        if not line.strip():
            continue
        n += 1
        where = f"{path}:{i}"
        try:
            d = json.loads(line)
        except Exception as e:
            print(where, "not JSON:", e); bad += 1; continue
        errs = []
        for k in ("id", "voice", "speaker_role", "text", "facts", "context"):
            if k not in d: errs.append(f"missing {k}")
        if errs: print(where, errs); bad += 1; continue
        if d["id"] in ids: errs.append("duplicate id")
        ids.add(d["id"])
        if d["voice"] not in VOICES: errs.append(f"voice {d['voice']}")
        if d["speaker_role"] not in {"user", "assistant", "narrator"}: errs.append("speaker_role")
        ctx = " ".join(t.get("text", "") for t in d["context"])
        for f in d["facts"]:
            if f.get("relation") not in REL: errs.append(f"relation {f.get('relation')}")
            if f.get("aspect") not in ASP: errs.append(f"aspect {f.get('aspect')}")
            if not f.get("subject"): errs.append("subject")
            if not f.get("text"): errs.append("text")
            v = f.get("value")
            if v is not None and v not in d["text"]: errs.append(f"value {v!r} not in text")
            w = f.get("when")
            if w is not None and w not in d["text"]: errs.append(f"when {w!r} not in text")
            e = f.get("ends")
            if e is not None and e not in d["text"] and e not in ctx: errs.append(f"ends {e!r} not in text/context")
        if errs: print(where, d["id"], errs); bad += 1
print(f"{n} items, {bad} bad")
sys.exit(1 if bad else 0)
