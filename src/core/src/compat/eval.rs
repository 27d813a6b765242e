//! Evaluators (GL 2.1 §5.1, kept in the compatibility profile):
//! `glMap1`/`glMap2` control points, `glMapGrid`, `glEvalCoord`,
//! `glEvalPoint` and `glEvalMesh`.
//!
//! An evaluated coordinate runs every enabled map through its Bernstein
//! polynomial and gives the results to *one* vertex: the current attribute
//! values are left as they were (Mesa saves and restores them around the
//! vertex). Only when a vertex map is enabled is a vertex emitted at all. Of
//! each kind, the highest-priority enabled map is used: `VERTEX_4` over
//! `VERTEX_3`, `TEXTURE_COORD_4` over `_3`, `_2`, `_1`. With
//! `GL_AUTO_NORMAL` and a two-dimensional vertex map, the normal is the
//! cross product of the surface's partial derivatives.
//!
//! ## Evaluation
//!
//! Curves use the Horner-like scheme of Mesa's `m_eval.c`: with `s = 1 - t`
//! the Bernstein sum `Σ C(n,i) t^i s^(n-i) P_i` is accumulated as
//! `out = s·out + C(n,i)·t^i·P_i`, one multiply-add per control point, in
//! Mesa's order of operations. Surfaces evaluate the curves of the shorter
//! direction first, as Mesa does. Derivatives (for the
//! automatic normal) use de Casteljau's algorithm stopped one level early:
//! the last two points `a`, `b` give the value `(1-t)a + tb` and the
//! derivative `(n-1)(b-a)`.
//!
//! The grid commands (`glEvalMesh`) step the parameter by adding `du` as
//! Mesa does (rather than computing `u1 + i·du`), which decides where
//! vertices land to the last bit.
//!
//! ## Display lists
//!
//! `glMap*` lists keep the control points; every other command is recorded
//! and evaluates when the list runs, with the maps and grid of that time. A
//! `glEvalCoord`/`glEvalPoint` between a compiled `glBegin` and `glEnd` turns
//! that primitive into recorded commands (as Mesa's display-list fallback),
//! since its vertex cannot be compiled in advance.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::vbo::{Attrib, CurrentAttribs, Immediate};

/// `GL_MAX_EVAL_ORDER` (Mesa's value).
pub const MAX_EVAL_ORDER: i32 = 30;

/// Maps per dimension: `COLOR_4`, `INDEX`, `NORMAL`, `TEXTURE_COORD_1..4`,
/// `VERTEX_3`, `VERTEX_4`, in enum order (`GL_MAP1_COLOR_4` + i).
const NUM_MAPS: usize = 9;

/// Components of each map, indexed like the targets.
const COMPONENTS: [usize; NUM_MAPS] = [4, 1, 3, 1, 2, 3, 4, 3, 4];

const COLOR_4: usize = 0;
const INDEX: usize = 1;
const NORMAL: usize = 2;
const TEXTURE_COORD_1: usize = 3;
const VERTEX_3: usize = 7;
const VERTEX_4: usize = 8;

/// Initial control point of each map (GL 4.6 compatibility table 23.x):
/// the attribute's initial current value.
const INITIAL_POINT: [[f32; 4]; NUM_MAPS] = [
    [1.0, 1.0, 1.0, 1.0],
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [0.0, 0.0, 0.0, 1.0],
    [0.0, 0.0, 0.0, 1.0],
    [0.0, 0.0, 0.0, 1.0],
    [0.0, 0.0, 0.0, 1.0],
    [0.0, 0.0, 0.0, 1.0],
    [0.0, 0.0, 0.0, 1.0],
];

/// A one-dimensional map.
#[derive(Clone, Debug, PartialEq)]
pub struct Map1 {
    /// Number of control points.
    pub order: usize,
    /// Domain `[u1, u2]`.
    pub u1: f32,
    /// Domain end.
    pub u2: f32,
    /// `1 / (u2 - u1)`.
    du: f32,
    /// Control points, `order × components` values.
    pub points: Vec<f32>,
}

/// A two-dimensional map.
#[derive(Clone, Debug, PartialEq)]
pub struct Map2 {
    /// Control points in u.
    pub uorder: usize,
    /// Control points in v.
    pub vorder: usize,
    /// Domain in u.
    pub u: [f32; 2],
    /// Domain in v.
    pub v: [f32; 2],
    du: f32,
    dv: f32,
    /// Control points, u-major: point (i, j) starts at
    /// `(i × vorder + j) × components`.
    pub points: Vec<f32>,
}

