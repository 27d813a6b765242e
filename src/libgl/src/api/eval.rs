//! Evaluators: glMap{1,2}{f,d}, glGetMap{f,d,i}v (and the glGetnMap robust
//! forms), glMapGrid{1,2}{f,d}, glEvalCoord*, glEvalPoint{1,2},
//! glEvalMesh{1,2}. All but the queries are compiled into display lists; a
//! compiled glMap keeps its control points.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::compat::eval::{components, map1_len, map2_len};
use oxgl_core::{ApiError, Context, Profile};
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::{compiled, with_ctx};
use crate::client;

/// The control points `glMap1`/`glMap2` hand the core, and the strides
/// that go with them. GL 2.1 §5.1: the command reads `order` points of `k`
/// values each, `stride` values apart (per direction); with valid arguments
/// exactly those values are read, packed (strides `k` and `vorder × k`), so
/// nothing between the points is touched however large the strides. With
/// invalid ones ([`map1_len`] / [`map2_len`] 0) nothing is read and the
/// arguments go to the core as given, which fails the command. `None` for
/// a null pointer; the outer `None` is OUT_OF_MEMORY, recorded.
///
/// # Safety
/// `p` is null or holds the points the arguments describe.
unsafe fn control_points<T: Copy>(
    c: &mut Context,
    target: GLenum,
    (ustride, uorder): (GLint, GLint),
    v: Option<(GLint, GLint)>,
    p: *const T,
    conv: impl Fn(T) -> f32,
) -> Option<([GLint; 2], Option<Vec<f32>>)> {
    let strides = [ustride, v.map_or(0, |v| v.0)];
    if p.is_null() {
        return Some((strides, None));
    }
    let len = match v {
        None => map1_len(target, ustride, uorder),
        Some((vstride, vorder)) => map2_len(target, ustride, uorder, vstride, vorder),
    };
    if len == 0 {
        return Some((strides, Some(Vec::new())));
    }
    let k = components(target);
    let (vstride, vorder) = v.map_or((0, 1), |(s, o)| (s as usize, o as usize));
    let (ustride, uorder) = (ustride as usize, uorder as usize);
    let starts: Vec<usize> = (0..uorder)
        .flat_map(|i| (0..vorder).map(move |j| i * ustride + j * vstride))
        .collect();
    // SAFETY: per the caller; each start plus `k` is at most `len`, the
    // values the command reads.
    let r = unsafe { client::gather(p, &starts, k) };
    let points = c.record(r)?;
    let packed = [(vorder * k) as GLint, k as GLint];
    let strides = if v.is_some() { packed } else { [k as GLint, 0] };
    Some((strides, Some(points.into_iter().map(conv).collect())))
}

unsafe extern "C" fn Map1f(
    target: GLenum,
    u1: GLfloat,
    u2: GLfloat,
    stride: GLint,
    order: GLint,
    points: *const GLfloat,
) {
    with_ctx("glMap1f", (), |c| {
        // SAFETY: GL 2.1 §5.1: `points` holds the curve's control points.
        let Some(([stride, _], pts)) =
            (unsafe { control_points(c, target, (stride, order), None, points, |x| x) })
        else {
            return;
        };
        compiled(c, move |c| {
            c.map1(target, u1, u2, stride, order, pts.as_deref())
        })
    })
}

unsafe extern "C" fn Map1d(
    target: GLenum,
    u1: GLdouble,
    u2: GLdouble,
    stride: GLint,
    order: GLint,
    points: *const GLdouble,
) {
    let (u1, u2) = (u1 as f32, u2 as f32);
    with_ctx("glMap1d", (), |c| {
        // SAFETY: GL 2.1 §5.1: `points` holds the curve's control points.
        let Some(([stride, _], pts)) =
            (unsafe { control_points(c, target, (stride, order), None, points, |x| x as f32) })
        else {
            return;
        };
        compiled(c, move |c| {
            c.map1(target, u1, u2, stride, order, pts.as_deref())
        })
    })
}

unsafe extern "C" fn Map2f(
    target: GLenum,
    u1: GLfloat,
    u2: GLfloat,
    ustride: GLint,
    uorder: GLint,
    v1: GLfloat,
    v2: GLfloat,
    vstride: GLint,
    vorder: GLint,
    points: *const GLfloat,
) {
    with_ctx("glMap2f", (), |c| {
        let v = Some((vstride, vorder));
        // SAFETY: GL 2.1 §5.1: `points` holds the surface's control points.
        let Some(([ustride, vstride], pts)) =
            (unsafe { control_points(c, target, (ustride, uorder), v, points, |x| x) })
        else {
            return;
        };
        compiled(c, move |c| {
            c.map2(
                target,
                u1,
                u2,
                ustride,
                uorder,
                v1,
                v2,
                vstride,
                vorder,
                pts.as_deref(),
            )
        })
    })
}

