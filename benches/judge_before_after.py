"""Times two `qili` binaries on the same `judge --cases` file, in alternating rounds (one
binary, then the other, rule set by rule set), so that both meet the same drift of a shared
machine. Prints, per rule set, each binary's CPU time per case (the median round: the
child's user + system time divided by the cases) and the ratio after/before.

    python3 benches/judge_before_after.py --before OLD/qili --after NEW/qili \
        --cases cases.jsonl [--rounds 10] [--copies 5] [--rules cxa,cxa1999,axf]

Each run judges the case file `--copies` times over (one batch), so that a run lasts long
enough for the CPU clock.

The answers go to a file (a pipe read while qili writes inflates its CPU time); both
binaries' answers are compared, and a difference is reported (a speed change must not
change an answer).
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile


def run(qili, rules, cases, sink):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(sink, "wb") as out:
        p = subprocess.run([qili, "judge", "--rules", rules, "--cases", cases],
                           stdout=out, stderr=subprocess.PIPE, check=False)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in (0, 1):
        sys.exit(f"{qili} judge --rules {rules}: exit {p.returncode}: "
                 f"{p.stderr.decode('utf-8', 'replace')[:500]}")
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--cases", required=True)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--copies", type=int, default=5)
    ap.add_argument("--rules", default="cxa,cxa1999,axf")
    args = ap.parse_args()
    with open(args.cases, encoding="utf-8") as f:
        lines = [l if l.endswith("\n") else l + "\n" for l in f if l.strip()]
    n = len(lines) * args.copies
    rules = args.rules.split(",")
    tmp = tempfile.mkdtemp(prefix="qili-before-after-")
    cases = os.path.join(tmp, "cases.jsonl")
    with open(cases, "w", encoding="utf-8") as f:
        f.write("".join(lines) * args.copies)
    sinks = {b: os.path.join(tmp, b + ".jsonl") for b in ("before", "after")}
    times = {(r, b): [] for r in rules for b in ("before", "after")}
    differ = set()
    for k in range(args.rounds):
        for r in rules:
            # Alternate which binary goes first, round by round.
            order = ("before", "after") if k % 2 == 0 else ("after", "before")
            for b in order:
                times[(r, b)].append(run(getattr(args, b), r, cases, sinks[b]))
            if k == 0:
                with open(sinks["before"], "rb") as x, open(sinks["after"], "rb") as y:
                    if x.read() != y.read():
                        differ.add(r)
    print(f"{len(lines)} cases x {args.copies} copies per run, {args.rounds} alternating rounds; "
          "CPU us per case, the median round")
    print(f"{'rules':10}{'before':>10}{'after':>10}{'after/before':>14}")
    for r in rules:
        b = statistics.median(times[(r, "before")]) / n * 1e6
        a = statistics.median(times[(r, "after")]) / n * 1e6
        note = "   (answers differ)" if r in differ else ""
        print(f"{r:10}{b:10.1f}{a:10.1f}{a / b:14.3f}{note}")
    for s in list(sinks.values()) + [cases]:
        if os.path.exists(s):
            os.unlink(s)
    os.rmdir(tmp)


if __name__ == "__main__":
    main()
