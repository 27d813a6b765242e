//! A scene: everything binned for one render target between two flushes.
//!
//! The front end ([`super::setup`]) appends set-up primitives to `prims`, their
//! per-vertex data to `attrs`, and each primitive's index to the bin of every
//! 64×64 tile its bounding box touches (tiles it provably misses are skipped).
//! Workers ([`super::tile`]) then replay each bin in order, so a tile is
//! owned by one thread and sees its commands in API order.
//!
//! Coordinates here are *storage* pixels: x right, y down the rows of the
//! colour buffer (for a y-flipped window target, GL row `h - 1 - y`).

use std::sync::Arc;

use super::DrawState;
use super::query::{Pending, SampleCounter};
use super::state::{Interp, MAX_VARYINGS};
use crate::framebuffer::ClearParams;

/// Tile edge in pixels.
pub const TILE: u32 = 64;

/// Sub-pixel bits of the fixed-point vertex positions.
pub const SUBPIXEL_BITS: u32 = 8;
/// One pixel in fixed point.
pub const ONE: i64 = 1 << SUBPIXEL_BITS;

/// The depth buffer's format: values are stored as `f32` but quantized to
/// the format's precision on write and for comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthFormat {
    /// 16-bit unsigned normalized.
    D16,
    /// 24-bit unsigned normalized.
    D24,
    /// 32-bit float.
    D32F,
}

/// 2^-24 and 2^-48 (1 + 2^-23): q / (2^24 - 1) is `q * D24_HI + q * D24_TAIL`.
const D24_HI: f32 = 1.0 / 16_777_216.0;
const D24_TAIL: f32 = (1.0 + 1.0 / 8_388_608.0) / 16_777_216.0 / 16_777_216.0;
/// 2^-16 and 2^-32 (1 + 2^-16), for q / (2^16 - 1).
const D16_HI: f32 = 1.0 / 65_536.0;
const D16_TAIL: f32 = (1.0 + 1.0 / 65_536.0) / 65_536.0 / 65_536.0;

impl DepthFormat {
    /// The format of a drawable with `bits` depth bits (32 = float).
    pub fn from_bits(bits: u32) -> Self {
        match bits {
            0..=16 => DepthFormat::D16,
            17..=24 => DepthFormat::D24,
            _ => DepthFormat::D32F,
        }
    }

    /// The largest integer value of a unorm format.
    fn max(self) -> Option<f64> {
        match self {
            DepthFormat::D16 => Some(65535.0),
            DepthFormat::D24 => Some(16_777_215.0),
            DepthFormat::D32F => None,
        }
    }

    /// Rounds a depth in [0, 1] to the nearest value the format can hold.
    /// Monotonic and exact for the format's representable values, so
    /// comparing quantized `f32`s is comparing the integers a real buffer holds.
    #[inline(always)]
    pub fn quantize(self, z: f32) -> f32 {
        self.quantize_lanes(&[z])[0]
    }

    /// [`DepthFormat::quantize`] of each lane, the format matched once.
    #[inline(always)]
    #[expect(
        clippy::manual_clamp,
        reason = "max/min turn NaN into 0; clamp keeps NaN"
    )]
    pub fn quantize_lanes<const K: usize>(self, z: &[f32; K]) -> [f32; K] {
        // q / (2^n - 1) = q 2^-n (1 + 2^-n + 2^-2n + ...): both products of
        // `q` below are exact or nearly, and their sum rounds once to the
        // quotient's bits (checked for every `q`:
        // `unorm_depths_without_division`). A division per lane was a
        // tenth of the depth test.
        let (max, hi, tail) = match self {
            DepthFormat::D16 => (65_535.0, D16_HI, D16_TAIL),
            DepthFormat::D24 => (16_777_215.0, D24_HI, D24_TAIL),
            DepthFormat::D32F => return z.map(|v| v.max(0.0).min(1.0)),
        };
        let mut out = [0.0; K];
        for (o, &v) in out.iter_mut().zip(z) {
            let v = v.max(0.0).min(1.0);
            // f64: 24 bits of product do not fit an f32 mantissa with the
            // rounding bit. The magic number rounds to nearest even and
            // leaves the integer in the low bits (vectorizes, unlike `as`).
            let q = (v as f64 * max + 6_755_399_441_055_744.0).to_bits() as u32;
            let f = q as i32 as f32;
            *o = f * hi + f * tail;
        }
        out
    }

    /// `q / max` in `f32`, correctly rounded, for a unorm value `q` of
    /// this format (`D32F` has none: `q as f32`), as
    /// [`DepthFormat::quantize_lanes`] computes it.
    pub fn from_unorm(self, q: u32) -> f32 {
        let (hi, tail) = match self {
            DepthFormat::D16 => (D16_HI, D16_TAIL),
            DepthFormat::D24 => (D24_HI, D24_TAIL),
            DepthFormat::D32F => return q as f32,
        };
        let f = q as i32 as f32;
        f * hi + f * tail
    }

    /// GL's minimum resolvable difference `r` for polygon offset at depth
    /// magnitude `zmax`.
    ///
    /// Unorm formats: one step of the format, except that 24 bits take two:
    /// depths are interpolated in `f32`, whose spacing just below 1.0 is
    /// 2^-24, about one step of such a buffer, so two surfaces one step
    /// apart can meet in the buffer; two steps cannot (piglit
    /// gl-1.4-polygon-offset measures this; llvmpipe's `r` is the same).
    pub fn mrd(self, zmax: f32) -> f32 {
        match self.max() {
            Some(max) if self == DepthFormat::D24 => (2.0 / max) as f32,
            Some(max) => (1.0 / max) as f32,
            None => {
                // 2^(e - 23) where e is the exponent of the largest |z|.
                let e = if zmax > 0.0 {
                    ((zmax.to_bits() >> 23) & 0xff) as i32 - 127
                } else {
                    -126
                };
                2f32.powi(e - 23)
            }
        }
    }
}

