"""Instructions per call of qili.is_optional_game_end and pyffish.is_optional_game_end, the
figure of benches/python_vs_pyffish.py without the noise of a shared machine: the same
cases, counted by callgrind. Each side is run twice under valgrind, once making the calls
and once only loading the cases (and importing both modules); the difference, divided by
the number of calls, is what one call costs, the Python loop around it included (a few
hundred instructions, the same for both).

The cases: N of the 2,514 CCPD games in which a position occurs three times, each cut at
the ply where Fairy-Stockfish rules, taken evenly spread over the list as
benches/judge_cases.py takes them (the k-th of N is line k * 2514 // N), or the vectors.

    pip install ./python pyffish        (a venv)
    python benches/binding_instructions.py [--ccpd 200] [--vectors] [--qili-only]

Needs valgrind. The shared folder is QILI_SHARED, else ../shared beside the repository.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from judge_cases import VECTORS, shared_dir


def uci(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def load(shared, n, vectors):
    """The cases: (fen, UCI moves)."""
    import qili

    if vectors:
        cases = []
        for name in VECTORS:
            with open(os.path.join(shared, "vectors", name), encoding="utf-8") as f:
                cases += [json.loads(l) for l in f if l.strip()]
        return [(v["fen"], [uci(m) for m in v["moves"]]) for v in cases]
    with open(os.path.join(shared, "vectors", "ccpd-fairy-stockfish.jsonl"), encoding="utf-8") as f:
        threefold = [json.loads(l) for l in f if l.strip()]
    n = max(1, min(n, len(threefold)))
    cases = []
    for v in (threefold[k * len(threefold) // n] for k in range(n)):
        g = next(iter(qili.read_games(os.path.join(shared, v["file"]))))
        cases.append((g["fen"], [uci(m) for m in g["moves"][: v["ply"]]]))
    return cases


def child(side, calls, cases_file):
    """Run under valgrind: import both modules, read the cases, make the calls."""
    import pyffish

    import qili

    fn = {"qili": qili.is_optional_game_end, "pyffish": pyffish.is_optional_game_end}[side]
    with open(cases_file, encoding="utf-8") as f:
        cases = json.load(f)
    for fen, moves in cases:
        if calls:
            fn("xiangqi", fen, moves)


def instructions(side, calls, cases_file):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        r = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
             os.path.abspath(__file__), "--child", side, str(int(calls)), cases_file],
            capture_output=True, text=True, check=True)
    m = re.search(r"refs:\s+([\d,]+)", r.stderr)
    if not m:
        sys.exit(r.stderr)
    return int(m.group(1).replace(",", ""))


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3] == "1", sys.argv[4])
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--ccpd", type=int, default=200, help="CCPD threefold cases (1 to 2514)")
    ap.add_argument("--vectors", action="store_true", help="the vectors instead")
    ap.add_argument("--qili-only", action="store_true",
                    help="count qili alone (pyffish takes minutes under valgrind)")
    args = ap.parse_args()
    cases = load(shared_dir(), args.ccpd, args.vectors)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(cases, f)
        cases_file = f.name
    try:
        per = {}
        for side in ("qili",) if args.qili_only else ("qili", "pyffish"):
            base = instructions(side, False, cases_file)
            full = instructions(side, True, cases_file)
            per[side] = (full - base) / len(cases)
        what = "vectors" if args.vectors else "CCPD threefold"
        print(f"{what} ({len(cases)} cases): instructions per call")
        if "pyffish" in per:
            print(f"  pyffish {per['pyffish']:>12,.0f}")
        print(f"  qili    {per['qili']:>12,.0f}")
        if "pyffish" in per:
            print(f"  ratio   {per['pyffish'] / per['qili']:>12.1f}x")
    finally:
        os.unlink(cases_file)


if __name__ == "__main__":
    main()
