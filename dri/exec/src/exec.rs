//! The executor: one pass over the flat program per run, W lanes at a time.
//!
//! Control state is four masks: `exec` (lanes running the current
//! operation), `discarded`, `demoted`, and the per-construct masks in
//! `Regs::slots` (lanes waiting for the else arm, lanes that broke out of or
//! continued a loop, lanes that entered a call). Every operation touches a
//! register with a whole-register copy (`[u32; N]`), which keeps the lane
//! loops in `alu.rs` free of aliasing and easy for LLVM to vectorize.

use crate::code::{NONE, OOB, Op, Space, Sys};
use crate::{Env, ImageArgs, LOOP_LIMIT, LoopLimit, Program, Regs, TexArgs, alu, lane_mask};
use oxgl_ir::{AtomicOp, Deriv};
use std::sync::atomic::{AtomicU32, Ordering};

/// `dst = src` in the lanes of `exec`; everything when `exec` covers every
/// lane that runs (`full`).
#[inline(always)]
fn blend<const N: usize>(dst: &mut [u32; N], src: &[u32; N], exec: u32, full: bool) {
    if full {
        *dst = *src;
        return;
    }
    for i in 0..N {
        let m = if exec & (1 << i) != 0 { u32::MAX } else { 0 };
        dst[i] = (src[i] & m) | (dst[i] & !m);
    }
}

#[inline(always)]
fn blend_f32<const N: usize>(dst: &mut [f32; N], src: &[u32; N], exec: u32, full: bool) {
    if full {
        *dst = src.map(f32::from_bits);
        return;
    }
    for i in 0..N {
        let m = if exec & (1 << i) != 0 { u32::MAX } else { 0 };
        dst[i] = f32::from_bits((src[i] & m) | (dst[i].to_bits() & !m));
    }
}

#[inline(always)]
fn bits<const N: usize>(x: &[f32; N]) -> [u32; N] {
    x.map(f32::to_bits)
}

/// The 32-bit little-endian word at byte `o` of the uniform block; missing
/// bytes read as 0.
/// [`Op::Wide`]: one component of a 64-bit operation, lane by lane through
/// the IR's evaluator (double precision is rare enough in shaders that its
/// definition is also its implementation).
fn wide<const N: usize>(
    r: &mut [[u32; N]],
    op: oxgl_ir::AluOp,
    to: oxgl_ir::Scalar,
    from: &[oxgl_ir::Scalar; 3],
    d: &[u32; 2],
    a: &[[u32; 2]; 3],
) {
    let arity = op.arity().min(3);
    let word = |r: &[[u32; N]], x: u32, l: usize| -> u64 {
        if x == NONE {
            0
        } else {
            r.get(x as usize).map_or(0, |v| u64::from(v[l]))
        }
    };
    let mut lo = [0u32; N];
    let mut hi = [0u32; N];
    let result = oxgl_ir::ValType::scalar(to);
    for l in 0..N {
        let mut args = [(result, [0u64; 4]); 3];
        for k in 0..arity {
            let v = word(r, a[k][0], l) | word(r, a[k][1], l) << 32;
            args[k] = (oxgl_ir::ValType::scalar(from[k]), [v, 0, 0, 0]);
        }
        let x = oxgl_ir::eval::alu(op, result, &args[..arity])[0];
        lo[l] = x as u32;
        hi[l] = (x >> 32) as u32;
    }
    if let Some(v) = r.get_mut(d[0] as usize) {
        *v = lo;
    }
    if d[1] != NONE
        && let Some(v) = r.get_mut(d[1] as usize)
    {
        *v = hi;
    }
}

fn uniform_word(u: &[u8], o: u32) -> u32 {
    let o = o as usize;
    let mut b = [0u8; 4];
    for (k, x) in b.iter_mut().enumerate() {
        *x = o
            .checked_add(k)
            .and_then(|i| u.get(i))
            .copied()
            .unwrap_or(0);
    }
    u32::from_le_bytes(b)
}

