#!/usr/bin/env python3
"""Vowpal Wabbit text in every form a linear model can use, and VW's own progressive loss on it.

    scripts/vw_forms.py write FILE [--examples N] [--seed S]   # the data set (deterministic)
    scripts/vw_forms.py loss FILE [VW OPTIONS...]              # VW's average loss, as JSON
    scripts/vw_forms.py run DIR VW ARGUMENTS...                # any VW command line, in DIR

`write` draws each line's header and sections from VW's grammar: label, importance and base;
tags with an apostrophe or touching the first '|'; an id column before a tab; namespaces with
and without scales, the default namespace, empty and repeated namespaces; features with and
without values, anonymous features (`:0.5`) and string values (`color:red`); tabs between
features. It never repeats a feature within a line (VW updates a repeated feature once per
occurrence, ftrl-stream once with the values summed) and keeps the vocabulary small, so that
VW's 24-bit hashes do not collide.

`loss` runs VW (the `vowpalwabbit` package from PyPI) and prints its sum of weighted losses, the
weighted example count and their ratio, the "average loss" VW reports.
"""
import json
import random
import sys


def header(rng, label):
    weight = rng.choice(["0.5", "1", "2", "0.25", "3"])
    base = rng.choice(["0.1", "-0.2", "0.3", "0"])
    tag = "t%d" % rng.randrange(1000)
    forms = [
        f"{label} ",
        f"{label} {weight} ",
        f"{label} {weight} {base} ",
        f"{label} '{tag} ",
        f"{label} '{tag}",
        f"{label} {tag}",
        f"{label} {weight} {tag}",
        f"{label} {weight} {base} {tag}",
        f"{label} {weight} {base} '{tag} ",
        f"id{rng.randrange(10**6)}\t{label} {weight} ",
    ]
    return rng.choice(forms)


def section(rng, namespace, used, allow_anonymous):
    names = {"a": "ab", "b": "ba", "c": "ca", "": "d"}[namespace]
    parts = []
    for _ in range(rng.randrange(0, 5)):
        form = rng.randrange(6)
        name = f"{names}{rng.randrange(40)}"
        if form == 0 and allow_anonymous:
            parts.append(f":{rng.choice(['0.5', '1.5', '-0.25', '2'])}")
            continue
        if form == 1:
            key = (namespace, "color", None)
            value = rng.choice(["red", "green", "blue"])
            if key in used:
                continue
            used.add(key)
            parts.append(f"color:{value}")
            continue
        if (namespace, name) in used:
            continue
        used.add((namespace, name))
        if form in (2, 3):
            parts.append(f"{name}:{rng.choice(['0.3', '-1', '2.5', '.75', '1e-1', '+2'])}")
        else:
            parts.append(name)
    separator = rng.choice([" ", " ", "\t", "  "])
    if namespace == "":
        opener = "|"
    elif rng.random() < 0.3:
        opener = f"|{namespace}:{rng.choice(['0.5', '2', '1.5'])}"
    else:
        opener = f"|{namespace}"
    return opener + "".join(separator + p for p in parts)


def line(rng):
    label = rng.choice(["1", "-1"])
    used = set()
    sections = []
    order = ["a", "b", "c", ""]
    rng.shuffle(order)
    anonymous_given = set()
    for namespace in order[: rng.randrange(1, 5)]:
        # Anonymous features only where `-q ab` does not cross them: VW numbers them from
        # the namespace's hash (hash + 0, hash + 1, ...), and its crosses of such numbers
        # collide far more often than its other hashes (seen: `a^:0 x b^ba7` on the
        # weight of `a^ab23 x b^ba39`, at 22, 24 and 26 bits alike).
        allow = namespace in ("c", "") and namespace not in anonymous_given
        sections.append(section(rng, namespace, used, allow))
        anonymous_given.add(namespace)
    # A repeated namespace, without anonymous features (their numbers restart per section).
    if rng.random() < 0.3:
        sections.append(section(rng, "a", used, False))
    # An empty namespace.
    if rng.random() < 0.2:
        sections.append(rng.choice(["|c", "|", "|b:2"]))
    head = header(rng, label)
    text = head + " ".join(sections)
    return text


def write(path, examples, seed):
    rng = random.Random(seed)
    with open(path, "w") as out:
        for _ in range(examples):
            out.write(line(rng) + "\n")


def loss(path, options):
    import vowpalwabbit

    workspace = vowpalwabbit.Workspace(f"-d {path} --holdout_off --quiet " + " ".join(options))
    workspace.run_parser()
    total, weight = workspace.get_sum_loss(), workspace.get_weighted_examples()
    workspace.finish()
    print(json.dumps({"sum_loss": total, "weighted_examples": weight, "average_loss": total / weight}))


def run(directory, arguments):
    """Runs a VW command line in `directory` (its -f, -p, ... land there) and prints its
    progressive (or test) loss at full precision and the summary's "average loss" line,
    which with a holdout is the best pass's holdout loss.

    A one-pass command line has its data file's lines learned one by one (`Workspace.learn`,
    the same loss, predictions and model): VW 9.11.9's own reading of a file, on a thread of
    its own, crashes or hangs in about half the runs on vw_forms.vw. Passes, holdouts and
    caches need VW's own reading."""
    import os

    import vowpalwabbit

    os.chdir(directory)
    data = None
    driver_options = ("--passes", "--holdout", "--cache", "-c", "-k")
    if not any(a.startswith(driver_options) for a in arguments):
        for flag in ("-d", "--data"):
            if flag in arguments[:-1]:
                at = arguments.index(flag)
                data, arguments = arguments[at + 1], arguments[:at] + arguments[at + 2 :]
    workspace = vowpalwabbit.Workspace(arg_list=arguments, enable_logging=True)
    if data is None:
        workspace.run_parser()
    else:
        with open(data, encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    workspace.learn(line.rstrip("\n"))
    total, weight = workspace.get_sum_loss(), workspace.get_weighted_examples()
    workspace.finish()
    lines = [line for line in workspace.get_log() if line.startswith("average loss = ")]
    print(json.dumps({"sum_loss": total, "weighted_examples": weight, "average_loss_line": lines[-1] if lines else None}))


def main(argv):
    if len(argv) >= 2 and argv[0] == "write":
        examples, seed = 5000, 1
        rest = argv[2:]
        while rest:
            flag, value, rest = rest[0], rest[1], rest[2:]
            if flag == "--examples":
                examples = int(value)
            elif flag == "--seed":
                seed = int(value)
            else:
                raise SystemExit(f"unknown flag {flag}")
        write(argv[1], examples, seed)
    elif len(argv) >= 2 and argv[0] == "loss":
        loss(argv[1], argv[2:])
    elif len(argv) >= 2 and argv[0] == "run":
        run(argv[1], argv[2:])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
