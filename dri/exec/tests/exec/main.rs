//! Execution tests: the same IR runs on the reference interpreter
//! (`oxgl_ir::interp`, once per lane) and on the SoA engine (once for all
//! lanes), with different pseudo-random inputs per lane; outputs, built-ins
//! and discard masks must be bit-identical (any NaN equals any NaN).
//!
//! `harness` holds the comparison; `shaders` builder-made shaders;
//! `alu` a sweep over every ALU operation; `files` the IR crate's text
//! filetests; `special` what the interpreter cannot check (derivatives,
//! helpers, loop limits, compile errors); `tess` the tessellation
//! stages' cross-lane and per-patch data.

mod alu;
mod files;
mod geometry;
mod harness;
mod shaders;
mod special;
mod tess;
