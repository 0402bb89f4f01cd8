"""An independent reference for agreement on links between spans, for
tests/relations_reference.rs.

Reads a JSON job from argv[1]:
  {"control": id, "shapes": {type: "directed" | "undirected" | "chain"},
   "results": path (Glossa results, JSON Lines)}
and prints JSON in the shape of `glossa agreement --json`'s `relation_f1[control]`:
  {"pairs", "exact": tally, "overlap": tally, "types": {type: {"exact", "overlap"}},
   "chains": {type: {"muc", "b_cubed", "ceaf_e", "blanc", "conll"}}}
with a tally {"precision", "recall", "f1", "links": [first, second], "matched"}.

Relation F1 is computed here from the results' links: for each item, each pair of its
annotators in name order, a link of the first matches one of the second of the same type whose
passages match — exactly (same label, start and end) or by overlap (same label, a character in
common) — in order for a directed type, either way round otherwise. Links are paired one to one
so that as many as possible match (scipy's `linear_sum_assignment`), summed over pairs (micro).
"All" leaves chain types out; per type, a chain type's links count as links. The chains'
scores come from the PyPI `scorch` package (MUC, B³, CEAFₑ, BLANC; CoNLL is the mean of the
first three F1s), averaged over the pairs where at least one side has a chain of the type (a
pair where only one side has one scores 0).
"""
import json
import sys

import numpy as np
from scipy.optimize import linear_sum_assignment
from scorch.scores import b_cubed, blanc, ceaf_e, muc

job = json.load(open(sys.argv[1]))
cid, shapes = job["control"], job["shapes"]
results = [json.loads(l) for l in open(job["results"], encoding="utf-8") if l.strip()]


def who(r):
    ids = r.get("ids", {})
    for k in ("participant", "PROLIFIC_PID", "workerId", "assignmentId"):
        if k in ids:
            return ids[k]
    raise SystemExit(f"a result names no participant: {ids}")


# item -> annotator -> value (a later result of the same annotator replaces an earlier one)
by_item = {}
for r in results:
    v = r["answers"].get(cid)
    if isinstance(v, dict) and "links" in v:
        by_item.setdefault(r["item_id"], {})[who(r)] = v


def links(v):
    out = []
    for l in v["links"]:
        span = lambda s: (s["start"], s["end"], s["label"])
        out.append((l["label"], span(l["head"]), span(l["tail"]), shapes.get(l["label"], "directed") == "directed"))
    return out


def same_span(a, b, exact):
    if a[2] != b[2]:
        return False
    return (a[0], a[1]) == (b[0], b[1]) if exact else (a[0] < b[1] and b[0] < a[1])


def same_link(a, b, exact):
    if a[0] != b[0] or a[3] != b[3]:
        return False
    direct = same_span(a[1], b[1], exact) and same_span(a[2], b[2], exact)
    turned = not a[3] and same_span(a[1], b[2], exact) and same_span(a[2], b[1], exact)
    return direct or turned


def matched(key, response, exact):
    if not key or not response:
        return 0
    m = np.array([[1.0 if same_link(k, r, exact) else 0.0 for r in response] for k in key])
    rows, cols = linear_sum_assignment(m, maximize=True)
    return int(round(m[rows, cols].sum()))


def tally():
    return {"first": 0, "second": 0, "matched": 0}


def add(t, a, b, exact):
    t["first"] += len(a)
    t["second"] += len(b)
    t["matched"] += matched(a, b, exact)


def as_json(t):
    share = lambda n: t["matched"] / n if n else None
    f1 = 2 * t["matched"] / (t["first"] + t["second"]) if t["first"] + t["second"] else None
    return {"precision": share(t["second"]), "recall": share(t["first"]), "f1": f1,
            "links": [t["first"], t["second"]], "matched": t["matched"]}


chain_types = [t for t, s in shapes.items() if s == "chain"]
pairs = 0
every = {"exact": tally(), "overlap": tally()}
per_type = {t: {"exact": tally(), "overlap": tally()} for t in shapes}
chains = {}
for item in sorted(by_item):
    names = sorted(by_item[item])
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            pairs += 1
            va, vb = by_item[item][names[i]], by_item[item][names[j]]
            a, b = links(va), links(vb)
            plain = lambda ls: [l for l in ls if l[0] not in chain_types]
            for name, exact in (("exact", True), ("overlap", False)):
                add(every[name], plain(a), plain(b), exact)
                for t in shapes:
                    of = lambda ls: [l for l in ls if l[0] == t]
                    add(per_type[t][name], of(a), of(b), exact)
            for t in chain_types:
                ca = [{f"{s['start']}-{s['end']}" for s in c} for c in va.get("chains", {}).get(t, [])]
                cb = [{f"{s['start']}-{s['end']}" for s in c} for c in vb.get("chains", {}).get(t, [])]
                if not ca and not cb:
                    continue
                sums = chains.setdefault(t, {"pairs": 0, "f1": [0.0] * 5})
                sums["pairs"] += 1
                # One side with no chain of the type agrees on none: every score 0 (scorch
                # cannot score an empty side).
                if not ca or not cb:
                    continue
                # (scorch's fast BLANC uses numpy's removed `np.bool`; the plain one is the same sum.)
                f = [muc(ca, cb)[2], b_cubed(ca, cb)[2], ceaf_e(ca, cb)[2], blanc(ca, cb, fast=False)[2]]
                f.append((f[0] + f[1] + f[2]) / 3)
                sums["f1"] = [x + y for x, y in zip(sums["f1"], f)]

print(json.dumps({
    "pairs": pairs,
    "exact": as_json(every["exact"]),
    "overlap": as_json(every["overlap"]),
    "types": {t: {n: as_json(per_type[t][n]) for n in ("exact", "overlap")} for t in shapes},
    "chains": {t: dict(zip(["muc", "b_cubed", "ceaf_e", "blanc", "conll"], [float(x) / s["pairs"] for x in s["f1"]]))
               for t, s in chains.items()},
}))
