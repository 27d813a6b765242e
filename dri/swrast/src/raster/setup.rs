//! The front end of the rasterizer, run on the calling thread: primitive
//! assembly (provoking vertex, edge flags), clipping, perspective divide and
//! viewport, facing and culling, polygon mode and offset, and *setup* — turning
//! each triangle, line and point into a [`Prim`] (fixed-point edges and
//! attribute planes) — then binning it into the scene's tiles.
//!
//! Fixed point: window positions are snapped to 1/256 pixel (8 sub-pixel
//! bits). An edge `i -> j` of a positively oriented polygon is the half-space
//! `(Xj - Xi) * (Py - Yi) - (Yj - Yi) * (Px - Xi) >= 0` evaluated at pixel
//! centres in i64, exact for any position inside the guard band. Ties (a
//! pixel centre exactly on an edge) follow the top-left rule in storage
//! coordinates (y down): a centre on a top or left edge is inside, so
//! polygons sharing an edge never both cover, nor both miss, a pixel.
//!
//! Lines are GL's parallelogram: for an x-major line, the region between the
//! verticals through the two endpoints and within `width / 2` of the line
//! vertically (y-major likewise); with the fill rule a line strip covers
//! each column once. Points are pixel-aligned squares (GL's rule for
//! aliased points), or discs with `POINT_SMOOTH`.

use std::ops::Range;

use super::clip::{ClipPlanes, Clipper, FRUSTUM, GUARD, NEAR_FAR, USER, W_MIN};
use super::scene::{Edge, Extra, NO_EXTRA, ONE, Plane, Prim, PrimKind, Scene, SceneState};
use super::state::{
    CullMode, FrontFace, Interp, MAX_CLIP_DISTANCES, MAX_VARYINGS, PolygonMode, ProvokingVertex,
    RasterState,
};
use super::{DrawState, shader::ShaderInfo};
use std::sync::Arc;

/// Post-vertex-shader vertices. Positions are in clip space; varying
/// component `c` of vertex `v` is `varyings[c * component_stride + v * vertex_stride]`,
/// so both SoA (the vertex shader's natural output: `component_stride` =
/// vertex count, `vertex_stride` = 1) and AoS layouts are accepted.
#[derive(Clone, Copy, Debug)]
pub struct VertexBatch<'a> {
    /// Clip-space positions.
    pub positions: &'a [[f32; 4]],
    /// Varying storage.
    pub varyings: &'a [f32],
    /// Varyings per vertex (≤ [`MAX_VARYINGS`]).
    pub num_varyings: usize,
    /// Distance between two components of one vertex.
    pub component_stride: usize,
    /// Distance between one component of two consecutive vertices.
    pub vertex_stride: usize,
    /// Per-vertex `gl_PointSize` (`PROGRAM_POINT_SIZE`), else the state's size.
    pub point_sizes: Option<&'a [f32]>,
}

impl<'a> VertexBatch<'a> {
    /// SoA varyings: all vertices' component 0, then component 1, ...
    pub fn soa(positions: &'a [[f32; 4]], varyings: &'a [f32], num_varyings: usize) -> Self {
        VertexBatch {
            positions,
            varyings,
            num_varyings,
            component_stride: positions.len(),
            vertex_stride: 1,
            point_sizes: None,
        }
    }

    /// AoS varyings: vertex 0's components, then vertex 1's, ...
    pub fn aos(positions: &'a [[f32; 4]], varyings: &'a [f32], num_varyings: usize) -> Self {
        VertexBatch {
            positions,
            varyings,
            num_varyings,
            component_stride: 1,
            vertex_stride: num_varyings,
            point_sizes: None,
        }
    }

    #[inline(always)]
    fn varying(&self, v: usize, c: usize) -> f32 {
        self.varyings[c * self.component_stride + v * self.vertex_stride]
    }

    fn gather(&self, v: usize, out: &mut [f32]) {
        for (c, o) in out.iter_mut().enumerate() {
            *o = self.varying(v, c);
        }
    }

    /// The batch is consistent: every vertex's varyings are in range.
    fn is_valid(&self) -> bool {
        let n = self.positions.len();
        if self.num_varyings > MAX_VARYINGS {
            return false;
        }
        if n == 0 || self.num_varyings == 0 {
            return true;
        }
        let last = (self.num_varyings - 1) * self.component_stride + (n - 1) * self.vertex_stride;
        last < self.varyings.len() && self.point_sizes.is_none_or(|p| p.len() >= n)
    }
}

/// Primitive topology, after the front end decomposed quads and polygons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topology {
    /// Points.
    Points,
    /// Independent lines.
    Lines,
    /// Line strip.
    LineStrip,
    /// Closed line strip.
    LineLoop,
    /// Independent triangles (edge flags apply).
    Triangles,
    /// Triangle strip.
    TriangleStrip,
    /// Triangle fan.
    TriangleFan,
}

/// Which vertices a draw uses.
#[derive(Clone, Debug)]
pub enum Elements<'a> {
    /// Consecutive vertices.
    Range(Range<u32>),
    /// Indices into the batch (restart already split by the front end).
    Indices(&'a [u32]),
}

/// One draw: a topology over some of the batch's vertices.
#[derive(Clone, Debug)]
pub struct Draw<'a> {
    /// Topology.
    pub topology: Topology,
    /// Vertices.
    pub elements: Elements<'a>,
    /// For [`Topology::Triangles`]: per triangle, bit `i` set when the edge
    /// from its vertex `i` to vertex `i + 1` is a boundary edge (the front end
    /// clears the bits of the diagonals it introduced and of false
    /// `glEdgeFlag`s). `None` = all boundary edges.
    pub edge_flags: Option<&'a [u8]>,
    /// `gl_PrimitiveID` of each primitive the topology forms, in order;
    /// `None`: consecutive from [`Draw::first_primitive`].
    pub primitive_ids: Option<&'a [u32]>,
    /// `gl_PrimitiveID` of the first primitive.
    pub first_primitive: u32,
    /// `gl_PrimitiveID` of every primitive (a geometry shader's strip),
    /// over the two above.
    pub fixed_primitive: Option<u32>,
}

