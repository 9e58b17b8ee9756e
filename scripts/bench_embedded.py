#!/usr/bin/env python3
"""Side-by-side benchmark of embedded (file-driven) training: ftrl vs Vowpal Wabbit vs River.

All learners run FTRL-Proximal for logistic loss with the same hyperparameters
(alpha=0.1, beta=1, l1=0, l2=0, a bias feature, no crosses) on the same file produced by
`ftrl gen`, and each reports its progressive log loss: every example is scored before the
model learns from it.

Every learner runs in its own subprocess, timed from the outside, so the figures include
process start, reading and parsing the file for every tool alike. VW and River run via this
same file in worker mode (`bench_embedded.py _vw-worker ...`).

River is pure Python (~20K examples/s), so it only sees a prefix of the data; ftrl and VW
are run on that same prefix too so that its row is compared like for like.

With --from-topic, the same examples also go (as JSON lines, then protobuf through `ftrl
produce`) to the examples topic of a test broker (`scripts/test-broker`, 4 partitions), and
two more rows time `ftrl train --from-topic` and `ftrl train` on that JSON-lines file.

Usually started through `scripts/bench-embedded`, which installs vowpalwabbit and river.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import math
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from collections.abc import Callable
from pathlib import Path

from benchlib import BenchError, last_json_line, positive_int, tail

REPO_ROOT = Path(__file__).resolve().parent.parent

# One set of hyperparameters for every learner; the point is to compare implementations.
ALPHA, BETA, L1, L2 = 0.1, 1.0, 0.0, 0.0
HYPERPARAMETERS = {"alpha": f"{ALPHA:g}", "beta": f"{BETA:g}", "l1": f"{L1:g}", "l2": f"{L2:g}"}
FIELDS = 20
SEED = 1

# A feature name no generated namespace can produce, used to give River a bias that FTRL
# trains (see river_worker).
RIVER_BIAS_FEATURE = "^bias"


@dataclasses.dataclass
class Row:
    """One learner on one data file, as measured."""

    name: str
    dataset: str  # "full" or "prefix"
    examples: int
    progressive_log_loss: float
    wall_seconds: float  # externally measured, whole subprocess
    cpu_seconds: float  # user+sys of the subprocess (VW parses on a second thread)
    internal_seconds: float | None  # what the tool itself says its training took
    details: dict = dataclasses.field(default_factory=dict)

    @property
    def examples_per_second(self) -> float:
        return self.examples / self.wall_seconds


# ---------------------------------------------------------------------------------------
# Subprocesses


def run_timed(cmd: list[str], what: str) -> tuple[str, str, float, float]:
    """Run `cmd` to completion; return (stdout, stderr, wall seconds, CPU seconds).

    CPU time comes from RUSAGE_CHILDREN deltas, which is exact because we run one child
    at a time.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as err:
        raise BenchError(f"{what}: cannot run {cmd[0]}: {err}") from err
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        raise BenchError(
            f"{what} failed (exit status {proc.returncode}): {' '.join(cmd)}\n"
            f"{tail(proc.stderr)}"
        )
    return proc.stdout, proc.stderr, wall, cpu


def require_keys(summary: dict, keys: list[str], what: str) -> None:
    missing = [key for key in keys if key not in summary]
    if missing:
        raise BenchError(f"{what}: summary lacks {', '.join(missing)}: {json.dumps(summary)}")


# ---------------------------------------------------------------------------------------
# The ftrl binary


def resolve_ftrl(explicit: str | None) -> Path:
    """Use --ftrl if given, else build the release binary the way a developer would."""
    if explicit:
        path = Path(explicit).resolve()
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise BenchError(f"--ftrl {explicit}: not an executable file")
        return path
    print("building ftrl: cargo build --release", file=sys.stderr, flush=True)
    # cwd=REPO_ROOT so a relative CARGO_TARGET_DIR means the same thing to cargo and to us.
    # Cargo's output goes to stderr so that stdout carries only the report.
    try:
        proc = subprocess.run(["cargo", "build", "--release"], cwd=REPO_ROOT, stdout=sys.stderr)
    except OSError as err:
        raise BenchError(f"cannot run cargo ({err}); pass --ftrl PATH instead") from err
    if proc.returncode != 0:
        raise BenchError("cargo build --release failed (see its output above)")
    target_dir = Path(os.environ.get("CARGO_TARGET_DIR") or "target")
    path = (REPO_ROOT / target_dir / "release" / "ftrl").resolve()
    if not path.is_file():
        raise BenchError(f"cargo build succeeded but {path} does not exist")
    return path


