"""Reads a Qualtrics survey file and a response export with an independent parser (the PyPI
`qualtrics` package, installed by scripts/setup.sh test into tests/.venv) and prints what it
understood, as JSON, for tests/e2e/qualtrics-survey.test.mjs to check.

Usage: python qsf_read.py survey.qsf export.csv
"""

import json
import sys

from qualtrics import parse_survey


def flow_types(node, out):
    out.append(node["type"])
    for child in node.get("children", []):
        flow_types(child, out)
    return out


def main() -> None:
    qsf, export = sys.argv[1], sys.argv[2]
    entities = parse_survey(export, qsf)
    manifest = next(iter(entities.survey_manifests.values()))
    flow = manifest["flow_definition_json"]
    columns = manifest["source_columns_json"]
    blocks = flow["blocks"]
    print(
        json.dumps(
            {
                "surveys": entities.surveys,
                "sections": [
                    {"type": s["section_type"], "name": s["section_name"]} for s in entities.sections
                ],
                "flow": flow_types(flow["root"], []),
                "loops": sorted(
                    b["options"].get("Looping", "") for b in blocks.values() if b["type"] != "Trash"
                ),
                "questions": {
                    qid: {"type": q["type"], "selector": q["selector"]}
                    for qid, q in flow["questions"].items()
                },
                "columns": {c["source_column"]: c["kind"] for c in columns},
                "responses": [r["response_external_id"] for r in entities.responses],
            },
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    main()
