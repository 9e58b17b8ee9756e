#!/usr/bin/env python3
"""End-to-end benchmark of the stream worker on a loopback test broker.

One run measures, with one worker (both roles, transactions on):

1. Throughput: N generated examples are produced to `<prefix>.examples` (round-robin over
   its partitions) *before* the worker starts; then the worker is started and timed until
   the progress windows it commits (read with a read_committed consumer) cover all N
   examples. The rate includes the worker's start-up (group join, restore); a second rate
   excludes it (from the first progress window on). The stream's progressive log loss is
   sum(loss_sum) / sum(weight_sum) of those windows. The embedded trainer (`ftrl train`)
   runs on the same file for comparison.
2. Delta latency: with the worker idle, M marker examples are produced at a fixed rate;
   each carries its normal features plus a unique feature (ns "zz", name "marker-<i>"),
   whose coordinate nothing else touches. Latency = time the marker's first record on
   `<prefix>.deltas` is consumed minus the time just before its produce() call.
3. Restart: SIGTERM the worker (shutdown = until it exits), start it again, and time until
   its update role logs "restored state from the changelog; ready", and until an example
   produced right after the restart shows up in a committed progress window.

Everything runs on 127.0.0.1 (`scripts/test-broker`), every wait is bounded by --timeout,
and the broker and worker are stopped on every way out (their process groups are killed).

Usually started through `scripts/bench-stream`, which installs confluent-kafka and xxhash.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import re
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import shutil
import uuid
from collections.abc import Callable, Iterable, Iterator
from importlib import metadata
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
TEST_BROKER = REPO_ROOT / "scripts" / "test-broker"
READY_LINE = "restored state from the changelog; ready"
MARKER_NAMESPACE = "zz"
# How long the load generator sends before the markers start: its producer connects and
# its first batches go out; the worker meets the load before the markers are timed.
LOAD_WARM_UP_SECONDS = 1.0
PREFIX = "bench"


class BenchError(Exception):
    """Something failed or timed out; the message says what (the log tails follow it)."""


# ---------------------------------------------------------------------------------------
# Protobuf wire format, by hand (schemas/ftrl.proto): varints, 64-bit, length-delimited.

WIRE_VARINT, WIRE_64BIT, WIRE_LEN, WIRE_32BIT = 0, 1, 2, 5


def varint(value: int) -> bytes:
    """Base-128 varint; negative int32/int64 values are sent as their 64-bit two's complement."""
    if value < 0:
        value += 1 << 64
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def tag(field: int, wire: int) -> bytes:
    return varint(field << 3 | wire)


def double_field(field: int, value: float) -> bytes:
    return tag(field, WIRE_64BIT) + struct.pack("<d", value)


def len_field(field: int, payload: bytes) -> bytes:
    return tag(field, WIRE_LEN) + varint(len(payload)) + payload


def encode_feature(ns: str, name: str, value: float | None = None) -> bytes:
    """ftrl.v1.Feature: 1 ns, 2 name (strings), 3 optional value (double)."""
    out = b""
    if ns:
        out += len_field(1, ns.encode())
    out += len_field(2, name.encode())
    if value is not None:
        out += double_field(3, value)
    return out


def encode_example(label: float, features: Iterable[tuple[str, str, float | None]],
                   weight: float | None = None) -> bytes:
    """ftrl.v1.Example: 1 label (always written), 2 optional weight, 3 repeated Feature."""
    out = double_field(1, label)
    if weight is not None:
        out += double_field(2, weight)
    for ns, name, value in features:
        out += len_field(3, encode_feature(ns, name, value))
    return out


