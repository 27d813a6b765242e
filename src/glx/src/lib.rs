//! GLX 1.4 over x11rb, wrapping the application's Xlib `Display*`.
//!
//! No server GLX extension is needed: configs come from the server's visuals,
//! rendering happens in the backend, and frames reach the window with
//! `PutImage`. `libGL.so.1` exports the `glX*` symbols as thin wrappers around
//! [`api`]. `unsafe` code lives in `xlib` (FFI), `context` (the GL state
//! shared with the TLS dispatch), `shm` (shared memory) and `api` (reading
//! application pointers).
#![deny(unsafe_code)]

pub mod api;
pub mod config;
pub mod context;
pub mod display;
pub mod drawable;
pub mod shm;
pub mod xlib;

pub use display::set_backend_provider;
