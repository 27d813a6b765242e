//! Instruction-set dispatch for the tile rasterizer: the whole per-tile
//! path ([`tile::run_tile`], inlined through to the per-fragment operations)
//! is compiled twice, for the x86-64 baseline (SSE2) and with AVX2 + FMA,
//! and the best one the CPU supports runs. The lane loops over `[_; 16]`
//! then vectorize 8 wide instead of 4. Both builds do the same IEEE
//! operations in the same order (no FMA contraction happens in Rust), so
//! images are bit-identical whichever runs.
//!
//! The fast 2D texture sampling path is dispatched the same way.
//!
//! This is the crate's only `unsafe` outside the C ABI: calling a
//! `#[target_feature]` function, after checking the CPU has the feature,
//! and the prefetch hint of [`prefetch`].
#![allow(
    unsafe_code,
    reason = "calls the AVX2 build after detecting AVX2; prefetch hints"
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
pub fn sample_2d(
    level: &crate::texture::FastLevel,
    linear: bool,
    s: &[f32; super::LANES],
    t: &[f32; super::LANES],
    out: &mut [[f32; super::LANES]; 4],
) {
    #[cfg(target_arch = "x86_64")]
    if use_avx2() {
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
