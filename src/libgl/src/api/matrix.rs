//! Matrix stacks, `glShadeModel`, `glActiveTexture`, `glClientActiveTexture`.
//! Handlers are named after their GL command, for error messages.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_core::compat::matrix::Mat4;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client;

/// A matrix or texture-unit command: compiled into display lists (the core
/// method checks Begin/End and flushes pending vertices).
macro_rules! handler {
    ($name:ident ( $($arg:ident : $ty:ty),* ) => |$ctx:ident| $body:expr) => {
        unsafe extern "C" fn $name($($arg: $ty),*) {
            with_ctx(concat!("gl", stringify!($name)), (), |ctx| {
                if ctx.compiling_list() {
                    ctx.save(Box::new(move |$ctx: &mut oxgl_core::Context| $body));
                    if !ctx.executing() {
                        return;
                    }
                }
                let $ctx = ctx;
                let r = $body;
                $ctx.record(r);
            })
        }
    };
}

/// Reads 16 matrix elements from the client (column-major as given).
///
/// # Safety
/// `m` is null or points to 16 values.
unsafe fn read_matrix<T: Copy + Into<f64>>(m: *const T) -> Option<Mat4> {
    // SAFETY: per the caller.
    let s = unsafe { client::array::<T, 16>(m) }?;
    Some(Mat4(s.map(|v| v.into() as f32)))
}

macro_rules! matrix_handler {
    ($name:ident, $t:ty, |$c:ident, $m:ident| $body:expr) => {
        unsafe extern "C" fn $name(m: *const $t) {
            // SAFETY: GL 4.6 compat §12.1.1: the matrix commands read 16
            // values from `m`.
            let Some($m) = (unsafe { read_matrix(m) }) else {
                return;
            };
            with_ctx(concat!("gl", stringify!($name)), (), |ctx| {
                if ctx.compiling_list() {
                    ctx.save(Box::new(move |$c: &mut oxgl_core::Context| $body));
                    if !ctx.executing() {
                        return;
                    }
                }
                let $c = ctx;
                let r = $body;
                $c.record(r);
            })
        }
    };
}

handler!(MatrixMode(mode: GLenum) => |c| c.matrix_mode(mode));
handler!(LoadIdentity() => |c| c.load_identity());
handler!(PushMatrix() => |c| c.push_matrix());
handler!(PopMatrix() => |c| c.pop_matrix());
handler!(Rotatef(a: GLfloat, x: GLfloat, y: GLfloat, z: GLfloat) => |c| c.mult_matrix(Mat4::rotate(a.into(), x.into(), y.into(), z.into())));
handler!(Rotated(a: GLdouble, x: GLdouble, y: GLdouble, z: GLdouble) => |c| c.mult_matrix(Mat4::rotate(a, x, y, z)));
handler!(Scalef(x: GLfloat, y: GLfloat, z: GLfloat) => |c| c.mult_matrix(Mat4::scale(x.into(), y.into(), z.into())));
handler!(Scaled(x: GLdouble, y: GLdouble, z: GLdouble) => |c| c.mult_matrix(Mat4::scale(x, y, z)));
handler!(Translatef(x: GLfloat, y: GLfloat, z: GLfloat) => |c| c.mult_matrix(Mat4::translate(x.into(), y.into(), z.into())));
handler!(Translated(x: GLdouble, y: GLdouble, z: GLdouble) => |c| c.mult_matrix(Mat4::translate(x, y, z)));
handler!(Frustum(l: GLdouble, r: GLdouble, b: GLdouble, t: GLdouble, n: GLdouble, f: GLdouble) => |c| c.frustum(l, r, b, t, n, f));
handler!(Ortho(l: GLdouble, r: GLdouble, b: GLdouble, t: GLdouble, n: GLdouble, f: GLdouble) => |c| c.ortho(l, r, b, t, n, f));
handler!(ShadeModel(mode: GLenum) => |c| c.shade_model(mode));
handler!(ProvokingVertex(mode: GLenum) => |c| c.provoking_vertex(mode));
handler!(ActiveTexture(texture: GLenum) => |c| c.active_texture(texture));
/// Client state: executed at once even while compiling (GL 4.6 compat §21.4).
unsafe extern "C" fn ClientActiveTexture(texture: GLenum) {
    with_ctx("glClientActiveTexture", (), |c| {
        let r = c.client_active_texture(texture);
        c.record(r);
    })
}

matrix_handler!(LoadMatrixf, GLfloat, |c, m| c.load_matrix(m));
matrix_handler!(LoadMatrixd, GLdouble, |c, m| c.load_matrix(m));
matrix_handler!(MultMatrixf, GLfloat, |c, m| c.mult_matrix(m));
matrix_handler!(MultMatrixd, GLdouble, |c, m| c.mult_matrix(m));
matrix_handler!(LoadTransposeMatrixf, GLfloat, |c, m| c
    .load_matrix(m.transpose()));
matrix_handler!(LoadTransposeMatrixd, GLdouble, |c, m| c
    .load_matrix(m.transpose()));
matrix_handler!(MultTransposeMatrixf, GLfloat, |c, m| c
    .mult_matrix(m.transpose()));
matrix_handler!(MultTransposeMatrixd, GLdouble, |c, m| c
    .mult_matrix(m.transpose()));

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    d.ActiveTexture = ActiveTexture;
    d.ActiveTextureARB = ActiveTexture;
    // GL 3.2 kept glProvokingVertex in the core profile.
    d.ProvokingVertex = ProvokingVertex;
    d.ProvokingVertexEXT = ProvokingVertex;
    if profile != Profile::Compat {
        return;
    }
    d.MatrixMode = MatrixMode;
    d.LoadIdentity = LoadIdentity;
    d.PushMatrix = PushMatrix;
    d.PopMatrix = PopMatrix;
    d.Rotatef = Rotatef;
    d.Rotated = Rotated;
    d.Scalef = Scalef;
    d.Scaled = Scaled;
    d.Translatef = Translatef;
    d.Translated = Translated;
    d.Frustum = Frustum;
    d.Ortho = Ortho;
    d.LoadMatrixf = LoadMatrixf;
    d.LoadMatrixd = LoadMatrixd;
    d.MultMatrixf = MultMatrixf;
    d.MultMatrixd = MultMatrixd;
    d.LoadTransposeMatrixf = LoadTransposeMatrixf;
    d.LoadTransposeMatrixd = LoadTransposeMatrixd;
    d.MultTransposeMatrixf = MultTransposeMatrixf;
    d.MultTransposeMatrixd = MultTransposeMatrixd;
    d.LoadTransposeMatrixfARB = LoadTransposeMatrixf;
    d.LoadTransposeMatrixdARB = LoadTransposeMatrixd;
    d.MultTransposeMatrixfARB = MultTransposeMatrixf;
    d.MultTransposeMatrixdARB = MultTransposeMatrixd;
    d.ShadeModel = ShadeModel;
    d.ClientActiveTexture = ClientActiveTexture;
    d.ClientActiveTextureARB = ClientActiveTexture;
}
