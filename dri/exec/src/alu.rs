//! Lane-wise ALU semantics on 32-bit lanes, bit-exact with `oxgl_ir::eval`
//! (which computes `f32` operations in `f32`, so the same Rust expressions
//! give the same bits), and the W-wide loops around them.
//!
//! Each operation is a small `fn(u32, ...) -> u32`; [`un`], [`bin`] and
//! [`tern`] match on the operation *once* and then run a monomorphized
//! loop over the lanes, which LLVM vectorizes for the simple operations
//! (`fadd`, `fmul`, compares, integer arithmetic, selects).

use crate::code::{Bin, Pack, Tern, Un};
use oxgl_ir::approx;
use oxgl_ir::eval::{f16_to_f32, f32_to_f16};

#[inline(always)]
fn f(x: u32) -> f32 {
    f32::from_bits(x)
}

#[inline(always)]
fn b(x: f32) -> u32 {
    x.to_bits()
}

#[inline(always)]
fn map1<const N: usize>(x: &[u32; N], g: impl Fn(u32) -> u32) -> [u32; N] {
    let mut o = [0u32; N];
    for i in 0..N {
        o[i] = g(x[i]);
    }
    o
}

#[inline(always)]
fn map2<const N: usize>(x: &[u32; N], y: &[u32; N], g: impl Fn(u32, u32) -> u32) -> [u32; N] {
    let mut o = [0u32; N];
    for i in 0..N {
        o[i] = g(x[i], y[i]);
    }
    o
}

#[inline(always)]
fn map3<const N: usize>(
    x: &[u32; N],
    y: &[u32; N],
    z: &[u32; N],
    g: impl Fn(u32, u32, u32) -> u32,
) -> [u32; N] {
    let mut o = [0u32; N];
    for i in 0..N {
        o[i] = g(x[i], y[i], z[i]);
    }
    o
}

/// `eval`'s private `frexp`, on the f64 widening of an f32.
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || x.is_nan() || x.is_infinite() {
        return (x, 0);
    }
    let (x, adj) = if x.abs() < f64::MIN_POSITIVE {
        (x * 2f64.powi(64), -64)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1022;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, e + adj)
}

/// `eval`'s private `ldexp`.
fn ldexp(x: f64, e: i64) -> f64 {
    let e = e.clamp(-2200, 2200) as i32;
    x * 2f64.powi(e / 2) * 2f64.powi(e - e / 2)
}

/// `fma` for f32 without a libm call: the product is exact in f64, the sum
/// is rounded to odd in f64 (TwoSum error term), and the final rounding to
/// f32 is then correct (53 ≥ 2·24 + 2). Branch-free, so it vectorizes.
#[inline(always)]
pub fn fma_f32(a: f32, b: f32, c: f32) -> f32 {
    let p = a as f64 * b as f64;
    let c = c as f64;
    let s = p + c;
    // TwoSum: s + err == p + c exactly.
    let bb = s - p;
    let aa = s - bb;
    let err = (p - aa) + (c - bb);
    let bits = s.to_bits();
    let inexact = err != 0.0 && s.is_finite() && err.is_finite() && bits & 1 == 0;
    let up = (err > 0.0) == (s > 0.0);
    let adj = if inexact {
        if up { bits + 1 } else { bits - 1 }
    } else {
        bits
    };
    f64::from_bits(adj) as f32
}

/// `f32::max` as `eval` gets it from LLVM's x86 lowering of `maxnum`:
/// the non-NaN operand, and `x` when the operands compare equal (so
/// `max(-0.0, 0.0)` is `-0.0`). Spelled out because LLVM lowers `maxnum`
/// differently in vector loops and with constant operands.
#[inline(always)]
fn fmax(x: f32, y: f32) -> f32 {
    // `|`, not `||`: no branch, so lane loops vectorize.
    if x.is_nan() | (y > x) { y } else { x }
}

