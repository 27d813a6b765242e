//! Primitive assembly, culling, clipping and polygon mode on the CPU for
//! selection and feedback, shaped after Mesa's `draw` module (which Mesa's
//! state tracker runs for these modes), so that feedback buffers hold the
//! same primitives in the same order:
//!
//! * Every polygon becomes triangles whose last vertex is the provoking one:
//!   strips alternate `(i, i+1, i+2)` and `(i+1, i, i+2)`, fans are
//!   `(0, i+1, i+2)`, a quad `abcd` is `abd` + `bcd`, a polygon is
//!   `(i-1, i, 0)`. Each triangle carries which of its edges are polygon
//!   boundary edges and whether it starts a primitive (line-stipple reset).
//! * Culling looks at the whole triangle (its window-space area); then the
//!   triangle is clipped by Sutherland–Hodgman against the planes its
//!   vertices are outside of (the view volume `-w <= x, y, z <= w`, then the
//!   enabled user planes), interpolating every attribute in clip space. A
//!   clipped polygon is emitted again as a fan of triangles. Edges created
//!   along a view-volume plane are hidden, those along a user plane shown.
//! * Polygon mode `GL_LINE` turns a triangle into its boundary edges in the
//!   order `v2-v0, v0-v1, v1-v2`, `GL_POINT` into the starting vertices of
//!   its boundary edges; the mode follows the triangle's facing.
//! * Polygon offset (for the triangle's polygon mode) moves the window depth
//!   of a clipped triangle's vertices by `factor * max(|dz/dx|, |dz/dy|)`,
//!   saturated to [0, 1]; as in Mesa's draw module, `units` adds nothing
//!   (its minimum resolvable difference is 0).
//! * Flat shading flattens colours only while a polygon mode other than
//!   `GL_FILL` is set (Mesa inserts its flat-shading stage for unfilled
//!   polygons only): triangles take their last vertex's colour, lines their
//!   second's. Otherwise feedback reports per-vertex colours, as Mesa,
//!   except that under `GL_FLAT` the ends a line clip makes take the
//!   line's provoking colour.
//! * Lines are clipped parametrically (both ends move along the segment),
//!   points are kept or dropped whole.
//!
//! The naive way — report each GL primitive whole and clip only what is
//! visible — gives different vertex counts and orders than Mesa for quads,
//! strips and clipped polygons, and applications (and tests) compare them.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::compat::fog::MAX_CLIP_PLANES;
use crate::vbo::Prim;

/// Edge `v0-v1` of a triangle is a boundary edge.
const EDGE0: u8 = 1;
/// Edge `v1-v2`.
const EDGE1: u8 = 2;
/// Edge `v2-v0`.
const EDGE2: u8 = 4;
const EDGE_ALL: u8 = EDGE0 | EDGE1 | EDGE2;

/// Planes of the view volume, in Mesa's clip-mask order.
const VOLUME_PLANES: usize = 6;

/// A vertex after the vertex stage, with what selection and feedback need.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PVert {
    /// Clip coordinates.
    pub clip: [f32; 4],
    /// Front and back colour.
    pub color: [[f32; 4]; 2],
    /// Texture coordinates of unit 0.
    pub tex: [f32; 4],
    /// User clip distances (0 for disabled planes).
    pub dist: [f32; MAX_CLIP_PLANES],
    /// Edge flag: whether the edge starting here is a boundary edge.
    pub edge: bool,
    /// Polygon offset added to the window depth (0: none).
    pub z_offset: f32,
}

fn lerp4(a: [f32; 4], b: [f32; 4], t: f32) -> [f32; 4] {
    std::array::from_fn(|i| a[i] + t * (b[i] - a[i]))
}

impl PVert {
    /// Signed distance to plane `p` (>= 0 inside): the view volume's six,
    /// then the user planes.
    fn plane(&self, p: usize) -> f32 {
        let [x, y, z, w] = self.clip;
        match p {
            0 => w - x,
            1 => w + x,
            2 => w - y,
            3 => w + y,
            4 => z + w,
            5 => w - z,
            _ => self.dist[p - VOLUME_PLANES],
        }
    }