/// The `f32` array of an environment component, for [`Space`]s other than
/// `Mem` and `Uniform`.
fn env_slot<'e, const N: usize>(
    env: &'e mut Env<'_, N>,
    sp: Space,
    idx: u32,
) -> Option<&'e mut [f32; N]> {
    let i = idx as usize;
    match sp {
        Space::Output => env.outputs.get_mut(i),
        Space::Position => env.position.get_mut(i),
        Space::PointSize => (i == 0).then_some(&mut env.point_size),
        Space::ClipDistance => env.clip_distance.get_mut(i),
        Space::Layer => (i == 0).then_some(&mut env.layer),
        Space::ViewportIndex => (i == 0).then_some(&mut env.viewport_index),
        Space::PrimitiveIdOut => (i == 0).then_some(&mut env.primitive_id_out),
        Space::FragDepth => (i == 0).then_some(&mut env.frag_depth),
        Space::SampleMask => (i == 0).then_some(&mut env.sample_mask),
        Space::Mem
        | Space::Input
        | Space::Uniform
        | Space::Vertices
        | Space::Patch
        | Space::Buffer(_) => None,
    }
}

/// Word `idx` of buffer slot `slot` ([`Env::buffers`]), if both exist.
fn buffer_word<'e, const N: usize>(
    env: &'e Env<'_, N>,
    slot: u8,
    idx: u32,
) -> Option<&'e AtomicU32> {
    env.buffers.get(usize::from(slot))?.get(idx as usize)
}

/// One lane's atomic operation on `w`: the old word.
/// Applies `op` to `w` with operand `x` (the comparand of
/// [`AtomicOp::CmpXchg`], whose new value is `y`); returns the old word.
pub fn atomic_rmw(w: &AtomicU32, op: AtomicOp, x: u32, y: u32) -> u32 {
    const ORD: Ordering = Ordering::SeqCst;
    let update = |f: &dyn Fn(u32) -> u32| match w.fetch_update(ORD, ORD, |v| Some(f(v))) {
        Ok(v) | Err(v) => v,
    };
    match op {
        AtomicOp::Add => w.fetch_add(x, ORD),
        AtomicOp::IMin => update(&|v| (v as i32).min(x as i32) as u32),
        AtomicOp::IMax => update(&|v| (v as i32).max(x as i32) as u32),
        AtomicOp::UMin => w.fetch_min(x, ORD),
        AtomicOp::UMax => w.fetch_max(x, ORD),
        AtomicOp::And => w.fetch_and(x, ORD),
        AtomicOp::Or => w.fetch_or(x, ORD),
        AtomicOp::Xor => w.fetch_xor(x, ORD),
        AtomicOp::Xchg => w.swap(x, ORD),
        AtomicOp::CmpXchg => match w.compare_exchange(x, y, ORD, ORD) {
            Ok(v) | Err(v) => v,
        },
    }
}

/// Component `idx` of [`Env::patch`] (0 past its end).
fn patch_word<const N: usize>(env: &Env<'_, N>, idx: u32) -> u32 {
    env.patch.get(idx as usize).map_or(0, |x| x.to_bits())
}

/// Component `idx` of space `sp`, all lanes.
fn read<const N: usize>(env: &mut Env<'_, N>, r: &[[u32; N]], sp: Space, idx: u32) -> [u32; N] {
    match sp {
        Space::Mem => r.get(idx as usize).copied().unwrap_or([0; N]),
        Space::Input => env.inputs.get(idx as usize).map_or([0; N], bits),
        Space::Uniform => [uniform_word(env.uniforms, idx); N],
        Space::Patch => [patch_word(env, idx); N],
        Space::Buffer(s) => [buffer_word(env, s, idx).map_or(0, |w| w.load(Ordering::SeqCst)); N],
        _ => env_slot(env, sp, idx).map_or([0; N], |x| bits(x)),
    }
}

/// Lane `l` of component `idx` of space `sp`.
fn read_lane<const N: usize>(
    env: &mut Env<'_, N>,
    r: &[[u32; N]],
    sp: Space,
    idx: u32,
    l: usize,
) -> u32 {
    match sp {
        Space::Mem => r.get(idx as usize).map_or(0, |x| x[l]),
        Space::Input => env.inputs.get(idx as usize).map_or(0, |x| x[l].to_bits()),
        Space::Uniform => uniform_word(env.uniforms, idx),
        Space::Patch => patch_word(env, idx),
        Space::Buffer(s) => buffer_word(env, s, idx).map_or(0, |w| w.load(Ordering::SeqCst)),
        _ => env_slot(env, sp, idx).map_or(0, |x| x[l].to_bits()),
    }
}

fn write_lane<const N: usize>(
    env: &mut Env<'_, N>,
    r: &mut [[u32; N]],
    sp: Space,
    idx: u32,
    l: usize,
    v: u32,
) {
    match sp {
        Space::Mem => {
            if let Some(x) = r.get_mut(idx as usize) {
                x[l] = v;
            }
        }
        Space::Patch => {
            if let Some(x) = env.patch.get_mut(idx as usize) {
                *x = f32::from_bits(v);
            }
        }
        _ => {
            if let Some(x) = env_slot(env, sp, idx) {
                x[l] = f32::from_bits(v);
            }
        }
    }
}