impl<'a> Draw<'a> {
    /// A draw of `topology` over `elements` with every edge a boundary
    /// edge and primitives counted from 0.
    pub fn new(topology: Topology, elements: Elements<'a>) -> Self {
        Draw {
            topology,
            elements,
            edge_flags: None,
            primitive_ids: None,
            first_primitive: 0,
            fixed_primitive: None,
        }
    }

    /// `gl_PrimitiveID` of primitive `k` of the draw.
    fn primitive_id(&self, k: usize) -> u32 {
        if let Some(id) = self.fixed_primitive {
            return id;
        }
        match self.primitive_ids {
            Some(ids) => ids.get(k).copied().unwrap_or(0),
            None => self.first_primitive.wrapping_add(k as u32),
        }
    }
}

/// A vertex in window space: storage x, y; window depth; 1 / clip w.
#[derive(Clone, Copy, Debug, Default)]
struct WinVert {
    x: f32,
    y: f32,
    z: f32,
    iw: f32,
}

/// Twice the signed area of the polygon `w` (a fan from its first vertex).
#[inline]
fn fan_area(w: &[WinVert]) -> f32 {
    let mut area = 0.0f32;
    for i in 1..w.len().saturating_sub(1) {
        area +=
            (w[i].x - w[0].x) * (w[i + 1].y - w[0].y) - (w[i + 1].x - w[0].x) * (w[i].y - w[0].y);
    }
    area
}

/// Whether a polygon of (twice the) signed `area` faces front, and how it
/// is drawn; `None` when it is not drawn at all (a non-finite area, or
/// culled).
#[inline]
fn face(ctx: &DrawCtx, area: f32) -> Option<(bool, PolygonMode)> {
    if !area.is_finite() {
        return None;
    }
    let rs = ctx.rs;
    let ccw = if ctx.flip { area < 0.0 } else { area > 0.0 };
    let front = ccw == (rs.front_face == FrontFace::Ccw);
    let culled = match rs.cull {
        CullMode::None => false,
        CullMode::Front => front,
        CullMode::Back => !front,
        CullMode::FrontAndBack => true,
    };
    if culled {
        return None;
    }
    let mode = if front {
        rs.polygon_mode_front
    } else {
        rs.polygon_mode_back
    };
    Some((front, mode))
}

/// Guard band half-extent in storage pixels: |window x|, |window y| stay below
/// this after clipping (with 8 sub-pixel bits: 24-bit coordinates).
const GUARD_BAND: f32 = 32768.0;

/// Per-draw constants.
struct DrawCtx<'a> {
    rs: &'a RasterState,
    state: u32,
    n: usize,
    flip: bool,
    /// Storage x = ndc x * sx + ox, etc.
    xf: [f32; 6],
    planes: ClipPlanes,
    /// Pixel rect for points: target ∩ scissor.
    rect_points: [i32; 4],
    /// Pixel rect for lines and triangles: also ∩ viewport.
    rect: [i32; 4],
    /// Minimum resolvable depth difference scale.
    depth_format: Option<super::scene::DepthFormat>,
    /// Clip bits that apply to this draw.
    clip_mask: u32,
    /// `gl_PrimitiveID` of the primitive being set up.
    primitive_id: u32,
}

impl DrawCtx<'_> {
    #[inline]
    fn project(&self, p: [f32; 4]) -> WinVert {
        let iw = 1.0 / p[3];
        WinVert {
            // Not `mul_add`: without the FMA target feature it is a libm call.
            x: p[0] * iw * self.xf[0] + self.xf[1],
            y: p[1] * iw * self.xf[2] + self.xf[3],
            z: p[2] * iw * self.xf[4] + self.xf[5],
            iw,
        }
    }
}

/// The front end's scratch space (kept across draws to avoid allocation).
#[derive(Default)]
pub struct FrontEnd {
    win: Vec<WinVert>,
    codes: Vec<u32>,
    clipper: Clipper,
    /// AoS varyings of the current polygon.
    poly_attrs: Vec<f32>,
    poly_win: Vec<WinVert>,
    poly_flags: Vec<bool>,
    flat: Vec<f32>,
    tmp: Vec<f32>,
}

fn intersect(a: [i32; 4], b: [i32; 4]) -> [i32; 4] {
    [
        a[0].max(b[0]),
        a[1].max(b[1]),
        a[2].min(b[2]),
        a[3].min(b[3]),
    ]
}

/// Pixels whose centres lie in `[lo, hi)`.
fn pixel_span(lo: f32, hi: f32) -> (i32, i32) {
    let lo = (lo - 0.5).ceil().clamp(i32::MIN as f32, i32::MAX as f32) as i32;
    let hi = (hi - 0.5).ceil().clamp(i32::MIN as f32, i32::MAX as f32) as i32;
    (lo, hi)
}

/// The derived per-draw state a scene keeps.
pub fn scene_state(draw: &Arc<DrawState>, n: usize, target: &super::TargetInfo) -> SceneState {
    let info: ShaderInfo = draw.shader.info();
    let ds = &draw.depth_stencil;
    let depth_on = ds.depth_test && target.depth.is_some();
    let stencil_on = ds.stencil_test && target.stencil;
    let rs = &draw.raster;
    let interp = rs.interp;
    let used = &interp[..n.min(MAX_VARYINGS)];
    let vp = &rs.viewport;
    let z_range = if rs.depth_clamp {
        (vp.near.min(vp.far).max(0.0), vp.near.max(vp.far).min(1.0))
    } else {
        (0.0, 1.0)
    };
    // Point sprites replace varyings after interpolation: the shader then
    // reads them from the inputs, so it runs.
    let sprites = rs.point_sprite && rs.sprite_coord_enable != 0;
    let copied = draw
        .shader
        .copied_varyings()
        .filter(|v| v + 4 <= n && !sprites);
    SceneState {
        draw: draw.clone(),
        num_varyings: n,
        early_ds: info.early_fragment_tests
            || (!info.writes_depth
                && !info.may_discard
                && !info.has_side_effects
                && !rs.coverage.is_some_and(|c| c.alpha_to_coverage)),
        early_fragment_tests: info.early_fragment_tests,
        writes_depth: info.writes_depth && !info.early_fragment_tests,
        reads_frag_coord: info.reads_frag_coord,
        interpolates_at: info.interpolates_at,
        origin_upper_left: info.origin_upper_left,
        pixel_center_integer: info.pixel_center_integer,
        depth_on,
        stencil_on,
        any_smooth: used.contains(&Interp::Smooth),
        any_linear: used.contains(&Interp::NoPerspective),
        copied,
        used_varyings: match copied {
            Some(v) => 0xf << v,
            None if n >= MAX_VARYINGS => draw.shader.input_varyings(),
            None => draw.shader.input_varyings() & ((1 << n) - 1),
        },
        interp,
        z_range,
        query: None,
    }
}