    /// The planes (bits) this vertex is outside of; NaN counts as outside.
    fn outside(&self, planes: u32) -> u32 {
        (0..VOLUME_PLANES + MAX_CLIP_PLANES)
            .filter(|&p| planes & (1 << p) != 0 && (self.plane(p) < 0.0 || self.plane(p).is_nan()))
            .fold(0, |m, p| m | (1 << p))
    }

    /// `from + t * (to - from)`, every attribute (Mesa's `interp`).
    fn lerp(from: &PVert, to: &PVert, t: f32) -> PVert {
        PVert {
            clip: lerp4(from.clip, to.clip, t),
            color: [
                lerp4(from.color[0], to.color[0], t),
                lerp4(from.color[1], to.color[1], t),
            ],
            tex: lerp4(from.tex, to.tex, t),
            dist: std::array::from_fn(|i| from.dist[i] + t * (to.dist[i] - from.dist[i])),
            edge: from.edge,
            z_offset: from.z_offset,
        }
    }
}

/// The state the pipeline reads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Setup {
    /// Enabled user clip planes (bit per plane).
    pub user_planes: u8,
    /// `glCullFace` mode when `GL_CULL_FACE` is enabled.
    pub cull: Option<GLenum>,
    /// `glFrontFace(GL_CCW)`.
    pub front_ccw: bool,
    /// `glPolygonMode` for front and back faces.
    pub polygon_mode: [GLenum; 2],
    /// Viewport and depth-range scale: window units per normalized device
    /// unit in x, y and z.
    pub scale: [f32; 3],
    /// `glPolygonOffset` factor, and whether offset is enabled for
    /// `GL_FILL`, `GL_LINE` and `GL_POINT`.
    pub offset: (f32, [bool; 3]),
    /// Flat shading applies (see the header).
    pub flat: bool,
    /// `glShadeModel(GL_FLAT)`: the ends a line clip makes take the
    /// provoking vertex's colour (Mesa's `copy_flat`).
    pub flat_model: bool,
    /// `GL_DEPTH_CLAMP`: no near and far planes (depths are reported as
    /// they are, as Mesa's feedback does).
    pub depth_clamp: bool,
}

impl Setup {
    fn planes(&self) -> u32 {
        let volume = if self.depth_clamp {
            (1 << 4) - 1
        } else {
            (1 << VOLUME_PLANES) - 1
        };
        volume | (u32::from(self.user_planes) << VOLUME_PLANES)
    }
}

/// What survives the pipeline, in order; `face` (0 front, 1 back) picks the
/// colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Out {
    /// A point.
    Point(PVert, usize),
    /// A line segment.
    Line(PVert, PVert, usize),
    /// A filled triangle.
    Tri([PVert; 3], usize),
    /// A polygon drawn as lines starts: the next line resets the stipple.
    LineReset,
}

/// Runs `prims` of `verts` through the pipeline into `out`.
pub(crate) fn run(setup: &Setup, verts: &[PVert], prims: &[Prim], out: &mut Vec<Out>) {
    let mut p = Pipe { setup, out };
    for prim in prims {
        let start = prim.start as usize;
        let end = (start + prim.count as usize).min(verts.len());
        let v = verts.get(start..end).unwrap_or(&[]);
        p.assemble(prim.mode, v);
    }
}

struct Pipe<'a> {
    setup: &'a Setup,
    out: &'a mut Vec<Out>,
}

/// Flags of a decomposed triangle: its boundary edges and whether it
/// starts a primitive.
#[derive(Clone, Copy)]
struct TriFlags {
    edges: u8,
    reset: bool,
}

