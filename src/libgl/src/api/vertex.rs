//! Vertex specification: `glBegin`/`glEnd`, `glVertex*`, the current-attribute
//! commands (`glColor*`, `glNormal*`, `glTexCoord*`, `glMultiTexCoord*`,
//! `glSecondaryColor*`, `glFogCoord*`, `glIndex*`, `glEdgeFlag*`,
//! `glVertexAttrib*`) and `glRect*`.
//!
//! Each family is written once as a macro instantiated per type: the scalar
//! form converts its arguments, the `v` form reads exactly N components from
//! the client pointer (a null pointer is ignored rather than read). Integer
//! colour, normal and `4N` generic forms are normalized (GL 4.6 §2.3.5);
//! positions, texture coordinates, indices and plain generic forms convert
//! directly.
//!
//! Handlers are named after their GL command (`Color3f`) so that error
//! messages can name it: `concat!("gl", stringify!(Color3f))`.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_core::vbo::Attrib;
use oxgl_core::vbo::attrib::{expand, normalize};
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client;

// Direct conversions.
#[inline]
fn d_f(x: f32) -> f32 {
    x
}
#[inline]
fn d_d(x: f64) -> f32 {
    x as f32
}
#[inline]
fn d_i(x: i32) -> f32 {
    x as f32
}
#[inline]
fn d_s(x: i16) -> f32 {
    f32::from(x)
}
#[inline]
fn d_b(x: i8) -> f32 {
    f32::from(x)
}
#[inline]
fn d_ub(x: u8) -> f32 {
    f32::from(x)
}
#[inline]
fn d_us(x: u16) -> f32 {
    f32::from(x)
}
#[inline]
fn d_ui(x: u32) -> f32 {
    x as f32
}

macro_rules! count {
    () => { 0u8 };
    ($head:ident $($tail:ident)*) => { 1u8 + count!($($tail)*) };
}

/// Scalar entry point: `name(args: T...)`, converted with `conv`, applied with `apply`.
macro_rules! scalar {
    ($name:ident, $t:ty, $conv:path, ($($a:ident),+), |$c:ident, $v:ident, $n:ident| $apply:expr) => {
        unsafe extern "C" fn $name($($a: $t),+) {
            let $n: u8 = count!($($a)+);
            let $v = expand(&[$($conv($a)),+]);
            with_ctx(concat!("gl", stringify!($name)), (), |$c| $apply)
        }
    };
}

/// Vector entry point: `name(v: *const T)` reading `N` components.
macro_rules! vector {
    ($name:ident, $t:ty, $conv:path, $count:literal, |$c:ident, $v:ident, $n:ident| $apply:expr) => {
        unsafe extern "C" fn $name(p: *const $t) {
            // SAFETY: the GL command reads exactly `$count` components from `p`.
            let Some(s) = (unsafe { client::array::<$t, $count>(p) }) else {
                return;
            };
            let mut tmp = [0f32; 4];
            for (t, x) in tmp.iter_mut().zip(&s) {
                *t = $conv(*x);
            }
            let $n: u8 = $count;
            let $v = expand(&tmp[..$count]);
            with_ctx(concat!("gl", stringify!($name)), (), |$c| $apply)
        }
    };
}

// glVertex*: positions, direct conversion.
macro_rules! vertex_family {
    ($($s2:ident $s3:ident $s4:ident $v2:ident $v3:ident $v4:ident : $t:ty, $conv:path;)*) => {$(
        scalar!($s2, $t, $conv, (x, y), |c, v, _n| c.vertex(v));
        scalar!($s3, $t, $conv, (x, y, z), |c, v, _n| c.vertex(v));
        scalar!($s4, $t, $conv, (x, y, z, w), |c, v, _n| c.vertex(v));
        vector!($v2, $t, $conv, 2, |c, v, _n| c.vertex(v));
        vector!($v3, $t, $conv, 3, |c, v, _n| c.vertex(v));
        vector!($v4, $t, $conv, 4, |c, v, _n| c.vertex(v));
    )*};
}
vertex_family! {
    Vertex2s Vertex3s Vertex4s Vertex2sv Vertex3sv Vertex4sv: GLshort, d_s;
    Vertex2i Vertex3i Vertex4i Vertex2iv Vertex3iv Vertex4iv: GLint, d_i;
    Vertex2f Vertex3f Vertex4f Vertex2fv Vertex3fv Vertex4fv: GLfloat, d_f;
    Vertex2d Vertex3d Vertex4d Vertex2dv Vertex3dv Vertex4dv: GLdouble, d_d;
}