/// Primitives between two calls of a draw's `pause`.
pub const PAUSE_EVERY: usize = 64;

/// After primitive `i`: every [`PAUSE_EVERY`] primitives, offers the scene
/// to `pause`, taking the state index it returns.
#[inline(always)]
fn checkpoint(
    i: usize,
    scene: &mut Scene,
    state: &mut u32,
    pause: &mut dyn FnMut(&mut Scene) -> Option<u32>,
) {
    if i % PAUSE_EVERY == PAUSE_EVERY - 1
        && let Some(s) = pause(scene)
    {
        *state = s;
    }
}

impl FrontEnd {
    /// Clips, sets up and bins one draw into `scene` with state index `state`.
    ///
    /// Every [`PAUSE_EVERY`] primitives it calls `pause`, which may hand
    /// what `scene` holds to the workers and leave it empty: it then returns
    /// the draw's state index in the emptied scene.
    pub fn draw(
        &mut self,
        scene: &mut Scene,
        state: u32,
        draw_state: &DrawState,
        vb: &VertexBatch,
        draw: &Draw,
        pause: &mut dyn FnMut(&mut Scene) -> Option<u32>,
    ) {
        if !vb.is_valid() {
            debug_assert!(false, "inconsistent vertex batch");
            return;
        }
        let rs = &draw_state.raster;
        let target = scene.target;
        let vp = rs.viewport;
        if !(vp.width > 0.0 && vp.height > 0.0) {
            return;
        }
        let flip = target.flip_y;
        let h = target.height as f32;
        let sx = vp.width * 0.5;
        let ox = vp.x + sx;
        let (sy, oy) = if flip {
            (-vp.height * 0.5, h - (vp.y + vp.height * 0.5))
        } else {
            (vp.height * 0.5, vp.y + vp.height * 0.5)
        };
        let sz = (vp.far - vp.near) * 0.5;
        let oz = (vp.far + vp.near) * 0.5;
        let gx = [(-GUARD_BAND - ox) / sx, (GUARD_BAND - ox) / sx];
        let gy0 = (-GUARD_BAND - oy) / sy;
        let gy1 = (GUARD_BAND - oy) / sy;
        let num_user = rs.clip_distances.len().min(MAX_CLIP_DISTANCES);
        let mut user = [0u8; 8];
        for (u, &c) in user.iter_mut().zip(&rs.clip_distances) {
            if (c as usize) >= vb.num_varyings {
                debug_assert!(false, "clip distance varying out of range");
                return;
            }
            *u = c;
        }
        let planes = ClipPlanes {
            guard: [gx[0], gx[1], gy0.min(gy1), gy0.max(gy1)],
            near_far: !rs.depth_clamp,
            user,
            num_user,
            linear: rs
                .interp
                .iter()
                .take(vb.num_varyings.min(MAX_VARYINGS))
                .enumerate()
                .filter(|(_, i)| **i == Interp::NoPerspective)
                .fold(0, |m, (i, _)| m | 1 << i),
        };
        let target_rect = [0, 0, target.width as i32, target.height as i32];
        let scissor = match rs.scissor {
            None => target_rect,
            Some(s) => {
                let y0 = if flip {
                    target.height as i32 - (s.y + s.height)
                } else {
                    s.y
                };
                [
                    s.x,
                    y0,
                    s.x.saturating_add(s.width),
                    y0.saturating_add(s.height),
                ]
            }
        };
        let rect_points = intersect(target_rect, scissor);
        let (vx0, vx1) = pixel_span(vp.x, vp.x + vp.width);
        let (vy0, vy1) = if flip {
            pixel_span(h - (vp.y + vp.height), h - vp.y)
        } else {
            pixel_span(vp.y, vp.y + vp.height)
        };
        let rect = intersect(rect_points, [vx0, vy0, vx1, vy1]);
        let user_bits = USER & (((1u32 << num_user) - 1) << 8);
        let clip_mask = GUARD | if rs.depth_clamp { W_MIN } else { NEAR_FAR } | user_bits;
        let mut ctx = DrawCtx {
            rs,
            state,
            n: vb.num_varyings,
            flip,
            xf: [sx, ox, sy, oy, sz, oz],
            planes,
            rect_points,
            rect,
            depth_format: target.depth,
            clip_mask,
            primitive_id: 0,
        };

        // Per-vertex: outcode and window position.
        let range = match &draw.elements {
            Elements::Range(r) => {
                let end = (r.end as usize).min(vb.positions.len());
                (r.start as usize).min(end)..end
            }
            Elements::Indices(_) => 0..vb.positions.len(),
        };
        self.win.resize(vb.positions.len(), WinVert::default());
        self.codes.resize(vb.positions.len(), 0);
        // Whole arrays at a time, so that the loops vectorize: every
        // position is projected, clipped ones too (their window positions
        // are never read: a clipped primitive is projected after clipping).
        let positions = &vb.positions[range.clone()];
        planes.position_codes(positions, &mut self.codes[range.clone()]);
        if num_user > 0 {
            for v in range.clone() {
                self.codes[v] |= planes.user_code(|c| vb.varying(v, c));
            }
        }
        for (w, &p) in self.win[range.clone()].iter_mut().zip(positions) {
            *w = ctx.project(p);
        }

        let indices = match &draw.elements {
            Elements::Range(_) => None,
            Elements::Indices(i) => {
                if i.iter().any(|&i| i as usize >= vb.positions.len()) {
                    debug_assert!(false, "index out of range");
                    return;
                }
                Some(*i)
            }
        };
        let base = range.start as u32;
        let e = |i: usize| indices.map_or(base + i as u32, |ix| ix[i]);
        let first = rs.provoking_vertex == ProvokingVertex::First;
        let n = indices.map_or(range.len(), |ix| ix.len());
        match draw.topology {
            Topology::Triangles => {
                for t in 0..n / 3 {
                    let v = [e(3 * t), e(3 * t + 1), e(3 * t + 2)];
                    let flags = draw.edge_flags.and_then(|f| f.get(t)).copied().unwrap_or(7);
                    let pv = if first { v[0] } else { v[2] };
                    ctx.primitive_id = draw.primitive_id(t);
                    self.triangle(scene, &ctx, vb, v, pv, flags);
                    checkpoint(t, scene, &mut ctx.state, pause);
                }
            }
            Topology::TriangleStrip => {
                for i in 0..n.saturating_sub(2) {
                    let v = if i % 2 == 0 {
                        [e(i), e(i + 1), e(i + 2)]
                    } else {
                        [e(i + 1), e(i), e(i + 2)]
                    };
                    let pv = if first { e(i) } else { e(i + 2) };
                    ctx.primitive_id = draw.primitive_id(i);
                    self.triangle(scene, &ctx, vb, v, pv, 7);
                    checkpoint(i, scene, &mut ctx.state, pause);
                }
            }
            Topology::TriangleFan => {
                for i in 0..n.saturating_sub(2) {
                    let v = [e(0), e(i + 1), e(i + 2)];
                    let pv = if first { e(i + 1) } else { e(i + 2) };
                    ctx.primitive_id = draw.primitive_id(i);
                    self.triangle(scene, &ctx, vb, v, pv, 7);
                    checkpoint(i, scene, &mut ctx.state, pause);
                }
            }
            Topology::Lines => {
                for l in 0..n / 2 {
                    let (a, b) = (e(2 * l), e(2 * l + 1));
                    let mut counter = 0;
                    ctx.primitive_id = draw.primitive_id(l);
                    self.line(
                        scene,
                        &ctx,
                        vb,
                        a,
                        b,
                        if first { a } else { b },
                        &mut counter,
                    );
                    checkpoint(l, scene, &mut ctx.state, pause);
                }
            }
            Topology::LineStrip | Topology::LineLoop => {
                let mut counter = 0;
                for i in 0..n.saturating_sub(1) {
                    let (a, b) = (e(i), e(i + 1));
                    ctx.primitive_id = draw.primitive_id(i);
                    self.line(
                        scene,
                        &ctx,
                        vb,
                        a,
                        b,
                        if first { a } else { b },
                        &mut counter,
                    );
                    checkpoint(i, scene, &mut ctx.state, pause);
                }
                if draw.topology == Topology::LineLoop && n >= 2 {
                    let (a, b) = (e(n - 1), e(0));
                    ctx.primitive_id = draw.primitive_id(n - 1);
                    self.line(
                        scene,
                        &ctx,
                        vb,
                        a,
                        b,
                        if first { a } else { b },
                        &mut counter,
                    );
                }
            }
            Topology::Points => {
                for i in 0..n {
                    let v = e(i);
                    ctx.primitive_id = draw.primitive_id(i);
                    self.point(scene, &ctx, vb, v);
                    checkpoint(i, scene, &mut ctx.state, pause);
                }
            }
        }
    }

