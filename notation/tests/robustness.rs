//! No input makes a reader panic: every prefix of the sample records and deterministic
//! random corruptions of them are read (with or without errors) to the end.

mod common;

use qili_notation::record::read_bytes;

/// xorshift64*: deterministic pseudo-random numbers.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

#[test]
fn prefixes_and_corruptions_never_panic() {
    let Some(dir) = common::games("cchess-formats/data") else {
        return;
    };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut reads = 0;
    for p in files {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(&p).unwrap();
        if bytes.len() > 200_000 {
            continue; // the CBL libraries: covered by their own tests
        }
        let step = (bytes.len() / 40).max(1);
        for cut in (0..bytes.len()).step_by(step) {
            let _ = read_bytes(&bytes[..cut], &name);
            reads += 1;
        }
        for _ in 0..40 {
            let mut b = bytes.clone();
            for _ in 0..(1 + rng.next() % 8) {
                let i = (rng.next() % b.len().max(1) as u64) as usize;
                if let Some(x) = b.get_mut(i) {
                    *x = rng.next() as u8;
                }
            }
            let _ = read_bytes(&b, &name);
            reads += 1;
        }
    }
    assert!(reads > 1000);
}

#[test]
fn arbitrary_text_never_panics() {
    let mut rng = Rng(42);
    let alphabet: Vec<char> = "[]{}()\";%$!?.,，、 \n\t1234567890-+=/*abcdehi車馬炮進退平前後兵卒一二五８Ｃ＋_DhtmlXQ<>/&"
        .chars()
        .collect();
    for _ in 0..2000 {
        let len = (rng.next() % 200) as usize;
        let s: String = (0..len)
            .map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize])
            .collect();
        for name in ["x.pgn", "x.txt", "x.cbf", "x.html"] {
            let _ = read_bytes(s.as_bytes(), name);
        }
    }
}