/// `f32::min` with [`fmax`]'s conventions.
#[inline(always)]
fn fmin(x: f32, y: f32) -> f32 {
    if x.is_nan() | (y < x) { y } else { x }
}

/// Lane-wise `fma`, correctly rounded.
///
/// With the `fma` target feature this is the hardware instruction. Without
/// it, libm's `fmaf` is a call per lane, so: `a·b` is exact in f64 and
/// `a·b + c` rounded once to f64 then to f32 is correct unless the f64 sum
/// landed exactly on an f32 tie (low 29 mantissa bits `1000…0`; double
/// rounding may then go the wrong way) or in the f32 subnormal range. Those
/// rare lanes are redone with [`fma_f32`]; the common case is a vectorized
/// multiply, add and two conversions.
#[inline(always)]
fn fma<const N: usize>(x: &[u32; N], y: &[u32; N], z: &[u32; N]) -> [u32; N] {
    if cfg!(target_feature = "fma") {
        return map3(x, y, z, |p, q, r| b(f(p).mul_add(f(q), f(r))));
    }
    let mut o = [0u32; N];
    let mut redo = [false; N];
    for i in 0..N {
        let s = f(x[i]) as f64 * f(y[i]) as f64 + f(z[i]) as f64;
        o[i] = b(s as f32);
        let tie = s.to_bits() as u32 & 0x1fff_ffff == 0x1000_0000;
        let tiny = s.abs() < f32::MIN_POSITIVE as f64 && s != 0.0;
        redo[i] = tie | tiny;
    }
    if redo.contains(&true) {
        for i in 0..N {
            if redo[i] {
                o[i] = b(fma_f32(f(x[i]), f(y[i]), f(z[i])));
            }
        }
    }
    o
}

fn fsign(x: f32) -> f32 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

fn ifind_msb(x: u32) -> u32 {
    let v = x as i32;
    let v = if v < 0 { !v } else { v } as u32;
    if v == 0 {
        u32::MAX
    } else {
        31 - v.leading_zeros()
    }
}

/// `d[k] = op(a[k])` for the first `n` registers of `d` and `a`.
#[inline(always)]
pub fn un<const N: usize>(op: Un, r: &mut [[u32; N]], n: u8, d: &[u32; 4], a: &[u32; 4]) {
    for k in 0..(n as usize).min(4) {
        let o = un_lanes(op, &r[a[k] as usize]);
        r[d[k] as usize] = o;
    }
}

/// `d[k] = op(a[k], b[k])` for the first `n` registers.
#[inline(always)]
pub fn bin<const N: usize>(
    op: Bin,
    r: &mut [[u32; N]],
    n: u8,
    d: &[u32; 4],
    a: &[u32; 4],
    b: &[u32; 4],
) {
    for k in 0..(n as usize).min(4) {
        let o = bin_lanes(op, &r[a[k] as usize], &r[b[k] as usize]);
        r[d[k] as usize] = o;
    }
}

/// `d[k] = op(a[k], b[k], c[k])` for the first `n` registers.
#[inline(always)]
pub fn tern<const N: usize>(
    op: Tern,
    r: &mut [[u32; N]],
    n: u8,
    d: &[u32; 4],
    a: &[u32; 4],
    b: &[u32; 4],
    c: &[u32; 4],
) {
    for k in 0..(n as usize).min(4) {
        let o = tern_lanes(op, &r[a[k] as usize], &r[b[k] as usize], &r[c[k] as usize]);
        r[d[k] as usize] = o;
    }
}

