//! The packed-attribute commands of GL 3.3 (ARB_vertex_type_2_10_10_10_rev):
//! `glVertexAttribP{1,2,3,4}ui[v]` in every desktop profile and, in the
//! compatibility profile, `glVertexP*`, `glTexCoordP*`, `glMultiTexCoordP*`,
//! `glNormalP3ui`, `glColorP*` and `glSecondaryColorP3ui`.
//!
//! Each takes one 32-bit word of `GL_INT_2_10_10_10_REV` or
//! `GL_UNSIGNED_INT_2_10_10_10_REV` fields (any other type is
//! INVALID_ENUM), unpacks it as vertex arrays of those types do
//! (`oxgl_dri_interface::vertex::unpack_2_10_10_10`) and sets the attribute
//! as the matching float command would, with as many components as the
//! command's name says. Normals and colours are normalized; positions and
//! texture coordinates are not; generic attributes take `normalized`.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::vbo::Attrib;
use oxgl_core::vbo::attrib::expand;
use oxgl_core::{ApiError, ApiResult, Context, Profile};
use oxgl_dri_interface::vertex::{unpack_2_10_10_10, unpack_10f_11f_11f};
use oxgl_glapi::Dispatch;
use oxgl_glapi::generated::enums::{
    GL_INT_2_10_10_10_REV, GL_UNSIGNED_INT_2_10_10_10_REV, GL_UNSIGNED_INT_10F_11F_11F_REV,
};
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client;

/// The first `n` components of `word` (the others (0, 0, 0, 1)), or
/// INVALID_ENUM for a type that is not a packed one.
fn unpack(type_: GLenum, word: u32, normalized: bool, n: u8) -> ApiResult<[f32; 4]> {
    if type_ == GL_UNSIGNED_INT_10F_11F_11F_REV {
        // ARB_vertex_type_10f_11f_11f_rev: generic attributes of up to
        // three components only (`apply_generic` takes those first).
        return Err(ApiError::InvalidEnum);
    }
    let signed = match type_ {
        GL_INT_2_10_10_10_REV => true,
        GL_UNSIGNED_INT_2_10_10_10_REV => false,
        _ => return Err(ApiError::InvalidEnum),
    };
    let v = unpack_2_10_10_10(word, signed, normalized);
    Ok(expand(&v[..usize::from(n)]))
}

/// Reads the one word a `...uiv` command points at (`None` for null).
fn word_at(p: *const GLuint) -> Option<u32> {
    // SAFETY: the GL command reads exactly one `GLuint` from `p`.
    unsafe { client::array::<GLuint, 1>(p) }.map(|[w]| w)
}

/// Unpacks and applies: errors are recorded against the command.
fn apply(
    name: &'static str,
    type_: GLenum,
    word: Option<u32>,
    normalized: bool,
    n: u8,
    f: impl FnOnce(&mut Context, [f32; 4]) -> ApiResult,
) {
    let Some(word) = word else {
        return;
    };
    with_ctx(name, (), |c| {
        let r = unpack(type_, word, normalized, n).and_then(|v| f(c, v));
        c.record(r);
    })
}

/// `glVertexAttribP{1,2,3}ui(v)` also take `GL_UNSIGNED_INT_10F_11F_11F_REV`
/// (ARB_vertex_type_10f_11f_11f_rev): its first `n` components.
fn apply_generic(
    name: &'static str,
    type_: GLenum,
    word: Option<u32>,
    normalized: bool,
    n: u8,
    index: GLuint,
) {
    if type_ == GL_UNSIGNED_INT_10F_11F_11F_REV && n < 4 {
        let Some(word) = word else {
            return;
        };
        with_ctx(name, (), |c| {
            let v = unpack_10f_11f_11f(word);
            let r = c.vertex_attrib(index, expand(&v[..usize::from(n)]), n);
            c.record(r);
        });
        return;
    }
    apply(name, type_, word, normalized, n, |c, v| {
        c.vertex_attrib(index, v, n)
    });
}

macro_rules! generic {
    ($($s:ident $v:ident $n:literal;)*) => {$(
        unsafe extern "C" fn $s(index: GLuint, type_: GLenum, normalized: GLboolean, value: GLuint) {
            apply_generic(concat!("gl", stringify!($s)), type_, Some(value), normalized != 0, $n, index);
        }
        unsafe extern "C" fn $v(index: GLuint, type_: GLenum, normalized: GLboolean, value: *const GLuint) {
            apply_generic(concat!("gl", stringify!($v)), type_, word_at(value), normalized != 0, $n, index);
        }
    )*};
}
generic! {
    VertexAttribP1ui VertexAttribP1uiv 1;
    VertexAttribP2ui VertexAttribP2uiv 2;
    VertexAttribP3ui VertexAttribP3uiv 3;
    VertexAttribP4ui VertexAttribP4uiv 4;
}

