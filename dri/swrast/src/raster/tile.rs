//! Rasterizing one tile's bin: hierarchical coverage (16×16 blocks, then 4×4
//! blocks, each trivially rejected, trivially accepted or split), then per
//! 4×4 block interpolation into a [`QuadBatch`], the shader, and the fused
//! per-fragment operations ([`super::fragment`]).
//!
//! Early depth/stencil runs before the shader when the shader neither writes
//! depth nor discards: then the test's outcome cannot depend on the shader,
//! and lanes that fail skip shading entirely (a block that fails completely
//! is never shaded).

use super::fragment::{TileView, depth_stencil, write_color};
use super::scene::{CLEAR_BIT, Edge, Extra, NO_EXTRA, Plane, Prim, PrimKind, Scene, SceneState};
use super::shader::{LANE_X, LANE_Y, LANES, QuadBatch};
use super::state::{EXTRA_BUFFERS, Interp, VaryingMask};
use crate::framebuffer::{ClearParams, ClearSpan};
use oxgl_dri_interface::clear_bits;

/// The lanes' x and y offsets in a 4×4 block ([`LANE_X`], [`LANE_Y`]) as
/// `i32` (coverage) and as `f32` (attribute planes).
const LANE_XI: [i32; LANES] = lanes_i32(LANE_X);
const LANE_YI: [i32; LANES] = lanes_i32(LANE_Y);
const LX: [f32; LANES] = lanes_f32(LANE_XI);
const LY: [f32; LANES] = lanes_f32(LANE_YI);

const fn lanes_i32(t: [u32; LANES]) -> [i32; LANES] {
    let mut out = [0; LANES];
    let mut l = 0;
    while l < LANES {
        out[l] = t[l] as i32;
        l += 1;
    }
    out
}

const fn lanes_f32(t: [i32; LANES]) -> [f32; LANES] {
    let mut out = [0.0; LANES];
    let mut l = 0;
    while l < LANES {
        out[l] = t[l] as f32;
        l += 1;
    }
    out
}

/// Replays tile `tile`'s bin into `view`. Everything below is inlined into
/// this function so [`super::simd`] can compile it once per instruction set.
#[inline(always)]
pub fn run_tile(scene: &Scene, tile: usize, view: &mut TileView, batch: &mut QuadBatch) {
    let bin = &scene.bins[tile];
    // A bin's primitives (208 bytes each) and their varyings are scattered
    // over a scene larger than L2, written by the binning thread: without
    // prefetching, small triangles spend most of their time waiting for
    // them. Two commands ahead: the primitive; one ahead: its varyings.
    let prefetch_prim = |k: usize| {
        if let Some(&cmd) = bin.get(k)
            && cmd & CLEAR_BIT == 0
            && let Some(prim) = scene.prims.get(cmd as usize)
        {
            super::simd::prefetch(prim);
        }
    };
    prefetch_prim(0);
    prefetch_prim(1);
    for (k, &cmd) in bin.iter().enumerate() {
        prefetch_prim(k + 2);
        if let Some(&next) = bin.get(k + 1)
            && next & CLEAR_BIT == 0
            && let Some(prim) = scene.prims.get(next as usize)
            && let Some(attrs) = scene.attrs.get(prim.attrs as usize..)
        {
            super::simd::prefetch(attrs);
        }
        if cmd & CLEAR_BIT != 0 {
            clear_tile(scene, &scene.clears[(cmd & !CLEAR_BIT) as usize], view);
            continue;
        }
        let prim = &scene.prims[cmd as usize];
        let st = &scene.states[prim.state as usize];
        raster_prim(scene, prim, st, view, batch);
    }
}