def generate(ftrl: Path, examples: int, out: Path) -> dict:
    """Write `examples` synthetic examples in VW format; return the generator's summary."""
    cmd = [str(ftrl), "gen", "--examples", str(examples), "--fields", str(FIELDS),
           "--seed", str(SEED), "--format", "vw", "--out", str(out)]
    _, stderr, wall, _ = run_timed(cmd, "ftrl gen")
    summary = last_json_line(stderr, "ftrl gen")
    require_keys(summary, ["examples", "bayes_log_loss"], "ftrl gen")
    print(f"generated {summary['examples']:,} examples into {out} in {wall:.1f}s",
          file=sys.stderr, flush=True)
    return summary


def run_ftrl(ftrl: Path, data: Path, model_dir: Path | None, name: str, dataset: str) -> Row:
    """Train with the binary. Without a model dir the weights live only in memory."""
    cmd = [str(ftrl), "train", "--data", str(data), "--format", "vw", "--loss", "logistic",
           "--algo", "ftrl-proximal", "--alpha", HYPERPARAMETERS["alpha"],
           "--beta", HYPERPARAMETERS["beta"], "--l1", HYPERPARAMETERS["l1"],
           "--l2", HYPERPARAMETERS["l2"], "--quiet", "--summary-json"]
    if model_dir is not None:
        cmd += ["--model", str(model_dir)]
    stdout, _, wall, cpu = run_timed(cmd, name)
    summary = last_json_line(stdout, name)
    require_keys(summary, ["examples", "progressive_loss", "seconds", "nonzero_weights"], name)
    return Row(name, dataset, int(summary["examples"]), float(summary["progressive_loss"]),
               wall, cpu, float(summary["seconds"]), {"summary": summary})


def run_ftrl_fresh_model(ftrl: Path, data: Path, model_dir: Path, dataset: str) -> Row:
    """Train into a new RocksDB model dir; an existing one would be trained further."""
    shutil.rmtree(model_dir, ignore_errors=True)
    try:
        return run_ftrl(ftrl, data, model_dir, "ftrl (RocksDB model)", dataset)
    finally:
        shutil.rmtree(model_dir, ignore_errors=True)


def run_ftrl_summary(cmd: list[str], name: str, dataset: str) -> Row:
    stdout, _, wall, cpu = run_timed(cmd, name)
    summary = last_json_line(stdout, name)
    require_keys(summary, ["examples", "progressive_loss", "seconds", "nonzero_weights"], name)
    return Row(name, dataset, int(summary["examples"]), float(summary["progressive_loss"]),
               wall, cpu, float(summary["seconds"]), {"summary": summary})


class TopicSetup:
    """A test broker whose examples topic holds the benchmark's examples (protobuf)."""

    def __init__(self, ftrl: Path, examples: int, workdir: Path):
        self.ftrl, self.broker_dir = ftrl, workdir / "broker"
        self.jsonl = workdir / "data.jsonl"
        cmd = [str(ftrl), "gen", "--examples", str(examples), "--fields", str(FIELDS),
               "--seed", str(SEED), "--format", "jsonl", "--out", str(self.jsonl)]
        run_timed(cmd, "ftrl gen (JSON lines)")
        stdout, _, _, _ = run_timed([str(REPO_ROOT / "scripts" / "test-broker"), "start",
                                     str(self.broker_dir)], "scripts/test-broker start")
        bootstrap = stdout.strip().splitlines()[-1]
        example, _, _, _ = run_timed([str(ftrl), "config", "example"], "ftrl config example")
        self.config = workdir / "worker.toml"
        self.config.write_text(
            example.replace('bootstrap_servers = "127.0.0.1:9092"',
                            f'bootstrap_servers = "{bootstrap}"')
                   .replace("example_partitions = 8", "example_partitions = 4")
                   .replace('prefix = "clicks"', 'prefix = "bench"'), encoding="utf-8")
        run_timed([str(ftrl), "topics", "create", "--config", str(self.config)],
                  "ftrl topics create")
        progress(f"producing {examples:,} examples to the test broker ({bootstrap}) ...")
        _, _, wall, _ = run_timed([str(ftrl), "produce", "--config", str(self.config),
                                   "--data", str(self.jsonl)], "ftrl produce")
        self.produce_rate = examples / wall

    def stop(self) -> None:
        subprocess.run([str(REPO_ROOT / "scripts" / "test-broker"), "stop", str(self.broker_dir)],
                       capture_output=True)

    def train_file(self) -> Row:
        """`ftrl train` on the JSON-lines file (the config's hyperparameters are the same)."""
        cmd = [str(self.ftrl), "train", "--data", str(self.jsonl), "--format", "jsonl",
               "--loss", "logistic", "--algo", "ftrl-proximal", "--alpha",
               HYPERPARAMETERS["alpha"], "--beta", HYPERPARAMETERS["beta"], "--l1",
               HYPERPARAMETERS["l1"], "--l2", HYPERPARAMETERS["l2"], "--quiet",
               "--summary-json"]
        return run_ftrl_summary(cmd, "ftrl (in-memory), JSON-lines file", "full")

    def train_topic(self) -> Row:
        cmd = [str(self.ftrl), "train", "--from-topic", "--config", str(self.config),
               "--quiet", "--summary-json"]
        return run_ftrl_summary(cmd, "ftrl (in-memory), --from-topic", "full")


