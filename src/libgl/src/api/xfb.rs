//! Transform feedback (EXT_transform_feedback, GL 3.0): the indexed
//! buffer bindings (glBindBufferRange/Base/OffsetEXT), begin/end, the
//! program's varyings (glTransformFeedbackVaryings,
//! glGetTransformFeedbackVarying) and the indexed queries
//! (glGetIntegeri_v, glGetBooleani_v, glGetInteger64i_v and the
//! EXT_draw_buffers2 names the extension uses). Core and EXT names share
//! their handlers. Begin and end are compiled into display lists; the
//! others run at once (GL 3.0 §5.4).
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::{ApiError, Context, Profile};
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::program::{negative_size, write_active};
use super::{compiled, with_ctx};
use crate::client;

unsafe extern "C" fn BindBufferRange(
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
) {
    with_ctx("glBindBufferRange", (), |c| {
        let r = c.bind_buffer_range(target, index, buffer, offset, Some(size));
        c.record(r);
    })
}

unsafe extern "C" fn BindBufferBase(target: GLenum, index: GLuint, buffer: GLuint) {
    with_ctx("glBindBufferBase", (), |c| {
        let r = c.bind_buffer_range(target, index, buffer, 0, None);
        c.record(r);
    })
}

unsafe extern "C" fn BindBufferOffsetEXT(
    target: GLenum,
    index: GLuint,
    buffer: GLuint,
    offset: GLintptr,
) {
    with_ctx("glBindBufferOffsetEXT", (), |c| {
        let r = c.bind_buffer_offset(target, index, buffer, offset);
        c.record(r);
    })
}

/// `glBeginTransformFeedback`: compiled into display lists (GL 3.0 §5.4
/// does not list it among the commands run at once; Mesa's
/// `save_BeginTransformFeedback`).
unsafe extern "C" fn BeginTransformFeedback(mode: GLenum) {
    with_ctx("glBeginTransformFeedback", (), |c| {
        compiled(c, move |c| c.begin_transform_feedback(mode))
    })
}

unsafe extern "C" fn GenTransformFeedbacks(n: GLsizei, ids: *mut GLuint) {
    with_ctx("glGenTransformFeedbacks", (), |c| {
        let r = c.gen_transform_feedbacks(n);
        if let Some(names) = c.record(r) {
            // SAFETY: the client provides room for `n` names.
            unsafe { client::write(ids, &names) };
        }
    })
}

unsafe extern "C" fn DeleteTransformFeedbacks(n: GLsizei, ids: *const GLuint) {
    with_ctx("glDeleteTransformFeedbacks", (), |c| {
        if let Err(e) = c.outside_begin_end() {
            c.record::<()>(Err(e));
            return;
        }
        // SAFETY: the client passes `n` names (INVALID_VALUE if negative).
        let r = unsafe { client::names(n, ids) };
        let Some(names) = c.record(r) else {
            return;
        };
        let r = c.delete_transform_feedbacks(&names);
        c.record(r);
    })
}

unsafe extern "C" fn IsTransformFeedback(id: GLuint) -> GLboolean {
    with_ctx("glIsTransformFeedback", 0, |c| {
        GLboolean::from(c.is_transform_feedback(id))
    })
}

/// `glBindTransformFeedback`, `glPauseTransformFeedback` and
/// `glResumeTransformFeedback`: compiled into display lists, as Mesa's.
unsafe extern "C" fn BindTransformFeedback(target: GLenum, id: GLuint) {
    with_ctx("glBindTransformFeedback", (), |c| {
        compiled(c, move |c| c.bind_transform_feedback(target, id))
    })
}

unsafe extern "C" fn PauseTransformFeedback() {
    with_ctx("glPauseTransformFeedback", (), |c| {
        compiled(c, |c| c.pause_transform_feedback())
    })
}

unsafe extern "C" fn ResumeTransformFeedback() {
    with_ctx("glResumeTransformFeedback", (), |c| {
        compiled(c, |c| c.resume_transform_feedback())
    })
}

/// `glDrawTransformFeedback(Instanced)`: INVALID_OPERATION while a
/// display list is compiled, as the instanced draws (nothing compiled).
unsafe extern "C" fn DrawTransformFeedback(mode: GLenum, id: GLuint) {
    unsafe { DrawTransformFeedbackInstanced(mode, id, 1) }
}

