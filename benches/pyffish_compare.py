"""Fairy-Stockfish vs qili on the same repetition cases (run via pyffish_compare.sh).

(a) pyffish: one `is_optional_game_end("xiangqi", fen, moves)` call per case, in-process.
(b) qili: one `qili judge --cases FILE` process over the same cases (JSON Lines).
Both make ROUNDS passes over the case set, so process start-up does not dominate qili's figure.
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


def iccs_to_uci(m: str) -> str:
    """ICCS ranks are 0-9 from Red's back rank; pyffish's xiangqi UCI ranks are 1-10."""
    m = m.replace("-", "").lower()
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def load_cases(root: str) -> list[dict]:
    cases = []
    rel = os.path.join("vectors", "fairy-stockfish-xiangqi-chasing.jsonl")
    # $QILI_SHARED, else a shared/ beside the repository or one of its parents.
    bases = [os.environ.get("QILI_SHARED", "")] + [
        os.path.join(root, *[".."] * k, "shared") for k in (1, 2, 3)]
    vectors = next((os.path.join(b, rel) for b in bases
                    if b and os.path.exists(os.path.join(b, rel))), os.path.join("shared", rel))
    if os.path.exists(vectors):
        with open(vectors, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    v = json.loads(line)
                    cases.append({"id": v["id"], "fen": v["fen"], "moves": v["moves"],
                                  "rules": v.get("rules"), "repetitions": v.get("repetitions")})
    else:
        print(f"note: {vectors} absent, vectors skipped", file=sys.stderr)
    cdir = os.path.join(root, "corpus", "cases")
    if os.path.isdir(cdir):
        for name in sorted(os.listdir(cdir)):
            if name.endswith(".toml"):
                with open(os.path.join(cdir, name), "rb") as f:
                    c = tomllib.load(f)
                cases.append({"id": c["id"], "fen": c["fen"], "moves": c["moves"]})
    return cases


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--qili", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--rounds", type=int, default=200)
    args = ap.parse_args()
    cases = [{k: v for k, v in c.items() if v is not None} for c in load_cases(args.root)]
    if not cases:
        sys.exit("no cases found")
    n = len(cases) * args.rounds
    print(f"{len(cases)} cases x {args.rounds} rounds = {n} judgements")

    # (a) pyffish
    prepared = [(c["fen"], [iccs_to_uci(m) for m in c["moves"]]) for c in cases]
    for fen, moves in prepared:  # warm-up, and a check that pyffish accepts every case
        pyffish.is_optional_game_end("xiangqi", fen, moves)
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(args.rounds):
        for fen, moves in prepared:
            pyffish.is_optional_game_end("xiangqi", fen, moves)
    py_s, py_cpu = time.perf_counter() - t0, time.process_time() - c0

    # (b) qili, one process over the same judgements
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        for r in range(args.rounds):
            for c in cases:
                f.write(json.dumps({**c, "id": f"{c['id']}#{r}"}, ensure_ascii=False) + "\n")
        path = f.name
    try:
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        out = subprocess.run([args.qili, "judge", "--cases", path], capture_output=True, check=False)
        qili_s = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        qili_cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    finally:
        os.unlink(path)
    lines = out.stdout.decode("utf-8", "replace").splitlines()
    errors = sum(1 for l in lines if '"error"' in l)
    if len(lines) != n:
        sys.exit(f"qili wrote {len(lines)} lines for {n} cases (exit {out.returncode}): "
                 f"{out.stderr.decode('utf-8', 'replace')[:500]}")

    # CPU time is the figure to compare: wall time on a shared machine measures the load.
    print(f"{'':30}{'wall s':>9}{'cpu s':>9}{'cpu us/case':>13}")
    print(f"{'pyffish.is_optional_game_end':30}{py_s:9.3f}{py_cpu:9.3f}{py_cpu / n * 1e6:13.1f}")
    print(f"{'qili judge --cases':30}{qili_s:9.3f}{qili_cpu:9.3f}{qili_cpu / n * 1e6:13.1f}"
          f"   ({errors} error lines)")
    print(f"ratio pyffish/qili: {py_cpu / qili_cpu:.1f}x CPU time, {py_s / qili_s:.1f}x wall time")


if __name__ == "__main__":
    main()