/// `op(x)` over all lanes.
#[inline(always)]
pub fn un_lanes<const N: usize>(op: Un, x: &[u32; N]) -> [u32; N] {
    use Un::*;
    match op {
        FNeg => map1(x, |a| b(-f(a))),
        FAbs => map1(x, |a| b(f(a).abs())),
        FSign => map1(x, |a| b(fsign(f(a)))),
        Floor => map1(x, |a| b(f(a).floor())),
        Ceil => map1(x, |a| b(f(a).ceil())),
        Fract => map1(x, |a| b(f(a) - f(a).floor())),
        Trunc => map1(x, |a| b(f(a).trunc())),
        Round => map1(x, |a| b(f(a).round())),
        RoundEven => map1(x, |a| b(f(a).round_ties_even())),
        Sqrt => map1(x, |a| b(f(a).sqrt())),
        Rsqrt => map1(x, |a| b(1.0 / f(a).sqrt())),
        Rcp => map1(x, |a| b(1.0 / f(a))),
        // The shared approximations (oxgl_ir::approx): branch-free, so
        // these loops vectorize.
        Exp => map1(x, |a| b(approx::exp(f(a)))),
        Exp2 => map1(x, |a| b(approx::exp2(f(a)))),
        Log => map1(x, |a| b(approx::log(f(a)))),
        Log2 => map1(x, |a| b(approx::log2(f(a)))),
        Sin => map1(x, |a| b(approx::sin(f(a)))),
        Cos => map1(x, |a| b(approx::cos(f(a)))),
        Tan => map1(x, |a| b(approx::tan(f(a)))),
        Asin => map1(x, |a| b(f(a).asin())),
        Acos => map1(x, |a| b(f(a).acos())),
        Atan => map1(x, |a| b(f(a).atan())),
        Sinh => map1(x, |a| b(f(a).sinh())),
        Cosh => map1(x, |a| b(f(a).cosh())),
        Tanh => map1(x, |a| b(f(a).tanh())),
        Asinh => map1(x, |a| b(f(a).asinh())),
        Acosh => map1(x, |a| b(f(a).acosh())),
        Atanh => map1(x, |a| b(f(a).atanh())),
        Radians => map1(x, |a| b(f(a) * (std::f64::consts::PI / 180.0) as f32)),
        Degrees => map1(x, |a| b(f(a) * (180.0 / std::f64::consts::PI) as f32)),
        // NaN and -0 give +0 (docs/ir.md); branch-free so it vectorizes.
        FSat => map1(x, |a| b(crate::fsat(f(a)))),
        FrexpMant => map1(x, |a| b(frexp(f(a) as f64).0 as f32)),
        FrexpExp => map1(x, |a| frexp(f(a) as f64).1 as u32),
        IsNan => map1(x, |a| f(a).is_nan() as u32),
        IsInf => map1(x, |a| f(a).is_infinite() as u32),
        INeg => map1(x, |a| a.wrapping_neg()),
        IAbs => map1(x, |a| (a as i32).wrapping_abs() as u32),
        ISign => map1(x, |a| (a as i32).signum() as u32),
        BitReverse => map1(x, u32::reverse_bits),
        NotInt => map1(x, |a| !a),
        NotBool => map1(x, |a| a ^ 1),
        BitCount => map1(x, u32::count_ones),
        FindLsb => map1(x, |a| if a == 0 { u32::MAX } else { a.trailing_zeros() }),
        IFindMsb => map1(x, ifind_msb),
        UFindMsb => map1(x, |a| {
            if a == 0 {
                u32::MAX
            } else {
                31 - a.leading_zeros()
            }
        }),
        F2I => map1(x, |a| f(a) as i32 as u32),
        F2U => map1(x, |a| f(a) as u32),
        I2F => map1(x, |a| b(a as i32 as f32)),
        U2F => map1(x, |a| b(a as f32)),
        F2B => map1(x, |a| (f(a) != 0.0) as u32),
        I2B => map1(x, |a| (a != 0) as u32),
        B2F => map1(x, |a| b(a as f32)),
    }
}

