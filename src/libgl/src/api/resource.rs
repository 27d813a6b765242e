//! Program interface queries (ARB_program_interface_query, GL 4.3): the
//! handlers of `glGetProgramInterfaceiv`, `glGetProgramResourceIndex`,
//! `glGetProgramResourceName`, `glGetProgramResourceiv` and
//! `glGetProgramResourceLocation`; `oxgl_core::program::resource` answers
//! them. They run at once, in display lists too.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_core::error::ApiError;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::program::{c_str, get_string};
use super::with_ctx;
use crate::client;

/// `GL_INVALID_INDEX`.
const INVALID_INDEX: GLuint = GLuint::MAX;

unsafe extern "C" fn GetProgramInterfaceiv(
    program: GLuint,
    interface: GLenum,
    pname: GLenum,
    params: *mut GLint,
) {
    with_ctx("glGetProgramInterfaceiv", (), |c| {
        let r = c.get_program_interface(program, interface, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: room for one value.
            unsafe { client::put(params, v) };
        }
    })
}

unsafe extern "C" fn GetProgramResourceIndex(
    program: GLuint,
    interface: GLenum,
    name: *const GLchar,
) -> GLuint {
    with_ctx("glGetProgramResourceIndex", INVALID_INDEX, |c| {
        // SAFETY: a NUL-terminated name.
        let Some(name) = (unsafe { c_str(c, name) }) else {
            return INVALID_INDEX;
        };
        let r = c.get_program_resource_index(program, interface, &name.unwrap_or_default());
        c.record(r).unwrap_or(INVALID_INDEX)
    })
}

unsafe extern "C" fn GetProgramResourceName(
    program: GLuint,
    interface: GLenum,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    name: *mut GLchar,
) {
    // SAFETY: the command's buffer and length pointers.
    unsafe {
        get_string("glGetProgramResourceName", buf_size, length, name, |c| {
            c.get_program_resource_name(program, interface, index)
        })
    }
}

unsafe extern "C" fn GetProgramResourceiv(
    program: GLuint,
    interface: GLenum,
    index: GLuint,
    prop_count: GLsizei,
    props: *const GLenum,
    buf_size: GLsizei,
    length: *mut GLsizei,
    params: *mut GLint,
) {
    with_ctx("glGetProgramResourceiv", (), |c| {
        // GL 4.6 §7.3.1.1: no properties, or a negative buffer size.
        if prop_count <= 0 || buf_size < 0 {
            c.record::<()>(Err(ApiError::InvalidValue));
            return;
        }
        // SAFETY: the client passes `prop_count` properties.
        let props = match unsafe { client::read(props, prop_count as usize) } {
            Ok(v) => v,
            Err(e) => {
                c.record::<()>(Err(e));
                return;
            }
        };
        let r = c.get_program_resource(program, interface, index, &props);
        if let Some(v) = c.record(r) {
            let n = v.len().min(buf_size as usize);
            // SAFETY: room for `buf_size` values; `length` null or
            // writable.
            unsafe {
                client::write(params, &v[..n]);
                client::put(length, n as GLsizei);
            }
        }
    })
}

unsafe extern "C" fn GetProgramResourceLocation(
    program: GLuint,
    interface: GLenum,
    name: *const GLchar,
) -> GLint {
    with_ctx("glGetProgramResourceLocation", -1, |c| {
        // SAFETY: a NUL-terminated name.
        let Some(name) = (unsafe { c_str(c, name) }) else {
            return -1;
        };
        let r = c.get_program_resource_location(program, interface, &name.unwrap_or_default());
        c.record(r).unwrap_or(-1)
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile == Profile::Es {
        return;
    }
    d.GetProgramInterfaceiv = GetProgramInterfaceiv;
    d.GetProgramResourceIndex = GetProgramResourceIndex;
    d.GetProgramResourceName = GetProgramResourceName;
    d.GetProgramResourceiv = GetProgramResourceiv;
    d.GetProgramResourceLocation = GetProgramResourceLocation;
}
