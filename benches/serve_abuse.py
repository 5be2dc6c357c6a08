#!/usr/bin/env python3
"""Abuse figures of `qili serve` (issue 37): what an attacker on the same network can do.

    python3 benches/serve_abuse.py QILI_BINARY [--label NAME] [--seconds S]

Starts `QILI_BINARY serve` under `ulimit -n 1024` (the common limit; --nofile N to change) on a loopback port and
runs, one after the other:

  idle      2,000 connections that send nothing, held S seconds
  slowloris 500 connections sending one header byte every 2 s, for S seconds
  hangup    8 heavy /label requests (mate_depth 8) whose clients hang up after 0.5 s,
            then 8 hung-up 16 MiB /audit uploads; the server's CPU in the S seconds after
  uploads   200 uploads declaring 16 MiB that send 1 MiB and stall, held S seconds
  judge     throughput of a trivial /judge on 4 keep-alive connections for S seconds

Throughout, a probe asks GET /health and a trivial POST /judge every 0.25 s (from
127.0.0.1; the attackers connect from 127.0.0.2) and counts the answers not given within
1 s; the server's peak RSS is sampled every 0.1 s. Prints one table row per phase, and
whether the server is still alive at the end. A benchmark, not a test: compare the rows
of two binaries (before / after) run on the same machine.
"""

import argparse
import http.client
import os
import resource
import socket
import subprocess
import sys
import threading
import time

TRIVIAL = b'{"fen": "startpos", "moves": ["h2e2"]}'
HEAVY = (
    b'{"fen": "2bakab2/9/9/9/9/9/9/9/3NCNC2/R3K3R w - - 0 1", "mate_depth": 8, "moves": "'
    b"a0a1 g9i7 a1a2 i7g9 a2a3 g9i7 a3a4 i7g9 a4a5 g9i7 a5a6 i7g9 a6a7 g9i7 a7a8 i7g9 a8a7 g9i7 a7a6 i7g9 a6a5 g9i7 a5a4 i7g9 a4a3 g9i7 a3a2 i7g9 a2a1 g9i7 a1a0 i7g9 i0i1 c9a7 i1i2 a7c9 i2i3 c9a7 i3i4 a7c9 i4i5 c9a7 i5i6 a7c9 i6i7 c9a7 i7i8 a7c9 i8i7 c9a7 i7i6 a7c9 i6i5 c9a7 i5i4 a7c9 i4i3 c9a7 i3i2 a7c9 i2i1 c9a7 i1i0 a7c9"
    b'"}'
)
ATTACKER = "127.0.0.2"


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return 0
    return 0


def cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


class Watch:
    """The probe and the RSS sampler, counting per phase."""

    def __init__(self, addr, pid):
        self.addr, self.pid = addr, pid
        self.stop = False
        self.reset()
        threading.Thread(target=self.probe, daemon=True).start()
        threading.Thread(target=self.sample, daemon=True).start()

    def reset(self):
        self.asked = {"health": 0, "judge": 0}
        self.late = {"health": 0, "judge": 0}
        self.peak = 0

    def ask(self, kind):
        host, port = self.addr
        try:
            c = http.client.HTTPConnection(host, port, timeout=1.0)
            if kind == "health":
                c.request("GET", "/health")
            else:
                c.request("POST", "/judge", body=TRIVIAL)
            r = c.getresponse()
            r.read()
            c.close()
            return r.status == 200
        except (OSError, http.client.HTTPException):
            return False

    def probe(self):
        while not self.stop:
            for kind in ("health", "judge"):
                start = time.monotonic()
                ok = self.ask(kind)
                self.asked[kind] += 1
                if not ok or time.monotonic() - start > 1.0:
                    self.late[kind] += 1
            time.sleep(0.25)

    def sample(self):
        while not self.stop:
            self.peak = max(self.peak, rss_kib(self.pid))
            time.sleep(0.1)


def attacker_socket(addr, timeout=5.0):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((ATTACKER, 0))
    s.connect(addr)
    return s


def open_many(addr, n, first=b""):
    socks = []
    for _ in range(n):
        try:
            s = attacker_socket(addr, timeout=2.0)
            if first:
                s.sendall(first)
            socks.append(s)
        except OSError:
            pass
    return socks


def close_all(socks):
    for s in socks:
        try:
            s.close()
        except OSError:
            pass


def phase_idle(addr, secs):
    socks = open_many(addr, 2000)
    opened = len(socks)
    time.sleep(secs)
    still = sum(1 for s in socks if alive(s))
    close_all(socks)
    return f"opened {opened}, open after {secs} s: {still}"


def alive(s):
    """Whether the server has not closed `s` (no EOF, no reset)."""
    try:
        s.setblocking(False)
        data = s.recv(1, socket.MSG_PEEK)
        return data != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def phase_slowloris(addr, secs):
    host = f"{addr[0]}:{addr[1]}"
    socks = open_many(addr, 500, f"POST /judge HTTP/1.1\r\nHost: {host}\r\nX-a: ".encode())
    opened = len(socks)
    end = time.monotonic() + secs
    while time.monotonic() < end:
        for s in socks:
            try:
                s.send(b"a")
            except OSError:
                pass
        time.sleep(2.0)
    still = sum(1 for s in socks if alive(s))
    close_all(socks)
    return f"opened {opened}, open after {secs} s: {still}"