def read_varint(buf: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(buf):
            raise ValueError("truncated varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise ValueError("varint longer than 10 bytes")


def decode_fields(buf: bytes) -> Iterator[tuple[int, int, int | bytes]]:
    """(field, wire type, value): varints and fixed ints as unsigned ints, LEN as bytes."""
    pos = 0
    while pos < len(buf):
        key, pos = read_varint(buf, pos)
        field, wire = key >> 3, key & 7
        if wire == WIRE_VARINT:
            value, pos = read_varint(buf, pos)
        elif wire == WIRE_64BIT:
            if pos + 8 > len(buf):
                raise ValueError("truncated 64-bit field")
            value, pos = int.from_bytes(buf[pos:pos + 8], "little"), pos + 8
        elif wire == WIRE_LEN:
            size, pos = read_varint(buf, pos)
            if pos + size > len(buf):
                raise ValueError("truncated length-delimited field")
            value, pos = buf[pos:pos + size], pos + size
        elif wire == WIRE_32BIT:
            if pos + 4 > len(buf):
                raise ValueError("truncated 32-bit field")
            value, pos = int.from_bytes(buf[pos:pos + 4], "little"), pos + 4
        else:
            raise ValueError(f"unsupported wire type {wire} (field {field})")
        yield field, wire, value


def as_double(bits: int) -> float:
    return struct.unpack("<d", bits.to_bytes(8, "little"))[0]


def as_signed64(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value


def decode_progress(buf: bytes) -> dict:
    """The ProgressWindow fields this benchmark needs (proto3 defaults when absent)."""
    window = {"count": 0, "weight_sum": 0.0, "loss_sum": 0.0, "origin_partition": 0,
              "first_offset": 0, "last_offset": 0, "time_ms": 0}
    for field, wire, value in decode_fields(buf):
        if field == 1 and wire == WIRE_VARINT:
            window["count"] = value
        elif field == 2 and wire == WIRE_64BIT:
            window["weight_sum"] = as_double(value)
        elif field == 3 and wire == WIRE_64BIT:
            window["loss_sum"] = as_double(value)
        elif field == 8 and wire == WIRE_VARINT:
            window["origin_partition"] = as_signed64(value)
        elif field == 9 and wire == WIRE_VARINT:
            window["first_offset"] = as_signed64(value)
        elif field == 10 and wire == WIRE_VARINT:
            window["last_offset"] = as_signed64(value)
        elif field == 12 and wire == WIRE_VARINT:
            window["time_ms"] = as_signed64(value)
    return window


def decode_delta(buf: bytes) -> dict:
    """WeightDelta: 1 coordinate (fixed64), 2 weight, 3 updates, 4 version, 5 time_ms."""
    delta = {"coordinate": 0, "weight": 0.0, "updates": 0, "version": 0, "time_ms": 0}
    for field, wire, value in decode_fields(buf):
        if field == 1 and wire == WIRE_64BIT:
            delta["coordinate"] = value
        elif field == 2 and wire == WIRE_64BIT:
            delta["weight"] = as_double(value)
        elif field == 3 and wire == WIRE_VARINT:
            delta["updates"] = value
        elif field == 4 and wire == WIRE_VARINT:
            delta["version"] = value
        elif field == 5 and wire == WIRE_VARINT:
            delta["time_ms"] = as_signed64(value)
    return delta


PACKED_KEY = b"ftrl.applied"


def packed_coordinates(buf: bytes) -> tuple[list[int], int]:
    """AppliedWatermark (key "ftrl.applied"): the packed coordinates (field 3) and time_ms
    (field 11)."""
    coordinates: list[int] = []
    time_ms = 0
    for field, wire, value in decode_fields(buf):
        if field == 3 and wire == WIRE_LEN:
            coordinates.extend(struct.unpack(f"<{len(value) // 8}Q", value))
        elif field == 3 and wire == WIRE_64BIT:
            coordinates.append(value)
        elif field == 11 and wire == WIRE_VARINT:
            time_ms = as_signed64(value)
    return coordinates, time_ms


class StalenessProbe(threading.Thread):
    """Samples each worker's /metrics every 100 ms while the throughput runs: the predict
    role's examples the owners have not applied yet (`ftrl_view_examples_behind`) and the
    age of the oldest (`ftrl_view_staleness_seconds`); keeps the largest and the mean."""

    def __init__(self, workers: list) -> None:
        super().__init__(name="staleness", daemon=True)
        self.workers = workers
        self.addresses: dict[int, str] = {}
        self.examples: list[float] = []
        self.seconds: list[float] = []
        self._stopping = threading.Event()

    def address(self, i: int, worker) -> str | None:
        if i not in self.addresses:
            try:
                text = worker.log.read_text(errors="replace")
            except OSError:
                return None
            found = re.search(r"HTTP endpoints listening address=(\S+)", text)
            if found:
                self.addresses[i] = found.group(1)
        return self.addresses.get(i)

    def run(self) -> None:
        import urllib.request

        while not self._stopping.wait(0.1):
            for i, worker in enumerate(self.workers):
                address = self.address(i, worker)
                if address is None:
                    continue
                try:
                    with urllib.request.urlopen(f"http://{address}/metrics", timeout=1) as response:
                        body = response.read().decode()
                except OSError:
                    continue
                behind = re.search(r"^ftrl_view_examples_behind (\S+)", body, re.M)
                age = re.search(r"^ftrl_view_staleness_seconds (\S+)", body, re.M)
                if behind and age:
                    self.examples.append(float(behind.group(1)))
                    self.seconds.append(float(age.group(1)))

    def stop(self) -> dict:
        self._stopping.set()
        self.join(timeout=5)
        n = len(self.examples)
        return {"samples": n,
                "max_unconfirmed_examples": max(self.examples, default=None),
                "max_unconfirmed_ms": max(self.seconds, default=0) * 1000 if n else None,
                "mean_unconfirmed_examples": sum(self.examples) / n if n else None,
                "mean_unconfirmed_ms": sum(self.seconds) / n * 1000 if n else None}


def transaction_totals(log: Path) -> dict[str, tuple[float, float]] | None:
    """role -> (committed transactions, seconds they took) from the worker's /metrics, whose
    address its log names; None when it cannot be read."""
    import urllib.request

    try:
        found = re.search(r"HTTP endpoints listening address=(\S+)", log.read_text(errors="replace"))
        if not found:
            return None
        with urllib.request.urlopen(f"http://{found.group(1)}/metrics", timeout=2) as response:
            body = response.read().decode()
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


def proc_cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (Linux /proc), None if unreadable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


# ---------------------------------------------------------------------------------------
# Feature hashing (docs/formats.md, "Feature hashing"; src/learn/hashing.rs)


def feature_coordinate(ns: str, name: str) -> int:
    import xxhash  # only the benchmark proper needs the package, not --self-test's encoders

    return xxhash.xxh3_64_intdigest(name.encode(), seed=xxhash.xxh3_64_intdigest(ns.encode()))


# ---------------------------------------------------------------------------------------
# Examples: `ftrl gen --format jsonl` lines to Example protobufs


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


# ---------------------------------------------------------------------------------------
# Figures and tables


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile: the smallest value with at least pct% of values <= it."""
    if not values:
        raise ValueError("percentile of no values")
    if not 0 < pct <= 100:
        raise ValueError(f"percentile must be in (0, 100], got {pct}")
    ordered = sorted(values)
    rank = math.ceil(pct / 100 * len(ordered))
    return ordered[max(rank, 1) - 1]


def markdown_table(headers: list[str], rows: list[list[str]]) -> str:
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    for row in rows:
        if len(row) != len(headers):
            raise ValueError(f"row has {len(row)} cells, the table {len(headers)}: {row}")
    return "\n".join([line(headers), "|" + "---|" * len(headers)] + [line(row) for row in rows])


def fmt_rate(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.0f}"


def fmt_s(value: float | None, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value:.{digits}f} s"


def fmt_ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.1f} ms"


def fmt_loss(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.5f}"


# ---------------------------------------------------------------------------------------
# Processes


def progress(message: str) -> None:
    print(f"bench-stream: {message}", file=sys.stderr, flush=True)


def tail_file(path: Path | None, lines: int = 40) -> str:
    if path is None or not path.exists():
        return "    (no log)"
    kept = path.read_text(errors="replace").rstrip().splitlines()[-lines:]
    return "\n".join("    " + line for line in kept) or "    (empty)"


def run_checked(cmd: list[str], what: str, timeout: float, **kwargs) -> subprocess.CompletedProcess:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kwargs)
    except subprocess.TimeoutExpired as err:
        raise BenchError(f"{what} did not finish within {timeout:.0f} s: {' '.join(cmd)}") from err
    except OSError as err:
        raise BenchError(f"{what}: cannot run {cmd[0]}: {err}") from err
    if proc.returncode != 0:
        output = (proc.stderr.strip() + "\n" + proc.stdout.strip()).strip().splitlines()[-30:]
        raise BenchError(f"{what} failed (exit status {proc.returncode}): {' '.join(cmd)}\n"
                         + "\n".join("    " + line for line in output))
    return proc


def last_json_line(text: str, what: str) -> dict:
    lines = text.strip().splitlines()
    try:
        value = json.loads(lines[-1])
    except (IndexError, json.JSONDecodeError) as err:
        raise BenchError(f"{what}: the last output line is not JSON: {lines[-1:]}") from err
    if not isinstance(value, dict):
        raise BenchError(f"{what}: the last output line is not a JSON object: {lines[-1]}")
    return value


def worker_environment() -> dict[str, str]:
    """Our environment minus FTRL_section__key overrides (the benchmark's config is the
    config), with ftrl's log filter at info unless FTRL_LOG says otherwise: the ready line
    is an info event."""
    env = {name: value for name, value in os.environ.items()
           if not (name.upper().startswith("FTRL_") and "__" in name)}
    env.setdefault("FTRL_LOG", "info")
    env["NO_COLOR"] = "1"
    return env


class Worker:
    """One `ftrl worker` process in its own session (so its whole group can be killed),
    logging to `log`; `ready_at` is when its log first showed the ready line."""

    def __init__(self, ftrl: Path, config: Path, log: Path):
        self.log = log
        self.ready_at: float | None = None
        self.ready_line = ""
        self._read = 0
        self._partial = ""
        with log.open("wb") as out:
            self.started_at = time.monotonic()
            self.proc = subprocess.Popen([str(ftrl), "worker", "--config", str(config)],
                                         stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                         env=worker_environment(), start_new_session=True)

    def poll_log(self) -> None:
        """Reads what the worker logged since the last call; notes the first ready line."""
        if self.ready_at is not None:
            return
        now = time.monotonic()
        with self.log.open("rb") as log:
            log.seek(self._read)
            chunk = log.read()
        self._read += len(chunk)
        text = self._partial + chunk.decode(errors="replace")
        lines = text.split("\n")
        self._partial = lines.pop()
        for line in lines:
            if READY_LINE in line:
                self.ready_at, self.ready_line = now, line
                return

    def restored(self) -> tuple[int | None, float | None]:
        """(records, seconds) of the restore, as the ready line reports them."""
        records = re.search(r"\brecords=(\d+)", self.ready_line)
        seconds = re.search(r"\bseconds=([0-9.]+)", self.ready_line)
        return (int(records.group(1)) if records else None,
                float(seconds.group(1)) if seconds else None)

    def check_alive(self) -> None:
        code = self.proc.poll()
        if code is not None:
            raise BenchError(f"the worker exited unexpectedly (exit status {code})")

    def terminate(self, timeout: float) -> float:
        """SIGTERM to the worker's process group; returns the seconds until it exited."""
        start = time.monotonic()
        self._signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired as err:
            raise BenchError(f"the worker did not exit within {timeout:.0f} s of SIGTERM") from err
        return time.monotonic() - start

    def kill(self) -> None:
        """Best-effort stop for clean-up: SIGTERM to the group, SIGKILL after 10 s."""
        if self.proc.poll() is not None:
            return  # exited and reaped: its group id may no longer be ours to signal
        self._signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
            return
        except subprocess.TimeoutExpired:
            pass
        self._signal(signal.SIGKILL)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            progress(f"warning: worker pid {self.proc.pid} survived SIGKILL")

    def _signal(self, sig: int) -> None:
        try:
            os.killpg(self.proc.pid, sig)
        except ProcessLookupError:
            pass


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


def wait_until(condition: Callable[[], bool], timeout: float, what: str,
               worker: Worker | None = None, interval: float = 0.005) -> None:
    """Polls `condition` every `interval` s; fails after `timeout` s or if the worker dies."""
    deadline = time.monotonic() + timeout
    while True:
        if worker is not None:
            worker.poll_log()
        if condition():
            return
        if worker is not None:
            worker.check_alive()
        if time.monotonic() > deadline:
            raise BenchError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


# ---------------------------------------------------------------------------------------
# Kafka clients


class Follower(threading.Thread):
    """Follows every partition of a topic from the beginning with a read_committed consumer
    on a thread of its own. `handle(message, monotonic, wall)` runs on that thread under
    `self.lock`; `eof` holds the partitions at their end with nothing read since."""

    def __init__(self, bootstrap: str, topic: str, partitions: int,
                 handle: Callable[[object, float, float], None], fetch_wait_ms: int):
        from confluent_kafka import Consumer, TopicPartition, OFFSET_BEGINNING

        super().__init__(name=f"follow-{topic}", daemon=True)
        self.topic, self.partitions, self.handle = topic, partitions, handle
        self.lock = threading.Lock()
        self.eof: set[int] = set()
        self.messages = 0
        self.last_message_at = time.monotonic()
        self.errors: list[str] = []  # every client error reported, for the failure report
        self.fatal: list[str] = []  # the ones the consumer cannot recover from
        self._stopping = threading.Event()
        self.consumer = Consumer({
            "bootstrap.servers": bootstrap,
            "group.id": f"bench-stream-follow-{uuid.uuid4().hex[:12]}",  # never joins: assign()
            "enable.auto.commit": False,
            "isolation.level": "read_committed",
            "auto.offset.reset": "earliest",
            "enable.partition.eof": True,
            "fetch.wait.max.ms": fetch_wait_ms,
        })
        # Explicit offsets from the beginning: this broker's ListOffsets ("latest") is wrong.
        self.consumer.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in range(partitions)])

    def run(self) -> None:
        from confluent_kafka import KafkaError

        try:
            while not self._stopping.is_set():
                first = self.consumer.poll(0.05)  # returns as soon as one record is there
                if first is None:
                    continue
                batch = [first] + self.consumer.consume(1000, 0)  # and what is already queued
                now, wall = time.monotonic(), time.time()
                with self.lock:
                    for message in batch:
                        error = message.error()
                        if error is None:
                            self.messages += 1
                            self.last_message_at = now
                            self.eof.discard(message.partition())
                            self.handle(message, now, wall)
                        elif error.code() == KafkaError._PARTITION_EOF:
                            self.eof.add(message.partition())
                        else:
                            if len(self.errors) < 20:
                                self.errors.append(str(error))
                            if error.fatal():
                                self.fatal.append(str(error))
        except Exception as err:  # noqa: BLE001 - reported by the main thread
            with self.lock:
                self.fatal.append(f"follower thread failed: {err!r}")
        finally:
            self.consumer.close()

    def caught_up(self, quiet_seconds: float) -> bool:
        with self.lock:
            return (len(self.eof) == self.partitions
                    and time.monotonic() - self.last_message_at >= quiet_seconds)

    def stop(self) -> None:
        self._stopping.set()
        if self.is_alive():
            self.join(timeout=10)


class ProgressLog:
    """The progress windows read so far, with the time each arrived."""

    def __init__(self) -> None:
        self.windows: list[tuple[float, dict]] = []
        self.undecodable = 0

    def handle(self, message, now: float, _wall: float) -> None:
        value = message.value()
        if value is None:
            return
        try:
            self.windows.append((now, decode_progress(value)))
        except ValueError:
            self.undecodable += 1


class MarkerWatch:
    """Deltas: notes when each marker coordinate's first record arrives."""

    def __init__(self) -> None:
        self.markers: dict[int, int] = {}  # coordinate -> marker number; set before producing
        self.seen: dict[int, tuple[float, float, int | None]] = {}  # marker -> (mono, wall, time_ms)
        self.seen_packed: dict[int, tuple[float, float, int | None]] = {}  # the same, packed records
        self.deltas = 0
        self.tombstones = 0

    def handle(self, message, now: float, wall: float) -> None:
        self.deltas += 1
        value = message.value()
        if value is None:
            self.tombstones += 1
        key = message.key()
        if key == PACKED_KEY and value is not None:
            # The low-latency path: the owner's packed states of one transaction.
            try:
                coordinates, time_ms = packed_coordinates(value)
            except ValueError:
                return
            for coordinate in coordinates:
                marker = self.markers.get(coordinate)
                if marker is not None and marker not in self.seen_packed:
                    self.seen_packed[marker] = (now, wall, time_ms)
            return
        if key is None or len(key) != 8:
            return
        marker = self.markers.get(int.from_bytes(key, "big"))
        if marker is None or marker in self.seen:
            return
        time_ms = None
        if value is not None:
            try:
                time_ms = decode_delta(value)["time_ms"]
            except ValueError:
                pass
        self.seen[marker] = (now, wall, time_ms)


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


# ---------------------------------------------------------------------------------------
# The benchmark


class Bench:
    def __init__(self, args: argparse.Namespace, workdir: Path):
        self.args = args
        self.workdir = workdir
        self.broker_dir = workdir / "broker"
        self.broker_started = False
        self.bootstrap = ""
        self.worker: Worker | None = None
        self.others: list[Worker] = []  # the workers besides the first (--workers)
        self.logs: list[Path] = []
        self.followers: list[Follower] = []
        self.producers: list = []
        self.load_generators: list[LoadGenerator] = []
        self.results: dict = {}
        self.marker_producer = None
        self.config = workdir / "worker.toml"
        self.topics = {name: f"{PREFIX}.{name}" for name in ("examples", "progress", "deltas", "dlq")}

    # -- set-up ---------------------------------------------------------------------------

    def write_config(self, worker: int = 1) -> Path:
        """The configuration of worker `worker` (1: `self.config`, the one every command uses)."""
        args = self.args
        options = "".join(f"{json.dumps(key)} = {json.dumps(value)}\n"
                          for key, value in args.librdkafka_option)
        text = (
            "[kafka]\n"
            f'bootstrap_servers = "{self.bootstrap}"\n'
            f"session_timeout_ms = {args.session_timeout_ms}\n"
            + ("[kafka.librdkafka_options]\n" + options if options else "")
            + "[model]\n"
            f'prefix = "{PREFIX}"\n'
            f"partitions = {args.partitions}\n"
            f"example_partitions = {args.example_partitions}\n"
            'example_format = "protobuf"\n'
            + "".join(f"{key} = {value}\n" for key, value in args.model_option)
            + "[worker]\n"
            f'id = "w{worker}"\n'
            f"state_dir = {json.dumps(str(self.workdir / f'w{worker}'))}\n"
            f"batch_max_examples = {args.batch_max_examples}\n"
            f"batch_max_wait_ms = {args.batch_max_wait_ms}\n"
            + "".join(f"{key} = {value}\n" for key, value in args.worker_option)
            + ("[observability]\nlisten = \"127.0.0.1:0\"\n" if args.workers > 1 else "")
        )
        path = self.config if worker == 1 else self.workdir / f"worker-{worker}.toml"
        path.write_text(text)
        return path

    def start_broker(self) -> None:
        progress("starting the test broker ...")
        self.broker_started = True  # stop even if start fails half-way
        proc = run_checked([str(TEST_BROKER), "start", str(self.broker_dir)], "scripts/test-broker start",
                           timeout=max(self.args.timeout, 120))
        self.bootstrap = proc.stdout.strip().splitlines()[-1]

    def broker_pid(self) -> int | None:
        try:
            return int((self.broker_dir / "pid").read_text().strip())
        except (OSError, ValueError):
            return None

    def output_totals(self, examples: int) -> dict:
        """Records and bytes (key + value) the worker wrote to each of its output topics so
        far, read back to the end, and per example."""
        from confluent_kafka import Consumer, KafkaError, TopicPartition, OFFSET_BEGINNING

        progress("counting the records and bytes written to each topic ...")
        totals: dict = {}
        for name, partitions in (("gradients", self.args.partitions), ("deltas", self.args.partitions),
                                 ("changelog", self.args.partitions),
                                 ("progress", self.args.example_partitions)):
            topic = f"{PREFIX}.{name}"
            consumer = Consumer({"bootstrap.servers": self.bootstrap, "group.id": f"bench-count-{uuid.uuid4().hex[:8]}",
                                 "enable.auto.commit": False, "isolation.level": "read_committed",
                                 "enable.partition.eof": True, "fetch.max.bytes": 64 << 20,
                                 "max.partition.fetch.bytes": 16 << 20})
            consumer.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in range(partitions)])
            records = size = 0
            at_end: set[int] = set()
            deadline = time.monotonic() + self.args.timeout
            while len(at_end) < partitions and time.monotonic() < deadline:
                for message in consumer.consume(10_000, 0.5):
                    error = message.error()
                    if error is None:
                        records += 1
                        size += len(message.key() or b"") + len(message.value() or b"")
                        at_end.discard(message.partition())
                    elif error.code() == KafkaError._PARTITION_EOF:
                        at_end.add(message.partition())
            consumer.close()
            totals[name] = {"records": records, "bytes": size,
                            "records_per_example": records / examples, "bytes_per_example": size / examples}
        totals["all"] = {key: sum(t[key] for t in list(totals.values())) for key in
                         ("records", "bytes", "records_per_example", "bytes_per_example")}
        return totals

    def start_worker(self, label: str, config: Path | None = None) -> Worker:
        log = self.workdir / f"worker-{label}.log"
        self.logs.append(log)
        worker = Worker(self.args.ftrl, config or self.config, log)
        if config is None:
            self.worker = worker
        return worker

    def follow(self, topic: str, partitions: int, handle, fetch_wait_ms: int = 50) -> Follower:
        """A follower of `topic`. Each of its waiting fetches costs this broker CPU (about a
        tenth of a core per consumer at 10 ms, a thirtieth at 50 ms, measured idle), taken from
        what is measured: 10 ms only where our own fetch wait would be part of a latency."""
        follower = Follower(self.bootstrap, topic, partitions, handle, fetch_wait_ms)
        self.followers.append(follower)
        follower.start()
        return follower

    def check_follower(self, follower: Follower) -> None:
        with follower.lock:
            if follower.fatal or not follower.is_alive():
                raise BenchError(f"the consumer of {follower.topic} stopped: "
                                 f"{'; '.join(follower.fatal[:5]) or 'no error reported'}")

    # -- the run ---------------------------------------------------------------------------

    def run(self) -> dict:
        args = self.args
        self.results["load_average_at_start"] = os.getloadavg()
        ftrl = args.ftrl
        train_data, extra_data = self.workdir / "train.jsonl", self.workdir / "extra.jsonl"
        progress(f"generating {args.examples:,} examples (+{args.markers + 1} for markers and "
                 "the restart probe) ...")
        gen = run_checked([str(ftrl), "gen", "--format", "jsonl", "--examples", str(args.examples),
                           "--seed", str(args.seed), "--out", str(train_data)], "ftrl gen", args.timeout)
        self.results["generator"] = last_json_line(gen.stderr, "ftrl gen")  # summary on stderr
        run_checked([str(ftrl), "gen", "--format", "jsonl", "--examples", str(args.markers + 1),
                     "--seed", str(args.seed + 1), "--out", str(extra_data)], "ftrl gen", args.timeout)

        # The embedded trainer first, while nothing else runs.
        self.embedded(train_data)

        examples = [encode_example(label, features, weight)
                    for label, weight, features in read_examples(train_data)]
        if len(examples) != args.examples:
            raise BenchError(f"ftrl gen wrote {len(examples)} examples, not {args.examples}")
        extra = read_examples(extra_data)

        self.start_broker()
        self.write_config()
        run_checked([str(ftrl), "topics", "create", "--config", str(self.config)], "ftrl topics create",
                    args.timeout, env=worker_environment())

        self.throughput(examples)
        if args.throughput_only:
            return self.results
        steady = self.results["stream"]["examples_per_second_after_first_window"] or 0.0
        if args.load_fraction and not steady > 0:
            # Without a rate to take a fraction of, a "loaded" run would be an idle one that
            # reuses the idle run's markers (and reads their deltas from before it started).
            progress("no steady rate measured (every example in the first progress window?): "
                     "the delta latency under load is skipped")
        rates = [fraction * steady for fraction in args.load_fraction] if steady > 0 else []
        for load_rate in args.load_rate + rates:
            self.delta_latency(extra[:args.markers], load=train_data, load_rate=load_rate)
        self.delta_latency(extra[:args.markers])
        self.restart(extra[args.markers])
        self.final_checks()
        return self.results

    def embedded(self, data: Path) -> None:
        progress("embedded trainer: ftrl train on the same file ...")
        start = time.monotonic()
        proc = run_checked([str(self.args.ftrl), "train", "--data", str(data), "--format", "jsonl",
                            "--quiet", "--summary-json"], "ftrl train", self.args.timeout)
        wall = time.monotonic() - start
        summary = last_json_line(proc.stdout, "ftrl train")
        self.results["embedded"] = {
            "examples": summary.get("examples"),
            "progressive_log_loss": summary.get("progressive_loss"),
            "wall_seconds": wall,
            "examples_per_second_wall": self.args.examples / wall,
            "examples_per_second_internal": summary.get("examples_per_second"),
            "nonzero_weights": summary.get("nonzero_weights"),
            "summary": summary,
        }

    def throughput(self, examples: list[bytes]) -> None:
        args = self.args
        topic = self.topics["examples"]
        producer = make_producer(self.bootstrap, linger_ms=5)
        self.producers.append(producer)
        last_offset: dict[int, int] = {}
        failures: list[str] = []

        def delivered(err, message) -> None:
            if err is not None:
                failures.append(str(err))
            else:
                partition = message.partition()
                last_offset[partition] = max(last_offset.get(partition, -1), message.offset())

        progress(f"producing {len(examples):,} examples to {topic} ...")
        start = time.monotonic()
        for i, value in enumerate(examples):
            produce(producer, topic, value, i % args.example_partitions, delivered)
            if i % 1000 == 0:
                producer.poll(0)
        flush(producer, args.timeout, "producing the examples")
        produce_seconds = time.monotonic() - start
        if failures:
            raise BenchError(f"{len(failures)} example(s) not delivered, e.g. {failures[0]}")

        log = ProgressLog()
        follower = self.follow(self.topics["progress"], args.example_partitions, log.handle)
        wait_until(lambda: follower.caught_up(0), args.timeout, "the progress consumer to reach the end")

        n = args.examples
        progress("starting the worker; timing until the progress windows cover every example ...")
        broker_pid = self.broker_pid()
        broker_cpu_before = proc_cpu_seconds(broker_pid) if broker_pid else None
        worker = self.start_worker("1")
        others = [self.start_worker(f"1-w{i}", self.write_config(i)) for i in range(2, args.workers + 1)]
        self.others = others
        probe = StalenessProbe([worker] + others)
        probe.start()
        state = {"index": 0, "count": 0, "first_at": None, "first_count": 0, "done_at": None,
                 "covered": {}}

        def covered() -> bool:
            self.check_follower(follower)
            with follower.lock:
                new = log.windows[state["index"]:]
                state["index"] = len(log.windows)
            for arrived, window in new:
                if state["first_at"] is None:
                    state["first_at"], state["first_count"] = arrived, window["count"]
                state["count"] += window["count"]
                part = window["origin_partition"]
                state["covered"][part] = max(state["covered"].get(part, -1), window["last_offset"])
                complete = state["count"] >= n and all(
                    state["covered"].get(p, -1) >= last for p, last in last_offset.items())
                if complete and state["done_at"] is None:
                    state["done_at"] = arrived
            return state["done_at"] is not None

        try:
            wait_until(covered, args.timeout, f"progress windows covering all {n:,} examples", worker)
        except BenchError as err:
            raise BenchError(f"{err}; read so far: {state['index']} windows counting "
                             f"{state['count']:,} examples, last offsets covered per partition "
                             f"{dict(sorted(state['covered'].items()))} of "
                             f"{dict(sorted(last_offset.items()))}") from err
        staleness = probe.stop()
        cpus = [proc_cpu_seconds(w.proc.pid) for w in [worker] + others]
        worker_cpu = None if None in cpus else sum(cpus)
        broker_cpu_after = proc_cpu_seconds(broker_pid) if broker_pid else None
        broker_cpu = (broker_cpu_after - broker_cpu_before
                      if broker_cpu_after is not None and broker_cpu_before is not None else None)
        wait_until(lambda: worker.ready_at is not None, args.timeout, "the ready line", worker)
        with follower.lock:
            windows = [w for _, w in log.windows]
        seconds = state["done_at"] - worker.started_at
        steady = state["done_at"] - state["first_at"]
        self.results["stream"] = {
            "examples": n,
            "produce_seconds": produce_seconds,
            "produce_examples_per_second": n / produce_seconds,
            "seconds_from_worker_start": seconds,
            "examples_per_second": n / seconds,
            "seconds_after_first_window": steady,
            "examples_per_second_after_first_window":
                (n - state["first_count"]) / steady if steady > 0 else None,
            "first_window_count": state["first_count"],
            "cold_start_ready_seconds": worker.ready_at - worker.started_at,
            "cold_start_first_window_seconds": state["first_at"] - worker.started_at,
            "progress_count": state["count"],
            "progress_count_exceeds_examples_by": max(state["count"] - n, 0),
            "progress_windows": len(windows),
            "duplicate_windows": len(windows) - len({(w["origin_partition"], w["first_offset"],
                                                      w["last_offset"]) for w in windows}),
            "undecodable_windows": log.undecodable,
            "progressive_log_loss": (sum(w["loss_sum"] for w in windows)
                                     / sum(w["weight_sum"] for w in windows)),
            "worker_cpu_seconds": worker_cpu,
            "broker_cpu_seconds": broker_cpu,
            "worker_cpu_microseconds_per_example": worker_cpu / n * 1e6 if worker_cpu is not None else None,
            "broker_cpu_microseconds_per_example": broker_cpu / n * 1e6 if broker_cpu is not None else None,
        }
        self.results["output"] = self.output_totals(n)
        self.results["stream"]["workers"] = args.workers
        self.results["stream"]["staleness"] = staleness
        for other in others:  # the later phases run with one worker
            other.terminate(args.timeout)
        self.progress_log, self.progress_follower = log, follower
        progress(f"stream: {n:,} examples in {seconds:.2f} s from the worker's start")

    def delta_latency(self, extra: list, load: Path | None = None, load_rate: float = 0.0) -> None:
        """Marker latency with the worker idle or, with `load` (JSON-lines examples), while
        `ftrl produce --rate` sends them at `load_rate` per second around the markers (the
        results go under `delta_latency_under_load`)."""
        args = self.args
        loaded = load is not None and load_rate > 0
        watch = MarkerWatch()
        markers: list[bytes] = []
        for i, (label, weight, features) in enumerate(extra):
            # Each loaded run has markers of its own: the follower reads the deltas topic
            # from the beginning, where an earlier run's markers already are.
            run = len(self.results.get("delta_latency_under_load", []))
            name = f"marker-load{run}-{i}" if loaded else f"marker-{i}"
            coordinate = feature_coordinate(MARKER_NAMESPACE, name)
            if coordinate in watch.markers:
                raise BenchError(f"marker coordinates collide ({name})")
            watch.markers[coordinate] = i
            markers.append(encode_example(label, features + [(MARKER_NAMESPACE, name, None)], weight))

        progress("following the deltas topic from the beginning until it is quiet ...")
        follower = self.follow(self.topics["deltas"], args.partitions, watch.handle, fetch_wait_ms=10)
        wait_until(lambda: self.check_follower(follower) or follower.caught_up(args.quiet_seconds),
                   args.timeout, f"the deltas topic to be read to its end and quiet for "
                   f"{args.quiet_seconds:g} s (the worker idle)", self.worker)
        with follower.lock:
            backlog = watch.deltas

        producer = make_producer(self.bootstrap, linger_ms=0)
        self.producers.append(producer)
        topic = self.topics["examples"]
        sent: dict[int, tuple[float, float]] = {}
        acked: dict[int, float] = {}
        placed: dict[int, tuple[int, int]] = {}  # marker -> (partition, offset)
        failures: list[str] = []

        def on_delivery(i: int):
            def delivered(err, message) -> None:
                if err is not None:
                    failures.append(str(err))
                else:
                    acked[i] = time.monotonic()
                    placed[i] = (message.partition(), message.offset())
            return delivered

        # The load comes from a process of its own that batches (linger 50 ms), as a real
        # application's producer would: one request per example would cost the broker far
        # more CPU than the worker's own traffic, and the markers' producer must not wait
        # behind it. It runs the whole time the markers go in, from a moment before.
        generator = None
        if loaded:
            assert load is not None
            run = len(self.results.get("delta_latency_under_load", []))
            generator = LoadGenerator(args.ftrl, self.config, load, load_rate, args.timeout,
                                      self.workdir / f"load-generator-{run}.log")
            self.load_generators.append(generator)
            progress(f"starting ftrl produce --rate {load_rate:,.0f} (it encodes its examples first) ...")
            wait_until(generator.sending, args.timeout, "the load generator to start sending", self.worker,
                       interval=0.05)
            time.sleep(LOAD_WARM_UP_SECONDS)

        what = f" among {load_rate:,.0f} examples/s" if loaded else ""
        progress(f"producing {len(markers)} markers at {args.marker_rate:g}/s{what} ...")
        transactions_before = transaction_totals(self.worker.log)
        cpu_before = self.phase_cpu()
        generator_cpu_before = generator.cpu_seconds() if generator else None
        start = time.monotonic()
        for i, value in enumerate(markers):
            # Wait in poll() so that delivery callbacks run (and time acks) as they come.
            while (now := time.monotonic()) < (due := start + i / args.marker_rate):
                producer.poll(due - now)
            sent[i] = (time.monotonic(), time.time())
            produce(producer, topic, value, i % args.example_partitions, on_delivery(i))
            producer.poll(0)
        flush(producer, args.timeout, "producing the markers")
        load_summary = generator.stop(args.timeout) if generator else None
        generator_seconds = time.monotonic() - start
        if failures:
            raise BenchError(f"{len(failures)} marker(s) not delivered, e.g. {failures[0]}")

        def all_seen() -> bool:
            self.check_follower(follower)
            with follower.lock:
                return len(watch.seen) == len(markers) and len(watch.seen_packed) == len(markers)

        try:
            wait_until(all_seen, args.timeout, "every marker's delta", self.worker)
        except BenchError as err:
            with follower.lock:
                missing = sorted(set(range(len(markers))) - set(watch.seen))
            raise BenchError(f"{err}: {len(missing)} of {len(markers)} markers never showed a "
                             f"delta (first missing: {missing[:10]})") from err

        # How often each role committed while the markers went in, and how long a transaction
        # took (the update role's includes applying): the latency's cadence.
        elapsed = time.monotonic() - start
        pace = transaction_pace(transactions_before, transaction_totals(self.worker.log), elapsed)
        cpu = {who: (after - cpu_before[who]) / elapsed
               for who, after in self.phase_cpu().items() if after is not None and cpu_before.get(who) is not None}
        # The load generator is part of the benchmark's cost: its CPU in this window (all of
        # it after the window's start: it was stopped before the window ended).
        generator_cores = generator_cores_running = None
        if load_summary and load_summary["cpu_seconds"] is not None and generator_cpu_before is not None:
            generator_cpu = load_summary["cpu_seconds"] - generator_cpu_before
            generator_cores = generator_cpu / elapsed
            # Over the time it ran in the window, not the whole window (which goes on until
            # the last marker's delta is read): what it costs while it sends.
            generator_cores_running = generator_cpu / generator_seconds
            if "benchmark" in cpu:
                cpu["benchmark"] += generator_cores
        with follower.lock:
            seen = dict(watch.seen)
            seen_packed = dict(watch.seen_packed)
        stamped = self.window_stamps(placed)
        count = len(markers)
        latency = [(seen[i][0] - sent[i][0]) * 1000 for i in range(count)]
        packed_latency = [(seen_packed[i][0] - sent[i][0]) * 1000 for i in range(count)]
        ack = [(acked[i] - sent[i][0]) * 1000 for i in range(count)]
        # The worker's own stamps (wall clock, ms) split the latency into three legs.
        to_window = [stamped[i] - sent[i][1] * 1000 for i in range(count) if i in stamped]
        window_to_delta = [seen[i][2] - stamped[i] for i in range(count) if i in stamped and seen[i][2]]
        delta_to_read = [seen[i][1] * 1000 - seen[i][2] for i in range(count) if seen[i][2]]
        # The packed states carry the same transaction's stamp as the window.
        packed_to_read = [seen_packed[i][1] * 1000 - seen_packed[i][2] for i in range(count) if seen_packed[i][2]]

        def p50(values: list[float]) -> float | None:
            return percentile(values, 50) if values else None

        figures = {
            "load_examples_per_second": load_rate if loaded else 0.0,
            "load_examples": load_summary["sent"] if load_summary else 0,
            "load_produced_examples_per_second": load_summary["examples_per_second"] if load_summary else None,
            "load_generator": load_summary,
            "load_generator_cores": generator_cores,
            "load_generator_cores_while_running": generator_cores_running,
            "markers": count,
            "rate_per_second": args.marker_rate,
            "produce_seconds": time.monotonic() - start,
            "deltas_read_before_markers": backlog,
            "packed_p50_ms": percentile(packed_latency, 50),
            "packed_p99_ms": percentile(packed_latency, 99),
            "packed_max_ms": max(packed_latency),
            "p50_ms": percentile(latency, 50),
            "p99_ms": percentile(latency, 99),
            "max_ms": max(latency),
            "min_ms": min(latency),
            "produce_ack_p50_ms": percentile(ack, 50),
            "produce_to_progress_stamp_p50_ms": p50(to_window),
            "progress_stamp_to_delta_stamp_p50_ms": p50(window_to_delta),
            "delta_stamp_to_read_p50_ms": p50(delta_to_read),
            "packed_stamp_to_read_p50_ms": p50(packed_to_read),
            "markers_with_progress_stamp": len(to_window),
            "transactions": pace,
            "cores_busy": cpu,
            "latencies_ms": latency,
            "packed_latencies_ms": packed_latency,
        }
        if loaded:
            self.results.setdefault("delta_latency_under_load", []).append(figures)
            follower.stop()
        else:
            self.results["delta_latency"] = figures
            self.deltas_follower, self.marker_watch, self.marker_producer = follower, watch, producer
        progress(f"legs (p50): produce → the update role's stamp {fmt_ms(p50(to_window))}; "
                 f"→ packed state read {fmt_ms(p50(packed_to_read))}; transactions: {pace_text(pace)}; "
                 f"cores busy: " + ", ".join(f"{who} {share:.2f}" for who, share in cpu.items())
                 + (f" (the load generator {generator_cores:.2f} of it, {generator_cores_running:.2f} while it "
                    f"ran, sending {load_summary['examples_per_second']:,.0f} examples/s)"
                    if load_summary and generator_cores is not None and generator_cores_running is not None
                    else ""))
        progress(f"delta latency{what}, packed states: p50 {percentile(packed_latency, 50):.1f} ms, "
                 f"p99 {percentile(packed_latency, 99):.1f} ms; per-coordinate deltas: p50 "
                 f"{percentile(latency, 50):.1f} ms, p99 {percentile(latency, 99):.1f} ms")

    def phase_cpu(self) -> dict[str, float | None]:
        """CPU seconds so far of the worker, the broker and this benchmark's own process (its
        marker producer and deltas follower share the 2 cores with what is measured; the load
        generator's CPU is added by `delta_latency`)."""
        broker_pid = self.broker_pid()
        return {
            "worker": proc_cpu_seconds(self.worker.proc.pid),
            "broker": proc_cpu_seconds(broker_pid) if broker_pid else None,
            "benchmark": proc_cpu_seconds(os.getpid()),
        }

    def window_stamps(self, placed: dict[int, tuple[int, int]]) -> dict[int, int]:
        """marker -> `time_ms` of the progress window that counted it (the predict role's
        stamp, taken as it sends the window, before its commit). Those windows committed
        with the gradients, so they are readable before the deltas: a short wait suffices."""
        log, follower = self.progress_log, self.progress_follower
        stamps: dict[int, int] = {}

        def all_stamped() -> bool:
            with follower.lock:
                windows = [w for _, w in log.windows]
            for marker, (partition, offset) in placed.items():
                if marker not in stamps:
                    for w in windows:
                        if (w["origin_partition"] == partition
                                and w["first_offset"] <= offset <= w["last_offset"] and w["time_ms"]):
                            stamps[marker] = w["time_ms"]
                            break
            return len(stamps) == len(placed)

        try:
            wait_until(all_stamped, 10, "the markers' progress windows", interval=0.05)
        except BenchError as err:  # a breakdown, not a figure: go on without the missing ones
            progress(f"warning: {err}; {len(placed) - len(stamps)} marker(s) lack a window stamp")
        return stamps

    def restart(self, probe: tuple) -> None:
        args = self.args
        old = self.worker
        progress("SIGTERM to the worker ...")
        shutdown = old.terminate(args.timeout)
        exit_status = old.proc.returncode

        log, follower = self.progress_log, self.progress_follower
        with follower.lock:
            seen_windows = len(log.windows)
        label, weight, features = probe
        delivered: dict = {}
        progress("restarting the worker and producing one probe example ...")
        worker = self.start_worker("2")
        produce(self.marker_producer, self.topics["examples"], encode_example(label, features, weight), 0,
                lambda err, message: delivered.update(err=err, offset=message.offset()))
        flush(self.marker_producer, args.timeout, "producing the restart probe")
        if delivered.get("err") is not None:
            raise BenchError(f"the restart probe was not delivered: {delivered['err']}")
        offset = delivered["offset"]
        state = {"index": seen_windows, "at": None}

        def probe_seen() -> bool:
            self.check_follower(follower)
            with follower.lock:
                new = log.windows[state["index"]:]
                state["index"] = len(log.windows)
            for arrived, window in new:
                if (state["at"] is None and window["origin_partition"] == 0
                        and window["first_offset"] <= offset <= window["last_offset"]):
                    state["at"] = arrived
            return state["at"] is not None

        try:
            wait_until(probe_seen, args.timeout, "the restart probe in a progress window", worker)
        except BenchError as err:
            raise BenchError(f"{err} (examples partition 0, offset {offset}; "
                             f"{state['index'] - seen_windows} windows read since the restart)") from err
        wait_until(lambda: worker.ready_at is not None, args.timeout, "the ready line after the restart",
                   worker)
        records, restore_seconds = worker.restored()
        self.results["restart"] = {
            "restored_changelog_records": records,
            "restore_seconds": restore_seconds,
            "shutdown_seconds": shutdown,
            "shutdown_exit_status": exit_status,
            "ready_seconds": worker.ready_at - worker.started_at,
            "first_progress_seconds": state["at"] - worker.started_at,
        }
        progress(f"restart: ready after {worker.ready_at - worker.started_at:.2f} s, first progress "
                 f"after {state['at'] - worker.started_at:.2f} s")

    def final_checks(self) -> None:
        """Stops the worker, then counts the model's weights and the dead letters."""
        args = self.args
        shutdown = self.worker.terminate(args.timeout)
        self.results["restart"]["second_shutdown_seconds"] = shutdown
        self.results["restart"]["second_shutdown_exit_status"] = self.worker.proc.returncode
        checks: dict = {}
        try:
            proc = run_checked([str(args.ftrl), "model", "dump", "--config", str(self.config)],
                               "ftrl model dump", args.timeout, env=worker_environment())
            checks["model_dump_weights"] = sum(1 for line in proc.stdout.splitlines() if line.strip())
        except BenchError as err:  # a check, not a figure: report it and go on
            checks["model_dump_error"] = str(err)
        dead = {"count": 0}

        def count(_message, _now, _wall) -> None:
            dead["count"] += 1

        follower = self.follow(self.topics["dlq"], 1, count)
        try:
            wait_until(lambda: follower.caught_up(0.5), 30, "the dead-letter topic's end")
            checks["dead_letters"] = dead["count"]
        except BenchError as err:
            checks["dead_letters_error"] = str(err)
        self.results["checks"] = checks
        self.results["load_average_at_end"] = os.getloadavg()

    # -- clean-up --------------------------------------------------------------------------

    def cleanup(self) -> None:
        for worker in [self.worker] + self.others:
            if worker is not None:
                worker.kill()
        for generator in self.load_generators:
            generator.kill()
        for follower in self.followers:
            follower.stop()
        # Destroy the clients while the broker is still there to say goodbye to (no loop
        # variable may keep one alive).
        while self.producers:
            self.producers.pop().flush(2)
        self.marker_producer = None
        gc.collect()
        if self.broker_started:
            try:
                subprocess.run([str(TEST_BROKER), "stop", str(self.broker_dir)], timeout=60,
                               stdout=subprocess.DEVNULL)
            except (subprocess.TimeoutExpired, OSError) as err:
                progress(f"warning: scripts/test-broker stop {self.broker_dir} failed: {err}")

    def failure_report(self) -> str:
        parts = []
        for follower in self.followers:
            if follower.errors:
                parts.append(f"consumer errors on {follower.topic}: {'; '.join(follower.errors)}")
        for log in self.logs[-2:]:
            parts.append(f"worker log tail ({log}):\n{tail_file(log)}")
        if self.broker_started:
            parts.append(f"broker log tail ({self.broker_dir / 'broker.log'}):\n"
                         f"{tail_file(self.broker_dir / 'broker.log', 15)}")
        return "\n".join(parts)


