"""``python -m glossa …`` runs the ``glossa`` command line with the same arguments."""

import os
import sys

from . import executable

if __name__ == "__main__":
    program = executable()
    if os.name == "nt":
        import subprocess

        sys.exit(subprocess.call([program, *sys.argv[1:]]))
    os.execv(program, [program, *sys.argv[1:]])
