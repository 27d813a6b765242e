//! ARB_vertex_program and ARB_fragment_program (compatibility contexts):
//! program objects, program strings, environment and local parameters and
//! the program queries, and the `*ARB` names of the generic vertex
//! attribute commands those extensions share with GL 2.0. glBindProgramARB,
//! glProgramStringARB and the parameter commands are compiled into display
//! lists (ARB_vertex_program, "Additions to Chapter 5": every command but
//! the object management and queries).
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use std::ffi::c_void;

use oxgl_core::{Context, Profile};
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::{compiled, with_ctx};
use crate::client;

unsafe extern "C" fn GenProgramsARB(n: GLsizei, names: *mut GLuint) {
    with_ctx("glGenProgramsARB", (), |c| {
        let r = c.gen_programs_arb(n);
        if let Some(v) = c.record(r) {
            // SAFETY: the application provides room for `n` names.
            unsafe { client::write(names, &v) };
        }
    })
}

unsafe extern "C" fn DeleteProgramsARB(n: GLsizei, names: *const GLuint) {
    with_ctx("glDeleteProgramsARB", (), |c| {
        // SAFETY: the application passes `n` names.
        let r = unsafe { client::names(n, names) }.and_then(|v| c.delete_programs_arb(&v));
        c.record(r);
    })
}

unsafe extern "C" fn IsProgramARB(name: GLuint) -> GLboolean {
    with_ctx("glIsProgramARB", 0, |c| {
        GLboolean::from(c.is_program_arb(name))
    })
}

unsafe extern "C" fn BindProgramARB(target: GLenum, name: GLuint) {
    with_ctx("glBindProgramARB", (), |c| {
        compiled(c, move |c| c.bind_program_arb(target, name));
    })
}

unsafe extern "C" fn ProgramStringARB(
    target: GLenum,
    format: GLenum,
    len: GLsizei,
    string: *const c_void,
) {
    with_ctx("glProgramStringARB", (), |c| {
        // INVALID_VALUE for a negative length; then the text.
        let text = client::len(len, 1).and_then(|n| {
            // SAFETY: the application passes `len` bytes of program text.
            unsafe { client::read(string.cast::<u8>(), n) }
        });
        let Some(text) = c.record(text) else {
            return;
        };
        compiled(c, move |c| c.program_string_arb(target, format, &text));
    })
}

fn env(c: &mut Context, target: GLenum, index: GLuint, v: [f32; 4]) {
    compiled(c, move |c| c.program_env_parameter_arb(target, index, v));
}

fn local(c: &mut Context, target: GLenum, index: GLuint, v: [f32; 4]) {
    compiled(c, move |c| c.program_local_parameter_arb(target, index, v));
}

/// Reads four values at `p`, converted to `f32`; `None` for null.
///
/// # Safety
/// `p` is null or points to four values.
unsafe fn four<T: Copy + Into<f64>>(p: *const T) -> Option<[f32; 4]> {
    // SAFETY: per the caller.
    unsafe { client::array::<T, 4>(p) }.map(|v| v.map(|x| x.into() as f32))
}

unsafe extern "C" fn ProgramEnvParameter4fARB(
    target: GLenum,
    index: GLuint,
    x: GLfloat,
    y: GLfloat,
    z: GLfloat,
    w: GLfloat,
) {
    with_ctx("glProgramEnvParameter4fARB", (), |c| {
        env(c, target, index, [x, y, z, w])
    })
}

unsafe extern "C" fn ProgramEnvParameter4dARB(
    target: GLenum,
    index: GLuint,
    x: GLdouble,
    y: GLdouble,
    z: GLdouble,
    w: GLdouble,
) {
    with_ctx("glProgramEnvParameter4dARB", (), |c| {
        env(c, target, index, [x, y, z, w].map(|v| v as f32))
    })
}

unsafe extern "C" fn ProgramEnvParameter4fvARB(target: GLenum, index: GLuint, p: *const GLfloat) {
    with_ctx("glProgramEnvParameter4fvARB", (), |c| {
        // SAFETY: four floats, per the GL contract.
        if let Some(v) = unsafe { four(p) } {
            env(c, target, index, v);
        }
    })
}

unsafe extern "C" fn ProgramEnvParameter4dvARB(target: GLenum, index: GLuint, p: *const GLdouble) {
    with_ctx("glProgramEnvParameter4dvARB", (), |c| {
        // SAFETY: four doubles, per the GL contract.
        if let Some(v) = unsafe { four(p) } {
            env(c, target, index, v);
        }
    })
}