// glColor*: normalized integers.
macro_rules! color_family {
    ($($s3:ident $s4:ident $v3:ident $v4:ident : $t:ty, $conv:path;)*) => {$(
        scalar!($s3, $t, $conv, (r, g, b), |c, v, n| c.attrib(Attrib::COLOR0, v, n));
        scalar!($s4, $t, $conv, (r, g, b, a), |c, v, n| c.attrib(Attrib::COLOR0, v, n));
        vector!($v3, $t, $conv, 3, |c, v, n| c.attrib(Attrib::COLOR0, v, n));
        vector!($v4, $t, $conv, 4, |c, v, n| c.attrib(Attrib::COLOR0, v, n));
    )*};
}
color_family! {
    Color3b Color4b Color3bv Color4bv: GLbyte, normalize::byte;
    Color3s Color4s Color3sv Color4sv: GLshort, normalize::short;
    Color3i Color4i Color3iv Color4iv: GLint, normalize::int;
    Color3ub Color4ub Color3ubv Color4ubv: GLubyte, normalize::ubyte;
    Color3us Color4us Color3usv Color4usv: GLushort, normalize::ushort;
    Color3ui Color4ui Color3uiv Color4uiv: GLuint, normalize::uint;
    Color3f Color4f Color3fv Color4fv: GLfloat, d_f;
    Color3d Color4d Color3dv Color4dv: GLdouble, d_d;
}

// glSecondaryColor3*: normalized integers; alpha stays 1.
macro_rules! secondary_family {
    ($($s:ident $v:ident : $t:ty, $conv:path;)*) => {$(
        scalar!($s, $t, $conv, (r, g, b), |c, v, n| c.attrib(Attrib::COLOR1, v, n));
        vector!($v, $t, $conv, 3, |c, v, n| c.attrib(Attrib::COLOR1, v, n));
    )*};
}
secondary_family! {
    SecondaryColor3b SecondaryColor3bv: GLbyte, normalize::byte;
    SecondaryColor3s SecondaryColor3sv: GLshort, normalize::short;
    SecondaryColor3i SecondaryColor3iv: GLint, normalize::int;
    SecondaryColor3ub SecondaryColor3ubv: GLubyte, normalize::ubyte;
    SecondaryColor3us SecondaryColor3usv: GLushort, normalize::ushort;
    SecondaryColor3ui SecondaryColor3uiv: GLuint, normalize::uint;
    SecondaryColor3f SecondaryColor3fv: GLfloat, d_f;
    SecondaryColor3d SecondaryColor3dv: GLdouble, d_d;
}

// glNormal3*: normalized integers.
macro_rules! normal_family {
    ($($s:ident $v:ident : $t:ty, $conv:path;)*) => {$(
        scalar!($s, $t, $conv, (x, y, z), |c, v, n| c.attrib(Attrib::NORMAL, v, n));
        vector!($v, $t, $conv, 3, |c, v, n| c.attrib(Attrib::NORMAL, v, n));
    )*};
}
normal_family! {
    Normal3b Normal3bv: GLbyte, normalize::byte;
    Normal3s Normal3sv: GLshort, normalize::short;
    Normal3i Normal3iv: GLint, normalize::int;
    Normal3f Normal3fv: GLfloat, d_f;
    Normal3d Normal3dv: GLdouble, d_d;
}

// glTexCoord*: direct conversion, unit 0.
macro_rules! texcoord_family {
    ($($s1:ident $s2:ident $s3:ident $s4:ident $v1:ident $v2:ident $v3:ident $v4:ident : $t:ty, $conv:path;)*) => {$(
        scalar!($s1, $t, $conv, (s), |c, v, n| c.tex_coord(v, n));
        scalar!($s2, $t, $conv, (s, t), |c, v, n| c.tex_coord(v, n));
        scalar!($s3, $t, $conv, (s, t, r), |c, v, n| c.tex_coord(v, n));
        scalar!($s4, $t, $conv, (s, t, r, q), |c, v, n| c.tex_coord(v, n));
        vector!($v1, $t, $conv, 1, |c, v, n| c.tex_coord(v, n));
        vector!($v2, $t, $conv, 2, |c, v, n| c.tex_coord(v, n));
        vector!($v3, $t, $conv, 3, |c, v, n| c.tex_coord(v, n));
        vector!($v4, $t, $conv, 4, |c, v, n| c.tex_coord(v, n));
    )*};
}
texcoord_family! {
    TexCoord1s TexCoord2s TexCoord3s TexCoord4s TexCoord1sv TexCoord2sv TexCoord3sv TexCoord4sv: GLshort, d_s;
    TexCoord1i TexCoord2i TexCoord3i TexCoord4i TexCoord1iv TexCoord2iv TexCoord3iv TexCoord4iv: GLint, d_i;
    TexCoord1f TexCoord2f TexCoord3f TexCoord4f TexCoord1fv TexCoord2fv TexCoord3fv TexCoord4fv: GLfloat, d_f;
    TexCoord1d TexCoord2d TexCoord3d TexCoord4d TexCoord1dv TexCoord2dv TexCoord3dv TexCoord4dv: GLdouble, d_d;
}

