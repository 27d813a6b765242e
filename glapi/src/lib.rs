//! The GL, GLX and EGL APIs as data, generated from the pinned Khronos XML in
//! `glapi/xml/` by `glapi/gen` (`cargo run --release -p oxgl-glapi-gen`).
//!
//! Every command of `gl.xml` has a *slot*: its index in the bytewise-sorted
//! [`COMMAND_NAMES`], also spelled `slot::Clear` etc. The [`Dispatch`] table has
//! one typed `unsafe extern "C" fn` field per slot, in slot order, with the exact
//! C signature; `libGL`'s exported stubs call through the current context's
//! table. [`UNIMPLEMENTED`] fills every slot with a function that reports the
//! call through [`set_unimplemented_hook`] and returns zero.
//!
//! `unsafe` here is fenced: [`Dispatch::slots`] (the one view of the table as
//! raw pointers) and the thread-local current table in [`current`].

use core::ffi::c_void;
use std::sync::OnceLock;

pub mod current;
#[rustfmt::skip]
pub mod generated;
pub mod registry;
pub mod types;

pub use generated::commands::{ALIASES, COMMAND_NAMES, EXTENSIONS, FEATURES, NUM_COMMANDS, slot};
pub use generated::dispatch::{Dispatch, UNIMPLEMENTED};
pub use generated::egl::EGL_1_5_COMMANDS;
pub use generated::glx::{GLX_1_4_COMMANDS, GLX_EXTENSION_COMMANDS};
pub use registry::{Api, Extension, Feature, Profile, required_commands};

/// The slot of the GL command `name` (`"glClear"`), if `gl.xml` has it.
pub fn lookup(name: &str) -> Option<usize> {
    COMMAND_NAMES.binary_search(&name).ok()
}

static UNIMPLEMENTED_HOOK: OnceLock<fn(usize)> = OnceLock::new();

/// Installs the function [`unimplemented_call`] reports to. The first call
/// wins; later calls are ignored. The hook runs inside `extern "C"` entry
/// points, so it must not panic (unwinding out of them aborts).
pub fn set_unimplemented_hook(hook: fn(usize)) {
    // First-wins by design: a second hook is a programming error elsewhere,
    // not something to race on.
    let _ = UNIMPLEMENTED_HOOK.set(hook);
}

/// Called by every function of [`UNIMPLEMENTED`] with its slot; forwards to the
/// hook if one is installed.
#[cold]
#[inline(never)]
pub fn unimplemented_call(slot: usize) {
    if let Some(hook) = UNIMPLEMENTED_HOOK.get() {
        hook(slot);
    }
}

const _: () = assert!(size_of::<Dispatch>() == NUM_COMMANDS * size_of::<usize>());
const _: () = assert!(size_of::<*const c_void>() == size_of::<usize>());

#[allow(unsafe_code, reason = "views the table as an array")]
impl Dispatch {
    /// The table as one address per slot, for comparisons and
    /// `glXGetProcAddress`-style lookups.
    pub fn slots(&self) -> &[*const c_void; NUM_COMMANDS] {
        // SAFETY: `Dispatch` is `repr(C)` with exactly NUM_COMMANDS fields, each
        // an `unsafe extern "C" fn` pointer: pointer-sized and pointer-aligned,
        // so there is no padding (the size is asserted above) and field `i` sits
        // at offset `i * size_of::<usize>()`. A non-null function pointer is a
        // valid value of `*const c_void`, and the borrow of `self` covers the
        // whole array.
        unsafe { &*(self as *const Self).cast::<[*const c_void; NUM_COMMANDS]>() }
    }
}

impl Dispatch {
    /// Copies the handler of slot `from` into slot `to`. Only for commands
    /// that gl.xml marks as aliases of one another: they have the same C
    /// signature, so the pointer is valid in either slot. Panics if a slot
    /// is out of range.
    pub fn alias(&mut self, to: usize, from: usize) {
        assert!(
            to < NUM_COMMANDS && from < NUM_COMMANDS,
            "slot out of range"
        );
        // SAFETY: as in `slots`: `Dispatch` is `repr(C)` with NUM_COMMANDS
        // pointer-sized fields and no padding, so it can be viewed as an array
        // of NUM_COMMANDS pointers; `&mut self` makes the view exclusive, and
        // the caller guarantees that the two commands share a signature.
        let slots = unsafe { &mut *(self as *mut Self).cast::<[*const c_void; NUM_COMMANDS]>() };
        slots[to] = slots[from];
    }

    /// Puts [`UNIMPLEMENTED`]'s function back into `slot` (a command the
    /// table's API does not have). Panics if the slot is out of range.
    pub fn reset(&mut self, slot: usize) {
        assert!(slot < NUM_COMMANDS, "slot out of range");
        let none = UNIMPLEMENTED.slots()[slot];
        // SAFETY: as in `alias`; the pointer comes from the same slot of
        // another table, so it has that slot's signature.
        let slots = unsafe { &mut *(self as *mut Self).cast::<[*const c_void; NUM_COMMANDS]>() };
        slots[slot] = none;
    }
}

/// Whether `d` holds something other than [`UNIMPLEMENTED`]'s function in
/// `slot`. Panics if `slot >= NUM_COMMANDS`.
pub fn is_implemented(d: &Dispatch, slot: usize) -> bool {
    d.slots()[slot] != UNIMPLEMENTED.slots()[slot]
}
