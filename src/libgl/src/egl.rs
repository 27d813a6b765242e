//! EGL: exported so that programs linking `libEGL.so.1` (piglit's utility
//! library does, even for GLX tests) load, but not implemented yet. Every entry
//! point logs once under `LIBGL_DEBUG` and fails: `EGL_FALSE` / `EGL_NO_*`.

use std::collections::HashSet;
use std::ffi::CStr;
use std::sync::{Mutex, OnceLock};

use oxgl_util::log::Level;

/// Reports a call of an EGL entry point that is not implemented yet (once per name).
pub fn unimplemented(name: &CStr) {
    static SEEN: OnceLock<Mutex<HashSet<String>>> = OnceLock::new();
    let name = name.to_string_lossy().into_owned();
    let mut seen = SEEN
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if seen.insert(name.clone()) {
        oxgl_util::log!(
            Level::Debug,
            "oxgl: {name} is not implemented yet (EGL comes later)"
        );
    }
}
