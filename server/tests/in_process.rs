//! The library's own entry points, in process: `serve` on a listener bound to port 0 answers
//! over real HTTP and stops when its shutdown future completes; `router` can be served by
//! the embedding program itself.

use std::io::{Read, Write};
use std::net::TcpStream;

use qili_server::{serve, Config};

fn get(addr: std::net::SocketAddr, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn serve_answers_and_shuts_down() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let server = rt.spawn(serve(listener, Config::default(), async {
        let _ = stopped.await;
    }));
    let health = std::thread::spawn(move || get(addr, "/health"))
        .join()
        .unwrap();
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.contains(r#""status":"ok""#), "{health}");
    let page = std::thread::spawn(move || get(addr, "/")).join().unwrap();
    assert!(
        page.contains("content-security-policy: default-src 'none'"),
        "{page}"
    );
    assert!(page.contains(r#"<script src="/app.js" defer></script>"#));
    stop.send(()).unwrap();
    rt.block_on(server).unwrap().unwrap();
    assert!(TcpStream::connect(addr).is_err(), "the listener is closed");
}
