//! Reading a file game by game in bounded memory: [`stream_file`].
//!
//! A PGN file is decoded and parsed as a stream: memory does not grow with the file, only
//! with the largest game (and the reader's limits bound that, [`pgn::PgnLimits::max_moves`]
//! among them). Error offsets are mapped back to the file's encoding by a forward-only pass
//! over the same open file (positional reads: the path is never opened again, so a file
//! replaced meanwhile, or a FIFO swapped in, is never read), so that too runs in constant
//! memory. A file is taken once ([`open_regular`]: never blocking on a FIFO), and one that
//! changes while it is read ends its stream with [`ReadError::Changed`]. Other formats (binary records, XML, DhtmlXQ, move lists)
//! are small by nature and are read whole, then handed out one game at a time; so are
//! files shorter than [`encoding::SAMPLE_LEN`], of any format (decoded once, from memory).

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use super::read::{detect_format, read_as, read_whole, Format};
use super::{pgn, ReadError, ReadGame, RecordError};
use crate::encoding::{self, DecodingReader, Encoding};

/// The largest record file read whole, in bytes (64 MiB): PGN files of any size are read as
/// a stream; a file of another format beyond this size is refused ([`ReadError::TooLarge`]).
/// Real records of those formats are far smaller (a CBL library of 1,000 games is 5 MB).
pub const MAX_WHOLE: u64 = 64 << 20;

/// What a file was when it was opened: its identity (device and inode), size and time of
/// last change. A stream checks its open file against it before each game it hands out
/// (see [`GameStream`]), and a reader that opens a file again can tell whether it is still
/// the file it read ([`stream_file_unchanged`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileStamp {
    /// Device and inode (0 where the platform has none).
    pub id: (u64, u64),
    /// Size in bytes.
    pub len: u64,
    /// Time of last modification, where the platform gives it.
    pub modified: Option<SystemTime>,
}

impl FileStamp {
    /// The stamp of `meta`.
    pub fn of(meta: &std::fs::Metadata) -> FileStamp {
        #[cfg(unix)]
        let id = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let id = (0, 0);
        FileStamp {
            id,
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }

    /// How `now` differs from this stamp, in words (`None`: it does not).
    pub fn change(&self, now: &FileStamp) -> Option<String> {
        if self.id != now.id {
            Some("replaced by another file".into())
        } else if self.len != now.len {
            Some(format!("size {} bytes, now {}", self.len, now.len))
        } else if self.modified != now.modified {
            Some("modified".into())
        } else {
            None
        }
    }
}

/// Opens `path` for reading, if it is a regular file, without ever blocking: a FIFO swapped
/// in for the file (or given) is opened non-blocking and refused ([`ReadError::NotAFile`]),
/// as are devices and sockets. Returns the file and its stamp (taken on the open handle).
pub fn open_regular(path: &Path) -> Result<(File, FileStamp), ReadError> {
    let name = || path.to_string_lossy().into_owned();
    let io_err = |source| ReadError::Io {
        file: name(),
        source,
    };
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO without it waits for a writer; a regular file ignores it.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io_err)?;
    let meta = file.metadata().map_err(io_err)?;
    if let Some(what) = super::walk::special_kind(&meta) {
        return Err(ReadError::NotAFile { file: name(), what });
    }
    if meta.is_dir() {
        return Err(io_err(io::Error::other("a folder, not a file")));
    }
    Ok((file, FileStamp::of(&meta)))
}

/// A reader at a position of a shared open file, by positional reads (the handle's own
/// offset is never used, so that several readers share one handle).
struct At {
    file: Arc<File>,
    pos: u64,
}

impl Read for At {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = read_at(&self.file, buf, self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], pos: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, pos)
}

#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], pos: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, pos)
}

#[cfg(not(any(unix, windows)))]
fn read_at(_file: &File, _buf: &mut [u8], _pos: u64) -> io::Result<usize> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "positional reads are not supported on this platform",
    ))
}

/// Whether `format` is a text format (decoded to text, where a NUL byte never belongs).
fn is_text(format: Format) -> bool {
    matches!(
        format,
        Format::Pgn | Format::Cbf | Format::DhtmlXq | Format::Wxf | Format::Text
    )
}

type PgnGames = pgn::Games<DecodingReader<io::Chain<io::Cursor<Vec<u8>>, At>>>;

enum Inner {
    Pgn {
        games: Box<PgnGames>,
        offsets: OffsetMapper,
        /// The open file, checked against `stamp` before each game is handed out.
        file: Arc<File>,
    },
    Whole(std::vec::IntoIter<ReadGame>),
}

/// The games of one file, one at a time (see [`stream_file`]). Each item
/// is a game (possibly carrying its error), or an I/O error that ends the stream.
///
/// A file is taken once: it is opened once, and everything read of it (games, and the
/// bytes that place an error) comes from that handle. A file that changes while it is
/// streamed (its size or time of change on the open handle differs from when it was
/// opened) ends the stream with [`ReadError::Changed`] instead of a game read from the
/// changed bytes.
pub struct GameStream {
    inner: Inner,
    name: String,
    stamp: FileStamp,
    done: bool,
}

