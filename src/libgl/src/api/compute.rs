//! Compute dispatches (ARB_compute_shader, GL 4.3): `glDispatchCompute`
//! and `glDispatchComputeIndirect`, which `oxgl_core::program::compute`
//! runs. They run at once, in display lists too.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;

unsafe extern "C" fn DispatchCompute(x: GLuint, y: GLuint, z: GLuint) {
    with_ctx("glDispatchCompute", (), |c| {
        let r = c.dispatch_compute([x, y, z]);
        c.record(r);
    })
}

unsafe extern "C" fn DispatchComputeIndirect(indirect: GLintptr) {
    with_ctx("glDispatchComputeIndirect", (), |c| {
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
