"""Phase 1, throughput: every example is on the topic before the worker(s) start; timed until
their committed progress windows cover them all."""

from __future__ import annotations

import bisect
import re
import threading
import time
import uuid
from datetime import datetime
from typing import TYPE_CHECKING

from benchlib import BenchError

from . import excess
from .consumers import ProgressLog
from .examples import flush, make_producer, produce
from .metrics import StalenessProbe, split_at, staleness_between
from .processes import proc_cpu_seconds, progress, thread_cpu_seconds, wait_until

if TYPE_CHECKING:
    from .bench import Bench


def throughput(bench: Bench, examples: list[bytes]) -> None:
    args = bench.args
    topic = bench.topics["examples"]
    producer = make_producer(bench.bootstrap, linger_ms=5)
    bench.producers.append(producer)
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
    follower = bench.follow(bench.topics["progress"], args.example_partitions, log.handle)
    wait_until(lambda: follower.caught_up(0), args.timeout, "the progress consumer to reach the end")

    n = args.examples
    progress("starting the worker; timing until the progress windows cover every example ...")
    broker_pid = bench.broker_pid()
    broker_cpu_before = proc_cpu_seconds(broker_pid) if broker_pid else None
    worker = bench.start_worker("1")
    others = [bench.start_worker(f"1-w{i}", bench.write_config(i)) for i in range(2, args.workers + 1)]
    bench.others = others
    probe = StalenessProbe([worker] + others)
    probe.start()
    cpu_sampler = CpuSampler([worker] + others)
    cpu_sampler.start()
    state = {"index": 0, "count": 0, "first_at": None, "first_count": 0, "done_at": None,
             "covered": {}}

    def covered() -> bool:
        bench.check_follower(follower)
        new = log.since(state["index"], follower)
        state["index"] += len(new)
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
    staleness_samples = probe.samples()
    cpu_totals, cpu_threads = cpu_sampler.stop()
    worker_cpu = workers_cpu_seconds([worker] + others)
    broker_cpu_after = proc_cpu_seconds(broker_pid) if broker_pid else None
    broker_cpu = (broker_cpu_after - broker_cpu_before
                  if broker_cpu_after is not None and broker_cpu_before is not None else None)
    wait_until(lambda: worker.ready_at is not None, args.timeout, "the ready line", worker)
    with follower.lock:
        stamped = [(w["time_ms"] / 1000, w["count"], w["origin_partition"]) for _, w in log.windows if w["time_ms"]]
    # Learning begins at the first worker's ready line, at the earliest.
    learning_from = worker.started_wall + (worker.ready_at - worker.started_at) if worker.ready_at else None
    marks = {mark: cpu_when_counted(cpu_totals, cpu_threads, stamped, n * (1 + 2 * mark) / 4, learning_from)
             for mark in (0, 1)}
    mid_run = mid_run_cpu({mark: at[:3] for mark, at in marks.items() if at is not None})
    reached = {tenth: cpu_when_counted(cpu_totals, cpu_threads, stamped, n * tenth / 10, learning_from)
               for tenth in range(1, 11)}
    tenths = {tenth: (at[0], at[1], at[3] - worker.started_wall) for tenth, at in reached.items() if at is not None}
    with follower.lock:
        windows = [w for _, w in log.windows]
    # The tenths' moments, the last one past every window and sample, so the stretches hold all.
    moments = [tenths[t][2] + worker.started_wall for t in sorted(tenths) if t < 10] + [float("inf")]
    seconds = state["done_at"] - worker.started_at
    steady = state["done_at"] - state["first_at"]
    bench.results["stream"] = {
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
        "progressive_log_loss_by_offset": loss_by_offset(windows),
        "progressive_log_loss_by_partition": {
            partition: loss_by_offset([w for w in windows if w["origin_partition"] == partition])
            for partition in sorted({w["origin_partition"] for w in windows})},
        "worker_cpu_seconds": worker_cpu,
        "broker_cpu_seconds": broker_cpu,
        "worker_cpu_microseconds_per_example": worker_cpu / n * 1e6 if worker_cpu is not None else None,
        # Between the moments a quarter and three quarters of the examples were learned (by
        # the windows' stamps): start-up (joining the group, opening the stores) and the
        # last batches left out. In all, and by thread.
        "worker_cpu_microseconds_per_example_mid_run": mid_run[0] if mid_run else None,
        "worker_thread_cpu_microseconds_per_example_mid_run": mid_run[1] if mid_run else None,
        "worker_cpu_by_tenth": [list(tenths[t]) for t in sorted(tenths)],
        "worker_cpu_microseconds_per_example_by_tenth": cpu_by_tenth(tenths),
        "broker_cpu_microseconds_per_example": broker_cpu / n * 1e6 if broker_cpu is not None else None,
        # By the same tenths as the CPU (the last one running to the end).
        "progressive_log_loss_by_tenth": loss_between(windows, moments),
        "staleness_by_tenth": staleness_between(staleness_samples, moments),
        "examples_assignments": examples_assignments(
            [w.log.read_text(errors="replace") for w in [worker] + others], topic, worker.started_wall),
    }
    bench.results["output"] = output_totals(bench, n)
    losses = [value.strip('"') for key, value in args.model_option if key == "loss"]
    if args.excess_by_age and losses and losses[-1] != "logistic":
        bench.results["stream"]["loss_excess_by_age"] = {"skipped": "the log loss only"}
    elif args.excess_by_age:
        progress("excess by age: ftrl train on the examples in the order the stream learned them ...")
        bench.results["stream"]["loss_excess_by_age"] = excess.measure(
            windows, bench.workdir / "train.jsonl", args.example_partitions, bench.workdir,
            bench.train_with_predictions)
    bench.results["stream"]["workers"] = args.workers
    bench.results["stream"]["staleness"] = staleness
    for other in others:  # the later phases run with one worker
        other.terminate(args.timeout)
    bench.progress_log, bench.progress_follower = log, follower
    progress(f"stream: {n:,} examples in {seconds:.2f} s from the worker's start")


