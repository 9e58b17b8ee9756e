"""The examples: `ftrl gen` output read back as protobufs, producing them to the examples
topic, and the load generator (`ftrl produce --rate`)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

from benchlib import BenchError

from .processes import proc_cpu_seconds, tail_file, worker_environment


def feature_coordinate(ns: str, name: str) -> int:
    import xxhash  # only the benchmark proper needs the package, not --self-test's encoders

    return xxhash.xxh3_64_intdigest(name.encode(), seed=xxhash.xxh3_64_intdigest(ns.encode()))


def parse_jsonl_example(line: str) -> tuple[float, float | None, list[tuple[str, str, float | None]]]:
    """A JSON-lines example as (label, weight, [(ns, name, value)]), like src/schema/jsonl.rs:
    a string feature splits at its first ':' (no ':' means the empty namespace)."""
    record = json.loads(line)
    features = []
    for feature in record["features"]:
        if isinstance(feature, str):
            ns, sep, name = feature.partition(":")
            features.append((ns, name, None) if sep else ("", feature, None))
        else:
            features.append((feature.get("ns", ""), feature["name"], feature.get("value")))
    return float(record["label"]), record.get("weight"), features


def read_examples(path: Path) -> list[tuple[float, float | None, list]]:
    with path.open() as lines:
        return [parse_jsonl_example(line) for line in lines if line.strip()]


class LoadGenerator:
    """The load around the markers: `ftrl produce --rate` in a process of its own, which
    encodes every example before it sends the first and then only hands records to
    librdkafka, sleeping between rounds. Producing the load from Python (one produce() call
    per example, waiting in sub-millisecond polls that spin) took 0.3-0.5 of a core in the
    benchmark on a 2-core machine, starving the worker measured; alone it took a whole core.
    It runs until stopped (SIGTERM), at most `seconds`, as a bound should we be killed."""

    # Printed once the first example was delivered (connected, with a producer id): the
    # pace starts there, so the load begins without a burst of records queued meanwhile.
    SENDING = re.compile(r"^first example delivered after ([0-9.]+) s; sending")
    SUMMARY = re.compile(r"^sent (\d+) examples to \S+ in ([0-9.]+) s \(([0-9.]+) examples/s\)")

    def __init__(self, ftrl: Path, config: Path, data: Path, rate: float, seconds: float, log: Path):
        self.log = log
        self.cpu_seconds_total: float | None = None
        with log.open("wb") as out:
            self.proc = subprocess.Popen(
                [str(ftrl), "produce", "--config", str(config), "--data", str(data),
                 "--rate", f"{rate:.3f}", "--seconds", f"{seconds:g}"],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=worker_environment(),
                start_new_session=True)

    def lines(self) -> list[str]:
        return self.log.read_text(errors="replace").splitlines()

    def sending(self) -> bool:
        """Whether it has encoded its examples, connected and started sending; fails if it
        exited."""
        if any(self.SENDING.match(line) for line in self.lines()):
            return True
        if self.proc.poll() is not None:
            raise BenchError(f"ftrl produce --rate exited (status {self.proc.returncode}) before sending:\n"
                             + tail_file(self.log, 10))
        return False

    def cpu_seconds(self) -> float | None:
        return proc_cpu_seconds(self.proc.pid)

    def stop(self, timeout: float) -> dict:
        """SIGTERM; waits until it has flushed and exited, and returns its summary: examples
        sent, seconds sending, rate achieved, and the CPU seconds of its whole life (from the
        kernel's accounting as it is reaped, so that its final flush is counted too)."""
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + timeout
            while True:
                pid, status, usage = os.wait4(self.proc.pid, os.WNOHANG)
                if pid:
                    # Reaped here rather than by Popen, for the rusage; Popen must know.
                    self.proc.returncode = os.waitstatus_to_exitcode(status)
                    self.cpu_seconds_total = usage.ru_utime + usage.ru_stime
                    break
                if time.monotonic() > deadline:
                    raise BenchError(f"ftrl produce --rate did not exit within {timeout:.0f} s of SIGTERM")
                time.sleep(0.01)
        if self.proc.returncode != 0:
            raise BenchError(f"ftrl produce --rate failed (exit status {self.proc.returncode}):\n"
                             + tail_file(self.log, 10))
        summary = next((m for line in self.lines() if (m := self.SUMMARY.match(line))), None)
        if summary is None:
            raise BenchError(f"ftrl produce --rate printed no summary:\n{tail_file(self.log, 10)}")
        return {"sent": int(summary.group(1)), "seconds": float(summary.group(2)),
                "examples_per_second": float(summary.group(3)), "cpu_seconds": self.cpu_seconds_total}

    def kill(self) -> None:
        """Best-effort stop for clean-up."""
        if self.proc.returncode is None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def make_producer(bootstrap: str, linger_ms: int):
    from confluent_kafka import Producer

    producer = Producer({"bootstrap.servers": bootstrap, "linger.ms": linger_ms,
                         "enable.idempotence": True, "queue.buffering.max.messages": 200_000})
    producer.list_topics(timeout=30)  # connect now, not inside a timed section
    return producer


def produce(producer, topic: str, value: bytes, partition: int, on_delivery=None) -> None:
    while True:
        try:
            producer.produce(topic, value=value, partition=partition, on_delivery=on_delivery)
            return
        except BufferError:  # local queue full: let deliveries drain
            producer.poll(0.05)


def flush(producer, timeout: float, what: str) -> None:
    left = producer.flush(timeout)
    if left:
        raise BenchError(f"{what}: {left} message(s) still undelivered after {timeout:.0f} s")
