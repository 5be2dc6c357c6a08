//! `qili serve` under abuse (issue 37): the real binary on a loopback port, a raw TCP client.
//! An accept error does not end the server; idle, slow and half-sent requests are closed or
//! refused after their timeouts; connections are capped; a heavy request stops at its work
//! budget and a client that hangs up stops its analysis; uploads count against a budget;
//! foreign Host and Origin are refused; HTML answers carry a CSP; `Expect: 100-continue`
//! with an oversized length gets 413; `/judge` refuses unknown fields and bounds its HTML
//! answer as its JSON one. Every wait is bounded.

#[path = "support/server.rs"]
mod server;

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use server::{Server, QILI};

/// A line of 64 plies through positions with many checks and no quick mate: labelling it
/// with mate searches at depth 8 costs seconds (about 6 s of CPU in the test profile), far
/// more than the budgets of these tests.
const HEAVY: &str = concat!(
    r#"{"fen": "2bakab2/9/9/9/9/9/9/9/3NCNC2/R3K3R w - - 0 1", "mate_depth": 8, "moves": ""#,
    "a0a1 g9i7 a1a2 i7g9 a2a3 g9i7 a3a4 i7g9 a4a5 g9i7 a5a6 i7g9 a6a7 g9i7 a7a8 i7g9 a8a7 g9i7 a7a6 i7g9 a6a5 g9i7 a5a4 i7g9 a4a3 g9i7 a3a2 i7g9 a2a1 g9i7 a1a0 ",
    "i7g9 i0i1 c9a7 i1i2 a7c9 i2i3 c9a7 i3i4 a7c9 i4i5 c9a7 i5i6 a7c9 i6i7 c9a7 i7i8 a7c9 i8i7 c9a7 i7i6 a7c9 i6i5 c9a7 i5i4 a7c9 i4i3 c9a7 i3i2 a7c9 i2i1 c9a7 i1i0 a7c9",
    r#""}"#
);

/// Opens a connection and sends `bytes` (no wait for an answer).
fn open(addr: SocketAddr, bytes: &[u8]) -> TcpStream {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(bytes).unwrap();
    s
}

/// What the server sent on `s` within `wait`, and whether it closed the connection.
fn read_for(s: &mut TcpStream, wait: Duration) -> (Vec<u8>, bool) {
    let end = Instant::now() + wait;
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let left = end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return (got, false);
        }
        s.set_read_timeout(Some(left)).unwrap();
        match s.read(&mut buf) {
            Ok(0) => return (got, true),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return (got, false)
            }
            // Reset by the server: closed too.
            Err(_) => return (got, true),
        }
    }
}

fn status(raw: &[u8]) -> u16 {
    String::from_utf8_lossy(raw)
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

fn text(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw).into_owned()
}

/// A whole request with the given extra header lines, answered within `wait`.
fn exchange(addr: SocketAddr, head: &str, body: &[u8], wait: Duration) -> Vec<u8> {
    let mut req = head.replace("{addr}", &addr.to_string()).into_bytes();
    req.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
    req.extend_from_slice(body);
    let mut s = open(addr, &req);
    let (got, _) = read_for(&mut s, wait);
    got
}