unsafe extern "C" fn Map2d(
    target: GLenum,
    u1: GLdouble,
    u2: GLdouble,
    ustride: GLint,
    uorder: GLint,
    v1: GLdouble,
    v2: GLdouble,
    vstride: GLint,
    vorder: GLint,
    points: *const GLdouble,
) {
    let (u1, u2, v1, v2) = (u1 as f32, u2 as f32, v1 as f32, v2 as f32);
    with_ctx("glMap2d", (), |c| {
        let v = Some((vstride, vorder));
        // SAFETY: GL 2.1 §5.1: `points` holds the surface's control points.
        let Some(([ustride, vstride], pts)) =
            (unsafe { control_points(c, target, (ustride, uorder), v, points, |x| x as f32) })
        else {
            return;
        };
        compiled(c, move |c| {
            c.map2(
                target,
                u1,
                u2,
                ustride,
                uorder,
                v1,
                v2,
                vstride,
                vorder,
                pts.as_deref(),
            )
        })
    })
}

/// Mesa's `IROUND`: half away from zero.
fn iround(x: f32) -> GLint {
    if x >= 0.0 {
        (x + 0.5) as GLint
    } else {
        (x - 0.5) as GLint
    }
}

/// `glGet(n)Map*v`: `buf_size` in bytes, `None` for the unbounded forms.
/// ARB_robustness: INVALID_OPERATION when the values need more than
/// `buf_size` bytes (nothing is written).
///
/// # Safety
/// `out` is null or has room for every value of `query` (at least
/// `buf_size` bytes for the robust forms).
unsafe fn get_map<T: Copy>(
    name: &'static str,
    target: GLenum,
    query: GLenum,
    buf_size: Option<GLsizei>,
    out: *mut T,
    conv: impl Fn(f32) -> T,
) {
    with_ctx(name, (), |c| {
        let r = c.get_map(target, query).and_then(|vals| {
            let bytes = vals.len() * std::mem::size_of::<T>();
            match buf_size {
                Some(b) if (b.max(0) as usize) < bytes => Err(ApiError::InvalidOperation),
                _ => Ok(vals),
            }
        });
        let Some(vals) = c.record(r) else {
            return;
        };
        // SAFETY: GL 2.1 §6.1.3: the client provides room for every value
        // of `query` (the robust forms checked `bufSize` above).
        unsafe { client::write_iter(out, vals.into_iter().map(conv)) };
    })
}

unsafe extern "C" fn GetMapfv(target: GLenum, query: GLenum, v: *mut GLfloat) {
    // SAFETY: the command's contract for `v`.
    unsafe { get_map("glGetMapfv", target, query, None, v, |x| x) }
}
unsafe extern "C" fn GetMapdv(target: GLenum, query: GLenum, v: *mut GLdouble) {
    // SAFETY: the command's contract for `v`.
    unsafe { get_map("glGetMapdv", target, query, None, v, f64::from) }
}
unsafe extern "C" fn GetMapiv(target: GLenum, query: GLenum, v: *mut GLint) {
    // SAFETY: the command's contract for `v`.
    unsafe { get_map("glGetMapiv", target, query, None, v, iround) }
}
unsafe extern "C" fn GetnMapfv(target: GLenum, query: GLenum, size: GLsizei, v: *mut GLfloat) {
    // SAFETY: the command's contract for `v`.
    unsafe { get_map("glGetnMapfv", target, query, Some(size), v, |x| x) }
}
unsafe extern "C" fn GetnMapdv(target: GLenum, query: GLenum, size: GLsizei, v: *mut GLdouble) {
    // SAFETY: the command's contract for `v`.
    unsafe { get_map("glGetnMapdv", target, query, Some(size), v, f64::from) }
}
unsafe extern "C" fn GetnMapiv(target: GLenum, query: GLenum, size: GLsizei, v: *mut GLint) {
    // SAFETY: the command's contract for `v`.
    unsafe { get_map("glGetnMapiv", target, query, Some(size), v, iround) }
}

unsafe extern "C" fn MapGrid1f(un: GLint, u1: GLfloat, u2: GLfloat) {
    with_ctx("glMapGrid1f", (), |c| {
        compiled(c, move |c| c.map_grid1(un, u1, u2))
    })
}
unsafe extern "C" fn MapGrid1d(un: GLint, u1: GLdouble, u2: GLdouble) {
    let (u1, u2) = (u1 as f32, u2 as f32);
    with_ctx("glMapGrid1d", (), |c| {
        compiled(c, move |c| c.map_grid1(un, u1, u2))
    })
}
unsafe extern "C" fn MapGrid2f(
    un: GLint,
    u1: GLfloat,
    u2: GLfloat,
    vn: GLint,
    v1: GLfloat,
    v2: GLfloat,
) {
    with_ctx("glMapGrid2f", (), |c| {
        compiled(c, move |c| c.map_grid2(un, u1, u2, vn, v1, v2))
    })
}
unsafe extern "C" fn MapGrid2d(
    un: GLint,
    u1: GLdouble,
    u2: GLdouble,
    vn: GLint,
    v1: GLdouble,
    v2: GLdouble,
) {
    let (u1, u2, v1, v2) = (u1 as f32, u2 as f32, v1 as f32, v2 as f32);
    with_ctx("glMapGrid2d", (), |c| {
        compiled(c, move |c| c.map_grid2(un, u1, u2, vn, v1, v2))
    })
}