impl Pipe<'_> {
    fn assemble(&mut self, mode: GLenum, v: &[PVert]) {
        let n = v.len();
        // Edge flags count for separate triangles, quads and polygons only
        // (GL 4.6 compatibility §10.1.17).
        let flagged = |mut x: PVert, honour: bool| {
            x.edge = x.edge || !honour;
            x
        };
        let all = TriFlags {
            edges: EDGE_ALL,
            reset: true,
        };
        match mode {
            GL_POINTS => v.iter().for_each(|&a| self.point(a)),
            GL_LINES => v.chunks_exact(2).for_each(|l| self.line(l[0], l[1])),
            GL_LINE_STRIP | GL_LINE_LOOP => {
                for l in v.windows(2) {
                    self.line(l[0], l[1]);
                }
                if mode == GL_LINE_LOOP && n >= 2 {
                    self.line(v[n - 1], v[0]);
                }
            }
            GL_TRIANGLES => {
                for t in v.chunks_exact(3) {
                    self.tri([t[0], t[1], t[2]], all);
                }
            }
            GL_TRIANGLE_STRIP => {
                for i in 0..n.saturating_sub(2) {
                    let (a, b) = if i % 2 == 0 { (i, i + 1) } else { (i + 1, i) };
                    let t = [v[a], v[b], v[i + 2]].map(|x| flagged(x, false));
                    self.tri(t, all);
                }
            }
            GL_TRIANGLE_FAN => {
                for i in 0..n.saturating_sub(2) {
                    let t = [v[0], v[i + 1], v[i + 2]].map(|x| flagged(x, false));
                    self.tri(t, all);
                }
            }
            GL_QUADS => {
                for q in v.chunks_exact(4) {
                    self.quad([q[0], q[1], q[2], q[3]]);
                }
            }
            GL_QUAD_STRIP => {
                for i in 0..(n / 2).saturating_sub(1) {
                    let j = 2 * i;
                    let q = [v[j], v[j + 1], v[j + 3], v[j + 2]].map(|x| flagged(x, false));
                    // Mesa: `d a c` + `a b c`, the provoking vertex last.
                    self.tri(
                        [q[3], q[0], q[2]],
                        TriFlags {
                            edges: EDGE0 | EDGE2,
                            reset: true,
                        },
                    );
                    self.tri(
                        [q[0], q[1], q[2]],
                        TriFlags {
                            edges: EDGE0 | EDGE1,
                            reset: false,
                        },
                    );
                }
            }
            GL_POLYGON if n >= 3 => {
                for i in 2..n {
                    let mut edges = EDGE0;
                    if i == 2 {
                        edges |= EDGE2;
                    }
                    if i == n - 1 {
                        edges |= EDGE1;
                    }
                    self.tri(
                        [v[i - 1], v[i], v[0]],
                        TriFlags {
                            edges,
                            reset: i == 2,
                        },
                    );
                }
            }
            _ => {}
        }
    }

    fn quad(&mut self, [a, b, c, d]: [PVert; 4]) {
        self.tri(
            [a, b, d],
            TriFlags {
                edges: EDGE0 | EDGE2,
                reset: true,
            },
        );
        self.tri(
            [b, c, d],
            TriFlags {
                edges: EDGE0 | EDGE1,
                reset: false,
            },
        );
    }

    fn point(&mut self, v: PVert) {
        if v.outside(self.setup.planes()) == 0 {
            self.out.push(Out::Point(v, 0));
        }
    }

    /// Mesa's `do_clip_line`: each end moves in by the largest parameter
    /// any plane asks for.
    fn line(&mut self, mut a: PVert, b: PVert) {
        if self.setup.flat {
            a.color = b.color;
        }
        let planes = a.outside(self.setup.planes()) | b.outside(self.setup.planes());
        if planes == 0 {
            self.out.push(Out::Line(a, b, 0));
            return;
        }
        let (mut t0, mut t1) = (0.0f32, 0.0f32);
        for p in (0..VOLUME_PLANES + MAX_CLIP_PLANES).filter(|p| planes & (1 << p) != 0) {
            let (d0, d1) = (a.plane(p), b.plane(p));
            if d1 < 0.0 {
                t1 = t1.max(d1 / (d1 - d0));
            }
            if d0 < 0.0 {
                t0 = t0.max(d0 / (d0 - d1));
            }
            if t0 + t1 >= 1.0 || d0.is_nan() || d1.is_nan() {
                return;
            }
        }
        let flat = self.setup.flat_model;
        let na = if a.outside(self.setup.planes()) != 0 {
            let mut n = PVert::lerp(&a, &b, t0);
            if flat {
                n.color = b.color;
            }
            n
        } else {
            a
        };
        let nb = if b.outside(self.setup.planes()) != 0 {
            let mut n = PVert::lerp(&b, &a, t1);
            if flat {
                n.color = b.color;
            }
            n
        } else {
            b
        };
        self.out.push(Out::Line(na, nb, 0));
    }

    fn tri(&mut self, mut v: [PVert; 3], flags: TriFlags) {
        if self.setup.flat {
            let c = v[2].color;
            v.iter_mut().for_each(|x| x.color = c);
        }
        // Facing from the window-space area (the viewport scale is
        // positive, so normalized device coordinates give the sign).
        let ndc = |p: &PVert| [p.clip[0] / p.clip[3], p.clip[1] / p.clip[3]];
        let [p0, p1, p2] = [ndc(&v[0]), ndc(&v[1]), ndc(&v[2])];
        let area = (p1[0] - p0[0]) * (p2[1] - p0[1]) - (p2[0] - p0[0]) * (p1[1] - p0[1]);
        let ccw = area > 0.0;
        let face = usize::from(ccw != self.setup.front_ccw);
        if let Some(cull) = self.setup.cull {
            // Mesa: a zero-area triangle is culled, one of unknown area is not.
            if area == 0.0 {
                return;
            }
            if !area.is_nan() {
                let culled = match cull {
                    GL_FRONT => face == 0,
                    GL_BACK => face == 1,
                    _ => true,
                };
                if culled {
                    return;
                }
            }
        }
        let planes = self.setup.planes();
        let masks = v.map(|x| x.outside(planes));
        if masks[0] & masks[1] & masks[2] != 0 {
            return;
        }
        // The edge flag of each vertex, combined with the triangle's.
        let edges = [EDGE0, EDGE1, EDGE2];
        let mut poly: Vec<PVert> = (0..3)
            .map(|i| PVert {
                edge: v[i].edge && flags.edges & edges[i] != 0,
                ..v[i]
            })
            .collect();
        let clipped = masks[0] | masks[1] | masks[2];
        if clipped == 0 {
            self.unfilled([poly[0], poly[1], poly[2]], flags.reset, face);
            return;
        }
        for p in (0..VOLUME_PLANES + MAX_CLIP_PLANES).filter(|p| clipped & (1 << p) != 0) {
            poly = clip_polygon(&poly, p);
            if poly.len() < 3 {
                return;
            }
        }
        // Mesa's `emit_poly`: a fan ending at the first vertex.
        let n = poly.len();
        for i in 2..n {
            let mut t = [poly[i - 1], poly[i], poly[0]];
            t[1].edge = poly[i].edge && i == n - 1;
            t[2].edge = poly[0].edge && i == 2;
            self.unfilled(t, i == 2, face);
        }
    }

    /// Polygon mode: the triangle filled, as its boundary edges, or as the
    /// vertices starting them (Mesa's `draw_pipe_unfilled`).
    fn unfilled(&mut self, mut t: [PVert; 3], reset: bool, face: usize) {
        let mode = self.setup.polygon_mode[face];
        let (factor, enables) = self.setup.offset;
        let enabled = match mode {
            GL_LINE => enables[1],
            GL_POINT => enables[2],
            _ => enables[0],
        };
        if enabled {
            let z = self.depth_slope(&t) * factor;
            t.iter_mut().for_each(|v| v.z_offset = z);
        }
        match mode {
            GL_LINE => {
                if reset {
                    self.out.push(Out::LineReset);
                }
                for (a, b) in [(2, 0), (0, 1), (1, 2)] {
                    if t[a].edge {
                        self.out.push(Out::Line(t[a], t[b], face));
                    }
                }
            }
            GL_POINT => {
                for p in t {
                    if p.edge {
                        self.out.push(Out::Point(p, face));
                    }
                }
            }
            _ => self.out.push(Out::Tri(t, face)),
        }
    }
}

