//! GL command handlers: the functions the dispatch tables point to.
//!
//! Each handler is an `extern "C"` function with the command's exact
//! signature. It finds the current context, converts its C arguments (reading
//! client memory only here, with the sizes the core computed), calls the core
//! inside the panic boundary, and records the core's error, first error wins.
//! One file per GL object domain.
#![allow(
    unsafe_code,
    reason = "C entry points: the current-context pointer and client memory"
)]

mod pixels;
mod queries;
mod state;

use oxgl_core::{Context, Profile};
use oxgl_glapi::Dispatch;

use crate::boundary::boundary;

/// Runs `f` on the calling thread's current context; `default` without one.
#[inline]
pub(crate) fn with_ctx<R>(name: &str, default: R, f: impl FnOnce(&mut Context) -> R) -> R {
    let p = oxgl_glapi::current::context() as *mut Context;
    if p.is_null() {
        return default;
    }
    // SAFETY: GLX sets this pointer on make-current to a context that is
    // current in this thread only and stays alive until it is released here;
    // handlers do not re-enter one another, so this is the only reference.
    let ctx = unsafe { &mut *p };
    boundary(name, default, || f(ctx))
}

/// Fills the handled entries of `d` for contexts of `profile`.
pub fn install(d: &mut Dispatch, profile: Profile) {
    state::install(d, profile);
    queries::install(d, profile);
    pixels::install(d, profile);
}
