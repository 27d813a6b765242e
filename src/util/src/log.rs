//! Logging with Mesa's levels and prefixes.
//!
//! Mesa's GLX (`dri_message` in `src/glx/dri_common.c`) prints warnings and
//! errors by default as `libGL error: ...`, informational and debug lines only
//! with `LIBGL_DEBUG=verbose` as `libGL: ...`, and nothing at all below fatal
//! with `LIBGL_DEBUG=quiet`. We keep the same contract so scripts written
//! against Mesa read our output unchanged.

use std::io::Write;
use std::sync::OnceLock;

/// Message severity, in rising verbosity (Mesa's `_LOADER_*` numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Cannot go on.
    Fatal = 0,
    /// Something failed and was worked around (`libGL error:`).
    Warning = 1,
    /// What the library decided (`libGL:`).
    Info = 2,
    /// Details for debugging (`libGL:`).
    Debug = 3,
}

fn threshold() -> Level {
    static THRESHOLD: OnceLock<Level> = OnceLock::new();
    *THRESHOLD.get_or_init(|| threshold_for(std::env::var("LIBGL_DEBUG").ok().as_deref()))
}

/// The most verbose level printed for a given `LIBGL_DEBUG` value.
pub fn threshold_for(libgl_debug: Option<&str>) -> Level {
    match libgl_debug {
        Some(v) if v.contains("quiet") => Level::Fatal,
        Some(v) if v.contains("verbose") => Level::Debug,
        _ => Level::Warning,
    }
}

/// Whether messages of `level` are printed.
pub fn enabled(level: Level) -> bool {
    level <= threshold()
}

/// The prefix Mesa puts before a message of `level`.
pub fn prefix(level: Level) -> &'static str {
    if level <= Level::Warning {
        "libGL error: "
    } else {
        "libGL: "
    }
}

/// Prints one line on stderr if `level` is enabled.
pub fn message(level: Level, text: &str) {
    if enabled(level) {
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{}{}", prefix(level), text);
    }
}

/// `log!(Level::Info, "format", args...)`.
#[macro_export]
macro_rules! log {
    ($level:expr, $($arg:tt)*) => {
        if $crate::log::enabled($level) {
            $crate::log::message($level, &format!($($arg)*));
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_follow_mesa() {
        assert_eq!(threshold_for(None), Level::Warning);
        assert_eq!(threshold_for(Some("verbose")), Level::Debug);
        assert_eq!(threshold_for(Some("quiet")), Level::Fatal);
        assert_eq!(threshold_for(Some("1")), Level::Warning);
        assert_eq!(prefix(Level::Warning), "libGL error: ");
        assert_eq!(prefix(Level::Debug), "libGL: ");
    }
}
