"""Runs the benchmark: `python3 scripts/bench_stream ARGS`, as scripts/bench-stream does."""

import sys
from pathlib import Path

# Run as a directory, Python puts that directory first on the path, where its module names
# would shadow installed ones; the package and benchlib are imported from its parent instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench_stream.cli import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
