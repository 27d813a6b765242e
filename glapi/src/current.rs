//! The thread's current dispatch table and context: the "TLS dispatch" edge.
//!
//! Every exported GL stub reads the dispatch pointer; handlers read the context
//! pointer. The window-system layer (GLX, EGL) sets both on make-current. With
//! no current context the dispatch is [`crate::UNIMPLEMENTED`], whose entries
//! are harmless no-ops, and the context pointer is null.
//!
//! Cost: `thread_local!` in a shared object compiles to a `__tls_get_addr` call
//! (general-dynamic TLS); `scripts/bench-dispatch` measures it against Mesa.
#![allow(
    unsafe_code,
    reason = "TLS dispatch: raw pointers to the current table and context"
)]

use core::cell::Cell;
use core::ffi::c_void;

use crate::generated::dispatch::{Dispatch, UNIMPLEMENTED};

thread_local! {
    static DISPATCH: Cell<*const Dispatch> = const { Cell::new(core::ptr::null()) };
    static CONTEXT: Cell<*mut c_void> = const { Cell::new(core::ptr::null_mut()) };
}

/// The calling thread's dispatch table.
#[inline(always)]
pub fn dispatch() -> &'static Dispatch {
    let p = DISPATCH.try_with(Cell::get).unwrap_or(core::ptr::null());
    if p.is_null() {
        &UNIMPLEMENTED
    } else {
        // SAFETY: `set` is only given tables that outlive their binding
        // (static tables, or ones the window system frees after unbinding).
        unsafe { &*p }
    }
}

/// The calling thread's current context (opaque to this crate), or null.
#[inline(always)]
pub fn context() -> *mut c_void {
    CONTEXT.try_with(Cell::get).unwrap_or(core::ptr::null_mut())
}

/// Makes `dispatch` and `context` current on the calling thread; nulls unbind.
///
/// # Safety
/// Both must stay valid until they are replaced on this thread, and `context`
/// must not be current on any other thread.
pub unsafe fn set(dispatch: *const Dispatch, context: *mut c_void) {
    let _ = DISPATCH.try_with(|d| d.set(dispatch));
    let _ = CONTEXT.try_with(|c| c.set(context));
}
