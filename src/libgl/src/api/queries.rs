//! glGetError, glGetString(i), the glGet family.

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client;

unsafe extern "C" fn get_error() -> GLenum {
    with_ctx("glGetError", 0, |c| {
        // GL 4.6 compat §10.7.5: an error between Begin and End, returning 0.
        if c.in_begin_end() {
            c.record::<()>(Err(oxgl_core::ApiError::InvalidOperation));
            return 0;
        }
        c.get_error()
    })
}

unsafe extern "C" fn get_string(name: GLenum) -> *const GLubyte {
    with_ctx("glGetString", std::ptr::null(), |c| {
        let r = c
            .outside_begin_end()
            .and_then(|()| c.get_string(name))
            .map(|s| s.as_ptr() as *const GLubyte);
        c.record(r).unwrap_or(std::ptr::null())
    })
}

unsafe extern "C" fn get_string_i(name: GLenum, index: GLuint) -> *const GLubyte {
    with_ctx("glGetStringi", std::ptr::null(), |c| {
        let r = c
            .get_string_i(name, index)
            .map(|s| s.as_ptr() as *const GLubyte);
        c.record(r).unwrap_or(std::ptr::null())
    })
}

macro_rules! getter {
    ($name:ident, $gl:literal, $t:ty, |$v:ident| $conv:expr) => {
        unsafe extern "C" fn $name(pname: GLenum, data: *mut $t) {
            with_ctx($gl, (), |c| {
                if c.in_begin_end() {
                    c.record::<()>(Err(oxgl_core::ApiError::InvalidOperation));
                    return;
                }
                if let Some(m) = c.get_matrix(pname) {
                    let $v = oxgl_core::get::MatrixValues(m.0);
                    // SAFETY: GL 4.6 §22: the client provides room for all
                    // values of `pname`.
                    unsafe { client::write_iter(data, $conv) };
                    return;
                }
                if let Some($v) = c.get_list(pname) {
                    // SAFETY: GL 4.6 §22: the client provides room for all
                    // values of `pname`.
                    unsafe { client::write_iter(data, $conv) };
                    return;
                }
                let r = c.get(pname);
                if let Some($v) = c.record(r) {
                    // SAFETY: GL 4.6 §22: the client provides room for all
                    // values of `pname`.
                    unsafe { client::write_iter(data, $conv) };
                }
            })
        }
    };
}

getter!(get_integerv, "glGetIntegerv", GLint, |v| v
    .as_i64()
    .map(|x| x.clamp(i32::MIN as i64, i32::MAX as i64) as GLint));
getter!(get_integer64v, "glGetInteger64v", GLint64, |v| v.as_i64());
getter!(get_floatv, "glGetFloatv", GLfloat, |v| v
    .as_f64()
    .map(|x| x as GLfloat));
getter!(get_doublev, "glGetDoublev", GLdouble, |v| v.as_f64());
getter!(get_booleanv, "glGetBooleanv", GLboolean, |v| v
    .as_bool()
    .map(GLboolean::from));
// GL_OES_fixed_point: 16.16 values (integers and enums shifted, as Mesa's
// `INT_TO_FIXED`).
getter!(get_fixedv, "glGetFixedv", GLfixed, |v| v
    .as_f64()
    .map(super::fixed_point::to_fx));

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    d.GetError = get_error;
    d.GetString = get_string;
    d.GetStringi = get_string_i;
    d.GetIntegerv = get_integerv;
    d.GetInteger64v = get_integer64v;
    d.GetFloatv = get_floatv;
    if profile == Profile::Compat {
        // The compatibility table and the ES tables made from it (see
        // fixed_point.rs).
        d.GetFixedv = get_fixedv;
        d.GetFixedvOES = get_fixedv;
    }
    d.GetBooleanv = get_booleanv;
    if profile != Profile::Es {
        d.GetDoublev = get_doublev;
    }
}
