//! Small pieces every oxgl crate needs: Mesa-compatible logging driven by
//! `LIBGL_DEBUG`, and environment-variable helpers.
#![forbid(unsafe_code)]

pub mod env;
pub mod format;
pub mod log;
