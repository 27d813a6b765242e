//! Texture sampling (GL 4.6 §8.14): the textures a draw samples, copied
//! from the core's descriptors into storage the tile workers own, and the
//! [`oxgl_exec::TextureHost`] that filters them for 16 lanes at a time.
//!
//! * Storage: RGBA `f32` texels with the base format's swizzle applied, per
//!   level and cube face, shared (`Arc`) by every draw that uses the same
//!   texture contents. [`TextureCache`] keys copies by the core's serial, so
//!   an unchanged texture is copied once.
//! * LOD: implicit sampling computes the scale factor per 2×2 quad from the
//!   coordinate differences of its lanes (the quad layout of
//!   `oxgl_exec`: lane `4 y + x`), ρ = the largest |∂u/∂x|, |∂u/∂y| over
//!   the axes, `λ = log2(ρ) + bias` (log2 approximated like llvmpipe),
//!   clamped to
//!   `[min_lod, max_lod]`; `λ > 0` minifies (GL 4.6 §8.14.2, `c = 0`).
//! * Filters: nearest and linear within a level, nearest and linear
//!   between levels; wrap modes `REPEAT`, `MIRRORED_REPEAT`,
//!   `CLAMP_TO_EDGE`, `CLAMP_TO_BORDER`, `MIRROR_CLAMP_TO_EDGE` and the
//!   compatibility profile's `CLAMP` (coordinates clamped to [0, 1], linear
//!   filtering then reaches the border colour).
//! * Cube maps pick a face by the major axis (GL 4.6 table 8.19); rectangle
//!   textures take unnormalized coordinates and have one level; array
//!   textures filter within the nearest layer (clamped), the axis after
//!   the coordinate's.
//! * Texel offsets (`textureOffset` & co.) are added in texel space of the
//!   level sampled; explicit gradients (`textureGrad`) give ρ as the quad's
//!   differences do; `texelFetch` reads one texel of a level (zero outside
//!   it) and `textureSize` the level's size.
//! * Depth comparison (a `shadow` declaration, ARB_shadow, GL 4.6 §8.23.1):
//!   every texel a filter reads, border included, is replaced by the
//!   comparison of the lane's reference with its R (0 or 1) before
//!   weighting, so linear filters give the fraction of the 2×2 (and, between
//!   levels, 2×2×2) texels that pass — percentage-closer filtering as
//!   llvmpipe does. The 2D fast path never compares.
//! * The 2D fast path (one level, power-of-two `REPEAT` or `CLAMP_TO_EDGE`)
//!   computes coordinates, weights and wrapped indices in vector passes and
//!   filters each lane's four taps as whole `f32` texels.

use std::collections::HashMap;
use std::sync::Arc;

use oxgl_dri_interface::OxglTextureDesc;
use oxgl_exec::{TexArgs, TextureHost};
use oxgl_ir::{Dim, TexKind, TexOp, TextureDecl};

use crate::raster::LANES;

mod gl {
    pub const TEXTURE_1D: u32 = 0x0DE0;
    pub const TEXTURE_3D: u32 = 0x806F;
    pub const TEXTURE_CUBE_MAP: u32 = 0x8513;
    pub const TEXTURE_CUBE_MAP_ARRAY: u32 = 0x9009;
    pub const TEXTURE_RECTANGLE: u32 = 0x84F5;
    pub const TEXTURE_2D_MULTISAMPLE: u32 = 0x9100;
    pub const TEXTURE_2D_MULTISAMPLE_ARRAY: u32 = 0x9102;
    pub const NEAREST: u32 = 0x2600;
    pub const LINEAR: u32 = 0x2601;
    pub const NEAREST_MIPMAP_NEAREST: u32 = 0x2700;
    pub const LINEAR_MIPMAP_NEAREST: u32 = 0x2701;
    pub const LINEAR_MIPMAP_LINEAR: u32 = 0x2703;
    pub const CLAMP: u32 = 0x2900;
    pub const REPEAT: u32 = 0x2901;
    pub const CLAMP_TO_BORDER: u32 = 0x812D;
    pub const CLAMP_TO_EDGE: u32 = 0x812F;
    pub const MIRRORED_REPEAT: u32 = 0x8370;
    pub const MIRROR_CLAMP_TO_EDGE: u32 = 0x8743;
    pub const NEVER: u32 = 0x0200;
    pub const LESS: u32 = 0x0201;
    pub const EQUAL: u32 = 0x0202;
    pub const LEQUAL: u32 = 0x0203;
    pub const GREATER: u32 = 0x0204;
    pub const NOTEQUAL: u32 = 0x0205;
    pub const GEQUAL: u32 = 0x0206;
}

/// A level's texels in the form the sampler reads, swizzled.
#[derive(Clone, Debug)]
pub enum Texels {
    /// RGBA `f32`.
    F32(Arc<Vec<[f32; 4]>>),
    /// RGBA 8-bit unsigned normalized, R in the low byte: a quarter of the
    /// memory of `F32` for every texture whose channels are all 8-bit
    /// normalized values, which the sampler filters in SoA passes.
    Unorm8(Arc<Packed>),
    /// Depth values as `f32` bits, each texel `(d, 0, 0, 1)` swizzled: a
    /// depth buffer sampled as a texture, a quarter of the memory of `F32`
    /// and copied row by row.
    Depth(Arc<Packed>, [u8; 4]),
}

/// Packed RGBA8 texels. A large allocation goes back to a small pool when
/// its last user drops it, and the next conversion of that size takes it:
/// images converted every frame (rendered-to textures) then reuse memory
/// already paged in instead of faulting in fresh zeroed pages (8% of
/// glmark2 desktop's CPU before the pool).
#[derive(Debug, Default)]
pub struct Packed(Vec<u32>);

/// Allocations smaller than this are not pooled (bytes).
const POOL_MIN_BYTES: usize = 256 << 10;
/// At most this many allocations wait in the pool ...
const POOL_ENTRIES: usize = 8;
/// ... of at most this many bytes together.
const POOL_BYTES: usize = 64 << 20;

static POOL: std::sync::Mutex<Vec<Vec<u32>>> = std::sync::Mutex::new(Vec::new());

impl Packed {
    /// An empty vector with room for `n` texels: a pooled allocation of
    /// that size (within 1.5×) if one waits, else a new one; `None` when
    /// allocation fails.
    pub fn vec_for(n: usize) -> Option<Vec<u32>> {
        if n * 4 >= POOL_MIN_BYTES {
            let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(i) = pool
                .iter()
                .position(|v| v.capacity() >= n && v.capacity() <= n + n / 2)
            {
                let mut v = pool.swap_remove(i);
                v.clear();
                return Some(v);
            }
        }
        let mut v = Vec::new();
        v.try_reserve_exact(n).ok()?;
        Some(v)
    }
}

impl From<Vec<u32>> for Packed {
    fn from(v: Vec<u32>) -> Self {
        Packed(v)
    }
}

impl std::ops::Deref for Packed {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        &self.0
    }
}

impl Drop for Packed {
    fn drop(&mut self) {
        let v = std::mem::take(&mut self.0);
        let bytes = v.capacity() * 4;
        if bytes < POOL_MIN_BYTES {
            return;
        }
        let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
        let held: usize = pool.iter().map(|v| v.capacity() * 4).sum();
        if pool.len() < POOL_ENTRIES && held + bytes <= POOL_BYTES {
            pool.push(v);
        }
    }
}

impl Texels {
    /// The number of texels.
    pub fn len(&self) -> usize {
        match self {
            Texels::F32(t) => t.len(),
            Texels::Unorm8(t) | Texels::Depth(t, _) => t.len(),
        }
    }

    /// Texel `i` as RGBA `f32`, if there is one.
    #[inline(always)]
    fn get(&self, i: usize) -> Option<[f32; 4]> {
        match self {
            Texels::F32(t) => t.get(i).copied(),
            Texels::Unorm8(t) => t.get(i).map(|&p| unpack_unorm8(p)),
            Texels::Depth(t, sw) => t
                .get(i)
                .map(|&d| swizzle([f32::from_bits(d), 0.0, 0.0, 1.0], *sw)),
        }
    }

    /// The address of the storage (a cache key: distinct live storages
    /// never share one).
    pub fn addr(&self) -> usize {
        match self {
            Texels::F32(t) => t.as_ptr() as usize,
            Texels::Unorm8(t) | Texels::Depth(t, _) => t.as_ptr() as usize,
        }
    }

    /// The storage as the fast path reads it.
    fn as_ref(&self) -> TexelsRef<'_> {
        match self {
            Texels::F32(t) => TexelsRef::F32(t),
            Texels::Unorm8(t) => TexelsRef::Unorm8(t),
            Texels::Depth(t, sw) => TexelsRef::Depth(t, *sw),
        }
    }
}

/// A borrowed [`Texels`].
#[derive(Clone, Copy)]
enum TexelsRef<'a> {
    F32(&'a [[f32; 4]]),
    Unorm8(&'a [u32]),
    Depth(&'a [u32], [u8; 4]),
}

/// `i / 255` for every 8-bit value, correctly rounded, as the core's
/// conversions give 8-bit values.
pub(crate) const UNORM8: [f32; 256] = {
    let mut t = [0.0; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = i as f32 / 255.0;
        i += 1;
    }
    t
};

/// A packed RGBA8 texel as `f32` channels.
#[inline(always)]
fn unpack_unorm8(p: u32) -> [f32; 4] {
    [0, 8, 16, 24].map(|s| UNORM8[(p >> s) as usize & 0xff])
}

/// `src` swizzled by `swizzle` and packed as RGBA8, when that is exact:
/// every channel an 8-bit normalized value (bit for bit: not `-0.0`, not
/// NaN), no integer one in the swizzle. `None` otherwise: the texture keeps
/// `f32` texels.
pub(crate) fn pack_unorm8(src: &[[f32; 4]], swizzle: [u8; 4]) -> Option<Vec<u32>> {
    if swizzle.iter().any(|&c| c > 5) {
        return None;
    }
    // Per output channel: the source channel, or a constant byte.
    let from: [(usize, u32); 4] = swizzle.map(|c| match c {
        0..=3 => (c as usize, 0),
        4 => (4, 0),
        _ => (4, 255),
    });
    let mut out = Packed::vec_for(src.len())?;
    // Per block of texels, two passes that vectorize: every channel's byte
    // and whether it converts back to the same bits (`k / 255` correctly
    // rounded, what the core stores for 8-bit values; one vector divide per
    // texel), then the swizzled packing. A mismatch anywhere refuses the
    // whole image.
    const BLOCK: usize = 256;
    let mut k = [0u32; 4 * BLOCK];
    for chunk in src.chunks(BLOCK) {
        let flat = chunk.as_flattened();
        let mut inexact = 0u32;
        for (k, &v) in k.iter_mut().zip(flat) {
            // The nearest integer by the magic-number addition (no
            // saturating conversion; a NaN gives some byte, never exact):
            // an exact value is within far less than ½ of its integer, so
            // any rounding finds it.
            let b = ((v * 255.0).clamp(0.0, 255.0) + 12_582_912.0).to_bits() & 0xff;
            inexact |= u32::from((b as i32 as f32 / 255.0).to_bits() != v.to_bits());
            *k = b;
        }
        if inexact != 0 {
            return None;
        }
        let texels = k[..flat.len()].chunks_exact(4);
        if from == [(0, 0), (1, 0), (2, 0), (3, 0)] {
            out.extend(texels.map(|t| t[0] | t[1] << 8 | t[2] << 16 | t[3] << 24));
        } else {
            let byte = |t: &[u32], (i, k0): (usize, u32)| if i < 4 { t[i] } else { k0 };
            out.extend(texels.map(|t| {
                byte(t, from[0])
                    | byte(t, from[1]) << 8
                    | byte(t, from[2]) << 16
                    | byte(t, from[3]) << 24
            }));
        }
    }
    Some(out)
}

/// RGBA8 texels swizzled by `swizzle` and packed; `None` when the swizzle
/// has an integer one (not a byte value).
pub(crate) fn swizzle_rgba8(src: &[[u8; 4]], swizzle: [u8; 4]) -> Option<Vec<u32>> {
    if swizzle.iter().any(|&c| c > 5) {
        return None;
    }
    let mut out = Packed::vec_for(src.len())?;
    if swizzle == [0, 1, 2, 3] {
        out.extend(src.iter().map(|&b| u32::from_le_bytes(b)));
    } else {
        out.extend(src.iter().map(|b| {
            u32::from_le_bytes(swizzle.map(|c| match c {
                0..=3 => b[c as usize],
                4 => 0,
                _ => 255,
            }))
        }));
    }
    Some(out)
}

/// One level (or cube face of a level).
#[derive(Debug)]
struct Level {
    w: usize,
    h: usize,
    d: usize,
    /// Shared with the drawable conversion it came from, if it did.
    texels: Texels,
}

/// A texture's images, swizzled, owned by swrast.
#[derive(Debug)]
pub struct TexData {
    /// `levels[level][face]`.
    levels: Vec<Vec<Level>>,
}

/// The sampler state of a draw's texture.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SamplerState {
    target: u32,
    min_filter: u32,
    mag_filter: u32,
    wrap: [u32; 3],
    border: [f32; 4],
    min_lod: f32,
    max_lod: f32,
    lod_bias: f32,
    /// `GL_TEXTURE_COMPARE_FUNC`, 0 when the texture does not compare.
    compare: u32,
    /// A comparing texture's swizzle, which `shadow_vec4` operations apply
    /// to `(c, 0, 0, 1)` (its texels are stored unswizzled).
    result_swizzle: [u8; 4],
    /// A multisample texture's samples per texel (0: not multisample),
    /// its sample images side by side (ABI 17).
    samples: u32,
    /// Linear filtering of a cube map takes texels across its faces'
    /// edges (`GL_TEXTURE_CUBE_MAP_SEAMLESS`, ABI 17).
    seamless: bool,
}

/// A texture as a draw samples it.
#[derive(Clone, Debug)]
pub struct Bound {
    data: Arc<TexData>,
    state: SamplerState,
}

/// The textures of one draw, by unit, and its images
/// ([`crate::image`]).
#[derive(Clone, Debug, Default)]
pub struct Samplers {
    units: Vec<Option<Bound>>,
    images: Arc<Vec<crate::image::ImageView>>,
}

impl Samplers {
    /// These samplers with the draw's image views (valid for the call
    /// only).
    pub fn with_images(mut self, images: &Arc<Vec<crate::image::ImageView>>) -> Samplers {
        self.images = Arc::clone(images);
        self
    }

    /// Whether two sets sample the same data with the same state (never
    /// when either has images, which live for one call).
    pub fn same(&self, other: &Samplers) -> bool {
        self.images.is_empty()
            && other.images.is_empty()
            && self.units.len() == other.units.len()
            && self
                .units
                .iter()
                .zip(&other.units)
                .all(|(a, b)| match (a, b) {
                    (None, None) => true,
                    (Some(a), Some(b)) => Arc::ptr_eq(&a.data, &b.data) && a.state == b.state,
                    _ => false,
                })
    }
}

impl Samplers {
    /// The fast 2D path's texture for `decl` sampled with `op`, when that
    /// sampling takes it: a 2D texture with normalized coordinates, no
    /// comparison, implicit LOD, one filter for minification and
    /// magnification (so no LOD to compute), nearest or linear within level
    /// 0, and power-of-two `REPEAT` or `CLAMP_TO_EDGE` on both axes (no
    /// border texel possible). Checked once per draw by a shader that keeps
    /// the result.
    pub fn fast_2d(&self, decl: &TextureDecl, op: &TexOp) -> Option<Fast2d> {
        let tex = self.units.get(decl.binding as usize)?.as_ref()?;
        let st = &tex.state;
        let plain_2d = decl.dim == Dim::D2
            && !matches!(
                st.target,
                gl::TEXTURE_1D | gl::TEXTURE_3D | gl::TEXTURE_RECTANGLE | gl::TEXTURE_CUBE_MAP
            );
        if !plain_2d
            || decl.shadow
            || op.kind != TexKind::Sample
            || st.min_filter != st.mag_filter
            || !matches!(st.min_filter, gl::NEAREST | gl::LINEAR)
        {
            return None;
        }
        let level = tex.data.levels.first()?.first()?;
        let [ws, wt, _] = st.wrap;
        let simple = |mode: u32, n: usize| {
            mode == gl::REPEAT && n.is_power_of_two() || mode == gl::CLAMP_TO_EDGE
        };
        if !simple(ws, level.w) || !simple(wt, level.h) {
            return None;
        }
        Some(Fast2d {
            data: tex.data.clone(),
            repeat: [ws == gl::REPEAT, wt == gl::REPEAT],
            linear: st.min_filter == gl::LINEAR,
        })
    }
}

/// A texture bound for the fast 2D path ([`Samplers::fast_2d`]): level 0
/// of its data, how each axis wraps, the filter.
#[derive(Clone, Debug)]
pub struct Fast2d {
    data: Arc<TexData>,
    repeat: [bool; 2],
    linear: bool,
}

impl Fast2d {
    /// Level 0 as the fast path samples it (never missing: `fast_2d` checked;
    /// 1×1 without texels, which samples as 0, if it were).
    #[inline(always)]
    pub fn level(&self) -> FastLevel<'_> {
        let level = self.data.levels.first().and_then(|l| l.first());
        FastLevel {
            texels: level.map_or(TexelsRef::F32(&[]), |l| l.texels.as_ref()),
            w: level.map_or(1, |l| l.w),
            h: level.map_or(1, |l| l.h),
            repeat: self.repeat,
        }
    }

    /// Linear filtering (else nearest).
    pub fn linear(&self) -> bool {
        self.linear
    }
}

