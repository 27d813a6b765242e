//! Compute dispatches (ARB_compute_shader, GL 4.3): `glDispatchCompute`
//! and `glDispatchComputeIndirect`, which `oxgl_core::program::compute`
//! runs. Display lists compile `glDispatchCompute`; the indirect command
//! is INVALID_OPERATION in a list (the extension's display list rules,
//! as Mesa).
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use oxgl_core::error::ApiError;

use super::{compiled, with_ctx};

unsafe extern "C" fn DispatchCompute(x: GLuint, y: GLuint, z: GLuint) {
    with_ctx("glDispatchCompute", (), |c| {
        compiled(c, move |c| c.dispatch_compute([x, y, z]))
    })
}

unsafe extern "C" fn DispatchComputeIndirect(indirect: GLintptr) {
    with_ctx("glDispatchComputeIndirect", (), |c| {
        if c.compiling_list() {
            c.record::<()>(Err(ApiError::InvalidOperation));
            return;
        }
        let r = c.dispatch_compute_indirect(indirect);
        c.record(r);
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile == Profile::Es {
        return;
    }
    d.DispatchCompute = DispatchCompute;
    d.DispatchComputeIndirect = DispatchComputeIndirect;
}
