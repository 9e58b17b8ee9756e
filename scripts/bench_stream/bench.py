"""One benchmark run: the broker, the workers and the followers it starts, and the phases in
order (throughput.py, latency.py, restart.py); stops everything on the way out."""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import time
from pathlib import Path

from benchlib import BenchError, last_json_line

from .consumers import Follower, ProgressLog
from .examples import LoadGenerator, read_examples
from .latency import delta_latency
from .processes import Worker, progress, run_checked, tail_file, worker_environment
from .protobuf import encode_example
from .restart import final_checks, restart
from .throughput import throughput

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
TEST_BROKER = REPO_ROOT / "scripts" / "test-broker"
PREFIX = "bench"


class Bench:
    """One run: what it started (to stop all of it on every way out) and the figures so far."""

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
        # Set by the phases, for the ones after them.
        self.progress_log: ProgressLog | None = None
        self.progress_follower: Follower | None = None
        self.marker_producer = None
        self.config = workdir / "worker.toml"
        self.topics = {name: f"{PREFIX}.{name}" for name in
                       ("examples", "progress", "deltas", "dlq", "gradients", "changelog")}

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
            + self.model_options()
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

    def model_options(self) -> str:
        """The [model] settings given with --model-option, in TOML."""
        return "".join(f"{key} = {value}\n" for key, value in self.args.model_option)

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

        throughput(self, examples)
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
            delta_latency(self, extra[:args.markers], load=train_data, load_rate=load_rate)
        delta_latency(self, extra[:args.markers])
        restart(self, extra[args.markers])
        final_checks(self)
        return self.results

    def embedded(self, data: Path) -> None:
        progress("embedded trainer: ftrl train on the same file ...")
        start = time.monotonic()
        proc = run_checked(self.embedded_command(data), "ftrl train", self.args.timeout)
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

    def embedded_command(self, data: Path) -> list[str]:
        """`ftrl train` on `data` with the workers' [model] settings."""
        command = [str(self.args.ftrl), "train", "--data", str(data), "--format", "jsonl", "--quiet",
                   "--summary-json"]
        if self.args.model_option:
            # The worker's [model] settings, so that loss - embedded compares like with like.
            # ftrl train --data contacts no broker: the address only makes the file complete.
            config = self.workdir / "embedded.toml"
            config.write_text('[kafka]\nbootstrap_servers = "127.0.0.1:9"\n[model]\nprefix = "embedded"\n'
                              + self.model_options() + '[worker]\nid = "embedded"\n')
            command += ["--config", str(config)]
        return command

    def train_with_predictions(self, data: Path, predictions: Path) -> None:
        run_checked(self.embedded_command(data) + ["--predictions", str(predictions)], "ftrl train",
                    self.args.timeout)

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