/// The colour/depth/stencil planes a scene renders into, and how they map to GL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetInfo {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Storage row 0 is GL's top row (window buffers) rather than its bottom row.
    pub flip_y: bool,
    /// The colour buffer has alpha (else it reads as 1 and writes 0xff).
    pub has_alpha: bool,
    /// The colour buffer's format: a float one holds `f32` RGBA (four
    /// storage words a pixel, unclamped, each value rounded as the format
    /// says); else one `0xAARRGGBB` word a pixel.
    pub format: oxgl_dri_interface::OxglColorFormat,
    /// Depth format, `None` without a depth buffer.
    pub depth: Option<DepthFormat>,
    /// There is a stencil buffer.
    pub stencil: bool,
    /// Extra colour buffers (a framebuffer object's attachments 1, 2, ...).
    pub extra: u8,
    /// Their formats (entries past `extra` unused).
    pub extra_formats: [oxgl_dri_interface::OxglColorFormat; super::state::EXTRA_BUFFERS],
}

impl TargetInfo {
    /// Tiles across.
    pub fn tiles_x(&self) -> u32 {
        self.width.div_ceil(TILE)
    }
    /// Tiles down.
    pub fn tiles_y(&self) -> u32 {
        self.height.div_ceil(TILE)
    }
    /// Colour storage words per pixel.
    pub fn color_words(&self) -> usize {
        crate::framebuffer::color_words(self.format)
    }
}

/// A half-space: inside where `c + a * px + b * py >= 0` at pixel `(px, py)`'s
/// centre. `a`, `b` are the per-pixel steps (fixed-point deltas × one pixel);
/// the top-left rule is folded into `c`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Edge {
    /// Step per pixel in x.
    pub a: i64,
    /// Step per pixel in y.
    pub b: i64,
    /// Value at pixel (0, 0).
    pub c: i64,
}

/// An attribute plane: `c + dx * (px - ox) + dy * (py - oy)` at pixel
/// `(px, py)`'s centre, with the primitive's origin `(ox, oy)`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Plane {
    /// d/dx.
    pub dx: f32,
    /// d/dy.
    pub dy: f32,
    /// Value at the origin.
    pub c: f32,
}

/// Extra per-primitive data for stippled lines and points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Extra {
    /// A stippled line: the stipple counter at storage pixel column (x-major)
    /// or row `p` is `base + (p - start) * dir`.
    LineStipple {
        /// Counting along x (else y).
        x_major: bool,
        /// First pixel along the major axis.
        start: i32,
        /// +1 or -1.
        dir: i32,
        /// Counter at `start`.
        base: u32,
        /// Repeat factor.
        factor: u32,
        /// Pattern bits.
        pattern: u16,
    },
    /// A point: centre (storage pixels) and size, for sprites and round points.
    Point {
        /// Centre x.
        cx: f32,
        /// Centre y.
        cy: f32,
        /// Diameter in pixels.
        size: f32,
        /// Round (`POINT_SMOOTH`).
        round: bool,
    },
}

/// The kind of a set-up primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrimKind {
    /// A filled triangle.
    Triangle,
    /// A line (also polygon edges in LINE mode).
    Line,
    /// A point (also polygon vertices in POINT mode).
    Point,
}

/// No extra data.
pub const NO_EXTRA: u32 = u32::MAX;