/// ARB_transform_feedback3: the vertices stream `stream` captured
/// (INVALID_VALUE past `GL_MAX_VERTEX_STREAMS`).
unsafe extern "C" fn DrawTransformFeedbackStream(mode: GLenum, id: GLuint, stream: GLuint) {
    unsafe { DrawTransformFeedbackStreamInstanced(mode, id, stream, 1) }
}

unsafe extern "C" fn DrawTransformFeedbackInstanced(mode: GLenum, id: GLuint, instances: GLsizei) {
    unsafe { DrawTransformFeedbackStreamInstanced(mode, id, 0, instances) }
}

/// ARB_transform_feedback_instanced (GL 4.2): `instances` instances of
/// what stream `stream` captured.
unsafe extern "C" fn DrawTransformFeedbackStreamInstanced(
    mode: GLenum,
    id: GLuint,
    stream: GLuint,
    instances: GLsizei,
) {
    with_ctx("glDrawTransformFeedbackStreamInstanced", (), |c| {
        let r = if c.compiling_list() {
            Err(ApiError::InvalidOperation)
        } else {
            c.draw_transform_feedback(mode, (id, stream), instances, &crate::client::Arrays)
        };
        c.record(r);
    })
}

/// `glEndTransformFeedback`: compiled into display lists, as the begin.
unsafe extern "C" fn EndTransformFeedback() {
    with_ctx("glEndTransformFeedback", (), |c| {
        compiled(c, |c| c.end_transform_feedback())
    })
}

/// `glTransformFeedbackVaryings`: INVALID_VALUE for a negative count
/// (GL 4.6 §11.1.2.1), then the core's checks.
unsafe extern "C" fn TransformFeedbackVaryings(
    program: GLuint,
    count: GLsizei,
    varyings: *const *const GLchar,
    mode: GLenum,
) {
    with_ctx("glTransformFeedbackVaryings", (), |c| {
        if count < 0 {
            c.record::<()>(Err(ApiError::InvalidValue));
            return;
        }
        // SAFETY: the client passes `count` string pointers.
        let ptrs = match unsafe { client::read(varyings, count as usize) } {
            Ok(p) => p,
            Err(e) => {
                c.record::<()>(Err(e));
                return;
            }
        };
        let mut names = Vec::new();
        for p in ptrs {
            // SAFETY: each is a NUL-terminated string.
            let Some(s) = (unsafe { client::c_str(p) }) else {
                c.record::<()>(Err(ApiError::InvalidValue));
                return;
            };
            let Some(s) = c.record(client::lossy(s.to_bytes())) else {
                return;
            };
            names.push(s);
        }
        let r = c.transform_feedback_varyings(program, names, mode);
        c.record(r);
    })
}

unsafe extern "C" fn GetTransformFeedbackVarying(
    program: GLuint,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    size: *mut GLsizei,
    ty: *mut GLenum,
    name: *mut GLchar,
) {
    with_ctx("glGetTransformFeedbackVarying", (), |c| {
        if negative_size(c, buf_size) {
            return;
        }
        let r = c.get_transform_feedback_varying(program, index);
        if let Some(v) = c.record(r) {
            // SAFETY: the client's pointers, as the command describes.
            unsafe { write_active(&v, buf_size, length, size, ty, name) };
        }
    })
}