#[inline(always)]
fn clear_tile(scene: &Scene, p: &ClearParams, view: &mut TileView) {
    let t = &scene.target;
    let mut r = [view.x0, view.y0, view.x0 + view.w, view.y0 + view.h];
    if let Some(rect) = p.rect {
        let y0 = if t.flip_y {
            t.height as i32 - rect.y.saturating_add(rect.height)
        } else {
            rect.y
        };
        let x1 = rect.x.saturating_add(rect.width);
        let y1 = y0.saturating_add(rect.height);
        r = [r[0].max(rect.x), r[1].max(y0), r[2].min(x1), r[3].min(y1)];
    }
    if r[0] >= r[2] || r[1] >= r[3] {
        return;
    }
    let xs = (r[0] - view.x0) as usize..(r[2] - view.x0) as usize;
    let ys = (r[1] - view.y0) as usize..(r[3] - view.y0) as usize;
    if p.buffers & clear_bits::CLEAR_COLOR != 0 {
        let words = t.color_words();
        let span = ClearSpan::new(t.format, p.color_for(t.format, 1), p.color_mask);
        for row in &mut view.color[ys.clone()] {
            span.apply(&mut row[words * xs.start..words * xs.end]);
        }
        for (i, plane) in view.extra.iter_mut().enumerate() {
            if p.extra & (1 << i) == 0 {
                continue;
            }
            let format = t.extra_formats[i];
            let words = crate::framebuffer::color_words(format);
            let span = ClearSpan::new(format, p.color_for(format, 2 << i), p.extra_masks[i]);
            for row in &mut plane[ys.clone()] {
                span.apply(&mut row[words * xs.start..words * xs.end]);
            }
        }
    }
    if p.buffers & clear_bits::CLEAR_DEPTH != 0 && !view.depth.is_empty() {
        let d = t
            .depth
            .map_or(p.depth as f32, |f| f.quantize(p.depth as f32));
        for row in &mut view.depth[ys.clone()] {
            row[xs.clone()].fill(d);
        }
    }
    if p.buffers & clear_bits::CLEAR_STENCIL != 0 && !view.stencil.is_empty() {
        let mask = (p.stencil_mask & 0xff) as u8;
        let value = (p.stencil & 0xff) as u8;
        for row in &mut view.stencil[ys] {
            for s in &mut row[xs.clone()] {
                *s = (*s & !mask) | (value & mask);
            }
        }
    }
}

/// Classifies the `size`×`size` block at `(x, y)`: `None` when outside an
/// edge, else whether some edge crosses it.
#[inline(always)]
fn classify(edges: &[Edge], x: i32, y: i32, size: i64) -> Option<bool> {
    let mut partial = false;
    for e in edges {
        let c = e.c + e.a * x as i64 + e.b * y as i64;
        let m = size - 1;
        if c + e.a.max(0) * m + e.b.max(0) * m < 0 {
            return None;
        }
        partial |= c + e.a.min(0) * m + e.b.min(0) * m < 0;
    }
    Some(partial)
}

/// How a primitive's 4×4 blocks are tested.
///
/// Local (every primitive whose edge values over the tile's part of its
/// bounding box fit an `i32`, which is all but huge ones): each edge's
/// value at the first block's corner is computed once, a block's corner
/// value from it with two `i32` products, and every lane of every edge is
/// or-ed into one accumulator without a branch: small triangles have most
/// blocks partly covered, where the trivial accept and reject tests of
/// each edge were branches mispredicted about every other block (with the
/// `i64` corner values, a sixth of the tile time of glmark2's `build`).
///
/// Otherwise per edge in `i64`: trivially rejected, accepted, or its lanes
/// computed (in `i32` when the edge's spread over a block fits, else in
/// `i64`).
///
/// The lanes' offsets from the block corner, `a · x + b · y` for each
/// lane's position, are computed once per primitive as whole vectors.
/// (They were once stored into a table element by element, which stalled
/// its vector reads on store forwarding; then computed per block from the
/// lane positions, which the compiler scalarized in part.)
#[derive(Default)]
struct Steps {
    narrow: bool,
    /// The local form applies: `corner` holds each edge's value at
    /// `origin`.
    local: bool,
    origin: (i32, i32),
    corner: [i32; 4],
    /// Per edge, each lane's offset from the block corner's value.
    offsets: [[i32; LANES]; 4],
}

