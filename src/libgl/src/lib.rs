//! `libGL.so.1`: the only crate that exports C symbols.
//!
//! * `generated/stubs.rs` — every GL command of `gl.xml`, forwarding through
//!   the calling thread's dispatch table ([`dispatch`]).
//! * [`api`] — the handlers the dispatch tables point to: they turn C
//!   arguments into Rust values, call `oxgl-core`, and record GL errors.
//! * [`glx`] — the `glX*` exports, thin wrappers around `oxgl-glx`.
//! * [`egl`] — EGL entry points (not implemented yet: they fail cleanly).
//! * [`boundary`] — the panic boundary every handler runs inside.
//!
//! The other names programs load (`libEGL.so.1`, `libGLESv2.so.2`, ...) are
//! links to this same file (see `build.rs`), so a process has one core.
#![deny(unsafe_code)]
#![allow(non_snake_case, reason = "the library must be named libGL")]

pub mod api;
pub mod boundary;
pub(crate) mod client;
pub mod dispatch;
pub mod egl;
#[allow(unsafe_code, reason = "generated C entry points")]
#[rustfmt::skip]
pub mod generated;
pub mod glx;
pub mod tables;