/// Entry points with a leading key argument (`glMultiTexCoord*`: the target
/// unit; `glVertexAttrib*`: the index), applied with a `Context` method that
/// validates the key.
macro_rules! keyed_scalar {
    ($method:ident, $key:ident: $kt:ty, $name:ident, $t:ty, $conv:path, ($($a:ident),+)) => {
        unsafe extern "C" fn $name($key: $kt, $($a: $t),+) {
            let n: u8 = count!($($a)+);
            let v = expand(&[$($conv($a)),+]);
            with_ctx(concat!("gl", stringify!($name)), (), |c| {
                let r = c.$method($key, v, n);
                c.record(r);
            })
        }
    };
}
macro_rules! keyed_vector {
    ($method:ident, $key:ident: $kt:ty, $name:ident, $t:ty, $conv:path, $count:literal) => {
        unsafe extern "C" fn $name($key: $kt, p: *const $t) {
            // SAFETY: the GL command reads exactly `$count` components from `p`.
            let Some(s) = (unsafe { client::array::<$t, $count>(p) }) else {
                return;
            };
            let mut tmp = [0f32; 4];
            for (t, x) in tmp.iter_mut().zip(&s) {
                *t = $conv(*x);
            }
            let v = expand(&tmp[..$count]);
            with_ctx(concat!("gl", stringify!($name)), (), |c| {
                let r = c.$method($key, v, $count);
                c.record(r);
            })
        }
    };
}
macro_rules! keyed_family {
    ($method:ident, $key:ident: $kt:ty; $($s1:ident $s2:ident $s3:ident $s4:ident $v1:ident $v2:ident $v3:ident $v4:ident : $t:ty, $conv:path;)*) => {$(
        keyed_scalar!($method, $key: $kt, $s1, $t, $conv, (x));
        keyed_scalar!($method, $key: $kt, $s2, $t, $conv, (x, y));
        keyed_scalar!($method, $key: $kt, $s3, $t, $conv, (x, y, z));
        keyed_scalar!($method, $key: $kt, $s4, $t, $conv, (x, y, z, w));
        keyed_vector!($method, $key: $kt, $v1, $t, $conv, 1);
        keyed_vector!($method, $key: $kt, $v2, $t, $conv, 2);
        keyed_vector!($method, $key: $kt, $v3, $t, $conv, 3);
        keyed_vector!($method, $key: $kt, $v4, $t, $conv, 4);
    )*};
}
keyed_family! {
    multi_tex_coord, target: GLenum;
    MultiTexCoord1s MultiTexCoord2s MultiTexCoord3s MultiTexCoord4s MultiTexCoord1sv MultiTexCoord2sv MultiTexCoord3sv MultiTexCoord4sv: GLshort, d_s;
    MultiTexCoord1i MultiTexCoord2i MultiTexCoord3i MultiTexCoord4i MultiTexCoord1iv MultiTexCoord2iv MultiTexCoord3iv MultiTexCoord4iv: GLint, d_i;
    MultiTexCoord1f MultiTexCoord2f MultiTexCoord3f MultiTexCoord4f MultiTexCoord1fv MultiTexCoord2fv MultiTexCoord3fv MultiTexCoord4fv: GLfloat, d_f;
    MultiTexCoord1d MultiTexCoord2d MultiTexCoord3d MultiTexCoord4d MultiTexCoord1dv MultiTexCoord2dv MultiTexCoord3dv MultiTexCoord4dv: GLdouble, d_d;
}

