//! The Wayland platform (`EGL_PLATFORM_WAYLAND_KHR`): displays on an
//! application's `wl_display`, window surfaces on `wl_egl_window`s presented
//! through `wl_shm` buffers, and pbuffers. The GL side is the same as on
//! every platform (backend drawables and contexts of the GLX crate); only
//! presentation and the window's size come from here.
//!
//! * [`client`]: libwayland-client through dlopen, requests and opcodes;
//! * [`display`]: our event queue, the registry, `wl_shm` and its formats;
//! * [`window`]: `wl_egl_window`, buffers, frame callbacks, resizes.

pub mod client;
pub mod display;
pub mod window;
