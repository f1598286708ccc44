//! An output folder a run owns: locked while it writes, every file
//! written under a temporary name and renamed into place only when the
//! whole run has succeeded, a manifest of what it wrote (so the next run
//! removes exactly its own stale files, never anyone else's), and nothing
//! left behind, not even the folders it made, when it fails.

use crate::error::{Error, Result};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The manifest of a folder fortunes writes: one line per file it wrote,
/// `ROLE NAME` (role `run` or `baseline`), so that a run removes exactly
/// the files an earlier run of its role wrote and it did not write again,
/// and never a file of anyone else's.
pub const MANIFEST: &str = ".fortunes-manifest";

/// Held while a run writes into a folder: the second run to the same
/// folder is refused, naming the first.
const LOCK: &str = ".fortunes-lock";

/// An output directory whose files appear only on `commit`. It is locked
/// while open; a folder that is not empty and has no manifest is refused
/// (fortunes did not write it); temporary files of runs that died are
/// cleaned up; and an uncommitted run leaves nothing behind, not even the
/// parent folders it created.
pub struct OutputDir {
    dir: PathBuf,
    role: &'static str,
    /// The real paths of the folders this run created (the output folder
    /// and parents of it), outermost first: removed, if empty, when it
    /// fails, and nothing else (`a/../b` must not take a user's `b`).
    created: Vec<PathBuf>,
    locked: bool,
    /// (temporary path, final path) of every file written so far.
    pending: Vec<(PathBuf, PathBuf)>,
    /// The manifest as found, every entry checked to be a plain name of
    /// this folder: (role, name).
    manifest: Vec<(String, String)>,
}

/// The entries of the manifest in `dir` (none when it has none), refused
/// as damaged when one is not a plain name of a file in the folder: a
/// manifest names what a later run deletes, so an entry with a separator,
/// `..`, an absolute path or a link would let a shared report folder
/// delete files outside it.
fn read_manifest(dir: &Path) -> Result<Vec<(String, String)>> {
    let path = dir.join(MANIFEST);
    let text = match std::fs::symlink_metadata(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::output(&path, e)),
        Ok(meta) if !meta.file_type().is_file() => {
            return Err(Error::output(
                &path,
                "is not a regular file: the folder is damaged; nothing was deleted \
                 (give another --out, or remove it)",
            ))
        }
        Ok(_) => std::fs::read_to_string(&path).map_err(|e| Error::output(&path, e))?,
    };
    let mut entries = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let damaged = |why: &str| {
            Error::output(
                &path,
                format!(
                    "damaged manifest, line {}: {line:?} {why}; nothing was deleted \
                     (allowed: ROLE NAME, ROLE run or baseline, NAME a plain file name \
                     in the folder; give another --out, or remove the manifest's bad line)",
                    number + 1
                ),
            )
        };
        let Some((role, name)) = line.split_once(' ') else {
            return Err(damaged("is not ROLE NAME"));
        };
        if role != "run" && role != "baseline" {
            return Err(damaged("has an unknown role"));
        }
        if !plain_name(name) {
            return Err(damaged(
                "names no plain file of this folder (a separator, .., an absolute path, \
                 a control character or an empty name)",
            ));
        }
        match std::fs::symlink_metadata(dir.join(name)) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(damaged("names a link, which fortunes never writes"))
            }
            Ok(meta) if meta.is_dir() => {
                return Err(damaged("names a folder, which fortunes never writes"))
            }
            _ => {}
        }
        entries.push((role.to_string(), name.to_string()));
    }
    Ok(entries)
}

/// A name fortunes could have written into its folder: one path
/// component, not `.` or `..`, with no separator or control character.
fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains(['/', '\\'])
        && !name.chars().any(char::is_control)
        && Path::new(name).components().count() == 1
}

/// Process `pid`'s state letter, start time (clock ticks after boot) and
/// command name, from /proc/PID/stat; None when there is no such process.
fn process(pid: u32) -> Option<(String, String, String)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces or ')'.
    let (open, close) = (stat.find('(')?, stat.rfind(')')?);
    let name = stat.get(open + 1..close)?.to_string();
    let fields: Vec<&str> = stat.get(close + 1..)?.split_whitespace().collect();
    // After the name: state is field 3 of the line, start time field 22.
    Some((
        fields.first()?.to_string(),
        fields.get(19)?.to_string(),
        name,
    ))
}

/// What a lock file says of its holder: `PID START`, this process's id and
/// start time, so that a reused process id is not taken for the holder.
fn lock_text() -> String {
    let pid = std::process::id();
    let start = process(pid).map_or(String::new(), |(_, start, _)| start);
    format!("{pid} {start}")
}

