//! Who a judged program is, and where it may write when no namespace confines it.
//!
//! A judge that is root runs each program under a uid and gid of its own, drawn at
//! random from a range that no account uses (isolate uses 60000 plus the box's
//! number; a random draw keeps concurrent judges apart without a lock): it can signal
//! no process but its own, and in the fallback the judge can find and remove every
//! file it left in the world-writable places ([`sweep_files`]).

use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// The uids (and gids) runs are given: 1,342,177,280 up, 16,777,216 of them.
pub(super) const RUN_IDS: std::ops::Range<u32> = 0x5000_0000..0x5100_0000;

/// The ids of the accounts in `/etc/passwd` and the groups in `/etc/group` (read as
/// files: the C library's lookups crash in a statically linked program), once.
fn local_ids() -> &'static std::collections::HashSet<u32> {
    static IDS: std::sync::OnceLock<std::collections::HashSet<u32>> = std::sync::OnceLock::new();
    IDS.get_or_init(|| {
        ["/etc/passwd", "/etc/group"]
            .iter()
            .filter_map(|f| std::fs::read_to_string(f).ok())
            .flat_map(|text| {
                text.lines()
                    .filter_map(|l| l.split(':').nth(2)?.parse::<u32>().ok())
                    .collect::<Vec<_>>()
            })
            .collect()
    })
}

/// Whether an account or a group has this id.
fn taken(id: u32) -> bool {
    local_ids().contains(&id)
}

fn random_u32() -> u32 {
    let mut bytes = [0u8; 4];
    // SAFETY: getrandom writes at most 4 bytes into `bytes`.
    let n = unsafe { libc::getrandom(bytes.as_mut_ptr().cast(), 4, 0) };
    if n != 4 {
        // No entropy call: the clock's nanoseconds and our pid still spread runs out.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        return nanos ^ std::process::id().rotate_left(16);
    }
    u32::from_ne_bytes(bytes)
}

/// A uid (the gid is the same number) for one run, that no account has.
pub(super) fn run_id() -> u32 {
    let span = RUN_IDS.end - RUN_IDS.start;
    loop {
        let id = RUN_IDS.start + random_u32() % span;
        if !taken(id) {
            return id;
        }
    }
}

/// The fallback's home for one run: a fresh directory under `/tmp`, owned by the
/// run's uid (when the judge is root), removed after the run.
pub(super) fn make_home(owner: Option<u32>) -> io::Result<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("pocket-box-{}-{n}", std::process::id()));
    std::fs::DirBuilder::new().mode(0o700).create(&dir)?;
    if let Some(id) = owner {
        std::os::unix::fs::chown(&dir, Some(id), Some(id))?;
    }
    Ok(dir)
}

/// The world-writable places where a program under a uid of its own can leave files.
const SHARED_PLACES: [&str; 3] = ["/tmp", "/var/tmp", "/dev/shm"];

/// Entries looked at, at most, in one sweep: a sweep must not take longer than a run.
const SWEEP_LIMIT: usize = 100_000;

/// Remove everything owned by `id` under the world-writable places but in `keep`
/// (the `--writable` directories), found without following symbolic links through
/// the directories writable by all; the count removed. Only for a uid of the run's
/// own. (A directory writable by all inside one that is not is not reached.)
pub(super) fn sweep_files(id: u32, keep: &[PathBuf]) -> usize {
    let mut sweep = Sweep {
        id,
        keep,
        budget: SWEEP_LIMIT,
        removed: 0,
    };
    for place in SHARED_PLACES {
        sweep.dir(Path::new(place), 0);
    }
    sweep.removed
}

struct Sweep<'a> {
    id: u32,
    keep: &'a [PathBuf],
    /// Entries still to look at.
    budget: usize,
    removed: usize,
}

impl Sweep<'_> {
    fn dir(&mut self, dir: &Path, depth: usize) {
        if self.keep.iter().any(|k| dir.starts_with(k)) {
            return;
        }
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            let path = entry.path();
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            let kept = self.keep.iter().any(|k| path.starts_with(k));
            if (meta.uid() == self.id || meta.gid() == self.id) && !kept {
                let gone = match meta.is_dir() {
                    true => std::fs::remove_dir_all(&path),
                    false => std::fs::remove_file(&path),
                };
                self.removed += usize::from(gone.is_ok());
            } else if meta.is_dir() && meta.mode() & 0o002 != 0 && depth < 8 {
                // A uid with no group and nothing of its own writes only in directories
                // writable by all: only those can hold what it left (walking every
                // directory took 70 ms a run with a build tree under /tmp).
                self.dir(&path, depth + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_ids_belong_to_no_account() {
        for _ in 0..10 {
            let id = run_id();
            assert!(RUN_IDS.contains(&id));
            assert!(!taken(id));
        }
        assert!(taken(0), "root is an account");
    }
}
