//! Finding the files to read under the paths a user gives: [`walk`].
//!
//! Only regular files are read. A FIFO, a device or a socket (given directly, found in a
//! folder, or reached through a symbolic link) is reported and skipped: reading one could
//! block forever (a FIFO with no writer) or never end (`/dev/zero`). Folders are walked
//! without recursion, siblings in the order of their names (hidden entries skipped), with
//! a set of the folders and files already seen: a symbolic link leading back to a folder
//! being walked is reported once, as a loop, and not followed; a folder or file reached a
//! second time by another path is reported and read once. A path that cannot be read (it
//! does not exist, a folder without permission, a dangling link) is reported, naming the
//! path, and the walk goes on with the rest.

use std::collections::HashSet;
use std::fs::{self, Metadata};
use std::io;
use std::path::{Path, PathBuf};

/// Why a path given or found was not read.
#[derive(Debug, thiserror::Error)]
pub enum PathError {
    /// The path could not be read (missing, no permission, dangling link …).
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The I/O error.
        source: io::Error,
    },
    /// Not a regular file: FIFO, character or block device, socket.
    #[error("{path}: not a regular file ({what}): skipped")]
    NotAFile {
        /// The path.
        path: String,
        /// What it is: `FIFO`, `character device`, `block device`, `socket`.
        what: &'static str,
    },
    /// A symbolic link to a folder that is being walked (it would walk forever).
    #[error("{path}: symbolic link loop (it leads back to {target}): not followed")]
    Loop {
        /// The link.
        path: String,
        /// The folder it leads back to.
        target: String,
    },
    /// A folder or file already read under another path.
    #[error("{path}: the same as {first}, read once")]
    Duplicate {
        /// The path.
        path: String,
        /// The path under which it was read.
        first: String,
    },
}

impl PathError {
    /// The path the problem is about.
    pub fn path(&self) -> &str {
        match self {
            PathError::Io { path, .. }
            | PathError::NotAFile { path, .. }
            | PathError::Loop { path, .. }
            | PathError::Duplicate { path, .. } => path,
        }
    }

    /// A stable machine-readable name: `io`, `not_a_file`, `symlink_loop`, `duplicate`.
    pub fn name(&self) -> &'static str {
        match self {
            PathError::Io { .. } => "io",
            PathError::NotAFile { .. } => "not_a_file",
            PathError::Loop { .. } => "symlink_loop",
            PathError::Duplicate { .. } => "duplicate",
        }
    }

    fn io(path: &Path, source: io::Error) -> PathError {
        PathError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}

/// What a path is, when it is not a regular file or a folder.
pub(crate) fn special_kind(meta: &Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() || t.is_dir() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("FIFO");
        }
        if t.is_char_device() {
            return Some("character device");
        }
        if t.is_block_device() {
            return Some("block device");
        }
        if t.is_socket() {
            return Some("socket");
        }
    }
    Some("special file")
}

