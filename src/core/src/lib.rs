//! The GL state core: one [`Context`] per GL context, holding all GL state,
//! validating every command against the spec's error rules and driving the
//! backend through `oxgl-dri-interface`.
//!
//! Entry points (in `libGL.so.1`) turn C arguments into Rust values and call a
//! method here; the method returns `Result<_, ApiError>` and the entry point
//! records the error, first error wins ([`Context::record`]). The core knows no
//! window system: GLX and EGL create contexts, bind drawables and present.
#![forbid(unsafe_code)]

pub mod buffer;
pub mod compat;
pub mod context;
pub mod debug;
pub mod error;
pub mod extensions;
pub mod framebuffer;
pub mod get;
pub mod namespace;
pub mod pixel;
pub mod points;
pub mod program;
pub mod query;
pub mod raster_state;
pub mod shared;
pub mod state;
pub mod sync;
pub mod texture;
pub mod vbo;
pub mod version;
pub mod viewport;
pub mod xfb;

pub use context::{Context, ContextParams, Profile, WindowSystemHooks};
pub use error::{ApiError, ApiResult, ErrorKind, Reason};
pub use texture::compressed::{BlockSpan, CompressedPlan};
pub use version::{ApiVersions, Support};
