#!/usr/bin/env python3
"""How `glossa agreement`, `report` and `aggregate` grow with a study (never run by the tests:
timings are not asserted). For each size it makes a study by repeating a shipped example's
items under new ids, simulates 5 annotators (`glossa simulate`), shuffles the results' order,
then times each command (wall seconds and peak memory, from /usr/bin/time) and prints a table:
a command that is linear grows by the same factor as the items.

Usage: bench/analysis.py [--glossa target/release/glossa] [--example en-emotions]
                         [--sizes 200,1000,5000]
Studies: en-emotions (a multiple choice: a vote per item and option), en-ner (labelled spans:
a vote per word), de-esa (spans and a score asked per output).
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd, out=None):
    """Wall seconds and peak resident KB of a command."""
    started = time.monotonic()
    with open(out or os.devnull, "w") as sink:
        p = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=sink, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - started
    peak = int(p.stderr.strip().splitlines()[-1])
    return wall, peak


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--glossa", default=os.path.join(ROOT, "target/release/glossa"))
    ap.add_argument("--example", default="en-emotions")
    ap.add_argument("--sizes", default="200,1000,5000")
    args = ap.parse_args()
    ex = os.path.join(ROOT, "www/examples", args.example)
    spec = os.path.join(ex, "spec.json")
    base = json.load(open(os.path.join(ex, "items.json"), encoding="utf-8"))
    print(f"study: {args.example}, 5 simulated annotators, results in shuffled order")
    print("| items | results | aggregation tasks | agreement s | MB | report s | MB | aggregate s | MB |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in [int(s) for s in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory() as d:
            items = [dict(base[i % len(base)], id=f"{base[i % len(base)]['id']}-{i}") for i in range(n)]
            for it in items:
                it.pop("suggestions", None)
            ip = os.path.join(d, "items.json")
            json.dump(items, open(ip, "w"))
            rp = os.path.join(d, "results.jsonl")
            sim = subprocess.run([args.glossa, "simulate", spec, ip, "--annotators", "5", "--seed", "1"],
                                 capture_output=True, text=True, check=True).stdout.splitlines()
            random.Random(1).shuffle(sim)
            open(rp, "w").write("\n".join(sim) + "\n")
            agg = os.path.join(d, "agg.json")
            a = run([args.glossa, "agreement", spec, rp, "--items", ip, "--json"])
            r = run([args.glossa, "report", spec, ip, rp, "--out", os.path.join(d, "r.html")])
            g = run([args.glossa, "aggregate", spec, rp, "--items", ip, "--json"], out=agg)
            got = json.load(open(agg))
            tasks = sum(v["tasks"] for v in got.values())
            print(f"| {n} | {len(sim)} | {tasks} | {a[0]:.2f} | {a[1] / 1024:.0f} | {r[0]:.2f} | {r[1] / 1024:.0f} | {g[0]:.2f} | {g[1] / 1024:.0f} |")
            sys.stdout.flush()


main()