/// `op(x, y)` over all lanes.
#[inline(always)]
pub fn bin_lanes<const N: usize>(op: Bin, x: &[u32; N], y: &[u32; N]) -> [u32; N] {
    use Bin::*;
    match op {
        FAdd => map2(x, y, |p, q| b(f(p) + f(q))),
        FSub => map2(x, y, |p, q| b(f(p) - f(q))),
        FMul => map2(x, y, |p, q| b(f(p) * f(q))),
        // x / 1 is x (projective texture coordinates usually have q = 1):
        // skip the division when every divisor is exactly 1.
        FDiv if y.iter().all(|q| *q == 1f32.to_bits()) => *x,
        FDiv => map2(x, y, |p, q| b(f(p) / f(q))),
        FMod => map2(x, y, |p, q| {
            let (p, q) = (f(p), f(q));
            b(p - q * (p / q).floor())
        }),
        FMin => map2(x, y, |p, q| b(fmin(f(p), f(q)))),
        FMax => map2(x, y, |p, q| b(fmax(f(p), f(q)))),
        Pow => map2(x, y, |p, q| b(approx::pow(f(p), f(q)))),
        Atan2 => map2(x, y, |p, q| b(f(p).atan2(f(q)))),
        Step => map2(x, y, |p, q| b(if f(q) < f(p) { 0.0 } else { 1.0 })),
        FEq => map2(x, y, |p, q| (f(p) == f(q)) as u32),
        FNe => map2(x, y, |p, q| (f(p) != f(q)) as u32),
        FLt => map2(x, y, |p, q| (f(p) < f(q)) as u32),
        FGe => map2(x, y, |p, q| (f(p) >= f(q)) as u32),
        IAdd => map2(x, y, u32::wrapping_add),
        ISub => map2(x, y, u32::wrapping_sub),
        IMul => map2(x, y, u32::wrapping_mul),
        IDiv => map2(x, y, |p, q| {
            if q == 0 {
                0
            } else {
                (p as i32).wrapping_div(q as i32) as u32
            }
        }),
        UDiv => map2(x, y, |p, q| p.checked_div(q).unwrap_or(0)),
        IMod => map2(x, y, |p, q| {
            if q == 0 {
                0
            } else {
                (p as i32).wrapping_rem(q as i32) as u32
            }
        }),
        UMod => map2(x, y, |p, q| p.checked_rem(q).unwrap_or(0)),
        IMin => map2(x, y, |p, q| (p as i32).min(q as i32) as u32),
        IMax => map2(x, y, |p, q| (p as i32).max(q as i32) as u32),
        UMin => map2(x, y, u32::min),
        UMax => map2(x, y, u32::max),
        And => map2(x, y, |p, q| p & q),
        Or => map2(x, y, |p, q| p | q),
        Xor => map2(x, y, |p, q| p ^ q),
        Shl => map2(x, y, |p, q| p << (q & 31)),
        UShr => map2(x, y, |p, q| p >> (q & 31)),
        IShr => map2(x, y, |p, q| ((p as i32) >> (q & 31)) as u32),
        IEq => map2(x, y, |p, q| (p == q) as u32),
        INe => map2(x, y, |p, q| (p != q) as u32),
        ILt => map2(x, y, |p, q| ((p as i32) < (q as i32)) as u32),
        IGe => map2(x, y, |p, q| ((p as i32) >= (q as i32)) as u32),
        ULt => map2(x, y, |p, q| (p < q) as u32),
        UGe => map2(x, y, |p, q| (p >= q) as u32),
        LdexpI => map2(x, y, |p, q| b(ldexp(f(p) as f64, q as i32 as i64) as f32)),
        LdexpU => map2(x, y, |p, q| b(ldexp(f(p) as f64, q as i64) as f32)),
    }
}