# ---------------------------------------------------------------------------------------
# Vowpal Wabbit and River, driven from a worker subprocess


def worker_cmd(worker: str, *args: str) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), worker, *args]


def vw_arguments(data: Path, bits: int) -> list[str]:
    """VW's own FTRL-Proximal with our hyperparameters, as a token list (paths may hold spaces).

    VW adds its `constant` (bias) feature by default, as ftrl does; `--ftrl` replaces the
    default adaptive/normalized SGD entirely, so no other VW default touches the update.
    """
    return ["--ftrl", "--ftrl_alpha", HYPERPARAMETERS["alpha"],
            "--ftrl_beta", HYPERPARAMETERS["beta"], "--l1", HYPERPARAMETERS["l1"],
            "--l2", HYPERPARAMETERS["l2"], "--loss_function", "logistic",
            "-b", str(bits), "--data", str(data), "--quiet"]


def run_vw(data: Path, bits: int, dataset: str) -> Row:
    name = "VW --ftrl"
    stdout, _, wall, cpu = run_timed(worker_cmd("_vw-worker", str(data), str(bits)), name)
    result = last_json_line(stdout, name)
    return Row(name, dataset, int(result["examples"]), float(result["progressive_loss"]),
               wall, cpu, float(result["seconds"]), {"arguments": result["arguments"]})


def vw_worker(data: str, bits: str) -> None:
    """Train VW on `data` in this process and print {examples, progressive_loss, ...}."""
    import vowpalwabbit  # imported here: only the worker process needs it

    arguments = vw_arguments(Path(data), int(bits))
    start = time.perf_counter()
    # With --data, Workspace's constructor already runs the whole parse/learn loop (see
    # pyvw.Workspace.__init__); run_parser() is only needed if a version stops doing that.
    workspace = vowpalwabbit.Workspace(arg_list=arguments)
    if not workspace.parser_ran:
        workspace.run_parser()
    seconds = time.perf_counter() - start
    # VW's progressive loss is sum_loss / weighted_examples, i.e. the "average loss" of its
    # final report; every generated example has weight 1, so the weight sum is the count.
    examples = workspace.get_weighted_examples()
    loss = workspace.get_sum_loss() / examples
    arguments_used = workspace.get_arguments()
    workspace.finish()
    print(json.dumps({"examples": int(examples), "progressive_loss": loss,
                      "seconds": seconds, "arguments": " ".join(arguments_used).strip()}))


def run_river(data: Path, dataset: str) -> Row:
    name = "River FTRLProximal"
    stdout, _, wall, cpu = run_timed(worker_cmd("_river-worker", str(data)), name)
    result = last_json_line(stdout, name)
    return Row(name, dataset, int(result["examples"]), float(result["progressive_loss"]),
               wall, cpu, float(result["seconds"]))


def parse_vw_line(line: str) -> tuple[bool, dict[str, float]]:
    """`label |ns feat[:value] ... |ns ...` -> (label > 0, {"ns=feat": value}).

    Enough of the VW text format for what `ftrl gen` writes: no importance weights or tags.
    A namespace segment starting with a space is VW's default namespace.
    """
    head, *segments = line.split("|")
    label = float(head.split()[0]) > 0
    features = {RIVER_BIAS_FEATURE: 1.0}
    for segment in segments:
        namespace = "" if segment[:1].isspace() else segment.split(None, 1)[0]
        tokens = segment.split()[0 if namespace == "" else 1:]
        for token in tokens:
            feature, _, value = token.partition(":")
            features[f"{namespace}={feature}"] = float(value) if value else 1.0
    return label, features