def mid_run_cpu(marks: dict) -> tuple[float, dict[str, float]] | None:
    """The workers' CPU µs per example between the two marks (examples counted, CPU seconds,
    CPU seconds by thread name), in all and by thread; None without both. Threads that ended
    between the marks (a chunk's helpers) count in all but not by name."""
    if 0 not in marks or 1 not in marks or marks[0][1] is None or marks[1][1] is None:
        return None
    (count_0, cpu_0, threads_0), (count_1, cpu_1, threads_1) = marks[0], marks[1]
    if count_1 <= count_0:
        return None
    per_example = 1e6 / (count_1 - count_0)
    by_thread = {name: (seconds - threads_0.get(name, 0.0)) * per_example
                 for name, seconds in sorted(threads_1.items(), key=lambda item: -item[1])}
    return (cpu_1 - cpu_0) * per_example, by_thread


class CpuSampler(threading.Thread):
    """Reads the workers' CPU seconds with the wall clock while the throughput runs: in all
    every 0.1 s, by thread name every 0.5 s (some hundred files to read each time, which
    would cost the machine the bench measures a few percent of a core at 0.1 s). The CPU
    spent up to the moment a given number of examples was learned is read off these
    afterwards (`cpu_when_counted`)."""

    THREADS_EVERY = 5

    def __init__(self, workers: list) -> None:
        super().__init__(name="cpu-sampler", daemon=True)
        self.workers = workers
        self.totals: list[tuple[float, float]] = []
        self.threads: list[tuple[float, dict[str, float]]] = []
        self._stopping = threading.Event()

    def sample(self, with_threads: bool) -> None:
        now, cpu = time.time(), workers_cpu_seconds(self.workers)
        if cpu is not None:
            self.totals.append((now, cpu))
        if with_threads:
            self.threads.append((now, thread_cpu_seconds([w.proc.pid for w in self.workers])))

    def run(self) -> None:
        taken = 0
        while not self._stopping.wait(0.1):
            self.sample(taken % self.THREADS_EVERY == 0)
            taken += 1

    def stop(self) -> tuple[list, list]:
        self._stopping.set()
        self.join(timeout=5)
        self.sample(True)
        return self.totals, self.threads


