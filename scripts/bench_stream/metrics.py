"""What the benchmark reads from the workers' /metrics: staleness and transaction pace."""

from __future__ import annotations

import re
import threading
import time
import urllib.request
from pathlib import Path


def metrics_address(log: Path) -> str | None:
    """The worker's HTTP address, once its log names it."""
    try:
        found = re.search(r"HTTP endpoints listening address=(\S+)", log.read_text(errors="replace"))
    except OSError:
        return None
    return found.group(1) if found else None


def scrape(address: str, timeout: float) -> str:
    with urllib.request.urlopen(f"http://{address}/metrics", timeout=timeout) as response:
        return response.read().decode()


class StalenessProbe(threading.Thread):
    """Samples each worker's /metrics every 100 ms while the throughput runs: the predict
    role's examples the owners have not applied yet (`ftrl_view_examples_behind`) and the
    age of the oldest (`ftrl_view_staleness_seconds`); keeps each sample with its wall time,
    for the largest and the mean, in all and by stretch of the run (`staleness_between`)."""

    def __init__(self, workers: list) -> None:
        super().__init__(name="staleness", daemon=True)
        self.workers = workers
        self.addresses: dict[int, str] = {}
        self.examples: list[float] = []
        self.seconds: list[float] = []
        self.at: list[float] = []
        self._stopping = threading.Event()

    def address(self, i: int, worker) -> str | None:
        if i not in self.addresses:
            address = metrics_address(worker.log)
            if address:
                self.addresses[i] = address
        return self.addresses.get(i)

    def run(self) -> None:
        while not self._stopping.wait(0.1):
            for i, worker in enumerate(self.workers):
                address = self.address(i, worker)
                if address is None:
                    continue
                try:
                    body = scrape(address, timeout=1)
                except OSError:
                    continue
                behind = re.search(r"^ftrl_view_examples_behind (\S+)", body, re.M)
                age = re.search(r"^ftrl_view_staleness_seconds (\S+)", body, re.M)
                if behind and age:
                    self.examples.append(float(behind.group(1)))
                    self.seconds.append(float(age.group(1)))
                    self.at.append(time.time())

    def stop(self) -> dict:
        self._stopping.set()
        self.join(timeout=5)
        return staleness_summary(self.examples, self.seconds)

    def samples(self) -> list[tuple[float, float, float]]:
        """(wall time, examples behind, seconds behind) of every sample, in time order."""
        return list(zip(self.at, self.examples, self.seconds))


def staleness_summary(examples: list[float], seconds: list[float]) -> dict:
    n = len(examples)
    return {"samples": n,
            "max_unconfirmed_examples": max(examples, default=None),
            "max_unconfirmed_ms": max(seconds, default=0) * 1000 if n else None,
            "mean_unconfirmed_examples": sum(examples) / n if n else None,
            "mean_unconfirmed_ms": sum(seconds) / n * 1000 if n else None}


def split_at(items: list, moments: list[float], when) -> list[list]:
    """The items whose moment (`when(item)`, in seconds) falls from each of `moments` to the
    next, the first stretch from the start."""
    stretches = []
    before = float("-inf")
    for moment in moments:
        stretches.append([item for item in items if before <= when(item) < moment])
        before = moment
    return stretches


def staleness_between(samples: list[tuple[float, float, float]], moments: list[float]) -> list[dict]:
    """The staleness of the samples taken from each moment to the next (the first from the
    start): beside the loss of the same stretches, whether a stretch that lost was one
    whose workers saw each other late."""
    return [staleness_summary([examples for _, examples, _ in inside], [seconds for _, _, seconds in inside])
            for inside in split_at(samples, moments, lambda sample: sample[0])]


def transaction_totals(log: Path) -> dict[str, tuple[float, float]] | None:
    """role -> (committed transactions, seconds they took) from the worker's /metrics, whose
    address its log names; None when it cannot be read."""
    address = metrics_address(log)
    if address is None:
        return None
    try:
        body = scrape(address, timeout=2)
    except OSError:
        return None
    totals: dict[str, tuple[float, float]] = {}
    for role in ("predict", "update"):
        count = re.search(rf'^ftrl_transaction_commit_seconds_count{{role="{role}"}} (\S+)', body, re.M)
        total = re.search(rf'^ftrl_transaction_commit_seconds_sum{{role="{role}"}} (\S+)', body, re.M)
        if count and total:
            totals[role] = (float(count.group(1)), float(total.group(1)))
    return totals


def transaction_pace(before: dict | None, after: dict | None, seconds: float) -> dict:
    """Per role, transactions per second and their mean duration between two scrapes."""
    pace = {}
    for role in ("predict", "update"):
        if before and after and role in before and role in after and seconds > 0:
            count = after[role][0] - before[role][0]
            spent = after[role][1] - before[role][1]
            pace[role] = {"per_second": count / seconds, "mean_ms": spent / count * 1000 if count else None}
    return pace