/// `glMapGrid1` state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid1 {
    /// Segments.
    pub un: i32,
    /// Domain.
    pub u: [f32; 2],
    du: f32,
}

/// `glMapGrid2` state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid2 {
    /// Segments in u and v.
    pub n: [i32; 2],
    /// Domain in u.
    pub u: [f32; 2],
    /// Domain in v.
    pub v: [f32; 2],
    du: f32,
    dv: f32,
}

/// Evaluator state: the maps and grids (the enables are capabilities in
/// [`crate::state::State`]).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalState {
    /// `GL_MAP1_*`, indexed from `GL_MAP1_COLOR_4`.
    pub map1: [Map1; NUM_MAPS],
    /// `GL_MAP2_*`, indexed from `GL_MAP2_COLOR_4`.
    pub map2: [Map2; NUM_MAPS],
    /// `glMapGrid1`.
    pub grid1: Grid1,
    /// `glMapGrid2`.
    pub grid2: Grid2,
}

impl Default for EvalState {
    fn default() -> Self {
        EvalState {
            map1: std::array::from_fn(|i| Map1 {
                order: 1,
                u1: 0.0,
                u2: 1.0,
                du: 1.0,
                points: INITIAL_POINT[i][..COMPONENTS[i]].to_vec(),
            }),
            map2: std::array::from_fn(|i| Map2 {
                uorder: 1,
                vorder: 1,
                u: [0.0, 1.0],
                v: [0.0, 1.0],
                du: 1.0,
                dv: 1.0,
                points: INITIAL_POINT[i][..COMPONENTS[i]].to_vec(),
            }),
            grid1: Grid1 {
                un: 1,
                u: [0.0, 1.0],
                du: 1.0,
            },
            grid2: Grid2 {
                n: [1, 1],
                u: [0.0, 1.0],
                v: [0.0, 1.0],
                du: 1.0,
                dv: 1.0,
            },
        }
    }
}

/// A map target: dimension (1 or 2) and index.
fn target_index(target: GLenum) -> Option<(u8, usize)> {
    match target {
        GL_MAP1_COLOR_4..=GL_MAP1_VERTEX_4 => Some((1, (target - GL_MAP1_COLOR_4) as usize)),
        GL_MAP2_COLOR_4..=GL_MAP2_VERTEX_4 => Some((2, (target - GL_MAP2_COLOR_4) as usize)),
        _ => None,
    }
}

/// Components of a map target's points (0 for an unknown target), as Mesa's
/// `_mesa_evaluator_components`.
pub fn components(target: GLenum) -> usize {
    target_index(target).map_or(0, |(_, i)| COMPONENTS[i])
}

/// How many values `glMap1` reads from `points`: `(order - 1) × stride + k`,
/// or 0 when the arguments are invalid (then nothing is read; the command
/// fails).
pub fn map1_len(target: GLenum, stride: i32, order: i32) -> usize {
    let k = components(target);
    if k == 0 || (stride as i64) < k as i64 || !(1..=MAX_EVAL_ORDER).contains(&order) {
        return 0;
    }
    (order as usize - 1) * stride as usize + k
}

/// How many values `glMap2` reads from `points`.
pub fn map2_len(target: GLenum, ustride: i32, uorder: i32, vstride: i32, vorder: i32) -> usize {
    let k = components(target);
    let ok = |stride: i32, order: i32| {
        stride as i64 >= k as i64 && (1..=MAX_EVAL_ORDER).contains(&order)
    };
    if k == 0 || !ok(ustride, uorder) || !ok(vstride, vorder) {
        return 0;
    }
    (uorder as usize - 1) * ustride as usize + (vorder as usize - 1) * vstride as usize + k
}

/// `1 / i` for the binomial coefficients, as Mesa's `inv_tab`.
fn inv(i: usize) -> f32 {
    1.0 / i as f32
}

/// Evaluates a Bézier curve of `order` points of `dim` components (stored
/// consecutively in `cp`) at `t` into `out` (Mesa's
/// `_math_horner_bezier_curve`).
pub fn horner_curve(cp: &[f32], out: &mut [f32], t: f32, dim: usize, order: usize) {
    if order < 2 {
        out[..dim].copy_from_slice(&cp[..dim]);
        return;
    }
    let mut bincoeff = (order - 1) as f32;
    let s = 1.0 - t;
    for k in 0..dim {
        out[k] = s * cp[k] + bincoeff * t * cp[dim + k];
    }
    let mut powert = t * t;
    for i in 2..order {
        bincoeff *= (order - i) as f32;
        bincoeff *= inv(i);
        let p = &cp[i * dim..i * dim + dim];
        for k in 0..dim {
            out[k] = s * out[k] + bincoeff * powert * p[k];
        }
        powert *= t;
    }
}

