//! Reading a file game by game in bounded memory: [`stream_file`].
//!
//! A PGN file is decoded and parsed as a stream: memory does not grow with the file, only
//! with the largest game (and the reader's limits bound that). Error offsets are mapped back
//! to the file's encoding by a forward-only pass over a second handle on the file, so that
//! too runs in constant memory. Other formats (binary records, XML, DhtmlXQ, move lists)
//! are small by nature and are read whole, then handed out one game at a time; so are
//! files shorter than [`encoding::SAMPLE_LEN`], of any format (decoded once, from memory).

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};

use super::read::{detect_format, read_as, read_whole, Format};
use super::{pgn, ReadError, ReadGame, RecordError};
use crate::encoding::{self, DecodingReader, Encoding};

/// The largest record file read whole, in bytes (64 MiB): PGN files of any size are read as
/// a stream; a file of another format beyond this size is refused ([`ReadError::TooLarge`]).
/// Real records of those formats are far smaller (a CBL library of 1,000 games is 5 MB).
pub const MAX_WHOLE: u64 = 64 << 20;

/// Whether `format` is a text format (decoded to text, where a NUL byte never belongs).
fn is_text(format: Format) -> bool {
    matches!(
        format,
        Format::Pgn | Format::Cbf | Format::DhtmlXq | Format::Wxf | Format::Text
    )
}

type PgnGames = pgn::Games<DecodingReader<io::Chain<io::Cursor<Vec<u8>>, File>>>;

enum Inner {
    Pgn {
        games: Box<PgnGames>,
        offsets: OffsetMapper,
    },
    Whole(std::vec::IntoIter<ReadGame>),
}

/// The games of one file, one at a time (see [`stream_file`]). Each item
/// is a game (possibly carrying its error), or an I/O error that ends the stream.
pub struct GameStream {
    inner: Inner,
    name: String,
    done: bool,
}

/// Opens `path` for reading game by game, detecting format and encoding as
/// [`super::read_file`] does (which collects this stream).
pub fn stream_file(path: impl AsRef<Path>) -> Result<GameStream, ReadError> {
    let path = path.as_ref();
    // As `path.display().to_string()` (the same replacement of bad UTF-8), cheaper.
    let name = path.to_string_lossy().into_owned();
    let io_err = |source| ReadError::Io {
        file: name.clone(),
        source,
    };
    // Only a regular file is opened: opening a FIFO blocks until a writer comes, and a
    // device may never end. Checked again on the open file, in case the path changed.
    let not_a_file = |meta: &std::fs::Metadata| {
        super::walk::special_kind(meta).map(|what| ReadError::NotAFile {
            file: name.clone(),
            what,
        })
    };
    if let Some(e) = not_a_file(&std::fs::metadata(path).map_err(io_err)?) {
        return Err(e);
    }
    let mut file = File::open(path).map_err(io_err)?;
    let meta = file.metadata().map_err(io_err)?;
    if let Some(e) = not_a_file(&meta) {
        return Err(e);
    }
    let mut head = Vec::with_capacity(encoding::SAMPLE_LEN);
    (&mut file)
        .take(encoding::SAMPLE_LEN as u64)
        .read_to_end(&mut head)
        .map_err(io_err)?;
    let ext = path.extension().and_then(|e| e.to_str());
    if head.len() < encoding::SAMPLE_LEN {
        // The whole file (the read stopped at its end): decoded once, read from memory.
        return Ok(GameStream {
            inner: Inner::Whole(read_whole(&head, ext, &name)?.into_iter()),
            name,
            done: false,
        });
    }
    let format = detect_format(&head, ext);
    if is_text(format) {
        super::read::check_text(&head, &name)?;
    }
    let inner = if format == Format::Pgn {
        let enc = encoding::detect(&head);
        let bom = enc == Encoding::Utf8 && head.starts_with(&[0xEF, 0xBB, 0xBF]);
        let offsets = OffsetMapper::new(path, enc, bom);
        let stream = DecodingReader::new(io::Cursor::new(head).chain(file), enc);
        Inner::Pgn {
            games: Box::new(pgn::Games::new(stream)),
            offsets,
        }
    } else {
        // Other formats are read whole, up to MAX_WHOLE bytes (a file that grows while it
        // is read is cut there too).
        let too_large = |size: u64| ReadError::TooLarge {
            file: name.clone(),
            size,
            max: MAX_WHOLE,
            format: format.name(),
        };
        if meta.len() > MAX_WHOLE {
            return Err(too_large(meta.len()));
        }
        let mut bytes = head;
        (&mut file)
            .take(MAX_WHOLE + 1 - bytes.len() as u64)
            .read_to_end(&mut bytes)
            .map_err(io_err)?;
        if bytes.len() as u64 > MAX_WHOLE {
            return Err(too_large(bytes.len() as u64));
        }
        Inner::Whole(read_as(&bytes, format, &name)?.into_iter())
    };
    Ok(GameStream {
        inner,
        name,
        done: false,
    })
}

