//! EGL errors (EGL 1.5 §3.1) and Mesa's EGL logging.
//!
//! Each thread keeps the error of its last EGL call: every entry point sets
//! it, `EGL_SUCCESS` included, and `eglGetError` returns and resets it.
//! Messages go to stderr as Mesa's `_eglLog` prints them,
//! `libEGL <level>: <text>`, at the levels `EGL_LOG_LEVEL` selects (`fatal`,
//! `warning` — the default —, `info`, `debug`); a user error is logged at
//! `debug` as Mesa's `_eglError` does. `LIBGL_DEBUG=verbose` also turns on
//! the debug level (Mesa's EGL reads `EGL_LOG_LEVEL` only; libGL's own
//! messages go through `oxgl_util::log`).

use std::cell::Cell;
use std::io::Write;
use std::sync::OnceLock;

use oxgl_glapi::generated::egl_enums::*;
use oxgl_glapi::types::EGLint;

/// An EGL error code (`EGL_BAD_DISPLAY`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error(pub EGLint);

/// `Result` of an EGL function.
pub type Result<T> = std::result::Result<T, Error>;

/// `EGL_BAD_ACCESS`.
pub const BAD_ACCESS: Error = Error(EGL_BAD_ACCESS);
/// `EGL_BAD_ALLOC`.
pub const BAD_ALLOC: Error = Error(EGL_BAD_ALLOC);
/// `EGL_BAD_ATTRIBUTE`.
pub const BAD_ATTRIBUTE: Error = Error(EGL_BAD_ATTRIBUTE);
/// `EGL_BAD_CONFIG`.
pub const BAD_CONFIG: Error = Error(EGL_BAD_CONFIG);
/// `EGL_BAD_CONTEXT`.
pub const BAD_CONTEXT: Error = Error(EGL_BAD_CONTEXT);
/// `EGL_BAD_CURRENT_SURFACE`.
pub const BAD_CURRENT_SURFACE: Error = Error(EGL_BAD_CURRENT_SURFACE);
/// `EGL_BAD_DISPLAY`.
pub const BAD_DISPLAY: Error = Error(EGL_BAD_DISPLAY);
/// `EGL_BAD_MATCH`.
pub const BAD_MATCH: Error = Error(EGL_BAD_MATCH);
/// `EGL_BAD_NATIVE_PIXMAP`.
pub const BAD_NATIVE_PIXMAP: Error = Error(EGL_BAD_NATIVE_PIXMAP);
/// `EGL_BAD_NATIVE_WINDOW`.
pub const BAD_NATIVE_WINDOW: Error = Error(EGL_BAD_NATIVE_WINDOW);
/// `EGL_BAD_PARAMETER`.
pub const BAD_PARAMETER: Error = Error(EGL_BAD_PARAMETER);
/// `EGL_BAD_SURFACE`.
pub const BAD_SURFACE: Error = Error(EGL_BAD_SURFACE);
/// `EGL_NOT_INITIALIZED`.
pub const NOT_INITIALIZED: Error = Error(EGL_NOT_INITIALIZED);
/// `EGL_BAD_DEVICE_EXT`.
pub const BAD_DEVICE: Error = Error(EGL_BAD_DEVICE_EXT);

thread_local! {
    static LAST: Cell<EGLint> = const { Cell::new(EGL_SUCCESS) };
}

/// Sets the calling thread's error.
pub fn set(code: EGLint) {
    let _ = LAST.try_with(|e| e.set(code));
}

/// `eglGetError`: the thread's last error, reset to `EGL_SUCCESS`.
pub fn take() -> EGLint {
    LAST.try_with(|e| e.replace(EGL_SUCCESS))
        .unwrap_or(EGL_SUCCESS)
}

/// Ends an entry point: records its error (or `EGL_SUCCESS`) and returns
/// its value, or `default` on error.
pub fn finish<T>(func: &str, result: Result<T>, default: T) -> T {
    match result {
        Ok(v) => {
            set(EGL_SUCCESS);
            v
        }
        Err(Error(code)) => {
            set(code);
            log(
                Level::Debug,
                &format!("EGL user error 0x{code:x} ({}) in {func}", name(code)),
            );
            default
        }
    }
}