impl Steps {
    /// The steps of `edges` over the blocks of `r` (a rectangle inside
    /// one tile), computed in place (returning the 256 bytes of offsets by
    /// value copied them once more per primitive).
    #[inline(always)]
    fn set(&mut self, edges: &[Edge], r: [i32; 4]) {
        self.narrow = edges
            .iter()
            .all(|e| e.a.abs() < 1 << 28 && e.b.abs() < 1 << 28);
        if !self.narrow {
            self.local = false;
            return;
        }
        for (o, e) in self.offsets.iter_mut().zip(edges) {
            let (a, b) = (e.a as i32, e.b as i32);
            for l in 0..LANES {
                o[l] = a * LANE_XI[l] + b * LANE_YI[l];
            }
        }
        // Every lane of every block from `origin` to `r`'s far corner
        // (blocks start 4-aligned, so up to 3 more on each side) stays
        // within `|corner| + (|a| + |b|) · span` of zero.
        let origin = (r[0] & !3, r[1] & !3);
        let span = i64::from((r[2] - origin.0).max(r[3] - origin.1)) + 4;
        self.origin = origin;
        self.local = true;
        for (k, e) in edges.iter().enumerate() {
            let c = e.c + e.a * i64::from(origin.0) + e.b * i64::from(origin.1);
            let reach = c.saturating_abs() + (e.a.abs() + e.b.abs()) * span;
            if reach >= 1 << 31 {
                self.local = false;
                return;
            }
            self.corner[k] = c as i32;
        }
    }

    /// Coverage of the 4×4 block at `(x, y)`, 0 when it is outside an edge.
    #[inline(always)]
    fn mask(&self, edges: &[Edge], x: i32, y: i32) -> u16 {
        // The lanes' edge values or-ed together: a lane is covered when
        // none is negative (sign bit clear).
        let mut acc = [0i32; LANES];
        if self.local {
            let (dx, dy) = (x - self.origin.0, y - self.origin.1);
            for ((e, offsets), &corner) in edges.iter().zip(&self.offsets).zip(&self.corner) {
                // In range by `set`'s bound on every lane.
                let c = corner + e.a as i32 * dx + e.b as i32 * dy;
                for l in 0..LANES {
                    acc[l] |= c + offsets[l];
                }
            }
            return sign_mask(&acc);
        }
        for (e, offsets) in edges.iter().zip(&self.offsets) {
            let c = e.c + e.a * x as i64 + e.b * y as i64;
            if c + e.a.max(0) * 3 + e.b.max(0) * 3 < 0 {
                return 0;
            }
            if c + e.a.min(0) * 3 + e.b.min(0) * 3 >= 0 {
                continue; // the whole block is inside this edge
            }
            if self.narrow {
                // The edge crosses the block: |c| < 3 (|a| + |b|) < 2^31.
                // Wrapping, like the i32 lanes of the vector code.
                let c = c as i32;
                for l in 0..LANES {
                    acc[l] |= c.wrapping_add(offsets[l]);
                }
            } else {
                // Huge primitives: the lane values in i64, their sign
                // into the i32 accumulator.
                for l in 0..LANES {
                    let v = c + e.a * LANE_X[l] as i64 + e.b * LANE_Y[l] as i64;
                    acc[l] |= (v >> 32) as i32;
                }
            }
        }
        sign_mask(&acc)
    }
}

/// The lanes whose value is not negative, as a mask. Each lane's bit,
/// then their union (vectorizes; shifting each comparison into the mask
/// compiled to a scalar test per lane).
#[inline(always)]
fn sign_mask(acc: &[i32; LANES]) -> u16 {
    let mut bits = [0u32; LANES];
    for l in 0..LANES {
        bits[l] = if acc[l] >= 0 { 1 << l } else { 0 };
    }
    bits.iter().fold(0, |m, b| m | b) as u16
}

/// Lanes of the 4×4 block at `(x, y)` inside the rectangle `r`.
#[inline(always)]
fn rect_mask(r: [i32; 4], x: i32, y: i32) -> u16 {
    let span = |lo: i32, hi: i32| -> u16 {
        let (lo, hi) = (lo.clamp(0, 4), hi.clamp(0, 4));
        if lo >= hi {
            0
        } else {
            ((1u16 << hi) - 1) & !((1u16 << lo) - 1)
        }
    };
    let cols = span(r[0] - x, r[2] - x);
    let rows = span(r[1] - y, r[3] - y);
    let mut m = 0u16;
    for row in 0..4 {
        if rows & (1 << row) != 0 {
            m |= cols << (4 * row);
        }
    }
    m
}

