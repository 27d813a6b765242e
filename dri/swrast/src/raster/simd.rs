//! Instruction-set dispatch for the tile rasterizer: the whole per-tile
//! path ([`tile::run_tile`], inlined through to the per-fragment operations)
//! is compiled twice, for the x86-64 baseline (SSE2) and with AVX2 + FMA,
//! and the best one the CPU supports runs. The lane loops over `[_; 16]`
//! then vectorize 8 wide instead of 4. Both builds do the same IEEE
//! operations in the same order (no FMA contraction happens in Rust), so
//! images are bit-identical whichever runs.
//!
//! The fast 2D texture sampling path is dispatched the same way; for
//! 8-bit textures the AVX2 build has its own kernel with hardware gathers
//! ([`sample_unorm8_avx2`]), bit-identical to the portable one.
//!
//! This is the crate's only `unsafe` outside the C ABI: calling a
//! `#[target_feature]` function, after checking the CPU has the feature,
//! the prefetch hint of [`prefetch`], and that kernel's vector loads,
//! stores and gathers (indices clamped or wrapped into the image).
#![allow(
    unsafe_code,
    reason = "calls the AVX2 build after detecting AVX2; prefetch hints; gathers"
)]

use super::fragment::TileView;
use super::scene::Scene;
use super::shader::QuadBatch;
use super::tile;

/// AVX2 + FMA are present and not disabled by `OXGL_SWRAST_SIMD=sse2`.
#[cfg(target_arch = "x86_64")]
fn use_avx2() -> bool {
    static AVX2: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AVX2.get_or_init(|| {
        std::env::var("OXGL_SWRAST_SIMD").map_or(true, |v| v != "sse2")
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
    })
}

