"""Reads a folder `glossa export dataset` wrote with the field's own tools, independently of
Glossa, and compares every value with the results it was made from (`tests/dataset.rs`).

usage: dataset_reference.py FOLDER ITEMS RESULTS SALT keep|drop (the free-text notes)

- `datasets.load_dataset("parquet", data_files=…)` for every table and split, and
  `datasets.load_dataset(FOLDER, config)` for every config of the card;
- `pandas.read_parquet` and `pyarrow.parquet.read_table`, equal to each other and to the JSON
  Lines beside them;
- the card's metadata read by `huggingface_hub.DatasetCard` and checked against the Hub's
  rules that can be checked offline (the Hub's own validation is an HTTP call to the Hub);
- every annotation row against the results: the annotator's pseudonym recomputed (HMAC-SHA-256
  under the salt), the value as JSON equal to the result's answer, the typed cells (spans, a
  number, a label) equal to it;
- every item against the items file; no annotator id of the results in any file of the folder.

Prints a JSON summary.
"""
import hashlib
import hmac
import json
import math
import os
import shutil
import sys
import tempfile

# Everything is local: no call to the Hub.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

import datasets  # noqa: E402
import pandas as pd
import pyarrow.parquet as pq
from huggingface_hub import DatasetCard

folder, items_path, results_path, salt_path, notes = sys.argv[1:6]
datasets.disable_progress_bars()
# A cache of this run's own: `datasets` keys a local folder's cache by its name, and every
# test's folder may be called `out`.
cache = tempfile.mkdtemp(prefix="glossa-hf-cache-")
datasets.logging.set_verbosity_error()


def fail(msg):
    raise SystemExit(msg)


def check(cond, msg):
    if not cond:
        fail(msg)


# ---- The card -------------------------------------------------------------------------------
card = DatasetCard.load(os.path.join(folder, "README.md"))
meta = card.data.to_dict()
check(meta.get("license"), "the card has no licence")
check(all(isinstance(l, str) and 2 <= len(l.split("-")[0]) <= 3 for l in meta["language"]), f"languages: {meta['language']}")
check(meta.get("task_categories"), "no task categories")
sizes_file = os.path.join(os.path.dirname(datasets.__file__), "utils", "resources", "size_categories.json")
if os.path.exists(sizes_file):
    check(set(meta["size_categories"]) <= set(json.load(open(sizes_file))), f"size: {meta['size_categories']}")
configs = {c["config_name"]: c for c in meta["configs"]}
want_configs = {"items", "annotations"} | {c for c in ("aggregated", "media") if os.path.isdir(os.path.join(folder, "data", c))}
check(set(configs) == want_configs, f"configs: {list(configs)}")
check(sum(1 for c in configs.values() if c.get("default")) == 1, "one default config")
# `datasets`' own reader of the card's configs.
from datasets.utils.metadata import MetadataConfigs

parsed = MetadataConfigs.from_dataset_card_data(card.data)
check(set(parsed) == set(configs), "datasets reads the configs")
text = card.text
for heading in ["A. Curation rationale", "B. Language variety", "C. Speaker demographic", "D. Annotator demographic",
                "E. Speech situation", "F. Text characteristics", "G. Recording quality", "H. Other", "I. Provenance appendix"]:
    check(f"### {heading}" in text, f"the data statement lacks {heading}")