/// The name of an error code.
pub fn name(code: EGLint) -> &'static str {
    match code {
        EGL_SUCCESS => "EGL_SUCCESS",
        EGL_NOT_INITIALIZED => "EGL_NOT_INITIALIZED",
        EGL_BAD_ACCESS => "EGL_BAD_ACCESS",
        EGL_BAD_ALLOC => "EGL_BAD_ALLOC",
        EGL_BAD_ATTRIBUTE => "EGL_BAD_ATTRIBUTE",
        EGL_BAD_CONFIG => "EGL_BAD_CONFIG",
        EGL_BAD_CONTEXT => "EGL_BAD_CONTEXT",
        EGL_BAD_CURRENT_SURFACE => "EGL_BAD_CURRENT_SURFACE",
        EGL_BAD_DISPLAY => "EGL_BAD_DISPLAY",
        EGL_BAD_MATCH => "EGL_BAD_MATCH",
        EGL_BAD_NATIVE_PIXMAP => "EGL_BAD_NATIVE_PIXMAP",
        EGL_BAD_NATIVE_WINDOW => "EGL_BAD_NATIVE_WINDOW",
        EGL_BAD_PARAMETER => "EGL_BAD_PARAMETER",
        EGL_BAD_SURFACE => "EGL_BAD_SURFACE",
        EGL_CONTEXT_LOST => "EGL_CONTEXT_LOST",
        EGL_BAD_DEVICE_EXT => "EGL_BAD_DEVICE_EXT",
        _ => "unknown error",
    }
}

/// Mesa's EGL log levels (`_EGL_FATAL` .. `_EGL_DEBUG`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// `fatal`.
    Fatal,
    /// `warning`.
    Warning,
    /// `info`.
    Info,
    /// `debug`.
    Debug,
}

impl Level {
    fn word(self) -> &'static str {
        match self {
            Level::Fatal => "fatal",
            Level::Warning => "warning",
            Level::Info => "info",
            Level::Debug => "debug",
        }
    }
}

/// The most verbose level printed for `EGL_LOG_LEVEL` and `LIBGL_DEBUG`
/// values (Mesa's `_eglInitLogger`: an unknown level name is the default,
/// warning).
pub fn threshold_for(egl_log_level: Option<&str>, libgl_debug: Option<&str>) -> Level {
    let level = match egl_log_level {
        Some("fatal") => Level::Fatal,
        Some("info") => Level::Info,
        Some("debug") => Level::Debug,
        _ => Level::Warning,
    };
    if libgl_debug.is_some_and(|v| v.contains("verbose")) {
        Level::Debug
    } else {
        level
    }
}

fn threshold() -> Level {
    static T: OnceLock<Level> = OnceLock::new();
    *T.get_or_init(|| {
        threshold_for(
            std::env::var("EGL_LOG_LEVEL").ok().as_deref(),
            std::env::var("LIBGL_DEBUG").ok().as_deref(),
        )
    })
}

/// Prints `libEGL <level>: <text>` when `level` is enabled.
pub fn log(level: Level, text: &str) {
    if level <= threshold() {
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "libEGL {}: {}", level.word(), text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_mesa() {
        assert_eq!(threshold_for(None, None), Level::Warning);
        assert_eq!(threshold_for(Some("debug"), None), Level::Debug);
        assert_eq!(threshold_for(Some("info"), None), Level::Info);
        assert_eq!(threshold_for(Some("fatal"), None), Level::Fatal);
        assert_eq!(threshold_for(Some("bogus"), None), Level::Warning);
        assert_eq!(threshold_for(Some("fatal"), Some("verbose")), Level::Debug);
    }

    #[test]
    fn finish_sets_the_thread_error() {
        assert_eq!(finish("eglX", Err(BAD_DISPLAY), 0), 0);
        assert_eq!(take(), EGL_BAD_DISPLAY);
        assert_eq!(take(), EGL_SUCCESS);
        assert_eq!(finish("eglX", Ok(7), 0), 7);
        assert_eq!(take(), EGL_SUCCESS);
    }
}
