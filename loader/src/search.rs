//! Where backends are looked for, and which environment is trusted.
//!
//! `LIBGL_DRIVERS_PATH` (or Mesa's older `LIBGL_DRIVERS_DIR`) is a
//! colon-separated list of directories and replaces the built-in path entirely.
//! The built-in path is the directory of the object the loader is linked into
//! (`libGL.so.1`, next to which `swrast_dri.so` is installed), then its `dri/`
//! subdirectory.
//!
//! Like Mesa's `__normal_user()`, a set-uid or set-gid process ignores the
//! variables that make it load code from elsewhere.

use std::fs;
use std::path::{Path, PathBuf};

/// Splits a colon-separated directory list; empty entries are skipped.
pub fn split_search_path(list: &str) -> Vec<PathBuf> {
    list.split(':')
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .collect()
}

/// The built-in search path for an object living at `object`: its directory,
/// then that directory's `dri/`.
pub fn builtin_dirs_for(object: &Path) -> Vec<PathBuf> {
    match object.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => vec![dir.to_path_buf(), dir.join("dri")],
        _ => Vec::new(),
    }
}

/// The directories to search, in order: `drivers_path` if given, else the
/// built-in path of the object this code is linked into.
pub fn search_dirs(drivers_path: Option<&str>) -> Vec<PathBuf> {
    match drivers_path {
        Some(list) => split_search_path(list),
        None => crate::dl::own_object_path()
            .map(|p| builtin_dirs_for(&p))
            .unwrap_or_default(),
    }
}

/// Real and effective ids from a `/proc/<pid>/status` text: true when they are
/// equal for both the user and the group (not set-uid / set-gid).
fn ids_match(status: &str) -> Option<bool> {
    let same = |key: &str| -> Option<bool> {
        let line = status.lines().find(|l| l.starts_with(key))?;
        let mut fields = line[key.len()..].split_whitespace();
        let real = fields.next()?;
        let effective = fields.next()?;
        Some(real == effective)
    };
    Some(same("Uid:")? && same("Gid:")?)
}

/// Mesa's `__normal_user()`: the process is not running set-uid or set-gid.
/// When `/proc` cannot be read, assume a normal user.
pub fn normal_user() -> bool {
    fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| ids_match(&s))
        .unwrap_or(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drivers_path_parsing() {
        assert_eq!(
            split_search_path("/a:/b/c"),
            vec![PathBuf::from("/a"), PathBuf::from("/b/c")]
        );
        assert_eq!(split_search_path("/only"), vec![PathBuf::from("/only")]);
        assert_eq!(
            split_search_path("::/a::/b:"),
            vec![PathBuf::from("/a"), PathBuf::from("/b")]
        );
        assert!(split_search_path("").is_empty());
        assert!(split_search_path(":").is_empty());
        // Relative entries are kept: dlopen resolves them against the cwd.
        assert_eq!(split_search_path("lib/dri"), vec![PathBuf::from("lib/dri")]);
    }

    #[test]
    fn env_list_replaces_builtin_path() {
        assert_eq!(
            search_dirs(Some("/x:/y")),
            vec![PathBuf::from("/x"), PathBuf::from("/y")]
        );
        assert!(search_dirs(Some("")).is_empty());
    }

    #[test]
    fn builtin_path_is_own_dir_then_dri() {
        assert_eq!(
            builtin_dirs_for(Path::new("/opt/oxgl/lib/libGL.so.1")),
            vec![
                PathBuf::from("/opt/oxgl/lib"),
                PathBuf::from("/opt/oxgl/lib/dri")
            ]
        );
        assert!(builtin_dirs_for(Path::new("libGL.so.1")).is_empty());
        // For this test binary: its own directory first.
        let dirs = search_dirs(None);
        let exe = std::env::current_exe().unwrap();
        assert_eq!(
            dirs.first().and_then(|d| d.canonicalize().ok()),
            exe.parent().and_then(|d| d.canonicalize().ok())
        );
    }

    #[test]
    fn setuid_detection() {
        let normal = "Name:\tx\nUid:\t1000\t1000\t1000\t1000\nGid:\t100\t100\t100\t100\n";
        assert_eq!(ids_match(normal), Some(true));
        let setuid = "Uid:\t1000\t0\t0\t0\nGid:\t100\t100\t100\t100\n";
        assert_eq!(ids_match(setuid), Some(false));
        let setgid = "Uid:\t1000\t1000\t1000\t1000\nGid:\t100\t5\t5\t5\n";
        assert_eq!(ids_match(setgid), Some(false));
        assert_eq!(ids_match("garbage"), None);
        assert!(normal_user(), "tests do not run set-uid");
    }
}