/// Evaluates a Bézier surface (points u-major) at (u, v) into `out` (Mesa's
/// `_math_horner_bezier_surf`): the curves of the shorter direction first.
pub fn horner_surf(
    cn: &[f32],
    out: &mut [f32],
    u: f32,
    v: f32,
    dim: usize,
    uorder: usize,
    vorder: usize,
) {
    let mut cp = [0f32; MAX_EVAL_ORDER as usize * 4];
    let uinc = vorder * dim;
    if vorder > uorder {
        if uorder < 2 {
            horner_curve(cn, out, v, dim, vorder);
            return;
        }
        // For each v index j, the point at u on the column curve (j fixed).
        let mut col = [0f32; MAX_EVAL_ORDER as usize * 4];
        for j in 0..vorder {
            for i in 0..uorder {
                col[i * dim..i * dim + dim].copy_from_slice(&cn[i * uinc + j * dim..][..dim]);
            }
            horner_curve(&col, &mut cp[j * dim..j * dim + dim], u, dim, uorder);
        }
        horner_curve(&cp, out, v, dim, vorder);
    } else {
        if vorder < 2 {
            horner_curve(cn, out, u, dim, uorder);
            return;
        }
        // Rows (i fixed) are consecutive: evaluate each at v, then in u.
        for i in 0..uorder {
            horner_curve(
                &cn[i * uinc..],
                &mut cp[i * dim..i * dim + dim],
                v,
                dim,
                vorder,
            );
        }
        horner_curve(&cp, out, u, dim, uorder);
    }
}

/// De Casteljau on `order` points of `dim` components: the value at `t` and
/// the derivative with respect to `t`.
fn casteljau_curve(pts: &[[f32; 4]], t: f32, dim: usize) -> ([f32; 4], [f32; 4]) {
    let order = pts.len();
    if order < 2 {
        return (pts[0], [0.0; 4]);
    }
    let mut work = [[0f32; 4]; MAX_EVAL_ORDER as usize];
    work[..order].copy_from_slice(pts);
    let s = 1.0 - t;
    // Reduce to two points.
    for level in 1..order - 1 {
        for i in 0..order - level {
            let next = work[i + 1];
            for (w, n) in work[i].iter_mut().zip(next).take(dim) {
                *w = s * *w + t * n;
            }
        }
    }
    let (a, b) = (work[0], work[1]);
    let mut p = [0f32; 4];
    let mut d = [0f32; 4];
    let n = (order - 1) as f32;
    for k in 0..dim {
        p[k] = s * a[k] + t * b[k];
        d[k] = n * (b[k] - a[k]);
    }
    (p, d)
}

/// A surface's value and partial derivatives at (u, v) (de Casteljau).
pub fn casteljau_surf(
    cn: &[f32],
    u: f32,
    v: f32,
    dim: usize,
    uorder: usize,
    vorder: usize,
) -> ([f32; 4], [f32; 4], [f32; 4]) {
    let point = |i: usize, j: usize| {
        let mut p = [0f32; 4];
        p[..dim].copy_from_slice(&cn[(i * vorder + j) * dim..][..dim]);
        p
    };
    // Each row (u index i) at v: its point and its v-derivative.
    let mut rows = [[0f32; 4]; MAX_EVAL_ORDER as usize];
    let mut row_dv = [[0f32; 4]; MAX_EVAL_ORDER as usize];
    let mut row = [[0f32; 4]; MAX_EVAL_ORDER as usize];
    for i in 0..uorder {
        for (j, r) in row.iter_mut().enumerate().take(vorder) {
            *r = point(i, j);
        }
        (rows[i], row_dv[i]) = casteljau_curve(&row[..vorder], v, dim);
    }
    let (p, du) = casteljau_curve(&rows[..uorder], u, dim);
    let (dv, _) = casteljau_curve(&row_dv[..uorder], u, dim);
    (p, du, dv)
}

/// The attribute a map index feeds.
fn attrib_of(i: usize) -> Attrib {
    match i {
        COLOR_4 => Attrib::COLOR0,
        INDEX => Attrib::COLOR_INDEX,
        NORMAL => Attrib::NORMAL,
        VERTEX_3 | VERTEX_4 => Attrib::POS,
        _ => Attrib::TEX0,
    }
}

