//! Shader subroutines (ARB_shader_subroutine, GL 4.0;
//! src/core/src/program/subroutine.rs): the queries of a program's
//! subroutine functions and uniforms, and the indices the stages in use
//! call. `glUniformSubroutinesuiv` is compiled into display lists, as
//! `glUniform` is; the queries run at once.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::program::{c_str, get_string};
use super::{compiled, with_ctx};
use crate::client;

/// `GL_INVALID_INDEX`.
const INVALID_INDEX: GLuint = GLuint::MAX;

unsafe extern "C" fn GetSubroutineUniformLocation(
    program: GLuint,
    shadertype: GLenum,
    name: *const GLchar,
) -> GLint {
    with_ctx("glGetSubroutineUniformLocation", -1, |c| {
        // SAFETY: a NUL-terminated name.
        let Some(Some(name)) = (unsafe { c_str(c, name) }) else {
            return -1;
        };
        let r = c.get_subroutine_uniform_location(program, shadertype, &name);
        c.record(r).unwrap_or(-1)
    })
}

unsafe extern "C" fn GetSubroutineIndex(
    program: GLuint,
    shadertype: GLenum,
    name: *const GLchar,
) -> GLuint {
    with_ctx("glGetSubroutineIndex", INVALID_INDEX, |c| {
        // SAFETY: a NUL-terminated name.
        let Some(Some(name)) = (unsafe { c_str(c, name) }) else {
            return INVALID_INDEX;
        };
        let r = c.get_subroutine_index(program, shadertype, &name);
        c.record(r).unwrap_or(INVALID_INDEX)
    })
}

unsafe extern "C" fn GetActiveSubroutineUniformiv(
    program: GLuint,
    shadertype: GLenum,
    index: GLuint,
    pname: GLenum,
    values: *mut GLint,
) {
    with_ctx("glGetActiveSubroutineUniformiv", (), |c| {
        let r = c.get_active_subroutine_uniform_iv(program, shadertype, index, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: room for what `pname` returns (GL_COMPATIBLE_SUBROUTINES:
            // GL_NUM_COMPATIBLE_SUBROUTINES values).
            unsafe { client::write(values, &v) };
        }
    })
}

unsafe extern "C" fn GetActiveSubroutineUniformName(
    program: GLuint,
    shadertype: GLenum,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    // SAFETY: the command's buffer and length pointers.
    unsafe {
        get_string(
            "glGetActiveSubroutineUniformName",
            buf_size,
            length,
            name,
            |c| c.get_active_subroutine_uniform_name(program, shadertype, index),
        )
    }
}

unsafe extern "C" fn GetActiveSubroutineName(
    program: GLuint,
    shadertype: GLenum,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    // SAFETY: the command's buffer and length pointers.
    unsafe {
        get_string("glGetActiveSubroutineName", buf_size, length, name, |c| {
            c.get_active_subroutine_name(program, shadertype, index)
        })
    }
}

unsafe extern "C" fn GetProgramStageiv(
    program: GLuint,
    shadertype: GLenum,
    pname: GLenum,
    values: *mut GLint,
) {
    with_ctx("glGetProgramStageiv", (), |c| {
        let r = c.get_program_stage_iv(program, shadertype, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes one value.
            unsafe { client::put(values, v) };
        }
    })
}

/// `glUniformSubroutinesuiv`: INVALID_VALUE for a negative count; the
/// indices are read before the command is compiled or run.
unsafe extern "C" fn UniformSubroutinesuiv(
    shadertype: GLenum,
    count: GLsizei,
    indices: *const GLuint,
) {
    with_ctx("glUniformSubroutinesuiv", (), |c| {
        let values = client::len(count, 1).and_then(|n| {
            // SAFETY: `indices` holds `count` indices.
            unsafe { client::read(indices, n) }
        });
        compiled(c, move |c| {
            c.outside_begin_end()?;
            c.uniform_subroutines(shadertype, values.as_deref().map_err(|e| *e)?)
        })
    })
}

unsafe extern "C" fn GetUniformSubroutineuiv(
    shadertype: GLenum,
    location: GLint,
    params: *mut GLuint,
) {
    with_ctx("glGetUniformSubroutineuiv", (), |c| {
        let r = c.get_uniform_subroutine(shadertype, location);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes one value.
            unsafe { client::put(params, v) };
        }
    })
}

pub(super) fn install(d: &mut Dispatch) {
    d.GetSubroutineUniformLocation = GetSubroutineUniformLocation;
    d.GetSubroutineIndex = GetSubroutineIndex;
    d.GetActiveSubroutineUniformiv = GetActiveSubroutineUniformiv;
    d.GetActiveSubroutineUniformName = GetActiveSubroutineUniformName;
    d.GetActiveSubroutineName = GetActiveSubroutineName;
    d.GetProgramStageiv = GetProgramStageiv;
    d.UniformSubroutinesuiv = UniformSubroutinesuiv;
    d.GetUniformSubroutineuiv = GetUniformSubroutineuiv;
}
