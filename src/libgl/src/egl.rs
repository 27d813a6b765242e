//! EGL: exported so that programs linking `libEGL.so.1` (piglit's utility
//! library does, even for GLX tests) load, but not implemented yet apart from
//! `eglGetProcAddress` and `eglGetError`. Every other entry point (generated in
//! `generated/egl_stubs.rs`) logs once under `LIBGL_DEBUG` and fails:
//! `EGL_FALSE` / `EGL_NO_*`, with `EGL_NOT_INITIALIZED` for `eglGetError`.
#![allow(unsafe_code, reason = "exported C entry points")]

use std::cell::Cell;
use std::collections::HashSet;
use std::ffi::{CStr, c_char};
use std::sync::{Mutex, OnceLock};

use oxgl_glapi::types::{__eglMustCastToProperFunctionPointerType, EGLint};
use oxgl_util::log::Level;

const EGL_SUCCESS: EGLint = 0x3000;
const EGL_NOT_INITIALIZED: EGLint = 0x3001;

thread_local! {
    static LAST_ERROR: Cell<EGLint> = const { Cell::new(EGL_SUCCESS) };
}

/// Reports a call of an EGL entry point that is not implemented yet (logged
/// once per name) and makes it fail with `EGL_NOT_INITIALIZED`: no display can
/// be initialized yet.
pub fn unimplemented(name: &CStr) {
    static SEEN: OnceLock<Mutex<HashSet<String>>> = OnceLock::new();
    LAST_ERROR.with(|e| e.set(EGL_NOT_INITIALIZED));
    let name = name.to_string_lossy().into_owned();
    let mut seen = SEEN
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if seen.insert(name.clone()) {
        oxgl_util::log!(
            Level::Debug,
            "oxgl: {name} is not implemented yet (EGL comes later)"
        );
    }
}

/// `eglGetError`: the error of the calling thread's last EGL call, then reset.
#[unsafe(no_mangle)]
pub extern "C" fn eglGetError() -> EGLint {
    LAST_ERROR.with(|e| e.replace(EGL_SUCCESS))
}

/// `eglGetProcAddress`: the same addresses `dlsym` and `glXGetProcAddress` give.
///
/// # Safety
/// `name` is null or NUL-terminated (EGL 1.5 §3.10).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglGetProcAddress(
    name: *const c_char,
) -> __eglMustCastToProperFunctionPointerType {
    if name.is_null() {
        return None;
    }
    // SAFETY: NUL-terminated per the contract above.
    let name = unsafe { CStr::from_ptr(name) };
    let p = crate::boundary::boundary("eglGetProcAddress", std::ptr::null(), || {
        crate::glx::proc_address(name.to_bytes())
    });
    // SAFETY: `p` is null or the address of one of our exported functions.
    unsafe {
        std::mem::transmute::<*const std::ffi::c_void, __eglMustCastToProperFunctionPointerType>(p)
    }
}

/// Hand-written EGL entry points, for the proc-address lookup.
pub fn custom_address(name: &[u8]) -> Option<*const std::ffi::c_void> {
    match name {
        b"eglGetError" => Some(eglGetError as *const () as *const std::ffi::c_void),
        b"eglGetProcAddress" => Some(eglGetProcAddress as *const () as *const std::ffi::c_void),
        _ => None,
    }
}
