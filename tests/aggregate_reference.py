"""crowd-kit's aggregation of the same votes, for tests/aggregate.rs: reads the results as the
widget writes them and the items, makes crowd-kit's (task, worker, label) table for each
control as `glossa aggregate` documents it (a single choice per item; a multiple choice yes or
no per item and option; labelled spans a label per word, O for none), and prints crowd-kit's
DawidSkene and MACE posteriors and competences, and MajorityVote's labels.

MACE is run from Glossa's even start (every worker knowing with chance 0.5, guessing
uniformly; one restart) instead of crowd-kit's random one, and with names factorised in sorted
order: crowd-kit indexes its M-step's counts, which pandas sorts by worker and label, with
codes in order of first appearance, so the two orders must agree.

Usage: aggregate_reference.py SPEC ITEMS RESULTS
"""
import json
import sys

import numpy as np
import pandas as pd
from crowdkit.aggregation import DawidSkene, MACE, MajorityVote
from crowdkit.aggregation.classification import mace as mace_module


def table(spec, items, results, control):
    kind = next(c for c in spec["controls"] if c["id"] == control)
    words = {i["id"]: len(i.get("text", "").split()) for i in items}
    rows = []
    for r in results:
        v = r["answers"].get(control)
        if v is None:
            continue
        who, item = r["ids"]["participant"], r["item_id"]
        if kind["kind"] == "single_choice":
            rows.append((item, who, v))
        elif kind["kind"] == "multiple_choice":
            for o in kind["options"]:
                rows.append((f"{item}#{o['value']}", who, "yes" if o["value"] in v else "no"))
        else:
            for w in range(words[item]):
                labels = sorted({s["label"] for s in v["spans"] if s["first_word"] <= w <= s["last_word"]})
                rows.append((f"{item}#{w:05}", who, "+".join(labels) or "O"))
    return pd.DataFrame(rows, columns=["task", "worker", "label"])


def main():
    spec = json.load(open(sys.argv[1], encoding="utf-8"))
    items = json.load(open(sys.argv[2], encoding="utf-8"))
    results = [json.loads(l) for l in open(sys.argv[3], encoding="utf-8") if l.strip()]
    original = pd.factorize
    mace_module.pd.factorize = lambda values, **kw: original(values, sort=True)

    def even(self, n_workers, n_labels):
        self.spamming_ = np.full((n_workers, 2), 0.5)
        self.thetas_ = np.full((n_workers, n_labels), 1.0 / n_labels)
        self.theta_priors_ = np.empty((n_workers, 2))
        self.theta_priors_[:, 0] = self.alpha
        self.theta_priors_[:, 1] = self.beta
        self.strategy_priors_ = np.multiply(10.0, np.ones((n_workers, n_labels)), dtype=np.float64)
    MACE._initialize = even

    out = {}
    for control in [c["id"] for c in spec["controls"]]:
        df = table(spec, items, results, control)
        ds = DawidSkene(n_iter=100, tol=1e-5).fit(df)
        mace = MACE(n_restarts=1, n_iter=50, method="vb").fit(df)
        workers = sorted(df.worker.unique())
        errors = ds.errors_
        priors = ds.priors_
        ds_competence = {}
        for w in workers:
            e = errors.loc[w]
            ds_competence[w] = float(sum(priors[c] * (e.loc[c, c] if c in e.index else 0.0) for c in priors.index))
        mv = MajorityVote().fit(df)
        out[control] = {
            "dawid_skene": {"posteriors": {t: {str(l): float(p) for l, p in row.items()} for t, row in ds.probas_.iterrows()},
                            "competence": ds_competence, "labels": {t: str(l) for t, l in ds.labels_.items()}},
            "mace": {"posteriors": {t: {str(l): float(p) for l, p in row.items()} for t, row in mace.probas_.iterrows()},
                     "competence": {w: float(mace.spamming_[k, 1]) for k, w in enumerate(workers)},
                     "labels": {t: str(l) for t, l in mace.labels_.items()}},
            "majority_vote": {"labels": {t: str(l) for t, l in mv.labels_.items()}},
        }
    print(json.dumps(out))


main()
