//! Sync objects (`GL_ARB_sync`, GL 4.6 §4.1): glFenceSync, glIsSync,
//! glDeleteSync, glClientWaitSync, glWaitSync, glGetSynciv. The core keeps
//! the objects ([`oxgl_core::sync`]); handles travel as addresses and are
//! looked up, never dereferenced. None of these is compiled into display
//! lists (they execute at once, as in Mesa).

#![allow(non_snake_case, reason = "entry points are named as GL names them")]

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::generated::enums::GL_WAIT_FAILED;
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client;

unsafe extern "C" fn FenceSync(condition: GLenum, flags: GLbitfield) -> GLsync {
    with_ctx("glFenceSync", std::ptr::null_mut(), |c| {
        let r = c.fence_sync(condition, flags);
        c.record(r)
            .map_or(std::ptr::null_mut(), std::ptr::with_exposed_provenance_mut)
    })
}

unsafe extern "C" fn IsSync(sync: GLsync) -> GLboolean {
    with_ctx("glIsSync", 0, |c| {
        let r = c.is_sync(sync.addr());
        c.record(r).map_or(0, GLboolean::from)
    })
}

unsafe extern "C" fn DeleteSync(sync: GLsync) {
    with_ctx("glDeleteSync", (), |c| {
        let r = c.delete_sync(sync.addr());
        c.record(r);
    })
}

unsafe extern "C" fn ClientWaitSync(sync: GLsync, flags: GLbitfield, timeout: GLuint64) -> GLenum {
    with_ctx("glClientWaitSync", GL_WAIT_FAILED, |c| {
        let r = c.client_wait_sync(sync.addr(), flags, timeout);
        c.record(r).unwrap_or(GL_WAIT_FAILED)
    })
}

unsafe extern "C" fn WaitSync(sync: GLsync, flags: GLbitfield, timeout: GLuint64) {
    with_ctx("glWaitSync", (), |c| {
        let r = c.wait_sync(sync.addr(), flags, timeout);
        c.record(r);
    })
}

unsafe extern "C" fn GetSynciv(
    sync: GLsync,
    pname: GLenum,
    count: GLsizei,
    length: *mut GLsizei,
    values: *mut GLint,
) {
    with_ctx("glGetSynciv", (), |c| {
        // GL 4.6 §4.1.3: INVALID_VALUE for a negative count.
        let r = if count < 0 {
            Err(oxgl_core::error::ApiError::InvalidValue)
        } else {
            c.get_sync(sync.addr(), pname)
        };
        if let Some(v) = c.record(r) {
            let n = usize::from(count > 0);
            // SAFETY: GL 4.6 §4.1.3: `values` has room for `count` values
            // (one is written when `count` allows), `length` for one.
            unsafe {
                client::write_iter(values, std::iter::once(v).take(n));
                client::put(length, n as GLsizei);
            }
        }
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile == Profile::Es {
        return;
    }
    d.FenceSync = FenceSync;
    d.IsSync = IsSync;
    d.DeleteSync = DeleteSync;
    d.ClientWaitSync = ClientWaitSync;
    d.WaitSync = WaitSync;
    d.GetSynciv = GetSynciv;
}