    fn triangle(
        &mut self,
        scene: &mut Scene,
        ctx: &DrawCtx,
        vb: &VertexBatch,
        v: [u32; 3],
        pv: u32,
        flags: u8,
    ) {
        let [a, b, c] = v.map(|i| i as usize);
        let codes = [self.codes[a], self.codes[b], self.codes[c]];
        if codes[0] & codes[1] & codes[2] & (ctx.clip_mask | FRUSTUM) != 0 {
            return;
        }
        let clip = (codes[0] | codes[1] | codes[2]) & ctx.clip_mask;
        if clip == 0 {
            // Unclipped, the polygon is this triangle: what `polygon` would
            // drop (culled, degenerate when filled, or a filled triangle
            // that covers no pixel centre) goes before any varying is
            // gathered — half of a closed, culled mesh, most of a mesh of
            // sub-pixel triangles. A filled one is set up here, its
            // varyings gathered straight into the scene.
            let w = [self.win[a], self.win[b], self.win[c]];
            let area = fan_area(&w);
            let Some((front, mode)) = face(ctx, area) else {
                return;
            };
            if mode == PolygonMode::Fill {
                if area == 0.0 {
                    return;
                }
                let Some(setup) = tri_setup(ctx, &w) else {
                    return;
                };
                let attrs = self.gather_triangle(scene, ctx, vb, [a, b, c], pv as usize);
                bin_triangle(scene, ctx, &w, &setup, attrs, front);
                return;
            }
        }
        let n = ctx.n;
        self.flat.resize(n, 0.0);
        vb.gather(pv as usize, &mut self.flat);
        self.poly_attrs.clear();
        self.poly_win.clear();
        self.poly_flags.clear();
        if clip == 0 {
            for (k, &i) in [a, b, c].iter().enumerate() {
                self.poly_win.push(self.win[i]);
                self.poly_flags.push(flags & (1 << k) != 0);
                let base = self.poly_attrs.len();
                self.poly_attrs.resize(base + n, 0.0);
                vb.gather(i, &mut self.poly_attrs[base..]);
            }
        } else {
            let stride = 4 + n;
            self.clipper.begin(stride);
            self.tmp.resize(stride, 0.0);
            for (k, &i) in [a, b, c].iter().enumerate() {
                self.tmp[..4].copy_from_slice(&vb.positions[i]);
                vb.gather(i, &mut self.tmp[4..]);
                self.clipper.push(&self.tmp, flags & (1 << k) != 0);
            }
            let count = self.clipper.clip(&ctx.planes, clip);
            for i in 0..count {
                let vert = self.clipper.vert(i);
                self.poly_win
                    .push(ctx.project([vert[0], vert[1], vert[2], vert[3]]));
                self.poly_attrs.extend_from_slice(&vert[4..]);
                self.poly_flags.push(self.clipper.flags[i]);
            }
        }
        self.polygon(scene, ctx);
    }