#[inline(always)]
fn raster_prim(
    scene: &Scene,
    prim: &Prim,
    st: &SceneState,
    view: &mut TileView,
    batch: &mut QuadBatch,
) {
    let b = prim.bbox;
    let r = [
        b[0].max(view.x0),
        b[1].max(view.y0),
        b[2].min(view.x0 + view.w),
        b[3].min(view.y0 + view.h),
    ];
    if r[0] >= r[2] || r[1] >= r[3] {
        return;
    }
    let edges = &prim.edges[..prim.n_edges as usize];
    let mut steps = Steps::default();
    steps.set(edges, r);
    // The varyings the shader reads that are constant over the primitive
    // (a flat colour drawn smooth, the common case for glColor outside
    // Begin/End, or q = 1): filled, not interpolated.
    let n = st.num_varyings;
    let attrs = &scene.attrs[prim.attrs as usize..prim.attrs as usize + 3 * n];
    let constant = Bits(st.used_varyings)
        .filter(|&i| attrs[n + i] == 0.0 && attrs[2 * n + i] == 0.0)
        .fold(0, |m: VaryingMask, i| m | 1 << i);
    // A primitive of constant depth (a full-screen pass, a quad facing
    // the viewer): its depth clamped and quantized once, not per block.
    // `eval` gives exactly `c` then (zero steps add zeros; `c != 0` keeps
    // the sign of a zero result out of it).
    let flat_z =
        (st.depth_on && prim.z.dx == 0.0 && prim.z.dy == 0.0 && prim.z.c != 0.0).then(|| {
            let (zmin, zmax) = st.z_range;
            let z = prim.z.c.max(zmin).min(zmax);
            let fmt = scene.target.depth.unwrap_or(super::DepthFormat::D32F);
            (z, fmt.quantize_lanes(&[z])[0])
        });
    let mut ctx = BlockCtx {
        scene,
        prim,
        st,
        batch,
        samples: 0,
        constant,
        flat_z,
    };
    // Blocks start 4-aligned inside the tile's view: their lanes outside
    // `r` need masking only where the view ends off a multiple of 4 or
    // the bounding box was cut (else the edges leave them uncovered).
    let clip = prim.cut || view.w % 4 != 0 || view.h % 4 != 0;
    let (bx0, by0) = (r[0] & !15, r[1] & !15);
    for by in (by0..r[3]).step_by(16) {
        for bx in (bx0..r[2]).step_by(16) {
            let Some(partial) = classify(edges, bx, by, 16) else {
                continue;
            };
            let inside = bx >= r[0] && by >= r[1] && bx + 16 <= r[2] && by + 16 <= r[3];
            if !partial && inside {
                for y in (by..by + 16).step_by(4) {
                    for x in (bx..bx + 16).step_by(4) {
                        ctx.shade(view, x, y, 0xffff);
                    }
                }
                continue;
            }
            let ys = (by.max(r[1]) & !3)..(by + 16).min(r[3]);
            let xs = (bx.max(r[0]) & !3)..(bx + 16).min(r[2]);
            for y in ys.step_by(4) {
                for x in xs.clone().step_by(4) {
                    let mut mask = if partial {
                        steps.mask(edges, x, y)
                    } else {
                        0xffff
                    };
                    if clip && !(x >= r[0] && y >= r[1] && x + 4 <= r[2] && y + 4 <= r[3]) {
                        mask &= rect_mask(r, x, y);
                    }
                    if mask != 0 {
                        ctx.shade(view, x, y, mask);
                    }
                }
            }
        }
    }
    if ctx.samples != 0
        && let Some(q) = &st.query
    {
        q.add(ctx.samples);
    }
}

/// The indices of the set bits of a varying mask, increasing.
struct Bits(VaryingMask);

