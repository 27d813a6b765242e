//! Lighting state: glLight*, glLightModel*, glMaterial*, glColorMaterial,
//! glGetLight*, glGetMaterial*. Integer colour parameters are normalized
//! (GL 4.6 compatibility §12.2.1); other integer parameters convert directly.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_core::compat::lighting::param_count;
use oxgl_core::vbo::attrib::normalize;
use oxgl_glapi::Dispatch;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::*;

use super::{compiled, with_ctx};
use crate::client;

fn is_color(pname: GLenum) -> bool {
    matches!(
        pname,
        GL_AMBIENT
            | GL_DIFFUSE
            | GL_SPECULAR
            | GL_EMISSION
            | GL_AMBIENT_AND_DIFFUSE
            | GL_LIGHT_MODEL_AMBIENT
    )
}

/// Reads `param_count(pname)` values from `p` (none for an unknown
/// `pname`, which the command rejects).
///
/// # Safety
/// `p` is null or points to the values of `pname`.
unsafe fn read<T: Copy + Default>(
    pname: GLenum,
    p: *const T,
    conv: impl Fn(GLenum, T) -> f32,
) -> Vec<f32> {
    let n = param_count(pname);
    // SAFETY: per the caller; `n` (at most four) is the parameter's count.
    let Some(s) = (unsafe { client::prefix::<T, 4>(p, n) }) else {
        return Vec::new();
    };
    s[..n].iter().map(|&v| conv(pname, v)).collect()
}

fn from_int(pname: GLenum, v: GLint) -> f32 {
    if is_color(pname) {
        normalize::int(v)
    } else {
        v as f32
    }
}

fn from_float(_pname: GLenum, v: GLfloat) -> f32 {
    v
}

/// Records (while compiling) and/or runs a lighting command.
fn run(
    name: &'static str,
    f: impl Fn(&mut oxgl_core::Context) -> oxgl_core::error::ApiResult + Send + Sync + 'static,
) {
    with_ctx(name, (), |c| compiled(c, f))
}

unsafe extern "C" fn Lightf(light: GLenum, pname: GLenum, param: GLfloat) {
    run("glLightf", move |c| c.light(light, pname, &[param], true))
}
unsafe extern "C" fn Lighti(light: GLenum, pname: GLenum, param: GLint) {
    run("glLighti", move |c| {
        c.light(light, pname, &[param as f32], true)
    })
}
unsafe extern "C" fn Lightfv(light: GLenum, pname: GLenum, params: *const GLfloat) {
    // SAFETY: GL 4.6 compat §12.2.1: `params` holds the values of `pname`.
    let v = unsafe { read(pname, params, from_float) };
    run("glLightfv", move |c| c.light(light, pname, &v, false))
}
unsafe extern "C" fn Lightiv(light: GLenum, pname: GLenum, params: *const GLint) {
    // SAFETY: GL 4.6 compat §12.2.1: `params` holds the values of `pname`.
    let v = unsafe { read(pname, params, from_int) };
    run("glLightiv", move |c| c.light(light, pname, &v, false))
}
unsafe extern "C" fn LightModelf(pname: GLenum, param: GLfloat) {
    run("glLightModelf", move |c| {
        c.light_model(pname, &[param], true)
    })
}
unsafe extern "C" fn LightModeli(pname: GLenum, param: GLint) {
    run("glLightModeli", move |c| {
        c.light_model(pname, &[param as f32], true)
    })
}
unsafe extern "C" fn LightModelfv(pname: GLenum, params: *const GLfloat) {
    // SAFETY: GL 4.6 compat §12.2.1: `params` holds the values of `pname`.
    let v = unsafe { read(pname, params, from_float) };
    run("glLightModelfv", move |c| c.light_model(pname, &v, false))
}
unsafe extern "C" fn LightModeliv(pname: GLenum, params: *const GLint) {
    // SAFETY: GL 4.6 compat §12.2.1: `params` holds the values of `pname`.
    let v = unsafe { read(pname, params, from_int) };
    run("glLightModeliv", move |c| c.light_model(pname, &v, false))
}
unsafe extern "C" fn Materialf(face: GLenum, pname: GLenum, param: GLfloat) {
    run("glMaterialf", move |c| {
        c.material(face, pname, &[param], true)
    })
}
unsafe extern "C" fn Materiali(face: GLenum, pname: GLenum, param: GLint) {
    run("glMateriali", move |c| {
        c.material(face, pname, &[param as f32], true)
    })
}
unsafe extern "C" fn Materialfv(face: GLenum, pname: GLenum, params: *const GLfloat) {
    // SAFETY: GL 4.6 compat §12.2.1: `params` holds the values of `pname`.
    let v = unsafe { read(pname, params, from_float) };
    run("glMaterialfv", move |c| c.material(face, pname, &v, false))
}
unsafe extern "C" fn Materialiv(face: GLenum, pname: GLenum, params: *const GLint) {
    // SAFETY: GL 4.6 compat §12.2.1: `params` holds the values of `pname`.
    let v = unsafe { read(pname, params, from_int) };
    run("glMaterialiv", move |c| c.material(face, pname, &v, false))
}
unsafe extern "C" fn ColorMaterial(face: GLenum, mode: GLenum) {
    run("glColorMaterial", move |c| c.color_material(face, mode))
}

