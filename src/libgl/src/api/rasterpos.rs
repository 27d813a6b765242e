//! The raster position: glRasterPos*, glWindowPos* (and their ARB/MESA
//! names), glPixelZoom. All are compiled into display lists.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::{compiled, with_ctx};
use crate::client;

fn raster_pos(name: &'static str, p: [f32; 4]) {
    with_ctx(name, (), |c| compiled(c, move |c| c.raster_pos(p)))
}

fn window_pos(name: &'static str, x: f32, y: f32, z: f32) {
    with_ctx(name, (), |c| compiled(c, move |c| c.window_pos(x, y, z)))
}

macro_rules! raster_pos_family {
    ($($t:ty, $conv:expr => $p2:ident $p3:ident $p4:ident $p2v:ident $p3v:ident $p4v:ident
        $w2:ident $w3:ident $w2v:ident $w3v:ident;)*) => {$(
        unsafe extern "C" fn $p2(x: $t, y: $t) {
            let f = $conv;
            raster_pos(concat!("gl", stringify!($p2)), [f(x), f(y), 0.0, 1.0])
        }
        unsafe extern "C" fn $p3(x: $t, y: $t, z: $t) {
            let f = $conv;
            raster_pos(concat!("gl", stringify!($p3)), [f(x), f(y), f(z), 1.0])
        }
        unsafe extern "C" fn $p4(x: $t, y: $t, z: $t, w: $t) {
            let f = $conv;
            raster_pos(concat!("gl", stringify!($p4)), [f(x), f(y), f(z), f(w)])
        }
        unsafe extern "C" fn $p2v(v: *const $t) {
            let f = $conv;
            // SAFETY: the command reads its components from `v`.
            if let Some([x, y]) = unsafe { client::array(v) } {
                raster_pos(concat!("gl", stringify!($p2v)), [f(x), f(y), 0.0, 1.0])
            }
        }
        unsafe extern "C" fn $p3v(v: *const $t) {
            let f = $conv;
            // SAFETY: the command reads its components from `v`.
            if let Some([x, y, z]) = unsafe { client::array(v) } {
                raster_pos(concat!("gl", stringify!($p3v)), [f(x), f(y), f(z), 1.0])
            }
        }
        unsafe extern "C" fn $p4v(v: *const $t) {
            let f = $conv;
            // SAFETY: the command reads its components from `v`.
            if let Some([x, y, z, w]) = unsafe { client::array(v) } {
                raster_pos(concat!("gl", stringify!($p4v)), [f(x), f(y), f(z), f(w)])
            }
        }
        unsafe extern "C" fn $w2(x: $t, y: $t) {
            let f = $conv;
            window_pos(concat!("gl", stringify!($w2)), f(x), f(y), 0.0)
        }
        unsafe extern "C" fn $w3(x: $t, y: $t, z: $t) {
            let f = $conv;
            window_pos(concat!("gl", stringify!($w3)), f(x), f(y), f(z))
        }
        unsafe extern "C" fn $w2v(v: *const $t) {
            let f = $conv;
            // SAFETY: the command reads its components from `v`.
            if let Some([x, y]) = unsafe { client::array(v) } {
                window_pos(concat!("gl", stringify!($w2v)), f(x), f(y), 0.0)
            }
        }
        unsafe extern "C" fn $w3v(v: *const $t) {
            let f = $conv;
            // SAFETY: the command reads its components from `v`.
            if let Some([x, y, z]) = unsafe { client::array(v) } {
                window_pos(concat!("gl", stringify!($w3v)), f(x), f(y), f(z))
            }
        }
    )*};
}

raster_pos_family! {
    GLshort, |x: GLshort| f32::from(x) => RasterPos2s RasterPos3s RasterPos4s RasterPos2sv RasterPos3sv RasterPos4sv
        WindowPos2s WindowPos3s WindowPos2sv WindowPos3sv;
    GLint, |x: GLint| x as f32 => RasterPos2i RasterPos3i RasterPos4i RasterPos2iv RasterPos3iv RasterPos4iv
        WindowPos2i WindowPos3i WindowPos2iv WindowPos3iv;
    GLfloat, |x: GLfloat| x => RasterPos2f RasterPos3f RasterPos4f RasterPos2fv RasterPos3fv RasterPos4fv
        WindowPos2f WindowPos3f WindowPos2fv WindowPos3fv;
    GLdouble, |x: GLdouble| x as f32 => RasterPos2d RasterPos3d RasterPos4d RasterPos2dv RasterPos3dv RasterPos4dv
        WindowPos2d WindowPos3d WindowPos2dv WindowPos3dv;
}

fn window_pos4(name: &'static str, p: [f32; 4]) {
    with_ctx(name, (), |c| {
        compiled(c, move |c| c.window_pos4(p[0], p[1], p[2], p[3]))
    })
}

