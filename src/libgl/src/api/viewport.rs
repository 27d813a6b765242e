//! Viewport arrays (ARB_viewport_array, GL 4.1; src/core/src/viewport.rs):
//! the indexed viewport, scissor and depth range commands, and the
//! `glGetFloati_v` / `glGetDoublei_v` queries of indexed state.
//!
//! The array commands read the client's array once their counts are
//! checked, so a display list keeps the values (GL 4.6 compatibility §21.4
//! compiles these commands); a wrong count is recorded and reported when
//! the list runs, as the other compiled commands report their errors.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::viewport::viewport_range;
use oxgl_core::{ApiResult, Context};
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::{compiled, with_ctx};
use crate::client;

/// `count` groups of `N` values at `v`, read once `first` and `count` name
/// viewports; the error of [`viewport_range`] otherwise.
///
/// # Safety
/// `v` holds `count * N` values when the range is valid, as the command's
/// contract says.
unsafe fn read_groups<T: Copy + Default, const N: usize>(
    first: GLuint,
    count: GLsizei,
    v: *const T,
) -> ApiResult<Vec<[T; N]>> {
    let n = viewport_range(first, count)?.len();
    // SAFETY: the caller's contract; `n` is at most MAX_VIEWPORTS.
    let flat = unsafe { client::read(v, n * N) }?;
    Ok(flat
        .chunks_exact(N)
        .map(|c| std::array::from_fn(|i| c[i]))
        .collect())
}

/// Runs (or compiles) `f` once the values are read; a reading error is
/// recorded in their place.
fn set<T: Send + Sync + 'static>(
    c: &mut Context,
    values: ApiResult<T>,
    f: impl Fn(&mut Context, &T) -> ApiResult + Send + Sync + 'static,
) {
    compiled(c, move |c| {
        c.outside_begin_end()?;
        c.flush_vertices();
        match &values {
            Ok(v) => f(c, v),
            Err(e) => Err(*e),
        }
    });
}

unsafe extern "C" fn ViewportArrayv(first: GLuint, count: GLsizei, v: *const GLfloat) {
    with_ctx("glViewportArrayv", (), |c| {
        // SAFETY: `v` holds `count` viewports of four floats.
        let values = unsafe { read_groups::<GLfloat, 4>(first, count, v) };
        set(c, values, move |c, v| c.viewport_indexed(first, v));
    })
}

unsafe extern "C" fn ViewportIndexedf(
    index: GLuint,
    x: GLfloat,
    y: GLfloat,
    w: GLfloat,
    h: GLfloat,
) {
    with_ctx("glViewportIndexedf", (), |c| {
        set(c, Ok([x, y, w, h]), move |c, v| {
            c.viewport_indexed(index, &[*v])
        });
    })
}

unsafe extern "C" fn ViewportIndexedfv(index: GLuint, v: *const GLfloat) {
    with_ctx("glViewportIndexedfv", (), |c| {
        // SAFETY: `v` holds one viewport of four floats.
        let values = unsafe { read_groups::<GLfloat, 4>(index, 1, v) };
        set(c, values, move |c, v| c.viewport_indexed(index, v));
    })
}

unsafe extern "C" fn ScissorArrayv(first: GLuint, count: GLsizei, v: *const GLint) {
    with_ctx("glScissorArrayv", (), |c| {
        // SAFETY: `v` holds `count` rectangles of four integers.
        let values = unsafe { read_groups::<GLint, 4>(first, count, v) };
        set(c, values, move |c, v| c.scissor_indexed(first, v));
    })
}

unsafe extern "C" fn ScissorIndexed(index: GLuint, x: GLint, y: GLint, w: GLsizei, h: GLsizei) {
    with_ctx("glScissorIndexed", (), |c| {
        set(c, Ok([x, y, w, h]), move |c, v| {
            c.scissor_indexed(index, &[*v])
        });
    })
}

unsafe extern "C" fn ScissorIndexedv(index: GLuint, v: *const GLint) {
    with_ctx("glScissorIndexedv", (), |c| {
        // SAFETY: `v` holds one rectangle of four integers.
        let values = unsafe { read_groups::<GLint, 4>(index, 1, v) };
        set(c, values, move |c, v| c.scissor_indexed(index, v));
    })
}

unsafe extern "C" fn DepthRangeArrayv(first: GLuint, count: GLsizei, v: *const GLdouble) {
    with_ctx("glDepthRangeArrayv", (), |c| {
        // SAFETY: `v` holds `count` pairs of doubles.
        let values = unsafe { read_groups::<GLdouble, 2>(first, count, v) };
        set(c, values, move |c, v| c.depth_range_indexed(first, v));
    })
}

unsafe extern "C" fn DepthRangeIndexed(index: GLuint, n: GLdouble, f: GLdouble) {
    with_ctx("glDepthRangeIndexed", (), |c| {
        set(c, Ok([n, f]), move |c, v| {
            c.depth_range_indexed(index, &[*v])
        });
    })
}

/// The values of indexed state `pname` as floating point: the viewport
/// state's own values, the other indexed state's integers converted.
fn indexed_floats(c: &mut Context, pname: GLenum, index: GLuint) -> Option<Vec<f64>> {
    let r = c
        .outside_begin_end()
        .and_then(|()| c.get_viewport_indexed(pname, index));
    match c.record(r)? {
        Some((v, n)) => Some(v[..n].to_vec()),
        None => super::xfb::indexed(c, pname, index).map(|v| v.iter().map(|&x| x as f64).collect()),
    }
}

unsafe extern "C" fn GetFloati_v(pname: GLenum, index: GLuint, data: *mut GLfloat) {
    with_ctx("glGetFloati_v", (), |c| {
        if let Some(v) = indexed_floats(c, pname, index) {
            let v: Vec<GLfloat> = v.iter().map(|&x| x as GLfloat).collect();
            // SAFETY: room for the values of `pname`.
            unsafe { client::write(data, &v) };
        }
    })
}

unsafe extern "C" fn GetDoublei_v(pname: GLenum, index: GLuint, data: *mut GLdouble) {
    with_ctx("glGetDoublei_v", (), |c| {
        if let Some(v) = indexed_floats(c, pname, index) {
            // SAFETY: room for the values of `pname`.
            unsafe { client::write(data, &v) };
        }
    })
}

pub(super) fn install(d: &mut Dispatch) {
    d.ViewportArrayv = ViewportArrayv;
    d.ViewportIndexedf = ViewportIndexedf;
    d.ViewportIndexedfv = ViewportIndexedfv;
    d.ScissorArrayv = ScissorArrayv;
    d.ScissorIndexed = ScissorIndexed;
    d.ScissorIndexedv = ScissorIndexedv;
    d.DepthRangeArrayv = DepthRangeArrayv;
    d.DepthRangeIndexed = DepthRangeIndexed;
    // The registry lists the NV double-precision names under the extension.
    d.DepthRangeArraydvNV = DepthRangeArrayv;
    d.DepthRangeIndexeddNV = DepthRangeIndexed;
    d.GetFloati_v = GetFloati_v;
    d.GetDoublei_v = GetDoublei_v;
    // EXT_direct_state_access's names of the same queries.
    d.GetFloati_vEXT = GetFloati_v;
    d.GetDoublei_vEXT = GetDoublei_v;
    d.GetFloatIndexedvEXT = GetFloati_v;
    d.GetDoubleIndexedvEXT = GetDoublei_v;
}
