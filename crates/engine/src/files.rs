//! Reading and writing the files users hand the tools: replays, saves, content.
//!
//! # Why atomic writes
//! A replay written in place and interrupted (Ctrl-C, a full disk) leaves an empty or cut-off
//! file under the real name, which later fails verification for no visible reason. Writing a
//! temporary file in the same directory and renaming it over the target means the target is
//! either the complete old file, the complete new one, or absent — never half of one.
//!
//! # Why bounded reads
//! A path can name a device (`/dev/zero`), a FIFO or a multi-gigabyte file. Reading it whole
//! would never end or exhaust memory, so [`read_text`] refuses anything that is not a regular
//! file and anything longer than the limit its caller gives.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Most bytes [`read_text`] callers read from one user file unless they say otherwise.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Writes `bytes` to `path` atomically: to a temporary file in the same directory, flushed to
/// disk, then renamed over `path`.
///
/// # Errors
/// Any I/O error; the temporary file is removed and `path` is left as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |f| f.write_all(bytes))
}

/// As [`write_atomic`], with the contents written by `fill`. If `fill` fails, `path` is left as
/// it was.
///
/// # Errors
/// Any I/O error, `fill`'s included.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let tmp = dir.join(format!(
        ".{}.tmp-{}-{}",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut f = File::create_new(&tmp)?;
        fill(&mut f)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Why [`read_text`] refused a file.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
    /// A directory, device, FIFO or socket.
    #[error("{path} is not a regular file")]
    NotAFile {
        /// The path.
        path: PathBuf,
    },
    /// Longer than the caller's limit.
    #[error("{path} is larger than the limit of {max} bytes")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit.
        max: u64,
    },
    /// Not UTF-8 text.
    #[error("{path} is not UTF-8 text")]
    NotText {
        /// The file.
        path: PathBuf,
    },
}

/// Reads a regular file of at most `max` bytes as UTF-8 text (symbolic links are followed to
/// what they name, which must itself be a regular file).
///
/// # Errors
/// [`ReadError`]: not a regular file, larger than `max` (checked on the bytes actually read, so
/// a file that grows while being read is caught too), not UTF-8, or an I/O error.
pub fn read_text(path: &Path, max: u64) -> Result<String, ReadError> {
    let io = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    // Check the type before opening: opening a FIFO for reading would block.
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    let too_large = || ReadError::TooLarge {
        path: path.to_path_buf(),
        max,
    };
    if meta.len() > max {
        return Err(too_large());
    }
    let f = File::open(path).map_err(io)?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    f.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > max {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotText {
        path: path.to_path_buf(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("gw-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn an_interrupted_atomic_write_leaves_the_old_file_and_no_partial_one() {
        let d = temp("atomic");
        let p = d.join("game.replay.json");
        write_atomic(&p, b"old and complete").unwrap();
        let e = write_atomic_with(&p, |f| {
            f.write_all(b"half of the ")?;
            Err(io::Error::other("interrupted"))
        })
        .unwrap_err();
        assert_eq!(e.to_string(), "interrupted");
        assert_eq!(std::fs::read(&p).unwrap(), b"old and complete");
        // Nothing else is left in the directory (the temporary file is gone).
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
        let fresh = d.join("never.json");
        assert!(write_atomic_with(&fresh, |_| Err(io::Error::other("no"))).is_err());
        assert!(
            !fresh.exists(),
            "a failed write leaves no file under the real name"
        );
        write_atomic(&p, b"new").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"new");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn reads_refuse_devices_directories_and_oversized_files() {
        let d = temp("read");
        assert!(matches!(
            read_text(Path::new("/dev/zero"), 1024),
            Err(ReadError::NotAFile { .. })
        ));
        assert!(matches!(
            read_text(&d, 1024),
            Err(ReadError::NotAFile { .. })
        ));
        let link = d.join("zero-link");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(matches!(
            read_text(&link, 1024),
            Err(ReadError::NotAFile { .. })
        ));
        let big = d.join("big");
        std::fs::write(&big, vec![b'a'; 2000]).unwrap();
        let e = read_text(&big, 1999).unwrap_err();
        assert!(
            e.to_string()
                .contains("larger than the limit of 1999 bytes"),
            "{e}"
        );
        assert_eq!(read_text(&big, 2000).unwrap().len(), 2000);
        std::fs::write(&big, [0xff, 0xfe]).unwrap();
        assert!(matches!(
            read_text(&big, 10),
            Err(ReadError::NotText { .. })
        ));
        assert!(matches!(
            read_text(&d.join("missing"), 10),
            Err(ReadError::Io { .. })
        ));
        let _ = std::fs::remove_dir_all(&d);
    }
}
