#!/usr/bin/env python3
"""How `glossa agreement`, `report` and `aggregate` grow with a study (never run by the tests:
timings are not asserted). For each size it makes a study by repeating a shipped example's
items under new ids, simulates 5 annotators (`glossa simulate`), shuffles the results' order,
then times each command (wall seconds and peak memory, from /usr/bin/time) and prints a table:
a command that is linear grows by the same factor as the items.

Usage: bench/analysis.py [--glossa target/release/glossa] [--example en-emotions]
                         [--sizes 200,1000,5000] [--crowd-kit tests/.venv/bin/python]
With --crowd-kit (a Python with crowd-kit, as `scripts/test.sh` installs it), the same votes
are also aggregated by crowd-kit (`tests/aggregate_reference.py`: its Dawid–Skene, MACE and
majority vote, each task's posteriors printed), beside `glossa aggregate --json` (the same three,
the same posteriors).
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
    ap.add_argument("--crowd-kit", dest="crowd_kit", default=None)
    args = ap.parse_args()
    ex = os.path.join(ROOT, "www/examples", args.example)
    spec = os.path.join(ex, "spec.json")
    base = json.load(open(os.path.join(ex, "items.json"), encoding="utf-8"))
    print(f"study: {args.example}, 5 simulated annotators, results in shuffled order")
    ck = ["crowd-kit s | MB"] if args.crowd_kit else []
    print("| " + " | ".join(["items | results | aggregation tasks | agreement s | MB | report s | MB | aggregate s | MB | aggregate --json s | MB"] + ck) + " |")
    print("|" + "---:|" * (11 + 2 * len(ck)))
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
            s = run([args.glossa, "aggregate", spec, rp, "--items", ip])
            g = run([args.glossa, "aggregate", spec, rp, "--items", ip, "--json"], out=agg)
            got = json.load(open(agg))
            tasks = sum(v["tasks"] for v in got.values())
            row = [n, len(sim), tasks] + [f"{x[0]:.2f} | {x[1] / 1024:.0f}" for x in (a, r, s, g)]
            if args.crowd_kit:
                c = run([args.crowd_kit, os.path.join(ROOT, "tests/aggregate_reference.py"), spec, ip, rp])
                row.append(f"{c[0]:.2f} | {c[1] / 1024:.0f}")
            print("| " + " | ".join(str(x) for x in row) + " |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