    /// Appends the varyings of the triangle `v` to the scene as
    /// [`push_attrs`] does (`v0, d1, d2`; flat ones the provoking vertex
    /// `pv`'s value), gathered from the batch with no copy between.
    fn gather_triangle(
        &mut self,
        scene: &mut Scene,
        ctx: &DrawCtx,
        vb: &VertexBatch,
        v: [usize; 3],
        pv: usize,
    ) -> u32 {
        let n = ctx.n;
        let base = scene.attrs.len();
        scene.attrs.resize(base + 3 * n, 0.0);
        let out = &mut scene.attrs[base..];
        let (v0, rest) = out.split_at_mut(n);
        let (d1, d2) = rest.split_at_mut(n);
        vb.gather(v[0], v0);
        vb.gather(v[1], d1);
        vb.gather(v[2], d2);
        let interp = &ctx.rs.interp[..n];
        let any_flat = interp.contains(&Interp::Flat);
        if any_flat {
            self.flat.resize(n, 0.0);
            vb.gather(pv, &mut self.flat);
        }
        for i in 0..n {
            if interp[i] == Interp::Flat {
                v0[i] = self.flat[i];
                d1[i] = 0.0;
                d2[i] = 0.0;
            } else {
                d1[i] -= v0[i];
                d2[i] -= v0[i];
            }
        }
        base as u32
    }

    /// Culls, then fills / outlines / dots the polygon in `poly_*`.
    fn polygon(&mut self, scene: &mut Scene, ctx: &DrawCtx) {
        let k = self.poly_win.len();
        if k < 3 {
            return;
        }
        let w = &self.poly_win;
        let area = fan_area(w);
        let Some((front, mode)) = face(ctx, area) else {
            return;
        };
        let rs = ctx.rs;
        let n = ctx.n;
        let attrs = std::mem::take(&mut self.poly_attrs);
        let flat = std::mem::take(&mut self.flat);
        match mode {
            PolygonMode::Fill => {
                if area == 0.0 {
                    self.poly_attrs = attrs;
                    self.flat = flat;
                    return;
                }
                for i in 1..k - 1 {
                    let vs = [w[0], w[i], w[i + 1]];
                    let at = [
                        &attrs[..n],
                        &attrs[i * n..(i + 1) * n],
                        &attrs[(i + 1) * n..(i + 2) * n],
                    ];
                    setup_triangle(scene, ctx, vs, at, &flat, front);
                }
            }
            PolygonMode::Line | PolygonMode::Point => {
                let enabled = if mode == PolygonMode::Line {
                    rs.offset.line
                } else {
                    rs.offset.point
                };
                let z_off = if enabled {
                    polygon_offset(ctx, [w[0], w[1], w[2]])
                } else {
                    0.0
                };
                let mut counter = 0;
                for i in 0..k {
                    if !self.poly_flags[i] {
                        continue;
                    }
                    let j = (i + 1) % k;
                    let ai = &attrs[i * n..(i + 1) * n];
                    if mode == PolygonMode::Line {
                        let aj = &attrs[j * n..(j + 1) * n];
                        setup_line(
                            scene,
                            ctx,
                            [w[i], w[j]],
                            [ai, aj],
                            &flat,
                            front,
                            z_off,
                            &mut counter,
                        );
                    } else {
                        let size = ctx.rs.point_size;
                        setup_point(scene, ctx, w[i], ai, size, front, z_off);
                    }
                }
            }
        }
        self.poly_attrs = attrs;
        self.flat = flat;
    }

    #[expect(clippy::too_many_arguments, reason = "one line of a strip")]
    fn line(
        &mut self,
        scene: &mut Scene,
        ctx: &DrawCtx,
        vb: &VertexBatch,
        a: u32,
        b: u32,
        pv: u32,
        counter: &mut u32,
    ) {
        let (a, b) = (a as usize, b as usize);
        let (ca, cb) = (self.codes[a], self.codes[b]);
        if ca & cb & (ctx.clip_mask | FRUSTUM) != 0 {
            return;
        }
        let n = ctx.n;
        self.flat.resize(n, 0.0);
        vb.gather(pv as usize, &mut self.flat);
        let clip = (ca | cb) & ctx.clip_mask;
        self.poly_attrs.resize(2 * n, 0.0);
        let ends;
        if clip == 0 {
            vb.gather(a, &mut self.poly_attrs[..n]);
            vb.gather(b, &mut self.poly_attrs[n..]);
            ends = [self.win[a], self.win[b]];
        } else {
            let stride = 4 + n;
            let mut va = vec![0.0; stride];
            let mut vbuf = vec![0.0; stride];
            va[..4].copy_from_slice(&vb.positions[a]);
            vb.gather(a, &mut va[4..]);
            vbuf[..4].copy_from_slice(&vb.positions[b]);
            vb.gather(b, &mut vbuf[4..]);
            if !self.clipper.clip_line(&ctx.planes, clip, &va, &vbuf) {
                return;
            }
            let p = |v: &[f32]| ctx.project([v[0], v[1], v[2], v[3]]);
            ends = [p(self.clipper.vert(0)), p(self.clipper.vert(1))];
            self.poly_attrs[..n].copy_from_slice(&self.clipper.vert(0)[4..]);
            self.poly_attrs[n..].copy_from_slice(&self.clipper.vert(1)[4..]);
        }
        let at = [&self.poly_attrs[..n], &self.poly_attrs[n..2 * n]];
        setup_line(scene, ctx, ends, at, &self.flat, true, 0.0, counter);
    }

