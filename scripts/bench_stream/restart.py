"""Phase 3, restart: SIGTERM the worker, start it again, time until it is ready and until an
example produced at once is learned; then the final checks (model dump, dead letters)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from benchlib import BenchError

from .examples import flush, produce
from .processes import run_checked, progress, wait_until, worker_environment
from .protobuf import encode_example

if TYPE_CHECKING:
    from .bench import Bench


def restart(bench: Bench, probe: tuple) -> None:
    args = bench.args
    old = bench.worker
    progress("SIGTERM to the worker ...")
    shutdown = old.terminate(args.timeout)
    exit_status = old.proc.returncode

    log, follower = bench.progress_log, bench.progress_follower
    with follower.lock:
        seen_windows = len(log.windows)
    label, weight, features = probe
    delivered: dict = {}
    progress("restarting the worker and producing one probe example ...")
    worker = bench.start_worker("2")
    produce(bench.marker_producer, bench.topics["examples"], encode_example(label, features, weight), 0,
            lambda err, message: delivered.update(err=err, offset=message.offset()))
    flush(bench.marker_producer, args.timeout, "producing the restart probe")
    if delivered.get("err") is not None:
        raise BenchError(f"the restart probe was not delivered: {delivered['err']}")
    offset = delivered["offset"]
    state = {"index": seen_windows, "at": None}

    def probe_seen() -> bool:
        bench.check_follower(follower)
        new = log.since(state["index"], follower)
        state["index"] += len(new)
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
    bench.results["restart"] = {
        "restored_changelog_records": records,
        "restore_seconds": restore_seconds,
        "shutdown_seconds": shutdown,
        "shutdown_exit_status": exit_status,
        "ready_seconds": worker.ready_at - worker.started_at,
        "first_progress_seconds": state["at"] - worker.started_at,
    }
    progress(f"restart: ready after {worker.ready_at - worker.started_at:.2f} s, first progress "
             f"after {state['at'] - worker.started_at:.2f} s")


def final_checks(bench: Bench) -> None:
    """Stops the worker, then counts the model's weights and the dead letters."""
    args = bench.args
    shutdown = bench.worker.terminate(args.timeout)
    bench.results["restart"]["second_shutdown_seconds"] = shutdown
    bench.results["restart"]["second_shutdown_exit_status"] = bench.worker.proc.returncode
    checks: dict = {}
    try:
        proc = run_checked([str(args.ftrl), "model", "dump", "--config", str(bench.config)],
                           "ftrl model dump", args.timeout, env=worker_environment())
        checks["model_dump_weights"] = sum(1 for line in proc.stdout.splitlines() if line.strip())
    except BenchError as err:  # a check, not a figure: report it and go on
        checks["model_dump_error"] = str(err)
    dead = {"count": 0}

    def count(_message, _now, _wall) -> None:
        dead["count"] += 1

    follower = bench.follow(bench.topics["dlq"], 1, count)
    try:
        wait_until(lambda: follower.caught_up(0.5), 30, "the dead-letter topic's end")
        checks["dead_letters"] = dead["count"]
    except BenchError as err:
        checks["dead_letters_error"] = str(err)
    bench.results["checks"] = checks
    bench.results["load_average_at_end"] = os.getloadavg()