# ---- Tables, read by every reader -----------------------------------------------------------
tables = {}
for name, c in configs.items():
    files = c["data_files"]
    by_split = {f["split"]: os.path.join(folder, f["path"]) for f in files}
    rows = []
    for split, path in by_split.items():
        arrow = pq.read_table(path)
        frame = pd.read_parquet(path)
        check(len(frame) == arrow.num_rows, f"{path}: pandas and pyarrow differ in rows")
        check(list(frame.columns) == arrow.column_names, f"{path}: columns")
        hf = datasets.load_dataset("parquet", data_files={split: path}, split=split, cache_dir=cache)
        from_arrow = arrow.to_pylist()
        if name == "media":
            # The recordings and images as the Hub's Audio and Image, their bytes the files'
            # (read undecoded: decoding needs torchcodec and Pillow, which readers bring).
            check(isinstance(hf.features["audio"], datasets.Audio), f"{path}: audio is {hf.features['audio']}")
            check(isinstance(hf.features["image"], datasets.Image), f"{path}: image is {hf.features['image']}")
            hf = hf.cast_column("audio", datasets.Audio(decode=False)).cast_column("image", datasets.Image(decode=False))
            for row in hf.to_list():
                held = row[row["type"]] if row["type"] in ("audio", "image") else None
                on_disk = open(os.path.join(folder, row["path"]), "rb").read()
                check(held is None or held["bytes"] == on_disk, f"{row['path']}: the table's bytes are not the file's")
                check(row["type"] not in ("audio", "image") or held is not None, f"{row['path']}: no bytes")
            rows.extend(from_arrow)
            continue
        check(hf.to_list() == from_arrow, f"{path}: datasets and pyarrow differ")
        lines = [json.loads(l) for l in open(path[: -len(".parquet")] + ".jsonl", encoding="utf-8")]
        check(lines == from_arrow, f"{path}: the JSON Lines differ from the Parquet")
        # pandas' values are the same too (NaN for a null number).
        for rec, want in zip(frame.to_dict("records"), from_arrow):
            for k, v in want.items():
                got = rec[k]
                if v is None:
                    check(got is None or (isinstance(got, float) and math.isnan(got)), f"{path}: {k} null")
                elif isinstance(v, list):
                    check([dict(x) if isinstance(x, dict) else x for x in list(got)] == v, f"{path}: {k}")
                else:
                    check(got == v, f"{path}: {k}: {got!r} != {v!r}")
        rows.extend(from_arrow)
    # The folder as a dataset, by the card's configs.
    by_card = datasets.load_dataset(folder, name, cache_dir=cache)
    check(sum(len(by_card[s]) for s in by_card) == len(rows), f"load_dataset({folder!r}, {name!r}): rows")
    tables[name] = rows

# ---- Items ----------------------------------------------------------------------------------
text_items = open(items_path, encoding="utf-8").read().strip()
items = json.loads(text_items) if text_items.startswith("[") else [json.loads(l) for l in text_items.splitlines() if l.strip()]
items_by_id = {i["id"]: i for i in items}
check(len(tables["items"]) == len(items), "one row per item")
for row, item in zip(tables["items"], items):
    check(row["item_id"] == item["id"], "items in order")
    for k, v in item.items():
        if k in ("id", "split"):
            continue
        got = row[k] if k in row else json.loads(row[f"{k}_json"])
        if isinstance(v, list) and v and isinstance(v[0], dict):
            got = [{kk: vv for kk, vv in o.items() if vv is not None} for o in got]
        check(got == v, f"item {item['id']}: {k}: {got!r} != {v!r}")

# ---- Annotations against the results --------------------------------------------------------
salt = open(salt_path, "rb").read()
if salt.endswith(b"\n"):
    salt = salt[:-1]


def pseudonym(who):
    return "ann-" + hmac.new(salt, who.encode(), hashlib.sha256).hexdigest()[:16]


results = [json.loads(l) for l in open(results_path, encoding="utf-8") if l.strip()]
# The hosts' ids that name a person or a session, and the flags pages write.
PERSONAL = ["participant", "PROLIFIC_PID", "SESSION_ID", "workerId", "assignmentId", "jatos_worker"]
FLAGS = ["gold", "slot", "simulated"]


def who_of(ids):
    """Who made a result: the first participant-like id, else the other ids joined."""
    for k in ["participant", "PROLIFIC_PID", "workerId", "assignmentId"]:
        if k in ids:
            return ids[k]
    return "&".join(v for k, v in sorted(ids.items()) if k not in FLAGS)

spec = json.load(open(os.path.join(folder, "spec.json"), encoding="utf-8"))
per_output = set()


def sections(blocks):
    for b in blocks:
        # (A section without "outputs" only groups its controls: answered once.)
        if b.get("kind") == "section" and b.get("outputs"):
            for c in b.get("controls", []):
                per_output.add(c if isinstance(c, str) else c.get("id"))


sections(spec.get("blocks", []))
# Free text (a `text` control) is published only when the notes are kept.
free = {c["id"] for c in spec["controls"] if c["kind"] == "text"}
kinds = {c["id"]: c["kind"] for c in spec["controls"]}
dropped = 0
ids = set()
annotations = tables["annotations"]
by_key = {}
for row in annotations:
    by_key.setdefault((row["annotator"], row["item_id"], row["control"]), []).append(row)
