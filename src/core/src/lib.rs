//! The GL state core: one [`Context`] per GL context, holding all GL state,
//! validating every command against the spec's error rules and driving the
//! backend through `oxgl-dri-interface`.
//!
//! Entry points (in `libGL.so.1`) turn C arguments into Rust values and call a
//! method here; the method returns `Result<_, ApiError>` and the entry point
//! records the error, first error wins ([`Context::record`]). The core knows no
//! window system: GLX and EGL create contexts, bind drawables and present.
#![forbid(unsafe_code)]

pub mod accum;
pub mod arbprog;
pub mod attrib;
pub mod blit;
mod bptc;
mod bptc_enc;
pub mod buffer;
mod buffer_api;
pub mod clear_buffer;
mod compressed;
pub mod context;
mod copytex;
pub mod cpu_vertex;
pub mod debug;
pub mod dlist;
pub mod draw;
pub mod draw_buffers2;
pub mod drawpix;
pub mod error;
mod es1_state;
mod es_formats;
mod etc2;
pub mod eval;
pub mod extensions;
pub mod fbo;
pub mod ffgen;
pub mod fixed;
pub mod fog;
pub mod get;
pub mod lighting;
pub mod matrix;
pub mod mipmap;
pub mod paletted;
pub mod pixel_transfer;
pub mod pixelmap;
pub mod pixels;
pub mod points;
pub mod program;
pub mod query;
pub mod raster_state;
pub mod rasterpos;
mod rgtc;
mod s3tc;
pub mod select;
pub mod shared;
pub mod state;
mod submit;
pub mod sync;
pub mod texenv;
pub mod texture;
pub mod texture_api;
pub mod texture_buffer;
pub mod texture_ms;
pub mod texview;
pub mod ubo;
pub mod uniform;
pub mod vbo;
pub mod version;
pub mod xfb;

pub use compressed::CompressedPlan;
pub use context::{Context, ContextParams, Profile, WindowSystemHooks};
pub use error::{ApiError, ApiResult};
pub use version::{ApiVersions, Support};