/// Samplers with one 2D texture on unit 0 (tests): `w`×`h` texels, one
/// filter for minification and magnification, one wrap mode.
#[cfg(test)]
pub(crate) fn test_samplers(
    w: usize,
    h: usize,
    texels: Vec<[f32; 4]>,
    filter: u32,
    wrap: u32,
) -> Samplers {
    let data = TexData {
        levels: vec![vec![Level {
            w,
            h,
            d: 1,
            texels: Texels::F32(Arc::new(texels)),
        }]],
    };
    Samplers {
        units: vec![Some(Bound {
            data: Arc::new(data),
            state: SamplerState {
                target: 0x0DE1,
                min_filter: filter,
                mag_filter: filter,
                wrap: [wrap; 3],
                border: [0.0; 4],
                min_lod: -1000.0,
                max_lod: 1000.0,
                lod_bias: 0.0,
                compare: 0,
                result_swizzle: [0, 0, 0, 5],
                samples: 0,
                seamless: false,
            },
        })],
        images: Arc::default(),
    }
}

/// Serial, first texel address, levels, faces, swizzle.
type CacheKey = (u64, usize, u32, u32, [u8; 4]);

/// Copies of texture contents keyed by the core's serial and layout.
#[derive(Default)]
pub struct TextureCache {
    map: HashMap<CacheKey, Arc<TexData>>,
    /// Keys bound since the last [`TextureCache::trim`].
    used: std::collections::HashSet<CacheKey>,
    /// Keys bound between the two last trims.
    used_before: std::collections::HashSet<CacheKey>,
}

/// Entries kept before the cache starts over.
const CACHE_LIMIT: usize = 64;

/// The texels of one image as the core hands them over.
#[derive(Clone, Copy, Debug)]
pub enum Source<'a> {
    /// RGBA `f32`.
    F32(&'a [[f32; 4]]),
    /// R, G, B, A bytes, `k` standing for `k / 255` (ABI 12).
    Rgba8(&'a [[u8; 4]]),
}

impl Source<'_> {
    fn len(&self) -> usize {
        match self {
            Source::F32(t) => t.len(),
            Source::Rgba8(t) => t.len(),
        }
    }

    fn addr(&self) -> usize {
        match self {
            Source::F32(t) => t.as_ptr() as usize,
            Source::Rgba8(t) => t.as_ptr() as usize,
        }
    }
}

/// A texture descriptor with its images as slices: `(texels, width,
/// height, depth)` at `level * num_faces + face`.
pub struct TexView<'a> {
    /// The descriptor.
    pub desc: &'a OxglTextureDesc,
    /// Its images.
    pub images: Vec<(Source<'a>, usize, usize, usize)>,
    /// Per image: texels already swizzled by the descriptor's swizzle that
    /// the cache may keep without copying (a drawable's buffer converted
    /// for sampling; its entry of `images` is then empty), or `None`.
    pub shared: Vec<Option<Texels>>,
}

impl TextureCache {
    /// Keeps only the copies bound since the call before last: a texture
    /// that was deleted (or is no longer drawn with) frees its copy within
    /// two frame ends. Two, not one, so that an application that calls
    /// glFinish and then swaps (two frame ends with no draw between them)
    /// keeps its textures' copies from one frame to the next.
    pub fn trim(&mut self) {
        let used = std::mem::take(&mut self.used);
        let before = std::mem::replace(&mut self.used_before, used);
        let now = &self.used_before;
        self.map
            .retain(|k, _| now.contains(k) || before.contains(k));
    }

    /// The samplers for `views`.
    pub fn bind(&mut self, views: &[TexView]) -> Samplers {
        let mut out = Samplers::default();
        for v in views {
            let (d, imgs) = (v.desc, &v.images[..]);
            let first = match v.shared.first() {
                Some(Some(t)) => t.addr(),
                _ => imgs.first().map_or(0, |i| i.0.addr()),
            };
            let key = (
                d.serial,
                first,
                d.num_levels,
                d.num_faces,
                storage_swizzle(d),
            );
            if self.map.len() >= CACHE_LIMIT && !self.map.contains_key(&key) {
                self.map.clear();
                self.used.clear();
                self.used_before.clear();
            }
            self.used.insert(key);
            let data = self
                .map
                .entry(key)
                .or_insert_with(|| Arc::new(copy(d, imgs, &v.shared)))
                .clone();
            if data.levels.is_empty() {
                continue;
            }
            let u = d.unit as usize;
            if u >= 64 {
                continue;
            }
            if out.units.len() <= u {
                out.units.resize(u + 1, None);
            }
            out.units[u] = Some(Bound {
                data,
                state: SamplerState {
                    target: d.target,
                    min_filter: d.min_filter,
                    mag_filter: d.mag_filter,
                    wrap: d.wrap,
                    border: swizzle(d.border_color, storage_swizzle(d)),
                    min_lod: d.min_lod,
                    max_lod: d.max_lod,
                    lod_bias: d.lod_bias,
                    compare: d.compare_func,
                    result_swizzle: d.swizzle,
                    samples: d.samples,
                    seamless: d.seamless != 0,
                },
            });
        }
        out
    }
}

/// The swizzle a texture's texels are stored with: the descriptor's, except
/// for a comparing texture, whose texels keep the depth in R (the swizzle
/// applies to the comparison's result instead).
pub(crate) fn storage_swizzle(d: &OxglTextureDesc) -> [u8; 4] {
    if d.compare_func != 0 {
        [0, 1, 2, 3]
    } else {
        d.swizzle
    }
}

pub(crate) fn swizzle(t: [f32; 4], s: [u8; 4]) -> [f32; 4] {
    s.map(|c| match c {
        0..=3 => t[c as usize],
        4 => 0.0,
        5 => 1.0,
        // A depth/stencil texel's stencil index (normalized in G) as an
        // unsigned integer (ABI 28).
        7 => f32::from_bits((t[1].clamp(0.0, 1.0) * 255.0 + 0.5) as u32),
        // Integer textures' one: the bits of 1.
        _ => f32::from_bits(1),
    })
}

/// Copies the images of `d` (checked sizes; a short or empty image ends
/// the level chain there); `shared` images are kept as they are.
fn copy(
    d: &OxglTextureDesc,
    imgs: &[(Source, usize, usize, usize)],
    shared: &[Option<Texels>],
) -> TexData {
    let faces = d.num_faces.max(1) as usize;
    let sw = storage_swizzle(d);
    let mut levels = Vec::new();
    'levels: for l in 0..d.num_levels as usize {
        let mut level = Vec::with_capacity(faces);
        for f in 0..faces {
            let Some(&(src, w, h, dd)) = imgs.get(l * faces + f) else {
                break 'levels;
            };
            let n = w * h * dd;
            let held = shared.get(l * faces + f).and_then(Option::as_ref);
            if n == 0 || held.map_or(src.len(), Texels::len) < n {
                break 'levels;
            }
            let texels = match (held, src) {
                (Some(t), _) => t.clone(),
                (None, Source::Rgba8(src)) => match swizzle_rgba8(&src[..n], sw) {
                    Some(p) => Texels::Unorm8(Arc::new(p.into())),
                    None => Texels::F32(Arc::new(
                        src[..n]
                            .iter()
                            .map(|&b| swizzle(unpack_unorm8(u32::from_le_bytes(b)), sw))
                            .collect(),
                    )),
                },
                (None, Source::F32(src)) => {
                    if let Some(p) = pack_unorm8(&src[..n], sw) {
                        Texels::Unorm8(Arc::new(p.into()))
                    } else if sw == [0, 1, 2, 3] {
                        // The identity swizzle (nearly every texture): a plain copy.
                        Texels::F32(Arc::new(src[..n].to_vec()))
                    } else {
                        Texels::F32(Arc::new(src[..n].iter().map(|t| swizzle(*t, sw)).collect()))
                    }
                }
            };
            level.push(Level {
                w,
                h,
                d: dd,
                texels,
            });
        }
        levels.push(level);
    }
    TexData { levels }
}

/// `floor(x)` as an integer without a libm call (the baseline x86-64
/// target has no rounding instruction); saturates like `as`.
#[inline(always)]
fn ifloor(x: f32) -> i32 {
    let i = x as i32;
    // Saturating: below `i32::MIN`, `i` is `i32::MIN` and `x` less still.
    i.saturating_sub(i32::from(x < i as f32))
}

/// An integral `f` as an `i32`, exact for |f| ≤ 2^22 and clamped to that
/// beyond (NaN gives -2^22): an add and an integer subtract, which
/// vectorize, where `as i32` (saturating) does not. The fast path's texel
/// coordinates are far inside that range (2^22 texels from the origin);
/// beyond it `f32` has no fraction bits left to filter with anyway.
#[inline(always)]
fn int_index(f: f32) -> i32 {
    const LIMIT: f32 = (1 << 22) as f32;
    // 1.5 · 2^23: sums stay in [2^23, 2^24], where the ulp is 1.
    const MAGIC: f32 = 12_582_912.0;
    #[expect(
        clippy::manual_clamp,
        reason = "clamp keeps NaN; this maps it to -LIMIT"
    )]
    let c = f.max(-LIMIT).min(LIMIT);
    (c + MAGIC).to_bits() as i32 - MAGIC.to_bits() as i32
}

/// Filter weights in `[0, 1)` in units of 1/256, rounded to nearest (ties
/// to even; NaN gives 0): `0..=256`, so that a coordinate a hair short of
/// a texel centre takes that texel whole (a 1:1 copy stays exact).
#[inline(always)]
#[expect(clippy::manual_clamp, reason = "clamp keeps NaN; this maps it to 0")]
fn weights_8(w: &[f32; LANES]) -> [u32; LANES] {
    std::array::from_fn(|l| int_index((w[l] * 256.0).max(0.0).min(256.0)) as u32)
}

