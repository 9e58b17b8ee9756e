"""Phase 2, delta latency: markers produced at a fixed rate, each timed until its weight is
readable on the deltas topic; with the worker idle, or under a load."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from benchlib import BenchError

from .consumers import MarkerWatch
from .examples import LoadGenerator, feature_coordinate, flush, make_producer, produce
from .metrics import transaction_pace, transaction_totals
from .processes import proc_cpu_seconds, progress, wait_until
from .protobuf import encode_example
from .report import fmt_ms, pace_text, percentile

if TYPE_CHECKING:
    from .bench import Bench

MARKER_NAMESPACE = "zz"
# How long the load generator sends before the markers start: its producer connects and
# its first batches go out; the worker meets the load before the markers are timed.
LOAD_WARM_UP_SECONDS = 1.0


def delta_latency(bench: Bench, extra: list, load: Path | None = None, load_rate: float = 0.0) -> None:
    """Marker latency with the worker idle or, with `load` (JSON-lines examples), while
    `ftrl produce --rate` sends them at `load_rate` per second around the markers (the
    results go under `delta_latency_under_load`)."""
    args = bench.args
    loaded = load is not None and load_rate > 0
    watch = MarkerWatch()
    markers: list[bytes] = []
    for i, (label, weight, features) in enumerate(extra):
        # Each loaded run has markers of its own: the follower reads the deltas topic
        # from the beginning, where an earlier run's markers already are.
        run = len(bench.results.get("delta_latency_under_load", []))
        name = f"marker-load{run}-{i}" if loaded else f"marker-{i}"
        coordinate = feature_coordinate(MARKER_NAMESPACE, name)
        if coordinate in watch.markers:
            raise BenchError(f"marker coordinates collide ({name})")
        watch.markers[coordinate] = i
        markers.append(encode_example(label, features + [(MARKER_NAMESPACE, name, None)], weight))

    progress("following the deltas topic from the beginning until it is quiet ...")
    follower = bench.follow(bench.topics["deltas"], args.partitions, watch.handle, fetch_wait_ms=10)
    wait_until(lambda: bench.check_follower(follower) or follower.caught_up(args.quiet_seconds),
               args.timeout, f"the deltas topic to be read to its end and quiet for "
               f"{args.quiet_seconds:g} s (the worker idle)", bench.worker)
    with follower.lock:
        backlog = watch.deltas

    producer = make_producer(bench.bootstrap, linger_ms=0)
    bench.producers.append(producer)
    topic = bench.topics["examples"]
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
        run = len(bench.results.get("delta_latency_under_load", []))
        generator = LoadGenerator(args.ftrl, bench.config, load, load_rate, args.timeout,
                                  bench.workdir / f"load-generator-{run}.log")
        bench.load_generators.append(generator)
        progress(f"starting ftrl produce --rate {load_rate:,.0f} (it encodes its examples first) ...")
        wait_until(generator.sending, args.timeout, "the load generator to start sending", bench.worker,
                   interval=0.05)
        time.sleep(LOAD_WARM_UP_SECONDS)

    what = f" among {load_rate:,.0f} examples/s" if loaded else ""
    progress(f"producing {len(markers)} markers at {args.marker_rate:g}/s{what} ...")
    transactions_before = transaction_totals(bench.worker.log)
    cpu_before = phase_cpu(bench)
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
        bench.check_follower(follower)
        with follower.lock:
            return len(watch.seen) == len(markers) and len(watch.seen_packed) == len(markers)

    try:
        wait_until(all_seen, args.timeout, "every marker's delta", bench.worker)
    except BenchError as err:
        with follower.lock:
            missing = sorted(set(range(len(markers))) - set(watch.seen))
        raise BenchError(f"{err}: {len(missing)} of {len(markers)} markers never showed a "
                         f"delta (first missing: {missing[:10]})") from err

    # How often each role committed while the markers went in, and how long a transaction
    # took (the update role's includes applying): the latency's cadence.
    elapsed = time.monotonic() - start
    pace = transaction_pace(transactions_before, transaction_totals(bench.worker.log), elapsed)
    cpu = {who: (after - cpu_before[who]) / elapsed
           for who, after in phase_cpu(bench).items() if after is not None and cpu_before.get(who) is not None}
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
    stamped = window_stamps(bench, placed)
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
        bench.results.setdefault("delta_latency_under_load", []).append(figures)
        follower.stop()
    else:
        bench.results["delta_latency"] = figures
        bench.marker_producer = producer  # the restart probe's
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


def phase_cpu(bench: Bench) -> dict[str, float | None]:
    """CPU seconds so far of the worker, the broker and this benchmark's own process (its
    marker producer and deltas follower share the 2 cores with what is measured; the load
    generator's CPU is added by `delta_latency`)."""
    broker_pid = bench.broker_pid()
    return {
        "worker": proc_cpu_seconds(bench.worker.proc.pid),
        "broker": proc_cpu_seconds(broker_pid) if broker_pid else None,
        "benchmark": proc_cpu_seconds(os.getpid()),
    }


def window_stamps(bench: Bench, placed: dict[int, tuple[int, int]]) -> dict[int, int]:
    """marker -> `time_ms` of the progress window that counted it (the predict role's
    stamp, taken as it sends the window, before its commit). Those windows committed
    with the gradients, so they are readable before the deltas: a short wait suffices."""
    log, follower = bench.progress_log, bench.progress_follower
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
