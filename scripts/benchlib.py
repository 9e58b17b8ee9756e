"""What the benchmark scripts share: their error, their numeric flags and reading the JSON
summary the ftrl tools print last."""

from __future__ import annotations

import argparse
import json


class BenchError(Exception):
    """A step failed, timed out or produced output we cannot trust; the message says which
    and why."""


def positive_int(text: str) -> int:
    value = int(text.replace("_", ""))
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


def tail(text: str, lines: int = 20) -> str:
    kept = text.strip().splitlines()[-lines:]
    return "\n".join("    " + line for line in kept) or "    (no output)"


def last_json_line(text: str, what: str) -> dict:
    """The tools print human text first and a JSON summary as their last line."""
    lines = text.strip().splitlines()
    try:
        value = json.loads(lines[-1])
    except (IndexError, json.JSONDecodeError) as err:
        raise BenchError(f"{what}: last output line is not JSON:\n{tail(text)}") from err
    if not isinstance(value, dict):
        raise BenchError(f"{what}: last output line is JSON but not an object: {lines[-1]}")
    return value