// glFogCoord*, glIndex*: one component, direct.
scalar!(FogCoordf, GLfloat, d_f, (coord), |c, v, n| c.attrib(
    Attrib::FOG,
    v,
    n
));
scalar!(FogCoordd, GLdouble, d_d, (coord), |c, v, n| c.attrib(
    Attrib::FOG,
    v,
    n
));
vector!(FogCoordfv, GLfloat, d_f, 1, |c, v, n| c.attrib(
    Attrib::FOG,
    v,
    n
));
vector!(FogCoorddv, GLdouble, d_d, 1, |c, v, n| c.attrib(
    Attrib::FOG,
    v,
    n
));
scalar!(Indexs, GLshort, d_s, (i), |c, v, n| c.attrib(
    Attrib::COLOR_INDEX,
    v,
    n
));
scalar!(Indexi, GLint, d_i, (i), |c, v, n| c.attrib(
    Attrib::COLOR_INDEX,
    v,
    n
));
scalar!(Indexf, GLfloat, d_f, (i), |c, v, n| c.attrib(
    Attrib::COLOR_INDEX,
    v,
    n
));
scalar!(Indexd, GLdouble, d_d, (i), |c, v, n| c.attrib(
    Attrib::COLOR_INDEX,
    v,
    n
));
scalar!(Indexub, GLubyte, d_ub, (i), |c, v, n| c.attrib(
    Attrib::COLOR_INDEX,
    v,
    n
));
vector!(Indexsv, GLshort, d_s, 1, |c, v, n| c.attrib(
    Attrib::COLOR_INDEX,
    v,
    n
));
vector!(Indexiv, GLint, d_i, 1, |c, v, n| c.attrib(
    Attrib::COLOR_INDEX,
    v,
    n
));
vector!(Indexfv, GLfloat, d_f, 1, |c, v, n| c.attrib(
    Attrib::COLOR_INDEX,
    v,
    n
));
vector!(Indexdv, GLdouble, d_d, 1, |c, v, n| c.attrib(
    Attrib::COLOR_INDEX,
    v,
    n
));
vector!(Indexubv, GLubyte, d_ub, 1, |c, v, n| c.attrib(
    Attrib::COLOR_INDEX,
    v,
    n
));

#[inline]
fn flag(x: GLboolean) -> f32 {
    if x != 0 { 1.0 } else { 0.0 }
}
scalar!(EdgeFlag, GLboolean, flag, (f), |c, v, n| c.attrib(
    Attrib::EDGEFLAG,
    v,
    n
));
vector!(EdgeFlagv, GLboolean, flag, 1, |c, v, n| c.attrib(
    Attrib::EDGEFLAG,
    v,
    n
));

/// An integer attribute's components (`glVertexAttribI*`, EXT_gpu_shader4):
/// the missing ones (0, 0, 0, 1), all kept as the bits of their `i32` /
/// `u32` values, which integer shader inputs read as they are.
fn expand_int(v: &[u32]) -> [f32; 4] {
    let mut o = [0, 0, 0, 1u32];
    o[..v.len()].copy_from_slice(v);
    o.map(f32::from_bits)
}

macro_rules! attrib_i {
    ($($name:ident $t:ty, ($($a:ident),*);)*) => {$(
        unsafe extern "C" fn $name(index: GLuint, $($a: $t),*) {
            let v = expand_int(&[$($a as u32),*]);
            with_ctx(concat!("gl", stringify!($name)), (), |c| {
                // All four components: the missing ones are the integer
                // defaults (0, 0, 1), which a shorter size would fill in
                // as floats.
                let r = c.vertex_attrib(index, v, 4);
                c.record(r);
            })
        }
    )*};
}

macro_rules! attrib_iv {
    ($($name:ident $t:ty, $n:literal;)*) => {$(
        unsafe extern "C" fn $name(index: GLuint, p: *const $t) {
            // SAFETY: the GL command reads exactly `$n` components from `p`.
            let Some(s) = (unsafe { client::array::<$t, $n>(p) }) else {
                return;
            };
            // Signed components sign-extend to their i32 bits.
            let ints: Vec<u32> = s.iter().map(|&x| x as i32 as u32).collect();
            let v = expand_int(&ints);
            with_ctx(concat!("gl", stringify!($name)), (), |c| {
                // All four components, as above.
                let r = c.vertex_attrib(index, v, 4);
                c.record(r);
            })
        }
    )*};
}

attrib_i! {
    VertexAttribI1i GLint, (x);
    VertexAttribI2i GLint, (x, y);
    VertexAttribI3i GLint, (x, y, z);
    VertexAttribI4i GLint, (x, y, z, w);
    VertexAttribI1ui GLuint, (x);
    VertexAttribI2ui GLuint, (x, y);
    VertexAttribI3ui GLuint, (x, y, z);
    VertexAttribI4ui GLuint, (x, y, z, w);
}

attrib_iv! {
    VertexAttribI1iv GLint, 1;
    VertexAttribI2iv GLint, 2;
    VertexAttribI3iv GLint, 3;
    VertexAttribI4iv GLint, 4;
    VertexAttribI1uiv GLuint, 1;
    VertexAttribI2uiv GLuint, 2;
    VertexAttribI3uiv GLuint, 3;
    VertexAttribI4uiv GLuint, 4;
    VertexAttribI4bv GLbyte, 4;
    VertexAttribI4sv GLshort, 4;
    VertexAttribI4ubv GLubyte, 4;
    VertexAttribI4usv GLushort, 4;
}

