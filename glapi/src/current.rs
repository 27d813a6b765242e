//! The thread's current dispatch table and context: the "TLS dispatch" edge.
//!
//! Every exported GL stub reads the dispatch pointer; handlers read the context
//! pointer. The window-system layer (GLX, EGL) sets both on make-current. With
//! no current context the dispatch is [`crate::UNIMPLEMENTED`], whose entries
//! are harmless no-ops, and the context pointer is null.
//!
//! Cost. A Rust `thread_local!` in a shared object is general-dynamic TLS: every
//! access calls `__tls_get_addr` (NOTES.md measured ~3.5 ns per GL call). On
//! x86-64 Linux the two pointers instead live in one initial-exec TLS block
//! declared in `.tbss` with `global_asm!` and read with a `@GOTTPOFF` load plus
//! an `fs:` access, as Mesa's dispatch does: two instructions, no call. The
//! library still loads with `dlopen` (glibc reserves static TLS for that).
//! Elsewhere the portable `thread_local!` version is used.
#![allow(
    unsafe_code,
    reason = "TLS dispatch: raw pointers to the current table and context"
)]

use core::ffi::c_void;

use crate::generated::dispatch::{Dispatch, UNIMPLEMENTED};

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
mod slot {
    //! Initial-exec TLS: `oxgl_tls_current` is 16 bytes, dispatch then context.
    use core::ffi::c_void;

    core::arch::global_asm!(
        ".section .tbss,\"awT\",@nobits",
        ".p2align 3",
        ".globl oxgl_tls_current",
        ".hidden oxgl_tls_current",
        ".type oxgl_tls_current,@object",
        ".size oxgl_tls_current,16",
        "oxgl_tls_current:",
        ".zero 16",
        ".text",
    );

    #[inline(always)]
    pub fn dispatch() -> *const c_void {
        let v: *const c_void;
        // SAFETY: reads this thread's slot; the TLS block exists in every
        // thread and starts zeroed.
        unsafe {
            core::arch::asm!(
                "mov {v}, qword ptr [rip + oxgl_tls_current@GOTTPOFF]",
                "mov {v}, qword ptr fs:[{v}]",
                v = out(reg) v,
                options(nostack, readonly, preserves_flags),
            );
        }
        v
    }

    #[inline(always)]
    pub fn context() -> *mut c_void {
        let v: *mut c_void;
        // SAFETY: as in `dispatch`.
        unsafe {
            core::arch::asm!(
                "mov {v}, qword ptr [rip + oxgl_tls_current@GOTTPOFF]",
                "mov {v}, qword ptr fs:[{v} + 8]",
                v = out(reg) v,
                options(nostack, readonly, preserves_flags),
            );
        }
        v
    }

    pub fn set(dispatch: *const c_void, context: *mut c_void) {
        // SAFETY: writes this thread's slot.
        unsafe {
            core::arch::asm!(
                "mov {t}, qword ptr [rip + oxgl_tls_current@GOTTPOFF]",
                "mov qword ptr fs:[{t}], {d}",
                "mov qword ptr fs:[{t} + 8], {c}",
                t = out(reg) _,
                d = in(reg) dispatch,
                c = in(reg) context,
                options(nostack, preserves_flags),
            );
        }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
mod slot {
    //! Portable fallback: `thread_local!` (a `__tls_get_addr` call per access).
    use core::cell::Cell;
    use core::ffi::c_void;

    thread_local! {
        static SLOT: Cell<(*const c_void, *mut c_void)> =
            const { Cell::new((core::ptr::null(), core::ptr::null_mut())) };
    }

    #[inline(always)]
    pub fn dispatch() -> *const c_void {
        SLOT.try_with(|s| s.get().0).unwrap_or(core::ptr::null())
    }

    #[inline(always)]
    pub fn context() -> *mut c_void {
        SLOT.try_with(|s| s.get().1)
            .unwrap_or(core::ptr::null_mut())
    }

    pub fn set(dispatch: *const c_void, context: *mut c_void) {
        let _ = SLOT.try_with(|s| s.set((dispatch, context)));
    }
}

/// The calling thread's dispatch table.
#[inline(always)]
pub fn dispatch() -> &'static Dispatch {
    let p = slot::dispatch() as *const Dispatch;
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
    slot::context()
}

/// Makes `dispatch` and `context` current on the calling thread; nulls unbind.
///
/// # Safety
/// Both must stay valid until they are replaced on this thread, and `context`
/// must not be current on any other thread.
pub unsafe fn set(dispatch: *const Dispatch, context: *mut c_void) {
    slot::set(dispatch as *const c_void, context);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_per_thread() {
        assert!(context().is_null());
        assert!(core::ptr::eq(dispatch(), &UNIMPLEMENTED));
        let mut x = 5u32;
        let p = &mut x as *mut u32 as *mut c_void;
        // SAFETY: `x` outlives the binding, which is cleared below.
        unsafe { set(&UNIMPLEMENTED, p) };
        assert_eq!(context(), p);
        std::thread::spawn(|| assert!(context().is_null()))
            .join()
            .unwrap();
        // SAFETY: clearing.
        unsafe { set(core::ptr::null(), core::ptr::null_mut()) };
        assert!(context().is_null());
    }
}