/// `p0 + (p1 - p0) · w / 256` for each 8-bit channel of two packed RGBA8
/// texels, rounded to nearest, with a weight `w` in `0..=256`: the
/// red/blue and green/alpha channel pairs each in one 32-bit multiply, the
/// two 16-bit halves kept apart (no sum exceeds 255 · 256 + 128).
#[inline(always)]
pub(crate) fn lerp_unorm8(p0: u32, p1: u32, w: u32) -> u32 {
    const M: u32 = 0x00ff_00ff;
    let iw = 256 - w;
    const HALF: u32 = 0x0080_0080;
    let lo = ((((p0 & M) * iw) + (p1 & M) * w + HALF) >> 8) & M;
    let hi = ((((p0 >> 8) & M) * iw) + ((p1 >> 8) & M) * w + HALF) & !M;
    lo | hi
}

/// A depth comparison: the function and the lane's reference value.
type Compare = Option<(u32, f32)>;

/// `t` as a comparing sampler sees it: the result of `reference <func> R`
/// (1 or 0) in every component; `t` itself without a comparison.
#[inline]
fn compared(t: [f32; 4], cmp: Compare) -> [f32; 4] {
    let Some((func, r)) = cmp else {
        return t;
    };
    let d = t[0];
    let pass = match func {
        gl::NEVER => false,
        gl::LESS => r < d,
        gl::EQUAL => r == d,
        gl::LEQUAL => r <= d,
        gl::GREATER => r > d,
        gl::NOTEQUAL => r != d,
        gl::GEQUAL => r >= d,
        _ => true,
    };
    [if pass { 1.0 } else { 0.0 }; 4]
}

/// A wrapped integer texel coordinate, or `None` for the border.
#[inline(always)]
fn wrap_index(i: i32, size: usize, mode: u32) -> Option<usize> {
    let n = size as i32;
    let r = match mode {
        gl::REPEAT => i.rem_euclid(n),
        gl::MIRRORED_REPEAT => {
            let m = i.rem_euclid(2 * n);
            if m < n { m } else { 2 * n - 1 - m }
        }
        gl::MIRROR_CLAMP_TO_EDGE => {
            let m = if i < 0 { -1 - i } else { i };
            m.min(n - 1)
        }
        gl::CLAMP_TO_BORDER | gl::CLAMP => {
            if i < 0 || i >= n {
                return None;
            }
            i
        }
        _ => i.clamp(0, n - 1),
    };
    Some(r as usize)
}

/// The wrap mode nearest filtering applies for `mode`: `CLAMP` clamps the
/// coordinate to [0, 1], so the texel it selects is always inside the image
/// (s = 1 selects the last texel, not the border; GL 2.1 §3.8.7, as Mesa).
#[inline(always)]
fn nearest_wrap(mode: u32) -> u32 {
    if mode == gl::CLAMP {
        gl::CLAMP_TO_EDGE
    } else {
        mode
    }
}

/// The coordinate in texels for `mode` (`CLAMP` clamps to [0, 1] first).
#[inline]
fn to_texels(s: f32, size: usize, mode: u32, unnormalized: bool) -> f32 {
    let s = if mode == gl::CLAMP {
        if unnormalized {
            s.clamp(0.0, size as f32)
        } else {
            s.clamp(0.0, 1.0)
        }
    } else {
        s
    };
    if unnormalized { s } else { s * size as f32 }
}

/// Which texels a lane filters besides its coordinate: the filtered axes
/// (`dims`), an array texture's layer (the index on the next axis) and the
/// texel offset of `textureOffset` & co. (added in texel space).
#[derive(Clone, Copy, Debug, Default)]
struct Pick {
    dims: usize,
    layer: usize,
    offset: [i32; 3],
}

impl Level {
    #[inline]
    fn texel(
        &self,
        x: Option<usize>,
        y: Option<usize>,
        z: Option<usize>,
        border: &[f32; 4],
    ) -> [f32; 4] {
        match (x, y, z) {
            (Some(x), Some(y), Some(z)) => self
                .texels
                .get((z * self.h + y) * self.w + x)
                .unwrap_or_default(),
            _ => *border,
        }
    }

    /// 2D filtering of every lane of `mask` at normalized (or, `unnorm`,
    /// texel) coordinates `s`, `t`: the common case, without the general
    /// path's per-lane dimension loops.
    #[allow(clippy::too_many_arguments, reason = "one call per 16 lanes")]
    fn filter_2d(
        &self,
        st: &SamplerState,
        linear: bool,
        s: &[f32; LANES],
        t: &[f32; LANES],
        unnorm: bool,
        mask: u32,
        out: &mut [[f32; LANES]; 4],
    ) {
        let (w, h) = (self.w, self.h);
        let [ws, wt, _] = st.wrap;
        // Fast path: power-of-two REPEAT or CLAMP_TO_EDGE on both axes, no
        // border texel possible: pure integer arithmetic per lane.
        let simple = |mode: u32, n: usize| {
            mode == gl::REPEAT && n.is_power_of_two() || mode == gl::CLAMP_TO_EDGE
        };
        if !unnorm && simple(ws, w) && simple(wt, h) {
            let fast = FastLevel {
                texels: self.texels.as_ref(),
                w,
                h,
                repeat: [ws == gl::REPEAT, wt == gl::REPEAT],
            };
            crate::raster::simd::sample_2d(&fast, linear, s, t, out);
            return;
        }
        let fetch = |x: Option<usize>, y: Option<usize>| match (x, y) {
            (Some(x), Some(y)) => self.texels.get(y * w + x).unwrap_or_default(),
            _ => st.border,
        };
        for l in 0..LANES {
            if mask & (1 << l) == 0 {
                continue;
            }
            let u = to_texels(s[l], w, ws, unnorm);
            let v = to_texels(t[l], h, wt, unnorm);
            let c = if linear {
                let (u, v) = (u - 0.5, v - 0.5);
                let (x0, y0) = (ifloor(u), ifloor(v));
                let (a, b) = (u - x0 as f32, v - y0 as f32);
                let (x0w, x1w) = (wrap_index(x0, w, ws), wrap_index(x0 + 1, w, ws));
                let (y0w, y1w) = (wrap_index(y0, h, wt), wrap_index(y0 + 1, h, wt));
                let t00 = fetch(x0w, y0w);
                let t10 = fetch(x1w, y0w);
                let t01 = fetch(x0w, y1w);
                let t11 = fetch(x1w, y1w);
                let mut c = [0f32; 4];
                for k in 0..4 {
                    let top = t00[k] + (t10[k] - t00[k]) * a;
                    let bottom = t01[k] + (t11[k] - t01[k]) * a;
                    c[k] = top + (bottom - top) * b;
                }
                c
            } else {
                fetch(
                    wrap_index(ifloor(u), w, nearest_wrap(ws)),
                    wrap_index(ifloor(v), h, nearest_wrap(wt)),
                )
            };
            for k in 0..4 {
                out[k][l] = c[k];
            }
        }
    }

    /// Filters at texel-space coordinates `u`, `v`, `w`, comparing each
    /// texel first with `cmp`; an array texture's `layer` is the index on
    /// the axis after the `dims` filtered ones (0 otherwise).
    #[allow(clippy::too_many_arguments, reason = "one call per lane")]
    fn filter(
        &self,
        st: &SamplerState,
        linear: bool,
        c: [f32; 3],
        pick: Pick,
        unnorm: bool,
        cmp: Compare,
    ) -> [f32; 4] {
        let Pick {
            dims,
            layer,
            offset,
        } = pick;
        let sizes = [self.w, self.h, self.d];
        let mut pos = [0f32; 3];
        for k in 0..3 {
            // Nearest filtering takes GL_CLAMP as clamp-to-edge on the
            // offset texel coordinate (llvmpipe's wrap_nearest): the
            // coordinate is not clamped to [0, 1] before the offset.
            let wrap = if linear {
                st.wrap[k]
            } else {
                nearest_wrap(st.wrap[k])
            };
            pos[k] = if k < dims {
                to_texels(c[k], sizes[k], wrap, unnorm) + offset[k] as f32
            } else {
                0.5
            };
        }
        if !linear {
            let idx: [Option<usize>; 3] = std::array::from_fn(|k| {
                if k < dims {
                    wrap_index(pos[k].floor() as i32, sizes[k], nearest_wrap(st.wrap[k]))
                } else if k == dims {
                    Some(layer)
                } else {
                    Some(0)
                }
            });
            return compared(self.texel(idx[0], idx[1], idx[2], &st.border), cmp);
        }
        let mut i0 = [0i32; 3];
        let mut frac = [0f32; 3];
        for k in 0..dims {
            let p = pos[k] - 0.5;
            let f = p.floor();
            i0[k] = f as i32;
            frac[k] = p - f;
        }
        let corners = 1usize << dims;
        let mut acc = [0f32; 4];
        for corner in 0..corners {
            let mut weight = 1.0;
            let mut idx = [Some(0usize); 3];
            if dims < 3 {
                idx[dims] = Some(layer);
            }
            for k in 0..dims {
                let hi = corner >> k & 1 == 1;
                weight *= if hi { frac[k] } else { 1.0 - frac[k] };
                idx[k] = wrap_index(i0[k] + i32::from(hi), sizes[k], st.wrap[k]);
            }
            if weight == 0.0 {
                continue;
            }
            let t = compared(self.texel(idx[0], idx[1], idx[2], &st.border), cmp);
            for (a, v) in acc.iter_mut().zip(t) {
                *a += weight * v;
            }
        }
        acc
    }

    /// `textureGather`: component `comp` of the four texels of the
    /// bilinear footprint at `c` (GL 4.6 §8.14.2), each compared first with
    /// `cmp`, in the order (i0, j1), (i1, j1), (i1, j0), (i0, j0).
    #[allow(clippy::too_many_arguments, reason = "one call per lane")]
    fn gather(
        &self,
        st: &SamplerState,
        c: [f32; 3],
        pick: Pick,
        unnorm: bool,
        cmp: Compare,
        comp: usize,
    ) -> [f32; 4] {
        let sizes = [self.w, self.h];
        let i0: [i32; 2] = std::array::from_fn(|k| {
            let p = to_texels(c[k], sizes[k], st.wrap[k], unnorm) + pick.offset[k] as f32;
            ifloor(p - 0.5)
        });
        let at = |dx: i32, dy: i32| {
            let x = wrap_index(i0[0] + dx, sizes[0], st.wrap[0]);
            let y = wrap_index(i0[1] + dy, sizes[1], st.wrap[1]);
            compared(self.texel(x, y, Some(pick.layer), &st.border), cmp)[comp]
        };
        [at(0, 1), at(1, 1), at(1, 0), at(0, 0)]
    }
}

/// log2 for LOD selection: exponent plus linear mantissa (exact at powers
/// of two, at most 0.086 low between them), as llvmpipe's `fast_log2`.
#[inline]
fn fast_log2(x: f32) -> f32 {
    let bits = x.to_bits();
    let exp = ((bits >> 23) & 0xff) as i32 - 127;
    let mant = f32::from_bits((bits & 0x007f_ffff) | 0x3f80_0000);
    exp as f32 + (mant - 1.0)
}

/// λ of a scale factor ρ. With a nearest mip filter and nothing to add or
/// clamp after the log2, llvmpipe takes the level straight from ρ as
/// `⌊log2(ρ) + ½⌋` (`lp_build_ilog2`: the exponent of ρ·√2, exact), and
/// minifies whenever ρ > 1; otherwise λ is [`fast_log2`] of ρ.
#[inline]
fn lod_of_rho(rho: f32, nearest_level: bool) -> f32 {
    if rho.is_nan() || rho <= 0.0 {
        return -1000.0;
    }
    if !nearest_level {
        return fast_log2(rho);
    }
    let scaled = rho * std::f32::consts::SQRT_2;
    let level = ((scaled.to_bits() >> 23) & 0xff) as i32 - 127;
    if level <= 0 && rho > 1.0 {
        // Level 0, minified.
        f32::MIN_POSITIVE
    } else {
        level as f32
    }
}

/// A level sampled by the fast 2D path: power-of-two `REPEAT` or
/// `CLAMP_TO_EDGE` on each axis, so every tap is inside the image.
pub struct FastLevel<'a> {
    texels: TexelsRef<'a>,
    w: usize,
    h: usize,
    /// Per axis: `REPEAT` (else `CLAMP_TO_EDGE`).
    repeat: [bool; 2],
}

/// Wrapped tap coordinates of one axis for every lane, `scale`d (the row
/// stride for rows), in a vectorizable pass: the lower and the upper tap.
/// (A function, not a closure: closures are not inlined into the
/// `#[target_feature]` caller and would run as baseline code.)
#[inline(always)]
fn wrap_axis(c: &[i32; LANES], n: i32, repeat: bool, scale: u32) -> ([u32; LANES], [u32; LANES]) {
    let (mut lo, mut hi) = ([0u32; LANES], [0u32; LANES]);
    if repeat {
        for l in 0..LANES {
            lo[l] = (c[l] & (n - 1)) as u32 * scale;
            hi[l] = ((c[l] + 1) & (n - 1)) as u32 * scale;
        }
    } else {
        for l in 0..LANES {
            lo[l] = c[l].clamp(0, n - 1) as u32 * scale;
            hi[l] = (c[l] + 1).clamp(0, n - 1) as u32 * scale;
        }
    }
    (lo, hi)
}