def river_model():
    """River's FTRL-Proximal logistic regression, set up to match the other two.

    River trains the intercept apart from the optimizer (plain SGD, intercept_lr=0.01 by
    default), so we freeze that intercept at 0 and instead give every example a constant
    feature, which FTRL trains like any other coordinate: the bias VW and ftrl have. Note
    also that optim.FTRLProximal defaults to l2=1.0 (and alpha=0.05), hence explicit values.
    """
    from river import linear_model, optim

    optimizer = optim.FTRLProximal(alpha=ALPHA, beta=BETA, l1=L1, l2=L2)
    return linear_model.LogisticRegression(optimizer=optimizer, intercept_lr=0.0)


def river_worker(data: str) -> None:
    """Progressive validation with River: predict_proba_one, score, then learn_one."""
    model = river_model()
    start = time.perf_counter()
    total_loss, examples = 0.0, 0
    with open(data, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            label, features = parse_vw_line(line)
            p_true = model.predict_proba_one(features)[True]
            total_loss += log_loss(p_true if label else 1.0 - p_true)
            model.learn_one(features, label)
            examples += 1
    seconds = time.perf_counter() - start
    if examples == 0:
        raise BenchError(f"River: no examples in {data}")
    print(json.dumps({"examples": examples, "progressive_loss": total_loss / examples,
                      "seconds": seconds}))


def log_loss(p_of_truth: float) -> float:
    # Same clamp as river.optim.losses.clamp_proba, so a confident miss costs ~34.5, not inf.
    return -math.log(min(max(p_of_truth, 1e-15), 1.0 - 1e-15))


# ---------------------------------------------------------------------------------------
# Data files


def write_prefix(source: Path, target: Path, examples: int) -> int:
    """Copy the first `examples` lines of `source`; return how many there were."""
    written = 0
    with open(source, "rb") as src, open(target, "wb") as dst:
        for line in src:
            if written == examples:
                break
            dst.write(line)
            written += 1
    return written


def prefix_floor(ftrl: Path, full: Path, prefix: Path, examples: int, workdir: Path):
    """Bayes floor for the prefix, if asking the generator for fewer examples yields exactly
    the prefix (true when it draws the model first, then examples in order)."""
    candidate = workdir / "prefix-gen.vw"
    summary = generate(ftrl, examples, candidate)
    same = files_equal(candidate, prefix)
    candidate.unlink()
    if not same:
        print("note: `ftrl gen` with fewer examples is not a prefix of the full file; "
              "no Bayes floor for the prefix", file=sys.stderr)
        return None
    return summary


def files_equal(a: Path, b: Path) -> bool:
    if a.stat().st_size != b.stat().st_size:
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        while True:
            chunk_a, chunk_b = fa.read(1 << 20), fb.read(1 << 20)
            if chunk_a != chunk_b:
                return False
            if not chunk_a:
                return True


# ---------------------------------------------------------------------------------------
# Report


def check_counts(rows: list[Row], expected: dict[str, int]) -> None:
    """Every learner must have seen every example, or the losses are not comparable."""
    for row in rows:
        if row.examples != expected[row.dataset]:
            raise BenchError(f"{row.name} on the {row.dataset} data processed {row.examples:,} "
                             f"examples, expected {expected[row.dataset]:,}")


def vw_baseline(rows: list[Row], dataset: str) -> Row:
    return next(row for row in rows if row.dataset == dataset and row.name.startswith("VW"))


def comparisons(row: Row, rows: list[Row]) -> tuple[float, float]:
    """(loss − VW loss, speed ÷ VW speed) against VW on the same data."""
    vw = vw_baseline(rows, row.dataset)
    return (row.progressive_log_loss - vw.progressive_log_loss,
            row.examples_per_second / vw.examples_per_second)


def markdown_table(rows: list[Row]) -> str:
    header = ("| run | data | examples | progressive log loss | wall s | CPU s | "
              "in-tool s | examples/s (wall) | loss − VW | speed ÷ VW |")
    lines = [header, header_rule(header)]
    for row in rows:
        delta, ratio = comparisons(row, rows)
        internal = f"{row.internal_seconds:.2f}" if row.internal_seconds is not None else "–"
        lines.append(
            f"| {row.name} | {row.dataset} | {row.examples:,} | {row.progressive_log_loss:.5f} "
            f"| {row.wall_seconds:.2f} | {row.cpu_seconds:.2f} | {internal} "
            f"| {row.examples_per_second:,.0f} | {signed(delta)} | {ratio:.2f}× |")
    return "\n".join(lines)


def signed(value: float, places: int = 5) -> str:
    """`+0.00000` rather than `-0.00000` for a difference that rounds to nothing."""
    rounded = round(value, places) or 0.0
    return f"{rounded:+.{places}f}"


def header_rule(header: str) -> str:
    columns = header.count("|") - 1
    return "|" + "---|" * columns


def print_report(rows: list[Row], floors: dict[str, float | None], bits: int,
                 repeats: int) -> None:
    print()
    print(markdown_table(rows))
    print()
    for dataset, floor in floors.items():
        if floor is not None:
            print(f"Bayes-optimal log loss on the {dataset} data (the floor): {floor:.5f}  ")
    print()
    for note in report_notes(rows, bits, repeats):
        print(f"- {note}")


def report_notes(rows: list[Row], bits: int, repeats: int) -> list[str]:
    """What a reader needs to interpret the table, as markdown bullets."""
    notes = [
        f"Times: the fastest of {repeats} round(s) per row (all rounds are in --json). "
        "examples/s and speed ÷ VW use the wall time measured outside each subprocess: it "
        "includes process start-up, reading and parsing the file (for VW and River also "
        "starting Python and importing the package). 'in-tool s' is the tool's own timing: "
        "ftrl's summary `seconds`, VW's Workspace() call, River's loop.",
        f"VW: `--ftrl` with `-b {bits}` and its default `constant` bias feature; nothing else "
        "non-default. VW parses on a thread of its own, beside the learner (compare CPU s "
        "with wall s).",
        "River: intercept frozen (its own SGD intercept would not be FTRL), a constant "
        "feature trained by FTRL instead. River's FTRLProximal predicts with each weight as it "
        "was before that coordinate's latest update, so its loss differs slightly from a "
        "textbook FTRL-Proximal's (usually a little higher).",
        "Loss: natural log, each example scored before learning from it. No crosses are "
        "used; the generator's true model has some, so the floor is out of reach.",
    ]
    nonzero = [row.details["summary"]["nonzero_weights"] for row in rows
               if "summary" in row.details]
    if nonzero:
        notes.append(f"ftrl ended with {max(nonzero):,} nonzero weights; VW's table has "
                     f"2^{bits} = {2 ** bits:,} slots, so hash collisions barely matter.")
    return notes


def write_json(path: Path, rows: list[Row], generators: dict, args, ftrl: Path) -> None:
    records = []
    for row in rows:
        delta, ratio = comparisons(row, rows)
        record = dataclasses.asdict(row)
        record.update(examples_per_second=row.examples_per_second,
                      loss_minus_vw=delta, speed_over_vw=ratio)
        records.append(record)
    document = {
        "examples": args.examples,
        "river_examples": args.river_examples,
        "repeats": args.repeats,
        "generator": generators,
        "hyperparameters": {"alpha": ALPHA, "beta": BETA, "l1": L1, "l2": L2},
        "vw_bits": args.vw_bits,
        "ftrl_binary": str(ftrl),
        "versions": {pkg: metadata.version(pkg) for pkg in ("vowpalwabbit", "river")},
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                    "python": platform.python_version()},
        "timing": "each row is its fastest of `repeats` rounds; examples_per_second and "
                  "speed_over_vw use wall_seconds, measured outside each subprocess",
        "rows": records,
    }
    path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------------------
