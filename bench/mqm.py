#!/usr/bin/env python3
"""How `glossa validate`, `agreement`, `report` and `aggregate` grow on an MQM study (never
run by the tests: timings are not asserted). The study is the public en-de TED MQM ratings
(`tests/fixtures/mqm/`) read with the book's spec (`docs/src/mqm.md`) — items with
`glossa items --from mqm-tsv`, results with `glossa collect mqm-tsv` — copied under new item
ids until it has the size asked, each result given twice (a second rater with the same marks,
so every rated translation has two raters and agreement has units to pair), the lines
shuffled. Prints wall seconds and peak memory per command.

Usage: bench/mqm.py [--glossa target/release/glossa] [--copies 1,3,25]
(25 copies: 97,400 results.)
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

from analysis import run  # wall seconds and peak memory, as bench/analysis.py times

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def book_spec():
    chapter = open(os.path.join(ROOT, "docs/src/mqm.md"), encoding="utf-8").read()
    start = chapter.index("```json spec\n") + len("```json spec\n")
    return chapter[start:chapter.index("\n```", start)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--glossa", default=os.path.join(ROOT, "target/release/glossa"))
    ap.add_argument("--copies", default="1,3,25")
    ap.add_argument("--keep", help="a folder to keep the spec, items and results in (to profile a command on them)")
    ap.add_argument("--only", help="time only these commands (comma-separated: validate,agreement,report,aggregate)")
    args = ap.parse_args()
    g = args.glossa
    tsv = os.path.join(ROOT, "tests/fixtures/mqm/mqm_ted_ende.tsv")
    with tempfile.TemporaryDirectory() as tmp:
        d = args.keep or tmp
        os.makedirs(d, exist_ok=True)
        spec = os.path.join(d, "spec.json")
        open(spec, "w", encoding="utf-8").write(book_spec())
        items = [json.loads(l) for l in subprocess.run([g, "items", spec, tsv, "--from", "mqm-tsv"], capture_output=True, text=True, check=True).stdout.splitlines()]
        results = [json.loads(l) for l in subprocess.run([g, "collect", "mqm-tsv", tsv, "--spec", spec], capture_output=True, text=True, check=True).stdout.splitlines()]
        print("study: en-de TED MQM (book spec), each result given by two raters, lines shuffled")
        print("| copies | items | results | validate s | MB | agreement s | MB | report s | MB | aggregate s | MB |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for copies in [int(c) for c in args.copies.split(",")]:
            ip, rp = os.path.join(d, f"items-{copies}.jsonl"), os.path.join(d, f"results-{copies}.jsonl")
            lines = []
            with open(ip, "w", encoding="utf-8") as f:
                for k in range(copies):
                    for it in items:
                        f.write(json.dumps(dict(it, id=f"{it['id']}-{k}"), ensure_ascii=False) + "\n")
                    for r in results:
                        for second in ("", "-b"):
                            ids = {"participant": r["ids"]["participant"] + second}
                            lines.append(json.dumps(dict(r, item_id=f"{r['item_id']}-{k}", ids=ids), ensure_ascii=False))
            random.Random(1).shuffle(lines)
            open(rp, "w", encoding="utf-8").write("\n".join(lines) + "\n")
            commands = {
                "validate": [g, "validate", spec, ip, rp],
                "agreement": [g, "agreement", spec, rp, "--items", ip, "--json"],
                "report": [g, "report", spec, ip, rp, "--out", os.path.join(d, "r.html")],
                "aggregate": [g, "aggregate", spec, rp, "--items", ip],
            }
            only = args.only.split(",") if args.only else list(commands)
            timed = [run(c) if name in only else None for name, c in commands.items()]
            cells = " | ".join("– | –" if t is None else f"{t[0]:.2f} | {t[1] / 1024:.0f}" for t in timed)
            print(f"| {copies} | {copies * len(items)} | {len(lines)} | {cells} |")
            sys.stdout.flush()


main()