#[cfg(unix)]
#[test]
fn an_accept_error_does_not_end_the_server() {
    // Few file descriptors: the connections below make accept() fail (EMFILE).
    let mut child = Command::new("sh")
        .args([
            "-c",
            r#"ulimit -n 48 && exec "$0" serve --addr 127.0.0.1:0"#,
            QILI,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: SocketAddr = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap_or_else(|| panic!("{line:?}"))
        .parse()
        .unwrap();
    struct Kill(Child);
    impl Drop for Kill {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut child = Kill(child);
    let held: Vec<TcpStream> = (0..120)
        .filter_map(|_| TcpStream::connect(addr).ok())
        .collect();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        child.0.try_wait().unwrap().is_none(),
        "the server exited with {:?} when accept() failed",
        child.0.try_wait()
    );
    drop(held);
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        let r = exchange(
            addr,
            "GET /health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n",
            b"",
            Duration::from_secs(3),
        );
        if status(&r) == 200 {
            break;
        }
        assert!(
            Instant::now() < end,
            "no answer after the connections closed"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(child.0.try_wait().unwrap().is_none());
}

#[test]
fn idle_and_slow_connections_are_closed_after_the_header_timeout() {
    let s = Server::start(&["--header-timeout", "1"]);
    let started = Instant::now();
    let mut idle = open(s.addr, b"");
    // Half a request line, then a byte now and then (slowloris).
    let mut slow = open(s.addr, b"POST /judge HTTP/1.1\r\nHost: ");
    let mut closed_slow = false;
    for _ in 0..20 {
        if slow.write_all(b"x").is_err() {
            closed_slow = true;
            break;
        }
        let (_, closed) = read_for(&mut slow, Duration::from_millis(250));
        if closed {
            closed_slow = true;
            break;
        }
    }
    assert!(
        closed_slow,
        "a request trickling its headers is still open after 5 s"
    );
    let (_, closed) = read_for(&mut idle, Duration::from_secs(4));
    assert!(closed, "an idle connection is still open");
    assert!(started.elapsed() < Duration::from_secs(10));
    // A kept-alive connection waiting for its next request is closed the same way.
    let mut kept = open(
        s.addr,
        format!("GET /health HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr).as_bytes(),
    );
    let (got, closed) = read_for(&mut kept, Duration::from_secs(5));
    assert_eq!(status(&got), 200, "{}", text(&got));
    assert!(closed, "a kept-alive idle connection is still open");
}

#[test]
fn a_body_not_sent_in_time_gets_408() {
    let s = Server::start(&["--body-timeout", "1"]);
    let mut c = open(
        s.addr,
        format!(
            "POST /judge HTTP/1.1\r\nHost: {}\r\nContent-Length: 100\r\n\r\n{{\"fen\": ",
            s.addr
        )
        .as_bytes(),
    );
    let (got, _) = read_for(&mut c, Duration::from_secs(5));
    assert_eq!(status(&got), 408, "{}", text(&got));
    assert!(
        text(&got).contains("not received within 1 s"),
        "{}",
        text(&got)
    );
}

#[test]
fn connections_are_capped_per_client() {
    let s = Server::start(&["--max-connections-per-client", "4"]);
    let held: Vec<TcpStream> = (0..4).map(|_| open(s.addr, b"")).collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut fifth = open(
        s.addr,
        format!("GET /health HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr).as_bytes(),
    );
    let (got, closed) = read_for(&mut fifth, Duration::from_secs(3));
    assert!(closed && got.is_empty(), "{}", text(&got));
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(s.get("/health").status, 200);
}

#[test]
fn connections_are_capped_in_total() {
    let s = Server::start(&["--max-connections", "3"]);
    let held: Vec<TcpStream> = (0..3).map(|_| open(s.addr, b"")).collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut more = open(s.addr, b"");
    let (_, closed) = read_for(&mut more, Duration::from_secs(3));
    assert!(closed, "a connection past the cap is open");
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(s.get("/health").status, 200);
}

#[test]
fn a_heavy_label_stops_at_its_budget() {
    let s = Server::start(&[]);
    let started = Instant::now();
    let r = exchange(
        s.addr,
        "POST /label?budget_ms=300 HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n",
        HEAVY.as_bytes(),
        Duration::from_secs(30),
    );
    assert_eq!(status(&r), 503, "{}", text(&r));
    assert!(text(&r).contains("budget of 300 ms"), "{}", text(&r));
    assert!(started.elapsed() < Duration::from_secs(10));
    // The server's own budget bounds a request that asks for more.
    let s = Server::start(&["--budget-ms", "300"]);
    let r = exchange(
        s.addr,
        "POST /label?budget_ms=100000 HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n",
        HEAVY.as_bytes(),
        Duration::from_secs(30),
    );
    assert_eq!(status(&r), 503, "{}", text(&r));
    let h = s.get("/health").json();
    assert_eq!(h["limits"]["budget_ms"], 300, "{h}");
}

#[test]
fn a_busy_slot_makes_a_request_wait_only_within_its_budget() {
    // The heavy request costs over a second of CPU; its budget stops it at 600 ms.
    let s = Server::start(&["--max-analyses", "1", "--budget-ms", "600"]);
    let addr = s.addr;
    let heavy = std::thread::spawn(move || {
        exchange(
            addr,
            "POST /label HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n",
            HEAVY.as_bytes(),
            Duration::from_secs(30),
        )
    });
    // Until the heavy request holds the one slot (on a loaded machine it may take a while
    // to be read), a trivial request still gets it: ask again, a bounded number of times.
    let mut tries = 0;
    let (r, waited) = loop {
        std::thread::sleep(Duration::from_millis(20));
        let started = Instant::now();
        let r = exchange(
            addr,
            "POST /judge?budget_ms=150 HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n",
            br#"{"fen": "startpos", "moves": ["h2e2"]}"#,
            Duration::from_secs(30),
        );
        tries += 1;
        if status(&r) != 200 || tries == 100 {
            break (r, started.elapsed());
        }
    };
    assert_eq!(status(&r), 503, "{}", text(&r));
    assert!(text(&r).contains("slot"), "{}", text(&r));
    assert!(waited < Duration::from_secs(3), "{waited:?}");
    assert_eq!(status(&heavy.join().unwrap()), 503);
    // The slot is free again once the heavy analysis stopped.
    let r = s.post("/judge", br#"{"fen": "startpos", "moves": ["h2e2"]}"#);
    assert_eq!(r.status, 200, "{}", r.text());
}

/// CPU seconds (user + system) of process `pid`.
#[cfg(target_os = "linux")]
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

#[cfg(target_os = "linux")]
#[test]
fn a_client_that_hangs_up_stops_its_analysis() {
    let s = Server::start(&[]);
    let pid = s.pid();
    let clients: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut req = format!(
                "POST /label HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
                s.addr,
                HEAVY.len()
            )
            .into_bytes();
            req.extend_from_slice(HEAVY.as_bytes());
            open(s.addr, &req)
        })
        .collect();
    std::thread::sleep(Duration::from_millis(800));
    let busy = cpu_seconds(pid);
    drop(clients);
    // The analyses see their flag within a few hundred nodes: the server is idle soon.
    std::thread::sleep(Duration::from_millis(1000));
    let before = cpu_seconds(pid);
    std::thread::sleep(Duration::from_millis(2000));
    let spent = cpu_seconds(pid) - before;
    assert!(busy > 0.2, "the heavy requests did not run ({busy} s)");
    assert!(
        spent < 0.3,
        "the server spent {spent} s of CPU in 2 s after its clients hung up"
    );
}

#[test]
fn uploads_count_against_the_upload_budget() {
    let s = Server::start(&["--upload-budget", "1000000"]);
    // A first upload declares 950 kB, sends 900 kB and stalls.
    let mut head = format!(
        "POST /audit?name=a.pgn HTTP/1.1\r\nHost: {}\r\nContent-Length: 950000\r\n\r\n",
        s.addr
    )
    .into_bytes();
    head.extend(std::iter::repeat_n(b' ', 900_000));
    let first = open(s.addr, &head);
    std::thread::sleep(Duration::from_millis(500));
    let r = exchange(
        s.addr,
        "POST /audit?name=b.pgn HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n",
        &vec![b' '; 200_000],
        Duration::from_secs(5),
    );
    assert_eq!(status(&r), 503, "{}", text(&r));
    assert!(text(&r).contains("upload budget"), "{}", text(&r));
    // Small requests are not counted: they go through.
    assert_eq!(s.post("/judge", br#"{"fen": "startpos"}"#).status, 200);
    // Once the first upload is gone, big ones go through again.
    let _ = first.shutdown(std::net::Shutdown::Both);
    drop(first);
    std::thread::sleep(Duration::from_millis(500));
    let r = s.post("/audit?name=b.pgn", &vec![b' '; 200_000]);
    assert_ne!(r.status, 503, "{}", r.text());
}

#[test]
fn expect_continue_with_an_oversized_length_gets_413_at_once() {
    let s = Server::start(&[]);
    let mut c = open(
        s.addr,
        format!(
            "POST /audit HTTP/1.1\r\nHost: {}\r\nContent-Length: 500000000\r\nExpect: 100-continue\r\n\r\n",
            s.addr
        )
        .as_bytes(),
    );
    let (got, _) = read_for(&mut c, Duration::from_secs(3));
    assert_eq!(status(&got), 413, "{}", text(&got));
    assert!(!text(&got).contains("100 Continue"), "{}", text(&got));
}

#[test]
fn a_foreign_host_gets_421() {
    let s = Server::start(&["--allow-host", "qili.local"]);
    for host in [
        "evil.example",
        "evil.example:8080",
        "127.0.0.1.evil.example",
    ] {
        let r = exchange(
            s.addr,
            &format!("GET /health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"),
            b"",
            Duration::from_secs(5),
        );
        assert_eq!(status(&r), 421, "{host}: {}", text(&r));
    }
    for host in [
        "localhost:1",
        "{addr}",
        "qili.local:8080",
        "192.168.1.20:8080",
    ] {
        let r = exchange(
            s.addr,
            &format!("GET /health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"),
            b"",
            Duration::from_secs(5),
        );
        assert_eq!(status(&r), 200, "{host}: {}", text(&r));
    }
}

#[test]
fn a_post_from_another_origin_gets_403() {
    let s = Server::start(&[]);
    let body = br#"{"fen": "startpos", "moves": ["h2e2"]}"#;
    let foreign = exchange(
        s.addr,
        "POST /judge HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\nContent-Type: text/plain\r\nConnection: close\r\n",
        body,
        Duration::from_secs(5),
    );
    assert_eq!(status(&foreign), 403, "{}", text(&foreign));
    let null = exchange(
        s.addr,
        "POST /judge HTTP/1.1\r\nHost: {addr}\r\nOrigin: null\r\nConnection: close\r\n",
        body,
        Duration::from_secs(5),
    );
    assert_eq!(status(&null), 403, "{}", text(&null));
    let own = exchange(
        s.addr,
        "POST /judge HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nConnection: close\r\n",
        body,
        Duration::from_secs(5),
    );
    assert_eq!(status(&own), 200, "{}", text(&own));
}

#[test]
fn html_answers_carry_a_csp_and_every_answer_nosniff() {
    let s = Server::start(&[]);
    let r = s.post(
        "/judge?format=html",
        br#"{"fen": "startpos", "moves": ["h2e2"]}"#,
    );
    assert_eq!(r.status, 200);
    let csp = r.header("content-security-policy").unwrap_or_default();
    assert!(csp.contains("default-src 'none'"), "{:?}", r.headers);
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    let h = s.get("/health");
    assert_eq!(h.header("x-content-type-options"), Some("nosniff"));
}

#[test]
fn judge_refuses_unknown_fields() {
    let s = Server::start(&[]);
    let r = s.post(
        "/judge",
        br#"{"fen": "startpos", "moves": ["h2e2"], "repetiton": 2}"#,
    );
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.error().contains("repetiton"), "{}", r.error());
}

#[test]
fn judge_as_html_is_bounded_as_json() {
    let s = Server::start(&[]);
    let cycle = ["\"h0g2\"", "\"h9g7\"", "\"g2h0\"", "\"g7h9\""];
    let moves: Vec<&str> = cycle.iter().cycle().take(100_004).copied().collect();
    let body = format!(r#"{{"fen": "startpos", "moves": [{}]}}"#, moves.join(","));
    assert!(body.len() < 1 << 20);
    let json = s.post("/judge", body.as_bytes());
    assert_eq!(json.status, 422, "{}", json.text());
    let html = s.post("/judge?format=html", body.as_bytes());
    assert_eq!(html.status, 422, "{}", html.text());
    assert!(html.error().contains("100000"), "{}", html.error());
}

#[test]
fn health_lists_every_limit() {
    let s = Server::start(&[]);
    let h = s.get("/health").json();
    for key in [
        "json_body",
        "record_body",
        "upload_budget",
        "audit_answer",
        "label_plies",
        "mate_depth",
        "concurrent",
        "connections",
        "connections_per_client",
        "header_timeout_ms",
        "body_timeout_ms",
        "budget_ms",
    ] {
        assert!(h["limits"].get(key).is_some(), "{key}: {h}");
    }
    assert_eq!(h["limits"]["connections"], 512);
    assert_eq!(h["limits"]["connections_per_client"], 128);
    assert_eq!(h["limits"]["upload_budget"], 64 << 20);
    assert_eq!(h["limits"]["budget_ms"], 20_000);
}
