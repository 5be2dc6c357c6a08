#!/usr/bin/env bash
# Byte-identity of every output before and after the output seam (issue 36, point 4): the
# CLI (`qili judge --cases` with and without --explain, --lang en; `qili judge FILE` in
# text/json/html, zh/en, --detail; `qili audit` text/json/html) under cxa, cxa1999 and
# axf, and the server (`qili serve` before and after on two ports, the same requests: the
# `curl`s of docs/http-api.md and more of /judge and /audit), status and body.
#
#   bash benches/seam_identical.sh BEFORE_QILI [AFTER_QILI]
#
# BEFORE_QILI: the binary built before the change (e.g. `cp target/debug/qili
# /tmp/h-seam-base-qili` on the base commit); AFTER_QILI: default target/debug/qili.
# Timings (the audit's seconds and games per second) are masked. Reads the shared vectors
# from QILI_SHARED (default ../shared). Prints one line per difference and a count;
# exits 1 on any difference.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
before="${1:?usage: seam_identical.sh BEFORE_QILI [AFTER_QILI]}"
after="${2:-$root/target/debug/qili}"
shared="${QILI_SHARED:-$root/../shared}"
work="$(mktemp -d)"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    rm -rf "$work"
}
trap cleanup EXIT
cd "$root"
compared=0
differ=0

# Timings differ from run to run: masked.
mask() {
    sed -E 's/"seconds":[0-9.e+-]+/"seconds":_/g; s/"games_per_second":[0-9.e+-]+/"games_per_second":_/g; /^(秒|局\/秒|seconds|games\/s)/s/[0-9.]+/_/g; s/(秒|seconds|games\/s|局\/秒)(<\/dt><dd>|[^0-9<]*)[0-9.]+/\1\2_/g'
}

# Runs `qili ARGS…` with both binaries; compares stdout and exit code.
same() {
    local what="$*"
    "$before" "$@" 2>/dev/null | mask >"$work/b"
    local rb=${PIPESTATUS[0]}
    "$after" "$@" 2>/dev/null | mask >"$work/a"
    local ra=${PIPESTATUS[0]}
    compared=$((compared + 1))
    if [ "$rb" != "$ra" ] || ! cmp -s "$work/b" "$work/a"; then
        differ=$((differ + 1))
        echo "DIFFERS: qili $what (exit $rb / $ra)"
    fi
}