fn sys<const N: usize>(env: &Env<'_, N>, sv: Sys, k: usize, exec0: u32, demoted: u32) -> [u32; N] {
    let lanes = |m: u32| std::array::from_fn(|i| (m >> i) & 1);
    match sv {
        Sys::FragCoord => env.frag_coord.get(k).map_or([0; N], bits),
        Sys::PointCoord => env.point_coord.get(k).map_or([0; N], bits),
        Sys::FrontFacing => lanes(env.front_facing),
        Sys::HelperInvocation => lanes((exec0 & !env.mask) | demoted),
        Sys::VertexId => env.vertex_id.map(|x| x as u32),
        Sys::InstanceId => [env.instance_id as u32; N],
        Sys::BaseVertex => [env.base_vertex as u32; N],
        Sys::BaseInstance => [env.base_instance as u32; N],
        Sys::DrawId => [env.draw_id as u32; N],
        Sys::PrimitiveId => env.primitive_id.map(|x| x as u32),
        Sys::InvocationId => env.invocation_id.map(|x| x as u32),
        Sys::SampleId => [env.sample_id as u32; N],
        Sys::SamplePos => [env.sample_pos.get(k).map_or(0, |p| p.to_bits()); N],
        Sys::SampleMaskIn => [env.sample_mask_in as u32; N],
        Sys::TessCoord => env.tess_coord.and_then(|t| t.get(k)).map_or([0; N], bits),
        Sys::TessLevelOuter => [patch_word(env, crate::PATCH_TESS_LEVEL_OUTER + 4 * k as u32); N],
        Sys::TessLevelInner => [patch_word(env, crate::PATCH_TESS_LEVEL_INNER + 4 * k as u32); N],
        Sys::PatchVertices => [env.patch_vertices as u32; N],
        Sys::LocalInvocationId => env.local_id.get(k).copied().unwrap_or([0; N]),
        Sys::WorkgroupId => [env.workgroup_id.get(k).copied().unwrap_or(0); N],
        Sys::NumWorkgroups => [env.num_workgroups.get(k).copied().unwrap_or(0); N],
        Sys::GlobalInvocationId => {
            let k = k.min(2);
            let base = env.workgroup_id[k].wrapping_mul(env.workgroup_size[k]);
            env.local_id[k].map(|x| base.wrapping_add(x))
        }
        Sys::LocalInvocationIndex => {
            let [sx, sy, _] = env.workgroup_size;
            std::array::from_fn(|l| {
                let [x, y, z] = [0, 1, 2].map(|c| env.local_id[c][l]);
                z.wrapping_mul(sx.wrapping_mul(sy))
                    .wrapping_add(y.wrapping_mul(sx))
                    .wrapping_add(x)
            })
        }
    }
}

/// Quad-layout derivative (see the crate docs).
fn deriv<const N: usize>(kind: Deriv, v: &[u32; N], y_sign: f32) -> [u32; N] {
    let row = if N == 4 { 2 } else { 4 };
    let at = |i: usize| v.get(i).map_or(0.0, |x| f32::from_bits(*x));
    std::array::from_fn(|l| {
        let q = l & !(1 | row);
        let d = match kind {
            Deriv::Ddx | Deriv::DdxFine => at(l | 1) - at(l & !1),
            Deriv::DdxCoarse => at(q | 1) - at(q),
            Deriv::Ddy | Deriv::DdyFine => (at(l | row) - at(l & !row)) * y_sign,
            Deriv::DdyCoarse => (at(q | row) - at(q)) * y_sign,
        };
        d.to_bits()
    })
}

/// Register `x`'s lanes as floats (zero past the file).
#[inline(always)]
fn reg_lanes<const N: usize>(r: &[[u32; N]], x: u32) -> [f32; N] {
    r.get(x as usize)
        .map_or([0.0; N], |v| v.map(f32::from_bits))
}