unsafe extern "C" fn ProgramLocalParameter4fARB(
    target: GLenum,
    index: GLuint,
    x: GLfloat,
    y: GLfloat,
    z: GLfloat,
    w: GLfloat,
) {
    with_ctx("glProgramLocalParameter4fARB", (), |c| {
        local(c, target, index, [x, y, z, w])
    })
}

unsafe extern "C" fn ProgramLocalParameter4dARB(
    target: GLenum,
    index: GLuint,
    x: GLdouble,
    y: GLdouble,
    z: GLdouble,
    w: GLdouble,
) {
    with_ctx("glProgramLocalParameter4dARB", (), |c| {
        local(c, target, index, [x, y, z, w].map(|v| v as f32))
    })
}

unsafe extern "C" fn ProgramLocalParameter4fvARB(target: GLenum, index: GLuint, p: *const GLfloat) {
    with_ctx("glProgramLocalParameter4fvARB", (), |c| {
        // SAFETY: four floats, per the GL contract.
        if let Some(v) = unsafe { four(p) } {
            local(c, target, index, v);
        }
    })
}

unsafe extern "C" fn ProgramLocalParameter4dvARB(
    target: GLenum,
    index: GLuint,
    p: *const GLdouble,
) {
    with_ctx("glProgramLocalParameter4dvARB", (), |c| {
        // SAFETY: four doubles, per the GL contract.
        if let Some(v) = unsafe { four(p) } {
            local(c, target, index, v);
        }
    })
}

/// Writes `v` to four values at `out` (null: nothing).
///
/// # Safety
/// `out` is null or has room for four values.
unsafe fn put<T: Copy>(out: *mut T, v: [f32; 4], conv: impl Fn(f32) -> T) {
    // SAFETY: per the caller.
    unsafe { client::write(out, &v.map(conv)) };
}

unsafe extern "C" fn GetProgramEnvParameterfvARB(target: GLenum, index: GLuint, p: *mut GLfloat) {
    with_ctx("glGetProgramEnvParameterfvARB", (), |c| {
        let r = c.get_program_env_parameter_arb(target, index);
        if let Some(v) = c.record(r) {
            // SAFETY: room for four floats, per the GL contract.
            unsafe { put(p, v, |x| x) };
        }
    })
}

unsafe extern "C" fn GetProgramEnvParameterdvARB(target: GLenum, index: GLuint, p: *mut GLdouble) {
    with_ctx("glGetProgramEnvParameterdvARB", (), |c| {
        let r = c.get_program_env_parameter_arb(target, index);
        if let Some(v) = c.record(r) {
            // SAFETY: room for four doubles, per the GL contract.
            unsafe { put(p, v, f64::from) };
        }
    })
}

unsafe extern "C" fn GetProgramLocalParameterfvARB(target: GLenum, index: GLuint, p: *mut GLfloat) {
    with_ctx("glGetProgramLocalParameterfvARB", (), |c| {
        let r = c.get_program_local_parameter_arb(target, index);
        if let Some(v) = c.record(r) {
            // SAFETY: room for four floats, per the GL contract.
            unsafe { put(p, v, |x| x) };
        }
    })
}

unsafe extern "C" fn GetProgramLocalParameterdvARB(
    target: GLenum,
    index: GLuint,
    p: *mut GLdouble,
) {
    with_ctx("glGetProgramLocalParameterdvARB", (), |c| {
        let r = c.get_program_local_parameter_arb(target, index);
        if let Some(v) = c.record(r) {
            // SAFETY: room for four doubles, per the GL contract.
            unsafe { put(p, v, f64::from) };
        }
    })
}

unsafe extern "C" fn GetProgramivARB(target: GLenum, pname: GLenum, p: *mut GLint) {
    with_ctx("glGetProgramivARB", (), |c| {
        let r = c.get_program_iv_arb(target, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: room for one integer, per the GL contract.
            unsafe { client::put(p, v) };
        }
    })
}

unsafe extern "C" fn GetProgramStringARB(target: GLenum, pname: GLenum, p: *mut c_void) {
    with_ctx("glGetProgramStringARB", (), |c| {
        let r = c.get_program_string_arb(target, pname).map(<[u8]>::to_vec);
        if let Some(v) = c.record(r) {
            // SAFETY: room for GL_PROGRAM_LENGTH_ARB bytes, per the GL contract.
            unsafe { client::write(p.cast::<u8>(), &v) };
        }
    })
}

