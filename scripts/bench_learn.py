#!/usr/bin/env python3
"""Learning quality of ftrl's embedded trainer, beside Vowpal Wabbit, on one generated file.

Prints three markdown tables (docs/benchmarks.md, "Learning quality"):

1. Progressive log loss against the learning-rate scale α for FTRL-Proximal with the plain
   gradient, implicit and aProx steps, RDA, and Vowpal Wabbit (its default learner with
   `-l α`, and its `--ftrl` with `--ftrl_alpha α`); then the Hedge mixture over α, which is
   not tuned, against the best tuned single learner and VW's best.
2. Staleness: the loss when gradients are applied d examples late (`ftrl train --delay d`),
   with and without the delay-tolerant rate.
3. Sparsity: nonzero weights and loss as λ1 grows, FTRL-Proximal against RDA; and the
   coordinates learned (and those with state, which counts the ones not yet admitted too)
   under each admission policy (`--min-count`, `--inclusion-probability`).

Every figure is a progressive loss: each example is scored before the model learns from it.
Usually started through `scripts/bench-learn`, which installs vowpalwabbit if needed.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_embedded as shared  # noqa: E402  (the ftrl build, `ftrl gen`, subprocess helpers)

ALPHAS = [0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0]
HEDGE = [0.01, 0.03, 0.1, 0.3, 1.0, 3.0]
# A finer, generic grid: every power of two from 1/128 to 4 (ten learners).
HEDGE_POW2 = [2.0 ** e for e in range(-7, 3)]
DELAYS = [0, 10, 100, 1_000, 10_000, 100_000]
# One grid for both: RDA pays λ1 every round, FTRL-Proximal once, so their useful ranges differ.
L1S = [0.0, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0]
VW_BITS = 24
ADMISSIONS = [
    ("every coordinate", []),
    ("`--min-count 2`", ["--min-count", "2"]),
    ("`--min-count 3`", ["--min-count", "3"]),
    ("`--min-count 5`", ["--min-count", "5"]),
    ("`--inclusion-probability 0.5`", ["--inclusion-probability", "0.5"]),
    ("`--inclusion-probability 0.2`", ["--inclusion-probability", "0.2"]),
]

# (column title, ftrl train arguments) for the α table.
FTRL_COLUMNS = [
    ("FTRL-Proximal", ["--algo", "ftrl-proximal", "--update", "gradient"]),
    ("FTRL-Proximal implicit", ["--algo", "ftrl-proximal", "--update", "implicit"]),
    ("FTRL-Proximal aProx", ["--algo", "ftrl-proximal", "--update", "aprox"]),
    ("RDA", ["--algo", "rda", "--update", "gradient"]),
    ("RDA aProx", ["--algo", "rda", "--update", "aprox"]),
]


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def ftrl_train(ftrl: Path, data: Path, arguments: list[str]) -> dict:
    """One in-memory training run; returns its JSON summary."""
    cmd = [str(ftrl), "train", "--data", str(data), "--loss", "logistic", "--quiet", "--summary-json",
           *arguments]
    stdout, _, _, _ = shared.run_timed(cmd, "ftrl train " + " ".join(arguments))
    summary = shared.last_json_line(stdout, "ftrl train")
    shared.require_keys(summary, ["progressive_loss", "nonzero_weights", "examples"], "ftrl train")
    return summary


def vw_loss(data: Path, arguments: list[str]) -> float:
    cmd = [sys.executable, str(Path(__file__).resolve()), "_vw-loss", str(data), *arguments]
    stdout, _, _, _ = shared.run_timed(cmd, "VW " + " ".join(arguments))
    return float(shared.last_json_line(stdout, "VW")["progressive_loss"])


def vw_loss_worker(data: str, *arguments: str) -> None:
    """Runs VW in this process; prints its progressive loss (sum loss / weighted examples)."""
    import vowpalwabbit

    workspace = vowpalwabbit.Workspace(arg_list=[
        "--data", data, "--loss_function", "logistic", "-b", str(VW_BITS), "--quiet", *arguments])
    if not workspace.parser_ran:
        workspace.run_parser()
    loss = workspace.get_sum_loss() / workspace.get_weighted_examples()
    workspace.finish()
    print(json.dumps({"progressive_loss": loss}))


def alpha_table(ftrl: Path, data: Path) -> tuple[str, dict]:
    columns: dict[str, dict[float, float]] = {}
    for title, arguments in FTRL_COLUMNS:
        columns[title] = {}
        for alpha in ALPHAS:
            progress(f"{title}, alpha {alpha:g} ...")
            summary = ftrl_train(ftrl, data, [*arguments, "--alpha", f"{alpha:g}"])
            columns[title][alpha] = summary["progressive_loss"]
    columns["VW default learner, -l α"] = {}
    columns["VW --ftrl"] = {}
    for alpha in ALPHAS:
        progress(f"VW, alpha {alpha:g} ...")
        columns["VW default learner, -l α"][alpha] = vw_loss(data, ["-l", f"{alpha:g}"])
        columns["VW --ftrl"][alpha] = vw_loss(
            data, ["--ftrl", "--ftrl_alpha", f"{alpha:g}", "--ftrl_beta", "1", "--l1", "0", "--l2", "0"])
    progress("VW default ...")
    vw_default = vw_loss(data, [])
    hedge_rows = {}
    hedge_list = ",".join(f"{a:g}" for a in HEDGE)
    for title, update in (("Hedge over FTRL-Proximal", "gradient"),
                          ("Hedge over FTRL-Proximal implicit", "implicit")):
        progress(f"{title} ...")
        hedge_rows[title] = ftrl_train(ftrl, data, ["--update", update, "--hedge", hedge_list])
    # The same comparison on the powers-of-two grid: the Hedge over it, and the best single
    # ftrl and VW --ftrl learner on it.
    pow2_list = ",".join(f"{a:g}" for a in HEDGE_POW2)
    progress("Hedge over FTRL-Proximal, powers of two ...")
    pow2_hedge = ftrl_train(ftrl, data, ["--hedge", pow2_list])
    pow2_ftrl, pow2_vw = {}, {}
    for alpha in HEDGE_POW2:
        progress(f"ftrl and VW --ftrl, alpha {alpha:g} ...")
        pow2_ftrl[alpha] = ftrl_train(ftrl, data, ["--alpha", f"{alpha:g}"])["progressive_loss"]
        pow2_vw[alpha] = vw_loss(
            data, ["--ftrl", "--ftrl_alpha", f"{alpha:g}", "--ftrl_beta", "1", "--l1", "0", "--l2", "0"])

    titles = list(columns)
    lines = ["| α | " + " | ".join(titles) + " |", "|---:|" + "---:|" * len(titles)]
    best = {title: min(column.values()) for title, column in columns.items()}
    for alpha in ALPHAS:
        cells = []
        for title in titles:
            value = columns[title][alpha]
            text = f"{value:.5f}"
            cells.append(f"**{text}**" if value == best[title] else text)
        lines.append(f"| {alpha:g} | " + " | ".join(cells) + " |")
    spread = {title: max(c.values()) - min(c.values()) for title, c in columns.items()}
    lines.append("| worst − best | " + " | ".join(f"{spread[t]:.5f}" for t in titles) + " |")

    best_ftrl = min(min(columns[title].values()) for title, _ in FTRL_COLUMNS)
    best_vw = min(min(columns["VW default learner, -l α"].values()), min(columns["VW --ftrl"].values()),
                  vw_default)
    summary_lines = ["", "| learner, no tuning unless said | progressive log loss | − best tuned ftrl | − best VW |",
                     "|---|---:|---:|---:|"]

    def row(name: str, loss: float) -> None:
        summary_lines.append(f"| {name} | {loss:.6f} | {shared.signed(loss - best_ftrl, 6)} "
                             f"| {shared.signed(loss - best_vw, 6)} |")

    row("VW default (`vw --loss_function logistic`, -l 0.5)", vw_default)
    row("VW at its best α (tuned over the grid above)", best_vw)
    row("ftrl, best tuned single learner (grid above)", best_ftrl)
    for title, summary in hedge_rows.items():
        hedge = summary["hedge"]
        row(f"{title} `--hedge {hedge_list}` (leader α = {hedge['leader_alpha']:g})",
            summary["progressive_loss"])
    best_pow2 = min(pow2_ftrl, key=pow2_ftrl.get)
    best_pow2_vw = min(pow2_vw, key=pow2_vw.get)
    row(f"ftrl, best single learner on the powers of two 1/128..4 (α = {best_pow2:g})", pow2_ftrl[best_pow2])
    row(f"VW --ftrl at its best power of two (α = {best_pow2_vw:g})", pow2_vw[best_pow2_vw])
    row(f"Hedge over FTRL-Proximal, the ten powers of two 1/128..4 (leader α = "
        f"{pow2_hedge['hedge']['leader_alpha']:g}, {pow2_hedge['seconds']:.1f} s)", pow2_hedge["progressive_loss"])
    return "\n".join(lines + summary_lines), {
        "columns": {t: {f"{a:g}": v for a, v in c.items()} for t, c in columns.items()},
        "vw_default": vw_default, "hedge": hedge_rows, "best_ftrl": best_ftrl, "best_vw": best_vw,
        "pow2": {"hedge": pow2_hedge, "ftrl": {f"{a:g}": v for a, v in pow2_ftrl.items()},
                 "vw_ftrl": {f"{a:g}": v for a, v in pow2_vw.items()}}}


def delay_table(ftrl: Path, data: Path) -> tuple[str, dict]:
    results = {}
    for delay in DELAYS:
        for tolerant in (False, True):
            if delay == 0 and tolerant:
                continue
            progress(f"delay {delay}{' tolerant' if tolerant else ''} ...")
            arguments = ["--delay", str(delay)] + (["--delay-tolerant"] if tolerant else [])
            results[(delay, tolerant)] = ftrl_train(ftrl, data, arguments)["progressive_loss"]
    fresh = results[(0, False)]
    lines = ["| delay d (examples) | loss, AdaGrad rate | penalty | loss, delay-tolerant rate | penalty |",
             "|---:|---:|---:|---:|---:|"]
    for delay in DELAYS:
        plain = results[(delay, False)]
        tolerant = results.get((delay, True), plain)
        lines.append(f"| {delay:,} | {plain:.5f} | {shared.signed(plain - fresh)} | {tolerant:.5f} "
                     f"| {shared.signed(tolerant - fresh)} |")
    return "\n".join(lines), {f"{d}{'-tolerant' if t else ''}": v for (d, t), v in results.items()}


def sparsity_table(ftrl: Path, data: Path) -> tuple[str, dict]:
    results = {}
    for l1 in L1S:
        for algo in ("ftrl-proximal", "rda"):
            progress(f"{algo}, l1 {l1:g} ...")
            results[(algo, l1)] = ftrl_train(ftrl, data, ["--algo", algo, "--l1", f"{l1:g}"])
    lines = ["| λ1 | FTRL-Proximal nonzero | FTRL-Proximal loss | RDA nonzero | RDA loss |",
             "|---:|---:|---:|---:|---:|"]
    for l1 in L1S:
        f, r = results[("ftrl-proximal", l1)], results[("rda", l1)]
        lines.append(f"| {l1:g} | {f['nonzero_weights']:,} | {f['progressive_loss']:.5f} "
                     f"| {r['nonzero_weights']:,} | {r['progressive_loss']:.5f} |")
    coordinates = results[("ftrl-proximal", 0.0)]["coordinates"]
    lines.append("")
    lines.append(f"Coordinates seen: {coordinates:,}.")
    lines += ["", "| admission (FTRL-Proximal, λ1 = 0) | coordinates with state | coordinates learned "
              "(nonzero weights) | progressive log loss |",
              "|---|---:|---:|---:|"]
    admissions = {}
    for title, arguments in ADMISSIONS:
        progress(f"admission {title} ...")
        summary = ftrl_train(ftrl, data, arguments)
        admissions[title] = summary
        lines.append(f"| {title} | {summary['coordinates']:,} | {summary['nonzero_weights']:,} "
                     f"| {summary['progressive_loss']:.5f} |")
    figures = {f"{a}-{l:g}": {"nonzero": s["nonzero_weights"], "loss": s["progressive_loss"]}
               for (a, l), s in results.items()}
    figures.update({title: {"coordinates": s["coordinates"], "nonzero": s["nonzero_weights"],
                            "loss": s["progressive_loss"]}
                    for title, s in admissions.items()})
    return "\n".join(lines), figures


def run(args: argparse.Namespace, workdir: Path) -> None:
    ftrl = shared.resolve_ftrl(args.ftrl)
    data = workdir / "data.vw"
    generator = shared.generate(ftrl, args.examples, data)
    started = time.perf_counter()
    sections = {}
    report = [f"Data: `ftrl gen --examples {args.examples} --fields {shared.FIELDS} --seed {shared.SEED}` "
              f"(Bayes-optimal log loss {generator['bayes_log_loss']:.5f}; no crosses are learned, "
              "so it is out of reach). Logistic loss, β = 1, λ1 = λ2 = 0 unless said.", ""]
    if "alpha" in args.tables:
        text, sections["alpha"] = alpha_table(ftrl, data)
        report += ["### Progressive log loss vs α", "", text, ""]
    if "delay" in args.tables:
        text, sections["delay"] = delay_table(ftrl, data)
        report += ["### Staleness: gradients applied d examples late (FTRL-Proximal, α = 0.1)", "", text, ""]
    if "sparsity" in args.tables:
        text, sections["sparsity"] = sparsity_table(ftrl, data)
        report += ["### Sparsity: nonzero weights vs loss as λ1 grows (α = 0.1)", "", text, ""]
    progress(f"done in {time.perf_counter() - started:.0f}s")
    print("\n".join(report))
    if args.json:
        args.json.write_text(json.dumps({"examples": args.examples, "generator": generator, **sections},
                                        indent=2, default=str) + "\n", encoding="utf-8")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench-learn", description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=shared.positive_int, default=1_000_000,
                        help="examples to generate (default 1000000)")
    parser.add_argument("--ftrl", metavar="PATH", help="ftrl binary (default: cargo build --release)")
    parser.add_argument("--tables", nargs="+", choices=["alpha", "delay", "sparsity"],
                        default=["alpha", "delay", "sparsity"], help="which tables (default all)")
    parser.add_argument("--json", metavar="OUT", type=Path, help="also write the figures as JSON")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    try:
        if argv and argv[0] == "_vw-loss":
            vw_loss_worker(*argv[1:])
            return 0
        args = parse_args(argv)
        with tempfile.TemporaryDirectory(prefix="bench-learn-") as workdir:
            run(args, Path(workdir))
    except shared.BenchError as err:
        print(f"bench-learn: error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