# ---------------------------------------------------------------------------------------
# Report


def staleness_text(staleness: dict) -> str:
    if not staleness.get("samples"):
        return "not sampled"
    return (f"{staleness['mean_unconfirmed_examples']:,.0f} / {staleness['max_unconfirmed_examples']:,.0f} "
            f"examples; {staleness['mean_unconfirmed_ms']:,.0f} / {staleness['max_unconfirmed_ms']:,.0f} ms "
            f"({staleness['samples']} samples of /metrics)")


def pace_text(pace: dict) -> str:
    return ", ".join(f"{role} {p['per_second']:.1f}/s of {fmt_ms(p['mean_ms'])}" for role, p in pace.items()) or "n/a"


def loaded_latency_rows(runs: list[dict] | None) -> list[list[str]]:
    """The report's rows for the delta latency measured under each load, if it was."""
    rows = []
    for loaded in runs or []:
        under = f"under load ({loaded['load_examples_per_second']:,.0f} examples/s produced around the markers)"
        rows += [[f"delta latency p50 / p99 / max, packed states, {under}",
                  f"{loaded['packed_p50_ms']:,.1f} / {loaded['packed_p99_ms']:,.1f} / "
                  f"{loaded['packed_max_ms']:,.1f} ms"],
                 [f"delta latency p50 / p99 / max, per-coordinate delta, {under}",
                  f"{loaded['p50_ms']:,.1f} / {loaded['p99_ms']:,.1f} / {loaded['max_ms']:,.1f} ms"],
                 ["  its legs (p50): produce → the update role's stamp; → packed state read",
                  f"{fmt_ms(loaded['produce_to_progress_stamp_p50_ms'])}; "
                  f"{fmt_ms(loaded['packed_stamp_to_read_p50_ms'])}"],
                 ["  transactions meanwhile, per role: how many per second, of how long",
                  pace_text(loaded["transactions"])],
                 [("  cores busy meanwhile (the benchmark's include the load generator, `ftrl produce "
                   "--rate`); the load's achieved examples/s"),
                  ", ".join(f"{who} {share:.2f}" for who, share in loaded["cores_busy"].items())
                  + (f" (load generator {loaded['load_generator_cores']:.2f})"
                     if loaded.get("load_generator_cores") is not None else "")
                  + f"; {fmt_rate(loaded.get('load_produced_examples_per_second'))}"]]
    return rows