impl FastLevel<'_> {
    /// The level's packed RGBA8 texels, its size and how each axis wraps,
    /// when its storage is 8-bit and holds the whole image with indices
    /// that fit an `i32` (the gathering sampler's input).
    #[inline(always)]
    pub(crate) fn unorm8(&self) -> Option<(&[u32], usize, usize, bool, bool)> {
        let TexelsRef::Unorm8(texels) = self.texels else {
            return None;
        };
        let n = self.w.checked_mul(self.h)?;
        // The flags one by one: read as one word, the two bytes the caller
        // has just stored stall on store forwarding.
        let [rs, rt] = self.repeat;
        (n > 0 && texels.len() >= n && n <= i32::MAX as usize)
            .then_some((texels, self.w, self.h, rs, rt))
    }

    /// Samples all lanes (lanes outside the mask compute harmless values):
    /// coordinates, weights and wrapped indices in SoA passes that
    /// vectorize, then the taps.
    ///
    /// `ROUND`: the build has a rounding instruction (SSE4.1), so `floor`
    /// is one vector instruction rather than a libm call per lane; both
    /// forms pick the same texels and weights.
    #[inline(always)]
    pub fn sample<const ROUND: bool>(
        &self,
        linear: bool,
        s: &[f32; LANES],
        t: &[f32; LANES],
        out: &mut [[f32; LANES]; 4],
    ) {
        let (w, h) = (self.w as i32, self.h as i32);
        let (wf, hf) = (w as f32, h as f32);
        let half = if linear { 0.5 } else { 0.0 };
        let mut x0 = [0i32; LANES];
        let mut y0 = [0i32; LANES];
        let mut a = [0f32; LANES];
        let mut b = [0f32; LANES];
        for l in 0..LANES {
            let u = s[l] * wf - half;
            let v = t[l] * hf - half;
            let (fu, fv) = if ROUND {
                (u.floor(), v.floor())
            } else {
                (ifloor(u) as f32, ifloor(v) as f32)
            };
            x0[l] = int_index(fu);
            y0[l] = int_index(fv);
            a[l] = u - fu;
            b[l] = v - fv;
        }
        let n = match self.texels {
            TexelsRef::F32(t) => t.len(),
            TexelsRef::Unorm8(t) | TexelsRef::Depth(t, _) => t.len(),
        };
        if n < self.w * self.h || n == 0 {
            *out = [[0.0; LANES]; 4];
            return;
        }
        // Taps are in range by construction; the `min` in the fetches
        // only lets the compiler see it.
        let last = n - 1;
        let [rx, ry] = self.repeat;
        let (xa, xb) = wrap_axis(&x0, w, rx, 1);
        let (ya, yb) = wrap_axis(&y0, h, ry, self.w as u32);
        match self.texels {
            TexelsRef::F32(texels) => {
                let fetch = |i: u32| texels[(i as usize).min(last)];
                if !linear {
                    for l in 0..LANES {
                        let c = fetch(ya[l] + xa[l]);
                        for k in 0..4 {
                            out[k][l] = c[k];
                        }
                    }
                    return;
                }
                // Per lane, the four taps as whole RGBA `f32` texels (one
                // 16-byte load each, no per-channel unpacking) filtered
                // channel-parallel, then transposed into the per-channel
                // output.
                let mut res = [[0f32; 4]; LANES];
                for (l, r) in res.iter_mut().enumerate() {
                    let (t00, t10) = (fetch(ya[l] + xa[l]), fetch(ya[l] + xb[l]));
                    let (t01, t11) = (fetch(yb[l] + xa[l]), fetch(yb[l] + xb[l]));
                    let (fa, fb) = (a[l], b[l]);
                    for k in 0..4 {
                        let top = t00[k] + (t10[k] - t00[k]) * fa;
                        let bottom = t01[k] + (t11[k] - t01[k]) * fa;
                        r[k] = top + (bottom - top) * fb;
                    }
                }
                for (k, ch) in out.iter_mut().enumerate() {
                    for (o, r) in ch.iter_mut().zip(&res) {
                        *o = r[k];
                    }
                }
            }
            TexelsRef::Depth(texels, sw) => {
                // As `F32` with the texels made from the depth values.
                let fetch = |i: u32| {
                    let d = f32::from_bits(texels[(i as usize).min(last)]);
                    swizzle([d, 0.0, 0.0, 1.0], sw)
                };
                for l in 0..LANES {
                    let c = if linear {
                        let (t00, t10) = (fetch(ya[l] + xa[l]), fetch(ya[l] + xb[l]));
                        let (t01, t11) = (fetch(yb[l] + xa[l]), fetch(yb[l] + xb[l]));
                        std::array::from_fn(|k| {
                            let top = t00[k] + (t10[k] - t00[k]) * a[l];
                            let bottom = t01[k] + (t11[k] - t01[k]) * a[l];
                            top + (bottom - top) * b[l]
                        })
                    } else {
                        fetch(ya[l] + xa[l])
                    };
                    for k in 0..4 {
                        out[k][l] = c[k];
                    }
                }
            }
            TexelsRef::Unorm8(texels) => {
                // The taps' packed texels (one 4-byte load each), then each
                // channel unpacked, converted and filtered for all lanes in
                // SoA passes that vectorize. Values stay in 0..=255 until
                // the one division at the end, so a nearest tap (or a
                // weight of 0 or 1) gives exactly `i / 255`.
                let fetch = |i: u32| texels[(i as usize).min(last)];
                let mut t00 = [0u32; LANES];
                let chan = |p: u32, k: usize| ((p >> (8 * k)) & 0xff) as i32 as f32;
                if !linear {
                    for l in 0..LANES {
                        t00[l] = fetch(ya[l] + xa[l]);
                    }
                    for (k, ch) in out.iter_mut().enumerate() {
                        for l in 0..LANES {
                            ch[l] = chan(t00[l], k) / 255.0;
                        }
                    }
                    return;
                }
                // The right-hand taps are the next texels in memory except
                // in the last column (wrapped or clamped): each row's two
                // taps as one 8-byte load, and the lanes at that edge
                // fetched again one texel at a time.
                let (mut t10, mut t01, mut t11) = ([0u32; LANES], [0u32; LANES], [0u32; LANES]);
                if last == 0 {
                    // One texel: every tap is it.
                    t00 = [texels[0]; LANES];
                    (t10, t01, t11) = (t00, t00, t00);
                } else {
                    let pair = |i: u32| {
                        let j = (i as usize).min(last - 1);
                        u64::from(texels[j]) | u64::from(texels[j + 1]) << 32
                    };
                    let mut edge = 0u32;
                    for l in 0..LANES {
                        let (top, bottom) = (pair(ya[l] + xa[l]), pair(yb[l] + xa[l]));
                        t00[l] = top as u32;
                        t10[l] = (top >> 32) as u32;
                        t01[l] = bottom as u32;
                        t11[l] = (bottom >> 32) as u32;
                        edge |= u32::from(xb[l] != xa[l].wrapping_add(1)) << l;
                    }
                    while edge != 0 {
                        let l = edge.trailing_zeros() as usize;
                        edge &= edge - 1;
                        t00[l] = fetch(ya[l] + xa[l]);
                        t10[l] = fetch(ya[l] + xb[l]);
                        t01[l] = fetch(yb[l] + xa[l]);
                        t11[l] = fetch(yb[l] + xb[l]);
                    }
                }
                // Filtered in 8-bit fixed point, as llvmpipe's 8-bit
                // sampler filters: weights of 1/256 (rounded), each
                // lerp rounded to 8 bits (to nearest: rounding down drifted
                // up to 5 steps from llvmpipe's float filtering through a
                // render-to-texture chain). GL leaves the precision of
                // filtering to the implementation. The AVX2 build's
                // gathering sampler (`simd::sample_unorm8_avx2`) gives the
                // same bits.
                let (wa, wb) = (weights_8(&a), weights_8(&b));
                let mut texel = [0u32; LANES];
                for l in 0..LANES {
                    let top = lerp_unorm8(t00[l], t10[l], wa[l]);
                    let bottom = lerp_unorm8(t01[l], t11[l], wa[l]);
                    texel[l] = lerp_unorm8(top, bottom, wb[l]);
                }
                for (k, ch) in out.iter_mut().enumerate() {
                    for l in 0..LANES {
                        ch[l] = chan(texel[l], k) / 255.0;
                    }
                }
            }
        }
    }
}

/// Per cube face (GL 4.6 table 8.19): the direction component and sign
/// giving sc, tc and the major axis ma.
const CUBE_AXES: [[(usize, f32); 3]; 6] = [
    [(2, -1.0), (1, -1.0), (0, 1.0)],
    [(2, 1.0), (1, -1.0), (0, -1.0)],
    [(0, 1.0), (2, 1.0), (1, 1.0)],
    [(0, 1.0), (2, -1.0), (1, -1.0)],
    [(0, 1.0), (1, -1.0), (2, 1.0)],
    [(0, -1.0), (1, -1.0), (2, -1.0)],
];

/// The face of direction `r`: the major axis, +X, -X, +Y, -Y, +Z, -Z.
fn cube_face_index(r: [f32; 3]) -> usize {
    let [x, y, z] = r;
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    if ax >= ay && ax >= az {
        usize::from(x < 0.0)
    } else if ay >= az {
        2 + usize::from(y < 0.0)
    } else {
        4 + usize::from(z < 0.0)
    }
}

/// Cube face and face coordinates (s, t in [0, 1]) of direction `r`.
fn cube_face(r: [f32; 3]) -> (usize, f32, f32) {
    let face = cube_face_index(r);
    let [(si, ss), (ti, ts), (mi, ms)] = CUBE_AXES[face];
    let ma = r[mi] * ms;
    let ma = if ma == 0.0 { 1.0 } else { ma };
    (
        face,
        (r[si] * ss / ma + 1.0) * 0.5,
        (r[ti] * ts / ma + 1.0) * 0.5,
    )
}

/// The change of the face coordinates (s, t) of direction `r` on `face`
/// when the direction changes by `d`: the derivative of `(sc / ma + 1) / 2`,
/// so that LOD follows the direction smoothly even where the lanes of a
/// quad fall on different faces (lanes outside a primitive extrapolate
/// past its corners), as llvmpipe computes cube derivatives.
fn cube_face_delta(r: [f32; 3], face: usize, d: [f32; 3]) -> [f32; 2] {
    let [(si, ss), (ti, ts), (mi, ms)] = CUBE_AXES[face];
    let ma = r[mi] * ms;
    if ma == 0.0 {
        return [0.0; 2];
    }
    let dma = d[mi] * ms;
    let of = |i: usize, sign: f32| 0.5 * (d[i] * sign * ma - r[i] * sign * dma) / (ma * ma);
    [of(si, ss), of(ti, ts)]
}

impl Bound {
    /// Samples lane coordinates `c` (per lane: 3 coords after cube
    /// projection, `face`) with LOD `lambda` per lane, comparing with `cmp`.
    fn sample_lane(
        &self,
        c: [f32; 3],
        face: usize,
        dl: Pick,
        lambda: f32,
        unnorm: bool,
        cmp: Compare,
    ) -> [f32; 4] {
        let st = &self.state;
        let levels = &self.data.levels;
        let mag = lambda <= 0.0;
        let filter = if mag { st.mag_filter } else { st.min_filter };
        let last = levels.len() - 1;
        let level = |l: usize| &levels[l.min(last)][face.min(levels[l.min(last)].len() - 1)];
        // Seamless cube maps: linear filters reach across the faces' edges
        // (a cube map array's faces are its layers 6 * layer + face).
        let cube_array = st.target == gl::TEXTURE_CUBE_MAP_ARRAY;
        let seamless = st.seamless && (st.target == gl::TEXTURE_CUBE_MAP || cube_array);
        let filt = |l: usize, linear: bool| {
            if seamless && linear {
                let base = cube_array.then(|| dl.layer - dl.layer % 6);
                let face = if cube_array { dl.layer % 6 } else { face };
                self.filter_seamless(l.min(last), face, base, c, cmp)
            } else {
                level(l).filter(st, linear, c, dl, unnorm, cmp)
            }
        };
        match filter {
            gl::NEAREST | gl::LINEAR => filt(0, filter == gl::LINEAR),
            gl::NEAREST_MIPMAP_NEAREST | gl::LINEAR_MIPMAP_NEAREST => {
                // GL 4.6 (8.16): d = ceil(λ + 1/2) - 1 for λ > 1/2.
                let l = if lambda <= 0.5 {
                    0
                } else {
                    ((lambda + 0.5).ceil() - 1.0) as usize
                };
                filt(l, filter == gl::LINEAR_MIPMAP_NEAREST)
            }
            _ => {
                let linear = filter == gl::LINEAR_MIPMAP_LINEAR;
                let lambda = lambda.max(0.0);
                let l0 = lambda.floor() as usize;
                if l0 >= last {
                    return filt(last, linear);
                }
                let f = lambda - l0 as f32;
                let a = filt(l0, linear);
                if f == 0.0 {
                    return a;
                }
                let b = filt(l0 + 1, linear);
                std::array::from_fn(|k| a[k] + (b[k] - a[k]) * f)
            }
        }
    }

    /// Bilinear filtering of level `l` of a cube map at face coordinates
    /// `c` of `face` across the faces' edges (GL 4.6 §8.13.1): a texel
    /// of the footprint past an edge is the one of the adjacent face its
    /// centre projects onto; past a corner, where three faces meet, the
    /// average of the other three (as llvmpipe). `array_base`: a cube map
    /// array's layer of face 0.
    fn filter_seamless(
        &self,
        l: usize,
        face: usize,
        array_base: Option<usize>,
        c: [f32; 3],
        cmp: Compare,
    ) -> [f32; 4] {
        let faces = &self.data.levels[l];
        let Some(lv) = faces.get(if array_base.is_some() { 0 } else { face }) else {
            return [0.0; 4];
        };
        let n = lv.w.max(1) as i32;
        let texel = |f: usize, x: i32, y: i32| -> [f32; 4] {
            let (x, y) = (x.clamp(0, n - 1) as usize, y.clamp(0, n - 1) as usize);
            let t = match array_base {
                Some(b) => lv.texel(Some(x), Some(y), Some(b + f), &self.state.border),
                None => faces.get(f).map_or([0.0; 4], |lv| {
                    lv.texel(Some(x), Some(y), Some(0), &self.state.border)
                }),
            };
            compared(t, cmp)
        };
        let p = [c[0] * n as f32 - 0.5, c[1] * n as f32 - 0.5];
        let i0 = p.map(|v| v.floor() as i32);
        let frac = [p[0] - i0[0] as f32, p[1] - i0[1] as f32];
        let mut taps = [[0f32; 4]; 4];
        let mut corner = None;
        for (k, tap) in taps.iter_mut().enumerate() {
            let (x, y) = (i0[0] + (k & 1) as i32, i0[1] + (k >> 1) as i32);
            let (out_x, out_y) = (!(0..n).contains(&x), !(0..n).contains(&y));
            *tap = match (out_x, out_y) {
                (false, false) => texel(face, x, y),
                (true, true) => {
                    corner = Some(k);
                    [0.0; 4]
                }
                _ => {
                    let (f, x, y) = cube_neighbour(face, x, y, n);
                    texel(f, x, y)
                }
            };
        }
        if let Some(k) = corner {
            let others = (0..4).filter(|&j| j != k);
            taps[k] =
                std::array::from_fn(|ch| others.clone().map(|j| taps[j][ch]).sum::<f32>() / 3.0);
        }
        let w = [
            (1.0 - frac[0]) * (1.0 - frac[1]),
            frac[0] * (1.0 - frac[1]),
            (1.0 - frac[0]) * frac[1],
            frac[0] * frac[1],
        ];
        std::array::from_fn(|ch| (0..4).map(|k| taps[k][ch] * w[k]).sum())
    }
}

