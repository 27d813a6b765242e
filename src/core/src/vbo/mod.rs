//! vbo: every way of feeding vertices — immediate mode, current attributes,
//! client arrays, buffer objects, display lists — normalized into one form of
//! draw, [`DrawBatch`] (DESIGN.md "vbo: one form of draw").
//!
//! This module holds the data structures and their rules; the `Context`
//! methods that expose them to the API live beside the rest of the state.

pub mod draw;
pub(crate) mod submit;

pub mod arrays;
pub mod attrib;
pub mod batch;
pub mod binding;
pub mod immediate;

pub use attrib::{Attrib, CurrentAttribs, NUM_ATTRIBS};
pub use batch::{AttribLayout, DrawBatch, Prim};
pub use immediate::Immediate;