/// Asks the CPU to bring the cache lines of `*v` (up to 256 bytes) into
/// L1 ahead of use; a hint, no effect on results.
#[inline(always)]
pub fn prefetch<T: ?Sized>(v: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let p = std::ptr::from_ref(v).cast::<i8>();
        let len = std::mem::size_of_val(v).min(256);
        for off in (0..len).step_by(64) {
            // SAFETY: `prefetch` (SSE, part of x86-64) never faults and does
            // not access memory architecturally; `wrapping_add` stays within
            // or just past the referenced object without dereferencing.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(off)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = v;
}

/// Samples a texture on the fast 2D path with the best build for this CPU.
#[inline]
pub fn sample_2d(
    level: &crate::texture::FastLevel,
    linear: bool,
    s: &[f32; super::LANES],
    t: &[f32; super::LANES],
    out: &mut [[f32; super::LANES]; 4],
) {
    #[cfg(target_arch = "x86_64")]
    if use_avx2() {
        if let Some((texels, w, h, rx, ry)) = level.unorm8() {
            // SAFETY: `sample_unorm8_avx2` only requires AVX2 and FMA,
            // which the CPU has (checked just above).
            unsafe { sample_unorm8_avx2(texels, w, h, rx, ry, linear, s, t, out) };
            return;
        }
        // SAFETY: `sample_2d_avx2` only requires AVX2 and FMA, which the CPU
        // has (checked just above).
        unsafe { sample_2d_avx2(level, linear, s, t, out) };
        return;
    }
    level.sample::<false>(linear, s, t, out);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn sample_2d_avx2(
    level: &crate::texture::FastLevel,
    linear: bool,
    s: &[f32; super::LANES],
    t: &[f32; super::LANES],
    out: &mut [[f32; super::LANES]; 4],
) {
    level.sample::<true>(linear, s, t, out);
}

/// [`crate::texture::FastLevel::sample`] of 8-bit texels in AVX2, 8 lanes
/// at a time with hardware gathers: the coordinates, wrapped indices and
/// weights never leave vector registers, where the portable form builds
/// each tap's index in scalar code (half its time) and filters 32-bit
/// lanes. The same operations in the same order: bit-identical results
/// (test `gathering_sampler_matches_portable`).
///
/// `texels` holds at least `w · h` texels and `w · h` fits an `i32`
/// ([`crate::texture::FastLevel::unorm8`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
#[allow(clippy::too_many_arguments, reason = "one call per 16 lanes")]
pub(crate) fn sample_unorm8_avx2(
    texels: &[u32],
    w: usize,
    h: usize,
    repeat_s: bool,
    repeat_t: bool,
    linear: bool,
    s: &[f32; super::LANES],
    t: &[f32; super::LANES],
    out: &mut [[f32; super::LANES]; 4],
) {
    use std::arch::x86_64::*;
    assert!(w > 0 && h > 0 && w * h <= texels.len() && w * h <= i32::MAX as usize);
    let base = texels.as_ptr().cast::<i32>();
    let limit = _mm256_set1_ps((1 << 22) as f32);
    let half = _mm256_set1_ps(if linear { 0.5 } else { 0.0 });
    let one = _mm256_set1_epi32(1);
    let zero = _mm256_setzero_si256();
    let byte = _mm256_set1_epi32(0xff);
    // One axis: the lower tap's index (wrapped or clamped as
    // `texture::wrap_axis`) and the upper one's, and the 8-bit weight
    // (`texture::weights_8`).
    let axis = |c: __m256, n: usize, repeat: bool| {
        let u = _mm256_sub_ps(_mm256_mul_ps(c, _mm256_set1_ps(n as f32)), half);
        let fu = _mm256_floor_ps(u);
        // `int_index`: NaN to -limit (max returns its second operand),
        // exact integers within the limit.
        let i = _mm256_cvtps_epi32(_mm256_min_ps(
            _mm256_max_ps(fu, _mm256_sub_ps(_mm256_setzero_ps(), limit)),
            limit,
        ));
        let last = _mm256_set1_epi32(n as i32 - 1);
        let wrap = |i: __m256i| {
            if repeat {
                _mm256_and_si256(i, last)
            } else {
                _mm256_min_epi32(_mm256_max_epi32(i, zero), last)
            }
        };
        let frac = _mm256_mul_ps(_mm256_sub_ps(u, fu), _mm256_set1_ps(256.0));
        // NaN to 0 (max returns its second operand); rounded to nearest,
        // ties to even, as `int_index`.
        let frac = _mm256_min_ps(
            _mm256_max_ps(frac, _mm256_setzero_ps()),
            _mm256_set1_ps(256.0),
        );
        let weight = _mm256_cvtps_epi32(frac);
        (wrap(i), wrap(_mm256_add_epi32(i, one)), weight)
    };
    // SAFETY (every gather): the indices are wrapped or clamped into
    // `0..w` and `0..h`, so `y · w + x` < `w · h` ≤ `texels.len()`.
    let gather = |x: __m256i, row: __m256i| unsafe {
        _mm256_i32gather_epi32::<4>(base, _mm256_add_epi32(row, x))
    };
    // `texture::lerp_unorm8` on 16-bit halves (a weight in each half).
    let lerp = |p0: __m256i, p1: __m256i, w: __m256i| {
        let w = _mm256_or_si256(w, _mm256_slli_epi32::<16>(w));
        let iw = _mm256_sub_epi16(_mm256_set1_epi16(256), w);
        let m = _mm256_set1_epi32(0x00ff_00ff);
        let sum = |a: __m256i, b: __m256i| {
            let sum = _mm256_add_epi16(_mm256_mullo_epi16(a, iw), _mm256_mullo_epi16(b, w));
            _mm256_add_epi16(sum, _mm256_set1_epi16(0x80))
        };
        let lo = _mm256_srli_epi16::<8>(sum(_mm256_and_si256(p0, m), _mm256_and_si256(p1, m)));
        let hi = _mm256_andnot_si256(
            m,
            sum(_mm256_srli_epi16::<8>(p0), _mm256_srli_epi16::<8>(p1)),
        );
        _mm256_or_si256(lo, hi)
    };
    let scale = _mm256_set1_ps(255.0);
    for half_block in 0..super::LANES / 8 {
        let lanes = half_block * 8..half_block * 8 + 8;
        // SAFETY: 8 floats from `lanes`, in bounds of the 16-lane arrays.
        let (sv, tv) = unsafe {
            (
                _mm256_loadu_ps(s[lanes.clone()].as_ptr()),
                _mm256_loadu_ps(t[lanes.clone()].as_ptr()),
            )
        };
        let (xa, xb, wa) = axis(sv, w, repeat_s);
        let (ya, yb, wb) = axis(tv, h, repeat_t);
        let stride = _mm256_set1_epi32(w as i32);
        let (ra, rb) = (
            _mm256_mullo_epi32(ya, stride),
            _mm256_mullo_epi32(yb, stride),
        );
        let texel = if linear {
            let top = lerp(gather(xa, ra), gather(xb, ra), wa);
            let bottom = lerp(gather(xa, rb), gather(xb, rb), wa);
            lerp(top, bottom, wb)
        } else {
            gather(xa, ra)
        };
        let channels = [
            _mm256_and_si256(texel, byte),
            _mm256_and_si256(_mm256_srli_epi32::<8>(texel), byte),
            _mm256_and_si256(_mm256_srli_epi32::<16>(texel), byte),
            _mm256_srli_epi32::<24>(texel),
        ];
        for (ch, c) in out.iter_mut().zip(channels) {
            let v = _mm256_div_ps(_mm256_cvtepi32_ps(c), scale);
            // SAFETY: 8 floats into `lanes` of a 16-lane array.
            unsafe { _mm256_storeu_ps(ch[lanes.clone()].as_mut_ptr(), v) };
        }
    }
}

/// Mipmapped plain 2D sampling ([`crate::texture::Bound`]'s per-level
/// path) with the best build for this CPU: its lane bookkeeping as well
/// as its filtering in AVX2.
pub fn sample_2d_levels(
    bound: &crate::texture::Bound,
    s: &[f32; super::LANES],
    t: &[f32; super::LANES],
    lambda: &[f32; super::LANES],
    mask: u32,
    out: &mut [[f32; super::LANES]; 4],
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if use_avx2() {
        // SAFETY: `sample_2d_levels_avx2` only requires AVX2 and FMA, which
        // the CPU has (checked just above).
        return unsafe { sample_2d_levels_avx2(bound, s, t, lambda, mask, out) };
    }
    bound.sample_2d_levels_in::<false>(s, t, lambda, mask, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn sample_2d_levels_avx2(
    bound: &crate::texture::Bound,
    s: &[f32; super::LANES],
    t: &[f32; super::LANES],
    lambda: &[f32; super::LANES],
    mask: u32,
    out: &mut [[f32; super::LANES]; 4],
) -> bool {
    bound.sample_2d_levels_in::<true>(s, t, lambda, mask, out)
}

/// Runs a recognized one-texture fragment program
/// ([`crate::program::tex_modulate`]) with the best build for this CPU.
pub fn shade_tex_modulate(
    k: &oxgl_exec::TexModulate,
    level: &crate::texture::FastLevel,
    linear: bool,
    q: &mut QuadBatch,
) {
    #[cfg(target_arch = "x86_64")]
    if use_avx2() {
        // SAFETY: `shade_tex_modulate_avx2` only requires AVX2 and FMA,
        // which the CPU has (checked just above).
        unsafe { shade_tex_modulate_avx2(k, level, linear, q) };
        return;
    }
    crate::program::tex_modulate::<false>(k, level, linear, q);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn shade_tex_modulate_avx2(
    k: &oxgl_exec::TexModulate,
    level: &crate::texture::FastLevel,
    linear: bool,
    q: &mut QuadBatch,
) {
    crate::program::tex_modulate::<true>(k, level, linear, q);
}

/// Runs a shader program ([`oxgl_exec::Program::run`], inlined here) with
/// the best build for this CPU; `false` when it stopped a runaway loop.
/// Both builds compute the same bits: the engine's operations are IEEE
/// `f32` operations or the same libm calls, and its `fma` picks its
/// implementation by the crate's compile-time features, not these.
pub fn run_program(
    prog: &oxgl_exec::Program,
    regs: &mut oxgl_exec::Regs<{ super::LANES }>,
    env: &mut oxgl_exec::Env<'_, { super::LANES }>,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if use_avx2() {
        // SAFETY: `run_program_avx2` only requires AVX2 and FMA, which the
        // CPU has (checked just above).
        return unsafe { run_program_avx2(prog, regs, env) };
    }
    prog.run(regs, env).is_ok()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn run_program_avx2(
    prog: &oxgl_exec::Program,
    regs: &mut oxgl_exec::Regs<{ super::LANES }>,
    env: &mut oxgl_exec::Env<'_, { super::LANES }>,
) -> bool {
    prog.run(regs, env).is_ok()
}

/// Replays tile `tile`'s bin with the best build for this CPU.
pub fn run_tile(scene: &Scene, tile: usize, view: &mut TileView, batch: &mut QuadBatch) {
    #[cfg(target_arch = "x86_64")]
    if use_avx2() {
        // SAFETY: `run_tile_avx2` only requires AVX2 and FMA, which the CPU
        // has (checked just above).
        unsafe { run_tile_avx2(scene, tile, view, batch) };
        return;
    }
    tile::run_tile(scene, tile, view, batch);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn run_tile_avx2(scene: &Scene, tile: usize, view: &mut TileView, batch: &mut QuadBatch) {
    tile::run_tile(scene, tile, view, batch);
}