/// Commands of one fixed attribute: `$apply` gets the context, the
/// unpacked value and the component count.
macro_rules! fixed {
    ($($s:ident $v:ident $n:literal $norm:literal, |$c:ident, $x:ident, $k:ident| $apply:expr;)*) => {$(
        unsafe extern "C" fn $s(type_: GLenum, value: GLuint) {
            apply(concat!("gl", stringify!($s)), type_, Some(value), $norm, $n,
                |$c, $x| { let $k: u8 = $n; $apply });
        }
        unsafe extern "C" fn $v(type_: GLenum, value: *const GLuint) {
            apply(concat!("gl", stringify!($v)), type_, word_at(value), $norm, $n,
                |$c, $x| { let $k: u8 = $n; $apply });
        }
    )*};
}
fixed! {
    VertexP2ui VertexP2uiv 2 false, |c, v, _n| { c.vertex(v); Ok(()) };
    VertexP3ui VertexP3uiv 3 false, |c, v, _n| { c.vertex(v); Ok(()) };
    VertexP4ui VertexP4uiv 4 false, |c, v, _n| { c.vertex(v); Ok(()) };
    TexCoordP1ui TexCoordP1uiv 1 false, |c, v, n| { c.tex_coord(v, n); Ok(()) };
    TexCoordP2ui TexCoordP2uiv 2 false, |c, v, n| { c.tex_coord(v, n); Ok(()) };
    TexCoordP3ui TexCoordP3uiv 3 false, |c, v, n| { c.tex_coord(v, n); Ok(()) };
    TexCoordP4ui TexCoordP4uiv 4 false, |c, v, n| { c.tex_coord(v, n); Ok(()) };
    NormalP3ui NormalP3uiv 3 true, |c, v, n| { c.attrib(Attrib::NORMAL, v, n); Ok(()) };
    ColorP3ui ColorP3uiv 3 true, |c, v, n| { c.attrib(Attrib::COLOR0, v, n); Ok(()) };
    ColorP4ui ColorP4uiv 4 true, |c, v, n| { c.attrib(Attrib::COLOR0, v, n); Ok(()) };
    SecondaryColorP3ui SecondaryColorP3uiv 3 true, |c, v, n| { c.attrib(Attrib::COLOR1, v, n); Ok(()) };
}

macro_rules! multi_tex_coord {
    ($($s:ident $v:ident $n:literal;)*) => {$(
        unsafe extern "C" fn $s(texture: GLenum, type_: GLenum, value: GLuint) {
            apply(concat!("gl", stringify!($s)), type_, Some(value), false, $n,
                |c, v| c.multi_tex_coord(texture, v, $n));
        }
        unsafe extern "C" fn $v(texture: GLenum, type_: GLenum, value: *const GLuint) {
            apply(concat!("gl", stringify!($v)), type_, word_at(value), false, $n,
                |c, v| c.multi_tex_coord(texture, v, $n));
        }
    )*};
}
multi_tex_coord! {
    MultiTexCoordP1ui MultiTexCoordP1uiv 1;
    MultiTexCoordP2ui MultiTexCoordP2uiv 2;
    MultiTexCoordP3ui MultiTexCoordP3uiv 3;
    MultiTexCoordP4ui MultiTexCoordP4uiv 4;
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile == Profile::Es {
        return;
    }
    macro_rules! set {
        ($($field:ident),* $(,)?) => { $( d.$field = $field; )* };
    }
    set! {
        VertexAttribP1ui, VertexAttribP1uiv, VertexAttribP2ui, VertexAttribP2uiv,
        VertexAttribP3ui, VertexAttribP3uiv, VertexAttribP4ui, VertexAttribP4uiv,
    }
    if profile != Profile::Compat {
        return;
    }
    set! {
        VertexP2ui, VertexP2uiv, VertexP3ui, VertexP3uiv, VertexP4ui, VertexP4uiv,
        TexCoordP1ui, TexCoordP1uiv, TexCoordP2ui, TexCoordP2uiv,
        TexCoordP3ui, TexCoordP3uiv, TexCoordP4ui, TexCoordP4uiv,
        MultiTexCoordP1ui, MultiTexCoordP1uiv, MultiTexCoordP2ui, MultiTexCoordP2uiv,
        MultiTexCoordP3ui, MultiTexCoordP3uiv, MultiTexCoordP4ui, MultiTexCoordP4uiv,
        NormalP3ui, NormalP3uiv, ColorP3ui, ColorP3uiv, ColorP4ui, ColorP4uiv,
        SecondaryColorP3ui, SecondaryColorP3uiv,
    }
}
