//! The fuzzer's view of the GL API: the generated command table
//! (`generated/api.rs`, made by `glapi/gen/src/emit/fuzz.rs` from gl.xml) and
//! look-ups over it.

use core::ffi::c_void;

#[path = "generated/api.rs"]
mod generated;

pub use generated::{COMMANDS, ENUMS, GROUPS};

/// A value's machine type (the pointee's for `Param::elem`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Void,
    U8,
    I8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    Isize,
    /// `unsigned long` (no GL 1.0-4.6 command has one yet).
    #[expect(dead_code, reason = "generated code may name it for future registries")]
    Usize,
    F32,
    F64,
    Ptr,
}

impl Ty {
    /// Size in bytes (`Void` counts as one byte: `void *` data is bytes).
    pub fn size(self) -> usize {
        match self {
            Ty::Void | Ty::U8 | Ty::I8 => 1,
            Ty::I16 | Ty::U16 => 2,
            Ty::I32 | Ty::U32 | Ty::F32 => 4,
            Ty::I64 | Ty::U64 | Ty::Isize | Ty::Usize | Ty::F64 | Ty::Ptr => 8,
        }
    }
}

/// Calls entry point `f` with the raw argument words `a` (one per
/// parameter); returns the result's bits (0 for `void`).
pub type Thunk = unsafe fn(f: *const c_void, a: &[u64]) -> u64;

/// One parameter with gl.xml's attributes.
#[derive(Debug)]
pub struct Param {
    pub name: &'static str,
    /// The C base type: `GLenum`, `GLsizei`, `GLchar`, ...
    pub base: &'static str,
    pub ty: Ty,
    /// For pointers: the base type's `Ty`; else `ty`.
    pub elem: Ty,
    /// Number of `*`s.
    pub depth: u8,
    /// Whether the outermost pointee is `const` (the GL only reads it).
    pub konst: bool,
    pub group: &'static str,
    pub class: &'static str,
    pub len: &'static str,
}

/// One GL command.
pub struct Cmd {
    pub name: &'static str,
    pub ret: Ty,
    pub thunk: Thunk,
    pub params: &'static [Param],
}

/// The index of command `name` in [`COMMANDS`].
pub fn find(name: &str) -> Option<usize> {
    COMMANDS.binary_search_by(|c| c.name.cmp(name)).ok()
}

/// The values of enum group `name` (empty if gl.xml has none).
pub fn group(name: &str) -> &'static [u32] {
    GROUPS
        .binary_search_by(|(g, _)| (*g).cmp(name))
        .map_or(&[], |i| GROUPS[i].1)
}

/// Whether `v` is the value of any GL enum in gl.xml.
pub fn is_enum(v: u32) -> bool {
    ENUMS.binary_search_by(|(e, _)| e.cmp(&v)).is_ok()
}

/// A name for enum value `v`.
pub fn enum_name(v: u32) -> Option<&'static str> {
    ENUMS
        .binary_search_by(|(e, _)| e.cmp(&v))
        .ok()
        .map(|i| ENUMS[i].1)
}