/// A primitive ready to rasterize: a convex region bounded by 3 or 4 edges
/// plus the planes to interpolate over it.
#[derive(Clone, Copy, Debug)]
pub struct Prim {
    /// What it was before setup (polygon stipple applies to triangles only).
    pub kind: PrimKind,
    /// Bounding half-spaces (unused ones are always-inside).
    pub edges: [Edge; 4],
    /// 3 or 4.
    pub n_edges: u8,
    /// Front facing (points and lines: true unless from a back polygon).
    pub front: bool,
    /// Index into [`Scene::states`].
    pub state: u32,
    /// Covered pixels are within `[x0, x1) × [y0, y1)` (scissor and target applied).
    pub bbox: [i32; 4],
    /// The scissor or the target cut `bbox` (or, for points without
    /// edges, `bbox` is the coverage): lanes outside it are masked. When
    /// not cut, the edges alone keep coverage inside `bbox`, as every
    /// covered pixel centre lies within the vertices' extent.
    pub cut: bool,
    /// Plane origin x.
    pub ox: f32,
    /// Plane origin y.
    pub oy: f32,
    /// Window depth.
    pub z: Plane,
    /// 1 / clip w.
    pub w: Plane,
    /// Perspective barycentric 1, pre-divided by w.
    pub p1: Plane,
    /// Perspective barycentric 2, pre-divided by w.
    pub p2: Plane,
    /// Linear barycentric 1.
    pub l1: Plane,
    /// Linear barycentric 2.
    pub l2: Plane,
    /// Offset of `v0[n], d1[n], d2[n]` in [`Scene::attrs`]; a varying is
    /// `v0 + b1 * d1 + b2 * d2`.
    pub attrs: u32,
    /// Index into [`Scene::extras`] or [`NO_EXTRA`].
    pub extra: u32,
    /// `gl_PrimitiveID`.
    pub primitive_id: u32,
}

/// A draw's state as a scene keeps it, with what the rasterizer derives from it.
pub struct SceneState {
    /// The state objects and the shader.
    pub draw: Arc<DrawState>,
    /// Varyings per vertex.
    pub num_varyings: usize,
    /// Depth/stencil can run before the shader.
    pub early_ds: bool,
    /// `layout(early_fragment_tests)`: occlusion queries count samples
    /// after the early tests, before the shader.
    pub early_fragment_tests: bool,
    /// The shader writes depth.
    pub writes_depth: bool,
    /// The shader reads `gl_FragCoord`.
    pub reads_frag_coord: bool,
    /// The shader interpolates inputs elsewhere in the pixel
    /// ([`super::ShaderInfo::interpolates_at`]).
    pub interpolates_at: bool,
    /// Its conventions ([`super::ShaderInfo::origin_upper_left`],
    /// [`super::ShaderInfo::pixel_center_integer`]).
    pub origin_upper_left: bool,
    pub pixel_center_integer: bool,
    /// The depth test is on and there is a depth buffer.
    pub depth_on: bool,
    /// The stencil test is on and there is a stencil buffer.
    pub stencil_on: bool,
    /// Some varying is perspective-interpolated.
    pub any_smooth: bool,
    /// Some varying is linearly interpolated.
    pub any_linear: bool,
    /// The shader only copies these four varyings (all present) to the
    /// colour ([`super::FragmentShader::copied_varyings`]): they are
    /// interpolated into the colour and the shader is not run.
    pub copied: Option<usize>,
    /// The varyings the shader reads, as bits below `num_varyings`
    /// ([`super::FragmentShader::input_varyings`]; the four copied ones
    /// with `copied`): only these are interpolated.
    pub used_varyings: super::state::VaryingMask,
    /// Interpolation per varying (copied for locality).
    pub interp: [Interp; MAX_VARYINGS],
    /// Depth clamp range (min, max).
    pub z_range: (f32, f32),
    /// The occlusion query counting this draw's passing samples, if any.
    pub query: Option<Arc<SampleCounter>>,
}

/// Tile bin entries with this bit set are clears (index into `clears`).
pub const CLEAR_BIT: u32 = 1 << 31;

/// One scene.
pub struct Scene {
    /// The target it renders into.
    pub target: TargetInfo,
    /// Draw states, indexed by [`Prim::state`].
    pub states: Vec<SceneState>,
    /// Set-up primitives.
    pub prims: Vec<Prim>,
    /// Per-primitive vertex data.
    pub attrs: Vec<f32>,
    /// Per-primitive extra data.
    pub extras: Vec<Extra>,
    /// Clears.
    pub clears: Vec<ClearParams>,
    /// Per tile (row-major), the commands in order.
    pub bins: Vec<Vec<u32>>,
    /// Bin entries in all tiles.
    pub binned: usize,
    /// The counters of `states`' queries, held until the scene is rasterized.
    pub queries: Vec<Pending>,
}

