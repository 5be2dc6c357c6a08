#!/usr/bin/env bash
# The hostile-input table of issue 14: each hostile input, the command, its exit code, wall
# time and peak RSS (GNU time), and the first line it printed on standard error (or the
# error kinds of the audit JSON). Builds qili and the long-game generator in release mode;
# every input is made in a temporary folder.
#
#   bash benches/hostile_table.sh [SHARED]     (SHARED: ../shared by default, for the CBL sample)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${1:-$root/../shared}"
cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin qili --example capture_free_walk
qili="$root/target/release/qili"
walk="$root/target/release/examples/capture_free_walk"
t="$(mktemp -d /tmp/qili-hostile-table.XXXXXX)"
trap 'rm -rf "$t"' EXIT
cd "$t"
good='[Event "good"]
[Result "1-0"]

1. h2e2 h9g7 2. h0g2 i9h9 1-0'
printf '%s\n' "$good" > good.pgn
# n plies of both sides' horses going out and back, as a UCCI line.
shuffle() { python3 -c "import sys; c=['h0g2','h9g7','g2h0','g7h9']; n=int(sys.argv[1]); print('position startpos moves ' + ' '.join(c[i%4] for i in range(n)))" "$1"; }

"$walk" 30000 > long30k.ucci 2>/dev/null
mkdir -p longdir && cp long30k.ucci longdir/a-long.ucci && printf 'h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9\n' > longdir/b-short.iccs
python3 - <<'PY'
import json
line = open("long30k.ucci").read().split()
fen = " ".join(line[2:8]); moves = line[9:]
with open("cases.jsonl", "w") as f:
    f.write(json.dumps({"id": 1, "fen": fen, "moves": moves}) + "\n")
    f.write(json.dumps({"id": 2, "fen": "startpos", "moves": ["h0g2","h9g7","g2h0","g7h9"] * 2}) + "\n")
    f.write(json.dumps({"id": 9007199254740993, "fen": "startpos", "moves": ["h2e2"]}) + "\n")
PY
shuffle 200000 > long200k.ucci
shuffle 1000000 > long1m.ucci
mkdir -p fifodir && mkfifo fifo.pgn fifodir/f.pgn && cp good.pgn fifodir/
ln -s /dev/zero zero.pgn
mkdir -p loop && cp good.pgn loop/ && ln -s . loop/self1 && ln -s . loop/self2
mkdir -p up/sub && cp good.pgn up/ && ln -s .. up/sub/parent
: > empty.pgn
head -c 100000 /dev/zero > nul.pgn
printf '[Event "u"]\n[Format "ICCS"]\n\n1. h2e2 h9g7 (1... b9c7 2. h0g2\n2. h0g2 1-0\n' > unclosed.pgn
python3 -c "print('[Event \"f\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1 ' + 'x'*70000 + '\"]\n\n1. d0e1 1-0')" > bigfen.pgn
printf '[DhtmlXQ]\n[DhtmlXQ_title]t[/DhtmlXQ_title]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n' > cut.dhtmlxq
cbl="$shared/games/cchess-formats/data/1956年全国象棋锦标赛93局.CBL"
[ -f "$cbl" ] && head -c 300000 "$cbl" > cut.cbl
# PGN files just under and just over 16 MiB (many copies of one game).
python3 - <<'PY'
g = open("good.pgn").read() + "\n"
for name, size in (("under16m.pgn", (16 << 20) - 4096), ("over16m.pgn", (16 << 20) + 4096)):
    with open(name, "w") as f:
        f.write(g * (size // len(g)))
PY

cat > said.py <<'PY'
# What a run said, in one cell: the audit JSON's failed items and warnings and its summary,
# the ids and rulings of --cases answers, or the first line of standard error.
import json, sys
out, err = open(sys.argv[1], errors="replace").read(), open(sys.argv[2], errors="replace").read()
lines = [json.loads(l) for l in out.splitlines() if l.startswith("{") and l.endswith("}")]
said = []
if any(d.get("type") == "summary" for d in lines):
    for d in lines:
        g = d["data"]
        if d["type"] == "game" and g.get("error"):
            said.append(f"{g['error']['kind']}: {g['error']['message']}")
        elif d["type"] == "game":
            said += [f"warning {w['kind']}: {w['message']}" for w in g.get("warnings", [])]
        elif d["type"] == "summary":
            said.append(f"games read {g['games_read']}, failed {g['games_failed']}, paths skipped {g['paths_skipped']}")
    said = said[:2] + ([f"… {len(said) - 3} more"] if len(said) > 3 else []) + said[-1:] if len(said) > 3 else said
elif lines and "id" in lines[0]:
    for d in lines:
        r = d.get("ruling") or {}
        said.append(f"id {d['id']}: " + (f"error: {d['error'][:60]}" if "error" in d else f"{r.get('result')} ({r.get('status')})"))
elif err.strip():
    said.append(next(l for l in err.splitlines() if l.strip()))
elif out.lstrip().startswith(("{", "[")):
    said.append(f"{len(out):,} bytes of JSON")
else:
    text = [l for l in out.splitlines() if l.strip()]
    said += [l for l in text if "skipped" in l or "跳过" in l][:1] or text[:1]
cell = " · ".join(said).replace("|", "\\|")
print(cell[:260] + ("…" if len(cell) > 260 else ""))
PY
echo "| input | command | exit | time (s) | peak RSS (MB) | what it says |"
echo "|---|---|---|---|---|---|"
row() {
    local label="$1"; shift
    /usr/bin/time -f '%e %M' -o time.txt timeout 300 "$qili" "$@" > out.txt 2> err.txt
    local rc=$?
    read -r secs kb < <(tail -n 1 time.txt)
    local said
    said="$(python3 "$t/said.py" out.txt err.txt)"
    echo "| $label | \`qili $*\` | $rc | $secs | $((kb / 1024)) | ${said} |"
}
row "30,000-ply capture-free walk" judge long30k.ucci
row "same, beside a short game" audit --json --jobs 1 longdir
row "same, first of three cases" judge --cases cases.jsonl
row "200,000-ply loop" judge long200k.ucci
row "1,000,000-ply loop" label --format json long1m.ucci
row "same" audit --json long1m.ucci
row "FIFO named .pgn" audit fifo.pgn
row "FIFO in a folder" audit --json fifodir
row "FIFO" convert --to json fifo.pgn
row ".pgn link to /dev/zero" audit zero.pgn
row "same" convert --to json zero.pgn
row "two links to the folder itself" audit --json loop
row "a link to the parent" audit --json up
row "missing path beside a good one" audit --json good.pgn missing.pgn
row "same" convert --to json good.pgn missing.pgn
[ -f cut.cbl ] && row "CBL library cut at 300,000 B" audit --json cut.cbl
row "empty .pgn" audit --json empty.pgn
row "100 KB of NUL bytes" audit --json nul.pgn
row "unclosed variation" audit --json unclosed.pgn
row "70 KB [FEN] tag" audit --json bigfen.pgn
row "DhtmlXQ without its end" audit --json cut.dhtmlxq
row "PGN 16 MiB − 4 KiB" audit --json under16m.pgn
row "PGN 16 MiB + 4 KiB" audit --json over16m.pgn
row "--jobs 100000" audit --jobs 100000 good.pgn
