"""Reference alphas from the PyPI `krippendorff` package, for tests/alpha.rs.

Reads JSON {"cases": [{"level": "nominal"|"interval", "matrix": [[value or null, ...], ...]}]}
(rows are annotators, columns units) from the file named on the command line and prints one
alpha per case, one per line, with 17 significant digits ("nan" when undefined).
"""
import json
import sys

import krippendorff
import numpy as np

cases = json.load(open(sys.argv[1]))["cases"]
for case in cases:
    m = case["matrix"]
    if case["level"] == "nominal":
        # Categories as codes: krippendorff reads numbers; the mapping keeps equality only.
        codes = {}
        data = [[np.nan if v is None else codes.setdefault(v, len(codes)) for v in row] for row in m]
    else:
        data = [[np.nan if v is None else float(v) for v in row] for row in m]
    try:
        a = krippendorff.alpha(reliability_data=np.array(data, dtype=float), level_of_measurement=case["level"])
    except Exception:  # nothing pairable
        a = float("nan")
    print(repr(float(a)))
