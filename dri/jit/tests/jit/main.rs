//! The JIT against the interpreter engine (`oxgl_exec::Program::run`): the
//! engine's own test corpus (builder-made shaders, every ALU operation, the
//! IR crate's filetests) runs through both with the same random inputs per
//! lane; outputs, built-ins and the surviving mask must be bit-identical
//! (any NaN equals any NaN) in every live lane. The engine itself is
//! checked against the reference interpreter by `oxgl-exec`'s tests, which
//! these include.

#[path = "../../../exec/tests/exec/harness.rs"]
#[allow(dead_code)]
mod exec_harness;

#[path = "../../../exec/tests/exec/alu.rs"]
mod alu;
#[path = "../../../exec/tests/exec/files.rs"]
mod files;
#[path = "../../../exec/tests/exec/shaders.rs"]
mod shaders;

mod harness;
mod special;
