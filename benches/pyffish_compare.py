"""Fairy-Stockfish vs qili on the same repetition cases (run via pyffish_compare.sh).

Cases: the Fairy-Stockfish Xiangqi chasing vectors and the AXF diagrams (shared/vectors), and
the corpus cases (corpus/cases/*.toml); each case's own `repetitions` is kept, its `rules` is
not: qili judges the whole set under each rule set in turn (pyffish has one Xiangqi rule).

(a) pyffish: one `is_optional_game_end("xiangqi", fen, moves)` call per case, in-process.
(b) qili: one `qili judge --cases FILE` process over the same cases (JSON Lines), by default
    (verdict first) and with `--explain` (labels with evidence and both explanations).
Both make ROUNDS passes over the case set, so process start-up does not dominate qili's
figure. CPU time is the figure compared (wall time on a shared machine measures the load).
The passes are made in BLOCKS alternating blocks (pyffish, then the four qili runs, each over
ROUNDS/BLOCKS passes; the figures are the sums): the speed of a shared machine drifts over a
minute by a third or more, and alternating exposes both sides to the same drift, where one
long pyffish run followed by the qili runs measured them in different conditions.

Per case: a separate `qili judge --cases --timings` run gives each answer's microseconds;
the minimum over the rounds is the case's time (the least disturbed by other processes).
The script prints p50, p99 and the maximum over the cases, and the slowest cases.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tomllib

import pyffish

VECTORS = ["fairy-stockfish-xiangqi-chasing.jsonl", "axf-diagrams.jsonl"]


def iccs_to_uci(m: str) -> str:
    """ICCS ranks are 0-9 from Red's back rank; pyffish's xiangqi UCI ranks are 1-10."""
    m = m.replace("-", "").lower()
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def shared_dir(root: str) -> str | None:
    """$QILI_SHARED, else a shared/ beside the repository or one of its parents."""
    bases = [os.environ.get("QILI_SHARED", "")] + [
        os.path.join(root, *[".."] * k, "shared") for k in (1, 2, 3)]
    return next((b for b in bases if b and os.path.isdir(os.path.join(b, "vectors"))), None)


def load_cases(root: str) -> list[dict]:
    cases = []
    shared = shared_dir(root)
    for name in VECTORS:
        path = os.path.join(shared, "vectors", name) if shared else None
        if not path or not os.path.exists(path):
            print(f"note: shared/vectors/{name} absent, skipped", file=sys.stderr)
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    v = json.loads(line)
                    cases.append({"id": v["id"], "fen": v["fen"], "moves": v["moves"],
                                  "repetitions": v.get("repetitions")})
    cdir = os.path.join(root, "corpus", "cases")
    if os.path.isdir(cdir):
        for name in sorted(os.listdir(cdir)):
            if name.endswith(".toml"):
                with open(os.path.join(cdir, name), "rb") as f:
                    c = tomllib.load(f)
                cases.append({"id": c["id"], "fen": c["fen"], "moves": c["moves"]})
    return [{k: v for k, v in c.items() if v is not None} for c in cases]


def cpu_of_children(run) -> tuple[float, float, subprocess.CompletedProcess]:
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = run()
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), out


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--qili", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--slowest", type=int, default=5)
    ap.add_argument("--blocks", type=int, default=10,
                    help="alternate pyffish and qili in this many blocks of rounds")
    args = ap.parse_args()
    cases = load_cases(args.root)
    if not cases:
        sys.exit("no cases found")
    n = len(cases) * args.rounds
    print(f"{len(cases)} cases x {args.rounds} rounds = {n} judgements per run, "
          f"in {max(1, min(args.blocks, args.rounds))} alternating blocks")

    blocks = max(1, min(args.blocks, args.rounds))
    per_block = [args.rounds // blocks + (1 if b < args.rounds % blocks else 0)
                 for b in range(blocks)]

    prepared = [(c["fen"], [iccs_to_uci(m) for m in c["moves"]]) for c in cases]
    py_case = [float("inf")] * len(cases)
    for fen, moves in prepared:  # warm-up, and a check that pyffish accepts every case
        pyffish.is_optional_game_end("xiangqi", fen, moves)

    def write_cases(rounds: int, first: int) -> str:
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False,
                                         encoding="utf-8") as f:
            for r in range(first, first + rounds):
                for c in cases:
                    f.write(json.dumps({**c, "id": f"{c['id']}#{r}"}, ensure_ascii=False)
                            + "\n")
            return f.name

    runs = [(rules, label, extra) for rules in ("cxa", "axf")
            for label, extra in (("", []), (" --explain", ["--explain"]))]
    py_s = py_cpu = 0.0
    totals = {run[:2]: [0.0, 0.0, 0] for run in runs}
    first = 0
    for rounds in per_block:
        # (a) pyffish, in-process
        t0, c0 = time.perf_counter(), time.process_time()
        for _ in range(rounds):
            for k, (fen, moves) in enumerate(prepared):
                s = time.perf_counter()
                pyffish.is_optional_game_end("xiangqi", fen, moves)
                py_case[k] = min(py_case[k], time.perf_counter() - s)
        py_s += time.perf_counter() - t0
        py_cpu += time.process_time() - c0
        # (b) qili, one process per run over the same judgements
        path = write_cases(rounds, first)
        answers = path + ".answers"
        first += rounds
        n_block = len(cases) * rounds
        try:
            for rules, label, extra in runs:
                cmd = [args.qili, "judge", "--rules", rules, "--cases", path, *extra]
                # The answers go to a file, read once qili is done: a pipe read by this
                # process while qili writes makes the two take turns on the cores, which
                # adds a fifth or more to qili's CPU time on a 2-core machine (measured).
                with open(answers, "wb") as sink:
                    wall, cpu, out = cpu_of_children(
                        lambda: subprocess.run(cmd, stdout=sink, stderr=subprocess.PIPE,
                                               check=False))
                with open(answers, encoding="utf-8", errors="replace") as f:
                    lines = f.read().splitlines()
                if len(lines) != n_block:
                    sys.exit(f"qili wrote {len(lines)} lines for {n_block} cases (exit "
                             f"{out.returncode}): {out.stderr.decode('utf-8', 'replace')[:500]}")
                t = totals[(rules, label)]
                t[0] += wall
                t[1] += cpu
                t[2] += sum(1 for l in lines if '"error"' in l)
        finally:
            os.unlink(path)
            if os.path.exists(answers):
                os.unlink(answers)
    rows = [(f"qili --rules {rules}{label}", *totals[(rules, label)])
            for rules, label, _ in runs]

    # Per-case times, default output: one process per rule set over every round.
    path = write_cases(args.rounds, 0)
    timings = path + ".timings"
    per_case = {}
    try:
        for rules in ("cxa", "axf"):
            subprocess.run([args.qili, "judge", "--rules", rules, "--cases", path,
                            "--timings", timings], stdout=subprocess.DEVNULL, check=False)
            best = [float("inf")] * len(cases)
            with open(timings, encoding="utf-8") as t:
                for row in t:
                    line_no, micros = row.split("\t")
                    k = (int(line_no) - 1) % len(cases)
                    best[k] = min(best[k], float(micros))
            per_case[rules] = best
    finally:
        os.unlink(path)
        if os.path.exists(timings):
            os.unlink(timings)

    print(f"{'whole run':34}{'wall s':>9}{'cpu s':>9}{'cpu us/case':>13}{'pyffish/qili cpu':>18}")
    print(f"{'pyffish.is_optional_game_end':34}{py_s:9.3f}{py_cpu:9.3f}{py_cpu / n * 1e6:13.1f}")
    for name, wall, cpu, errors in rows:
        note = f"   ({errors} error lines)" if errors else ""
        print(f"{name:34}{wall:9.3f}{cpu:9.3f}{cpu / n * 1e6:13.1f}{py_cpu / cpu:17.1f}x{note}")

    print(f"per case (min over {args.rounds} rounds, us): "
          f"{'p50':>8}{'p99':>8}{'max':>9}{'> 5 ms':>8}")
    py_us = sorted(x * 1e6 for x in py_case)
    print(f"{'  pyffish':44}{percentile(py_us, .5):8.0f}{percentile(py_us, .99):8.0f}"
          f"{py_us[-1]:9.0f}{sum(1 for x in py_us if x > 5000):8}")
    for rules, best in per_case.items():
        v = sorted(best)
        print(f"{'  qili --rules ' + rules:44}{percentile(v, .5):8.0f}{percentile(v, .99):8.0f}"
              f"{v[-1]:9.0f}{sum(1 for x in v if x > 5000):8}")
    for rules, best in per_case.items():
        slow = sorted(range(len(cases)), key=lambda k: -best[k])[:args.slowest]
        print(f"slowest under {rules}: " + ", ".join(
            f"{cases[k]['id']} {best[k]:.0f} us" for k in slow))


if __name__ == "__main__":
    main()