fn fill_tex_args<const N: usize>(a: &mut TexArgs<N>, r: &[[u32; N]], regs: &[[u32; 4]; 9]) {
    let get = |x: u32| reg_lanes(r, x);
    let vec = |dst: &mut [[f32; N]; 4], rs: &[u32; 4]| {
        for (d, x) in dst.iter_mut().zip(rs) {
            if *x != NONE {
                *d = get(*x);
            }
        }
    };
    vec(&mut a.coord, &regs[0]);
    let one = |dst: &mut [f32; N], x: u32| {
        if x != NONE {
            *dst = get(x);
        }
    };
    one(&mut a.layer, regs[1][0]);
    one(&mut a.compare, regs[2][0]);
    one(&mut a.lod, regs[3][0]);
    one(&mut a.bias, regs[4][0]);
    vec(&mut a.ddx, &regs[5]);
    vec(&mut a.ddy, &regs[6]);
    vec(&mut a.offset, &regs[7]);
    one(&mut a.sample, regs[8][0]);
}

/// Runs one data operation (anything but control flow) at `exec`, the
/// lanes running it; `exec0` the lanes the run started with, `demoted` the
/// lanes demoted so far (for `helper_invocation`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn data<const N: usize>(
    p: &Program,
    op: &Op,
    r: &mut [[u32; N]],
    tex_args: &mut TexArgs<N>,
    tex_out: &mut [[f32; N]; 4],
    env: &mut Env<'_, N>,
    exec: u32,
    exec0: u32,
    demoted: u32,
) {
    match op {
        Op::EmitVertex { stream } => {
            let Env {
                geometry,
                outputs,
                position,
                point_size,
                clip_distance,
                layer,
                viewport_index,
                primitive_id_out,
                ..
            } = &mut *env;
            if let Some(g) = geometry.as_deref_mut()
                && exec != 0
            {
                let v = crate::GeometryVertex {
                    outputs,
                    position,
                    point_size,
                    clip_distance,
                    layer,
                    viewport_index,
                    primitive_id: primitive_id_out,
                };
                g.emit_vertex(exec, *stream, &v);
            }
        }
        Op::EndPrimitive { stream } => {
            if let Some(g) = env.geometry.as_deref_mut()
                && exec != 0
            {
                g.end_primitive(exec, *stream);
            }
        }
        Op::Un { f, n, d, a } => alu::un(*f, r, *n, d, a),
        Op::Bin { f, n, d, a, b } => alu::bin(*f, r, *n, d, a, b),
        Op::Tern { f, n, d, a, b, c } => alu::tern(*f, r, *n, d, a, b, c),
        Op::Wide { op, to, from, d, a } => wide(r, *op, *to, from, d, a),
        Op::Bfe {
            d,
            base,
            off,
            bits,
            flags,
        } => {
            let (x, o, n) = (r[*base as usize], r[*off as usize], r[*bits as usize]);
            r[*d as usize] = std::array::from_fn(|i| alu::bfe(x[i], o[i], n[i], *flags));
        }
        Op::Bfi {
            d,
            base,
            ins,
            off,
            bits,
            flags,
        } => {
            let (x, y) = (r[*base as usize], r[*ins as usize]);
            let (o, n) = (r[*off as usize], r[*bits as usize]);
            r[*d as usize] = std::array::from_fn(|i| alu::bfi(x[i], y[i], o[i], n[i], *flags));
        }
        Op::Pack { f, d, a } => {
            let src = a.map(|x| r.get(x as usize).copied().unwrap_or([0; N]));
            r[*d as usize] = std::array::from_fn(|i| {
                alu::pack(*f, [src[0][i], src[1][i], src[2][i], src[3][i]])
            });
        }
        Op::Unpack { f, k, d, a } => {
            let x = r[*a as usize];
            r[*d as usize] = x.map(|v| alu::unpack(*f, *k, v));
        }
        Op::VExtract { d, v, n, idx } => {
            let i = r[*idx as usize];
            let mut out = [0u32; N];
            for (k, reg) in v.iter().enumerate().take(*n as usize) {
                let x = r[*reg as usize];
                for l in 0..N {
                    if i[l] == k as u32 {
                        out[l] = x[l];
                    }
                }
            }
            r[*d as usize] = out;
        }
        Op::SelIdx { d, idx, k, s, v } => {
            let (i, x, y) = (r[*idx as usize], r[*s as usize], r[*v as usize]);
            r[*d as usize] = std::array::from_fn(|l| if i[l] == *k { x[l] } else { y[l] });
        }
        Op::LoadIn { base, d, n } => {
            for k in 0..(*n as usize).min(4) {
                let v = match env.inputs.get((*base as usize).wrapping_add(k)) {
                    Some(x) => bits(x),
                    None => [0; N],
                };
                r[d[k] as usize] = v;
            }
        }
        Op::LoadUni { base, d, n } => {
            for k in 0..(*n as u32).min(4) {
                let v = uniform_word(env.uniforms, base.wrapping_add(4 * k));
                r[d[k as usize] as usize] = [v; N];
            }
        }
        Op::LoadMem { base, d, n } => {
            for k in 0..(*n as usize).min(4) {
                let v = r
                    .get((*base as usize).wrapping_add(k))
                    .copied()
                    .unwrap_or([0; N]);
                r[d[k] as usize] = v;
            }
        }
        Op::StoreOut { base, a, n } => {
            let full = exec == exec0;
            for k in 0..(*n as usize).min(4) {
                if let Some(dst) = env.outputs.get_mut((*base as usize).wrapping_add(k)) {
                    blend_f32(dst, &r[a[k] as usize], exec, full);
                }
            }
        }
        Op::StoreMem { base, a, n } => {
            let full = exec == exec0;
            for k in 0..(*n as usize).min(4) {
                let v = r[a[k] as usize];
                if let Some(dst) = r.get_mut((*base as usize).wrapping_add(k)) {
                    blend(dst, &v, exec, full);
                }
            }
        }
        Op::Load {
            sp,
            base,
            off,
            d,
            n,
            norm_bool,
        } => {
            let unit = sp.unit();
            for k in 0..*n as u32 {
                let idx = base.wrapping_add(k * unit);
                let mut v = if *off == NONE {
                    read(env, r, *sp, idx)
                } else {
                    let o = r[*off as usize];
                    let mut v = [0u32; N];
                    for l in 0..N {
                        if o[l] != OOB {
                            v[l] = read_lane(env, r, *sp, idx.wrapping_add(o[l]), l);
                        }
                    }
                    v
                };
                if *norm_bool {
                    v = v.map(|x| (x != 0) as u32);
                }
                r[d[k as usize] as usize] = v;
            }
        }
        Op::LoadVertex {
            sp,
            base,
            off,
            vertex,
            d,
            n,
        } => {
            let vx = r[*vertex as usize];
            let o = if *off == NONE {
                [0; N]
            } else {
                r[*off as usize]
            };
            for k in 0..*n as u32 {
                let v: [u32; N] = std::array::from_fn(|l| {
                    if o[l] == OOB {
                        return 0;
                    }
                    let c = base.wrapping_add(k).wrapping_add(o[l]) as usize;
                    let v = vx[l] as usize;
                    match sp {
                        Space::Vertices => env.vertices.get(c).and_then(|x| x.get(v)),
                        Space::Output => env.outputs.get(c).and_then(|x| x.get(v)),
                        _ => None,
                    }
                    .map_or(0, |x| x.to_bits())
                });
                r[d[k as usize] as usize] = v;
            }
        }
        Op::InterpAt {
            at,
            base,
            off,
            d,
            n,
            a,
        } => {
            let get = |x: u32| {
                if x == NONE { [0; N] } else { r[x as usize] }
            };
            let (a0, a1) = (get(a[0]), get(a[1]));
            let f = |x: [u32; N]| x.map(f32::from_bits);
            let (dx, dy) = match *at {
                1 => {
                    let mut dx = [0.0; N];
                    let mut dy = [0.0; N];
                    for l in 0..N {
                        let [x, y] = env
                            .interpolator
                            .map_or([0.0; 2], |i| i.sample_offset(a0[l] as i32));
                        (dx[l], dy[l]) = (x, y);
                    }
                    (dx, dy)
                }
                2 => (f(a0), f(a1)),
                _ => ([0.0; N], [0.0; N]),
            };
            let o = get(*off);
            for k in 0..*n as u32 {
                let comps: [u32; N] = std::array::from_fn(|l| {
                    let c = base.wrapping_add(k);
                    if *off == NONE {
                        c
                    } else {
                        c.wrapping_add(o[l])
                    }
                });
                let v = match env.interpolator {
                    Some(i) => i.at(&comps, &dx, &dy),
                    None => std::array::from_fn(|l| {
                        env.inputs.get(comps[l] as usize).map_or(0.0, |x| x[l])
                    }),
                };
                r[d[k as usize] as usize] = v.map(f32::to_bits);
            }
        }
        Op::Store {
            sp,
            base,
            off,
            a,
            n,
        } => {
            let full = exec == exec0;
            let unit = sp.unit();
            if let Space::Buffer(slot) = *sp {
                // Memory other invocations see: helpers, demoted and
                // discarded lanes change nothing.
                let live = exec & env.mask & !demoted;
                let o = (*off != NONE).then(|| r[*off as usize]);
                for k in 0..*n as u32 {
                    let v = r[a[k as usize] as usize];
                    for l in (0..N).filter(|l| live & (1 << l) != 0) {
                        let idx = match o {
                            None => *base,
                            Some(o) if o[l] != OOB => base.wrapping_add(o[l]),
                            Some(_) => continue,
                        };
                        if let Some(w) = buffer_word(env, slot, idx.wrapping_add(k)) {
                            w.store(v[l], Ordering::SeqCst);
                        }
                    }
                }
                return;
            }
            for k in 0..*n as u32 {
                let idx = base.wrapping_add(k * unit);
                let v = r[a[k as usize] as usize];
                if *off == NONE {
                    if *sp == Space::Mem {
                        if let Some(dst) = r.get_mut(idx as usize) {
                            blend(dst, &v, exec, full);
                        }
                    } else if *sp == Space::Patch {
                        // One word for all lanes: the highest active lane
                        // that changes it. Invocations writing different
                        // components of one vector each store the whole
                        // vector (load, insert, store), so a lane's other
                        // words are the old ones; order between writers
                        // of one word is undefined (GLSL 4.00 §4.3.6).
                        if let Some(dst) = env.patch.get_mut(idx as usize) {
                            let old = dst.to_bits();
                            let changing =
                                (0..N).rev().find(|&l| exec & (1 << l) != 0 && v[l] != old);
                            if let Some(l) = changing {
                                *dst = f32::from_bits(v[l]);
                            }
                        }
                    } else if let Some(dst) = env_slot(env, *sp, idx) {
                        blend_f32(dst, &v, exec, full);
                    }
                } else {
                    let o = r[*off as usize];
                    for l in 0..N {
                        if exec & (1 << l) != 0 && o[l] != OOB {
                            write_lane(env, r, *sp, idx.wrapping_add(o[l]), l, v[l]);
                        }
                    }
                }
            }
        }
        Op::Atomic {
            op,
            slot,
            base,
            off,
            d,
            a,
        } => {
            // Helpers, demoted and discarded lanes change nothing.
            let live = exec & env.mask & !demoted;
            let o = (*off != NONE).then(|| r[*off as usize]);
            let x = r[a[0] as usize];
            let y = if a[1] == NONE {
                [0; N]
            } else {
                r[a[1] as usize]
            };
            let mut old = [0u32; N];
            for l in (0..N).filter(|l| live & (1 << l) != 0) {
                let idx = match o {
                    None => *base,
                    Some(o) if o[l] != OOB => base.wrapping_add(o[l]),
                    Some(_) => continue,
                };
                if let Some(w) = buffer_word(env, *slot, idx) {
                    old[l] = atomic_rmw(w, *op, x[l], y[l]);
                }
            }
            r[*d as usize] = old;
        }
        Op::BufferLen {
            slot,
            base,
            stride,
            d,
        } => {
            let words = env.buffers.get(usize::from(*slot)).map_or(0, |b| b.len());
            let bytes = (words as u64).saturating_sub(u64::from(*base)) * 4;
            let n = (bytes / u64::from((*stride).max(1))).min(i32::MAX as u64) as u32;
            r[*d as usize] = [n; N];
        }
        Op::Addr {
            d,
            prev,
            idx,
            len,
            stride,
            signed,
        } => {
            let i = r[*idx as usize];
            let pv = if *prev == NONE {
                [0; N]
            } else {
                r[*prev as usize]
            };
            r[*d as usize] = std::array::from_fn(|l| {
                let ok = pv[l] != OOB
                    && if *signed {
                        (i[l] as i32 as i64) >= 0 && (i[l] as i32 as i64) < *len as i64
                    } else {
                        i[l] < *len
                    };
                if ok {
                    pv[l].wrapping_add(i[l].wrapping_mul(*stride))
                } else {
                    OOB
                }
            });
        }
        Op::Zero { sp, base, n } => {
            for k in 0..*n {
                let idx = base.wrapping_add(k);
                if *sp == Space::Mem {
                    if let Some(x) = r.get_mut(idx as usize) {
                        *x = [0; N];
                    }
                } else if *sp == Space::Patch {
                    if let Some(x) = env.patch.get_mut(idx as usize) {
                        *x = 0.0;
                    }
                } else if let Some(x) = env_slot(env, *sp, idx) {
                    *x = [0.0; N];
                }
            }
        }
        Op::Sys { sv, d, n } => {
            for k in 0..*n as usize {
                r[d[k] as usize] = sys(env, *sv, k, exec0, demoted);
            }
        }
        Op::Deriv { kind, n, d, a } => {
            for k in 0..(*n as usize).min(4) {
                let o = deriv(*kind, &r[a[k] as usize], env.y_sign);
                r[d[k] as usize] = o;
            }
        }
        Op::Tex { call, d, n } => {
            if let Some(t) = p.tex.get(*call as usize) {
                if let Some(plain) = t
                    .plain_2d()
                    .then(|| env.textures.plain_2d(&t.decl))
                    .flatten()
                {
                    let (s, tc) = (reg_lanes(r, t.args[0][0]), reg_lanes(r, t.args[0][1]));
                    plain.sample(&s, &tc, exec, tex_out);
                } else {
                    fill_tex_args(tex_args, r, &t.args);
                    env.textures.sample(&t.decl, &t.op, tex_args, exec, tex_out);
                }
                for k in 0..*n as usize {
                    r[d[k] as usize] = bits(&tex_out[k]);
                }
            }
        }
        Op::Image { call, d, n } => {
            if let Some(c) = p.images.get(*call as usize) {
                // Helpers, demoted and discarded lanes change nothing;
                // loads and queries run on every executing lane.
                let mask = if c.op.kind.changes_memory() {
                    exec & env.mask & !demoted
                } else {
                    exec
                };
                image(c, (d, *n), r, env, mask);
            }
        }
        _ => {}
    }
}