impl Iterator for Bits {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

struct BlockCtx<'a> {
    scene: &'a Scene,
    prim: &'a Prim,
    st: &'a SceneState,
    batch: &'a mut QuadBatch,
    /// Samples that passed every test, for the state's occlusion query.
    samples: u64,
    /// The used varyings (bits) constant over the primitive.
    constant: VaryingMask,
    /// The primitive's depth, clamped and quantized, when constant.
    flat_z: Option<(f32, f32)>,
}

#[inline(always)]
fn eval(p: &Plane, fx: f32, fy: f32) -> [f32; LANES] {
    let base = p.c + p.dx * fx + p.dy * fy;
    let mut out = [0.0; LANES];
    for l in 0..LANES {
        out[l] = base + p.dx * LX[l] + p.dy * LY[l];
    }
    out
}

/// `out = v0 + b1 * d1 + b2 * d2`, lane-wise.
#[inline(always)]
fn lerp(out: &mut [f32; LANES], v0: f32, b1: &[f32; LANES], d1: f32, b2: &[f32; LANES], d2: f32) {
    for ((o, x), y) in out.iter_mut().zip(b1).zip(b2) {
        *o = v0 + x * d1 + y * d2;
    }
}

impl BlockCtx<'_> {
    /// Masks for stipples and round points.
    #[inline(always)]
    fn extra_mask(&self, x: i32, y: i32, mut mask: u16) -> u16 {
        let prim = self.prim;
        let t = &self.scene.target;
        if prim.kind == PrimKind::Triangle
            && let Some(pattern) = &self.st.draw.raster.polygon_stipple
        {
            {
                for l in 0..LANES {
                    let px = x + LANE_X[l] as i32;
                    let sy = y + LANE_Y[l] as i32;
                    let gy = if t.flip_y {
                        t.height as i32 - 1 - sy
                    } else {
                        sy
                    };
                    let bit = pattern[(gy & 31) as usize] >> (px & 31) & 1;
                    if bit == 0 {
                        mask &= !(1 << l);
                    }
                }
            }
        }
        if prim.extra == NO_EXTRA {
            return mask;
        }
        match self.scene.extras[prim.extra as usize] {
            Extra::LineStipple {
                x_major,
                start,
                dir,
                base,
                factor,
                pattern,
            } => {
                for l in 0..LANES {
                    let p = if x_major {
                        x + LANE_X[l] as i32
                    } else {
                        y + LANE_Y[l] as i32
                    };
                    let n = base.wrapping_add(((p - start) * dir) as u32);
                    let bit = (pattern >> ((n / factor) % 16)) & 1;
                    if bit == 0 {
                        mask &= !(1 << l);
                    }
                }
            }
            Extra::Point {
                cx,
                cy,
                size,
                round,
                ..
            } => {
                if round {
                    let r2 = size * size * 0.25;
                    for l in 0..LANES {
                        let dx = (x + LANE_X[l] as i32) as f32 + 0.5 - cx;
                        let dy = (y + LANE_Y[l] as i32) as f32 + 0.5 - cy;
                        if dx * dx + dy * dy > r2 {
                            mask &= !(1 << l);
                        }
                    }
                }
            }
        }
        mask
    }

    #[inline(always)]
    fn shade(&mut self, view: &mut TileView, x: i32, y: i32, mut mask: u16) {
        let (prim, st) = (self.prim, self.st);
        let target = &self.scene.target;
        if prim.kind == PrimKind::Triangle && st.draw.raster.polygon_stipple.is_some()
            || prim.extra != NO_EXTRA
        {
            mask = self.extra_mask(x, y, mask);
            if mask == 0 {
                return;
            }
        }
        let (lx, ly) = ((x - view.x0) as usize, (y - view.y0) as usize);
        let fx = x as f32 - prim.ox;
        let fy = y as f32 - prim.oy;
        let (zmin, zmax) = st.z_range;
        let mut z = [0.0; LANES];
        let flat_q = self.flat_z.map(|f| f.1);
        if let Some((zc, _)) = self.flat_z {
            z = [zc; LANES];
        } else if st.depth_on || st.reads_frag_coord {
            z = eval(&prim.z, fx, fy);
            for v in z.iter_mut() {
                *v = v.max(zmin).min(zmax);
            }
        }
        let ds = st.depth_on || st.stencil_on;
        if ds && st.early_ds {
            mask = depth_stencil(view, target, st, lx, ly, mask, (&z, flat_q), prim.front);
            if mask == 0 {
                return;
            }
        }
        if st.early_fragment_tests && st.query.is_some() {
            // Early fragment tests: the samples that passed them count,
            // whatever the shader then discards (GL 4.6 §14.9).
            self.samples += u64::from(mask.count_ones());
        }
        let q = &mut *self.batch;
        q.mask = mask;
        q.front_facing = prim.front;
        q.primitive_id = prim.primitive_id;
        q.sample = st.draw.raster.sample;
        q.y_sign = if target.flip_y { -1.0 } else { 1.0 };
        let n = st.num_varyings;
        let attrs = &self.scene.attrs[prim.attrs as usize..prim.attrs as usize + 3 * n];
        // The varyings the shader needs: all of them, or (a shader that
        // only copies four) those four, interpolated into the colour.
        // The varyings the shader reads (bits), and where the first lands:
        // all into the inputs, or (a shader that only copies four) those
        // four into the colour.
        let used = st.used_varyings;
        let base = st.copied.unwrap_or(0);
        // Varyings constant over the primitive need no interpolation.
        let constant = self.constant;
        let interpolate = constant != used && (st.any_smooth || st.any_linear);
        // Inputs at the sample's position, or (no sample shading) at the
        // pixel centre: the shift is in GL's y, the rows may run down.
        let [sx, sy] = st.draw.raster.interp_shift;
        let sy = if target.flip_y { -sy } else { sy };
        let (ix, iy) = (fx + sx, fy + sy);
        let mut w = [1.0; LANES];
        if interpolate && st.any_smooth || st.reads_frag_coord {
            w = eval(&prim.w, ix, iy);
        }
        if st.reads_frag_coord {
            let h = target.height as f32;
            // GL's y grows upwards; origin_upper_left turns it down, the
            // other way from the storage rows' flip.
            let flip = target.flip_y != st.origin_upper_left;
            let (sy, oy) = if flip { (-1.0, h) } else { (1.0, 0.0) };
            // Pixel centres at half-integers, or integers with
            // pixel_center_integer.
            let centre = if st.pixel_center_integer { 0.0 } else { 0.5 };
            let ox = centre - st.draw.raster.frag_x_bias;
            // A layer's own coordinates: from its bottom edge, or from its
            // top edge with origin_upper_left.
            let (yb, lh) = (st.draw.raster.frag_y_bias, st.draw.raster.layer_height);
            let ybias = if st.origin_upper_left && lh > 0.0 {
                h - lh - yb
            } else {
                yb
            };
            let oy = oy + centre - 0.5 - ybias;
            for l in 0..LANES {
                q.frag_coord[0][l] = x as f32 + LX[l] + ox;
                q.frag_coord[1][l] = oy + sy * (y as f32 + LY[l] + 0.5);
            }
            q.frag_coord[2] = z;
            q.frag_coord[3] = w;
        }
        q.num_inputs = n;
        let dst: &mut [[f32; LANES]] = if st.copied.is_some() {
            &mut q.color[..]
        } else {
            &mut q.inputs[..n]
        };
        if !interpolate {
            for i in Bits(used) {
                dst[i - base] = [attrs[i]; LANES];
            }
        } else {
            let (v0, rest) = attrs.split_at(n);
            let (d1, d2) = rest.split_at(n);
            let mut b1 = [0.0f32; LANES];
            let mut b2 = [0.0f32; LANES];
            if st.any_smooth {
                let p1 = eval(&prim.p1, ix, iy);
                let p2 = eval(&prim.p2, ix, iy);
                for l in 0..LANES {
                    let rw = 1.0 / w[l];
                    b1[l] = p1[l] * rw;
                    b2[l] = p2[l] * rw;
                }
            }
            let (mut l1, mut l2) = ([0.0f32; LANES], [0.0f32; LANES]);
            if st.any_linear {
                l1 = eval(&prim.l1, ix, iy);
                l2 = eval(&prim.l2, ix, iy);
            }
            // A varying constant over the primitive is its value.
            for i in Bits(used & constant) {
                dst[i - base] = [v0[i]; LANES];
            }
            for i in Bits(used & !constant) {
                let out = &mut dst[i - base];
                match st.interp[i] {
                    Interp::Flat => *out = [v0[i]; LANES],
                    Interp::Smooth => lerp(out, v0[i], &b1, d1[i], &b2, d2[i]),
                    Interp::NoPerspective => lerp(out, v0[i], &l1, d1[i], &l2, d2[i]),
                }
            }
        }
        if st.interpolates_at {
            // interpolateAt*: the planes, and each lane's pixel centre.
            let [cx, cy] = st.draw.raster.centre_shift;
            let y_dir = if target.flip_y { -1.0 } else { 1.0 };
            let a = &mut q.at;
            (a.x, a.y) = (fx + cx, fy + cy * y_dir);
            a.y_dir = y_dir;
            (a.w, a.p1, a.p2, a.l1, a.l2) = (prim.w, prim.p1, prim.p2, prim.l1, prim.l2);
            a.attrs.clear();
            a.attrs.extend_from_slice(attrs);
            a.interp.clear();
            a.interp
                .extend_from_slice(&st.interp[..n.min(st.interp.len())]);
            a.samples = st.draw.raster.samples;
        }
        if prim.kind == PrimKind::Point
            && prim.extra != NO_EXTRA
            && st.draw.raster.point_sprite
            && let Extra::Point { cx, cy, size, .. } = self.scene.extras[prim.extra as usize]
        {
            let upper = st.draw.raster.point_sprite_upper_left;
            // t grows downwards on screen for UPPER_LEFT.
            let down = if target.flip_y { 1.0 } else { -1.0 };
            let ts = if upper { down } else { -down };
            // s = 0.5 + (x + 0.5 - cx) / size, evaluated as llvmpipe's
            // plane a0 + dadx·x so that centres exactly on a texel boundary
            // round the same way.
            let ds = 1.0 / size;
            let dt = ts / size;
            let (s0, t0) = (0.5 - ds * (cx - 0.5), 0.5 - dt * (cy - 0.5));
            for l in 0..LANES {
                q.point_coord[0][l] = s0 + ds * (x as f32 + LX[l]);
                q.point_coord[1][l] = t0 + dt * (y as f32 + LY[l]);
            }
            // GL_COORD_REPLACE: these inputs read (s, t, 0, 1).
            let mut replace = st.draw.raster.sprite_coord_enable;
            while replace != 0 {
                let base = 4 * replace.trailing_zeros() as usize;
                replace &= replace - 1;
                if base + 4 > n {
                    break;
                }
                q.inputs[base] = q.point_coord[0];
                q.inputs[base + 1] = q.point_coord[1];
                q.inputs[base + 2] = [0.0; LANES];
                q.inputs[base + 3] = [1.0; LANES];
            }
        }
        if st.copied.is_none() {
            st.draw.shader.shade(q);
            mask &= q.mask;
            if mask == 0 {
                return;
            }
        }
        if let Some(c) = st.draw.raster.coverage {
            if c.alpha_to_coverage {
                for l in 0..LANES {
                    let n = (q.color[3][l].clamp(0.0, 1.0) * 4.0).round() as u8;
                    if c.sample >= n {
                        mask &= !(1 << l);
                    }
                }
                if mask == 0 {
                    return;
                }
            }
            if c.alpha_to_one {
                q.color[3] = [1.0; LANES];
            }
        }
        if ds && !st.early_ds {
            let (zs, flat) = if st.writes_depth {
                let mut d = q.depth;
                for v in d.iter_mut() {
                    *v = v.clamp(zmin, zmax);
                }
                (d, None)
            } else {
                (z, flat_q)
            };
            mask = depth_stencil(view, target, st, lx, ly, mask, (&zs, flat), prim.front);
            if mask == 0 {
                return;
            }
        }
        if st.query.is_some() && !st.early_fragment_tests {
            // Every per-fragment test is behind us: these samples would be
            // written, whatever the write masks say (llvmpipe counts the same).
            self.samples += u64::from(mask.count_ones());
        }
        // Several colour buffers, or another output than 0 for the first:
        // out of line, so that the common path keeps one inlined copy of
        // `write_color`.
        let b = &st.draw.blend;
        if b.extra_len != 0 || b.output != 0 {
            write_extra(view, q, target, st, lx, ly, mask);
            return;
        }
        write_color(
            &mut view.color,
            target.format,
            st,
            b.color_mask,
            b.enabled.then_some(&b.func),
            b.srgb & 1 != 0,
            lx,
            ly,
            mask,
            &mut q.color,
            &q.extra_color[EXTRA_BUFFERS],
        );
    }
}