def report(results: dict, args: argparse.Namespace, argv: list[str]) -> str:
    stream, embedded = results["stream"], results["embedded"]
    latency, restart, checks = results["delta_latency"], results["restart"], results["checks"]
    n = args.examples
    lines = [f"Command: `{' '.join(['scripts/bench-stream'] + argv)}`", ""]
    lines.append(markdown_table(
        ["run", "examples", "seconds", "examples/s", "progressive log loss"],
        [["stream worker, from its start (incl. start-up) until progress covers all examples",
          f"{n:,}", fmt_s(stream["seconds_from_worker_start"]),
          fmt_rate(stream["examples_per_second"]), fmt_loss(stream["progressive_log_loss"])],
         ["stream worker, from its first progress window (examples after it)",
          f"{n - stream['first_window_count']:,}",
          fmt_s(stream["seconds_after_first_window"]),
          fmt_rate(stream["examples_per_second_after_first_window"]), ""],
         ["embedded `ftrl train` (wall clock of the process)", f"{n:,}",
          fmt_s(embedded["wall_seconds"]), fmt_rate(embedded["examples_per_second_wall"]),
          fmt_loss(embedded["progressive_log_loss"])],
         ["producing the examples (before the worker starts; not part of the stream figure)",
          f"{n:,}", fmt_s(stream["produce_seconds"]),
          fmt_rate(stream["produce_examples_per_second"]), ""]]))
    lines.append("")
    output = results["output"]

    def cpu(key: str) -> str:
        return f"{stream[key]:.2f}" if stream.get(key) is not None else "?"

    lines.append(markdown_table(
        ["CPU while the stream ran (from the workers' start)", "seconds", "µs per example"],
        [[f"{stream['workers']} worker(s), both roles", cpu("worker_cpu_seconds"),
          cpu("worker_cpu_microseconds_per_example")],
         ["broker (Tansu)", cpu("broker_cpu_seconds"), cpu("broker_cpu_microseconds_per_example")]]))
    lines.append("")
    lines.append(markdown_table(
        ["topic the worker wrote", "records", "records per example", "bytes per example"],
        [[name, f"{t['records']:,}", f"{t['records_per_example']:.4f}", f"{t['bytes_per_example']:,.1f}"]
         for name, t in output.items()]))
    lines.append("")
    lines.append(markdown_table(
        ["figure", "value"],
        [["delta latency p50 / p99 / max, packed states (example produced → its weight readable)",
          f"{latency['packed_p50_ms']:,.1f} / {latency['packed_p99_ms']:,.1f} / "
          f"{latency['packed_max_ms']:,.1f} ms"],
         ["delta latency p50 / p99 / max, per-coordinate delta (the compacted model)",
          f"{latency['p50_ms']:,.1f} / {latency['p99_ms']:,.1f} / {latency['max_ms']:,.1f} ms"],
         *loaded_latency_rows(results.get("delta_latency_under_load")),
         ["  leg 1 (p50): produce → the update role stamps the marker's progress window",
          fmt_ms(latency["produce_to_progress_stamp_p50_ms"])],
         ["  packed states, leg 2 (p50): window stamped → packed state read here",
          fmt_ms(latency["packed_stamp_to_read_p50_ms"])],
         ["  per-coordinate deltas, leg 2 (p50): window stamped → the snapshot stamps the delta",
          fmt_ms(latency["progress_stamp_to_delta_stamp_p50_ms"])],
         ["  per-coordinate deltas, leg 3 (p50): delta stamped → read here",
          fmt_ms(latency["delta_stamp_to_read_p50_ms"])],
         ["produce acknowledgement (p50)", fmt_ms(latency["produce_ack_p50_ms"])],
         ["staleness while learning, mean / max (examples a predict role learned that the owners "
          "had not applied yet; age of the oldest): other workers see them that late",
          staleness_text(stream["staleness"])],
         ["cold start: worker start → ready line", fmt_s(stream["cold_start_ready_seconds"])],
         ["cold start: worker start → first progress window",
          fmt_s(stream["cold_start_first_window_seconds"])],
         ["shutdown: SIGTERM → exit", f"{fmt_s(restart['shutdown_seconds'])} "
                                       f"(exit status {restart['shutdown_exit_status']})"],
         ["restart: start → ready line", fmt_s(restart["ready_seconds"])
          + (f" (restored {restart['restored_changelog_records']:,} changelog records in "
             f"{restart['restore_seconds']:.2f} s)" if restart["restored_changelog_records"] is not None
             and restart["restore_seconds"] is not None else "")],
         ["restart: start → first progress (example produced after the restart)",
          fmt_s(restart["first_progress_seconds"])]]))
    lines.append("")
    notes = [
        f"Settings: {args.examples:,} examples from `ftrl gen --format jsonl --seed {args.seed}` "
        f"(20 categorical fields), protobuf on the examples topic; {args.example_partitions} "
        f"examples partitions, {args.partitions} gradients/deltas/changelog partitions; "
        f"{args.workers} worker(s) for the throughput (both roles, transactions; one for the "
        f"latency and restart), batch_max_examples={args.batch_max_examples}, "
        f"batch_max_wait_ms={args.batch_max_wait_ms}, session_timeout_ms="
        f"{args.session_timeout_ms}; model settings at their defaults in both the worker and "
        "`ftrl train` (FTRL-Proximal, logistic, α=0.1, β=1, no L1/L2, no crosses)."
        + (f" librdkafka options: {dict(args.librdkafka_option)}." if args.librdkafka_option else "")
        + (f" Worker [model] options: {dict(args.model_option)} (`ftrl train` without them)."
           if args.model_option else "")
        + (f" Worker [worker] options: {dict(args.worker_option)}." if args.worker_option else ""),
        f"Machine: Tansu (scripts/test-broker, in-memory storage) on 127.0.0.1, on the same "
        f"{os.cpu_count()} cores as the worker and this script; load average (1/5/15 min) "
        f"{'/'.join(f'{x:.2f}' for x in results['load_average_at_start'])} at the start, "
        f"{'/'.join(f'{x:.2f}' for x in results['load_average_at_end'])} at the end.",
        "Stream throughput: every example is on the topic before the worker starts; timed from "
        "starting the process until a read_committed consumer has read progress windows whose "
        "counts sum to N and whose offsets reach each partition's last example. The first row "
        "includes start-up (process, group join, restore); the second counts from the first "
        "progress window on. The worker learns each example at once in its replica, as the "
        "embedded trainer does; where their losses differ, it is the example order (the worker "
        "reads the partitions interleaved as fetches arrive, the trainer reads the file in order).",
        f"Progress: {stream['progress_windows']} windows, counts summing to "
        f"{stream['progress_count']:,}"
        + (f" — {stream['progress_count_exceeds_examples_by']:,} more than produced (aborted "
           "transactions' records are visible on this broker)"
           if stream["progress_count_exceeds_examples_by"] else "")
        + (f", {stream['duplicate_windows']} duplicate window(s)" if stream["duplicate_windows"] else "")
        + ".",
        f"Delta latency: {latency['markers']} marker examples at {latency['rate_per_second']:g}/s "
        "with the worker idle, each with a feature of its own (ns \"zz\", name \"marker-<i>\"); "
        "from just before produce() to the moment a consumer following every deltas partition "
        f"(fetch.wait.max.ms=10) reads the first record keyed by that coordinate. Percentiles "
        f"are nearest-rank; min {latency['min_ms']:.1f} ms. The legs use the `time_ms` the update role "
        "writes into the marker's progress window and packed states (one stamp per transaction, "
        "before its commit) and into the delta (as its snapshot sends it), against this "
        "machine's wall clock; leg 1 thus includes the predict role's fetch, batching, learning "
        "and commit and the update role's fetch and apply; the packed leg 2 the update role's "
        "commit and our fetch.",
        "Restart: SIGTERM to the worker's process group, timed until it exits; then a new "
        "process is started and one example is produced at once; 'ready' is when the worker's "
        "log first shows the update role's ready line (log polled every 5 ms), 'first progress' "
        "when a committed progress window covering that example is read.",
    ]
    if "model_dump_weights" in checks:
        notes.append(f"Checks: `ftrl model dump` lists {checks['model_dump_weights']:,} weights "
                     f"(embedded: {embedded['nonzero_weights']:,} nonzero, before the "
                     f"{latency['markers']} markers and the probe);"
                     + (f" {checks['dead_letters']} dead letters." if "dead_letters" in checks
                        else f" dead letters unknown: {checks.get('dead_letters_error')}."))
    elif "model_dump_error" in checks:
        notes.append(f"Checks: `ftrl model dump` failed: {checks['model_dump_error']}")
    lines.extend(f"- {note}" for note in notes)
    return "\n".join(lines)


