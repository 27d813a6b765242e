//! Selection and feedback: glRenderMode, glSelectBuffer, glFeedbackBuffer,
//! glPassThrough and the name stack (glInitNames, glLoadName, glPushName,
//! glPopName). The name-stack commands and glPassThrough are compiled into
//! display lists; glRenderMode and the two buffer commands run at once
//! (GL 4.6 compatibility §21.4.1).
//!
//! The application's buffers are written by later commands (draws, name
//! changes, glRenderMode): [`client::Words`] keeps the address and size and
//! is the only code that writes there.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::{compiled, with_ctx};
use crate::client;

unsafe extern "C" fn RenderMode(mode: GLenum) -> GLint {
    with_ctx("glRenderMode", 0, |c| {
        let r = c.render_mode(mode);
        c.record(r).unwrap_or(0)
    })
}

unsafe extern "C" fn SelectBuffer(size: GLsizei, buffer: *mut GLuint) {
    with_ctx("glSelectBuffer", (), |c| {
        let r = c.select_buffer(size, client::Words::new(buffer, size));
        c.record(r);
    })
}

unsafe extern "C" fn FeedbackBuffer(size: GLsizei, type_: GLenum, buffer: *mut GLfloat) {
    with_ctx("glFeedbackBuffer", (), |c| {
        let r = c.feedback_buffer(size, type_, client::Words::new(buffer, size));
        c.record(r);
    })
}

unsafe extern "C" fn PassThrough(token: GLfloat) {
    with_ctx("glPassThrough", (), |c| {
        compiled(c, move |c| c.pass_through(token))
    })
}

unsafe extern "C" fn InitNames() {
    with_ctx("glInitNames", (), |c| compiled(c, |c| c.init_names()))
}

unsafe extern "C" fn LoadName(name: GLuint) {
    with_ctx("glLoadName", (), |c| {
        compiled(c, move |c| c.load_name(name))
    })
}

unsafe extern "C" fn PushName(name: GLuint) {
    with_ctx("glPushName", (), |c| {
        compiled(c, move |c| c.push_name(name))
    })
}

unsafe extern "C" fn PopName() {
    with_ctx("glPopName", (), |c| compiled(c, |c| c.pop_name()))
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile != Profile::Compat {
        return;
    }
    d.RenderMode = RenderMode;
    d.SelectBuffer = SelectBuffer;
    d.FeedbackBuffer = FeedbackBuffer;
    d.PassThrough = PassThrough;
    d.InitNames = InitNames;
    d.LoadName = LoadName;
    d.PushName = PushName;
    d.PopName = PopName;
}