/// `op(x, y, z)` over all lanes.
#[inline(always)]
fn tern_lanes<const N: usize>(op: Tern, x: &[u32; N], y: &[u32; N], z: &[u32; N]) -> [u32; N] {
    use Tern::*;
    match op {
        Fma => fma(x, y, z),
        MulAdd => map3(x, y, z, |p, q, r| b(f(p) * f(q) + f(r))),
        FClamp => map3(x, y, z, |p, q, r| b(fmin(fmax(f(p), f(q)), f(r)))),
        Mix => map3(x, y, z, |p, q, r| {
            let (p, q, r) = (f(p), f(q), f(r));
            b(p * (1.0 - r) + q * r)
        }),
        Smoothstep => map3(x, y, z, |p, q, r| {
            let (e0, e1, v) = (f(p), f(q), f(r));
            let t = fmin(fmax((v - e0) / (e1 - e0), 0.0), 1.0);
            b(t * t * (3.0 - 2.0 * t))
        }),
        IClamp => map3(x, y, z, |p, q, r| {
            (p as i32).max(q as i32).min(r as i32) as u32
        }),
        UClamp => map3(x, y, z, |p, q, r| p.max(q).min(r)),
        Select => map3(x, y, z, |c, p, q| if c != 0 { p } else { q }),
    }
}

fn as_i64(x: u32, signed: bool) -> i64 {
    if signed { x as i32 as i64 } else { x as i64 }
}

/// Bitfield extract of one lane (`flags` as in [`crate::code::Op::Bfe`]).
pub fn bfe(x: u32, off: u32, bits: u32, flags: u8) -> u32 {
    let off = as_i64(off, flags & 2 != 0);
    let bits = as_i64(bits, flags & 4 != 0);
    if bits <= 0 || off < 0 || off + bits > 32 {
        return 0;
    }
    let field = ((x as u64) >> off) & ((1u64 << bits) - 1);
    if flags & 1 != 0 {
        let s = 64 - bits;
        (((field << s) as i64) >> s) as u32
    } else {
        field as u32
    }
}

/// Bitfield insert of one lane.
pub fn bfi(base: u32, ins: u32, off: u32, bits: u32, flags: u8) -> u32 {
    let off = as_i64(off, flags & 2 != 0);
    let bits = as_i64(bits, flags & 4 != 0);
    if bits <= 0 || off < 0 || off + bits > 32 {
        return base;
    }
    let fm = ((1u64 << bits) - 1) << off;
    (((base as u64) & !fm) | (((ins as u64) << off) & fm)) as u32
}

/// `pack_*` of one lane: `x` holds the source vector's lanes.
pub fn pack(op: Pack, x: [u32; 4]) -> u32 {
    // Scaled in single precision, as GLSL 4.20 §8.4 writes it (and Mesa
    // computes it): 0.9 * 65535 rounds to 58981.5, then to 58982.
    let unorm = |v: f64, scale: f32| ((v as f32).clamp(0.0, 1.0) * scale).round_ties_even() as u64;
    let snorm = |v: f64, scale: f32, bits: u32| {
        (((v as f32).clamp(-1.0, 1.0) * scale).round_ties_even() as i64 as u64)
            & ((1u64 << bits) - 1)
    };
    let (count, bits) = match op {
        Pack::Unorm4x8 | Pack::Snorm4x8 => (4, 8),
        _ => (2, 16),
    };
    let mut packed = 0u64;
    for (i, lane) in x.iter().enumerate().take(count) {
        let v = f(*lane) as f64;
        let p = match op {
            Pack::Unorm4x8 => unorm(v, 255.0),
            Pack::Snorm4x8 => snorm(v, 127.0, 8),
            Pack::Unorm2x16 => unorm(v, 65535.0),
            Pack::Snorm2x16 => snorm(v, 32767.0, 16),
            Pack::Half2x16 => f32_to_f16(f(*lane)) as u64,
        };
        packed |= p << (i * bits);
    }
    packed as u32
}