// glEvalCoord/glEvalPoint compile themselves (they may fall between a
// compiled glBegin and glEnd).
unsafe extern "C" fn EvalCoord1f(u: GLfloat) {
    with_ctx("glEvalCoord1f", (), |c| c.eval_coord1(u))
}
unsafe extern "C" fn EvalCoord1d(u: GLdouble) {
    with_ctx("glEvalCoord1d", (), |c| c.eval_coord1(u as f32))
}
unsafe extern "C" fn EvalCoord1fv(u: *const GLfloat) {
    // SAFETY: the command reads one component from `u`.
    if let Some(u) = unsafe { client::get(u) } {
        with_ctx("glEvalCoord1fv", (), |c| c.eval_coord1(u))
    }
}
unsafe extern "C" fn EvalCoord1dv(u: *const GLdouble) {
    // SAFETY: the command reads one component from `u`.
    if let Some(u) = unsafe { client::get(u) } {
        with_ctx("glEvalCoord1dv", (), |c| c.eval_coord1(u as f32))
    }
}
unsafe extern "C" fn EvalCoord2f(u: GLfloat, v: GLfloat) {
    with_ctx("glEvalCoord2f", (), |c| c.eval_coord2(u, v))
}
unsafe extern "C" fn EvalCoord2d(u: GLdouble, v: GLdouble) {
    with_ctx("glEvalCoord2d", (), |c| c.eval_coord2(u as f32, v as f32))
}
unsafe extern "C" fn EvalCoord2fv(p: *const GLfloat) {
    // SAFETY: the command reads its components from `p`.
    if let Some([u, v]) = unsafe { client::array(p) } {
        with_ctx("glEvalCoord2fv", (), |c| c.eval_coord2(u, v))
    }
}
unsafe extern "C" fn EvalCoord2dv(p: *const GLdouble) {
    // SAFETY: the command reads its components from `p`.
    if let Some([u, v]) = unsafe { client::array(p) } {
        with_ctx("glEvalCoord2dv", (), |c| c.eval_coord2(u as f32, v as f32))
    }
}
unsafe extern "C" fn EvalPoint1(i: GLint) {
    with_ctx("glEvalPoint1", (), |c| c.eval_point1(i))
}
unsafe extern "C" fn EvalPoint2(i: GLint, j: GLint) {
    with_ctx("glEvalPoint2", (), |c| c.eval_point2(i, j))
}

unsafe extern "C" fn EvalMesh1(mode: GLenum, i1: GLint, i2: GLint) {
    with_ctx("glEvalMesh1", (), |c| {
        compiled(c, move |c| c.eval_mesh1(mode, i1, i2))
    })
}
unsafe extern "C" fn EvalMesh2(mode: GLenum, i1: GLint, i2: GLint, j1: GLint, j2: GLint) {
    with_ctx("glEvalMesh2", (), |c| {
        compiled(c, move |c| c.eval_mesh2(mode, i1, i2, j1, j2))
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
        Map1f = Map1f, Map1d = Map1d, Map2f = Map2f, Map2d = Map2d,
        GetMapfv = GetMapfv, GetMapdv = GetMapdv, GetMapiv = GetMapiv,
        GetnMapfv = GetnMapfv, GetnMapdv = GetnMapdv, GetnMapiv = GetnMapiv,
        GetnMapfvARB = GetnMapfv, GetnMapdvARB = GetnMapdv, GetnMapivARB = GetnMapiv,
        MapGrid1f = MapGrid1f, MapGrid1d = MapGrid1d, MapGrid2f = MapGrid2f, MapGrid2d = MapGrid2d,
        EvalCoord1f = EvalCoord1f, EvalCoord1d = EvalCoord1d, EvalCoord1fv = EvalCoord1fv, EvalCoord1dv = EvalCoord1dv,
        EvalCoord2f = EvalCoord2f, EvalCoord2d = EvalCoord2d, EvalCoord2fv = EvalCoord2fv, EvalCoord2dv = EvalCoord2dv,
        EvalPoint1 = EvalPoint1, EvalPoint2 = EvalPoint2,
        EvalMesh1 = EvalMesh1, EvalMesh2 = EvalMesh2,
    }
}