/// One evaluated vertex: the attributes it carries (attribute, size, value)
/// and its position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EvalVertex {
    /// Attributes set for this vertex only.
    pub attribs: Vec<(Attrib, u8, [f32; 4])>,
    /// The position.
    pub pos: [f32; 4],
}

/// Where an evaluator is evaluated.
#[derive(Clone, Copy, Debug, PartialEq)]
enum At {
    One(f32),
    Two(f32, f32),
}

impl EvalState {
    /// Evaluates the enabled maps at `at`; `None` when no vertex map is
    /// enabled (the command then has no effect).
    fn evaluate(&self, at: At, state: &crate::state::State) -> Option<EvalVertex> {
        let (base, dims) = match at {
            At::One(_) => (GL_MAP1_COLOR_4, 1),
            At::Two(..) => (GL_MAP2_COLOR_4, 2),
        };
        // A map without control points (glMap2 with a null pointer) is
        // treated as disabled.
        let on = |i: usize| {
            state.enabled(base + i as GLenum)
                && match at {
                    At::One(_) => !self.map1[i].points.is_empty(),
                    At::Two(..) => !self.map2[i].points.is_empty(),
                }
        };
        let vertex = [VERTEX_4, VERTEX_3].into_iter().find(|&i| on(i))?;
        let tex = (0..4).rev().map(|t| TEXTURE_COORD_1 + t).find(|&i| on(i));
        let maps = [COLOR_4, INDEX, NORMAL]
            .into_iter()
            .filter(|&i| on(i))
            .chain(tex);
        let mut out = EvalVertex::default();
        for i in maps {
            let mut data = [0.0, 0.0, 0.0, 1.0];
            self.eval_map(dims, i, at, &mut data);
            out.attribs.push((attrib_of(i), COMPONENTS[i] as u8, data));
        }
        let dim = COMPONENTS[vertex];
        let mut pos = [0.0, 0.0, 0.0, 1.0];
        match at {
            At::Two(u, v) if state.enabled(GL_AUTO_NORMAL) => {
                let m = &self.map2[vertex];
                let (uu, vv) = ((u - m.u[0]) * m.du, (v - m.v[0]) * m.dv);
                let (p, mut du, mut dv) =
                    casteljau_surf(&m.points, uu, vv, dim, m.uorder, m.vorder);
                pos[..dim].copy_from_slice(&p[..dim]);
                if dim == 4 {
                    // The derivative of the projected (rational) surface,
                    // up to the positive factor 1/w².
                    for k in 0..3 {
                        du[k] = du[k] * p[3] - du[3] * p[k];
                        dv[k] = dv[k] * p[3] - dv[3] * p[k];
                    }
                }
                let mut n = [
                    du[1] * dv[2] - du[2] * dv[1],
                    du[2] * dv[0] - du[0] * dv[2],
                    du[0] * dv[1] - du[1] * dv[0],
                    1.0,
                ];
                let len2 = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
                if len2 != 0.0 {
                    let inv_len = 1.0 / len2.sqrt();
                    for c in &mut n[..3] {
                        *c *= inv_len;
                    }
                }
                match out.attribs.iter_mut().find(|(a, ..)| *a == Attrib::NORMAL) {
                    Some(slot) => *slot = (Attrib::NORMAL, 3, n),
                    None => out.attribs.push((Attrib::NORMAL, 3, n)),
                }
            }
            _ => self.eval_map(dims, vertex, at, &mut pos),
        }
        if vertex == VERTEX_3 {
            pos[3] = 1.0;
        }
        out.pos = pos;
        Some(out)
    }

    /// Evaluates map `i` of dimension `dims` at `at` into `data`.
    fn eval_map(&self, dims: u8, i: usize, at: At, data: &mut [f32; 4]) {
        let dim = COMPONENTS[i];
        match at {
            At::One(u) if dims == 1 => {
                let m = &self.map1[i];
                let uu = (u - m.u1) * m.du;
                horner_curve(&m.points, data, uu, dim, m.order);
            }
            At::Two(u, v) => {
                let m = &self.map2[i];
                let (uu, vv) = ((u - m.u[0]) * m.du, (v - m.v[0]) * m.dv);
                horner_surf(&m.points, data, uu, vv, dim, m.uorder, m.vorder);
            }
            At::One(_) => debug_assert!(false, "a one-dimensional coordinate for a 2D map"),
        }
    }
}

