"""An independent reference for Glossa's significance clusters (tests/mqm_public.rs): reads the
per-segment scores of `glossa agreement --json` (error_scores.<control>.outputs) and computes,
with SciPy, each system's mean and 95% percentile-bootstrap interval over segments
(scipy.stats.bootstrap), each pair's one-sided paired permutation test over the segments both
were rated on (scipy.stats.permutation_test, permutation_type="samples", alternative="greater":
the null hypothesis that the better-scoring system is not better), and the clusters as
mt-metrics-eval's AssignRanks ranks them: the systems best first (lowest error score), a new
cluster starting at the first system that some system of the current cluster is significantly
better than (p <= 0.05).

Usage: significance_reference.py agreement.json control
"""
import json
import sys
from collections import defaultdict

import numpy as np
from scipy.stats import bootstrap, permutation_test

ALPHA = 0.05


def main():
    path, control = sys.argv[1], sys.argv[2]
    outputs = json.load(open(path, encoding="utf-8"))["error_scores"][control]["outputs"]
    scores = defaultdict(dict)
    for o in outputs:
        scores[o["output"]][o["item"]] = o["error_score"]
    rng = np.random.default_rng(2021)
    means = {s: float(np.mean(list(v.values()))) for s, v in scores.items()}
    systems = sorted(scores, key=lambda s: (means[s], s))
    ci = {}
    for s in systems:
        v = np.array(list(scores[s].values()))
        r = bootstrap((v,), np.mean, n_resamples=2000, method="percentile", random_state=rng)
        ci[s] = [float(r.confidence_interval.low), float(r.confidence_interval.high)]
    pairs = []
    for i, a in enumerate(systems):
        for b in systems[i + 1:]:
            common = sorted(set(scores[a]) & set(scores[b]))
            x = np.array([scores[b][k] for k in common])
            y = np.array([scores[a][k] for k in common])
            res = permutation_test(
                (x, y),
                lambda x, y, axis: np.mean(x - y, axis=axis),
                permutation_type="samples",
                vectorized=True,
                n_resamples=10000,
                alternative="greater",
                random_state=rng,
            )
            pairs.append({"better": a, "worse": b, "delta": float(np.mean(x - y)), "p": float(res.pvalue)})
    beats = {(p["better"], p["worse"]) for p in pairs if p["p"] <= ALPHA}
    clusters = []
    for s in systems:
        if clusters and not any((a, s) in beats for a in clusters[-1]):
            clusters[-1].append(s)
        else:
            clusters.append([s])
    print(json.dumps({"systems": systems, "means": means, "ci95": ci, "pairs": pairs, "clusters": clusters}))


main()