    fn point(&mut self, scene: &mut Scene, ctx: &DrawCtx, vb: &VertexBatch, v: u32) {
        let v = v as usize;
        // Points are discarded when their centre is clipped; x/y are not
        // clipped (wide points straddle the viewport edge).
        if self.codes[v] & ctx.clip_mask != 0 {
            return;
        }
        let n = ctx.n;
        self.poly_attrs.resize(n, 0.0);
        vb.gather(v, &mut self.poly_attrs[..n]);
        let size = vb.point_sizes.map_or(ctx.rs.point_size, |s| s[v]);
        setup_point(
            scene,
            ctx,
            self.win[v],
            &self.poly_attrs[..n],
            size,
            true,
            0.0,
        );
    }
}

/// Snaps a window coordinate to fixed point.
#[inline]
fn snap(v: f32) -> i64 {
    // Round to nearest even through the f64 magic number (1.5 × 2^52):
    // `round()` is a libm call on baseline x86-64. Exact for |v| < 2^43 px;
    // the guard band keeps |v| below 2^15.
    let t = v as f64 * ONE as f64 + 6_755_399_441_055_744.0;
    (t.to_bits() as i64).wrapping_sub(0x4338_0000_0000_0000)
}

/// The edges of the convex polygon `pts` (fixed point, either winding);
/// `None` when it has no area. Edge `i` runs from point `i` to `i + 1`;
/// `inclusive[i]` overrides the top-left rule for it.
fn edges<const N: usize>(pts: [(i64, i64); N], inclusive: [Option<bool>; N]) -> Option<[Edge; N]> {
    let mut area2 = 0i64;
    for i in 1..N - 1 {
        area2 += (pts[i].0 - pts[0].0) * (pts[i + 1].1 - pts[0].1)
            - (pts[i + 1].0 - pts[0].0) * (pts[i].1 - pts[0].1);
    }
    if area2 == 0 {
        return None;
    }
    let sign = area2.signum();
    let half = ONE / 2;
    Some(std::array::from_fn(|i| {
        let (xi, yi) = pts[i];
        let (xj, yj) = pts[(i + 1) % N];
        let a = -(yj - yi) * sign;
        let b = (xj - xi) * sign;
        let top_left = inclusive[i].unwrap_or(a > 0 || (a == 0 && b > 0));
        let c = a * (half - xi) + b * (half - yi) - (!top_left) as i64;
        Edge {
            a: a * ONE,
            b: b * ONE,
            c,
        }
    }))
}

/// Pixel bounding box of fixed-point points, intersected with `rect`.
fn bbox(pts: &[(i64, i64)], rect: [i32; 4]) -> [i32; 4] {
    bbox_cut(pts, rect).0
}