/// Writes a queried parameter's values, converted.
///
/// # Safety
/// `out` is null or has room for the parameter's values.
unsafe fn write<T: Copy>(out: *mut T, values: &[f32], conv: impl Fn(f32) -> T) {
    // SAFETY: per the caller.
    unsafe { client::write_iter(out, values.iter().map(|&v| conv(v))) };
}

/// Integer form of a queried value: colours scaled like `glGetIntegerv`.
fn to_int(pname: GLenum, v: f32) -> GLint {
    if is_color(pname) {
        ((4294967295.0 * f64::from(v) - 1.0) / 2.0)
            .round()
            .clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as GLint
    } else {
        v.round() as GLint
    }
}

unsafe extern "C" fn GetLightfv(light: GLenum, pname: GLenum, params: *mut GLfloat) {
    with_ctx("glGetLightfv", (), |c| {
        let r = c.get_light(light, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: GL 4.6 compat §12.2.1: room for the values of `pname`.
            unsafe { write(params, &v, |x| x) };
        }
    })
}
unsafe extern "C" fn GetLightiv(light: GLenum, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetLightiv", (), |c| {
        let r = c.get_light(light, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: GL 4.6 compat §12.2.1: room for the values of `pname`.
            unsafe { write(params, &v, |x| to_int(pname, x)) };
        }
    })
}
unsafe extern "C" fn GetMaterialfv(face: GLenum, pname: GLenum, params: *mut GLfloat) {
    with_ctx("glGetMaterialfv", (), |c| {
        let r = c.get_material(face, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: GL 4.6 compat §12.2.1: room for the values of `pname`.
            unsafe { write(params, &v, |x| x) };
        }
    })
}
unsafe extern "C" fn GetMaterialiv(face: GLenum, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetMaterialiv", (), |c| {
        let r = c.get_material(face, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: GL 4.6 compat §12.2.1: room for the values of `pname`.
            unsafe { write(params, &v, |x| to_int(pname, x)) };
        }
    })
}

/// Values of a fog parameter (4 for the colour).
fn fog_len(pname: GLenum) -> usize {
    if pname == GL_FOG_COLOR { 4 } else { 1 }
}

unsafe extern "C" fn Fogf(pname: GLenum, param: GLfloat) {
    run("glFogf", move |c| c.fog(pname, &[param]))
}
unsafe extern "C" fn Fogi(pname: GLenum, param: GLint) {
    run("glFogi", move |c| c.fog(pname, &[param as f32]))
}
unsafe extern "C" fn Fogfv(pname: GLenum, params: *const GLfloat) {
    let n = fog_len(pname);
    // SAFETY: GL 4.6 compat §16.1: the command reads as many values as the
    // parameter has.
    let Some(s) = (unsafe { client::prefix::<GLfloat, 4>(params, n) }) else {
        return;
    };
    let v = s[..n].to_vec();
    run("glFogfv", move |c| c.fog(pname, &v))
}
unsafe extern "C" fn Fogiv(pname: GLenum, params: *const GLint) {
    let n = fog_len(pname);
    // SAFETY: GL 4.6 compat §16.1: the command reads as many values as the
    // parameter has.
    let Some(s) = (unsafe { client::prefix::<GLint, 4>(params, n) }) else {
        return;
    };
    let v: Vec<f32> = s[..n]
        .iter()
        .map(|&x| if n == 4 { normalize::int(x) } else { x as f32 })
        .collect();
    run("glFogiv", move |c| c.fog(pname, &v))
}

unsafe extern "C" fn ClipPlane(plane: GLenum, equation: *const GLdouble) {
    // SAFETY: GL 4.6 compat §13.7: glClipPlane reads four doubles.
    let Some(eq) = (unsafe { client::array::<GLdouble, 4>(equation) }) else {
        return;
    };
    run("glClipPlane", move |c| c.clip_plane(plane, eq))
}
unsafe extern "C" fn GetClipPlane(plane: GLenum, equation: *mut GLdouble) {
    with_ctx("glGetClipPlane", (), |c| {
        let r = c.get_clip_plane(plane);
        if let Some(v) = c.record(r) {
            // SAFETY: GL 4.6 compat §13.7: glGetClipPlane writes four doubles.
            unsafe { client::write_iter(equation, v) };
        }
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile != Profile::Compat {
        return;
    }
    d.ClipPlane = ClipPlane;
    d.GetClipPlane = GetClipPlane;
    d.Fogf = Fogf;
    d.Fogi = Fogi;
    d.Fogfv = Fogfv;
    d.Fogiv = Fogiv;
    d.Lightf = Lightf;
    d.Lighti = Lighti;
    d.Lightfv = Lightfv;
    d.Lightiv = Lightiv;
    d.LightModelf = LightModelf;
    d.LightModeli = LightModeli;
    d.LightModelfv = LightModelfv;
    d.LightModeliv = LightModeliv;
    d.Materialf = Materialf;
    d.Materiali = Materiali;
    d.Materialfv = Materialfv;
    d.Materialiv = Materialiv;
    d.ColorMaterial = ColorMaterial;
    d.GetLightfv = GetLightfv;
    d.GetLightiv = GetLightiv;
    d.GetMaterialfv = GetMaterialfv;
    d.GetMaterialiv = GetMaterialiv;
}
