//! The software rendering backend.
//!
//! It registers with the core through exactly the hook table of
//! `oxgl-dri-interface` ([`BACKEND`]); `libGL.so.1` links it in as the last
//! fallback and `swrast_dri.so` (crate `oxgl-swrast-dri`) exports it for the
//! loader. It owns drawable storage (colour front/back, depth, stencil),
//! clears, maps buffers for presentation and read-back, and swaps; the
//! binning rasterizer ([`raster`]: tiles, worker threads, SoA shading; see
//! README.md) is a library the vertex pipeline will drive from `draw_prims`.
#![deny(unsafe_code)]

mod capture;
mod compute;
mod framebuffer;
mod geometry;
mod hooks;
mod image;
mod pipeline;
mod program;
pub mod raster;
mod tessellator;
mod texture;

pub use framebuffer::{Buffers, ClearParams, OutOfMemory, pack_color};
pub use hooks::BACKEND;

/// The renderer name reported through `GL_RENDERER` and GLX_MESA_query_renderer.
pub fn renderer_name() -> String {
    "oxgl swrast".to_string()
}
