//! The input of a batch split into lines, for [`super::batch`]: each line as soon as it is
//! there, and a signal before a read that may wait (the answers so far are then flushed).

use std::io::{self, BufRead};

/// Splits input into lines and says when the next read may wait for more input (then the
/// answers written so far must be flushed first).
pub(crate) struct Lines<R> {
    input: R,
    /// The last read was used up: the next one goes to the source and may block.
    drained: bool,
    /// 1-based number of the last line read.
    pub(crate) number: usize,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(input: R) -> Self {
        Lines {
            input,
            drained: true,
            number: 0,
        }
    }

    /// Reads the next line (without its `\n`) into `buf`; `before_wait` runs before a read
    /// that may block. `Ok(false)` at the end of the input.
    pub(crate) fn next(
        &mut self,
        buf: &mut Vec<u8>,
        mut before_wait: impl FnMut() -> io::Result<()>,
    ) -> io::Result<bool> {
        buf.clear();
        loop {
            if self.drained {
                before_wait()?;
            }
            let available = match self.input.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                self.drained = true;
                if buf.is_empty() {
                    return Ok(false);
                }
                self.number += 1;
                return Ok(true);
            }
            match memchr::memchr(b'\n', available) {
                Some(i) => {
                    buf.extend_from_slice(&available[..i]);
                    self.drained = i + 1 == available.len();
                    self.input.consume(i + 1);
                    self.number += 1;
                    return Ok(true);
                }
                None => {
                    let n = available.len();
                    buf.extend_from_slice(available);
                    self.input.consume(n);
                    self.drained = true;
                }
            }
        }
    }
}

pub(crate) fn blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}
