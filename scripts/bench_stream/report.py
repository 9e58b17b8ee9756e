"""The figures as text: percentiles, the markdown report, the --throughput-only summary and
the --json document."""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
from importlib import metadata
from pathlib import Path


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
         [f"{stream['workers']} worker(s), the middle half of the examples (start-up left out)", "",
          cpu("worker_cpu_microseconds_per_example_mid_run")],
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
        + (f" [model] options: {dict(args.model_option)} (the worker's, and `ftrl train`'s through --config)."
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


def throughput_summary(results: dict, args: argparse.Namespace) -> dict:
    """What --throughput-only prints: the figures for comparing settings and group sizes."""
    stream, embedded = results["stream"], results["embedded"]
    return {
        "workers": args.workers,
        "loss": stream["progressive_log_loss"],
        "embedded_loss": embedded["progressive_log_loss"],
        "loss_minus_embedded": stream["progressive_log_loss"] - embedded["progressive_log_loss"],
        "examples_per_second_steady": stream["examples_per_second_after_first_window"],
        "examples_per_second_with_start_up": stream["examples_per_second"],
        "worker_cpu_us_per_example": stream["worker_cpu_microseconds_per_example"],
        "worker_cpu_us_per_example_mid_run": stream["worker_cpu_microseconds_per_example_mid_run"],
        "worker_thread_cpu_us_per_example_mid_run": stream["worker_thread_cpu_microseconds_per_example_mid_run"],
        "worker_cpu_us_per_example_by_tenth": [
            None if rate is None else round(rate, 2)
            for rate in stream["worker_cpu_microseconds_per_example_by_tenth"]],
        "broker_cpu_us_per_example": stream["broker_cpu_microseconds_per_example"],
        "staleness": stream["staleness"],
        # Where in the run the loss was lost, beside how late the workers saw each other then.
        "loss_by_tenth": [None if loss is None else round(loss, 4) for loss in stream["progressive_log_loss_by_tenth"]],
        "staleness_mean_ms_by_tenth": [
            None if s["mean_unconfirmed_ms"] is None else round(s["mean_unconfirmed_ms"])
            for s in stream["staleness_by_tenth"]],
        # Per worker, the examples partitions of each assignment it got (a rebalance while learning).
        "examples_partitions_by_worker": [[partitions for _, partitions in worker]
                                          for worker in stream["examples_assignments"]],
    }


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