impl GameStream {
    /// The file as it was when it was opened.
    pub fn stamp(&self) -> &FileStamp {
        &self.stamp
    }

    /// Whether the stream still holds its file open (a PGN streamed); otherwise its games
    /// are held in memory, the file closed.
    pub fn holds_file(&self) -> bool {
        matches!(self.inner, Inner::Pgn { .. }) && !self.done
    }
}

/// [`stream_file`], refusing a file that is no longer the one `stamp` describes
/// ([`ReadError::Changed`]): for a reader that opens a file again to read the rest.
pub fn stream_file_unchanged(
    path: impl AsRef<Path>,
    stamp: &FileStamp,
) -> Result<GameStream, ReadError> {
    let path = path.as_ref();
    let (file, now) = open_regular(path)?;
    if let Some(what) = stamp.change(&now) {
        return Err(ReadError::Changed {
            file: path.to_string_lossy().into_owned(),
            what,
        });
    }
    stream_open(path, file, now)
}

/// Opens `path` for reading game by game, detecting format and encoding as
/// [`super::read_file`] does (which collects this stream).
pub fn stream_file(path: impl AsRef<Path>) -> Result<GameStream, ReadError> {
    let path = path.as_ref();
    let (file, stamp) = open_regular(path)?;
    stream_open(path, file, stamp)
}

/// Streams the games of `file`, opened from `path` (which names it in errors).
fn stream_open(path: &Path, mut file: File, stamp: FileStamp) -> Result<GameStream, ReadError> {
    // As `path.display().to_string()` (the same replacement of bad UTF-8), cheaper.
    let name = path.to_string_lossy().into_owned();
    let io_err = |source| ReadError::Io {
        file: name.clone(),
        source,
    };
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
            stamp,
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
        let file = Arc::new(file);
        let offsets = OffsetMapper::new(Arc::clone(&file), enc, bom);
        let rest = At {
            file: Arc::clone(&file),
            pos: head.len() as u64,
        };
        let stream = DecodingReader::new(io::Cursor::new(head).chain(rest), enc);
        Inner::Pgn {
            games: Box::new(pgn::Games::new(stream)),
            offsets,
            file,
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
        if stamp.len > MAX_WHOLE {
            return Err(too_large(stamp.len));
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
        stamp,
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
            Inner::Pgn {
                games,
                offsets,
                file,
            } => match games.next() {
                None => None,
                Some(Err(source)) => Some(Err(ReadError::Io {
                    file: self.name.clone(),
                    source,
                })),
                Some(Ok(mut g)) => {
                    let changed = match file.metadata() {
                        Ok(meta) => self.stamp.change(&FileStamp::of(&meta)),
                        Err(e) => Some(e.to_string()),
                    };
                    if let Some(what) = changed {
                        return self.end(Err(ReadError::Changed {
                            file: self.name.clone(),
                            what,
                        }));
                    }
                    let mapped = offsets.map_game(&mut g).map_err(|source| ReadError::Io {
                        file: self.name.clone(),
                        source,
                    });
                    let enc = offsets.enc;
                    for e in g.error.iter_mut().chain(g.warnings.iter_mut()) {
                        e.file = Some(self.name.clone());
                        if enc != Encoding::Utf8 {
                            e.encoding = Some(enc);
                        }
                    }
                    Some(mapped.map(|()| g))
                }
            },
        };
        self.end(item.transpose())
    }
}

impl GameStream {
    /// Hands out `item`, ending the stream (and closing the file) unless it is a game.
    fn end(
        &mut self,
        item: Result<Option<ReadGame>, ReadError>,
    ) -> Option<Result<ReadGame, ReadError>> {
        if !matches!(item, Ok(Some(_))) {
            self.done = true;
            // Nothing more is read: the file is closed now, not when the stream is dropped.
            self.inner = Inner::Whole(Vec::new().into_iter());
        }
        item.transpose()
    }
}

/// Maps byte offsets of the decoded (UTF-8) stream to offsets in the raw file, reading the
/// file forward once (offsets arrive in increasing order; an earlier one restarts the pass),
/// by positional reads on the stream's own open handle (never opening the path again: the
/// file may have been replaced, by another file or by a FIFO that would block).
struct OffsetMapper {
    file: Arc<File>,
    enc: Encoding,
    bom: bool,
    state: Option<MapState>,
}

struct MapState {
    raw: BufReader<At>,
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
    fn new(file: Arc<File>, enc: Encoding, bom: bool) -> OffsetMapper {
        OffsetMapper {
            file,
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
                raw: BufReader::with_capacity(
                    64 * 1024,
                    At {
                        file: Arc::clone(&self.file),
                        pos: 0,
                    },
                ),
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