/// The identity of a file or folder (device and inode), to see it again under another path.
#[cfg(unix)]
fn identity(_path: &Path, meta: &Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn identity(path: &Path, _meta: &Metadata) -> Option<PathBuf> {
    fs::canonicalize(path).ok()
}

/// Walks `paths` in order: each file given is taken as it is (if it is a regular file);
/// each folder is walked as the [module documentation](crate::record::walk) says, keeping the files for
/// which `wanted` holds. Returns every file to read and every path problem, in the order
/// met (a problem takes the place of the path in that order).
pub fn walk(
    paths: &[impl AsRef<Path>],
    wanted: impl Fn(&Path) -> bool,
) -> Vec<Result<PathBuf, PathError>> {
    let mut w = Walker {
        out: Vec::new(),
        seen: Default::default(),
    };
    for p in paths {
        let p = p.as_ref();
        if p.as_os_str() == "-" {
            // Standard input: passed through as given, for the caller to read.
            w.out.push(Ok(p.to_path_buf()));
            continue;
        }
        match fs::metadata(p) {
            Err(e) => w.out.push(Err(PathError::io(p, e))),
            Ok(meta) if meta.is_dir() => w.walk_dir(p, &meta, &wanted),
            Ok(meta) => w.file(p, &meta),
        }
    }
    w.out
}

#[cfg(unix)]
type Id = (u64, u64);
#[cfg(not(unix))]
type Id = PathBuf;

struct Walker {
    out: Vec<Result<PathBuf, PathError>>,
    /// Folders and files seen, with the path under which each was first met.
    seen: std::collections::HashMap<Id, PathBuf>,
}

/// A folder being walked: its identity and its entries not yet visited (reversed).
struct Frame {
    id: Option<Id>,
    entries: Vec<PathBuf>,
}

// `Id` is `Copy` on Unix, a `PathBuf` elsewhere: the clones are needed off Unix.
#[allow(clippy::clone_on_copy)]
impl Walker {
    /// A regular file (or a special one, reported).
    fn file(&mut self, path: &Path, meta: &Metadata) {
        if let Some(what) = special_kind(meta) {
            self.out.push(Err(PathError::NotAFile {
                path: path.display().to_string(),
                what,
            }));
            return;
        }
        if let Some(id) = identity(path, meta) {
            if let Some(first) = self.seen.get(&id) {
                self.out.push(Err(PathError::Duplicate {
                    path: path.display().to_string(),
                    first: first.display().to_string(),
                }));
                return;
            }
            self.seen.insert(id, path.to_path_buf());
        }
        self.out.push(Ok(path.to_path_buf()));
    }

    /// Enters a folder: its frame, or `None` when it cannot be read or was seen already.
    fn enter(&mut self, dir: &Path, meta: &Metadata, open: &HashSet<Id>) -> Option<Frame> {
        let id = identity(dir, meta);
        if let Some(id) = &id {
            if let Some(first) = self.seen.get(id) {
                let path = dir.display().to_string();
                let target = first.display().to_string();
                self.out.push(Err(if open.contains(id) {
                    PathError::Loop { path, target }
                } else {
                    PathError::Duplicate {
                        path,
                        first: target,
                    }
                }));
                return None;
            }
            self.seen.insert(id.clone(), dir.to_path_buf());
        }
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => {
                self.out.push(Err(PathError::io(dir, e)));
                return None;
            }
        };
        let mut names = Vec::new();
        for entry in entries {
            match entry {
                Ok(e) => {
                    let name = e.file_name();
                    if !name.to_string_lossy().starts_with('.') {
                        names.push(name);
                    }
                }
                Err(e) => self.out.push(Err(PathError::io(dir, e))),
            }
        }
        // Siblings in the order of their names, which is that of their paths.
        names.sort();
        let entries = names.into_iter().rev().map(|n| dir.join(n)).collect();
        Some(Frame { id, entries })
    }

    fn walk_dir(&mut self, root: &Path, meta: &Metadata, wanted: &impl Fn(&Path) -> bool) {
        let mut open: HashSet<Id> = HashSet::new();
        let mut stack: Vec<Frame> = Vec::new();
        if let Some(f) = self.enter(root, meta, &open) {
            open.extend(f.id.clone());
            stack.push(f);
        }
        while let Some(top) = stack.last_mut() {
            let Some(path) = top.entries.pop() else {
                if let Some(id) = stack.pop().and_then(|f| f.id) {
                    open.remove(&id);
                }
                continue;
            };
            // The entry's own type first: a link is followed only to see what it leads to.
            let meta = match fs::metadata(&path) {
                Ok(m) => m,
                Err(e) => {
                    // A dangling link or one that cannot be followed: reported when its name
                    // is one that would have been read, or when it is no link at all.
                    let is_link = fs::symlink_metadata(&path).is_ok_and(|m| m.is_symlink());
                    if !is_link || wanted(&path) {
                        self.out.push(Err(PathError::io(&path, e)));
                    }
                    continue;
                }
            };
            if meta.is_dir() {
                if let Some(f) = self.enter(&path, &meta, &open) {
                    open.extend(f.id.clone());
                    stack.push(f);
                }
            } else if wanted(&path) {
                self.file(&path, &meta);
            }
        }
    }
}