/// The values of indexed state `pname` as integers (the transform
/// feedback and uniform buffer bindings, the draw buffers' blend state and
/// colour masks, the sample mask words, and the viewport state, rounded):
/// INVALID_ENUM for one that is not indexed state, INVALID_VALUE for an
/// index past it.
pub(super) fn indexed(c: &mut Context, pname: GLenum, index: GLuint) -> Option<Vec<i64>> {
    let r = c.outside_begin_end().and_then(|()| {
        if let Some((v, n)) = c.get_draw_buffer_indexed(pname, index)? {
            return Ok(v[..n].to_vec());
        }
        if let Some((v, n)) = c.get_viewport_indexed(pname, index)? {
            return Ok(v[..n].iter().map(|x| x.round() as i64).collect());
        }
        if let Some(v) = c.get_ubo_indexed(pname, index)? {
            return Ok(vec![v]);
        }
        if let Some(v) = c.get_counter_indexed(pname, index)? {
            return Ok(vec![v]);
        }
        if let Some(v) = c.get_storage_indexed(pname, index)? {
            return Ok(vec![v]);
        }
        if let Some(v) = c.get_vertex_binding_indexed(pname, index)? {
            return Ok(vec![v]);
        }
        if let Some(v) = c.get_compute_indexed(pname, index)? {
            return Ok(vec![v]);
        }
        if let Some(v) = c.get_image_indexed(pname, index)? {
            return Ok(vec![v]);
        }
        if let Some(v) = c.get_sample_mask_indexed(pname, index)? {
            return Ok(vec![v]);
        }
        c.get_xfb_indexed(pname, index)?
            .map(|v| vec![v])
            .ok_or(ApiError::InvalidEnum)
    });
    c.record(r)
}

unsafe extern "C" fn GetIntegeri_v(pname: GLenum, index: GLuint, data: *mut GLint) {
    with_ctx("glGetIntegeri_v", (), |c| {
        if let Some(v) = indexed(c, pname, index) {
            let v: Vec<GLint> = v
                .iter()
                .map(|&v| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as GLint)
                .collect();
            // SAFETY: room for the values of `pname`.
            unsafe { client::write(data, &v) };
        }
    })
}

unsafe extern "C" fn GetInteger64i_v(pname: GLenum, index: GLuint, data: *mut GLint64) {
    with_ctx("glGetInteger64i_v", (), |c| {
        if let Some(v) = indexed(c, pname, index) {
            // SAFETY: room for the values of `pname`.
            unsafe { client::write(data, &v) };
        }
    })
}

unsafe extern "C" fn GetBooleani_v(pname: GLenum, index: GLuint, data: *mut GLboolean) {
    with_ctx("glGetBooleani_v", (), |c| {
        if let Some(v) = indexed(c, pname, index) {
            let v: Vec<GLboolean> = v.iter().map(|&v| GLboolean::from(v != 0)).collect();
            // SAFETY: room for the values of `pname`.
            unsafe { client::write(data, &v) };
        }
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile == Profile::Es {
        return;
    }
    d.BindBufferRange = BindBufferRange;
    d.BindBufferRangeEXT = BindBufferRange;
    d.BindBufferBase = BindBufferBase;
    d.BindBufferBaseEXT = BindBufferBase;
    d.BindBufferOffsetEXT = BindBufferOffsetEXT;
    d.BeginTransformFeedback = BeginTransformFeedback;
    d.BeginTransformFeedbackEXT = BeginTransformFeedback;
    d.EndTransformFeedback = EndTransformFeedback;
    d.EndTransformFeedbackEXT = EndTransformFeedback;
    d.GenTransformFeedbacks = GenTransformFeedbacks;
    d.DeleteTransformFeedbacks = DeleteTransformFeedbacks;
    d.IsTransformFeedback = IsTransformFeedback;
    d.BindTransformFeedback = BindTransformFeedback;
    d.PauseTransformFeedback = PauseTransformFeedback;
    d.ResumeTransformFeedback = ResumeTransformFeedback;
    d.DrawTransformFeedback = DrawTransformFeedback;
    d.DrawTransformFeedbackInstanced = DrawTransformFeedbackInstanced;
    d.DrawTransformFeedbackStreamInstanced = DrawTransformFeedbackStreamInstanced;
    d.DrawTransformFeedbackStream = DrawTransformFeedbackStream;
    d.TransformFeedbackVaryings = TransformFeedbackVaryings;
    d.TransformFeedbackVaryingsEXT = TransformFeedbackVaryings;
    d.GetTransformFeedbackVarying = GetTransformFeedbackVarying;
    d.GetTransformFeedbackVaryingEXT = GetTransformFeedbackVarying;
    d.GetIntegeri_v = GetIntegeri_v;
    d.GetIntegerIndexedvEXT = GetIntegeri_v;
    d.GetInteger64i_v = GetInteger64i_v;
    d.GetBooleani_v = GetBooleani_v;
    d.GetBooleanIndexedvEXT = GetBooleani_v;
}