/// Lane `k` of `unpack_*(x)`.
pub fn unpack(op: Pack, k: u8, x: u32) -> u32 {
    let bits = match op {
        Pack::Unorm4x8 | Pack::Snorm4x8 => 8,
        _ => 16,
    };
    let field = (x >> (k as u32 * bits)) & ((1u32 << bits) - 1);
    let sext = |v: u32, w: u32| ((v << (32 - w)) as i32) >> (32 - w);
    let r = match op {
        Pack::Unorm4x8 => field as f32 / 255.0,
        Pack::Unorm2x16 => field as f32 / 65535.0,
        Pack::Snorm4x8 => (sext(field, 8) as f32 / 127.0).clamp(-1.0, 1.0),
        Pack::Snorm2x16 => (sext(field, 16) as f32 / 32767.0).clamp(-1.0, 1.0),
        Pack::Half2x16 => f16_to_f32(field as u16),
    };
    r.to_bits()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few-ulp-hard fma cases against libm's `mul_add`.
    #[test]
    fn fma_matches_libm() {
        let mut s = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let specials = [
            0.0f32,
            -0.0,
            1.0,
            -1.0,
            f32::MAX,
            f32::MIN_POSITIVE,
            1e-45,
            f32::INFINITY,
            f32::NEG_INFINITY,
            1.0 + f32::EPSILON,
            1.0 - f32::EPSILON / 2.0,
        ];
        for i in 0..200_000 {
            let r = next();
            let mut pick = |k: u64| -> f32 {
                if (r >> (k * 3)) & 7 == 0 {
                    specials[((r >> (k * 5 + 20)) % specials.len() as u64) as usize]
                } else {
                    let bits = (next() as u32) & 0x7fff_ffff;
                    let bits = bits % 0x7f80_0000;
                    let x = f32::from_bits(bits);
                    if (r >> (k + 40)) & 1 == 1 { -x } else { x }
                }
            };
            let (a, b, c) = if i % 2 == 0 {
                (pick(0), pick(1), pick(2))
            } else {
                // Nearly cancelling: c ≈ -a·b.
                let (a, b) = (pick(0), pick(1));
                (a, b, -(a * b) * (1.0 + (r >> 60) as f32 * f32::EPSILON))
            };
            let want = a.mul_add(b, c);
            let got = fma_f32(a, b, c);
            let lanes = super::fma(&[a.to_bits(); 4], &[b.to_bits(); 4], &[c.to_bits(); 4]);
            let fast = f32::from_bits(lanes[0]);
            assert!(
                want.to_bits() == fast.to_bits() || (want.is_nan() && fast.is_nan()),
                "lanes: fma({a:e}, {b:e}, {c:e}) = {want:e}, got {fast:e}"
            );
            assert!(
                want.to_bits() == got.to_bits() || (want.is_nan() && got.is_nan()),
                "fma({a:e}, {b:e}, {c:e}) = {want:e}, got {got:e}"
            );
        }
    }

    #[test]
    fn bitfields_and_packing_match_eval() {
        use oxgl_ir::{AluOp, ValType as T, eval};
        let i = |x: u32| (T::I32, [x as u64, 0, 0, 0]);
        for (x, o, n) in [
            (0xf0u32, 4u32, 4u32),
            (0xdead_beef, 8, 12),
            (5, 31, 2),
            (7, 0, 32),
        ] {
            let want = eval::alu(AluOp::IBfe, T::I32, &[i(x), i(o), i(n)])[0] as u32;
            assert_eq!(bfe(x, o, n, 7), want);
            let want = eval::alu(AluOp::Bfi, T::I32, &[i(x), i(0x1234), i(o), i(n)])[0] as u32;
            assert_eq!(bfi(x, 0x1234, o, n, 6), want);
        }
        let v = [0.25f32, -0.5, 1.5, 0.999].map(f32::to_bits);
        let ev = (T::F32X4, v.map(|x| x as u64));
        assert_eq!(
            pack(Pack::Snorm4x8, v) as u64,
            eval::alu(AluOp::PackSnorm4x8, T::U32, &[ev])[0]
        );
        let back = eval::alu(
            AluOp::UnpackSnorm4x8,
            T::F32X4,
            &[(T::U32, [0x80ff_7f01, 0, 0, 0])],
        );
        for k in 0..4 {
            assert_eq!(
                unpack(Pack::Snorm4x8, k, 0x80ff_7f01) as u64,
                back[k as usize]
            );
        }
    }
}
