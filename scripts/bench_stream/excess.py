"""What the stream's staleness cost, by the model's age (`bench-stream --excess-by-age`).

The stream's progressive loss minus the embedded trainer's on the file mixes two things:
the staleness the workers learned with, and the order they learned in. The order alone
costs nothing in expectation, but its noise is of the size being measured. So the
reference here is the embedded trainer on the examples in the order the stream learned
them (its progress windows by their time stamps), and the excess over it is read by how
many examples the model had learned: a stale view costs most while the model is young.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

# Upper bounds of the model's age (examples learned before) of each stretch reported.
AGE_BOUNDS = [20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000]


def learned_order(windows: list[dict]) -> list[tuple[int, int]]:
    """(examples partition, offset) of every example in the order the stream learned it: the
    windows by time stamp, a partition's own in offset order, and the examples of windows
    stamped together interleaved across their partitions (they were learned side by side)."""
    ordered = sorted(windows, key=lambda w: (w["time_ms"], w["origin_partition"], w["first_offset"]))
    order: list[tuple[int, int]] = []
    i = 0
    while i < len(ordered):
        stamp = ordered[i]["time_ms"]
        by_partition: dict[int, list[tuple[int, int]]] = {}
        while i < len(ordered) and ordered[i]["time_ms"] == stamp:
            w = ordered[i]
            by_partition.setdefault(w["origin_partition"], []).extend(
                (w["origin_partition"], offset) for offset in range(w["first_offset"], w["last_offset"] + 1))
            i += 1
        runs = list(by_partition.values())
        for k in range(max(len(run) for run in runs)):
            order.extend(run[k] for run in runs if k < len(run))
    return order


def log_loss(prediction: float, label: float) -> float:
    p = min(max(prediction, 1e-15), 1 - 1e-15)
    return -math.log(p) if label > 0 else -math.log(1 - p)


def excess_by_age(windows: list[dict], order: list[tuple[int, int]],
                  reference: dict[tuple[int, int], float]) -> list[dict]:
    """Each window's loss minus the reference's on its examples, summed by the model's age at
    the window's first example; per example of the stretch and as a share of the whole run."""
    age_of = {example: age for age, example in enumerate(order)}
    total = len(order)
    sums: dict[int, list[float]] = {}
    for w in windows:
        age = age_of[(w["origin_partition"], w["first_offset"])]
        bound = next((b for b in AGE_BOUNDS if age < b), -1)
        examples = range(w["first_offset"], w["last_offset"] + 1)
        excess = w["loss_sum"] - sum(reference[(w["origin_partition"], o)] for o in examples)
        stretch = sums.setdefault(bound, [0.0, 0.0])
        stretch[0] += excess
        stretch[1] += len(examples)
    bounds = [b for b in AGE_BOUNDS if b in sums] + ([-1] if -1 in sums else [])
    return [{"age_below": None if b == -1 else b, "examples": int(sums[b][1]),
             "excess_per_example": sums[b][0] / sums[b][1], "adds": sums[b][0] / total} for b in bounds]


def measure(windows: list[dict], data: Path, partitions: int, workdir: Path, train) -> dict:
    """Writes the examples of `data` (produced round-robin over `partitions`) in the learned
    order, has `train(path, predictions)` learn them, and returns the reference's loss and
    the excess by age. Unweighted log loss only (the benchmark's data)."""
    lines = data.read_text().splitlines()
    order = learned_order(windows)
    if sorted(order) != sorted((i % partitions, i // partitions) for i in range(len(lines))):
        return {"skipped": "the windows do not cover every example exactly once"}
    reordered, predictions = workdir / "learned-order.jsonl", workdir / "learned-order.predictions"
    reordered.write_text("".join(lines[offset * partitions + partition] + "\n" for partition, offset in order))
    train(reordered, predictions)
    losses = [log_loss(float(p.split()[0]), json.loads(line)["label"])
              for p, line in zip(predictions.read_text().splitlines(), reordered.read_text().splitlines())]
    reference = dict(zip(order, losses))
    stream = sum(w["loss_sum"] for w in windows) / len(order)
    learned_order_loss = sum(losses) / len(losses)
    return {"learned_order_log_loss": learned_order_loss, "excess": stream - learned_order_loss,
            "by_age": excess_by_age(windows, order, reference)}
