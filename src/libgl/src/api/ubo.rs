//! Uniform buffer objects (ARB_uniform_buffer_object, GL 3.1): a
//! program's uniform blocks and the properties of its active uniforms.
//! The indexed `GL_UNIFORM_BUFFER` bindings go through
//! `glBindBufferRange`/`glBindBufferBase` and `glGetIntegeri_v`
//! (`xfb.rs`), which run at once inside display lists; the queries run
//! at once too, and `glUniformBlockBinding` is compiled, as `glUniform`
//! is (the extension's issue 33).
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::program::{c_str, get_string, negative_size};
use super::{compiled, with_ctx};
use crate::client;

/// `GL_INVALID_INDEX`.
const INVALID_INDEX: GLuint = GLuint::MAX;

unsafe extern "C" fn GetUniformBlockIndex(program: GLuint, name: *const GLchar) -> GLuint {
    with_ctx("glGetUniformBlockIndex", INVALID_INDEX, |c| {
        // SAFETY: a NUL-terminated name.
        let Some(Some(name)) = (unsafe { c_str(c, name) }) else {
            return INVALID_INDEX;
        };
        let r = c.get_uniform_block_index(program, &name);
        c.record(r).unwrap_or(INVALID_INDEX)
    })
}

unsafe extern "C" fn GetActiveUniformBlockiv(
    program: GLuint,
    index: GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    with_ctx("glGetActiveUniformBlockiv", (), |c| {
        let r = c.get_active_uniform_block(program, index, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: room for the values of `pname` (for the indices:
            // as many as GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS said).
            unsafe { client::write(params, &v) };
        }
    })
}

/// ARB_shader_atomic_counters: a property of a program's atomic counter
/// buffer.
unsafe extern "C" fn GetActiveAtomicCounterBufferiv(
    program: GLuint,
    index: GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    with_ctx("glGetActiveAtomicCounterBufferiv", (), |c| {
        let r = c.get_active_atomic_counter_buffer(program, index, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: room for the values of `pname` (for the indices: as
            // many as GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS said).
            unsafe { client::write(params, &v) };
        }
    })
}

unsafe extern "C" fn GetActiveUniformBlockName(
    program: GLuint,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    // SAFETY: the command's buffer and length pointers.
    unsafe {
        get_string("glGetActiveUniformBlockName", buf_size, length, name, |c| {
            c.get_active_uniform_block_name(program, index)
        })
    }
}

/// `glUniformBlockBinding`: compiled into display lists, as `glUniform`
/// setting a sampler is (ARB_uniform_buffer_object, issue 33).
unsafe extern "C" fn UniformBlockBinding(program: GLuint, index: GLuint, binding: GLuint) {
    with_ctx("glUniformBlockBinding", (), |c| {
        compiled(c, move |c| c.uniform_block_binding(program, index, binding))
    })
}

/// `glShaderStorageBlockBinding` (ARB_shader_storage_buffer_object):
/// runs at once, in display lists too (GL 4.3 commands are not compiled).
unsafe extern "C" fn ShaderStorageBlockBinding(program: GLuint, index: GLuint, binding: GLuint) {
    with_ctx("glShaderStorageBlockBinding", (), |c| {
        let r = c.shader_storage_block_binding(program, index, binding);
        c.record(r);
    })
}

unsafe extern "C" fn GetUniformIndices(
    program: GLuint,
    count: GLsizei,
    names: *const *const GLchar,
    indices: *mut GLuint,
) {
    with_ctx("glGetUniformIndices", (), |c| {
        if negative_size(c, count) {
            return;
        }
        // SAFETY: the client passes `count` string pointers.
        let ptrs = match unsafe { client::read(names, count as usize) } {
            Ok(p) => p,
            Err(e) => {
                c.record::<()>(Err(e));
                return;
            }
        };
        let mut list = Vec::new();
        for p in ptrs {
            // SAFETY: each is null or a NUL-terminated string.
            match unsafe { c_str(c, p) } {
                Some(Some(s)) => list.push(s),
                Some(None) => list.push(String::new()),
                None => return,
            }
        }
        let r = c.get_uniform_indices(program, &list);
        if let Some(v) = c.record(r) {
            // SAFETY: room for `count` indices.
            unsafe { client::write(indices, &v) };
        }
    })
}

unsafe extern "C" fn GetActiveUniformsiv(
    program: GLuint,
    count: GLsizei,
    indices: *const GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    with_ctx("glGetActiveUniformsiv", (), |c| {
        if negative_size(c, count) {
            return;
        }
        // SAFETY: the client passes `count` indices.
        let idx = match unsafe { client::read(indices, count as usize) } {
            Ok(v) => v,
            Err(e) => {
                c.record::<()>(Err(e));
                return;
            }
        };
        let r = c.get_active_uniforms(program, &idx, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: room for `count` values.
            unsafe { client::write(params, &v) };
        }
    })
}

unsafe extern "C" fn GetActiveUniformName(
    program: GLuint,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    // SAFETY: the command's buffer and length pointers.
    unsafe {
        get_string("glGetActiveUniformName", buf_size, length, name, |c| {
            c.get_active_uniform_name(program, index)
        })
    }
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile == Profile::Es {
        return;
    }
    d.GetUniformBlockIndex = GetUniformBlockIndex;
    d.GetActiveUniformBlockiv = GetActiveUniformBlockiv;
    d.GetActiveUniformBlockName = GetActiveUniformBlockName;
    d.GetActiveAtomicCounterBufferiv = GetActiveAtomicCounterBufferiv;
    d.UniformBlockBinding = UniformBlockBinding;
    d.ShaderStorageBlockBinding = ShaderStorageBlockBinding;
    d.GetUniformIndices = GetUniformIndices;
    d.GetActiveUniformsiv = GetActiveUniformsiv;
    d.GetActiveUniformName = GetActiveUniformName;
}