/// The colour writes of a draw with several colour buffers (or whose first
/// buffer takes an output other than 0). The extra buffers come first:
/// blending a buffer changes the colour it is given in place.
#[inline(never)]
fn write_extra(
    view: &mut TileView,
    q: &QuadBatch,
    target: &super::scene::TargetInfo,
    st: &SceneState,
    lx: usize,
    ly: usize,
    mask: u16,
) {
    let b = &st.draw.blend;
    let output = |k: u8| match k {
        0 => q.color,
        k => q.extra_color[(k as usize - 1).min(EXTRA_BUFFERS - 1)],
    };
    for (i, slot) in b.extra[..b.extra_len as usize].iter().enumerate() {
        let (Some((out, cm, blending)), Some(rows)) = (slot, view.extra.get_mut(i)) else {
            continue;
        };
        let mut c = output(*out);
        let format = target.extra_formats[i];
        let srgb = b.srgb & (2 << i) != 0;
        let c1 = &q.extra_color[EXTRA_BUFFERS];
        write_color(
            rows,
            format,
            st,
            *cm,
            blending.as_ref(),
            srgb,
            lx,
            ly,
            mask,
            &mut c,
            c1,
        );
    }
    let mut c = output(b.output);
    write_color(
        &mut view.color,
        target.format,
        st,
        b.color_mask,
        b.enabled.then_some(&b.func),
        b.srgb & 1 != 0,
        lx,
        ly,
        mask,
        &mut c,
        &q.extra_color[EXTRA_BUFFERS],
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The branch-free local form covers exactly the lanes of the per-edge
    /// `i64` form, for edges of every slope and size, small triangles to
    /// ones whose values leave `i32` (where `set` falls back).
    #[test]
    fn local_coverage_matches_i64_coverage() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |range: i64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % (2 * range as u64 + 1)) as i64 - range
        };
        let (mut local, mut fallback) = (0, 0);
        for round in 0..4000 {
            // Steps up to 2^12 (small) or 2^27 (near the narrow limit).
            let size = if round % 4 == 0 { 1 << 27 } else { 1 << 12 };
            let edges: Vec<Edge> = (0..3)
                .map(|_| Edge {
                    a: next(size),
                    b: next(size),
                    c: next(size * 64),
                })
                .collect();
            let (x0, y0) = (next(32) as i32 + 64, next(32) as i32 + 64);
            let r = [
                x0,
                y0,
                x0 + 1 + next(20).abs() as i32,
                y0 + 1 + next(20).abs() as i32,
            ];
            let mut steps = Steps::default();
            steps.set(&edges, r);
            if steps.local {
                local += 1;
            } else {
                fallback += 1;
            }
            for y in ((r[1] & !3)..r[3]).step_by(4) {
                for x in ((r[0] & !3)..r[2]).step_by(4) {
                    let got = steps.mask(&edges, x, y);
                    let mut want = 0u16;
                    for l in 0..LANES {
                        let (px, py) = (x + LANE_XI[l], y + LANE_YI[l]);
                        if edges
                            .iter()
                            .all(|e| e.c + e.a * i64::from(px) + e.b * i64::from(py) >= 0)
                        {
                            want |= 1 << l;
                        }
                    }
                    assert_eq!(got, want, "edges {edges:?} block ({x}, {y})");
                }
            }
        }
        assert!(
            local > 2000 && fallback > 100,
            "{local} local, {fallback} not"
        );
    }
}
