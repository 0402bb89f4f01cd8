"""Independent computation of error scores from labelled error spans (MQM, ESA), for
tests/sections.rs: reads the spec and the results as the widget wrote them, with its own
code and scipy's pearsonr and spearmanr, and prints per system the mean weighted error count
and the mean direct score, and the correlations between the two (overall and per annotator).

Usage: error_scores_reference.py SPEC RESULTS SPAN_CONTROL DIRECT_CONTROL
"""
import json
import sys
from collections import defaultdict

from scipy.stats import pearsonr, spearmanr

STANDARD = {"minor": 1, "major": 5, "critical": 10, "non_translation": 25, "non-translation": 25}


def main():
    spec_path, results_path, span_id, direct_id = sys.argv[1:5]
    spec = json.load(open(spec_path, encoding="utf-8"))
    control = next(c for c in spec["controls"] if c["id"] == span_id)
    section = next(b for b in spec["blocks"] if b["kind"] == "section" and span_id in b["controls"])
    weights = section.get("weights") or STANDARD
    attribute_order = [a["id"] for a in control.get("attributes", [])]

    def weight(span):
        if span["label"] in weights:
            return weights[span["label"]]
        for a in attribute_order:
            v = span.get("attributes", {}).get(a)
            if v in weights:
                return weights[v]
        return 1

    units = []  # (who, item, output, errors, direct or None)
    for line in open(results_path, encoding="utf-8"):
        if not line.strip():
            continue
        r = json.loads(line)
        who = r["ids"]["participant"]
        spans = r["answers"].get(span_id, {})
        direct = r["answers"].get(direct_id, {})
        for output in sorted(set(spans) | set(direct)):
            errors = sum(weight(s) for s in spans.get(output, {}).get("spans", []))
            units.append((who, r["item_id"], output, errors, direct.get(output)))

    systems = defaultdict(list)
    segments = defaultdict(list)
    for who, item, output, errors, d in units:
        systems[output].append((errors, d))
        segments[(output, item)].append((errors, d))
    out = {"systems": {}}
    for s, rows in systems.items():
        ds = [d for _, d in rows if d is not None]
        # WMT's system score: per segment the raters' mean, then the mean over segments.
        means = [(sum(e for e, _ in r) / len(r), [d for _, d in r if d is not None]) for (o, _), r in segments.items() if o == s]
        seg_ds = [sum(d) / len(d) for _, d in means if d]
        out["systems"][s] = {
            "units": len(rows),
            "error_score": sum(e for e, _ in means) / len(means),
            "direct": sum(seg_ds) / len(seg_ds),
            "mean_over_ratings": {"error_score": sum(e for e, _ in rows) / len(rows), "direct": sum(ds) / len(ds)},
        }

    def corr(rows):
        pairs = [(e, d) for e, d in rows if d is not None]
        xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
        if len(pairs) < 3 or len(set(xs)) < 2 or len(set(ys)) < 2:
            return {"pearson": None, "spearman": None, "n": len(pairs)}
        return {"pearson": float(pearsonr(xs, ys).statistic), "spearman": float(spearmanr(xs, ys).statistic), "n": len(pairs)}

    out["overall"] = corr([(e, d) for _, _, _, e, d in units])
    annotators = sorted({u[0] for u in units})
    out["per_annotator"] = {w: corr([(e, d) for who, _, _, e, d in units if who == w]) for w in annotators}
    print(json.dumps(out))


main()