# Main


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench-embedded",
        description="Compare ftrl's embedded trainer with Vowpal Wabbit and River "
                    "(FTRL-Proximal, logistic loss, progressive validation).")
    parser.add_argument("--examples", type=positive_int, default=1_000_000,
                        help="examples to generate (default 1000000)")
    parser.add_argument("--river-examples", type=positive_int, default=200_000,
                        help="prefix that River (slow) and a second ftrl/VW pass see "
                             "(default 200000)")
    parser.add_argument("--ftrl", metavar="PATH",
                        help="ftrl binary (default: cargo build --release and use "
                             "$CARGO_TARGET_DIR/release/ftrl)")
    parser.add_argument("--vw-bits", type=positive_int, default=24,
                        help="VW hash table bits, -b (default 24: few collisions)")
    parser.add_argument("--repeats", type=positive_int, default=3,
                        help="measure every row this many times and keep the fastest "
                             "(default 3)")
    parser.add_argument("--from-topic", action="store_true",
                        help="also time `ftrl train --from-topic` on a test broker holding "
                             "the same examples, beside `ftrl train` on them as JSON lines")
    parser.add_argument("--json", metavar="OUT", type=Path,
                        help="also write the figures to this JSON file")
    parser.add_argument("--workdir", type=Path,
                        help="where to put data and models (default: a fresh temp dir, "
                             "removed afterwards)")
    return parser.parse_args(argv)


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run_benchmark(args: argparse.Namespace, workdir: Path) -> None:
    ftrl = resolve_ftrl(args.ftrl)
    full = workdir / "data.vw"
    generators = {"full": generate(ftrl, args.examples, full), "prefix": None}

    river_examples = min(args.river_examples, args.examples)
    prefix = workdir / "prefix.vw"
    write_prefix(full, prefix, river_examples)
    generators["prefix"] = prefix_floor(ftrl, full, prefix, river_examples, workdir)

    jobs = benchmark_jobs(ftrl, full, prefix, args.vw_bits, workdir)
    topic = TopicSetup(ftrl, args.examples, workdir) if args.from_topic else None
    try:
        if topic is not None:
            jobs += [("[full] ftrl on the JSON-lines file", topic.train_file),
                     ("[full] ftrl --from-topic", topic.train_topic)]
        rows = best_of(args.repeats, jobs)
    finally:
        if topic is not None:
            topic.stop()
    check_counts(rows, {"full": args.examples, "prefix": river_examples})
    floors = {name: (gen or {}).get("bayes_log_loss") for name, gen in generators.items()}
    print_report(rows, floors, args.vw_bits, args.repeats)
    if topic is not None:
        print(f"- --from-topic: the examples topic of the test broker (4 partitions, protobuf, "
              f"produced by `ftrl produce` at {topic.produce_rate:,.0f} examples/s); read in "
              "rounds of 2,048 records per partition, so its order (and loss) differs a little "
              "from the file's. Broker, trainer and reader share the machine's cores.")
    if args.json:
        write_json(args.json, rows, generators, args, ftrl)
        progress(f"wrote {args.json}")


