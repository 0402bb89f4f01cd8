"""An independent reference for labelled spans, for tests/span_labels_reference.rs.

Reads a JSON job from argv[1]:
  {"control": id, "text_field": field, "labels": [values], "words": {item_id: word count},
   "items": path (JSON list), "results": path (Glossa results, JSON Lines),
   "label_studio": path, "spacy": path, "conll": path}
and prints JSON:
  {"alpha": {key: alpha or null}, "f1": {"all"|label: {"exact": {p, r, f1}, "overlap": {...}}},
   "label_studio": [problems], "spacy": [problems], "conll": [problems]}

Alpha comes from the PyPI `krippendorff` package over a reliability matrix built here from
the raw results (one unit per word of every item answered; per label 1/0, and every label
together as the sorted labels joined by "+", "O" for none). Span F1 is computed here from the
spans' words: for each item, each pair of its annotators in name order, exact (same label, first
and last word) and overlap (same label, a shared word) matches, summed over pairs (micro).
The exports are read back and every span sliced out of its text (Python slices code points).
"""
import json
import sys

import krippendorff
import numpy as np

job = json.load(open(sys.argv[1]))
cid, field, labels = job["control"], job["text_field"], job["labels"]
items = {i["id"]: i for i in json.load(open(job["items"]))}
results = [json.loads(l) for l in open(job["results"], encoding="utf-8") if l.strip()]


def who(r):
    return r["ids"]["participant"]


# item -> annotator -> list of (label, first_word, last_word, start, end, text)
by_item = {}
for r in results:
    v = r["answers"][cid]
    by_item.setdefault(r["item_id"], {})[who(r)] = [
        (s["label"], s["first_word"], s["last_word"], s["start"], s["end"], s["text"]) for s in v["spans"]
    ]
annotators = sorted({who(r) for r in results})


def alpha(cell):
    columns = []
    for item in sorted(by_item):
        for w in range(job["words"][item]):
            col = []
            for a in annotators:
                spans = by_item[item].get(a)
                col.append(None if spans is None else cell(spans, w))
            columns.append(col)
    codes = {}
    data = [[np.nan if c[k] is None else codes.setdefault(c[k], len(codes)) for c in columns] for k in range(len(annotators))]
    if len(codes) < 2:
        # One value everywhere: krippendorff refuses; alpha is undefined (no disagreement possible).
        return None
    a = krippendorff.alpha(reliability_data=np.array(data, dtype=float), level_of_measurement="nominal")
    return None if a != a else float(a)


def tags(spans, w):
    return sorted({s[0] for s in spans if s[1] <= w <= s[2]})


out = {"alpha": {}, "f1": {}}
for l in labels:
    out["alpha"][f"{cid}.{l}"] = alpha(lambda spans, w, l=l: "1" if l in tags(spans, w) else "0")
out["alpha"][cid] = alpha(lambda spans, w: "+".join(tags(spans, w)) or "O")


def f1(label):
    res = {}
    for mode in ("exact", "overlap"):
        first = second = recalled = precise = 0
        for item in sorted(by_item):
            names = sorted(by_item[item])
            for i in range(len(names)):
                for j in range(i + 1, len(names)):
                    a = {(s[0], s[1], s[2]) for s in by_item[item][names[i]] if label is None or s[0] == label}
                    b = {(s[0], s[1], s[2]) for s in by_item[item][names[j]] if label is None or s[0] == label}

                    def hit(x, ys):
                        if mode == "exact":
                            return x in ys
                        return any(x[0] == y[0] and x[1] <= y[2] and y[1] <= x[2] for y in ys)

                    first += len(a)
                    second += len(b)
                    recalled += sum(1 for x in a if hit(x, b))
                    precise += sum(1 for y in b if hit(y, a))
        p = precise / second if second else None
        r = recalled / first if first else None
        f = None if p is None or r is None else (0.0 if p + r == 0 else 2 * p * r / (p + r))
        res[mode] = {"precision": p, "recall": r, "f1": f}
    return res


out["f1"]["all"] = f1(None)
for l in labels:
    out["f1"][l] = f1(l)

# The spans every result holds, as (item, annotator, label, start, end).
truth = sorted((r["item_id"], who(r), s["label"], s["start"], s["end"]) for r in results for s in r["answers"][cid]["spans"])

problems = []
back = []
for task in json.load(open(job["label_studio"])):
    text = task["data"][field]
    item = task["data"]["item_id"]
    for ann in task["annotations"]:
        for res in ann["result"]:
            if res["type"] != "labels":
                continue
            v = res["value"]
            if text[v["start"]:v["end"]] != v["text"]:
                problems.append(f"label studio: {item} {v}: slices to {text[v['start']:v['end']]!r}")
            back.append((item, ann["meta"]["annotator"], v["labels"][0], v["start"], v["end"]))
if sorted(back) != truth:
    problems.append(f"label studio: the regions are not the results' spans: {sorted(back)} != {truth}")
out["label_studio"] = problems

problems = []
back = []
for line in open(job["spacy"], encoding="utf-8"):
    d = json.loads(line)
    for s in d["spans"]:
        if d["text"][s["start"]:s["end"]] != s["text"]:
            problems.append(f"spacy: {s} slices to {d['text'][s['start']:s['end']]!r}")
        back.append((d["meta"]["item_id"], d["meta"]["annotator"], s["label"], s["start"], s["end"]))
if sorted(back) != truth:
    problems.append("spacy: the spans are not the results' spans")
out["spacy"] = problems

# CoNLL: BIO tags read back into word spans; every span that does not overlap an earlier one
# (in the result's order) must come back.
problems = []
docs = open(job["conll"], encoding="utf-8").read().strip("\n").split("\n\n")
back = []
for doc in docs:
    lines = doc.split("\n")
    item = lines[0].split(" = ", 1)[1]
    ann = lines[1].split(" = ", 1)[1]
    tags_ = [l.split("\t")[1] for l in lines[2:]]
    if len(tags_) != job["words"][item]:
        problems.append(f"conll: {item}/{ann}: {len(tags_)} tokens, the text has {job['words'][item]} words")
    start = None
    for w, t in enumerate(tags_ + ["O"]):
        if start is not None and not t.startswith("I-"):
            back.append((item, ann, label, start, w - 1))
            start = None
        if t.startswith("B-"):
            start, label = w, t[2:]
want = []
for r in results:
    taken = set()
    for s in r["answers"][cid]["spans"]:
        words = set(range(s["first_word"], s["last_word"] + 1))
        if not words & taken:
            taken |= words
            want.append((r["item_id"], who(r), s["label"], s["first_word"], s["last_word"]))
if sorted(back) != sorted(want):
    problems.append(f"conll: the tags are not the results' spans: {sorted(back)} != {sorted(want)}")
out["conll"] = problems

print(json.dumps(out))