/// The face and texel that texel (`x`, `y`) of `face`, one texel past an
/// edge of the `n` x `n` face, stands for: its centre as a direction,
/// projected onto the cube again.
fn cube_neighbour(face: usize, x: i32, y: i32, n: i32) -> (usize, i32, i32) {
    let [(si, ss), (ti, ts), (mi, ms)] = CUBE_AXES[face];
    let sc = (x as f32 + 0.5) / n as f32 * 2.0 - 1.0;
    let tc = (y as f32 + 0.5) / n as f32 * 2.0 - 1.0;
    let mut r = [0f32; 3];
    r[mi] = ms;
    r[si] = sc * ss;
    r[ti] = tc * ts;
    let (f, s, t) = cube_face(r);
    let at = |v: f32| ((v * n as f32).floor() as i32).clamp(0, n - 1);
    (f, at(s), at(t))
}

impl Bound {
    /// Implicit-LOD sampling of a plain 2D texture (no comparison, offset,
    /// array or cube) through the vectorized 2D filter: each level a lane
    /// needs is filtered for all 16 lanes at once (usually one or two
    /// levels serve every lane), then each lane takes its level's result —
    /// between two levels `a + (b - a) f`, as [`Bound::sample_lane`]
    /// computes it, so results are the same. `false` (nothing written)
    /// when a level's wrap modes need the general path.
    fn sample_2d_levels(
        &self,
        s: &[f32; LANES],
        t: &[f32; LANES],
        lambda: &[f32; LANES],
        mask: u32,
        out: &mut [[f32; LANES]; 4],
    ) -> bool {
        crate::raster::simd::sample_2d_levels(self, s, t, lambda, mask, out)
    }

    /// [`Bound::sample_2d_levels`], inlined into the build for each CPU
    /// (`ROUND`: the floor instruction, see [`FastLevel::sample`]).
    #[inline(always)]
    pub(crate) fn sample_2d_levels_in<const ROUND: bool>(
        &self,
        s: &[f32; LANES],
        t: &[f32; LANES],
        lambda: &[f32; LANES],
        mask: u32,
        out: &mut [[f32; LANES]; 4],
    ) -> bool {
        let st = &self.state;
        let [ws, wt, _] = st.wrap;
        let levels = &self.data.levels;
        let Some(last) = levels.len().checked_sub(1) else {
            return false;
        };
        // Per lane, the levels [`Bound::sample_lane`] chooses (its
        // formulas, NaN included),
        // in passes over all lanes that vectorize: the first level's key
        // (`2 level + linear`), the second's (`u32::MAX`: none), and the
        // second's weight.
        let lin = |f: u32| u32::from(f == gl::LINEAR);
        let mag_key = lin(st.mag_filter);
        let last32 = last as u32;
        let mut key1 = [0u32; LANES];
        let mut key2 = [u32::MAX; LANES];
        let mut weight = [0f32; LANES];
        match st.min_filter {
            gl::NEAREST | gl::LINEAR => {
                let min_key = lin(st.min_filter);
                for l in 0..LANES {
                    key1[l] = if lambda[l] <= 0.0 { mag_key } else { min_key };
                }
            }
            gl::NEAREST_MIPMAP_NEAREST | gl::LINEAR_MIPMAP_NEAREST => {
                let min_key = u32::from(st.min_filter == gl::LINEAR_MIPMAP_NEAREST);
                for l in 0..LANES {
                    let x = lambda[l];
                    // ceil(λ + 1/2) - 1 (a negative value is past every
                    // level, as its `usize` is).
                    let raw = ifloor(-(x + 0.5)).saturating_neg() - 1;
                    let lv = if x <= 0.5 {
                        0
                    } else if raw < 0 {
                        last32
                    } else {
                        (raw as u32).min(last32)
                    };
                    key1[l] = if x <= 0.0 { mag_key } else { 2 * lv + min_key };
                }
            }
            _ => {
                let min_key = u32::from(st.min_filter == gl::LINEAR_MIPMAP_LINEAR);
                for l in 0..LANES {
                    let x = lambda[l];
                    let l0 = ifloor(x);
                    let at_last = l0 < 0 || l0 as u32 >= last32;
                    let lv = if at_last { last32 } else { l0 as u32 };
                    let f = x - l0 as f32;
                    let mag = x <= 0.0;
                    key1[l] = if mag { mag_key } else { 2 * lv + min_key };
                    let two = !mag && !at_last && f != 0.0;
                    key2[l] = if two { 2 * lv + 2 + min_key } else { u32::MAX };
                    weight[l] = f;
                }
            }
        }
        let (mut lo, mut hi) = (u32::MAX, 0u32);
        for l in 0..LANES {
            if mask & (1 << l) != 0 {
                lo = lo.min(key1[l]);
                hi = hi.max(key1[l]);
                if key2[l] != u32::MAX {
                    hi = hi.max(key2[l]);
                }
            }
        }
        if lo > hi {
            return true;
        }
        let simple = |mode: u32, n: usize| {
            mode == gl::REPEAT && n.is_power_of_two() || mode == gl::CLAMP_TO_EDGE
        };
        if (lo / 2..=hi / 2).any(|lv| {
            levels
                .get(lv as usize)
                .and_then(|l| l.first())
                .is_none_or(|l| !simple(ws, l.w) || !simple(wt, l.h))
        }) {
            return false;
        }
        let mut a = [[0f32; LANES]; 4];
        let mut b = [[0f32; LANES]; 4];
        let mut tmp = [[0f32; LANES]; 4];
        // Each level and filter between the lowest and highest any lane
        // needs (usually one or two), filtered for all 16 lanes; each lane
        // takes it as its first or second level.
        // Selections by lane bits: a whole copy when every active lane
        // takes the result (the usual case; `a`, `b` and `v` are scratch,
        // their inactive lanes unused), else bitwise blends with all-ones
        // lane words (vectorized). `out` keeps its inactive lanes.
        let all = mask & 0xffff;
        let blend = |dst: &mut [f32; LANES], src: &[f32; LANES], bits: u32, scratch: bool| {
            if bits == 0xffff || (bits == all && scratch) {
                *dst = *src;
                return;
            }
            let sel: [u32; LANES] = std::array::from_fn(|l| 0u32.wrapping_sub(bits >> l & 1));
            for l in 0..LANES {
                dst[l] = f32::from_bits(src[l].to_bits() & sel[l] | dst[l].to_bits() & !sel[l]);
            }
        };
        let mut two = 0u32;
        for (l, &k) in key2.iter().enumerate() {
            two |= u32::from(k != u32::MAX) << l;
        }
        two &= all;
        for key in lo..=hi {
            let (mut first, mut second) = (0u32, 0u32);
            for l in 0..LANES {
                first |= u32::from(key1[l] == key) << l;
                second |= u32::from(key2[l] == key) << l;
            }
            let (first, second) = (first & all, second & all);
            if first | second == 0 {
                continue;
            }
            let level = &levels[key as usize / 2][0];
            let fast = FastLevel {
                texels: level.texels.as_ref(),
                w: level.w,
                h: level.h,
                repeat: [ws == gl::REPEAT, wt == gl::REPEAT],
            };
            if ROUND {
                // The AVX2 build: 8-bit levels through the gathering kernel.
                crate::raster::simd::sample_2d(&fast, key & 1 != 0, s, t, &mut tmp);
            } else {
                fast.sample::<false>(key & 1 != 0, s, t, &mut tmp);
            }
            for k in 0..4 {
                if first != 0 {
                    blend(&mut a[k], &tmp[k], first, true);
                }
                if second != 0 {
                    blend(&mut b[k], &tmp[k], second, true);
                }
            }
        }
        // Between two levels `a + (b - a) f`, as [`Bound::sample_lane`]
        // computes it, so results are the same.
        for k in 0..4 {
            let mut v = a[k];
            if two != 0 {
                let lerp: [f32; LANES] =
                    std::array::from_fn(|l| a[k][l] + (b[k][l] - a[k][l]) * weight[l]);
                blend(&mut v, &lerp, two, true);
            }
            blend(&mut out[k], &v, all, false);
        }
        true
    }
}

impl Bound {
    /// Plain 2D sampling (implicit LOD, normalized coordinates, no
    /// comparison, offset, bias, array or cube): what
    /// [`TextureHost::sample`] does for it, without its per-call decoding.
    fn sample_plain_2d(
        &self,
        s: &[f32; LANES],
        t: &[f32; LANES],
        mask: u32,
        out: &mut [[f32; LANES]; 4],
    ) {
        let st = &self.state;
        let levels = &self.data.levels;
        let Some(base) = levels.first().and_then(|l| l.first()) else {
            return;
        };
        // One level, one filter: no LOD to compute.
        if st.min_filter == st.mag_filter && matches!(st.min_filter, gl::NEAREST | gl::LINEAR) {
            base.filter_2d(st, st.min_filter == gl::LINEAR, s, t, false, mask, out);
            return;
        }
        let scale = [base.w as f32, base.h as f32];
        let nearest_level = matches!(
            st.min_filter,
            gl::NEAREST_MIPMAP_NEAREST | gl::LINEAR_MIPMAP_NEAREST
        ) && st.lod_bias == 0.0
            && st.min_lod <= 0.0
            && st.max_lod >= (levels.len() - 1) as f32;
        // ρ per 2×2 quad from the differences of its lanes: the largest
        // |∂u/∂x| over axes and directions, the lower bound GL 4.6 §8.14.1
        // allows, as llvmpipe uses.
        let c = [s, t];
        let mut lambda = [0f32; LANES];
        for qb in [0usize, 2, 8, 10] {
            let (a, bx, by) = (qb, qb + 1, qb + 4);
            let mut rho = 0f32;
            for k in 0..2 {
                let ddx = (c[k][bx] - c[k][a]) * scale[k];
                let ddy = (c[k][by] - c[k][a]) * scale[k];
                rho = rho.max(ddx.abs()).max(ddy.abs());
            }
            let lam = lod_of_rho(rho, nearest_level);
            for l in [a, bx, by, by + 1] {
                lambda[l] = (lam + 0.0 + st.lod_bias).clamp(st.min_lod, st.max_lod);
            }
        }
        if self.sample_2d_levels(s, t, &lambda, mask, out) {
            return;
        }
        let pick = Pick {
            dims: 2,
            layer: 0,
            offset: [0; 3],
        };
        for l in 0..LANES {
            if mask & (1 << l) == 0 {
                continue;
            }
            let r = self.sample_lane([s[l], t[l], 0.0], 0, pick, lambda[l], false, None);
            for (k, v) in r.into_iter().enumerate() {
                out[k][l] = v;
            }
        }
    }
}

impl oxgl_exec::Plain2d<LANES> for Bound {
    fn sample(&self, s: &[f32; LANES], t: &[f32; LANES], mask: u32, out: &mut [[f32; LANES]; 4]) {
        self.sample_plain_2d(s, t, mask, out);
    }
}

/// An integer operand's lanes (their bits, [`TexArgs`]).
fn int_lanes(v: &[f32; LANES]) -> [i32; LANES] {
    v.map(|f| f.to_bits() as i32)
}

impl Bound {
    /// `texelFetch`: the texel at integer coordinates of a level (relative
    /// to the base level), unfiltered; (0, 0, 0, 0) outside the image or
    /// the levels passed (undefined in GL; llvmpipe returns zero too).
    fn fetch(
        &self,
        decl: &TextureDecl,
        op: &TexOp,
        args: &TexArgs<LANES>,
        mask: u32,
        out: &mut [[f32; LANES]; 4],
    ) {
        let n = decl.dim.coord_lanes() as usize;
        // An array texture's layer is the axis after the coordinate's.
        let coord: [[i32; LANES]; 3] = std::array::from_fn(|k| {
            if k < n {
                int_lanes(&args.coord[k])
            } else if k == n && decl.arrayed {
                int_lanes(&args.layer)
            } else {
                [0; LANES]
            }
        });
        let lod = if op.lod.is_some() {
            int_lanes(&args.lod)
        } else {
            [0; LANES]
        };
        let offset: [[i32; LANES]; 3] = std::array::from_fn(|k| {
            if op.offset.is_some() && k < n {
                int_lanes(&args.offset[k])
            } else {
                [0; LANES]
            }
        });
        // A multisample texture: the sample's image, side by side with the
        // others in each row.
        let samples = self.state.samples.max(1) as usize;
        let sample = if samples > 1 && op.sample.is_some() {
            int_lanes(&args.sample)
        } else {
            [0; LANES]
        };
        for l in 0..LANES {
            if mask & (1 << l) == 0 {
                continue;
            }
            let level = usize::try_from(lod[l])
                .ok()
                .and_then(|i| self.data.levels.get(i))
                .and_then(|faces| faces.first());
            let t = level.and_then(|lv| {
                let at = |k: usize, size: usize| {
                    usize::try_from(coord[k][l].wrapping_add(offset[k][l]))
                        .ok()
                        .filter(|&c| c < size)
                };
                let w = lv.w / samples;
                let (x, y, z) = (at(0, w)?, at(1, lv.h)?, at(2, lv.d)?);
                let s = usize::try_from(sample[l]).ok().filter(|&s| s < samples)?;
                lv.texels.get((z * lv.h + y) * lv.w + s * w + x)
            });
            let t = t.unwrap_or([0.0; 4]);
            for k in 0..4 {
                out[k][l] = t[k];
            }
        }
    }

