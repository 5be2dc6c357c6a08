//! A streamed file is taken once: the bytes that place an error come from the handle the
//! games came from, never from the path opened again (which may name another file by then,
//! or a FIFO that would block); a file changed under the stream ends it with an error.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use qili_notation::record::{stream_file, ReadError, ReadGame};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qili-stream-handle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A GBK file larger than the detection sample (so it is streamed, and error offsets are
/// mapped back through the raw bytes): many good games, then one whose second move cannot
/// be read; returns the file and the raw offset of that move.
fn gbk_file(path: &Path) -> u64 {
    let good = "[Event \"对局\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n\n";
    let mut text = good.repeat(2_000);
    text.push_str("[Event \"坏\"]\n1. 炮二平五 马８退７ 1-0\n");
    let (raw, _, _) = encoding_rs::GBK.encode(&text);
    let (bad, _, _) = encoding_rs::GBK.encode("马８退７");
    let at = raw.len() - bad.len() - " 1-0\n".len();
    assert_eq!(&raw[at..at + bad.len()], &bad[..]);
    std::fs::write(path, &raw).unwrap();
    at as u64
}

/// The games of `stream` after the first, on another thread, within a bounded time.
fn rest(mut stream: qili_notation::record::GameStream) -> Vec<Result<ReadGame, ReadError>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(stream.by_ref().collect::<Vec<_>>());
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the stream blocked: the path was opened again")
}

fn error_offset(games: &[Result<ReadGame, ReadError>]) -> u64 {
    let last = games.last().unwrap().as_ref().unwrap();
    let e = last.error.as_ref().expect("the last game has a bad move");
    assert!(e.to_string().contains("(gb18030)"), "{e}");
    e.byte_offset.unwrap()
}

#[test]
fn error_offsets_come_from_the_open_file_not_the_path() {
    let path = temp("swap.pgn");
    let at = gbk_file(&path);
    let mut stream = stream_file(&path).unwrap();
    assert!(stream.next().unwrap().unwrap().is_ok());
    // The path now names another file: the offsets must not be read from it.
    std::fs::remove_file(&path).unwrap();
    std::fs::write(&path, "短").unwrap();
    let games = rest(stream);
    assert_eq!(games.len(), 2_000);
    assert_eq!(error_offset(&games), at);
    let _ = std::fs::remove_file(&path);
}

#[cfg(unix)]
#[test]
fn a_fifo_swapped_in_does_not_block_the_stream() {
    let path = temp("fifo.pgn");
    let at = gbk_file(&path);
    let mut stream = stream_file(&path).unwrap();
    assert!(stream.next().unwrap().unwrap().is_ok());
    std::fs::remove_file(&path).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&path).status();
    assert!(
        made.is_ok_and(|s| s.success()),
        "mkfifo is needed to make the FIFO"
    );
    let games = rest(stream);
    assert_eq!(error_offset(&games), at);
    // Opened again by path, the FIFO is refused at once, not waited on.
    let (tx, rx) = mpsc::channel();
    let p = path.clone();
    std::thread::spawn(move || {
        let _ = tx.send(stream_file(&p).err().map(|e| e.to_string()));
    });
    let e = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("opening a FIFO blocked");
    assert!(e.is_some_and(|e| e.contains("FIFO")));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_file_rewritten_under_the_stream_ends_it_with_an_error() {
    let path = temp("rewritten.pgn");
    gbk_file(&path);
    let mut stream = stream_file(&path).unwrap();
    assert!(stream.next().unwrap().unwrap().is_ok());
    // Rewritten in place (the same file, cut and written again), shorter.
    std::fs::write(&path, "[Event \"new\"]\n1. h2e2 *\n".repeat(10)).unwrap();
    let games = rest(stream);
    let last = games.last().unwrap();
    assert!(
        matches!(last, Err(ReadError::Changed { .. })),
        "{:?}",
        last.as_ref()
            .map(|g| g.game.tag("Event").map(str::to_owned))
    );
    assert!(games.len() < 2_000);
    let _ = std::fs::remove_file(&path);
}