impl Iterator for GameStream {
    type Item = Result<ReadGame, ReadError>;

    fn next(&mut self) -> Option<Result<ReadGame, ReadError>> {
        if self.done {
            return None;
        }
        let item = match &mut self.inner {
            Inner::Whole(games) => games.next().map(Ok),
            Inner::Pgn { games, offsets } => match games.next() {
                None => None,
                Some(Err(source)) => Some(Err(ReadError::Io {
                    file: self.name.clone(),
                    source,
                })),
                Some(Ok(mut g)) => {
                    let mapped = offsets.map_game(&mut g).map_err(|source| ReadError::Io {
                        file: self.name.clone(),
                        source,
                    });
                    for e in g.error.iter_mut().chain(g.warnings.iter_mut()) {
                        e.file = Some(self.name.clone());
                    }
                    Some(mapped.map(|()| g))
                }
            },
        };
        self.done = !matches!(item, Some(Ok(_)));
        item
    }
}

/// Maps byte offsets of the decoded (UTF-8) stream to offsets in the raw file, reading the
/// file forward once (offsets arrive in increasing order; an earlier one restarts the pass).
struct OffsetMapper {
    path: PathBuf,
    enc: Encoding,
    bom: bool,
    state: Option<MapState>,
}

struct MapState {
    raw: BufReader<File>,
    decoder: encoding_rs::Decoder,
    /// Raw bytes consumed.
    index: u64,
    /// UTF-8 bytes produced.
    produced: u64,
    /// The raw offset of the character being produced.
    start: u64,
    /// The query answered last.
    last: u64,
}

impl OffsetMapper {
    fn new(path: &Path, enc: Encoding, bom: bool) -> OffsetMapper {
        OffsetMapper {
            path: path.to_owned(),
            enc,
            bom,
            state: None,
        }
    }

    fn map_game(&mut self, g: &mut ReadGame) -> io::Result<()> {
        let mut errors: Vec<&mut RecordError> = g
            .error
            .iter_mut()
            .chain(g.warnings.iter_mut())
            .filter(|e| e.byte_offset.is_some())
            .collect();
        errors.sort_by_key(|e| e.byte_offset);
        for e in errors {
            if let Some(off) = e.byte_offset {
                e.byte_offset = Some(self.map(off)?);
            }
        }
        Ok(())
    }

    /// As [`encoding::raw_offset`] on the whole file, without holding it.
    fn map(&mut self, utf8_offset: u64) -> io::Result<u64> {
        if self.enc == Encoding::Utf8 {
            return Ok(utf8_offset + if self.bom { 3 } else { 0 });
        }
        if self.state.as_ref().is_none_or(|s| utf8_offset < s.last) {
            self.state = Some(MapState {
                raw: BufReader::with_capacity(64 * 1024, File::open(&self.path)?),
                decoder: self.enc.encoding_rs().new_decoder_with_bom_removal(),
                index: 0,
                produced: 0,
                start: 0,
                last: 0,
            });
        }
        let Some(s) = self.state.as_mut() else {
            return Ok(0);
        };
        s.last = utf8_offset;
        let mut out = [0u8; 16];
        let mut byte = [0u8; 1];
        while s.produced < utf8_offset {
            if s.raw.read(&mut byte)? == 0 {
                break;
            }
            let (_, _, written, _) = s.decoder.decode_to_utf8(&byte, &mut out, false);
            s.index += 1;
            if written > 0 {
                s.produced += written as u64;
                s.start = s.index;
            }
        }
        Ok(s.start)
    }
}