macro_rules! attrib_l {
    ($($name:ident ($($a:ident),*);)*) => {$(
        unsafe extern "C" fn $name(index: GLuint, $($a: GLdouble),*) {
            with_ctx(concat!("gl", stringify!($name)), (), |c| {
                let v = [$($a),*];
                super::compiled(c, move |c| c.vertex_attrib_long(index, &v));
            })
        }
    )*};
}

macro_rules! attrib_lv {
    ($($name:ident $n:literal;)*) => {$(
        unsafe extern "C" fn $name(index: GLuint, p: *const GLdouble) {
            // SAFETY: the GL command reads exactly `$n` components from `p`.
            let Some(v) = (unsafe { client::array::<GLdouble, $n>(p) }) else {
                return;
            };
            with_ctx(concat!("gl", stringify!($name)), (), |c| {
                super::compiled(c, move |c| c.vertex_attrib_long(index, &v));
            })
        }
    )*};
}

// ARB_vertex_attrib_64bit (GL 4.1): double attributes kept as doubles.
attrib_l! {
    VertexAttribL1d (x);
    VertexAttribL2d (x, y);
    VertexAttribL3d (x, y, z);
    VertexAttribL4d (x, y, z, w);
}

attrib_lv! {
    VertexAttribL1dv 1;
    VertexAttribL2dv 2;
    VertexAttribL3dv 3;
    VertexAttribL4dv 4;
}

keyed_family! {
    vertex_attrib, index: GLuint;
    VertexAttrib1s VertexAttrib2s VertexAttrib3s VertexAttrib4s VertexAttrib1sv VertexAttrib2sv VertexAttrib3sv VertexAttrib4sv: GLshort, d_s;
    VertexAttrib1f VertexAttrib2f VertexAttrib3f VertexAttrib4f VertexAttrib1fv VertexAttrib2fv VertexAttrib3fv VertexAttrib4fv: GLfloat, d_f;
    VertexAttrib1d VertexAttrib2d VertexAttrib3d VertexAttrib4d VertexAttrib1dv VertexAttrib2dv VertexAttrib3dv VertexAttrib4dv: GLdouble, d_d;
}
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4bv, GLbyte, d_b, 4);
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4iv, GLint, d_i, 4);
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4ubv, GLubyte, d_ub, 4);
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4usv, GLushort, d_us, 4);
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4uiv, GLuint, d_ui, 4);
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4Nbv, GLbyte, normalize::byte, 4);
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4Nsv, GLshort, normalize::short, 4);
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4Niv, GLint, normalize::int, 4);
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4Nubv, GLubyte, normalize::ubyte, 4);
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4Nusv, GLushort, normalize::ushort, 4);
keyed_vector!(vertex_attrib, index: GLuint, VertexAttrib4Nuiv, GLuint, normalize::uint, 4);
keyed_scalar!(vertex_attrib, index: GLuint, VertexAttrib4Nub, GLubyte, normalize::ubyte, (x, y, z, w));

// glBegin / glEnd / glRect*.
unsafe extern "C" fn Begin(mode: GLenum) {
    with_ctx("glBegin", (), |c| {
        let r = c.begin(mode);
        c.record(r);
    })
}

unsafe extern "C" fn End() {
    with_ctx("glEnd", (), |c| {
        let r = c.end();
        c.record(r);
    })
}

/// `glRect`: `Begin(POLYGON)`, the four corners counter-clockwise, `End`
/// (GL 4.6 compatibility §10.9). INVALID_OPERATION inside Begin/End.
fn rect(c: &mut oxgl_core::Context, x1: f32, y1: f32, x2: f32, y2: f32) {
    let r = c.begin(oxgl_glapi::generated::enums::GL_POLYGON);
    if c.record(r).is_none() {
        return;
    }
    c.vertex([x1, y1, 0.0, 1.0]);
    c.vertex([x2, y1, 0.0, 1.0]);
    c.vertex([x2, y2, 0.0, 1.0]);
    c.vertex([x1, y2, 0.0, 1.0]);
    let r = c.end();
    c.record(r);
}

