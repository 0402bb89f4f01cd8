"""Glossa from Python: the ``glossa`` command line (``python -m glossa``, the same program pip
installed beside this package) and :func:`read_results`, the tidy table ``glossa export csv``
writes, as a pandas DataFrame.

The command line does the work; this module only finds it and runs it.
"""

import io
import os
import shutil
import subprocess
import sys
import sysconfig

__all__ = ["executable", "run", "read_results"]


def executable():
    """The path of the ``glossa`` program installed with this package."""
    name = "glossa.exe" if os.name == "nt" else "glossa"
    for scheme_dir in (sysconfig.get_path("scripts"), os.path.dirname(sys.executable)):
        path = os.path.join(scheme_dir, name)
        if os.path.isfile(path):
            return path
    found = shutil.which("glossa")
    if found:
        return found
    raise FileNotFoundError("the glossa program is not installed: pip install glossa-annotate")


def run(*args, check=True, capture=False):
    """Runs ``glossa`` with ``args`` (strings); returns the completed process."""
    return subprocess.run(
        [executable(), *map(str, args)],
        check=check,
        stdout=subprocess.PIPE if capture else None,
        text=True,
    )


def read_results(results, spec):
    """The results (a JSON Lines file the pages collected) as a pandas DataFrame in the tidy
    shape ``glossa export csv spec results`` writes: one row per answer field."""
    import pandas  # only this function needs pandas

    table = run("export", "csv", spec, results, capture=True).stdout
    return pandas.read_csv(io.StringIO(table), dtype=str, keep_default_na=False)