def benchmark_jobs(ftrl: Path, full: Path, prefix: Path, bits: int,
                   workdir: Path) -> list[tuple[str, Callable[[], Row]]]:
    """The table's rows, in order, as (label, measure once) pairs."""
    jobs = []
    for data, dataset in ((full, "full"), (prefix, "prefix")):
        model_dir = workdir / f"model-{dataset}"
        jobs.append((f"[{dataset}] ftrl with a RocksDB model",
                     functools.partial(run_ftrl_fresh_model, ftrl, data, model_dir, dataset)))
        if dataset == "full":
            # The in-memory row isolates the store's cost; once is enough to show it.
            jobs.append((f"[{dataset}] ftrl in memory", functools.partial(
                run_ftrl, ftrl, data, None, "ftrl (in-memory)", dataset)))
        jobs.append((f"[{dataset}] VW", functools.partial(run_vw, data, bits, dataset)))
    jobs.append(("[prefix] River", functools.partial(run_river, prefix, "prefix")))
    return jobs


def best_of(repeats: int, jobs: list[tuple[str, Callable[[], Row]]]) -> list[Row]:
    """Measure every job `repeats` times and keep each one's fastest run.

    The machine may be shared: interference only ever adds time, so the minimum is the
    least disturbed figure. Rounds go through all jobs in turn so that a burst of
    background load hits every tool alike rather than one tool's repeats.
    """
    runs: list[list[Row]] = [[] for _ in jobs]
    for round_number in range(1, repeats + 1):
        for (label, measure), job_runs in zip(jobs, runs):
            progress(f"{label} (round {round_number}/{repeats}) ...")
            job_runs.append(measure())
    best_rows = []
    for job_runs in runs:
        best = min(job_runs, key=lambda row: row.wall_seconds)
        best.details["wall_seconds_every_round"] = [row.wall_seconds for row in job_runs]
        best_rows.append(best)
    return best_rows


def main(argv: list[str]) -> int:
    workers = {"_vw-worker": vw_worker, "_river-worker": river_worker}
    try:
        if argv and argv[0] in workers:
            workers[argv[0]](*argv[1:])
            return 0
        args = parse_args(argv)
        if args.workdir:
            args.workdir.mkdir(parents=True, exist_ok=True)
            run_benchmark(args, args.workdir)
        else:
            with tempfile.TemporaryDirectory(prefix="bench-embedded-") as workdir:
                run_benchmark(args, Path(workdir))
    except BenchError as err:
        print(f"bench-embedded: error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
