//! EGL 1.5 on the X11 (`EGL_PLATFORM_X11_KHR`), Wayland
//! (`EGL_PLATFORM_WAYLAND_KHR`), surfaceless (`EGL_PLATFORM_SURFACELESS_MESA`)
//! and device (`EGL_PLATFORM_DEVICE_EXT`) platforms.
//!
//! EGL adds no rendering machinery of its own: an X11 EGL display stands on
//! the GLX crate's per-`Display*` state (the x11rb connection, the configs
//! derived from the server's visuals, the backend screen), EGL contexts are
//! `oxgl_glx::context::GlxContext`s made current through the same
//! `context::bind` (one TLS dispatch path), and EGL surfaces are GLX
//! drawables presented by the same code. Surfaceless and device displays
//! have no X server: a backend screen of their own and pbuffers only. Wayland
//! displays have such a screen too, and present windows through `wl_shm`
//! buffers ([`wayland`]).
//!
//! `libGL.so.1` exports the `egl*` symbols as thin wrappers around [`api`];
//! every function there returns `Result<_, Error>`, and [`error::finish`]
//! turns that into the value and the thread's EGL error. `unsafe` code lives
//! in `api` (application pointers), `display` (Xlib calls) and `wayland`
//! (libwayland-client, the application's `wl_egl_window`).
#![deny(unsafe_code)]

pub mod api;
pub mod config;
pub mod display;
pub mod error;
pub mod surface;
pub mod thread;
pub mod wayland;

pub use error::Error;

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use std::sync::OnceLock;

static DISPATCH: OnceLock<oxgl_glx::api::DispatchFor> = OnceLock::new();

/// Installs the function giving the dispatch table of a profile and
/// version (libGL does,
/// before the first EGL call).
pub fn set_dispatch_provider(f: oxgl_glx::api::DispatchFor) {
    let _ = DISPATCH.set(f);
}

fn dispatch(profile: Profile, version: (u8, u8)) -> Option<&'static Dispatch> {
    DISPATCH.get().map(|f| f(profile, version))
}
