"""Independent computation of a listening test's figures, for tests/media.rs: reads the spec,
the items and the results as the widget wrote them, and prints for one rating control the MOS
per condition and per file with their standard deviation and 95 % confidence interval as
Microsoft's P.808 toolkit computes them (src/result_parser.py: statistics.stdev, then
1.96 * std / sqrt(n)), after ITU-R BS.1534-3's post-screening when the outputs name a hidden
reference (a listener who rates it below 90 on more than 15 % of their items is left out), and
after P.808's screening when a gold file is given (its result_parser.py's trapping and gold
questions: a listener who answers a trapping clip otherwise than it says, or a gold clip more
than the variance — the file's point_band — away from its answer, is left out, and those
clips are not in the MOS), and after the headphone check when the spec asks for one (Woods
et al. 2017; P.808's environment check): a listener any of whose results records the check as
not passed is left out.

Usage: listening_reference.py SPEC ITEMS RESULTS CONTROL [GOLD]
"""
import json
import math
import statistics
import sys
from collections import defaultdict


def summary(votes):
    n = len(votes)
    if n > 1:
        std = statistics.stdev(votes)
        return {"n": n, "mos": statistics.mean(votes), "std": std, "ci95": 1.96 * std / math.sqrt(n)}
    return {"n": n, "mos": statistics.mean(votes), "std": None, "ci95": None}


def main():
    spec_path, items_path, results_path, control = sys.argv[1:5]
    spec = json.load(open(spec_path, encoding="utf-8"))
    items = {i["id"]: i for i in json.load(open(items_path, encoding="utf-8"))}
    results = [json.loads(line) for line in open(results_path, encoding="utf-8") if line.strip()]
    block = next((b for b in spec["blocks"] if b["kind"] == "media"), None)
    rated = next(c for c in spec["controls"] if c["id"] == control)
    media_outputs = (rated.get("outputs") or {}).get("media")
    reference = (media_outputs or {}).get("hidden_reference")

    excluded = set()
    if reference:
        low, seen = defaultdict(int), defaultdict(int)
        for r in results:
            score = r["answers"].get(control, {}).get(reference)
            if score is not None:
                who = r["ids"]["participant"]
                seen[who] += 1
                low[who] += score < 90
        excluded = {w for w in seen if low[w] > 0.15 * seen[w]}

    questions = {}
    if len(sys.argv) > 5:
        gold = json.load(open(sys.argv[5], encoding="utf-8"))
        band = gold.get("point_band", 0)
        questions = {g["item_id"]: g for g in gold["items"]}
        for r in results:
            g = questions.get(r["item_id"])
            if g is None:
                continue
            for name, want in g["answers"].items():
                got = r["answers"].get(name)
                if g.get("kind") == "attention":
                    ok = got == want
                else:
                    ok = got is not None and abs(got - want) <= band
                if not ok:
                    excluded.add(r["ids"]["participant"])

    if spec.get("headphone_check") is not None:
        excluded |= {r["ids"]["participant"] for r in results
                     if r.get("headphones") is not None and not r["headphones"]["passed"]}

    files, conditions = defaultdict(list), defaultdict(list)
    for r in results:
        if r["ids"]["participant"] in excluded or r["item_id"] in questions or control not in r["answers"]:
            continue
        item = items[r["item_id"]]
        value = r["answers"][control]
        if isinstance(value, dict):
            for output, vote in value.items():
                files[f"{item['id']}/{output}"].append(vote)
                conditions[output].append(vote)
        else:
            files[item[block["field"]]].append(value)
            if block.get("condition_field") in item:
                conditions[item[block["condition_field"]]].append(value)

    print(json.dumps({
        "conditions": {k: summary(v) for k, v in sorted(conditions.items())},
        "files": {k: summary(v) for k, v in sorted(files.items())},
        "excluded": sorted(excluded),
    }))


if __name__ == "__main__":
    main()