for rules in cxa cxa1999 axf; do
    # Batch answers.
    for f in "$shared"/vectors/*.jsonl "$root"/corpus/cases/*.jsonl; do
        [ -f "$f" ] || continue
        for extra in "" "--explain" "--lang en" "--explain --lang en" "--explain --jobs 2"; do
            # shellcheck disable=SC2086
            same judge --rules "$rules" --cases "$f" $extra
        done
    done
    # One judgement, every format.
    for f in "$root"/corpus/cases/*.toml "$root"/corpus/games/*; do
        for lang in zh en; do
            same judge --rules "$rules" --lang "$lang" "$f"
            same judge --rules "$rules" --lang "$lang" --detail --all-cycles "$f"
            same judge --rules "$rules" --lang "$lang" --format json "$f"
            same judge --rules "$rules" --lang "$lang" --format html "$f"
        done
    done
    same judge --rules "$rules" --fen startpos --moves "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9" --format html
    same judge --rules "$rules" --fen startpos --moves "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9" --format json
    # The audit.
    for lang in zh en; do
        same audit corpus --rules "$rules" --lang "$lang"
        same audit corpus --rules "$rules" --lang "$lang" --list --all-repetitions
    done
    same audit corpus --rules "$rules" --json
    same audit corpus --rules "$rules" --json --all-repetitions
    for who in before after; do
        bin=$before
        [ "$who" = after ] && bin=$after
        rm -rf "$work/html-$who"
        "$bin" audit corpus --rules "$rules" --html "$work/html-$who" >/dev/null 2>&1
    done
    compared=$((compared + 1))
    if ! diff -r <(cd "$work/html-before" && for f in $(find . -type f | sort); do echo "== $f"; mask <"$f"; done) \
        <(cd "$work/html-after" && for f in $(find . -type f | sort); do echo "== $f"; mask <"$f"; done) >/dev/null; then
        differ=$((differ + 1))
        echo "DIFFERS: qili audit corpus --rules $rules --html DIR"
    fi
done

# The server: before and after on two free ports.
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pb=$(port)
pa=$(port)
"$before" serve --addr "127.0.0.1:$pb" >/dev/null 2>&1 &
pids+=($!)
"$after" serve --addr "127.0.0.1:$pa" >/dev/null 2>&1 &
pids+=($!)
for p in $pb $pa; do
    for _ in $(seq 100); do
        curl -s "http://127.0.0.1:$p/health" >/dev/null && break
        sleep 0.1
    done
done

# Sends the same request (curl arguments, URL path last) to both servers.
ask() {
    local path="${*: -1}"
    local args=("${@:1:$#-1}")
    curl -s -o "$work/b" -w '%{http_code} %{content_type}' "${args[@]}" "http://127.0.0.1:$pb$path" >"$work/sb"
    curl -s -o "$work/a" -w '%{http_code} %{content_type}' "${args[@]}" "http://127.0.0.1:$pa$path" >"$work/sa"
    mask <"$work/b" >"$work/bm"
    mask <"$work/a" >"$work/am"
    compared=$((compared + 1))
    if ! cmp -s "$work/sb" "$work/sa" || ! cmp -s "$work/bm" "$work/am"; then
        differ=$((differ + 1))
        echo "DIFFERS: ${args[*]} $path ($(cat "$work/sb") / $(cat "$work/sa"))"
    fi
}

# The curls of docs/http-api.md.
grep -E '^ *curl -s ' docs/http-api.md | sed -E 's/^ *curl -s //' >"$work/curls"
while IFS= read -r line; do
    eval "words=($line)"
    url=""
    rest=()
    for w in "${words[@]}"; do
        case "$w" in
        http://127.0.0.1:8080*) url="${w#http://127.0.0.1:8080}" ;;
        @*) rest+=("${w:0:1}$root/${w:1}") ;;
        *) rest+=("$w") ;;
        esac
    done
    ask "${rest[@]}" "$url"
done <"$work/curls"

# More of /judge: every line of the vectors and the corpus batches, verdict and
# explained, JSON and HTML (the first 40 lines of each file), and bad requests.
for f in "$shared"/vectors/*.jsonl "$root"/corpus/cases/*.jsonl; do
    [ -f "$f" ] || continue
    head -n 40 "$f" | while IFS= read -r line; do
        [ -n "${line// /}" ] || continue
        for q in "" "?explain=true" "?format=html"; do
            ask -d "$line" "/judge$q"
        done
    done
done
# The one answer that changes: a case with no `fen` (the server no longer writes the case
# as a line for the batch reader, whose error named a column of that line, which the
# client never sent). The answer must be the old one without that column.
for q in "" "?explain=true"; do
    for p in $pb $pa; do
        curl -s "http://127.0.0.1:$p/judge$q" -d '{"id": 7, "moves": "h0g2"}' >"$work/$p"
    done
    compared=$((compared + 1))
    if [ "$(sed -E 's/ at line 1 column [0-9]+//' "$work/$pb")" != "$(cat "$work/$pa")" ]; then
        differ=$((differ + 1))
        echo "DIFFERS: /judge$q with no fen: $(cat "$work/$pb") / $(cat "$work/$pa")"
    fi
done
for body in '{"id": 7, "fen": "startpos"}' '{"id": {"b": 1, "a": [1, 2.50]}, "fen": "startpos", "moves": ["h0g2"]}' \
    '{"fen": "startpos", "rules": "xyz"}' '{"fen": "startpos", "repetitions": 1}' \
    '{"id": 18446744073709551615, "fen": "bad"}' '{"fen": "startpos", "moves": "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9", "rules": "axf", "repetitions": 2}' \
    '{"id": "e", "fen": "startpos", "moves": ["h0g2", "e9e8"]}' '{"fen": "startpos", "extra": 1}' '[1]' 'x'; do
    for q in "" "?explain=true" "?format=html"; do
        ask -d "$body" "/judge$q"
    done
done
# More of /audit: every corpus game file, both scopes, each rule set, and a bad file.
for f in "$root"/corpus/games/* "$root"/corpus/cases/*.toml; do
    name=$(basename "$f")
    for rules in cxa cxa1999 axf; do
        ask --data-binary "@$f" "/audit?name=$name&rules=$rules"
        ask --data-binary "@$f" "/audit?name=$name&rules=$rules&all_repetitions=true"
    done
done
ask --data-binary 'not a record' "/audit?name=x.pgn"

echo "compared: $compared; differing: $differ"
[ "$differ" -eq 0 ]
