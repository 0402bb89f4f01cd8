"""An independent reference for rankings, for tests/ranking.rs.

argv: results (JSON Lines), control id, items (JSON), outputs field, mode (rank | best_worst).
Rank: prints {"alpha": krippendorff's ordinal alpha over item × output (the ranks), "w": the mean
over items of Kendall's W from scipy's Friedman chi-square (W = chi2 / (m (n - 1)), ties
corrected), "mean_rank": per system}. Best–worst: {"score": per system (best - worst) /
appearances}.
"""
import json
import sys

import krippendorff
import numpy as np
from scipy import stats

results = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8") if l.strip()]
cid, items, field, mode = sys.argv[2], json.load(open(sys.argv[3])), sys.argv[4], sys.argv[5]
outputs = {it["id"]: [o["id"] for o in it[field]] for it in items}
out = {}
if mode == "rank":
    who = sorted({r["ids"]["participant"] for r in results})
    units = sorted({(r["item_id"], o) for r in results for o in r["answers"][cid]["ranks"]})
    m = np.full((len(who), len(units)), np.nan)
    for r in results:
        for o, k in r["answers"][cid]["ranks"].items():
            m[who.index(r["ids"]["participant"]), units.index((r["item_id"], o))] = k
    out["alpha"] = float(krippendorff.alpha(reliability_data=m, level_of_measurement="ordinal"))
    ws = []
    for item, objs in outputs.items():
        mine = [r["answers"][cid]["ranks"] for r in results if r["item_id"] == item]
        if len(mine) < 2:
            continue
        cols = [[rk[o] for rk in mine] for o in objs]
        chi2 = stats.friedmanchisquare(*cols).statistic
        ws.append(chi2 / (len(mine) * (len(objs) - 1)))
    out["w"] = sum(ws) / len(ws)
    ranks = {}
    for r in results:
        for o, k in r["answers"][cid]["ranks"].items():
            ranks.setdefault(o, []).append(k)
    out["mean_rank"] = {o: sum(v) / len(v) for o, v in ranks.items()}
else:
    seen, best, worst = {}, {}, {}
    for r in results:
        for o in outputs[r["item_id"]]:
            seen[o] = seen.get(o, 0) + 1
        v = r["answers"][cid]
        best[v["best"]] = best.get(v["best"], 0) + 1
        worst[v["worst"]] = worst.get(v["worst"], 0) + 1
    out["score"] = {o: (best.get(o, 0) - worst.get(o, 0)) / n for o, n in seen.items()}
print(json.dumps(out))
