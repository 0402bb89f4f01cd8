"""The reference for tests/coreference_reference.rs: the PyPI `scorch` package's coreference
scores (MUC, B³, CEAFₘ, CEAFₑ, BLANC) of every response of the CoNLL reference scorer's test
cases (tests/fixtures/coreference) against its key.

Prints JSON: a list of {"case", "key", "response", "scores": {name: [recall, precision, f1]}},
each side's clusters as lists of mentions ("document/sentence/first token/last token", sorted).
The CoNLL files are read here: the last column holds each token's chain marks, `(1` opening
chain 1's mention, `1)` closing it, `(1)` a one-token mention, several joined by `|` (or
written one after another: `1)1)`).
"""
import json
import os
import re
import sys

from scorch.scores import b_cubed, blanc, ceaf_e, ceaf_m, muc

folder = sys.argv[1]


def chains(path):
    clusters, open_at, doc, sentence, token = {}, {}, None, 0, 0
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("#begin document"):
            doc, sentence, token = line, 0, 0
            continue
        if line.startswith("#end document"):
            continue
        if not line.strip():
            sentence, token = sentence + 1, 0
            continue
        cols = line.split()
        marks = cols[-1]
        if marks != "-":
            for mark in re.findall(r"\(\d+\)|\(\d+|\d+\)", marks):
                chain = mark.strip("()")
                if mark.startswith("(") and mark.endswith(")"):
                    clusters.setdefault(chain, set()).add(f"{doc}/{sentence}/{token}/{token}")
                elif mark.startswith("("):
                    open_at.setdefault(chain, []).append(token)
                else:
                    first = open_at[chain].pop()
                    clusters.setdefault(chain, set()).add(f"{doc}/{sentence}/{first}/{token}")
        token += 1
    return [c for _, c in sorted(clusters.items())]


out = []
for name in sorted(os.listdir(folder)):
    if not name.endswith(".response"):
        continue
    case = name[: -len(".response")]
    key = chains(os.path.join(folder, case.rsplit("-", 1)[0] + ".key"))
    response = chains(os.path.join(folder, name))
    scores = {
        "muc": muc(key, response),
        "b_cubed": b_cubed(key, response),
        "ceaf_m": ceaf_m(key, response),
        "ceaf_e": ceaf_e(key, response),
        # (scorch's fast BLANC uses numpy's removed `np.bool`; the plain one is the same sum.)
        "blanc": blanc(key, response, fast=False),
    }
    out.append({
        "case": case,
        "key": [sorted(c) for c in key],
        "response": [sorted(c) for c in response],
        "scores": {k: [float(x) for x in v] for k, v in scores.items()},
    })
print(json.dumps(out))