    /// `textureSize` (level relative to the base level, sizes as integer
    /// bits) and `textureQueryLevels`.
    fn query(
        &self,
        decl: &TextureDecl,
        op: &TexOp,
        args: &TexArgs<LANES>,
        out: &mut [[f32; LANES]; 4],
    ) {
        let Some(base) = self.data.levels.first().and_then(|f| f.first()) else {
            *out = [[0.0; LANES]; 4];
            return;
        };
        if op.kind == TexKind::QueryLevels {
            out[0] = [f32::from_bits(self.data.levels.len() as u32); LANES];
            return;
        }
        let lod = if op.lod.is_some() {
            int_lanes(&args.lod)
        } else {
            [0; LANES]
        };
        let sizes = [base.w / self.state.samples.max(1) as usize, base.h, base.d];
        let n = decl.dim.size_lanes() as usize;
        for l in 0..LANES {
            let shift = lod[l].clamp(0, 31) as u32;
            for (k, &sz) in sizes.iter().enumerate().take(n) {
                // Rectangle and cube faces keep both axes; 3D halves depth.
                let v = if decl.dim == Dim::Rect {
                    sz
                } else {
                    (sz >> shift).max(1)
                };
                out[k][l] = f32::from_bits(v as u32);
            }
            // An array's layer count, last (a cube map array's depth
            // holds six faces per layer).
            if decl.arrayed && n < 3 {
                let layers = if decl.dim == Dim::Cube {
                    sizes[n] / 6
                } else {
                    sizes[n]
                };
                out[n][l] = f32::from_bits(layers as u32);
            }
        }
    }
}

impl Samplers {
    /// The unit whose texture serves `decl`'s plain 2D calls
    /// ([`TextureHost::plain_2d`]), if it can: resolved once for a draw,
    /// then [`Samplers::plain_2d_of`] per run.
    pub fn plain_2d_unit(&self, decl: &TextureDecl) -> Option<usize> {
        let unit = decl.binding as usize;
        let tex = self.units.get(unit)?.as_ref()?;
        let plain = decl.dim == Dim::D2
            && !decl.arrayed
            && !decl.shadow
            && !matches!(
                tex.state.target,
                gl::TEXTURE_1D
                    | gl::TEXTURE_3D
                    | gl::TEXTURE_RECTANGLE
                    | gl::TEXTURE_CUBE_MAP
                    | gl::TEXTURE_CUBE_MAP_ARRAY
                    | gl::TEXTURE_2D_MULTISAMPLE
                    | gl::TEXTURE_2D_MULTISAMPLE_ARRAY
            );
        plain.then_some(unit)
    }

    /// The plain 2D sampler of `unit` (one [`Samplers::plain_2d_unit`]
    /// returned).
    pub fn plain_2d_of(&self, unit: usize) -> Option<&dyn oxgl_exec::Plain2d<LANES>> {
        let tex = self.units.get(unit)?.as_ref()?;
        Some(tex as &dyn oxgl_exec::Plain2d<LANES>)
    }
}

impl TextureHost<LANES> for Samplers {
    fn image(
        &self,
        decl: &oxgl_ir::ImageDecl,
        op: &oxgl_ir::ImageOp,
        args: &oxgl_exec::ImageArgs<LANES>,
        mask: u32,
        out: &mut [[u32; LANES]; 4],
    ) {
        crate::image::image_op(&self.images, decl, op, args, mask, out);
    }

    fn plain_2d(&self, decl: &TextureDecl) -> Option<&dyn oxgl_exec::Plain2d<LANES>> {
        self.plain_2d_of(self.plain_2d_unit(decl)?)
    }