/// Image operation `c` for the lanes of `mask`, results into registers
/// `d[..n]`: out of line, so that its operand arrays stay off the frame
/// of the interpreter's loop.
#[inline(never)]
fn image<const N: usize>(
    c: &crate::code::ImageCall,
    (d, n): (&[u32; 4], u8),
    r: &mut [[u32; N]],
    env: &Env<'_, N>,
    mask: u32,
) {
    let mut args = ImageArgs::<N>::default();
    let get = |x: u32| r.get(x as usize).copied().unwrap_or([0; N]);
    for (k, &x) in c.args[0].iter().take(3).enumerate() {
        if x != NONE {
            args.coord[k] = get(x).map(|v| v as i32);
        }
    }
    if c.args[1][0] != NONE {
        args.sample = get(c.args[1][0]).map(|v| v as i32);
    }
    for (k, &x) in c.args[2].iter().enumerate() {
        if x != NONE {
            args.value[k] = get(x);
        }
    }
    if c.args[3][0] != NONE {
        args.compare = get(c.args[3][0]);
    }
    let mut out = [[0u32; N]; 4];
    env.textures.image(&c.decl, &c.op, &args, mask, &mut out);
    for k in 0..usize::from(n) {
        if let Some(reg) = r.get_mut(d[k] as usize) {
            *reg = out[k];
        }
    }
}