checked = spans_checked = numbers_checked = labels_checked = links_checked = 0
for r in results:
    who = who_of(r["ids"])
    # (A number, such as JATOS's worker 1, cannot be told from the data's numbers.)
    ids.update(v for k, v in r["ids"].items() if k in PERSONAL and not v.isdigit())
    for control, value in r["answers"].items():
        rows = by_key.get((pseudonym(who), r["item_id"], control))
        if control in free and notes == "drop":
            check(rows is None, f"{who} {r['item_id']} {control}: a note published")
            dropped += 1
            continue
        check(rows, f"{who} {r['item_id']} {control}: no rows")
        # Per output of a section: each output's value in its own rows.
        values = value.items() if control in per_output else [(None, value)]
        for output, v in values:
            mine = [x for x in rows if output is None or x["output"] == output or (x["output"] or "").startswith(f"{output}/")]
            check(mine, f"{who} {r['item_id']} {control} {output}: no row")
            for x in mine:
                check(json.loads(x["value_json"]) == v, f"{who} {r['item_id']} {control} {output}: value_json")
                checked += 1
                if x["spans"] is not None and isinstance(v, dict) and "spans" in v:
                    want = [(s["start"], s["end"], s["label"], s["text"]) for s in v["spans"]]
                    got = [(s["start"], s["end"], s["label"], s["text"]) for s in x["spans"]]
                    check(got == want, f"spans {got} != {want}")
                    spans_checked += 1
                if x["relations"] is not None and isinstance(v, dict) and "links" in v:
                    end = lambda s: (s["start"], s["end"], s["label"], s["text"])
                    want = [(l["label"], end(l["head"]), end(l["tail"])) for l in v["links"]]
                    got = [(l["label"], end(l["head"]), end(l["tail"])) for l in x["relations"]]
                    check(got == want, f"relations {got} != {want}")
                    # Each passage is its offsets' text of the item (Python slices code points).
                    for l in x["relations"]:
                        for e in (l["head"], l["tail"]):
                            text = [t for t in items_by_id[r["item_id"]].values() if isinstance(t, str) and t[e["start"]:e["end"]] == e["text"]]
                            check(text, f"relations: {e} is not its item's text at its offsets")
                    links_checked += len(got)
                if kinds[control] == "span_attributes":
                    want = sorted((s["start"], s["end"], e["value"], s["text"], attr)
                                  for attr, es in v.items() for e in (es if isinstance(es, list) else [es])
                                  for s in e["spans"])
                    got = sorted((s["start"], s["end"], s["label"], s["text"], s["part"]) for s in x["spans"])
                    check(got == want, f"span attributes {got} != {want}")
                    spans_checked += 1
                if x["number"] is not None:
                    want = v if isinstance(v, (int, float)) else v[x["output"].split("/")[-1]]
                    check(x["number"] == want, f"number {x['number']} != {want}")
                    numbers_checked += 1
                if x["label"] is not None and isinstance(v, str):
                    check(x["label"] == v, f"label {x['label']} != {v}")
                    labels_checked += 1
                if x["label"] is not None and isinstance(v, dict) and "winner" in v:
                    check(x["label"] == (v["winner"] or "tie"), f"label {x['label']} != {v}")
                    labels_checked += 1
                if control in free:
                    check(x["note"] == v, f"note {x['note']} != {v}")
check(len({(x["annotator"], x["item_id"], x["control"]) for x in annotations}) == len(
    {(pseudonym(who_of(r["ids"])), r["item_id"], c) for r in results for c in r["answers"]
     if not (c in free and notes == "drop")}),
    "no row without a result")

# ---- No annotator id anywhere ----------------------------------------------------------------
for root, _, files in os.walk(folder):
    for f in files:
        data = open(os.path.join(root, f), "rb").read()
        for i in ids:
            check(i.encode() not in data, f"{f} holds the annotator id {i}")

shutil.rmtree(cache, ignore_errors=True)
print(json.dumps({
    "configs": sorted(configs),
    "rows": {k: len(v) for k, v in tables.items()},
    "values_checked": checked,
    "spans_checked": spans_checked,
    "numbers_checked": numbers_checked,
    "labels_checked": labels_checked,
    "links_checked": links_checked,
    "notes_dropped": dropped,
    "annotators": len({x["annotator"] for x in annotations}),
    "license": meta["license"],
    "language": meta["language"],
}))