/// Whether the lock's holder is still writing: a live process (not a
/// zombie) that started when the lock says, or, for a lock that names
/// only a process id, a live fortunes.
fn holder_alive(text: &str) -> Option<u32> {
    let mut words = text.split_whitespace();
    let pid = words.next()?.parse::<u32>().ok()?;
    let (state, start, name) = process(pid)?;
    if state == "Z" || state == "X" {
        return None;
    }
    let same = match words.next() {
        Some(started) => started == start,
        None => name.starts_with("fortunes"),
    };
    same.then_some(pid)
}

/// Makes `dir` one folder at a time and returns the real paths of those it
/// made, outermost first; on failure removes them again.
fn make_folders(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut made: Vec<PathBuf> = Vec::new();
    let mut path = PathBuf::new();
    for component in dir.components() {
        path.push(component);
        if path.exists() {
            continue;
        }
        let real = std::fs::create_dir(&path).and_then(|()| std::fs::canonicalize(&path));
        match real {
            Ok(real) => made.push(real),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                for folder in made.iter().rev() {
                    let _ = std::fs::remove_dir(folder);
                }
                return Err(Error::output(dir, e));
            }
        }
    }
    Ok(made)
}

impl OutputDir {
    /// Opens `dir` for a `run`'s tables and reports.
    pub fn create(dir: &Path) -> Result<OutputDir> {
        OutputDir::for_role(dir, "run")
    }

    /// Opens `dir` for files of `role` (`run` or `baseline`).
    pub fn for_role(dir: &Path, role: &'static str) -> Result<OutputDir> {
        if dir.exists() && !dir.is_dir() {
            return Err(Error::output(dir, "exists and is not a directory"));
        }
        let created = make_folders(dir)?;
        let mut out = OutputDir {
            dir: dir.to_path_buf(),
            role,
            created,
            locked: false,
            pending: Vec::new(),
            manifest: Vec::new(),
        };
        out.lock()?;
        out.manifest = read_manifest(dir)?;
        out.clean_stale_temporaries();
        let foreign = std::fs::read_dir(dir)
            .map_err(|e| Error::output(dir, e))?
            .flatten()
            .any(|e| e.file_name() != LOCK);
        if foreign && !dir.join(MANIFEST).is_file() {
            return Err(Error::output(
                dir,
                "is not empty and fortunes did not write it (it has no .fortunes-manifest); \
                 give another --out, or empty it",
            ));
        }
        Ok(out)
    }