def write_json(path: Path, results: dict, args: argparse.Namespace, argv: list[str]) -> None:
    def version(package: str) -> str | None:
        try:
            return metadata.version(package)
        except metadata.PackageNotFoundError:
            return None

    from confluent_kafka import libversion

    document = {
        "command": ["scripts/bench-stream"] + argv,
        "settings": {
            "examples": args.examples, "markers": args.markers, "marker_rate": args.marker_rate,
            "partitions": args.partitions, "example_partitions": args.example_partitions,
            "batch_max_examples": args.batch_max_examples, "batch_max_wait_ms": args.batch_max_wait_ms,
            "session_timeout_ms": args.session_timeout_ms, "seed": args.seed,
            "librdkafka_options": dict(args.librdkafka_option), "timeout": args.timeout,
            "model_options": dict(args.model_option), "worker_options": dict(args.worker_option),
        },
        "ftrl_binary": str(args.ftrl),
        "versions": {"confluent-kafka": version("confluent-kafka"), "librdkafka": libversion()[0],
                     "xxhash": version("xxhash")},
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                    "python": platform.python_version()},
        **results,
    }
    path.write_text(json.dumps(document, indent=2) + "\n")


# ---------------------------------------------------------------------------------------
# Self-test of the pure parts (no broker, no binary): `bench_stream.py --self-test`