/// Flush a scene when it holds this many primitives.
pub const MAX_PRIMS: usize = 1 << 13;
/// ... or this many attribute floats.
pub const MAX_ATTRS: usize = 1 << 22;
/// ... or this many bin entries.
pub const MAX_BINNED: usize = 1 << 21;

impl Scene {
    /// An empty scene for `target`.
    pub fn new(target: TargetInfo) -> Self {
        let mut s = Scene {
            target,
            states: Vec::new(),
            prims: Vec::new(),
            attrs: Vec::new(),
            extras: Vec::new(),
            clears: Vec::new(),
            bins: Vec::new(),
            binned: 0,
            queries: Vec::new(),
        };
        s.reset(target);
        s
    }

    /// Empties the scene, keeping allocations, for `target`.
    pub fn reset(&mut self, target: TargetInfo) {
        self.target = target;
        self.states.clear();
        self.prims.clear();
        self.attrs.clear();
        self.extras.clear();
        self.clears.clear();
        self.queries.clear();
        self.binned = 0;
        let n = (target.tiles_x() * target.tiles_y()) as usize;
        self.bins.resize_with(n, Vec::new);
        self.bins.truncate(n);
        for b in &mut self.bins {
            b.clear();
        }
    }

    /// Lets go of what the scene's draws referenced once it is rasterized
    /// (its queries, and its states with their shaders, uniforms and
    /// texture data), keeping the storage for reuse: a spare scene must not
    /// keep a deleted texture resident.
    pub fn release(&mut self) {
        self.queries.clear();
        self.states.clear();
    }

    /// Nothing to do.
    pub fn is_empty(&self) -> bool {
        self.prims.is_empty() && self.clears.is_empty()
    }

    /// The scene should be flushed before more is added.
    pub fn is_full(&self) -> bool {
        self.prims.len() >= MAX_PRIMS
            || self.attrs.len() >= MAX_ATTRS
            || self.binned >= MAX_BINNED
            || self.clears.len() >= MAX_PRIMS
    }

    /// Appends `prim` and bins it into every tile it may cover.
    #[inline]
    pub fn bin(&mut self, prim: Prim) {
        let [x0, y0, x1, y1] = prim.bbox;
        debug_assert!(x0 < x1 && y0 < y1);
        let idx = self.prims.len() as u32;
        self.prims.push(prim);
        let t = TILE as i32;
        let (tx0, ty0) = (x0 / t, y0 / t);
        let (tx1, ty1) = ((x1 - 1) / t, (y1 - 1) / t);
        let tiles_x = self.target.tiles_x() as usize;
        if tx0 == tx1 && ty0 == ty1 {
            self.bins[ty0 as usize * tiles_x + tx0 as usize].push(idx);
            self.binned += 1;
            return;
        }
        let n = prim.n_edges as usize;
        for ty in ty0..=ty1 {
            for tx in tx0..=tx1 {
                // Skip tiles entirely outside one edge.
                let (px, py) = ((tx * t) as i64, (ty * t) as i64);
                let outside = prim.edges[..n].iter().any(|e| {
                    let c = e.c + e.a * px + e.b * py;
                    let m = (t - 1) as i64;
                    c + e.a.max(0) * m + e.b.max(0) * m < 0
                });
                if !outside {
                    self.bins[ty as usize * tiles_x + tx as usize].push(idx);
                    self.binned += 1;
                }
            }
        }
    }

    /// Bins a clear into every tile it touches.
    pub fn bin_clear(&mut self, clear: ClearParams) {
        let idx = self.clears.len() as u32 | CLEAR_BIT;
        self.clears.push(clear);
        for b in &mut self.bins {
            b.push(idx);
        }
        self.binned += self.bins.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantize_is_exact_and_monotonic() {
        for f in [DepthFormat::D16, DepthFormat::D24] {
            let max = f.max().unwrap();
            assert_eq!(f.quantize(1.0), 1.0);
            assert_eq!(f.quantize(0.0), 0.0);
            let mut prev = -1.0;
            let top = max as u32 - 5000;
            for i in (0..top).step_by(997).chain(top..=max as u32) {
                let v = f.quantize(i as f32 / max as f32);
                assert_eq!(((v as f64 * max) + 0.5) as u32, i);
                assert_eq!(f.quantize(v), v);
                assert!(v > prev);
                prev = v;
            }
        }
        assert_eq!(DepthFormat::D32F.quantize(0.3), 0.3);
        assert_eq!(DepthFormat::D16.quantize(0.5), 32768.0 / 65535.0);
    }
}