macro_rules! rect_family {
    ($($s:ident $v:ident : $t:ty, $conv:path;)*) => {$(
        unsafe extern "C" fn $s(x1: $t, y1: $t, x2: $t, y2: $t) {
            with_ctx(concat!("gl", stringify!($s)), (), |c| rect(c, $conv(x1), $conv(y1), $conv(x2), $conv(y2)))
        }
        unsafe extern "C" fn $v(v1: *const $t, v2: *const $t) {
            // SAFETY: each pointer addresses two components (a corner).
            let (Some(a), Some(b)) = (unsafe { (client::array::<$t, 2>(v1), client::array::<$t, 2>(v2)) }) else {
                return;
            };
            with_ctx(concat!("gl", stringify!($v)), (), |c| rect(c, $conv(a[0]), $conv(a[1]), $conv(b[0]), $conv(b[1])))
        }
    )*};
}
rect_family! {
    Rects Rectsv: GLshort, d_s;
    Recti Rectiv: GLint, d_i;
    Rectf Rectfv: GLfloat, d_f;
    Rectd Rectdv: GLdouble, d_d;
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    // Generic attributes exist in every profile.
    d.VertexAttrib1s = VertexAttrib1s;
    d.VertexAttrib2s = VertexAttrib2s;
    d.VertexAttrib3s = VertexAttrib3s;
    d.VertexAttrib4s = VertexAttrib4s;
    d.VertexAttrib1sv = VertexAttrib1sv;
    d.VertexAttrib2sv = VertexAttrib2sv;
    d.VertexAttrib3sv = VertexAttrib3sv;
    d.VertexAttrib4sv = VertexAttrib4sv;
    d.VertexAttrib1f = VertexAttrib1f;
    d.VertexAttrib2f = VertexAttrib2f;
    d.VertexAttrib3f = VertexAttrib3f;
    d.VertexAttrib4f = VertexAttrib4f;
    d.VertexAttribL1d = VertexAttribL1d;
    d.VertexAttribL2d = VertexAttribL2d;
    d.VertexAttribL3d = VertexAttribL3d;
    d.VertexAttribL4d = VertexAttribL4d;
    d.VertexAttribL1dv = VertexAttribL1dv;
    d.VertexAttribL2dv = VertexAttribL2dv;
    d.VertexAttribL3dv = VertexAttribL3dv;
    d.VertexAttribL4dv = VertexAttribL4dv;
    d.VertexAttribI1i = VertexAttribI1i;
    d.VertexAttribI2i = VertexAttribI2i;
    d.VertexAttribI3i = VertexAttribI3i;
    d.VertexAttribI4i = VertexAttribI4i;
    d.VertexAttribI1ui = VertexAttribI1ui;
    d.VertexAttribI2ui = VertexAttribI2ui;
    d.VertexAttribI3ui = VertexAttribI3ui;
    d.VertexAttribI4ui = VertexAttribI4ui;
    d.VertexAttribI1iv = VertexAttribI1iv;
    d.VertexAttribI2iv = VertexAttribI2iv;
    d.VertexAttribI3iv = VertexAttribI3iv;
    d.VertexAttribI4iv = VertexAttribI4iv;
    d.VertexAttribI1uiv = VertexAttribI1uiv;
    d.VertexAttribI2uiv = VertexAttribI2uiv;
    d.VertexAttribI3uiv = VertexAttribI3uiv;
    d.VertexAttribI4uiv = VertexAttribI4uiv;
    d.VertexAttribI4bv = VertexAttribI4bv;
    d.VertexAttribI4sv = VertexAttribI4sv;
    d.VertexAttribI4ubv = VertexAttribI4ubv;
    d.VertexAttribI4usv = VertexAttribI4usv;
    d.VertexAttrib1fv = VertexAttrib1fv;
    d.VertexAttrib2fv = VertexAttrib2fv;
    d.VertexAttrib3fv = VertexAttrib3fv;
    d.VertexAttrib4fv = VertexAttrib4fv;
    d.VertexAttrib1d = VertexAttrib1d;
    d.VertexAttrib2d = VertexAttrib2d;
    d.VertexAttrib3d = VertexAttrib3d;
    d.VertexAttrib4d = VertexAttrib4d;
    d.VertexAttrib1dv = VertexAttrib1dv;
    d.VertexAttrib2dv = VertexAttrib2dv;
    d.VertexAttrib3dv = VertexAttrib3dv;
    d.VertexAttrib4dv = VertexAttrib4dv;
    d.VertexAttrib4bv = VertexAttrib4bv;
    d.VertexAttrib4iv = VertexAttrib4iv;
    d.VertexAttrib4ubv = VertexAttrib4ubv;
    d.VertexAttrib4usv = VertexAttrib4usv;
    d.VertexAttrib4uiv = VertexAttrib4uiv;
    d.VertexAttrib4Nbv = VertexAttrib4Nbv;
    d.VertexAttrib4Nsv = VertexAttrib4Nsv;
    d.VertexAttrib4Niv = VertexAttrib4Niv;
    d.VertexAttrib4Nubv = VertexAttrib4Nubv;
    d.VertexAttrib4Nusv = VertexAttrib4Nusv;
    d.VertexAttrib4Nuiv = VertexAttrib4Nuiv;
    d.VertexAttrib4Nub = VertexAttrib4Nub;
    // The ARB_vertex_program names of the same commands.
    d.VertexAttrib1fARB = VertexAttrib1f;
    d.VertexAttrib2fARB = VertexAttrib2f;
    d.VertexAttrib3fARB = VertexAttrib3f;
    d.VertexAttrib4fARB = VertexAttrib4f;
    d.VertexAttrib1fvARB = VertexAttrib1fv;
    d.VertexAttrib2fvARB = VertexAttrib2fv;
    d.VertexAttrib3fvARB = VertexAttrib3fv;
    d.VertexAttrib4fvARB = VertexAttrib4fv;
    if profile != Profile::Compat {
        return;
    }
    d.Begin = Begin;
    d.End = End;
    macro_rules! set {
        ($($field:ident = $f:ident),* $(,)?) => { $( d.$field = $f; )* };
    }
    set! {
        Vertex2s = Vertex2s, Vertex3s = Vertex3s, Vertex4s = Vertex4s, Vertex2sv = Vertex2sv, Vertex3sv = Vertex3sv, Vertex4sv = Vertex4sv,
        Vertex2i = Vertex2i, Vertex3i = Vertex3i, Vertex4i = Vertex4i, Vertex2iv = Vertex2iv, Vertex3iv = Vertex3iv, Vertex4iv = Vertex4iv,
        Vertex2f = Vertex2f, Vertex3f = Vertex3f, Vertex4f = Vertex4f, Vertex2fv = Vertex2fv, Vertex3fv = Vertex3fv, Vertex4fv = Vertex4fv,
        Vertex2d = Vertex2d, Vertex3d = Vertex3d, Vertex4d = Vertex4d, Vertex2dv = Vertex2dv, Vertex3dv = Vertex3dv, Vertex4dv = Vertex4dv,
        Color3b = Color3b, Color4b = Color4b, Color3bv = Color3bv, Color4bv = Color4bv,
        Color3s = Color3s, Color4s = Color4s, Color3sv = Color3sv, Color4sv = Color4sv,
        Color3i = Color3i, Color4i = Color4i, Color3iv = Color3iv, Color4iv = Color4iv,
        Color3ub = Color3ub, Color4ub = Color4ub, Color3ubv = Color3ubv, Color4ubv = Color4ubv,
        Color3us = Color3us, Color4us = Color4us, Color3usv = Color3usv, Color4usv = Color4usv,
        Color3ui = Color3ui, Color4ui = Color4ui, Color3uiv = Color3uiv, Color4uiv = Color4uiv,
        Color3f = Color3f, Color4f = Color4f, Color3fv = Color3fv, Color4fv = Color4fv,
        Color3d = Color3d, Color4d = Color4d, Color3dv = Color3dv, Color4dv = Color4dv,
        SecondaryColor3b = SecondaryColor3b, SecondaryColor3bv = SecondaryColor3bv,
        SecondaryColor3s = SecondaryColor3s, SecondaryColor3sv = SecondaryColor3sv,
        SecondaryColor3i = SecondaryColor3i, SecondaryColor3iv = SecondaryColor3iv,
        SecondaryColor3ub = SecondaryColor3ub, SecondaryColor3ubv = SecondaryColor3ubv,
        SecondaryColor3us = SecondaryColor3us, SecondaryColor3usv = SecondaryColor3usv,
        SecondaryColor3ui = SecondaryColor3ui, SecondaryColor3uiv = SecondaryColor3uiv,
        SecondaryColor3f = SecondaryColor3f, SecondaryColor3fv = SecondaryColor3fv,
        SecondaryColor3d = SecondaryColor3d, SecondaryColor3dv = SecondaryColor3dv,
        SecondaryColor3fEXT = SecondaryColor3f, SecondaryColor3fvEXT = SecondaryColor3fv,
        SecondaryColor3ubEXT = SecondaryColor3ub, SecondaryColor3ubvEXT = SecondaryColor3ubv,
        Normal3b = Normal3b, Normal3bv = Normal3bv, Normal3s = Normal3s, Normal3sv = Normal3sv,
        Normal3i = Normal3i, Normal3iv = Normal3iv, Normal3f = Normal3f, Normal3fv = Normal3fv,
        Normal3d = Normal3d, Normal3dv = Normal3dv,
        TexCoord1s = TexCoord1s, TexCoord2s = TexCoord2s, TexCoord3s = TexCoord3s, TexCoord4s = TexCoord4s,
        TexCoord1sv = TexCoord1sv, TexCoord2sv = TexCoord2sv, TexCoord3sv = TexCoord3sv, TexCoord4sv = TexCoord4sv,
        TexCoord1i = TexCoord1i, TexCoord2i = TexCoord2i, TexCoord3i = TexCoord3i, TexCoord4i = TexCoord4i,
        TexCoord1iv = TexCoord1iv, TexCoord2iv = TexCoord2iv, TexCoord3iv = TexCoord3iv, TexCoord4iv = TexCoord4iv,
        TexCoord1f = TexCoord1f, TexCoord2f = TexCoord2f, TexCoord3f = TexCoord3f, TexCoord4f = TexCoord4f,
        TexCoord1fv = TexCoord1fv, TexCoord2fv = TexCoord2fv, TexCoord3fv = TexCoord3fv, TexCoord4fv = TexCoord4fv,
        TexCoord1d = TexCoord1d, TexCoord2d = TexCoord2d, TexCoord3d = TexCoord3d, TexCoord4d = TexCoord4d,
        TexCoord1dv = TexCoord1dv, TexCoord2dv = TexCoord2dv, TexCoord3dv = TexCoord3dv, TexCoord4dv = TexCoord4dv,
        MultiTexCoord1s = MultiTexCoord1s, MultiTexCoord2s = MultiTexCoord2s, MultiTexCoord3s = MultiTexCoord3s, MultiTexCoord4s = MultiTexCoord4s,
        MultiTexCoord1sv = MultiTexCoord1sv, MultiTexCoord2sv = MultiTexCoord2sv, MultiTexCoord3sv = MultiTexCoord3sv, MultiTexCoord4sv = MultiTexCoord4sv,
        MultiTexCoord1i = MultiTexCoord1i, MultiTexCoord2i = MultiTexCoord2i, MultiTexCoord3i = MultiTexCoord3i, MultiTexCoord4i = MultiTexCoord4i,
        MultiTexCoord1iv = MultiTexCoord1iv, MultiTexCoord2iv = MultiTexCoord2iv, MultiTexCoord3iv = MultiTexCoord3iv, MultiTexCoord4iv = MultiTexCoord4iv,
        MultiTexCoord1f = MultiTexCoord1f, MultiTexCoord2f = MultiTexCoord2f, MultiTexCoord3f = MultiTexCoord3f, MultiTexCoord4f = MultiTexCoord4f,
        MultiTexCoord1fv = MultiTexCoord1fv, MultiTexCoord2fv = MultiTexCoord2fv, MultiTexCoord3fv = MultiTexCoord3fv, MultiTexCoord4fv = MultiTexCoord4fv,
        MultiTexCoord1d = MultiTexCoord1d, MultiTexCoord2d = MultiTexCoord2d, MultiTexCoord3d = MultiTexCoord3d, MultiTexCoord4d = MultiTexCoord4d,
        MultiTexCoord1dv = MultiTexCoord1dv, MultiTexCoord2dv = MultiTexCoord2dv, MultiTexCoord3dv = MultiTexCoord3dv, MultiTexCoord4dv = MultiTexCoord4dv,
        MultiTexCoord1fARB = MultiTexCoord1f, MultiTexCoord2fARB = MultiTexCoord2f, MultiTexCoord3fARB = MultiTexCoord3f, MultiTexCoord4fARB = MultiTexCoord4f,
        MultiTexCoord1fvARB = MultiTexCoord1fv, MultiTexCoord2fvARB = MultiTexCoord2fv, MultiTexCoord3fvARB = MultiTexCoord3fv, MultiTexCoord4fvARB = MultiTexCoord4fv,
        FogCoordf = FogCoordf, FogCoordd = FogCoordd, FogCoordfv = FogCoordfv, FogCoorddv = FogCoorddv,
        FogCoordfEXT = FogCoordf, FogCoorddEXT = FogCoordd, FogCoordfvEXT = FogCoordfv, FogCoorddvEXT = FogCoorddv,
        Indexs = Indexs, Indexi = Indexi, Indexf = Indexf, Indexd = Indexd, Indexub = Indexub,
        Indexsv = Indexsv, Indexiv = Indexiv, Indexfv = Indexfv, Indexdv = Indexdv, Indexubv = Indexubv,
        EdgeFlag = EdgeFlag, EdgeFlagv = EdgeFlagv,
        Rects = Rects, Rectsv = Rectsv, Recti = Recti, Rectiv = Rectiv, Rectf = Rectf, Rectfv = Rectfv, Rectd = Rectd, Rectdv = Rectdv,
    }
}