def self_test() -> None:
    # Varints, including the 10-byte form of a negative int64.
    assert varint(0) == b"\x00" and varint(1) == b"\x01" and varint(300) == b"\xac\x02"
    assert varint(-1) == b"\xff" * 9 + b"\x01"
    assert read_varint(varint(2**64 - 1), 0) == (2**64 - 1, 10)
    # Example{label: 1, features: [{ns: "a", name: "x"}]} as protoc would write it.
    expected = (b"\x09" + struct.pack("<d", 1.0)
                + b"\x1a\x06" + b"\x0a\x01a" + b"\x12\x01x")
    assert encode_example(1.0, [("a", "x", None)]) == expected, encode_example(1.0, [("a", "x", None)])
    # Weight, value, empty namespace omitted, multi-byte length.
    got = encode_example(0.0, [("", "y" * 200, 0.5)], weight=2.0)
    feature = b"\x12\xc8\x01" + b"y" * 200 + b"\x19" + struct.pack("<d", 0.5)
    assert got == (b"\x09" + struct.pack("<d", 0.0) + b"\x11" + struct.pack("<d", 2.0)
                   + b"\x1a" + varint(len(feature)) + feature)
    # A ProgressWindow as the worker writes it, with packed repeated doubles to skip.
    window = (varint(1 << 3 | 0) + varint(5000) + double_field(2, 4999.5) + double_field(3, 2300.25)
              + double_field(4, 1.0) + len_field(6, struct.pack("<3d", 1, 2, 3))
              + tag(8, 0) + varint(3) + tag(9, 0) + varint(123456789) + tag(10, 0) + varint(123461788)
              + len_field(11, b"w1") + tag(12, 0) + varint(1_700_000_000_000))
    assert decode_progress(window) == {"count": 5000, "weight_sum": 4999.5, "loss_sum": 2300.25,
                                       "origin_partition": 3, "first_offset": 123456789,
                                       "last_offset": 123461788, "time_ms": 1_700_000_000_000}
    assert decode_progress(b"")["origin_partition"] == 0  # proto3: absent means 0
    delta = (tag(1, 1) + (2**64 - 5).to_bytes(8, "little") + double_field(2, -0.25)
             + tag(3, 0) + varint(7) + tag(4, 0) + varint(7) + tag(5, 0) + varint(-3))
    assert decode_delta(delta) == {"coordinate": 2**64 - 5, "weight": -0.25, "updates": 7,
                                   "version": 7, "time_ms": -3}
    for bad in (b"\x08", b"\x09\x00", b"\x1a\x05ab", b"\x0b"):
        try:
            list(decode_fields(bad))
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} should not decode")
    # JSON lines as ftrl gen writes them.
    assert parse_jsonl_example('{"label":1,"features":["a:3","b:x:y","plain",'
                               '{"ns":"c","name":"z","value":0.5}]}') == \
        (1.0, None, [("a", "3", None), ("b", "x:y", None), ("", "plain", None), ("c", "z", 0.5)])
    # Nearest-rank percentiles.
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50 and percentile(values, 99) == 99 and percentile(values, 100) == 100
    assert percentile([3.0, 1.0, 2.0], 50) == 2 and percentile([7.0], 99) == 7
    assert percentile([1.0, 2.0], 50) == 1 and percentile([1.0, 2.0], 51) == 2
    for bad_pct in (0, 101):
        try:
            percentile(values, bad_pct)
        except ValueError:
            continue
        raise AssertionError("percentile range not checked")
    # Tables.
    assert markdown_table(["a", "b"], [["1", "x|y"]]) == "| a | b |\n|---|---|\n| 1 | x\\|y |"
    # Hashing: the namespace seed of "" is pinned in src/learn/hashing.rs.
    try:
        import xxhash
    except ImportError:
        print("self-test: xxhash missing, hashing not checked", file=sys.stderr)
    else:
        assert xxhash.xxh3_64_intdigest(b"") == 0x2D06800538D394C2
        assert feature_coordinate("a", "x") != feature_coordinate("ab", "")
    print("self-test: ok")