/// [`data`] for one operation of `p` outside a run: what a code generator
/// calls for the operations it does not emit itself.
#[inline(always)]
pub(crate) fn step<const N: usize>(
    p: &Program,
    pc: usize,
    regs: &mut Regs<N>,
    env: &mut Env<'_, N>,
    exec: u32,
    exec0: u32,
    demoted: u32,
) {
    let Some(op) = p.ops.get(pc) else { return };
    let Regs {
        r,
        tex_args,
        tex_out,
        ..
    } = regs;
    data(
        p,
        op,
        &mut r[..],
        tex_args,
        tex_out,
        env,
        exec,
        exec0,
        demoted,
    );
}

#[inline(always)]
pub(crate) fn run<const N: usize>(
    p: &Program,
    regs: &mut Regs<N>,
    env: &mut Env<'_, N>,
) -> Result<(), LoopLimit> {
    run_from(p, regs, env, &mut Fiber::default()).map(|_| ())
}

/// Runs the program from where `fiber` stopped (its start when new):
/// `Ok(true)` when it ended, `Ok(false)` when it stopped at a barrier
/// (`fiber` then holds where it resumes; `env.mask` is unchanged).
#[inline(always)]
pub(crate) fn run_from<const N: usize>(
    p: &Program,
    regs: &mut Regs<N>,
    env: &mut Env<'_, N>,
    fiber: &mut Fiber,
) -> Result<bool, LoopLimit> {
    let exec0 = (env.mask | env.helpers) & lane_mask::<N>();
    env.mask &= lane_mask::<N>();
    if exec0 == 0 {
        return Ok(true);
    }
    let (mut exec, mut discarded, mut demoted, mut iters, mut pc) = if fiber.started {
        (
            fiber.exec,
            fiber.discarded,
            fiber.demoted,
            fiber.iters,
            fiber.pc,
        )
    } else {
        (exec0, 0u32, 0u32, 0u32, 0usize)
    };
    let mut calls = std::mem::take(&mut fiber.calls);
    let Regs {
        r,
        slots,
        tex_args,
        tex_out,
        ..
    } = regs;
    let r = &mut r[..];
    let slots = &mut slots[..];
    let ops = &p.ops[..];
    // `calls`: return addresses of out-of-line calls (no recursion:
    // bounded by the number of functions).
    // Mask slots are in range by construction; a stray index reads 0.
    macro_rules! slot {
        ($s:expr) => {
            *slots.get_mut($s as usize).unwrap_or(&mut 0)
        };
    }
    while let Some(op) = ops.get(pc) {
        pc += 1;
        match op {
            Op::If {
                cond,
                slot,
                else_pc,
            } => {
                let c = r[*cond as usize];
                let mut m = 0u32;
                for (l, x) in c.iter().enumerate() {
                    m |= ((*x != 0) as u32) << l;
                }
                let t = exec & m;
                let e = exec & !m;
                if t != 0 {
                    exec = t;
                    slot!(*slot) = e;
                } else {
                    exec = e;
                    slot!(*slot) = 0;
                    pc = *else_pc as usize;
                }
            }
            Op::Else { slot, end_pc } => {
                let waiting = slot!(*slot);
                if waiting == 0 {
                    pc = *end_pc as usize;
                } else {
                    slot!(*slot) = exec;
                    exec = waiting;
                }
            }
            Op::EndIf { slot, exit } => {
                exec |= slot!(*slot);
                if exec == 0 {
                    pc = *exit as usize;
                }
            }
            Op::Loop { slot } => {
                slot!(*slot) = 0;
                slot!(*slot + 1) = 0;
            }
            Op::ContBegin { slot, end_pc } => {
                exec |= slot!(*slot + 1);
                slot!(*slot + 1) = 0;
                if exec == 0 {
                    pc = *end_pc as usize;
                }
            }
            Op::LoopEnd { slot, body, exit } => {
                if exec != 0 {
                    iters += 1;
                    if iters > LOOP_LIMIT {
                        env.mask = 0;
                        return Err(LoopLimit);
                    }
                    pc = *body as usize;
                } else {
                    exec = slot!(*slot);
                    if exec == 0 {
                        pc = *exit as usize;
                    }
                }
            }
            Op::Break { slot } => {
                slot!(*slot) |= exec;
                exec = 0;
            }
            Op::Continue { slot } => {
                slot!(*slot + 1) |= exec;
                exec = 0;
            }
            Op::Return { d, a, n } => {
                for k in 0..*n as usize {
                    let v = r[a[k] as usize];
                    if let Some(dst) = r.get_mut(d[k] as usize) {
                        blend(dst, &v, exec, false);
                    }
                }
                exec = 0;
            }
            Op::Discard => {
                discarded |= exec;
                exec = 0;
            }
            Op::Demote => demoted |= exec,
            Op::CallBegin { slot, d, n } => {
                slot!(*slot) = exec;
                for x in d.iter().take(*n as usize) {
                    if let Some(x) = r.get_mut(*x as usize) {
                        *x = [0; N];
                    }
                }
            }
            Op::CallEnd { slot, exit } => {
                exec = slot!(*slot) & !discarded;
                if exec == 0 {
                    pc = *exit as usize;
                }
            }
            Op::Call { target } => {
                if exec != 0 {
                    calls.push(pc);
                    pc = *target as usize;
                }
            }
            Op::Ret => match calls.pop() {
                Some(back) => pc = back,
                None => break,
            },
            Op::Barrier => {
                *fiber = Fiber {
                    started: true,
                    pc,
                    exec,
                    discarded,
                    demoted,
                    iters,
                    calls,
                };
                return Ok(false);
            }
            _ => data(p, op, r, tex_args, tex_out, env, exec, exec0, demoted),
        }
    }
    env.mask &= !(discarded | demoted);
    Ok(true)
}

/// Where a run stopped at a compute shader's `barrier()`
/// ([`crate::Program::run_fiber`]): the control state it resumes with
/// (the register file holds the rest).
#[derive(Clone, Debug, Default)]
pub struct Fiber {
    started: bool,
    pc: usize,
    exec: u32,
    discarded: u32,
    demoted: u32,
    iters: u32,
    calls: Vec<usize>,
}

impl Fiber {
    /// Whether it has run (and stopped at a barrier).
    pub fn started(&self) -> bool {
        self.started
    }
}