/// [`bbox`], and whether `rect` cut it (then the edges alone do not keep
/// coverage inside it: [`Prim::cut`]).
fn bbox_cut(pts: &[(i64, i64)], rect: [i32; 4]) -> ([i32; 4], bool) {
    let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    for &(x, y) in pts {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    let half = ONE / 2;
    // Pixels whose centres are within [min, max].
    let lo = |v: i64| ((v - half + ONE - 1) >> super::scene::SUBPIXEL_BITS) as i32;
    let hi = |v: i64| (((v - half) >> super::scene::SUBPIXEL_BITS) + 1) as i32;
    let whole = [lo(x0), lo(y0), hi(x1), hi(y1)];
    let b = intersect(whole, rect);
    (b, b != whole)
}

fn empty(r: [i32; 4]) -> bool {
    r[0] >= r[2] || r[1] >= r[3]
}

/// The plane through `f` at the three vertices (positions relative to vertex 0).
#[inline]
fn plane(f: [f32; 3], d: [f32; 4], inv_det: f32) -> Plane {
    let [dx1, dy1, dx2, dy2] = d;
    let (f1, f2) = (f[1] - f[0], f[2] - f[0]);
    Plane {
        dx: (f1 * dy2 - f2 * dy1) * inv_det,
        dy: (f2 * dx1 - f1 * dx2) * inv_det,
        c: f[0],
    }
}

/// GL 4.6 §14.6.5: `o = m * factor + r * units`, clamped.
fn offset_value(ctx: &DrawCtx, dzdx: f32, dzdy: f32, zmax: f32) -> f32 {
    let o = &ctx.rs.offset;
    let m = dzdx.abs().max(dzdy.abs());
    let r = ctx.depth_format.map_or(0.0, |f| f.mrd(zmax));
    let v = m * o.factor + r * o.units;
    if o.clamp > 0.0 {
        v.min(o.clamp)
    } else if o.clamp < 0.0 {
        v.max(o.clamp)
    } else {
        v
    }
}

fn polygon_offset(ctx: &DrawCtx, v: [WinVert; 3]) -> f32 {
    let d = [
        v[1].x - v[0].x,
        v[1].y - v[0].y,
        v[2].x - v[0].x,
        v[2].y - v[0].y,
    ];
    let det = d[0] * d[3] - d[2] * d[1];
    if det == 0.0 {
        return 0.0;
    }
    let p = plane([v[0].z, v[1].z, v[2].z], d, 1.0 / det);
    let zmax = v.iter().fold(0.0f32, |m, v| m.max(v.z.abs()));
    offset_value(ctx, p.dx, p.dy, zmax)
}

/// Appends `v0, d1, d2` for every varying; flat ones take the provoking value.
fn push_attrs(scene: &mut Scene, ctx: &DrawCtx, a: [&[f32]; 3], flat: &[f32]) -> u32 {
    let n = ctx.n;
    let base = scene.attrs.len();
    scene.attrs.resize(base + 3 * n, 0.0);
    let out = &mut scene.attrs[base..];
    let interp = &ctx.rs.interp;
    for i in 0..n {
        if interp[i] == Interp::Flat {
            out[i] = flat[i];
        } else {
            out[i] = a[0][i];
            out[n + i] = a[1][i] - a[0][i];
            out[2 * n + i] = a[2][i] - a[0][i];
        }
    }
    base as u32
}

/// A filled triangle's rasterization set-up, apart from its varyings.
struct TriSetup {
    edges: [Edge; 3],
    bbox: [i32; 4],
    /// `ctx.rect` cut the bounding box.
    cut: bool,
    /// The snapped vertex positions in pixels.
    xs: [f32; 3],
    ys: [f32; 3],
    /// Vertices 1 and 2 relative to vertex 0 (x1, y1, x2, y2), and one
    /// over the determinant.
    d: [f32; 4],
    inv: f32,
}

/// Bounding boxes of at most this many pixels are tested pixel by pixel
/// in set-up: a triangle that covers none of their centres is dropped.
const TINY_PIXELS: i32 = 4;

/// Sets up the filled triangle `v`; `None` when it covers no pixel centre
/// inside `ctx.rect` (no area, outside, or a small one between centres).
#[inline]
fn tri_setup(ctx: &DrawCtx, v: &[WinVert; 3]) -> Option<TriSetup> {
    let pts = v.map(|v| (snap(v.x), snap(v.y)));
    let (bb, cut) = bbox_cut(&pts, ctx.rect);
    if empty(bb) {
        return None;
    }
    let e = edges(pts, [None; 3])?;
    if (bb[2] - bb[0]) * (bb[3] - bb[1]) <= TINY_PIXELS {
        // The tile loop's test (scene::Edge: c + a x + b y >= 0 at the
        // pixel), so the same pixels.
        let covered = |x: i32, y: i32| e.iter().all(|e| e.c + e.a * x as i64 + e.b * y as i64 >= 0);
        let any = (bb[1]..bb[3]).any(|y| (bb[0]..bb[2]).any(|x| covered(x, y)));
        if !any {
            return None;
        }
    }
    let one = ONE as f32;
    let xs = pts.map(|p| p.0 as f32 / one);
    let ys = pts.map(|p| p.1 as f32 / one);
    let d = [xs[1] - xs[0], ys[1] - ys[0], xs[2] - xs[0], ys[2] - ys[0]];
    let det = d[0] * d[3] - d[2] * d[1];
    if det == 0.0 || !det.is_finite() {
        return None;
    }
    Some(TriSetup {
        edges: e,
        bbox: bb,
        cut,
        xs,
        ys,
        d,
        inv: 1.0 / det,
    })
}

/// Bins the set-up triangle `v` whose varyings are at `attrs` in the
/// scene's attributes.
#[inline]
fn bin_triangle(
    scene: &mut Scene,
    ctx: &DrawCtx,
    v: &[WinVert; 3],
    s: &TriSetup,
    attrs: u32,
    front: bool,
) {
    let (d, inv) = (s.d, s.inv);
    let mut z = plane([v[0].z, v[1].z, v[2].z], d, inv);
    if ctx.rs.offset.fill {
        let zmax = v.iter().fold(0.0f32, |m, v| m.max(v.z.abs()));
        z.c += offset_value(ctx, z.dx, z.dy, zmax);
    }
    let e = s.edges;
    let prim = Prim {
        primitive_id: ctx.primitive_id,
        kind: PrimKind::Triangle,
        edges: [e[0], e[1], e[2], Edge::default()],
        n_edges: 3,
        front,
        state: ctx.state,
        bbox: s.bbox,
        cut: s.cut,
        ox: s.xs[0] - 0.5,
        oy: s.ys[0] - 0.5,
        z,
        w: plane([v[0].iw, v[1].iw, v[2].iw], d, inv),
        p1: plane([0.0, v[1].iw, 0.0], d, inv),
        p2: plane([0.0, 0.0, v[2].iw], d, inv),
        l1: plane([0.0, 1.0, 0.0], d, inv),
        l2: plane([0.0, 0.0, 1.0], d, inv),
        attrs,
        extra: NO_EXTRA,
    };
    scene.bin(prim);
}

fn setup_triangle(
    scene: &mut Scene,
    ctx: &DrawCtx,
    v: [WinVert; 3],
    a: [&[f32]; 3],
    flat: &[f32],
    front: bool,
) {
    let Some(setup) = tri_setup(ctx, &v) else {
        return;
    };
    let attrs = push_attrs(scene, ctx, a, flat);
    bin_triangle(scene, ctx, &v, &setup, attrs, front);
}

#[expect(clippy::too_many_arguments, reason = "one segment with its context")]
fn setup_line(
    scene: &mut Scene,
    ctx: &DrawCtx,
    v: [WinVert; 2],
    a: [&[f32]; 2],
    flat: &[f32],
    front: bool,
    z_off: f32,
    counter: &mut u32,
) {
    let [p, q] = v;
    let (dx, dy) = (q.x - p.x, q.y - p.y);
    if !(dx != 0.0 || dy != 0.0) || !(dx.is_finite() && dy.is_finite()) {
        return;
    }
    let width = ctx.rs.line_width.round().max(1.0);
    let h = width * 0.5;
    let x_major = dx.abs() >= dy.abs();
    // x-major: pushed down by one sub-pixel step so that a line exactly
    // between two pixel rows covers the lower one, as llvmpipe does.
    const NUDGE: f32 = 1.0 / 256.0;
    let corners = if x_major {
        [
            (p.x, p.y - h + NUDGE),
            (q.x, q.y - h + NUDGE),
            (q.x, q.y + h + NUDGE),
            (p.x, p.y + h + NUDGE),
        ]
    } else {
        [
            (p.x - h, p.y),
            (q.x - h, q.y),
            (q.x + h, q.y),
            (p.x + h, p.y),
        ]
    };
    let pts = corners.map(|(x, y)| (snap(x), snap(y)));
    // Like the diamond-exit rule: the start is drawn, the end is not, so the
    // segments of a strip or loop meet without gaps or overlaps.
    let Some(e) = edges(pts, [None, Some(false), None, Some(true)]) else {
        return;
    };
    let (bb, cut) = bbox_cut(&pts, ctx.rect);
    if empty(bb) {
        return;
    }
    // t runs 0..1 along the major axis.
    let (tdx, tdy) = if x_major {
        (1.0 / dx, 0.0)
    } else {
        (0.0, 1.0 / dy)
    };
    let along = |f0: f32, f1: f32| Plane {
        dx: (f1 - f0) * tdx,
        dy: (f1 - f0) * tdy,
        c: f0,
    };
    let extra = if let Some(st) = ctx.rs.line_stipple {
        let (s, e) = if x_major { (p.x, q.x) } else { (p.y, q.y) };
        // The pixels whose centres lie from the start (drawn) to the end
        // (not drawn): going up, centres in [s, e); going down, in (e, s],
        // so the first one is the pixel containing s also when s is a
        // centre itself.
        let (start, dir, count) = if e >= s {
            let (cs, ce) = ((s - 0.5).ceil() as i32, (e - 0.5).ceil() as i32);
            (cs, 1, ce - cs)
        } else {
            let (fs, fe) = ((s - 0.5).floor() as i32, (e - 0.5).floor() as i32);
            (fs, -1, fs - fe)
        };
        scene.extras.push(Extra::LineStipple {
            x_major,
            start,
            dir,
            base: *counter,
            factor: st.factor.max(1),
            pattern: st.pattern,
        });
        *counter = counter.wrapping_add(count.max(0) as u32);
        scene.extras.len() as u32 - 1
    } else {
        NO_EXTRA
    };
    let zero = vec![0.0; ctx.n];
    let attrs = push_attrs(scene, ctx, [a[0], a[1], &zero], flat);
    // The third "vertex" duplicates the first: d2 = -v0, but b2 is 0.
    let base = attrs as usize + 2 * ctx.n;
    scene.attrs[base..base + ctx.n].fill(0.0);
    let mut z = along(p.z, q.z);
    z.c += z_off;
    let prim = Prim {
        primitive_id: ctx.primitive_id,
        kind: PrimKind::Line,
        edges: e,
        n_edges: 4,
        front,
        state: ctx.state,
        bbox: bb,
        cut,
        ox: p.x - 0.5,
        oy: p.y - 0.5,
        z,
        w: along(p.iw, q.iw),
        p1: along(0.0, q.iw),
        p2: Plane::default(),
        l1: along(0.0, 1.0),
        l2: Plane::default(),
        attrs,
        extra,
    };
    scene.bin(prim);
}

fn setup_point(
    scene: &mut Scene,
    ctx: &DrawCtx,
    v: WinVert,
    a: &[f32],
    size: f32,
    front: bool,
    z_off: f32,
) {
    if !(v.x.is_finite() && v.y.is_finite()) {
        return;
    }
    let round = ctx.rs.point_smooth;
    // Sprites are quads of the exact size (1/256 pixel), centred on the
    // vertex and covered by the triangle fill rule, as llvmpipe draws them;
    // only legacy points snap to whole sizes and pixel centres.
    let sprite = ctx.rs.point_sprite && !round;
    let width = snap(size).max(ONE);
    let (cx, cy, s) = if round {
        (v.x, v.y, size.max(1.0))
    } else if sprite {
        (v.x, v.y, width as f32 / ONE as f32)
    } else {
        let s = size.round().max(1.0);
        // GL 4.6 §14.4: odd sizes centre on the pixel, even on its corner.
        // The position is snapped first, as every primitive's is, so that a
        // vertex on a pixel edge lands on the same side whatever the
        // viewport's offset rounded it to.
        let c = |p: f32| {
            let p = (snap(p) as f64 / ONE as f64) as f32;
            if s as i64 % 2 == 1 {
                p.floor() + 0.5
            } else {
                (p + 0.5).floor()
            }
        };
        (c(v.x), c(v.y), s)
    };
    let inside = Edge { a: 0, b: 0, c: 0 };
    let (bb, point_edges, n_edges) = if sprite {
        let (x0, y0) = (snap(v.x) - width / 2, snap(v.y) - width / 2);
        let pts = [
            (x0, y0),
            (x0 + width, y0),
            (x0 + width, y0 + width),
            (x0, y0 + width),
        ];
        // Left edge drawn, right not; of the horizontal edges the lower one
        // in window coordinates is drawn (llvmpipe's bottom-edge rule for
        // GL), which is the larger storage y when rows are flipped.
        let (low, high) = (Some(!ctx.flip), Some(ctx.flip));
        let Some(e) = edges(pts, [low, Some(false), high, Some(true)]) else {
            return;
        };
        (bbox(&pts, ctx.rect_points), e, 4)
    } else {
        let h = s * 0.5;
        let (x0, x1) = pixel_span(cx - h, cx + h);
        let (y0, y1) = pixel_span(cy - h, cy + h);
        (intersect([x0, y0, x1, y1], ctx.rect_points), [inside; 4], 3)
    };
    if empty(bb) {
        return;
    }
    let zero = vec![0.0; ctx.n];
    // All varyings are the point's own (the point is its provoking vertex).
    let n = ctx.n;
    let base = scene.attrs.len();
    scene.attrs.extend_from_slice(&a[..n]);
    scene.attrs.extend_from_slice(&zero);
    scene.attrs.extend_from_slice(&zero);
    let extra = if round || ctx.rs.point_sprite {
        scene.extras.push(Extra::Point {
            cx,
            cy,
            size: s,
            round,
        });
        scene.extras.len() as u32 - 1
    } else {
        NO_EXTRA
    };
    let konst = |c: f32| Plane {
        dx: 0.0,
        dy: 0.0,
        c,
    };
    let prim = Prim {
        primitive_id: ctx.primitive_id,
        kind: PrimKind::Point,
        edges: point_edges,
        n_edges,
        front,
        state: ctx.state,
        bbox: bb,
        cut: true,
        ox: cx - 0.5,
        oy: cy - 0.5,
        z: konst(v.z + z_off),
        w: konst(v.iw),
        p1: Plane::default(),
        p2: Plane::default(),
        l1: Plane::default(),
        l2: Plane::default(),
        attrs: base as u32,
        extra,
    };
    scene.bin(prim);
}
