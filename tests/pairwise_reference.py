"""An independent reference for pairwise preferences, for tests/pairwise.rs.

Reads Glossa results (JSON Lines) from argv[1], a control id and a criterion from argv[2] and
argv[3] ("" for one judgement), and prints JSON: {"fleiss": statsmodels' fleiss_kappa over the
items (categories: the winner's id or "tie"), "cohen": statsmodels' cohens_kappa when exactly two
annotators judged, "agreement": the share of agreeing annotator pairs, "bt": choix's MM
Bradley-Terry log-strengths (centred; a tie is half a win each way: every decisive judgement is
given twice and a tie once each way), "win_rate": per system}.
"""
import json
import sys
from itertools import combinations

import choix
import numpy as np
from statsmodels.stats.inter_rater import cohens_kappa, fleiss_kappa

results = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8") if l.strip()]
cid, crit = sys.argv[2], sys.argv[3]
rows = []  # (item, who, pair, winner or None)
for r in results:
    v = r["answers"][cid]
    p = v[crit] if crit else v
    pair = tuple(sorted([p["winner"], p["loser"]])) if p["winner"] else None
    rows.append((r["item_id"], r["ids"]["participant"], pair, p["winner"]))
items = sorted({i for i, _, _, _ in rows})
cats = sorted({w or "tie" for _, _, _, w in rows})
table = np.zeros((len(items), len(cats)))
for i, _, _, w in rows:
    table[items.index(i), cats.index(w or "tie")] += 1
out = {"fleiss": float(fleiss_kappa(table)) if len(cats) > 1 else None}
who = sorted({w for _, w, _, _ in rows})
if len(who) == 2:
    by = {(i, w): (x or "tie") for i, w, _, x in rows}
    both = [i for i in items if (i, who[0]) in by and (i, who[1]) in by]
    ct = np.zeros((len(cats), len(cats)))
    for i in both:
        ct[cats.index(by[(i, who[0])]), cats.index(by[(i, who[1])])] += 1
    out["cohen"] = float(cohens_kappa(ct).kappa)
agree = pairs = 0
for i in items:
    mine = [x or "tie" for ii, _, _, x in rows if ii == i]
    for a, b in combinations(mine, 2):
        pairs += 1
        agree += a == b
out["agreement"] = agree / pairs if pairs else None
# Systems: the pair of a tie is not in the result's winner/loser; read it from the items.
items_file = json.load(open(sys.argv[4]))
pair_of = {it["id"]: tuple(sorted(o["id"] for o in it[sys.argv[5]])) for it in items_file}
names = sorted({s for i, _, _, _ in rows for s in pair_of[i]})
data, wins, seen = [], {n: 0.0 for n in names}, {n: 0 for n in names}
for i, _, _, w in rows:
    a, b = pair_of[i]
    seen[a] += 1
    seen[b] += 1
    if w:
        l = b if w == a else a
        data += [(names.index(w), names.index(l))] * 2
        wins[w] += 1
    else:
        data += [(names.index(a), names.index(b)), (names.index(b), names.index(a))]
        wins[a] += 0.5
        wins[b] += 0.5
params = choix.mm_pairwise(len(names), data, max_iter=100000, tol=1e-12)
params = params - params.mean()
out["bt"] = {n: float(params[k]) for k, n in enumerate(names)}
out["win_rate"] = {n: wins[n] / seen[n] for n in names}
print(json.dumps(out))
