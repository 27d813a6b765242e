//! Per-thread EGL state: the bound client API (`eglBindAPI`) and the EGL
//! binding (display, context, surfaces). The GL side of a binding — the
//! dispatch table and context in TLS — is GLX's `context::bind`, so GL calls
//! run the same path whichever API made the context current; this module
//! keeps only what EGL reports (`eglGetCurrent*`).

use std::cell::{Cell, RefCell};
use std::sync::Arc;

use oxgl_glapi::generated::egl_enums::*;
use oxgl_glapi::types::EGLint;

use crate::display::EglContext;
use crate::surface::Surface;

/// The calling thread's EGL binding.
#[derive(Clone)]
pub struct Binding {
    /// `EGLDisplay` handle.
    pub display: usize,
    /// The context.
    pub ctx: Arc<EglContext>,
    /// Draw surface (None: surfaceless).
    pub draw: Option<Arc<Surface>>,
    /// Read surface.
    pub read: Option<Arc<Surface>>,
}

/// The API a thread starts with (EGL 1.5 §3.7: OpenGL ES when supported,
/// else `EGL_NONE`).
pub fn initial_api() -> EGLint {
    if oxgl_core::version::support().gles2.is_some() {
        EGL_OPENGL_ES_API
    } else {
        EGL_NONE
    }
}

thread_local! {
    static API: Cell<EGLint> = Cell::new(initial_api());
    static CURRENT: RefCell<Option<Binding>> = const { RefCell::new(None) };
}

/// The bound API.
pub fn api() -> EGLint {
    API.try_with(|a| a.get()).unwrap_or(EGL_NONE)
}

/// `eglBindAPI`.
pub fn set_api(api: EGLint) {
    let _ = API.try_with(|a| a.set(api));
}

/// The thread's EGL binding, if its GL context is still the one current in
/// the thread (a `glXMakeCurrent` since then replaced it: none).
pub fn current() -> Option<Binding> {
    let b = CURRENT.try_with(|c| c.borrow().clone()).ok().flatten()?;
    let still = oxgl_glx::context::with_current(|cur| {
        cur.is_some_and(|cur| cur.egl && Arc::ptr_eq(&cur.ctx, &b.ctx.glx))
    });
    if still {
        Some(b)
    } else {
        set_current(None);
        None
    }
}

/// Records the thread's EGL binding.
pub fn set_current(b: Option<Binding>) {
    let old = CURRENT.try_with(|c| std::mem::replace(&mut *c.borrow_mut(), b));
    drop(old);
}
