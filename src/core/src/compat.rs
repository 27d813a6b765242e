//! The compatibility profile's fixed-function machinery: matrices,
//! current attributes and immediate mode (`fixed`), lighting, fog, texture
//! environments, the programs generated for them (`ffgen`), evaluators,
//! the raster position and the CPU vertex path behind it, selection and
//! feedback, display lists, the accumulation buffer, attribute stacks and
//! ES 1.1 state.

pub mod accum;
pub mod attrib;
pub mod cpu_vertex;
pub mod dlist;
pub(crate) mod es1_state;
pub mod eval;
pub mod ffgen;
pub mod fixed;
pub mod fog;
pub mod lighting;
pub mod matrix;
pub mod rasterpos;
pub mod select;
pub mod texenv;