    fn sample(
        &self,
        decl: &TextureDecl,
        op: &TexOp,
        args: &TexArgs<LANES>,
        mask: u32,
        out: &mut [[f32; LANES]; 4],
    ) {
        let Some(Some(tex)) = self.units.get(decl.binding as usize) else {
            *out = [[0.0; LANES]; 4];
            // A buffer texture without texels: every fetch is out of range
            // and reads zero (as llvmpipe), its size is 0.
            if decl.dim == Dim::Buffer {
                return;
            }
            // An incomplete texture samples (0, 0, 0, 1), an integer one in
            // integers.
            let one = if decl.kind == oxgl_ir::Scalar::F32 {
                1.0
            } else {
                f32::from_bits(1)
            };
            out[3] = [one; LANES];
            return;
        };
        match op.kind {
            TexKind::Fetch => return tex.fetch(decl, op, args, mask, out),
            TexKind::QuerySize | TexKind::QueryLevels => return tex.query(decl, op, args, out),
            _ => {}
        }
        let st = &tex.state;
        let (dims, unnorm) = match (decl.dim, st.target) {
            (Dim::D1, _) | (_, gl::TEXTURE_1D) => (1, false),
            (Dim::D3, _) | (_, gl::TEXTURE_3D) => (3, false),
            (Dim::Rect, _) | (_, gl::TEXTURE_RECTANGLE) => (2, true),
            _ => (2, false),
        };
        let cube = decl.dim == Dim::Cube
            || matches!(st.target, gl::TEXTURE_CUBE_MAP | gl::TEXTURE_CUBE_MAP_ARRAY);
        // A cube map array (ARB_texture_cube_map_array) is one image per
        // level whose depth holds the faces of each layer, 6 * layer + face.
        let cube_array = cube && decl.arrayed;
        // Shadow samplers compare with the texture's function (LEQUAL if it
        // has none: undefined in GL).
        let func = match (decl.shadow, st.compare) {
            (false, _) => None,
            (true, 0) => Some(gl::LEQUAL),
            (true, f) => Some(f),
        };
        // Plain 2D sampling: one implementation for both ways in.
        if dims == 2
            && !unnorm
            && !cube
            && !decl.arrayed
            && func.is_none()
            && op.kind == TexKind::Sample
            && op.offset.is_none()
            && op.bias.is_none()
        {
            tex.sample_plain_2d(&args.coord[0], &args.coord[1], mask, out);
            return;
        }
        // One level, one filter, 2D, no comparison: no LOD to compute.
        let levels = &tex.data.levels;
        if dims == 2
            && !cube
            && !decl.arrayed
            && op.offset.is_none()
            && func.is_none()
            && op.kind == TexKind::Sample
            && st.min_filter == st.mag_filter
            && matches!(st.min_filter, gl::NEAREST | gl::LINEAR)
            && let Some(level) = levels.first().and_then(|l| l.first())
        {
            let linear = st.min_filter == gl::LINEAR;
            level.filter_2d(
                st,
                linear,
                &args.coord[0],
                &args.coord[1],
                unnorm,
                mask,
                out,
            );
            return;
        }
        // Per lane: coordinates (cube: face coordinates) and face.
        let mut coords = [[0f32; 3]; LANES];
        let mut faces = [0usize; LANES];
        for l in 0..LANES {
            if cube {
                let (f, s, t) = cube_face([args.coord[0][l], args.coord[1][l], args.coord[2][l]]);
                faces[l] = f;
                coords[l] = [s, t, 0.0];
            } else {
                coords[l] = [args.coord[0][l], args.coord[1][l], args.coord[2][l]];
            }
        }
        let base = &tex.data.levels[0][0];
        // Array textures: the nearest layer, clamped (GL 4.6 §8.14.2); a
        // cube map array's layer picks six faces.
        let lane_layer = |l: usize| {
            if !decl.arrayed {
                return 0;
            }
            let n = [base.w, base.h, base.d][dims.min(2)];
            let n = if cube_array { n / 6 } else { n };
            let layer = (args.layer[l] + 0.5)
                .floor()
                .clamp(0.0, (n.max(1) - 1) as f32) as usize;
            if cube_array {
                layer * 6 + faces[l]
            } else {
                layer
            }
        };
        let lane_offset = |l: usize| -> [i32; 3] {
            std::array::from_fn(|k| {
                if op.offset.is_some() && k < dims {
                    args.offset[k][l].to_bits() as i32
                } else {
                    0
                }
            })
        };
        if op.kind == TexKind::Gather {
            // The base level's footprint, whatever the filters.
            let comp = if func.is_some() {
                0
            } else {
                usize::from(op.component.min(3))
            };
            let images = &tex.data.levels[0];
            for l in (0..LANES).filter(|l| mask & (1 << l) != 0) {
                let level = &images[faces[l].min(images.len() - 1)];
                let pick = Pick {
                    dims: 2,
                    layer: lane_layer(l),
                    offset: lane_offset(l),
                };
                let cmp = func.map(|f| (f, args.compare[l]));
                let g = level.gather(st, coords[l], pick, unnorm, cmp, comp);
                for (k, v) in g.into_iter().enumerate() {
                    out[k][l] = v;
                }
            }
            return;
        }
        let scale = if unnorm {
            [1.0; 3]
        } else {
            [base.w as f32, base.h as f32, base.d as f32]
        };
        let dims_lod = if cube { 2 } else { dims };
        let nearest_level = matches!(
            st.min_filter,
            gl::NEAREST_MIPMAP_NEAREST | gl::LINEAR_MIPMAP_NEAREST
        ) && op.bias.is_none()
            && st.lod_bias == 0.0
            && st.min_lod <= 0.0
            && st.max_lod >= (levels.len() - 1) as f32;
        // textureQueryLod reports λ itself: the exact logarithm.
        let exact = op.kind == TexKind::QueryLod;
        let lod = |rho: f32| {
            if !exact {
                lod_of_rho(rho, nearest_level)
            } else if rho.is_nan() || rho <= 0.0 {
                -1000.0
            } else {
                rho.log2()
            }
        };
        let mut lambda = [0f32; LANES];
        match op.kind {
            TexKind::SampleLod => {
                lambda = args.lod;
            }
            // Explicit gradients: ρ from them as from the quad's
            // differences (GL 4.6 §8.14.1); a cube's are projected on the
            // lane's face.
            TexKind::SampleGrad => {
                for l in 0..LANES {
                    let dx: [f32; 3] = std::array::from_fn(|k| args.ddx[k][l]);
                    let dy: [f32; 3] = std::array::from_fn(|k| args.ddy[k][l]);
                    let (dx, dy) = if cube {
                        let dir = [args.coord[0][l], args.coord[1][l], args.coord[2][l]];
                        let fx = cube_face_delta(dir, faces[l], dx);
                        let fy = cube_face_delta(dir, faces[l], dy);
                        ([fx[0], fx[1], 0.0], [fy[0], fy[1], 0.0])
                    } else {
                        (dx, dy)
                    };
                    let mut rho = 0f32;
                    for k in 0..dims_lod {
                        rho = rho
                            .max((dx[k] * scale[k]).abs())
                            .max((dy[k] * scale[k]).abs());
                    }
                    lambda[l] = lod(rho);
                }
            }
            _ if cube => {
                // Per lane, from the quad's direction differences projected
                // on the lane's own face.
                let dir = |l: usize| [args.coord[0][l], args.coord[1][l], args.coord[2][l]];
                for qb in [0usize, 2, 8, 10] {
                    let (a, bx, by) = (qb, qb + 1, qb + 4);
                    let ddx: [f32; 3] = std::array::from_fn(|k| dir(bx)[k] - dir(a)[k]);
                    let ddy: [f32; 3] = std::array::from_fn(|k| dir(by)[k] - dir(a)[k]);
                    for l in [a, bx, by, by + 1] {
                        let dx = cube_face_delta(dir(l), faces[l], ddx);
                        let dy = cube_face_delta(dir(l), faces[l], ddy);
                        let mut rho = 0f32;
                        for k in 0..2 {
                            rho = rho
                                .max((dx[k] * scale[k]).abs())
                                .max((dy[k] * scale[k]).abs());
                        }
                        let lam = lod(rho);
                        let bias = if op.bias.is_some() { args.bias[l] } else { 0.0 };
                        lambda[l] = lam + bias;
                    }
                }
            }
            _ => {
                // ρ per 2×2 quad from the differences of its lanes.
                for qb in [0usize, 2, 8, 10] {
                    let (a, bx, by) = (qb, qb + 1, qb + 4);
                    // ρ = max over axes and directions of |∂u/∂x|: the
                    // lower bound GL 4.6 §8.14.1 allows, as llvmpipe uses.
                    let mut rho = 0f32;
                    for k in 0..dims_lod {
                        let ddx = (coords[bx][k] - coords[a][k]) * scale[k];
                        let ddy = (coords[by][k] - coords[a][k]) * scale[k];
                        rho = rho.max(ddx.abs()).max(ddy.abs());
                    }
                    let lam = lod(rho);
                    for l in [a, bx, by, by + 1] {
                        let bias = if op.bias.is_some() { args.bias[l] } else { 0.0 };
                        lambda[l] = lam + bias;
                    }
                }
            }
        }
        if exact {
            // ARB_texture_query_lod: x the level (or between two levels)
            // a lookup reads, y λ' relative to the base level.
            let mip = !matches!(st.min_filter, gl::NEAREST | gl::LINEAR);
            let last = (levels.len() - 1) as f32;
            for l in (0..LANES).filter(|l| mask & (1 << l) != 0) {
                let lam = lambda[l] + st.lod_bias;
                let c = lam.clamp(st.min_lod, st.max_lod).clamp(0.0, last);
                let x = match st.min_filter {
                    _ if !mip => 0.0,
                    gl::NEAREST_MIPMAP_NEAREST | gl::LINEAR_MIPMAP_NEAREST => {
                        if c <= 0.5 {
                            0.0
                        } else {
                            ((c + 0.5).ceil() - 1.0).min(last)
                        }
                    }
                    _ => c,
                };
                out[0][l] = x;
                out[1][l] = lam;
            }
            return;
        }
        if dims == 2 && !cube && !decl.arrayed && !unnorm && op.offset.is_none() && func.is_none() {
            let lam = lambda.map(|l| (l + st.lod_bias).clamp(st.min_lod, st.max_lod));
            if tex.sample_2d_levels(&args.coord[0], &args.coord[1], &lam, mask, out) {
                return;
            }
        }
        for l in 0..LANES {
            if mask & (1 << l) == 0 {
                continue;
            }
            let lam = if unnorm {
                lambda[l].min(0.0)
            } else {
                (lambda[l] + st.lod_bias).clamp(st.min_lod, st.max_lod)
            };
            let cmp = func.map(|f| (f, args.compare[l]));
            let pick = Pick {
                dims,
                layer: lane_layer(l),
                offset: lane_offset(l),
            };
            let mut t = tex.sample_lane(coords[l], faces[l], pick, lam, unnorm, cmp);
            if op.shadow_vec4 && cmp.is_some() {
                t = swizzle([t[0], 0.0, 0.0, 1.0], st.result_swizzle);
            }
            for (k, v) in t.into_iter().enumerate() {
                out[k][l] = v;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick2() -> Pick {
        Pick {
            dims: 2,
            ..Pick::default()
        }
    }

    #[test]
    fn wrap_modes() {
        assert_eq!(wrap_index(-1, 4, gl::REPEAT), Some(3));
        assert_eq!(wrap_index(5, 4, gl::REPEAT), Some(1));
        assert_eq!(wrap_index(4, 4, gl::MIRRORED_REPEAT), Some(3));
        assert_eq!(wrap_index(-1, 4, gl::MIRRORED_REPEAT), Some(0));
        assert_eq!(wrap_index(-3, 4, gl::CLAMP_TO_EDGE), Some(0));
        assert_eq!(wrap_index(4, 4, gl::CLAMP_TO_BORDER), None);
        assert_eq!(wrap_index(-2, 4, gl::MIRROR_CLAMP_TO_EDGE), Some(1));
    }

    #[test]
    fn nearest_clamp_never_reaches_the_border() {
        // GL_CLAMP with NEAREST: s = 1 (and beyond) is the last texel.
        let level = Level {
            w: 2,
            h: 1,
            d: 1,
            texels: Texels::F32(Arc::new(vec![[0.0, 0.0, 0.0, 1.0], [1.0, 1.0, 1.0, 1.0]])),
        };
        let st = SamplerState {
            target: 0x0DE1,
            min_filter: gl::NEAREST,
            mag_filter: gl::NEAREST,
            wrap: [gl::CLAMP; 3],
            border: [0.5; 4],
            min_lod: -1000.0,
            max_lod: 1000.0,
            lod_bias: 0.0,
            compare: 0,
            result_swizzle: [0, 0, 0, 5],
            samples: 0,
            seamless: false,
        };
        for s in [1.0, 1.5] {
            let c = level.filter(&st, false, [s, 0.5, 0.0], pick2(), false, None);
            assert_eq!(c, [1.0; 4]);
            let mut out = [[0f32; LANES]; 4];
            level.filter_2d(&st, false, &[s; LANES], &[0.5; LANES], false, 1, &mut out);
            assert_eq!(out[0][0], 1.0);
        }
        // Linear filtering still blends with the border at the edge.
        let c = level.filter(&st, true, [1.0, 0.5, 0.0], pick2(), false, None);
        assert_eq!(c[0], 0.75);
        // A texel offset applies before the clamp (llvmpipe; piglit
        // texwrap offset): s = -0.5 is texel -1, one to the right texel 0.
        let offset = Pick {
            offset: [1, 0, 0],
            ..pick2()
        };
        let c = level.filter(&st, false, [-0.5, 0.5, 0.0], offset, false, None);
        assert_eq!(c[0], 0.0);
    }

    #[test]
    fn int_index_is_exact_in_range() {
        for i in [
            -4_194_304,
            -70_000,
            -2,
            -1,
            0,
            1,
            255,
            256,
            1 << 20,
            4_194_304,
        ] {
            assert_eq!(int_index(i as f32), i);
        }
        assert_eq!(int_index(1e9), 1 << 22);
        assert_eq!(int_index(-1e9), -(1 << 22));
        assert_eq!(int_index(f32::NAN), -(1 << 22));
    }

    #[test]
    fn ifloor_rounds_down() {
        assert_eq!(ifloor(1.5), 1);
        assert_eq!(ifloor(-0.5), -1);
        assert_eq!(ifloor(-2.0), -2);
        assert_eq!(ifloor(3.0), 3);
    }

    #[test]
    fn nearest_levels_round_log2_as_llvmpipe() {
        // log2(32 / 22) = 0.54: level 1 (fast_log2 would say 0.45).
        assert_eq!(lod_of_rho(32.0 / 22.0, true), 1.0);
        assert_eq!(lod_of_rho(4.0, true), 2.0);
        assert_eq!(lod_of_rho(5.6, true), 2.0);
        assert_eq!(lod_of_rho(5.7, true), 3.0);
        // Minified but level 0; magnified.
        assert_eq!(lod_of_rho(1.2, true), f32::MIN_POSITIVE);
        assert!(lod_of_rho(0.9, true) <= 0.0);
        assert_eq!(lod_of_rho(0.0, true), -1000.0);
        assert_eq!(lod_of_rho(32.0 / 22.0, false), fast_log2(32.0 / 22.0));
    }

    #[test]
    fn fast_log2_is_exact_at_powers_of_two() {
        assert_eq!(fast_log2(1.0), 0.0);
        assert_eq!(fast_log2(32.0), 5.0);
        assert_eq!(fast_log2(0.25), -2.0);
        assert!((fast_log2(36.0) - 5.125).abs() < 1e-6);
    }

    #[test]
    fn seamless_neighbours_are_the_adjacent_faces_texels() {
        // Past +X's right edge (toward -Z): -Z's left column, same row.
        assert_eq!(cube_neighbour(0, 4, 1, 4), (5, 0, 1));
        // Past +X's left edge (toward +Z): +Z's right column.
        assert_eq!(cube_neighbour(0, -1, 2, 4), (4, 3, 2));
        // Past +X's bottom edge in t (toward -Y... t grows downwards).
        let (f, _, _) = cube_neighbour(0, 1, 4, 4);
        assert_eq!(f, 3);
    }

    #[test]
    fn cube_faces_follow_the_major_axis() {
        assert_eq!(cube_face([1.0, 0.0, 0.0]), (0, 0.5, 0.5));
        assert_eq!(cube_face([0.0, -1.0, 0.0]).0, 3);
        assert_eq!(cube_face([0.0, 0.0, -2.0]), (5, 0.5, 0.5));
        assert_eq!(cube_face([0.5, -1.0, -0.5]), (3, 0.75, 0.75));
        assert_eq!(cube_face([-1.0, 0.5, 0.25]), (1, 0.625, 0.25));
    }

    #[test]
    fn cube_derivatives_are_continuous_across_faces() {
        // +X face, s = (-z / x + 1) / 2: moving z by -0.5 at x = 1 moves s
        // by 0.25 whichever face the neighbouring lane lands on.
        let d = cube_face_delta([1.0, 0.0, 0.0], 0, [0.0, 0.0, -0.5]);
        assert_eq!(d, [0.25, 0.0]);
        // Growing the major axis shrinks the face coordinates.
        let d = cube_face_delta([1.0, 0.0, -1.0], 0, [1.0, 0.0, 0.0]);
        assert_eq!(d, [-0.5, 0.0]);
    }

    #[test]
    fn comparisons_follow_the_function() {
        let texel = [0.5, 0.0, 0.0, 1.0];
        let at = |func, r| compared(texel, Some((func, r)))[0];
        assert_eq!(at(gl::LEQUAL, 0.5), 1.0);
        assert_eq!(at(gl::LESS, 0.5), 0.0);
        assert_eq!(at(gl::GEQUAL, 0.6), 1.0);
        assert_eq!(at(gl::GREATER, 0.5), 0.0);
        assert_eq!(at(gl::EQUAL, 0.5), 1.0);
        assert_eq!(at(gl::NOTEQUAL, 0.5), 0.0);
        assert_eq!(at(gl::NEVER, 0.0), 0.0);
        assert_eq!(at(0x0207, 2.0), 1.0);
        assert_eq!(compared(texel, None), texel);
    }

    #[test]
    fn linear_filtering_averages_comparisons() {
        // Depths 0 and 1; reference 0.5 with LEQUAL passes on the second.
        let level = Level {
            w: 2,
            h: 1,
            d: 1,
            texels: Texels::F32(Arc::new(vec![[0.0, 0.0, 0.0, 1.0], [1.0, 0.0, 0.0, 1.0]])),
        };
        let st = SamplerState {
            target: 0x0DE1,
            min_filter: gl::LINEAR,
            mag_filter: gl::LINEAR,
            wrap: [gl::CLAMP_TO_EDGE; 3],
            border: [0.0; 4],
            min_lod: -1000.0,
            max_lod: 1000.0,
            lod_bias: 0.0,
            compare: gl::LEQUAL,
            result_swizzle: [0, 0, 0, 5],
            samples: 0,
            seamless: false,
        };
        let cmp = Some((gl::LEQUAL, 0.5));
        // s = 0.5: halfway between the texel centres.
        let c = level.filter(&st, true, [0.5, 0.5, 0.0], pick2(), false, cmp);
        assert_eq!(c[0], 0.5);
        let c = level.filter(&st, true, [0.375, 0.5, 0.0], pick2(), false, cmp);
        assert_eq!(c[0], 0.25);
        // Without comparison the depths themselves are filtered.
        let c = level.filter(&st, true, [0.375, 0.5, 0.0], pick2(), false, None);
        assert_eq!(c[0], 0.25);
        let c = level.filter(&st, false, [0.9, 0.5, 0.0], pick2(), false, cmp);
        assert_eq!(c, [1.0; 4]);
    }

    #[test]
    fn the_core_s_8_bit_values_are_the_table_s() {
        // The core quantizes in f64 ((k / 255) as f32): the same bits as
        // UNORM8, so its 8-bit textures pack.
        for k in 0..256u32 {
            assert_eq!(
                ((f64::from(k) / 255.0) as f32).to_bits(),
                UNORM8[k as usize].to_bits()
            );
        }
    }

    #[test]
    fn unorm8_packing_is_exact_or_refused() {
        let t = [[UNORM8[1], UNORM8[128], 1.0, 0.0]];
        assert_eq!(pack_unorm8(&t, [0, 1, 2, 3]).unwrap(), [0x00ff_8001]);
        // Swizzled: B, zero, one, R.
        assert_eq!(pack_unorm8(&t, [2, 4, 5, 0]).unwrap(), [0x01ff_00ff]);
        let refused = |v: f32| pack_unorm8(&[[0.0, v, 0.0, 1.0]], [0, 1, 2, 3]).is_none();
        for v in [
            0.3,
            -0.0,
            f32::NAN,
            1.5,
            -1.0,
            UNORM8[7] + f32::EPSILON,
            f32::from_bits(1),
        ] {
            assert!(refused(v), "{v:?} packed");
        }
        // The integer one of integer textures needs f32 texels.
        assert!(pack_unorm8(&t, [0, 1, 2, 6]).is_none());
    }

    #[test]
    fn byte_images_pack_as_their_f32_values() {
        // ABI 12 byte images give the words that packing their f32 values
        // gives, for the swizzles of the base formats.
        let bytes: Vec<[u8; 4]> = (0..64u32)
            .map(|i| std::array::from_fn(|k| ((i * 53 + k as u32 * 101) % 256) as u8))
            .collect();
        let f32s: Vec<[f32; 4]> = bytes
            .iter()
            .map(|b| b.map(|k| UNORM8[usize::from(k)]))
            .collect();
        for sw in [
            [0, 1, 2, 3],
            [0, 0, 0, 5],
            [4, 4, 4, 3],
            [0, 0, 0, 0],
            [2, 1, 0, 3],
        ] {
            assert_eq!(swizzle_rgba8(&bytes, sw), pack_unorm8(&f32s, sw), "{sw:?}");
        }
        assert!(swizzle_rgba8(&bytes, [0, 1, 2, 6]).is_none());
    }

    #[test]
    fn unorm8_storage_samples_as_f32_storage() {
        // An 8x4 texture of 8-bit values, sampled through both storages on
        // the fast path: nearest bit for bit, linear to rounding.
        let f32s: Vec<[f32; 4]> = (0..32u32)
            .map(|i| std::array::from_fn(|k| UNORM8[((i * 37 + k as u32 * 91) % 256) as usize]))
            .collect();
        let packed = pack_unorm8(&f32s, [0, 1, 2, 3]).unwrap();
        let s: [f32; LANES] = std::array::from_fn(|l| l as f32 * 0.071 - 0.3);
        let t: [f32; LANES] = std::array::from_fn(|l| 1.2 - l as f32 * 0.093);
        for repeat in [[true, true], [false, true], [false, false]] {
            for linear in [false, true] {
                let level = |texels| FastLevel {
                    texels,
                    w: 8,
                    h: 4,
                    repeat,
                };
                let (mut a, mut b) = ([[0f32; LANES]; 4], [[0f32; LANES]; 4]);
                level(TexelsRef::F32(&f32s)).sample::<false>(linear, &s, &t, &mut a);
                level(TexelsRef::Unorm8(&packed)).sample::<false>(linear, &s, &t, &mut b);
                for k in 0..4 {
                    for l in 0..LANES {
                        if linear {
                            // 8-bit fixed-point filtering: within a few
                            // steps of 1/255.
                            assert!((a[k][l] - b[k][l]).abs() < 3.0 / 255.0, "{k} {l}");
                        } else {
                            assert_eq!(a[k][l].to_bits(), b[k][l].to_bits(), "{k} {l}");
                        }
                    }
                }
            }
        }
        // Small and narrow images (the paired loads' edges): 1x1, a column,
        // a row, 2x2 repeated.
        for (w, h, repeat) in [
            (1, 1, [false, false]),
            (1, 3, [false, false]),
            (3, 1, [false, false]),
            (2, 2, [true, true]),
            (1, 4, [true, true]),
        ] {
            let n = w * h;
            let (f, p) = (&f32s[..n], &packed[..n]);
            let level = |texels| FastLevel {
                texels,
                w,
                h,
                repeat,
            };
            let (mut a, mut b) = ([[0f32; LANES]; 4], [[0f32; LANES]; 4]);
            level(TexelsRef::F32(f)).sample::<false>(true, &s, &t, &mut a);
            level(TexelsRef::Unorm8(p)).sample::<false>(true, &s, &t, &mut b);
            for k in 0..4 {
                for l in 0..LANES {
                    assert!((a[k][l] - b[k][l]).abs() < 3.0 / 255.0, "{w}x{h} {k} {l}");
                }
            }
        }
        // The general path reads packed texels too.
        let lv = Level {
            w: 8,
            h: 4,
            d: 1,
            texels: Texels::Unorm8(Arc::new(packed.into())),
        };
        assert_eq!(lv.texel(Some(3), Some(2), Some(0), &[0.0; 4]), f32s[19]);
    }

    #[test]
    fn unorm8_filtering_rounds_to_nearest() {
        // One lerp of two texels: channel by channel `p0 + (p1 - p0) w / 256`
        // rounded to nearest, the halves kept apart at the extremes.
        assert_eq!(lerp_unorm8(0x00ff_00ff, 0xff00_ff00, 0), 0x00ff_00ff);
        assert_eq!(lerp_unorm8(0x00ff_00ff, 0xff00_ff00, 255), 0xfe01_fe01);
        assert_eq!(lerp_unorm8(0x0000_0000, 0xffff_ffff, 128), 0x8080_8080);
        assert_eq!(lerp_unorm8(0x1020_3040, 0x1020_3040, 77), 0x1020_3040);
        assert_eq!(lerp_unorm8(0x0000_0064, 0x0000_00c8, 64), 0x0000_007d);
        assert_eq!(lerp_unorm8(0x1122_3344, 0xffee_ddcc, 256), 0xffee_ddcc);
        assert_eq!(weights_8(&[0.5; LANES])[3], 128);
        assert_eq!(weights_8(&[0.999_999; LANES])[0], 256);
        assert_eq!(weights_8(&[0.000_001; LANES])[0], 0);
        assert_eq!(weights_8(&[f32::NAN; LANES])[0], 0);
    }

    /// The AVX2 build's gathering sampler gives the portable sampler's
    /// bits for every lane: nearest and linear, clamped and repeated,
    /// one-texel, one-row, one-column and odd sizes, and coordinates far
    /// outside the image, infinite or NaN.
    #[test]
    fn gathering_sampler_matches_portable() {
        #[cfg(target_arch = "x86_64")]
        if !(std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma")) {
            return;
        }
        let texels: Vec<u32> = (0..64 * 32u32)
            .map(|i| i.wrapping_mul(2_654_435_761) ^ (i << 7))
            .collect();
        let mut seed = 1u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 8) as f32 / (1u32 << 24) as f32
        };
        let specials = [
            f32::NAN,
            f32::INFINITY,
            -f32::INFINITY,
            1e9,
            -1e9,
            -0.0,
            1.0,
        ];
        for (w, h) in [(1, 1), (1, 3), (3, 1), (2, 2), (8, 4), (64, 32), (13, 7)] {
            let pow2 = usize::is_power_of_two(w) && usize::is_power_of_two(h);
            for repeat in [[false, false], [true, true], [true, false]] {
                if repeat.contains(&true) && !pow2 {
                    continue;
                }
                let level = FastLevel {
                    texels: TexelsRef::Unorm8(&texels[..w * h]),
                    w,
                    h,
                    repeat,
                };
                for round in 0..40 {
                    let coord = |next: &mut dyn FnMut() -> f32, l: usize| {
                        if round == 0 {
                            specials[l % specials.len()]
                        } else {
                            next() * 5.0 - 2.0
                        }
                    };
                    let (mut s, mut t): ([f32; LANES], [f32; LANES]) = (
                        std::array::from_fn(|l| coord(&mut next, l)),
                        std::array::from_fn(|l| coord(&mut next, l + 3)),
                    );
                    if round % 2 == 1 {
                        // A 4x4 block mapped 1:1 from anywhere in (or
                        // just off) the image, as post-processing passes
                        // sample: neighbouring lanes share taps, and taps
                        // wrap or clamp at the edges.
                        let x0 = (next() * (w + 4) as f32).floor() - 2.0 + next();
                        let y0 = (next() * (h + 4) as f32).floor() - 2.0 + next();
                        s = std::array::from_fn(|l| (x0 + (l & 3) as f32 + 0.5) / w as f32);
                        t = std::array::from_fn(|l| (y0 + (l >> 2) as f32 + 0.5) / h as f32);
                    }
                    for linear in [false, true] {
                        let (mut a, mut b) = ([[0f32; LANES]; 4], [[0f32; LANES]; 4]);
                        level.sample::<true>(linear, &s, &t, &mut a);
                        crate::raster::simd::sample_2d(&level, linear, &s, &t, &mut b);
                        for k in 0..4 {
                            for l in 0..LANES {
                                assert_eq!(
                                    a[k][l].to_bits(),
                                    b[k][l].to_bits(),
                                    "{w}x{h} {repeat:?} linear {linear} ({}, {}) {k}",
                                    s[l],
                                    t[l]
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// Nanoseconds per 16-lane 2D sample of an 800x600 8-bit texture, over
    /// 4x4 blocks mapped 1:1 (a post-processing pass) and scaled by 0.7:
    /// `cargo test --release -p oxgl-dri-swrast --lib sampler_rates -- --ignored --nocapture`.
    #[test]
    #[ignore = "a benchmark"]
    fn sampler_rates() {
        let (w, h) = (800usize, 600usize);
        let packed: Vec<u32> = (0..w * h)
            .map(|i| (i as u32).wrapping_mul(2_654_435_761))
            .collect();
        let level = FastLevel {
            texels: TexelsRef::Unorm8(&packed),
            w,
            h,
            repeat: [false, false],
        };
        for (name, linear, scale, shift) in [
            ("nearest 1:1", false, 1.0f32, 0.0f32),
            ("linear 1:1", true, 1.0, 0.3),
            ("nearest 0.7", false, 0.7, 0.0),
            ("linear 0.7", true, 0.7, 0.3),
        ] {
            let coords: Vec<([f32; LANES], [f32; LANES])> = (0..h)
                .step_by(4)
                .flat_map(|by| (0..w).step_by(4).map(move |bx| (bx, by)))
                .map(|(bx, by)| {
                    (
                        std::array::from_fn(|l| {
                            ((bx + (l & 3)) as f32 * scale + 0.5 + shift) / w as f32
                        }),
                        std::array::from_fn(|l| {
                            ((by + (l >> 2)) as f32 * scale + 0.5 + shift) / h as f32
                        }),
                    )
                })
                .collect();
            let mut out = [[0f32; LANES]; 4];
            let mut sum = 0f32;
            // The best of ten rounds: the machine is shared.
            let mut ns = f64::INFINITY;
            for _ in 0..10 {
                let start = std::time::Instant::now();
                for (s, t) in &coords {
                    crate::raster::simd::sample_2d(&level, linear, s, t, &mut out);
                    sum += out[0][5] + out[3][10];
                }
                ns = ns.min(start.elapsed().as_nanos() as f64 / coords.len() as f64);
            }
            println!("{name}: {ns:.1} ns per 16 lanes ({sum})");
        }
    }

    #[test]
    fn depth_storage_samples_as_f32_storage() {
        let depth: Vec<f32> = (0..32).map(|i| i as f32 / 31.0).collect();
        let sw = [0, 0, 0, 5];
        let f32s: Vec<[f32; 4]> = depth
            .iter()
            .map(|&d| swizzle([d, 0.0, 0.0, 1.0], sw))
            .collect();
        let bits: Vec<u32> = depth.iter().map(|d| d.to_bits()).collect();
        let s: [f32; LANES] = std::array::from_fn(|l| l as f32 * 0.071 - 0.3);
        let t: [f32; LANES] = std::array::from_fn(|l| 1.2 - l as f32 * 0.093);
        for linear in [false, true] {
            let level = |texels| FastLevel {
                texels,
                w: 8,
                h: 4,
                repeat: [true, false],
            };
            let (mut a, mut b) = ([[0f32; LANES]; 4], [[0f32; LANES]; 4]);
            level(TexelsRef::F32(&f32s)).sample::<false>(linear, &s, &t, &mut a);
            level(TexelsRef::Depth(&bits, sw)).sample::<false>(linear, &s, &t, &mut b);
            assert_eq!(a, b);
        }
        let held = Texels::Depth(Arc::new(bits.into()), sw);
        assert_eq!(held.get(9), Some(f32s[9]));
    }

    #[test]
    fn level_groups_sample_as_lanes_do() {
        // A mipmapped 8x8 texture (8-bit and f32 storage), each lane at its
        // own LOD: the vectorized per-level path gives the per-lane path's
        // results (to rounding: one lerps, the other weights the four taps;
        // for 8-bit storage to 8-bit fixed-point filtering), whichever
        // filters.
        let mut levels = Vec::new();
        for (i, n) in [8usize, 4, 2, 1].into_iter().enumerate() {
            let t: Vec<[f32; 4]> = (0..n * n)
                .map(|j| std::array::from_fn(|k| UNORM8[(j * 53 + k * 17 + i * 71) % 256]))
                .collect();
            levels.push(t);
        }
        let s: [f32; LANES] = std::array::from_fn(|l| l as f32 * 0.061 + 0.02);
        let t: [f32; LANES] = std::array::from_fn(|l| 0.9 - l as f32 * 0.047);
        let mut lambda: [f32; LANES] = std::array::from_fn(|l| l as f32 * 0.29 - 0.6);
        // Whole LODs (one level each), 1/2 (the nearest level's edge) and
        // past every level.
        lambda[3] = 1.0;
        lambda[5] = 0.5;
        lambda[12] = 2.0;
        lambda[13] = 1e30;
        for packed in [false, true] {
            let data = TexData {
                levels: levels
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let n = 8 >> i;
                        let texels = if packed {
                            Texels::Unorm8(Arc::new(pack_unorm8(t, [0, 1, 2, 3]).unwrap().into()))
                        } else {
                            Texels::F32(Arc::new(t.clone()))
                        };
                        vec![Level {
                            w: n,
                            h: n,
                            d: 1,
                            texels,
                        }]
                    })
                    .collect(),
            };
            let data = Arc::new(data);
            for (min, mag) in [
                (gl::LINEAR_MIPMAP_LINEAR, gl::LINEAR),
                (0x2702, gl::LINEAR),
                (gl::LINEAR_MIPMAP_NEAREST, gl::NEAREST),
                (gl::NEAREST_MIPMAP_NEAREST, gl::LINEAR),
            ] {
                let bound = Bound {
                    data: data.clone(),
                    state: SamplerState {
                        target: 0x0DE1,
                        min_filter: min,
                        mag_filter: mag,
                        wrap: [gl::REPEAT; 3],
                        border: [0.0; 4],
                        min_lod: -1000.0,
                        max_lod: 1000.0,
                        lod_bias: 0.0,
                        compare: 0,
                        result_swizzle: [0, 0, 0, 5],
                        samples: 0,
                        seamless: false,
                    },
                };
                let mask = 0xbfff;
                let mut out = [[0f32; LANES]; 4];
                assert!(bound.sample_2d_levels(&s, &t, &lambda, mask, &mut out));
                // The vector build and the portable one give the same
                // bits, for NaN and huge LODs too.
                let mut odd = lambda;
                odd[7] = f32::NAN;
                odd[9] = -1e30;
                odd[10] = 3e9;
                let (mut a, mut b) = ([[0f32; LANES]; 4], [[0f32; LANES]; 4]);
                let took =
                    crate::raster::simd::sample_2d_levels(&bound, &s, &t, &odd, mask, &mut a);
                assert_eq!(
                    took,
                    bound.sample_2d_levels_in::<false>(&s, &t, &odd, mask, &mut b)
                );
                for k in 0..4 {
                    for l in 0..LANES {
                        assert_eq!(a[k][l].to_bits(), b[k][l].to_bits(), "{min:#x} lane {l}");
                    }
                }
                for l in (0..LANES).filter(|l| mask & (1 << l) != 0) {
                    let c =
                        bound.sample_lane([s[l], t[l], 0.0], 0, pick2(), lambda[l], false, None);
                    // 8-bit storage filters in 8-bit fixed point on the
                    // vectorized path, in f32 on the per-lane one.
                    let tolerance = if packed { 3.0 / 255.0 } else { 1e-6 };
                    for k in 0..4 {
                        let want = c[k];
                        assert!(
                            (out[k][l] - want).abs() < tolerance,
                            "{min:#x} lane {l} channel {k}: {} against {want}",
                            out[k][l]
                        );
                    }
                }
            }
        }
    }
}