# ---------------------------------------------------------------------------------------
# Main


def positive_int(text: str) -> int:
    value = int(text.replace("_", ""))
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


def positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


def fractions(text: str) -> list[float]:
    """A comma-separated list of load fractions; 0 (alone) means none."""
    try:
        values = [float(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of numbers: {text}") from None
    if any(not 0 <= value <= 2 for value in values):
        raise argparse.ArgumentTypeError(f"fractions must lie in [0, 2], got {text}")
    return [value for value in values if value > 0]


def rates(text: str) -> list[float]:
    """A comma-separated list of examples/s."""
    try:
        values = [float(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of numbers: {text}") from None
    if any(not value > 0 for value in values):
        raise argparse.ArgumentTypeError(f"rates must be positive, got {text}")
    return values


def key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text}")
    return key, value


def default_ftrl() -> Path:
    # Relative CARGO_TARGET_DIR is relative to the repository, where cargo is run.
    return (REPO_ROOT / (os.environ.get("CARGO_TARGET_DIR") or "target") / "release" / "ftrl").resolve()


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench-stream",
        description="End-to-end benchmark of the stream worker on a loopback test broker: "
                    "examples/s with transactions, delta latency, restart time.")
    parser.add_argument("--ftrl", metavar="PATH", type=Path, default=None,
                        help="ftrl binary (default: $CARGO_TARGET_DIR/release/ftrl, "
                             "CARGO_TARGET_DIR defaulting to target/ in the repository; not built)")
    parser.add_argument("--examples", type=positive_int, default=200_000,
                        help="examples for the throughput run (default 200000)")
    parser.add_argument("--markers", type=positive_int, default=300,
                        help="marker examples for the delta latency (default 300)")
    parser.add_argument("--marker-rate", type=positive_float, default=100.0,
                        help="markers per second (default 100)")
    parser.add_argument("--load-fraction", type=fractions, default=[0.5],
                        help="the delta latency is measured again while examples are produced at "
                             "this fraction of the measured steady examples/s, once per fraction of a "
                             "comma-separated list such as 0.5,0.9 (default 0.5; 0 skips)")
    parser.add_argument("--load-rate", type=rates, default=[],
                        help="as --load-fraction, at these examples/s (comma-separated), before the "
                             "fractions: A/B runs of two binaries at the same load")
    parser.add_argument("--partitions", type=positive_int, default=8,
                        help="gradients/deltas/changelog partitions (default 8)")
    parser.add_argument("--example-partitions", type=positive_int, default=4,
                        help="examples (and progress) partitions (default 4)")
    parser.add_argument("--throughput-only", action="store_true",
                        help="stop after the throughput run and print its figures as JSON "
                             "(loss against the embedded trainer, rate, CPU, staleness): for "
                             "comparing settings and group sizes")
    parser.add_argument("--workers", type=positive_int, default=1,
                        help="workers sharing the throughput run (default 1); later phases use one")
    parser.add_argument("--batch-max-examples", type=positive_int, default=20_000,
                        help="worker batch_max_examples (default 20000, as the worker)")
    parser.add_argument("--model-option", metavar="KEY=VALUE", type=key_value, action="append", default=[],
                        help="a [model] setting in TOML, like delay_tolerant=true or 'hedge=[0.03, 0.1, 0.3]' "
                             "(repeatable)")
    parser.add_argument("--worker-option", metavar="KEY=VALUE", type=key_value, action="append", default=[],
                        help="a [worker] setting in TOML, like coalesce=false (repeatable)")
    parser.add_argument("--batch-max-wait-ms", type=positive_int, default=50,
                        help="worker batch_max_wait_ms (default 50, as the worker)")
    parser.add_argument("--session-timeout-ms", type=positive_int, default=2000,
                        help="worker session_timeout_ms (default 2000)")
    parser.add_argument("--librdkafka-option", metavar="KEY=VALUE", type=key_value, action="append",
                        default=[], help="extra [kafka.librdkafka_options] entry for the worker "
                                         "(repeatable), e.g. fetch.wait.max.ms=10")
    parser.add_argument("--seed", type=positive_int, default=1, help="ftrl gen seed (default 1)")
    parser.add_argument("--timeout", type=positive_float, default=300.0,
                        help="longest any one wait may take, in seconds (default 300)")
    parser.add_argument("--quiet-seconds", type=positive_float, default=1.0,
                        help="how long the deltas topic must be quiet before the markers start "
                             "(default 1)")
    parser.add_argument("--json", metavar="OUT", type=Path, help="also write the figures to OUT")
    parser.add_argument("--workdir", type=Path,
                        help="keep data, config and logs here (default: a temp dir, removed "
                             "afterwards unless the run fails)")
    parser.add_argument("--self-test", action="store_true",
                        help="check the encoders, decoders and percentiles, then exit")
    args = parser.parse_args(argv)
    args.ftrl = (args.ftrl or default_ftrl()).resolve()
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.self_test:
        self_test()
        return 0
    if not (args.ftrl.is_file() and os.access(args.ftrl, os.X_OK)):
        print(f"bench-stream: error: {args.ftrl} is not an executable file; build it with "
              "`cargo build --release` or pass --ftrl PATH", file=sys.stderr)
        return 1

    # SIGTERM and SIGHUP unwind like Ctrl-C, so that the finally below stops everything.
    def interrupted(signum, _frame):
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGHUP, interrupted)

    if args.workdir:
        args.workdir.mkdir(parents=True, exist_ok=True)
        workdir, temporary = args.workdir.resolve(), False
    else:
        workdir, temporary = Path(tempfile.mkdtemp(prefix="bench-stream-")), True
    bench = Bench(args, workdir)
    failed = True
    try:
        results = bench.run()
        failed = False
    except BenchError as err:
        print(f"bench-stream: error: {err}\n{bench.failure_report()}", file=sys.stderr)
    except KeyboardInterrupt:
        print(f"bench-stream: interrupted\n{bench.failure_report()}", file=sys.stderr)
    finally:
        bench.cleanup()
        if temporary and not failed:
            shutil.rmtree(workdir, ignore_errors=True)
        elif failed:
            print(f"bench-stream: data, config and logs kept in {workdir}", file=sys.stderr)
    if failed:
        return 1
    if args.throughput_only:
        stream, embedded = results["stream"], results["embedded"]
        print(json.dumps({
            "workers": args.workers,
            "loss": stream["progressive_log_loss"],
            "embedded_loss": embedded["progressive_log_loss"],
            "loss_minus_embedded": stream["progressive_log_loss"] - embedded["progressive_log_loss"],
            "examples_per_second_steady": stream["examples_per_second_after_first_window"],
            "examples_per_second_with_start_up": stream["examples_per_second"],
            "worker_cpu_us_per_example": stream["worker_cpu_microseconds_per_example"],
            "broker_cpu_us_per_example": stream["broker_cpu_microseconds_per_example"],
            "staleness": stream["staleness"],
        }, indent=1))
    else:
        print(report(results, args, argv))
    if args.json:
        write_json(args.json, results, args, argv)
        progress(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