/// Installs the handlers (compatibility contexts only).
pub fn install(d: &mut Dispatch, profile: Profile) {
    if profile != Profile::Compat {
        return;
    }
    d.GenProgramsARB = GenProgramsARB;
    d.DeleteProgramsARB = DeleteProgramsARB;
    d.IsProgramARB = IsProgramARB;
    d.BindProgramARB = BindProgramARB;
    d.ProgramStringARB = ProgramStringARB;
    d.ProgramEnvParameter4fARB = ProgramEnvParameter4fARB;
    d.ProgramEnvParameter4dARB = ProgramEnvParameter4dARB;
    d.ProgramEnvParameter4fvARB = ProgramEnvParameter4fvARB;
    d.ProgramEnvParameter4dvARB = ProgramEnvParameter4dvARB;
    d.ProgramLocalParameter4fARB = ProgramLocalParameter4fARB;
    d.ProgramLocalParameter4dARB = ProgramLocalParameter4dARB;
    d.ProgramLocalParameter4fvARB = ProgramLocalParameter4fvARB;
    d.ProgramLocalParameter4dvARB = ProgramLocalParameter4dvARB;
    d.GetProgramEnvParameterfvARB = GetProgramEnvParameterfvARB;
    d.GetProgramEnvParameterdvARB = GetProgramEnvParameterdvARB;
    d.GetProgramLocalParameterfvARB = GetProgramLocalParameterfvARB;
    d.GetProgramLocalParameterdvARB = GetProgramLocalParameterdvARB;
    d.GetProgramivARB = GetProgramivARB;
    d.GetProgramStringARB = GetProgramStringARB;
    // The generic attribute commands under their ARB_vertex_program names
    // (installed by vertex.rs, program.rs and arrays.rs first).
    d.VertexAttrib1sARB = d.VertexAttrib1s;
    d.VertexAttrib1dARB = d.VertexAttrib1d;
    d.VertexAttrib2sARB = d.VertexAttrib2s;
    d.VertexAttrib2dARB = d.VertexAttrib2d;
    d.VertexAttrib3sARB = d.VertexAttrib3s;
    d.VertexAttrib3dARB = d.VertexAttrib3d;
    d.VertexAttrib4sARB = d.VertexAttrib4s;
    d.VertexAttrib4dARB = d.VertexAttrib4d;
    d.VertexAttrib4NubARB = d.VertexAttrib4Nub;
    d.VertexAttrib1svARB = d.VertexAttrib1sv;
    d.VertexAttrib1dvARB = d.VertexAttrib1dv;
    d.VertexAttrib2svARB = d.VertexAttrib2sv;
    d.VertexAttrib2dvARB = d.VertexAttrib2dv;
    d.VertexAttrib3svARB = d.VertexAttrib3sv;
    d.VertexAttrib3dvARB = d.VertexAttrib3dv;
    d.VertexAttrib4bvARB = d.VertexAttrib4bv;
    d.VertexAttrib4svARB = d.VertexAttrib4sv;
    d.VertexAttrib4ivARB = d.VertexAttrib4iv;
    d.VertexAttrib4ubvARB = d.VertexAttrib4ubv;
    d.VertexAttrib4usvARB = d.VertexAttrib4usv;
    d.VertexAttrib4uivARB = d.VertexAttrib4uiv;
    d.VertexAttrib4dvARB = d.VertexAttrib4dv;
    d.VertexAttrib4NbvARB = d.VertexAttrib4Nbv;
    d.VertexAttrib4NsvARB = d.VertexAttrib4Nsv;
    d.VertexAttrib4NivARB = d.VertexAttrib4Niv;
    d.VertexAttrib4NubvARB = d.VertexAttrib4Nubv;
    d.VertexAttrib4NusvARB = d.VertexAttrib4Nusv;
    d.VertexAttrib4NuivARB = d.VertexAttrib4Nuiv;
    d.GetVertexAttribdvARB = d.GetVertexAttribdv;
    d.GetVertexAttribfvARB = d.GetVertexAttribfv;
    d.GetVertexAttribivARB = d.GetVertexAttribiv;
    d.GetVertexAttribPointervARB = d.GetVertexAttribPointerv;
}
