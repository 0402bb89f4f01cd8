"""An independent reference for ratings, for tests/ratings.rs.

Reads Glossa results (JSON Lines) from argv[1] and a control id from argv[2] and prints JSON:
{"alpha": ordinal or interval alpha (argv[3]) from the PyPI `krippendorff` package over units of
item × output, "systems": {output id: {"n", "mean", "z", "mean_over_ratings"}}} where z is
each annotator's `scipy.stats.zscore` (population standard deviation) over their values; each
system's mean (and z) is WMT's: per segment (item) the mean of its ratings, then the mean over
segments; "mean_over_ratings" is the mean over every rating.
"""
import json
import sys

import krippendorff
import numpy as np
from scipy import stats

results = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8") if l.strip()]
cid, level = sys.argv[2], sys.argv[3]
rows = []  # (annotator, item, output, value)
for r in results:
    for out, v in r["answers"][cid].items():
        if isinstance(v, (int, float)):
            rows.append((r["ids"]["participant"], r["item_id"], out, float(v)))
annotators = sorted({w for w, _, _, _ in rows})
units = sorted({(i, o) for _, i, o, _ in rows})
matrix = np.full((len(annotators), len(units)), np.nan)
for w, i, o, v in rows:
    matrix[annotators.index(w), units.index((i, o))] = v
alpha = float(krippendorff.alpha(reliability_data=matrix, level_of_measurement=level))
z = {}
for w in annotators:
    mine = [(i, o, v) for ww, i, o, v in rows if ww == w]
    zs = stats.zscore([v for _, _, v in mine]) if len(mine) > 1 else [0.0]
    for (i, o, v), zv in zip(mine, zs):
        z.setdefault(o, []).append((i, v, 0.0 if zv != zv else float(zv)))


def over_segments(vs, k):
    segs = {}
    for row in vs:
        segs.setdefault(row[0], []).append(row[k])
    means = [sum(x) / len(x) for x in segs.values()]
    return sum(means) / len(means)


systems = {o: {"n": len(vs), "mean": over_segments(vs, 1), "z": over_segments(vs, 2),
               "mean_over_ratings": {"mean": sum(r[1] for r in vs) / len(vs), "z": sum(r[2] for r in vs) / len(vs)}}
           for o, vs in z.items()}
print(json.dumps({"alpha": alpha, "systems": systems}))