def interpolated(samples: list[tuple[float, object]], moment: float, mix) -> object | None:
    """The value at `moment` between the (time, value) samples around it, by `mix(before,
    after, fraction)`; None outside them."""
    if not samples or moment < samples[0][0] or moment > samples[-1][0]:
        return None
    for (t0, v0), (t1, v1) in zip(samples, samples[1:]):
        if t0 <= moment <= t1:
            return mix(v0, v1, (moment - t0) / (t1 - t0) if t1 > t0 else 0.0)
    return samples[-1][1]


def moment_when_counted(stamped: list[tuple[float, int, int]], count: float,
                        start: float | None = None) -> float | None:
    """When the owners had applied `count` examples, from the windows' (stamp, examples,
    examples partition): each partition's examples applied at an even pace from one of its
    windows' stamps to the next (a window's are applied between the two), those of its first
    window from `start` (when learning could begin: the worker's ready line) or, without
    one, at its stamp. Windows of different workers come at nearly the same moments, so
    counting them one after another regardless of partition would put a whole batch of
    every worker in an instant. None if the windows never counted that many."""
    by_partition: dict[int, list[tuple[float, int]]] = {}
    for stamp, n, partition in sorted(stamped):
        if start is not None and partition not in by_partition and start < stamp:
            by_partition[partition] = [(start, 0)]
        by_partition.setdefault(partition, []).append((stamp, n))
    if sum(n for _, n, _ in stamped) < count:
        return None

    def learned(t: float, first_windows_at_t: bool = True) -> float:
        total = 0.0
        for windows in by_partition.values():
            done, before = 0, None
            for stamp, n in windows:
                if stamp < t or (stamp == t and (before is not None or first_windows_at_t)):
                    done, before = done + n, stamp
                    continue
                if before is not None and stamp > before:
                    done += n * (t - before) / (stamp - before)
                break
            total += done
        return total

    # The sum only grows: the first stamp by which `count` were learned is found by halving
    # (a scan would read every partition's windows at every stamp: quadratic in a long
    # run of small batches). Between it and the stamp before, every partition's count is
    # linear, so is the sum.
    stamps = sorted({stamp for windows in by_partition.values() for stamp, _ in windows})
    k = bisect.bisect_left(stamps, count, key=learned)
    stamp = stamps[k]
    if k == 0:
        return stamp
    before_stamp = stamps[k - 1]
    before_count = learned(before_stamp)
    # From the earlier stamp the sum rises linearly to what it is just before this one;
    # first windows stamped here then add theirs at once.
    just_before = learned(stamp, first_windows_at_t=False)
    if count > just_before or just_before <= before_count:
        return stamp
    return before_stamp + (stamp - before_stamp) * (count - before_count) / (just_before - before_count)


def cpu_when_counted(totals: list[tuple[float, float]], threads: list[tuple[float, dict[str, float]]],
                     stamped: list[tuple[float, int, int]], count: float,
                     start: float | None = None) -> tuple[float, float, dict[str, float], float] | None:
    """(count, the workers' CPU seconds in all and by thread, wall time) at the moment the
    owners had applied `count` examples, None if the windows never counted that many or no
    CPU sample covers it (by thread: {} then). The moment comes from the windows' own stamps
    (`time_ms`, set by the update role as it publishes them in the transaction that applied
    their examples, a round trip after the predict role learned them;
    `moment_when_counted`), not from when they arrived: they arrive in bursts, and two marks
    read as a burst arrived would count examples applied long before against the CPU of an
    instant. The CPU is interpolated between the samples around it."""
    moment = moment_when_counted(stamped, count, start)
    if moment is None:
        return None
    cpu = interpolated(totals, moment, lambda a, b, f: a + (b - a) * f)
    if cpu is None:
        return None
    by_thread = interpolated(threads, moment, lambda a, b, f: {
        name: a.get(name, 0.0) + (seconds - a.get(name, 0.0)) * f for name, seconds in b.items()})
    return count, cpu, by_thread or {}, moment


def cpu_by_tenth(tenths: dict) -> list[float | None]:
    """The workers' CPU µs per example from each tenth mark of the examples to the next (the
    first from the workers' start), from (examples counted, CPU seconds, seconds) at each:
    where a run pays what the middle half leaves out (a start, a slow stretch). None where
    the CPU was unreadable or no example was counted in between."""
    rates = []
    before = (0, 0.0)
    for tenth in sorted(tenths):
        count, cpu, _ = tenths[tenth]
        if cpu is None or before[1] is None or count <= before[0]:
            rates.append(None)
        else:
            rates.append((cpu - before[1]) * 1e6 / (count - before[0]))
        before = (count, cpu)
    return rates