    fn lock(&mut self) -> Result<()> {
        let path = self.dir.join(LOCK);
        for _ in 0..2 {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(mut file) => {
                    let _ = write!(file, "{}", lock_text());
                    self.locked = true;
                    return Ok(());
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let holder = std::fs::read_to_string(&path)
                        .ok()
                        .and_then(|t| holder_alive(&t));
                    match holder {
                        Some(pid) => {
                            return Err(Error::output(
                                &self.dir,
                                format!("is being written by another fortunes (process {pid})"),
                            ))
                        }
                        // Its holder died (or the id is another's now):
                        // the lock is stale.
                        None => {
                            let _ = std::fs::remove_file(&path);
                        }
                    }
                }
                Err(e) => return Err(Error::output(&path, e)),
            }
        }
        Err(Error::output(&path, "cannot take the lock"))
    }

    /// Removes `.NAME.tmp-PID` files whose process is gone: what a killed
    /// run could not clean up.
    fn clean_stale_temporaries(&self) {
        for entry in std::fs::read_dir(&self.dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let pid = name
                .starts_with('.')
                .then(|| name.rsplit_once(".tmp-"))
                .flatten()
                .and_then(|(_, pid)| pid.parse::<u32>().ok());
            if pid.is_some_and(|pid| process(pid).is_none()) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// What this run has written to `name` so far (from its temporary
    /// file: nothing is in place until the commit).
    pub fn read_back(&self, name: &str) -> Result<String> {
        let path = self.dir.join(name);
        let (temp, _) = self
            .pending
            .iter()
            .rev()
            .find(|(_, to)| *to == path)
            .ok_or_else(|| Error::output(&path, "was not written by this run"))?;
        std::fs::read_to_string(temp).map_err(|e| Error::output(temp, e))
    }

    /// Opens `name`'s temporary file for writing. A file of that name
    /// that fortunes did not write (it is not in the manifest) is someone
    /// else's: refused, never replaced.
    pub fn open(&mut self, name: &str) -> Result<(BufWriter<File>, PathBuf)> {
        let path = self.dir.join(name);
        let ours = self.manifest.iter().any(|(_, n)| n == name);
        if !ours && std::fs::symlink_metadata(&path).is_ok() {
            return Err(Error::output(
                &path,
                "exists and fortunes did not write it (it is not in the folder's .fortunes-manifest); \
                 move it away, or give another --out; nothing was written",
            ));
        }
        let temp = self.dir.join(format!(".{name}.tmp-{}", std::process::id()));
        let file = File::create(&temp).map_err(|e| Error::output(&temp, e))?;
        self.pending.push((temp.clone(), self.dir.join(name)));
        Ok((BufWriter::new(file), temp))
    }

    /// Renames every temporary file into place, removes the files an
    /// earlier run of this role wrote and this one did not (stale plots,
    /// an old records.parquet), and writes the manifest.
    pub fn commit(mut self) -> Result<()> {
        let manifest_path = self.dir.join(MANIFEST);
        let written: Vec<String> = self
            .pending
            .iter()
            .filter_map(|(_, path)| Some(path.file_name()?.to_string_lossy().into_owned()))
            .collect();
        for (temp, path) in std::mem::take(&mut self.pending) {
            std::fs::rename(&temp, &path).map_err(|e| Error::output(&path, e))?;
        }
        let mut lines: Vec<String> = Vec::new();
        for (role, name) in &self.manifest {
            if written.iter().any(|w| w == name) {
                continue;
            }
            if role == self.role {
                // Written by an earlier run of this role, not by this one:
                // a plain name of this folder, checked when it was opened.
                let _ = std::fs::remove_file(self.dir.join(name));
            } else {
                lines.push(format!("{role} {name}"));
            }
        }
        lines.extend(written.iter().map(|name| format!("{} {name}", self.role)));
        lines.sort();
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        std::fs::write(&manifest_path, text).map_err(|e| Error::output(&manifest_path, e))?;
        self.created.clear();
        Ok(())
    }
}

impl Drop for OutputDir {
    /// An uncommitted directory is cleaned up: temporary files removed, and
    /// the folders this run created with them; the lock released.
    fn drop(&mut self) {
        for (temp, _) in &self.pending {
            let _ = std::fs::remove_file(temp);
        }
        if self.locked {
            let _ = std::fs::remove_file(self.dir.join(LOCK));
        }
        // Only the folders it made, innermost first, and only if empty:
        // anything else in them was not this run's.
        for folder in self.created.iter().rev() {
            let _ = std::fs::remove_dir(folder);
        }
    }
}

pub fn finish(mut writer: BufWriter<File>, path: &Path) -> Result<()> {
    writer.flush().map_err(|e| Error::output(path, e))?;
    writer
        .into_inner()
        .map_err(|e| Error::output(path, e.error()))?
        .sync_all()
        .map_err(|e| Error::output(path, e))
}

pub fn write_text(out: &mut OutputDir, name: &str, text: &str) -> Result<()> {
    let (mut file, temp) = out.open(name)?;
    file.write_all(text.as_bytes())
        .map_err(|e| Error::output(&temp, e))?;
    finish(file, &temp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fortunes-out-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// A run that never commits leaves nothing, not even the parent
    /// folders it made; one that commits removes only its own stale files.
    #[test]
    fn an_output_folder_is_owned_by_what_wrote_it() {
        let root = scratch("owned");
        let deep = root.join("a/b/c");
        let mut out = OutputDir::create(&deep).unwrap();
        out.open("x.csv").unwrap();
        drop(out);
        assert!(!root.join("a").exists(), "parent folders left behind");

        std::fs::create_dir_all(&root).unwrap();
        let write = |names: &[&str]| {
            let mut out = OutputDir::create(&root).unwrap();
            for name in names {
                let (file, temp) = out.open(name).unwrap();
                finish(file, &temp).unwrap();
            }
            out.commit().unwrap();
        };
        write(&["summary.csv", "records.parquet"]);
        std::fs::write(root.join("notes.txt"), "mine").unwrap();
        std::fs::write(root.join(".summary.csv.tmp-4000000000"), "dead").unwrap();
        write(&["summary.csv"]);
        assert!(root.join("summary.csv").is_file());
        assert!(!root.join("records.parquet").exists(), "a stale file kept");
        assert!(
            root.join("notes.txt").is_file(),
            "a file it did not write removed"
        );
        assert!(
            !root.join(".summary.csv.tmp-4000000000").exists(),
            "a dead run's temporary kept"
        );
        // A second writer is refused while the first holds the folder.
        let first = OutputDir::create(&root).unwrap();
        let second = OutputDir::create(&root)
            .err()
            .expect("the second is refused");
        assert!(second
            .to_string()
            .contains(&format!("process {}", std::process::id())));
        drop(first);
        // A lock whose holder died is taken over.
        std::fs::write(root.join(LOCK), "4000000000").unwrap();
        assert!(OutputDir::create(&root).is_ok());
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A manifest names what a later run deletes: an entry that is not a
    /// plain name of the folder makes the folder refused, and nothing
    /// outside it (or inside it) is deleted.
    #[test]
    fn a_manifest_cannot_reach_outside_its_folder() {
        let root = scratch("manifest");
        let dir = root.join("out");
        std::fs::create_dir_all(&dir).unwrap();
        let victim = root.join("victim.txt");
        std::fs::write(&victim, "keep").unwrap();
        let inside = dir.join("summary.csv");
        let entries = [
            "run ../victim.txt".to_string(),
            format!("run {}", victim.display()),
            "run sub/../../victim.txt".to_string(),
            "run ..".to_string(),
            "run ".to_string(),
            "run".to_string(),
            "owner summary.csv".to_string(),
            "run link.csv".to_string(),
        ];
        std::os::unix::fs::symlink(&victim, dir.join("link.csv")).unwrap();
        for entry in entries {
            std::fs::write(&inside, "mine").unwrap();
            std::fs::write(dir.join(MANIFEST), format!("run summary.csv\n{entry}\n")).unwrap();
            let error = OutputDir::create(&dir)
                .err()
                .unwrap_or_else(|| panic!("{entry:?} accepted"));
            let text = error.to_string();
            assert!(text.contains("damaged manifest"), "{entry:?}: {text}");
            assert!(text.contains(&format!("{:?}", entry)), "{entry:?}: {text}");
            assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
            assert!(inside.is_file(), "{entry:?}: a file inside deleted");
            assert!(!dir.join(LOCK).exists(), "{entry:?}: the lock kept");
        }
        // A manifest that is a link is refused too.
        std::fs::remove_file(dir.join(MANIFEST)).unwrap();
        std::os::unix::fs::symlink(&victim, dir.join(MANIFEST)).unwrap();
        assert!(OutputDir::create(&dir).is_err());
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        let _ = std::fs::remove_dir_all(&root);
    }

    /// `a/../b` makes `a`, not `b`: a failed run removes `a` and keeps the
    /// user's empty `b`, by real path.
    #[test]
    fn a_failed_run_removes_exactly_the_folders_it_made() {
        let root = scratch("made");
        std::fs::create_dir_all(root.join("x2")).unwrap();
        let out = OutputDir::create(&root.join("nd/../x2")).unwrap();
        drop(out);
        assert!(!root.join("nd").exists(), "the folder it made left behind");
        assert!(root.join("x2").is_dir(), "the user's folder removed");
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A file a run would write whose name the manifest does not hold is
    /// someone else's: refused, never replaced.
    #[test]
    fn a_users_file_of_a_name_fortunes_writes_is_kept() {
        let root = scratch("users");
        let mut out = OutputDir::create(&root).unwrap();
        let (file, temp) = out.open("summary.csv").unwrap();
        finish(file, &temp).unwrap();
        out.commit().unwrap();
        std::fs::write(root.join("initiative.svg"), "mine").unwrap();
        let mut out = OutputDir::create(&root).unwrap();
        assert!(out.open("summary.csv").is_ok(), "its own file refused");
        let error = out.open("initiative.svg").expect_err("refused");
        assert!(error.to_string().contains("fortunes did not write it"));
        drop(out);
        assert_eq!(
            std::fs::read_to_string(root.join("initiative.svg")).unwrap(),
            "mine"
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A lock names its holder by process id and start time: a live
    /// process that is not its holder (a reused id, process 1) does not
    /// hold the folder.
    #[test]
    fn a_lock_is_held_only_by_its_own_process() {
        let root = scratch("lock");
        std::fs::create_dir_all(&root).unwrap();
        for stale in ["1", &format!("{} 1", std::process::id()), "garbage"] {
            std::fs::write(root.join(LOCK), stale).unwrap();
            assert!(OutputDir::create(&root).is_ok(), "{stale:?} taken for live");
        }
        std::fs::write(root.join(LOCK), lock_text()).unwrap();
        assert!(
            OutputDir::create(&root).is_err(),
            "its own live lock ignored"
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_folder_fortunes_did_not_write_is_refused() {
        let root = scratch("foreign");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("summary.csv"), "my own").unwrap();
        let error = OutputDir::create(&root).err().expect("refused");
        assert!(error.to_string().contains("fortunes did not write it"));
        assert_eq!(
            std::fs::read_to_string(root.join("summary.csv")).unwrap(),
            "my own"
        );
        assert!(!root.join(LOCK).exists());
        let _ = std::fs::remove_dir_all(&root);
    }
}
