"""Independent computation of the model-versus-annotators findings, for tests/suggestions.rs:
reads the results as the widget wrote them (answers and provenance) and prints, per control,
Krippendorff's alpha without and with the model as one more annotator (the PyPI
`krippendorff` package), the model's precision, recall and F1 against the annotators' strict
majority (scikit-learn's `precision_recall_fscore_support` for a choice; spans by its own
set arithmetic, exact and overlapping), its correlation with the annotators' mean (scipy's
`pearsonr`, `spearmanr`, `kendalltau`), the decisions per label, and the anchoring effect
(the mean agreement with the model where its suggestions were shown minus where they were
hidden, with a normal-approximation 95% interval).

Usage: models_reference.py RESULTS
"""
import json
import math
import sys
from collections import defaultdict

import krippendorff
import numpy as np
from scipy.stats import kendalltau, norm, pearsonr, spearmanr
from sklearn.metrics import precision_recall_fscore_support


def who(r):
    return r["ids"]["participant"]


def alpha(results, control, level, value, model=None):
    annotators = sorted({who(r) for r in results if control in r["answers"]})
    items = sorted({r["item_id"] for r in results})
    cats = {}
    rows = []
    for a in annotators:
        row = []
        for i in items:
            v = next((value(r["answers"][control]) for r in results
                      if who(r) == a and r["item_id"] == i and control in r["answers"]), None)
            row.append(v)
        rows.append(row)
    if model is not None:
        rows.append([value(model[i]) if i in model else None for i in items])
    if level == "nominal":
        for row in rows:
            for v in row:
                if v is not None:
                    cats.setdefault(v, len(cats))
        data = [[np.nan if v is None else cats[v] for v in row] for row in rows]
    else:
        data = [[np.nan if v is None else float(v) for v in row] for row in rows]
    return krippendorff.alpha(reliability_data=np.array(data, dtype=float), level_of_measurement=level)


def spans(v):
    return {(s["label"], s["first_word"], s["last_word"]) for s in v["spans"]}


def main():
    results = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8") if l.strip()]
    out = {}
    model = {c: {} for c in ["entities", "sentiment", "quality"]}
    for r in results:
        for c, p in r.get("provenance", {}).items():
            model[c].setdefault(r["item_id"], p["suggested"])
    by_item = defaultdict(lambda: defaultdict(list))
    for r in results:
        for c, v in r["answers"].items():
            by_item[c][r["item_id"]].append(v)

    # Alpha without and with the model.
    out["alpha"] = {
        "sentiment": [alpha(results, "sentiment", "nominal", lambda v: v),
                      alpha(results, "sentiment", "nominal", lambda v: v, model["sentiment"])],
        "quality": [alpha(results, "quality", "interval", lambda v: v),
                    alpha(results, "quality", "interval", lambda v: v, model["quality"])],
    }

    # Spans against the strict majority, exact and overlapping, per label and micro.
    def tallies(overlap):
        t = defaultdict(lambda: [0, 0, 0, 0])
        for item, m in model["entities"].items():
            answers = by_item["entities"].get(item)
            if not answers:
                continue
            count = defaultdict(int)
            for a in answers:
                for s in spans(a):
                    count[s] += 1
            majority = {s for s, c in count.items() if 2 * c > len(answers)}
            predicted = spans(m)
            hit = (lambda a, b: a[0] == b[0] and a[1] <= b[2] and b[1] <= a[2]) if overlap else (lambda a, b: a == b)
            for s in predicted:
                t[s[0]][1] += 1
                t[s[0]][0] += any(hit(s, h) for h in majority)
            for h in majority:
                t[h[0]][3] += 1
                t[h[0]][2] += any(hit(s, h) for s in predicted)
        def prf(c):
            p = c[0] / c[1] if c[1] else 0.0
            r = c[2] / c[3] if c[3] else 0.0
            return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0}
        micro = [sum(c[k] for c in t.values()) for k in range(4)]
        return {"labels": {l: prf(c) for l, c in t.items()}, "micro": prf(micro)}
    out["spans"] = {"exact": tallies(False), "overlap": tallies(True)}

    # The choice against the strict majority: scikit-learn.
    y_true, y_pred = [], []
    for item, m in model["sentiment"].items():
        answers = by_item["sentiment"].get(item, [])
        count = defaultdict(int)
        for a in answers:
            count[a] += 1
        top = [v for v, c in count.items() if 2 * c > len(answers)]
        if top:
            y_true.append(top[0])
            y_pred.append(m)
    labels = sorted(set(y_true) | set(y_pred))
    p, r, f, s = precision_recall_fscore_support(y_true, y_pred, labels=labels, zero_division=0)
    mp, mr, mf, _ = precision_recall_fscore_support(y_true, y_pred, labels=labels, average="micro", zero_division=0)
    out["choice"] = {"labels": {l: {"precision": p[k], "recall": r[k], "f1": f[k], "support": int(s[k])} for k, l in enumerate(labels)},
                     "micro": {"precision": mp, "recall": mr, "f1": mf}, "items": len(y_true)}

    # The slider against the annotators' mean: scipy.
    xs, ys = [], []
    for item, m in model["quality"].items():
        answers = by_item["quality"].get(item)
        if answers:
            xs.append(float(m))
            ys.append(sum(answers) / len(answers))
    out["correlation"] = {"n": len(xs), "pearson": pearsonr(xs, ys)[0], "spearman": spearmanr(xs, ys)[0],
                          "kendall_tau_b": kendalltau(xs, ys)[0]}

    # Decisions per suggested label.
    decisions = defaultdict(lambda: defaultdict(int))
    for r in results:
        p = r.get("provenance", {}).get("entities")
        if not p or not p["shown"]:
            continue
        for u in p["units"]:
            part = u["suggested"] if "suggested" in u else u["answer"]
            # A string or a labelled part is its label; a number or yes/no its value; any other
            # whole answer one part.
            if isinstance(part, str):
                label = part
            elif isinstance(part, dict) and "label" in part:
                label = part["label"]
            elif isinstance(part, (bool, int, float)):
                label = json.dumps(part)
            else:
                label = "(the whole answer)"
            if "suggested" in u:
                decisions[label]["suggested"] += 1
            decisions[label][u["decision"]] += 1
    out["decisions"] = {l: dict(d) for l, d in decisions.items()}

    # Anchoring on the spans: F1 of exact matches with the model per result, shown vs hidden.
    def agree(a, m):
        a, m = {(s["label"], s["first_word"], s["last_word"]) for s in a["spans"]}, spans(m)
        if not a and not m:
            return 1.0
        hit = len(a & m)
        p = hit / len(m) if m else 0.0
        r = hit / len(a) if a else 0.0
        return 2 * p * r / (p + r) if p + r else 0.0
    groups = {True: [], False: []}
    for r in results:
        p = r.get("provenance", {}).get("entities")
        if p and "entities" in r["answers"]:
            groups[p["shown"]].append(agree(r["answers"]["entities"], model["entities"][r["item_id"]]))
    a, b = np.array(groups[True]), np.array(groups[False])
    d = a.mean() - b.mean()
    se = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    z = norm.ppf(0.975)
    out["anchoring"] = {"shown": a.mean(), "hidden": b.mean(), "n_shown": len(a), "n_hidden": len(b),
                        "effect": d, "ci95": [d - z * se, d + z * se]}
    print(json.dumps(out))


main()