/// Emits an evaluated vertex into `imm` (inside a primitive): its attributes
/// for this vertex only, the other attributes from `current`.
fn emit(imm: &mut Immediate, current: &CurrentAttribs, v: &EvalVertex) {
    let mut values = current.clone();
    for &(a, size, value) in &v.attribs {
        imm.note_attrib(a, size, current);
        values.values[a.index()] = value;
    }
    imm.emit(v.pos, &values);
}

/// Copies `order` points of `k` components, `stride` values apart.
fn copy_points1(src: &[f32], k: usize, stride: usize, order: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(order * k);
    for i in 0..order {
        out.extend_from_slice(&src[i * stride..i * stride + k]);
    }
    out
}

impl Context {
    /// `glMap1{f,d}`: `points` holds the values the client passed, as many
    /// as [`map1_len`] says (`None` for a null pointer).
    pub fn map1(
        &mut self,
        target: GLenum,
        u1: f32,
        u2: f32,
        stride: i32,
        order: i32,
        points: Option<&[f32]>,
    ) -> ApiResult {
        self.outside_begin_end()?;
        // Mesa's order of checks (main/eval.c, map1).
        let Some(points) = points.filter(|_| u1 != u2 && (1..=MAX_EVAL_ORDER).contains(&order))
        else {
            return Err(ApiError::InvalidValue);
        };
        let k = components(target);
        if k == 0 {
            return Err(ApiError::InvalidEnum);
        }
        if (stride as i64) < k as i64 {
            return Err(ApiError::InvalidValue);
        }
        // GL 1.2.1 §F.2.13 (as Mesa): the maps belong to texture unit 0.
        if self.ff.active_texture != 0 {
            return Err(ApiError::InvalidOperation);
        }
        let Some((1, i)) = target_index(target) else {
            return Err(ApiError::InvalidEnum);
        };
        let (stride, order) = (stride as usize, order as usize);
        if points.len() < (order - 1) * stride + k {
            debug_assert!(false, "glMap1: short control point slice");
            return Err(ApiError::InvalidValue);
        }
        self.flush_vertices();
        self.eval.map1[i] = Map1 {
            order,
            u1,
            u2,
            du: 1.0 / (u2 - u1),
            points: copy_points1(points, k, stride, order),
        };
        Ok(())
    }

    /// `glMap2{f,d}`: `points` holds [`map2_len`] values (`None` for a null
    /// pointer).
    #[expect(clippy::too_many_arguments, reason = "the GL command's arguments")]
    pub fn map2(
        &mut self,
        target: GLenum,
        u1: f32,
        u2: f32,
        ustride: i32,
        uorder: i32,
        v1: f32,
        v2: f32,
        vstride: i32,
        vorder: i32,
        points: Option<&[f32]>,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let order_ok = |o: i32| (1..=MAX_EVAL_ORDER).contains(&o);
        if u1 == u2 || v1 == v2 || !order_ok(uorder) || !order_ok(vorder) {
            return Err(ApiError::InvalidValue);
        }
        let k = components(target);
        if k == 0 {
            return Err(ApiError::InvalidEnum);
        }
        if (ustride as i64) < k as i64 || (vstride as i64) < k as i64 {
            return Err(ApiError::InvalidValue);
        }
        if self.ff.active_texture != 0 {
            return Err(ApiError::InvalidOperation);
        }
        let Some((2, i)) = target_index(target) else {
            return Err(ApiError::InvalidEnum);
        };
        let (us, uo, vs, vo) = (
            ustride as usize,
            uorder as usize,
            vstride as usize,
            vorder as usize,
        );
        // Mesa accepts a null pointer here (unlike glMap1): the map then has
        // no control points; it evaluates to nothing and GL_COEFF returns none.
        let mut pts = Vec::new();
        if let Some(points) = points {
            if points.len() < (uo - 1) * us + (vo - 1) * vs + k {
                debug_assert!(false, "glMap2: short control point slice");
                return Err(ApiError::InvalidValue);
            }
            pts.reserve(uo * vo * k);
            for a in 0..uo {
                for b in 0..vo {
                    let at = a * us + b * vs;
                    pts.extend_from_slice(&points[at..at + k]);
                }
            }
        }
        self.flush_vertices();
        self.eval.map2[i] = Map2 {
            uorder: uo,
            vorder: vo,
            u: [u1, u2],
            v: [v1, v2],
            du: 1.0 / (u2 - u1),
            dv: 1.0 / (v2 - v1),
            points: pts,
        };
        Ok(())
    }

