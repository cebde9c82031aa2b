#!/usr/bin/env python3
"""Compares the runner's verdicts with those of piglit's own framework, test by test.

    compare-with-piglit.py PIGLIT_RESULTS RUNNER_RESULTS

PIGLIT_RESULTS is the folder `piglit run` wrote (results.json.bz2 or results.json inside it),
RUNNER_RESULTS the runner's output folder (its results.json). Prints the counts, then each
test on which they differ with both verdicts and the runner's note. Two documented
differences are counted apart rather than as disagreements: the runner's Missing (piglit:
skip, "Test executable not found") and its Crash for a test that printed no PIGLIT result
(piglit: notrun or fail). Exit status 1 when a real disagreement remains.
"""

import bz2
import json
import os
import signal
import sys

# piglit's status names onto the runner's.
PIGLIT_TO_RUNNER = {
    "pass": "Pass",
    "fail": "Fail",
    "dmesg-fail": "Fail",
    "warn": "Warn",
    "dmesg-warn": "Warn",
    "skip": "Skip",
    "crash": "Crash",
    "incomplete": "Crash",
    "timeout": "Timeout",
    "notrun": "notrun",
}

NO_RESULT_LINE = "without a PIGLIT result line"


def load_piglit(folder):
    for name, opener in (("results.json.bz2", bz2.open), ("results.json", open)):
        path = os.path.join(folder, name)
        if os.path.exists(path):
            with opener(path, "rt") as f:
                return json.load(f)["tests"]
    sys.exit(f"no results.json(.bz2) in {folder}")


def load_runner(folder):
    path = os.path.join(folder, "results.json")
    with open(path) as f:
        return {t["name"]: t for t in json.load(f)["tests"]}


def classify(piglit, runner):
    """'agree', a documented difference, or 'disagree'."""
    p = PIGLIT_TO_RUNNER.get(piglit["result"], piglit["result"])
    r = runner["status"]
    if p == r:
        return "agree"
    if r == "Missing" and p == "Skip" and "not found" in (piglit.get("out") or ""):
        return "missing binary"
    if r == "Crash" and NO_RESULT_LINE in (runner.get("note") or "") and p in ("notrun", "Fail"):
        return "no result line"
    return "disagree"


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    piglit = load_piglit(sys.argv[1])
    runner = load_runner(sys.argv[2])
    only_piglit = sorted(set(piglit) - set(runner))
    only_runner = sorted(set(runner) - set(piglit))
    counts = {}
    differences = []
    for name in sorted(set(piglit) & set(runner)):
        kind = classify(piglit[name], runner[name])
        counts[kind] = counts.get(kind, 0) + 1
        if kind != "agree":
            differences.append((kind, name, piglit[name]["result"], runner[name]["status"], runner[name].get("note") or ""))
    compared = sum(counts.values())
    print(f"compared {compared}, agree {counts.get('agree', 0)}, "
          f"documented differences {sum(v for k, v in counts.items() if k not in ('agree', 'disagree'))}, "
          f"disagree {counts.get('disagree', 0)}")
    for kind, name, p, r, note in differences:
        print(f"  {kind}: {name}: piglit {p}, runner {r} ({note})")
    for name in only_piglit:
        print(f"  only in piglit's results: {name}")
    for name in only_runner:
        print(f"  only in the runner's results: {name}")
    return 1 if counts.get("disagree") or only_piglit or only_runner else 0


if __name__ == "__main__":
    sys.exit(main())