impl Pipe<'_> {
    /// `max(|dz/dx|, |dz/dy|)` of a triangle in window coordinates (Mesa's
    /// `do_offset_tri`); 0 for a degenerate one.
    fn depth_slope(&self, t: &[PVert; 3]) -> f32 {
        let [sx, sy, sz] = self.setup.scale;
        let w = t.map(|v| {
            let d = 1.0 / v.clip[3];
            [v.clip[0] * d * sx, v.clip[1] * d * sy, v.clip[2] * d * sz]
        });
        let e = [w[0][0] - w[2][0], w[0][1] - w[2][1], w[0][2] - w[2][2]];
        let f = [w[1][0] - w[2][0], w[1][1] - w[2][1], w[1][2] - w[2][2]];
        let det = e[0] * f[1] - e[1] * f[0];
        if det == 0.0 || !det.is_finite() {
            return 0.0;
        }
        let a = e[1] * f[2] - e[2] * f[1];
        let b = e[2] * f[0] - e[0] * f[2];
        (a / det).abs().max((b / det).abs())
    }
}

/// One Sutherland–Hodgman step against plane `p`, starting from the first
/// vertex so that the order is kept (Mesa's `do_clip_tri`). A vertex made
/// where the polygon leaves the plane starts an edge along it: hidden for
/// the view volume, shown for a user plane. A vertex of infinite or NaN
/// distance discards the polygon, as Mesa.
fn clip_polygon(poly: &[PVert], p: usize) -> Vec<PVert> {
    let mut out = Vec::with_capacity(poly.len() + 1);
    let n = poly.len();
    let mut prev = poly[0];
    let mut d_prev = prev.plane(p);
    if !d_prev.is_finite() {
        return Vec::new();
    }
    for i in 1..=n {
        let cur = poly[i % n];
        let d = cur.plane(p);
        if !d.is_finite() {
            return Vec::new();
        }
        if d_prev >= 0.0 {
            out.push(prev);
        }
        if (d < 0.0) != (d_prev < 0.0) {
            // The new vertex is interpolated from the end nearer the plane.
            let mut nv = if d.abs() < d_prev.abs() {
                PVert::lerp(&cur, &prev, d / (d - d_prev))
            } else {
                PVert::lerp(&prev, &cur, d_prev / (d_prev - d))
            };
            nv.edge = if d < 0.0 {
                // Leaving.
                p >= VOLUME_PLANES
            } else {
                // Entering: the new vertex continues the previous edge.
                prev.edge
            };
            out.push(nv);
        }
        prev = cur;
        d_prev = d;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> PVert {
        PVert {
            clip: [x, y, 0.0, 1.0],
            color: [[1.0; 4], [0.0; 4]],
            tex: [0.0; 4],
            dist: [0.0; MAX_CLIP_PLANES],
            edge: true,
            z_offset: 0.0,
        }
    }

    fn setup() -> Setup {
        Setup {
            user_planes: 0,
            cull: None,
            front_ccw: true,
            polygon_mode: [GL_FILL, GL_FILL],
            scale: [32.0, 32.0, 0.5],
            offset: (0.0, [false; 3]),
            flat: false,
            flat_model: false,
            depth_clamp: false,
        }
    }

    fn xy(p: &PVert) -> [f32; 2] {
        [p.clip[0], p.clip[1]]
    }

    fn run_one(s: &Setup, verts: &[PVert], mode: GLenum) -> Vec<Out> {
        let mut out = Vec::new();
        let prims = [Prim {
            mode,
            start: 0,
            count: verts.len() as u32,
        }];
        run(s, verts, &prims, &mut out);
        out
    }

    #[test]
    fn quad_is_two_triangles_provoking_last() {
        let q = [v(0.0, 0.0), v(0.5, 0.0), v(0.5, 0.5), v(0.0, 0.5)];
        let out = run_one(&setup(), &q, GL_QUADS);
        let tris: Vec<[[f32; 2]; 3]> = out
            .iter()
            .map(|o| match o {
                Out::Tri(t, 0) => t.map(|p| xy(&p)),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            tris,
            [
                [[0.0, 0.0], [0.5, 0.0], [0.0, 0.5]],
                [[0.5, 0.0], [0.5, 0.5], [0.0, 0.5]]
            ]
        );
    }

    #[test]
    fn clipped_triangle_is_a_fan_from_its_first_vertex() {
        // Crosses x = w: the polygon is a, p1, p2, c.
        let t = [v(0.0, 0.0), v(2.0, 0.0), v(0.0, 1.0)];
        let out = run_one(&setup(), &t, GL_TRIANGLES);
        assert_eq!(out.len(), 2);
        let Out::Tri(first, _) = out[0] else { panic!() };
        assert_eq!(first.map(|p| xy(&p)), [[1.0, 0.0], [1.0, 0.5], [0.0, 0.0]]);
        // As lines, the edge along the clip plane is hidden.
        let mut s = setup();
        s.polygon_mode = [GL_LINE; 2];
        let out = run_one(&s, &t, GL_TRIANGLES);
        let lines: Vec<_> = out
            .iter()
            .filter_map(|o| match o {
                Out::Line(a, b, _) => Some([xy(a), xy(b)]),
                _ => None,
            })
            .collect();
        assert_eq!(
            lines,
            [
                [[0.0, 0.0], [1.0, 0.0]],
                [[1.0, 0.5], [0.0, 1.0]],
                [[0.0, 1.0], [0.0, 0.0]]
            ]
        );
        assert_eq!(out[0], Out::LineReset);
    }

    #[test]
    fn culling_and_facing() {
        let cw = [v(0.0, 0.0), v(0.0, 0.5), v(0.5, 0.0)];
        let mut s = setup();
        assert!(matches!(run_one(&s, &cw, GL_TRIANGLES)[0], Out::Tri(_, 1)));
        s.cull = Some(GL_BACK);
        assert!(run_one(&s, &cw, GL_TRIANGLES).is_empty());
    }

    #[test]
    fn polygon_offset_uses_the_window_slope() {
        // Window z goes 0.5 -> 0.25 over 10 pixels in x: slope 0.025.
        let mut t = [v(0.0, 0.0), v(10.0 / 32.0, 0.0), v(0.0, 10.0 / 32.0)];
        t[1].clip[2] = -0.5;
        let mut s = setup();
        s.offset = (2.0, [true, false, false]);
        let out = run_one(&s, &t, GL_TRIANGLES);
        let Out::Tri(tri, _) = out[0] else { panic!() };
        assert!(tri.iter().all(|p| (p.z_offset - 0.05).abs() < 1e-6));
        s.polygon_mode = [GL_LINE; 2];
        let out = run_one(&s, &t, GL_TRIANGLES);
        assert!(matches!(out[1], Out::Line(a, _, _) if a.z_offset == 0.0));
    }

    #[test]
    fn lines_clip_both_ends() {
        let out = run_one(&setup(), &[v(-2.0, 0.0), v(2.0, 0.0)], GL_LINES);
        let Out::Line(a, b, _) = out[0] else { panic!() };
        assert_eq!((xy(&a), xy(&b)), ([-1.0, 0.0], [1.0, 0.0]));
        assert!(run_one(&setup(), &[v(2.0, 0.0)], GL_POINTS).is_empty());
    }
}