def phase_hangup(addr, pid, secs):
    host = f"{addr[0]}:{addr[1]}"
    socks = []
    for _ in range(8):
        try:
            s = attacker_socket(addr)
            s.sendall(
                f"POST /label HTTP/1.1\r\nHost: {host}\r\nContent-Length: {len(HEAVY)}\r\n\r\n".encode()
                + HEAVY
            )
            socks.append(s)
        except OSError:
            pass
    big = b"[Event \"x\"]\n1. h2e2 h9g7 *\n\n" * (16 * 1024 * 1024 // 30)
    big = big[: 16 * 1024 * 1024 - 1024]
    for _ in range(8):
        try:
            s = attacker_socket(addr, timeout=30)
            s.sendall(
                f"POST /audit?name=a.pgn HTTP/1.1\r\nHost: {host}\r\nContent-Length: {len(big)}\r\n\r\n".encode()
            )
            s.sendall(big)
            socks.append(s)
        except OSError:
            pass
    time.sleep(0.5)
    close_all(socks)
    before = cpu_seconds(pid)
    time.sleep(secs)
    return f"CPU in the {secs} s after the hang-ups: {cpu_seconds(pid) - before:.1f} s"


def phase_uploads(addr, pid, secs):
    host = f"{addr[0]}:{addr[1]}"
    head = f"POST /audit?name=a.pgn HTTP/1.1\r\nHost: {host}\r\nContent-Length: {16 * 1024 * 1024}\r\n\r\n".encode()
    chunk = b"[Event \"x\"]\n1. h2e2 h9g7 *\n\n" * (1024 * 1024 // 30)
    socks = []
    for _ in range(200):
        try:
            s = attacker_socket(addr, timeout=0.5)
            s.sendall(head)
            try:
                s.sendall(chunk)
            except OSError:
                pass  # refused (503) or closed before the chunk was taken
            socks.append(s)
        except OSError:
            pass
    time.sleep(secs)
    close_all(socks)
    time.sleep(2)
    return f"held {len(socks)}; RSS 2 s after they closed: {rss_kib(pid) // 1024} MiB"


def phase_judge(addr, pid, secs):
    done = [0]
    lock = threading.Lock()
    end = time.monotonic() + secs

    def worker():
        c = http.client.HTTPConnection(addr[0], addr[1], timeout=5)
        n = 0
        while time.monotonic() < end:
            try:
                c.request("POST", "/judge", body=TRIVIAL)
                r = c.getresponse()
                r.read()
                if r.status == 200:
                    n += 1
            except (OSError, http.client.HTTPException):
                c = http.client.HTTPConnection(addr[0], addr[1], timeout=5)
        with lock:
            done[0] += n

    before = cpu_seconds(pid)
    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    cpu = cpu_seconds(pid) - before
    return f"{done[0] / secs:.0f} req/s; {done[0] / max(cpu, 1e-9):.0f} req per server CPU-second"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("qili")
    ap.add_argument("--label", default="")
    ap.add_argument("--seconds", type=int, default=15)
    ap.add_argument("--nofile", type=int, default=1024, help="the server's descriptor limit")
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    server = subprocess.Popen(
        ["sh", "-c", f'ulimit -n {args.nofile} && exec "$0" serve --addr 127.0.0.1:0', args.qili],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    line = server.stdout.readline().decode()
    url = next(w for w in line.split() if w.startswith("http://"))
    host, port = url[len("http://"):].split(":")
    addr = (host, int(port))
    watch = Watch(addr, server.pid)
    secs = args.seconds
    phases = [
        ("idle", lambda: phase_idle(addr, secs)),
        ("slowloris", lambda: phase_slowloris(addr, secs)),
        ("hangup", lambda: phase_hangup(addr, server.pid, secs)),
        ("uploads", lambda: phase_uploads(addr, server.pid, secs)),
        ("judge", lambda: phase_judge(addr, server.pid, secs)),
    ]
    print(f"# {args.label} {args.qili} (ulimit -n {args.nofile}): phase | /health late | /judge late | peak RSS MiB | what")
    for name, run in phases:
        if server.poll() is not None:
            print(f"{name} | - | - | - | the server is gone (exit {server.returncode})")
            continue
        watch.reset()
        what = run()
        print(
            f"{name} | {watch.late['health']}/{watch.asked['health']} | "
            f"{watch.late['judge']}/{watch.asked['judge']} | {watch.peak // 1024} | {what}",
            flush=True,
        )
    watch.stop = True
    alive_at_end = server.poll() is None
    print(f"# server alive at the end: {alive_at_end}" + ("" if alive_at_end else f" (exit {server.returncode})"))
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
