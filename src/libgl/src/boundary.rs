//! The panic boundary: no panic crosses the C ABI (rustls-ffi's
//! `ffi_panic_boundary!`, without the macro). A panic is an internal bug: it is
//! logged as a problem (Mesa's `_mesa_problem`) and the call returns `default`.

use std::panic::{AssertUnwindSafe, catch_unwind};

use oxgl_util::log::Level;

/// Runs `f`, returning `default` if it panics.
pub fn boundary<R>(name: &str, default: R, f: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            oxgl_util::log!(
                Level::Warning,
                "oxgl internal problem in {name}: {what} (please report)"
            );
            default
        }
    }
}