macro_rules! window_pos4_family {
    ($($t:ty, $conv:expr => $w4:ident $w4v:ident;)*) => {$(
        unsafe extern "C" fn $w4(x: $t, y: $t, z: $t, w: $t) {
            let f = $conv;
            window_pos4(concat!("gl", stringify!($w4)), [f(x), f(y), f(z), f(w)])
        }
        unsafe extern "C" fn $w4v(v: *const $t) {
            let f = $conv;
            // SAFETY: the command reads its components from `v`.
            if let Some([x, y, z, w]) = unsafe { client::array(v) } {
                window_pos4(concat!("gl", stringify!($w4v)), [f(x), f(y), f(z), f(w)])
            }
        }
    )*};
}

window_pos4_family! {
    GLshort, |x: GLshort| f32::from(x) => WindowPos4sMESA WindowPos4svMESA;
    GLint, |x: GLint| x as f32 => WindowPos4iMESA WindowPos4ivMESA;
    GLfloat, |x: GLfloat| x => WindowPos4fMESA WindowPos4fvMESA;
    GLdouble, |x: GLdouble| x as f32 => WindowPos4dMESA WindowPos4dvMESA;
}

unsafe extern "C" fn PixelZoom(x: GLfloat, y: GLfloat) {
    with_ctx("glPixelZoom", (), |c| {
        compiled(c, move |c| c.pixel_zoom(x, y))
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile != Profile::Compat {
        return;
    }
    macro_rules! set {
        ($($field:ident = $f:ident),* $(,)?) => { $( d.$field = $f; )* };
    }
    set! {
        RasterPos2s = RasterPos2s, RasterPos3s = RasterPos3s, RasterPos4s = RasterPos4s,
        RasterPos2sv = RasterPos2sv, RasterPos3sv = RasterPos3sv, RasterPos4sv = RasterPos4sv,
        RasterPos2i = RasterPos2i, RasterPos3i = RasterPos3i, RasterPos4i = RasterPos4i,
        RasterPos2iv = RasterPos2iv, RasterPos3iv = RasterPos3iv, RasterPos4iv = RasterPos4iv,
        RasterPos2f = RasterPos2f, RasterPos3f = RasterPos3f, RasterPos4f = RasterPos4f,
        RasterPos2fv = RasterPos2fv, RasterPos3fv = RasterPos3fv, RasterPos4fv = RasterPos4fv,
        RasterPos2d = RasterPos2d, RasterPos3d = RasterPos3d, RasterPos4d = RasterPos4d,
        RasterPos2dv = RasterPos2dv, RasterPos3dv = RasterPos3dv, RasterPos4dv = RasterPos4dv,
        WindowPos2s = WindowPos2s, WindowPos3s = WindowPos3s, WindowPos2sv = WindowPos2sv, WindowPos3sv = WindowPos3sv,
        WindowPos2i = WindowPos2i, WindowPos3i = WindowPos3i, WindowPos2iv = WindowPos2iv, WindowPos3iv = WindowPos3iv,
        WindowPos2f = WindowPos2f, WindowPos3f = WindowPos3f, WindowPos2fv = WindowPos2fv, WindowPos3fv = WindowPos3fv,
        WindowPos2d = WindowPos2d, WindowPos3d = WindowPos3d, WindowPos2dv = WindowPos2dv, WindowPos3dv = WindowPos3dv,
        WindowPos2sARB = WindowPos2s, WindowPos3sARB = WindowPos3s, WindowPos2svARB = WindowPos2sv, WindowPos3svARB = WindowPos3sv,
        WindowPos2iARB = WindowPos2i, WindowPos3iARB = WindowPos3i, WindowPos2ivARB = WindowPos2iv, WindowPos3ivARB = WindowPos3iv,
        WindowPos2fARB = WindowPos2f, WindowPos3fARB = WindowPos3f, WindowPos2fvARB = WindowPos2fv, WindowPos3fvARB = WindowPos3fv,
        WindowPos2dARB = WindowPos2d, WindowPos3dARB = WindowPos3d, WindowPos2dvARB = WindowPos2dv, WindowPos3dvARB = WindowPos3dv,
        WindowPos2sMESA = WindowPos2s, WindowPos3sMESA = WindowPos3s, WindowPos2svMESA = WindowPos2sv, WindowPos3svMESA = WindowPos3sv,
        WindowPos2iMESA = WindowPos2i, WindowPos3iMESA = WindowPos3i, WindowPos2ivMESA = WindowPos2iv, WindowPos3ivMESA = WindowPos3iv,
        WindowPos2fMESA = WindowPos2f, WindowPos3fMESA = WindowPos3f, WindowPos2fvMESA = WindowPos2fv, WindowPos3fvMESA = WindowPos3fv,
        WindowPos2dMESA = WindowPos2d, WindowPos3dMESA = WindowPos3d, WindowPos2dvMESA = WindowPos2dv, WindowPos3dvMESA = WindowPos3dv,
        PixelZoom = PixelZoom,
        WindowPos4sMESA = WindowPos4sMESA, WindowPos4svMESA = WindowPos4svMESA,
        WindowPos4iMESA = WindowPos4iMESA, WindowPos4ivMESA = WindowPos4ivMESA,
        WindowPos4fMESA = WindowPos4fMESA, WindowPos4fvMESA = WindowPos4fvMESA,
        WindowPos4dMESA = WindowPos4dMESA, WindowPos4dvMESA = WindowPos4dvMESA,
    }
}