def workers_cpu_seconds(workers: list) -> float | None:
    """The CPU seconds the worker processes have used so far, None if any is unreadable."""
    cpus = [proc_cpu_seconds(w.proc.pid) for w in workers]
    return None if None in cpus else sum(cpus)


# Upper bounds of the offset ranges (within each examples partition) of the loss by offset.
LOSS_OFFSET_BOUNDS = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000]


def loss_by_offset(windows: list[dict]) -> list[dict]:
    """The progressive loss of the windows ending in each range of offsets of their examples
    partition: where a setting loses its loss (the early examples, while the workers' views
    are emptiest, or later), which the mean over the whole run hides."""
    sums: dict[int, list[float]] = {}
    for w in windows:
        bound = next((b for b in LOSS_OFFSET_BOUNDS if w["last_offset"] < b), None)
        loss_weight = sums.setdefault(bound if bound is not None else -1, [0.0, 0.0])
        loss_weight[0] += w["loss_sum"]
        loss_weight[1] += w["weight_sum"]
    ranges = [(b, sums[b]) for b in LOSS_OFFSET_BOUNDS if b in sums] + ([(None, sums[-1])] if -1 in sums else [])
    return [{"offsets_below": bound, "log_loss": loss / weight if weight else None, "weight": weight}
            for bound, (loss, weight) in ranges]


def loss_between(windows: list[dict], moments: list[float]) -> list[float | None]:
    """The progressive loss of the windows stamped from each moment to the next (the first
    from the start), by their `time_ms` (when the owners applied them, a round trip after
    they were learned): where in time a run lost, to set beside what the workers did then
    (their staleness, their CPU). None for a stretch without windows."""
    stamped = [w for w in windows if w["time_ms"]]
    losses = []
    for inside in split_at(stamped, moments, lambda w: w["time_ms"] / 1000):
        weight = sum(w["weight_sum"] for w in inside)
        losses.append(sum(w["loss_sum"] for w in inside) / weight if weight else None)
    return losses


ASSIGNED = re.compile(r"^(\S+Z)\s+INFO .*partitions assigned topic=(\S+) partitions=\[([^\]]*)\]")


def examples_assignments(logs: list[str], topic: str, since: float) -> list[list[list]]:
    """Per worker (in the order of `logs`, the text of each one's log), each assignment of
    examples partitions it got: [seconds after `since` (wall time), partitions]. More than
    one a worker is a rebalance while the group learned: a partition that changed hands is
    learned from a replica that has not seen its first examples until the owners publish
    them, and a worker with none learned nothing."""
    workers = []
    for text in logs:
        assignments = []
        for line in text.splitlines():
            found = ASSIGNED.match(line)
            if found and found.group(2) == topic:
                at = datetime.fromisoformat(found.group(1).replace("Z", "+00:00")).timestamp()
                partitions = [int(p) for p in found.group(3).split(",") if p.strip()]
                assignments.append([round(at - since, 3), partitions])
        workers.append(assignments)
    return workers


def output_totals(bench: Bench, examples: int) -> dict:
    """Records and bytes (key + value) the worker wrote to each of its output topics so
    far, read back to the end, and per example."""
    from confluent_kafka import Consumer, KafkaError, TopicPartition, OFFSET_BEGINNING

    progress("counting the records and bytes written to each topic ...")
    totals: dict = {}
    for name, partitions in (("gradients", bench.args.partitions), ("deltas", bench.args.partitions),
                             ("changelog", bench.args.partitions),
                             ("progress", bench.args.example_partitions)):
        topic = bench.topics[name]
        consumer = Consumer({"bootstrap.servers": bench.bootstrap, "group.id": f"bench-count-{uuid.uuid4().hex[:8]}",
                             "enable.auto.commit": False, "isolation.level": "read_committed",
                             "enable.partition.eof": True, "fetch.max.bytes": 64 << 20,
                             "max.partition.fetch.bytes": 16 << 20})
        consumer.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in range(partitions)])
        records = size = 0
        at_end: set[int] = set()
        deadline = time.monotonic() + bench.args.timeout
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