    /// `glGetMap{f,d,i}v`: the values of `query` (`GL_COEFF`, `GL_ORDER`,
    /// `GL_DOMAIN`) for `target`. INVALID_ENUM for another target or query.
    pub fn get_map(&self, target: GLenum, query: GLenum) -> ApiResult<Vec<f32>> {
        self.outside_begin_end()?;
        let Some((dims, i)) = target_index(target) else {
            return Err(ApiError::InvalidEnum);
        };
        let (m1, m2) = (&self.eval.map1[i], &self.eval.map2[i]);
        Ok(match (query, dims) {
            (GL_COEFF, 1) => m1.points.clone(),
            (GL_COEFF, _) => m2.points.clone(),
            (GL_ORDER, 1) => vec![m1.order as f32],
            (GL_ORDER, _) => vec![m2.uorder as f32, m2.vorder as f32],
            (GL_DOMAIN, 1) => vec![m1.u1, m1.u2],
            (GL_DOMAIN, _) => vec![m2.u[0], m2.u[1], m2.v[0], m2.v[1]],
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glMapGrid1{f,d}`. INVALID_VALUE for `un < 1`.
    pub fn map_grid1(&mut self, un: i32, u1: f32, u2: f32) -> ApiResult {
        self.outside_begin_end()?;
        if un < 1 {
            return Err(ApiError::InvalidValue);
        }
        self.flush_vertices();
        self.eval.grid1 = Grid1 {
            un,
            u: [u1, u2],
            du: (u2 - u1) / un as f32,
        };
        Ok(())
    }

    /// `glMapGrid2{f,d}`. INVALID_VALUE for `un < 1` or `vn < 1`.
    pub fn map_grid2(&mut self, un: i32, u1: f32, u2: f32, vn: i32, v1: f32, v2: f32) -> ApiResult {
        self.outside_begin_end()?;
        if un < 1 || vn < 1 {
            return Err(ApiError::InvalidValue);
        }
        self.flush_vertices();
        self.eval.grid2 = Grid2 {
            n: [un, vn],
            u: [u1, u2],
            v: [v1, v2],
            du: (u2 - u1) / un as f32,
            dv: (v2 - v1) / vn as f32,
        };
        Ok(())
    }

    /// `glEvalCoord1*`.
    pub fn eval_coord1(&mut self, u: f32) {
        self.eval_coord(At::One(u));
    }

    /// `glEvalCoord2*`.
    pub fn eval_coord2(&mut self, u: f32, v: f32) {
        self.eval_coord(At::Two(u, v));
    }

    /// `glEvalPoint1`: `glEvalCoord1(i × du + u1)` on the grid (computed as
    /// Mesa does).
    pub fn eval_point1(&mut self, i: i32) {
        if self.save_eval(move |c| c.eval_point1(i)) {
            return;
        }
        let g = &self.eval.grid1;
        let du = (g.u[1] - g.u[0]) / g.un as f32;
        self.eval_live(At::One(i as f32 * du + g.u[0]));
    }

    /// `glEvalPoint2`.
    pub fn eval_point2(&mut self, i: i32, j: i32) {
        if self.save_eval(move |c| c.eval_point2(i, j)) {
            return;
        }
        let g = &self.eval.grid2;
        let du = (g.u[1] - g.u[0]) / g.n[0] as f32;
        let dv = (g.v[1] - g.v[0]) / g.n[1] as f32;
        self.eval_live(At::Two(i as f32 * du + g.u[0], j as f32 * dv + g.v[0]));
    }

    /// `glEvalCoord`.
    fn eval_coord(&mut self, at: At) {
        if self.save_eval(move |c| c.eval_coord(at)) {
            return;
        }
        self.eval_live(at);
    }

    /// Compiles an evaluation command, if a list is being compiled: it is
    /// recorded and runs when the list does, with the maps and grid of that
    /// time; between a compiled `glBegin` and `glEnd` the primitive is
    /// recorded command by command ([`Context::save_loopback`]). Returns
    /// whether the command is done (compiled and not executed).
    fn save_eval(&mut self, f: impl Fn(&mut Context) + Send + Sync + 'static) -> bool {
        if !self.compiling_list() {
            return false;
        }
        self.save_loopback();
        self.save(Box::new(move |c| {
            f(c);
            Ok(())
        }));
        !self.executing()
    }

    /// Evaluates now: outside Begin/End the vertex would be ignored and the
    /// attributes are left unchanged, so the command has no effect.
    fn eval_live(&mut self, at: At) {
        if self.in_begin_end() {
            self.eval_now(at);
        }
    }

    /// Runs `f` inside `glBegin(mode)` / `glEnd` on the immediate-mode
    /// batch directly (not compiled: the mesh command itself is).
    fn eval_primitive(&mut self, mode: GLenum, f: impl FnOnce(&mut Context)) {
        self.ff.imm.begin(mode);
        f(self);
        self.ff.imm.end();
        if self.ff.imm.wants_flush() {
            self.flush_vertices();
        }
    }

    /// Evaluates directly (no list compiling): inside [`Self::eval_primitive`].
    fn eval_now(&mut self, at: At) {
        if let Some(v) = self.eval.evaluate(at, &self.state) {
            let ff = &mut self.ff;
            emit(&mut ff.imm, &ff.current, &v);
        }
    }

    /// `glEvalMesh1`: INVALID_ENUM for a mode other than POINT and LINE,
    /// INVALID_OPERATION inside Begin/End; nothing without a vertex map.
    pub fn eval_mesh1(&mut self, mode: GLenum, i1: i32, i2: i32) -> ApiResult {
        self.outside_begin_end()?;
        let prim = match mode {
            GL_POINT => GL_POINTS,
            GL_LINE => GL_LINE_STRIP,
            _ => return Err(ApiError::InvalidEnum),
        };
        if !self.state.enabled(GL_MAP1_VERTEX_3) && !self.state.enabled(GL_MAP1_VERTEX_4) {
            return Ok(());
        }
        let g = self.eval.grid1;
        self.eval_primitive(prim, |c| {
            let mut u = g.u[0] + i1 as f32 * g.du;
            for _ in i1..=i2 {
                c.eval_now(At::One(u));
                u += g.du;
            }
        });
        Ok(())
    }

    /// `glEvalMesh2`: POINT, LINE (strips along u, then along v) or FILL (a
    /// triangle strip per row, as Mesa draws it).
    pub fn eval_mesh2(&mut self, mode: GLenum, i1: i32, i2: i32, j1: i32, j2: i32) -> ApiResult {
        self.outside_begin_end()?;
        if !matches!(mode, GL_POINT | GL_LINE | GL_FILL) {
            return Err(ApiError::InvalidEnum);
        }
        if !self.state.enabled(GL_MAP2_VERTEX_3) && !self.state.enabled(GL_MAP2_VERTEX_4) {
            return Ok(());
        }
        let g = self.eval.grid2;
        let (du, dv) = (g.du, g.dv);
        let v1 = g.v[0] + j1 as f32 * dv;
        let u1 = g.u[0] + i1 as f32 * du;
        match mode {
            GL_POINT => self.eval_primitive(GL_POINTS, |c| {
                let mut v = v1;
                for _ in j1..=j2 {
                    let mut u = u1;
                    for _ in i1..=i2 {
                        c.eval_now(At::Two(u, v));
                        u += du;
                    }
                    v += dv;
                }
            }),
            GL_LINE => {
                let mut v = v1;
                for _ in j1..=j2 {
                    self.eval_primitive(GL_LINE_STRIP, |c| {
                        let mut u = u1;
                        for _ in i1..=i2 {
                            c.eval_now(At::Two(u, v));
                            u += du;
                        }
                    });
                    v += dv;
                }
                let mut u = u1;
                for _ in i1..=i2 {
                    self.eval_primitive(GL_LINE_STRIP, |c| {
                        let mut v = v1;
                        for _ in j1..=j2 {
                            c.eval_now(At::Two(u, v));
                            v += dv;
                        }
                    });
                    u += du;
                }
            }
            _ => {
                let mut v = v1;
                for _ in j1..j2 {
                    self.eval_primitive(GL_TRIANGLE_STRIP, |c| {
                        let mut u = u1;
                        for _ in i1..=i2 {
                            c.eval_now(At::Two(u, v));
                            c.eval_now(At::Two(u, v + dv));
                            u += du;
                        }
                    });
                    v += dv;
                }
            }
        }
        Ok(())
    }

    /// The evaluator entries of `glGet*`, if `pname` is one: whether they
    /// are floating-point, how many there are, and the values.
    pub fn get_eval_state(&self, pname: GLenum) -> Option<(bool, usize, [f64; 4])> {
        let (g1, g2) = (&self.eval.grid1, &self.eval.grid2);
        let (u, v) = (g2.u.map(f64::from), g2.v.map(f64::from));
        Some(match pname {
            GL_MAP1_GRID_DOMAIN => (true, 2, [g1.u[0].into(), g1.u[1].into(), 0.0, 0.0]),
            GL_MAP2_GRID_DOMAIN => (true, 4, [u[0], u[1], v[0], v[1]]),
            GL_MAP1_GRID_SEGMENTS => (false, 1, [g1.un.into(), 0.0, 0.0, 0.0]),
            GL_MAP2_GRID_SEGMENTS => (false, 2, [g2.n[0].into(), g2.n[1].into(), 0.0, 0.0]),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadratic_bezier_at_half() {
        // (0,0), (1,2), (2,0): at t = 0.5, (1, 1).
        let cp = [0.0, 0.0, 1.0, 2.0, 2.0, 0.0];
        let mut out = [0.0; 2];
        horner_curve(&cp, &mut out, 0.5, 2, 3);
        assert_eq!(out, [1.0, 1.0]);
        let pts = [
            [0.0, 0.0, 0.0, 0.0],
            [1.0, 2.0, 0.0, 0.0],
            [2.0, 0.0, 0.0, 0.0],
        ];
        let (p, d) = casteljau_curve(&pts, 0.5, 2);
        assert_eq!(p[..2], [1.0, 1.0]);
        // B'(t) = 2(1-t)(P1-P0) + 2t(P2-P1) = (1,2) + (1,-2) = (2, 0).
        assert_eq!(d[..2], [2.0, 0.0]);
    }

    #[test]
    fn cubic_matches_bernstein_sum() {
        let cp = [0.0, 3.0, -1.0, 5.0];
        for &t in &[0.0f32, 0.25, 0.6, 1.0] {
            let s = 1.0 - t;
            let want = s * s * s * cp[0]
                + 3.0 * t * s * s * cp[1]
                + 3.0 * t * t * s * cp[2]
                + t * t * t * cp[3];
            let mut out = [0.0];
            horner_curve(&cp, &mut out, t, 1, 4);
            assert!((out[0] - want).abs() < 1e-5, "t={t}: {} vs {want}", out[0]);
        }
        let mut out = [0.0];
        horner_curve(&[7.0], &mut out, 0.3, 1, 1);
        assert_eq!(out, [7.0]);
    }

    #[test]
    fn bilinear_patch_and_normal() {
        // Corners of the unit square in z = 0, u along x, v along y.
        let cn = [
            0.0, 0.0, 0.0, // (0,0)
            0.0, 1.0, 0.0, // (0,1)
            1.0, 0.0, 0.0, // (1,0)
            1.0, 1.0, 0.0, // (1,1)
        ];
        let mut out = [0.0; 3];
        horner_surf(&cn, &mut out, 0.25, 0.75, 3, 2, 2);
        assert_eq!(out, [0.25, 0.75, 0.0]);
        let (p, du, dv) = casteljau_surf(&cn, 0.25, 0.75, 3, 2, 2);
        assert_eq!(p[..3], [0.25, 0.75, 0.0]);
        assert_eq!(du[..3], [1.0, 0.0, 0.0]);
        assert_eq!(dv[..3], [0.0, 1.0, 0.0]);
        // Uneven orders take both branches of the surface evaluation.
        let cn = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]; // uorder 2, vorder 3, dim 1
        let mut a = [0.0];
        horner_surf(&cn, &mut a, 0.5, 0.5, 1, 2, 3);
        let (b, ..) = casteljau_surf(&cn, 0.5, 0.5, 1, 2, 3);
        assert!((a[0] - b[0]).abs() < 1e-6);
        assert_eq!(a[0], 2.5);
    }

    #[test]
    fn point_counts() {
        assert_eq!(map1_len(GL_MAP1_VERTEX_3, 3, 4), 12);
        assert_eq!(map1_len(GL_MAP1_VERTEX_3, 5, 2), 8);
        assert_eq!(map1_len(GL_MAP1_VERTEX_3, 2, 2), 0);
        assert_eq!(map1_len(0x1234, 4, 2), 0);
        assert_eq!(map1_len(GL_MAP1_COLOR_4, 4, 0), 0);
        assert_eq!(map2_len(GL_MAP2_COLOR_4, 8, 2, 4, 2), 16);
        assert_eq!(map2_len(GL_MAP2_VERTEX_3, 3, 31, 3, 2), 0);
        assert_eq!(components(GL_MAP2_TEXTURE_COORD_2), 2);
    }

    #[test]
    fn defaults() {
        let e = EvalState::default();
        assert_eq!(e.map1[COLOR_4].points, vec![1.0; 4]);
        assert_eq!(e.map2[NORMAL].points, vec![0.0, 0.0, 1.0]);
        assert_eq!(e.grid2.n, [1, 1]);
    }
}
