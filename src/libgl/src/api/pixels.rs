//! glReadPixels.

use std::ffi::c_void;

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;

unsafe extern "C" fn read_pixels(
    x: GLint,
    y: GLint,
    width: GLsizei,
    height: GLsizei,
    format: GLenum,
    type_: GLenum,
    pixels: *mut c_void,
) {
    with_ctx("glReadPixels", (), |c| {
        let plan = c.outside_begin_end().and_then(|()| {
            c.flush_vertices();
            c.plan_read_pixels(x, y, width, height, format, type_)
        });
        let Some(plan) = c.record(plan) else {
            return;
        };
        if plan.byte_len == 0 || pixels.is_null() {
            return;
        }
        // SAFETY: GL 4.6 §18.2: the client provides `byte_len` bytes at
        // `pixels` for this size, format, type and pack state (no pixel pack
        // buffer exists yet, so `pixels` is a client pointer).
        let dst = unsafe { std::slice::from_raw_parts_mut(pixels as *mut u8, plan.byte_len) };
        let r = c.read_pixels(&plan, dst);
        c.record(r);
    })
}

pub(super) fn install(d: &mut Dispatch, _profile: Profile) {
    d.ReadPixels = read_pixels;
}
