"""The command line: flags, and main, which runs the benchmark and prints its figures."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchlib import BenchError, positive_int

from .bench import REPO_ROOT, Bench
from .processes import progress
from .report import report, throughput_summary, write_json
from .selftest import self_test


def positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


def comma_separated_numbers(text: str, valid: Callable[[float], bool], requirement: str) -> list[float]:
    try:
        values = [float(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of numbers: {text}") from None
    if not all(valid(value) for value in values):
        raise argparse.ArgumentTypeError(f"{requirement}, got {text}")
    return values


def fractions(text: str) -> list[float]:
    """A comma-separated list of load fractions; 0 (alone) means none."""
    values = comma_separated_numbers(text, lambda value: 0 <= value <= 2, "fractions must lie in [0, 2]")
    return [value for value in values if value > 0]


def rates(text: str) -> list[float]:
    """A comma-separated list of examples/s."""
    return comma_separated_numbers(text, lambda value: value > 0, "rates must be positive")


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
    parser.add_argument("--partitions", help="gradients/deltas/changelog partitions (default 8)",
                        type=positive_int, default=8)
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
    parser.add_argument("--excess-by-age", action="store_true",
                        help="also train the embedded model on the examples in the order the stream learned "
                             "them, and report the stream's excess over it by the model's age (log loss only)")
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
        print(json.dumps(throughput_summary(results, args), indent=1))
    else:
        print(report(results, args, argv))
    if args.json:
        write_json(args.json, results, args, argv)
        progress(f"wrote {args.json}")
    return 0
