//! Instanced draws (GL 3.1 / ARB_draw_instanced, GL 3.3 /
//! ARB_instanced_arrays, GL 4.2 / ARB_base_instance): glDrawArraysInstanced,
//! glDrawElementsInstanced and their base-vertex and base-instance forms,
//! their indirect forms (GL 4.0 / ARB_draw_indirect, GL 4.3 /
//! ARB_multi_draw_indirect), and
//! glVertexAttribDivisor. The core draws the instances one by one
//! (`Context::draw_arrays_instanced`).
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use std::ffi::c_void;

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client::Arrays as Client;

macro_rules! record {
    ($name:literal, |$c:ident| $body:expr) => {
        with_ctx($name, (), |$c| {
            let r = $body;
            $c.record(r);
        })
    };
}

/// An instanced draw while a display list is compiled: INVALID_OPERATION,
/// and nothing is compiled or drawn (ARB_draw_instanced: "The error
/// INVALID_OPERATION is generated if DrawArraysInstancedARB or
/// DrawElementsInstancedARB is called during display list compilation";
/// Mesa does the same for every instanced draw).
macro_rules! draw {
    ($name:literal, |$c:ident| $body:expr) => {
        record!($name, |$c| if $c.compiling_list() {
            Err(oxgl_core::ApiError::InvalidOperation)
        } else {
            $body
        })
    };
}

unsafe extern "C" fn DrawArraysInstanced(
    mode: GLenum,
    first: GLint,
    count: GLsizei,
    instances: GLsizei,
) {
    draw!("glDrawArraysInstanced", |c| c.draw_arrays_instanced(
        mode, first, count, instances, 0, &Client
    ))
}

unsafe extern "C" fn DrawArraysInstancedBaseInstance(
    mode: GLenum,
    first: GLint,
    count: GLsizei,
    instances: GLsizei,
    base_instance: GLuint,
) {
    draw!("glDrawArraysInstancedBaseInstance", |c| c
        .draw_arrays_instanced(
            mode,
            first,
            count,
            instances,
            base_instance,
            &Client
        ))
}

unsafe extern "C" fn DrawElementsInstanced(
    mode: GLenum,
    count: GLsizei,
    type_: GLenum,
    indices: *const c_void,
    instances: GLsizei,
) {
    draw!("glDrawElementsInstanced", |c| c.draw_elements_instanced(
        mode,
        count,
        type_,
        indices as usize,
        0,
        instances,
        0,
        &Client
    ))
}

unsafe extern "C" fn DrawElementsInstancedBaseVertex(
    mode: GLenum,
    count: GLsizei,
    type_: GLenum,
    indices: *const c_void,
    instances: GLsizei,
    base_vertex: GLint,
) {
    draw!("glDrawElementsInstancedBaseVertex", |c| c
        .draw_elements_instanced(
            mode,
            count,
            type_,
            indices as usize,
            base_vertex,
            instances,
            0,
            &Client
        ))
}

unsafe extern "C" fn DrawElementsInstancedBaseInstance(
    mode: GLenum,
    count: GLsizei,
    type_: GLenum,
    indices: *const c_void,
    instances: GLsizei,
    base_instance: GLuint,
) {
    draw!("glDrawElementsInstancedBaseInstance", |c| c
        .draw_elements_instanced(
            mode,
            count,
            type_,
            indices as usize,
            0,
            instances,
            base_instance,
            &Client
        ))
}

unsafe extern "C" fn DrawElementsInstancedBaseVertexBaseInstance(
    mode: GLenum,
    count: GLsizei,
    type_: GLenum,
    indices: *const c_void,
    instances: GLsizei,
    base_vertex: GLint,
    base_instance: GLuint,
) {
    draw!("glDrawElementsInstancedBaseVertexBaseInstance", |c| c
        .draw_elements_instanced(
            mode,
            count,
            type_,
            indices as usize,
            base_vertex,
            instances,
            base_instance,
            &Client
        ))
}

/// ARB_draw_indirect: `indirect` is a byte offset into the buffer bound
/// to GL_DRAW_INDIRECT_BUFFER (which must be bound: a client command
/// struct is never read).
unsafe extern "C" fn DrawArraysIndirect(mode: GLenum, indirect: *const c_void) {
    draw!("glDrawArraysIndirect", |c| c.draw_arrays_indirect(
        mode,
        indirect as usize,
        &Client
    ))
}

unsafe extern "C" fn DrawElementsIndirect(mode: GLenum, type_: GLenum, indirect: *const c_void) {
    draw!("glDrawElementsIndirect", |c| c.draw_elements_indirect(
        mode,
        type_,
        indirect as usize,
        &Client
    ))
}

/// ARB_multi_draw_indirect: `drawcount` commands `stride` bytes apart.
unsafe extern "C" fn MultiDrawArraysIndirect(
    mode: GLenum,
    indirect: *const c_void,
    drawcount: GLsizei,
    stride: GLsizei,
) {
    draw!("glMultiDrawArraysIndirect", |c| c
        .multi_draw_arrays_indirect(
            mode,
            indirect as usize,
            drawcount,
            stride,
            &Client
        ))
}

unsafe extern "C" fn MultiDrawElementsIndirect(
    mode: GLenum,
    type_: GLenum,
    indirect: *const c_void,
    drawcount: GLsizei,
    stride: GLsizei,
) {
    draw!("glMultiDrawElementsIndirect", |c| c
        .multi_draw_elements_indirect(
            mode,
            type_,
            indirect as usize,
            drawcount,
            stride,
            &Client
        ))
}

unsafe extern "C" fn VertexAttribDivisor(index: GLuint, divisor: GLuint) {
    record!("glVertexAttribDivisor", |c| c
        .vertex_attrib_divisor(index, divisor))
}

pub(super) fn install(d: &mut Dispatch, _profile: Profile) {
    d.DrawArraysInstanced = DrawArraysInstanced;
    d.DrawArraysInstancedARB = DrawArraysInstanced;
    d.DrawArraysInstancedBaseInstance = DrawArraysInstancedBaseInstance;
    d.DrawElementsInstanced = DrawElementsInstanced;
    d.DrawElementsInstancedARB = DrawElementsInstanced;
    d.DrawElementsInstancedBaseVertex = DrawElementsInstancedBaseVertex;
    d.DrawElementsInstancedBaseInstance = DrawElementsInstancedBaseInstance;
    d.DrawElementsInstancedBaseVertexBaseInstance = DrawElementsInstancedBaseVertexBaseInstance;
    // The ES extensions' names (GL_OES/EXT_draw_elements_base_vertex,
    // GL_EXT_base_instance).
    d.DrawElementsInstancedBaseVertexOES = DrawElementsInstancedBaseVertex;
    d.DrawElementsInstancedBaseVertexEXT = DrawElementsInstancedBaseVertex;
    d.DrawArraysInstancedBaseInstanceEXT = DrawArraysInstancedBaseInstance;
    d.DrawElementsInstancedBaseInstanceEXT = DrawElementsInstancedBaseInstance;
    d.DrawElementsInstancedBaseVertexBaseInstanceEXT = DrawElementsInstancedBaseVertexBaseInstance;
    d.DrawArraysIndirect = DrawArraysIndirect;
    d.DrawElementsIndirect = DrawElementsIndirect;
    d.MultiDrawArraysIndirect = MultiDrawArraysIndirect;
    d.MultiDrawElementsIndirect = MultiDrawElementsIndirect;
    d.VertexAttribDivisor = VertexAttribDivisor;
    d.VertexAttribDivisorARB = VertexAttribDivisor;
}
