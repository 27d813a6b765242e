//! The semantics of the pure operations, on raw lane bits ([`Bits`]).
//!
//! This file *is* the definition of every ALU operation's result: constant
//! folding and the reference interpreter both call it, and the backends are
//! tested against the interpreter. Floats are computed in their own precision
//! (an `f32` `fadd` is an `f32` addition, not an `f64` one rounded), so the
//! basic operations (`fadd fsub fmul fdiv fma sqrt fmin fmax floor ceil trunc
//! round_even fract fabs fneg` and conversions) are exact IEEE results that a
//! JIT reproduces bit for bit; transcendental functions come from Rust's `std`
//! and backends match them within a tolerance. `f16` lanes are computed in
//! `f32` and rounded.

use crate::{AluOp, Bits, Scalar, ValType};
use std::ops::{Add, Div, Mul, Neg, Sub};

/// Floating point arithmetic shared by the `f32` and `f64` evaluators.
trait Flt:
    Copy
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    fn c(x: f64) -> Self;
    fn is_nan(self) -> bool;
    fn abs(self) -> Self;
    fn floor(self) -> Self;
    fn ceil(self) -> Self;
    fn trunc(self) -> Self;
    fn round(self) -> Self;
    fn round_ties_even(self) -> Self;
    fn sqrt(self) -> Self;
    fn exp(self) -> Self;
    fn exp2(self) -> Self;
    fn ln(self) -> Self;
    fn log2(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn tan(self) -> Self;
    fn asin(self) -> Self;
    fn acos(self) -> Self;
    fn atan(self) -> Self;
    fn sinh(self) -> Self;
    fn cosh(self) -> Self;
    fn tanh(self) -> Self;
    fn asinh(self) -> Self;
    fn acosh(self) -> Self;
    fn atanh(self) -> Self;
    fn powf(self, y: Self) -> Self;
    fn atan2(self, x: Self) -> Self;
    fn mul_add(self, b: Self, c: Self) -> Self;
    fn min(self, y: Self) -> Self;
    fn max(self, y: Self) -> Self;
}

macro_rules! impl_flt {
    ($t:ty; $($transcendental:tt)*) => {
        impl Flt for $t {
            fn c(x: f64) -> Self {
                x as $t
            }
            impl_flt!(@fwd $t; is_nan -> bool);
            impl_flt!(@fwd $t; abs -> Self, floor -> Self, ceil -> Self, trunc -> Self,
                round -> Self, round_ties_even -> Self, sqrt -> Self, asin -> Self, acos -> Self, atan -> Self, sinh -> Self,
                cosh -> Self, tanh -> Self, asinh -> Self, acosh -> Self, atanh -> Self);
            $($transcendental)*
            fn atan2(self, x: Self) -> Self {
                <$t>::atan2(self, x)
            }
            fn mul_add(self, b: Self, c: Self) -> Self {
                <$t>::mul_add(self, b, c)
            }
            fn min(self, y: Self) -> Self {
                <$t>::min(self, y)
            }
            fn max(self, y: Self) -> Self {
                <$t>::max(self, y)
            }
        }
    };
    (@fwd $t:ty; $($f:ident -> $r:ty),*) => {
        $(fn $f(self) -> $r { <$t>::$f(self) })*
    };
}
// f32: the engine's own approximations, which every evaluator shares
// (crate::approx). f64 has no transcendental built-ins in GLSL; libm.
impl_flt! { f32;
    fn exp(self) -> Self { crate::approx::exp(self) }
    fn exp2(self) -> Self { crate::approx::exp2(self) }
    fn ln(self) -> Self { crate::approx::log(self) }
    fn log2(self) -> Self { crate::approx::log2(self) }
    fn powf(self, y: Self) -> Self { crate::approx::pow(self, y) }
    fn sin(self) -> Self { crate::approx::sin(self) }
    fn cos(self) -> Self { crate::approx::cos(self) }
    fn tan(self) -> Self { crate::approx::tan(self) }
}
impl_flt! { f64;
    fn exp(self) -> Self { f64::exp(self) }
    fn exp2(self) -> Self { f64::exp2(self) }
    fn ln(self) -> Self { f64::ln(self) }
    fn log2(self) -> Self { f64::log2(self) }
    fn powf(self, y: Self) -> Self { f64::powf(self, y) }
    fn sin(self) -> Self { f64::sin(self) }
    fn cos(self) -> Self { f64::cos(self) }
    fn tan(self) -> Self { f64::tan(self) }
}

/// f32 to IEEE binary16 bits, rounding to nearest even, and back
/// (exact): the conversions every crate shares.
pub use oxgl_util::format::{f32_to_half as f32_to_f16, half_to_f32 as f16_to_f32};

/// Mask of the low `bits` bits.
fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Sign-extends the low `bits` bits.
fn sext(x: u64, bits: u32) -> i64 {
    let s = 64 - bits;
    ((x << s) as i64) >> s
}

/// Lane `x` of kind `s` as f64 (floats only).
pub fn get_f(s: Scalar, x: u64) -> f64 {
    match s {
        Scalar::F32 => f32::from_bits(x as u32) as f64,
        Scalar::F64 => f64::from_bits(x),
        Scalar::F16 => f16_to_f32(x as u16) as f64,
        _ => panic!("get_f on {s:?}"),
    }
}

/// Encodes `x` as a lane of float kind `s` (rounding to nearest).
pub fn put_f(s: Scalar, x: f64) -> u64 {
    match s {
        Scalar::F32 => (x as f32).to_bits() as u64,
        Scalar::F64 => x.to_bits(),
        Scalar::F16 => f32_to_f16(x as f32) as u64,
        _ => panic!("put_f on {s:?}"),
    }
}

/// Lane `x` of integer kind `s`, sign-extended when signed.
pub fn get_i(s: Scalar, x: u64) -> i64 {
    if s.is_signed() {
        sext(x, s.bits())
    } else {
        x as i64
    }
}

/// Encodes an integer as a lane of kind `s` (truncating to its width).
pub fn put_i(s: Scalar, x: i64) -> u64 {
    (x as u64) & mask(s.bits())
}

/// Bits of a constant of type `ty` from f64 lanes (floats), integer lanes
/// (ints) or nonzero (bool). Convenience for builders and tests.
pub fn splat_bits(ty: ValType, x: f64) -> Bits {
    let lane = if ty.scalar.is_float() {
        put_f(ty.scalar, x)
    } else if ty.scalar == Scalar::Bool {
        (x != 0.0) as u64
    } else {
        put_i(ty.scalar, x as i64)
    };
    let mut out = [0; 4];
    out[..ty.n()].fill(lane);
    out
}

/// `fmax`: the non-NaN operand; `x` when they compare equal (so the sign of
/// a zero result is `x`'s). Spelled out rather than `f32::max`, whose
/// choice between -0 and +0 is unspecified, so that every backend can match.
fn fmax<F: Flt>(x: F, y: F) -> F {
    if x.is_nan() | (y > x) { y } else { x }
}

/// `fmin` with [`fmax`]'s conventions.
fn fmin<F: Flt>(x: F, y: F) -> F {
    if x.is_nan() | (y < x) { y } else { x }
}

/// Evaluates a float-class op on lanes of one float kind `F`.
fn float_op<F: Flt>(op: AluOp, a: &[Vec<F>], n: usize) -> Vec<F> {
    use AluOp::*;
    let zero = F::c(0.0);
    let one = F::c(1.0);
    let dot = |x: &[F], y: &[F]| {
        let mut acc = x[0] * y[0];
        for i in 1..x.len() {
            acc = acc + x[i] * y[i];
        }
        acc
    };
    let lane = |i: usize| -> F {
        let x = a[0][i];
        let y = || a[1][i];
        let z = || a[2][i];
        match op {
            FNeg => -x,
            FAbs => x.abs(),
            FSign => {
                if x > zero {
                    one
                } else if x < zero {
                    -one
                } else {
                    zero
                }
            }
            Floor => x.floor(),
            Ceil => x.ceil(),
            Fract => x - x.floor(),
            Trunc => x.trunc(),
            Round => x.round(),
            RoundEven => x.round_ties_even(),
            Sqrt => x.sqrt(),
            Rsqrt => one / x.sqrt(),
            Rcp => one / x,
            Exp => x.exp(),
            Exp2 => x.exp2(),
            Log => x.ln(),
            Log2 => x.log2(),
            Sin => x.sin(),
            Cos => x.cos(),
            Tan => x.tan(),
            Asin => x.asin(),
            Acos => x.acos(),
            Atan => x.atan(),
            Sinh => x.sinh(),
            Cosh => x.cosh(),
            Tanh => x.tanh(),
            Asinh => x.asinh(),
            Acosh => x.acosh(),
            Atanh => x.atanh(),
            Radians => x * F::c(std::f64::consts::PI / 180.0),
            Degrees => x * F::c(180.0 / std::f64::consts::PI),
            // NaN and -0 give +0.
            FSat => {
                if x > zero {
                    if x < one { x } else { one }
                } else {
                    zero
                }
            }
            FAdd => x + y(),
            FSub => x - y(),
            FMul => x * y(),
            FDiv => x / y(),
            FMod => x - y() * (x / y()).floor(),
            FMin => fmin(x, y()),
            FMax => fmax(x, y()),
            Pow => x.powf(y()),
            Atan2 => x.atan2(y()),
            Step => {
                if y() < x {
                    zero
                } else {
                    one
                }
            }
            Fma => x.mul_add(y(), z()),
            FClamp => fmin(fmax(x, y()), z()),
            Mix => x * (one - z()) + y() * z(),
            Smoothstep => {
                let t = ((z() - x) / (y() - x)).max(zero).min(one);
                t * t * (F::c(3.0) - F::c(2.0) * t)
            }
            _ => unreachable!("{op:?} is not lane-wise float"),
        }
    };
    match op {
        Normalize => {
            let len = dot(&a[0], &a[0]).sqrt();
            a[0].iter().map(|x| *x / len).collect()
        }
        Reflect => {
            let d = dot(&a[1], &a[0]);
            (0..n).map(|i| a[0][i] - F::c(2.0) * d * a[1][i]).collect()
        }
        FaceForward => {
            let flip = dot(&a[2], &a[1]).partial_cmp(&zero) != Some(std::cmp::Ordering::Less);
            a[0].iter().map(|x| if flip { -*x } else { *x }).collect()
        }
        Refract => {
            let (i, nn, eta) = (&a[0], &a[1], a[2][0]);
            let d = dot(nn, i);
            let k = one - eta * eta * (one - d * d);
            if k < zero {
                vec![zero; n]
            } else {
                (0..n)
                    .map(|j| eta * i[j] - (eta * d + k.sqrt()) * nn[j])
                    .collect()
            }
        }
        Cross => {
            let (x, y) = (&a[0], &a[1]);
            vec![
                x[1] * y[2] - y[1] * x[2],
                x[2] * y[0] - y[2] * x[0],
                x[0] * y[1] - y[0] * x[1],
            ]
        }
        Dot => vec![dot(&a[0], &a[1])],
        Length => vec![dot(&a[0], &a[0]).sqrt()],
        Distance => {
            let d: Vec<F> = (0..a[0].len()).map(|i| a[0][i] - a[1][i]).collect();
            vec![dot(&d, &d).sqrt()]
        }
        _ => (0..n).map(lane).collect(),
    }
}

/// Evaluates a float op whose operands and result are of float kind `s`.
fn float_dispatch(op: AluOp, s: Scalar, args: &[(ValType, Bits)], n: usize) -> Vec<u64> {
    match s {
        Scalar::F64 => {
            let a: Vec<Vec<f64>> = args
                .iter()
                .map(|(t, b)| b[..t.n()].iter().map(|x| f64::from_bits(*x)).collect())
                .collect();
            float_op(op, &a, n).into_iter().map(f64::to_bits).collect()
        }
        _ => {
            let a: Vec<Vec<f32>> = args
                .iter()
                .map(|(t, b)| b[..t.n()].iter().map(|x| get_f(s, *x) as f32).collect())
                .collect();
            float_op(op, &a, n)
                .into_iter()
                .map(|x| put_f(s, x as f64))
                .collect()
        }
    }
}

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

fn ldexp(x: f64, e: i64) -> f64 {
    let e = e.clamp(-2200, 2200) as i32;
    // Two steps keep 2^e representable.
    x * 2f64.powi(e / 2) * 2f64.powi(e - e / 2)
}

fn bfe(x: u64, offset: i64, bits: i64, width: u32, signed: bool) -> u64 {
    if bits <= 0 || offset < 0 || offset + bits > width as i64 {
        return 0;
    }
    let field = (x >> offset) & mask(bits as u32);
    if signed {
        put_i_w(sext(field, bits as u32), width)
    } else {
        field
    }
}

fn put_i_w(x: i64, width: u32) -> u64 {
    (x as u64) & mask(width)
}

/// Evaluates `op` on operands `(type, bits)` producing a value of type
/// `result`. The operands must satisfy [`crate::ops::check`].
pub fn alu(op: AluOp, result: ValType, args: &[(ValType, Bits)]) -> Bits {
    use AluOp::*;
    let n = result.n();
    let s = args[0].0.scalar;
    let w = s.bits();
    let m = mask(w);
    let mut out = [0u64; 4];
    let lane = |k: usize, i: usize| args[k].1[if args[k].0.lanes == 1 { 0 } else { i }];
    let mut set = |vals: &mut dyn Iterator<Item = u64>| {
        for (o, v) in out.iter_mut().zip(vals) {
            *o = v;
        }
    };
    // Packing scales in single precision, as the interpreter and Mesa.
    let unorm = |x: f64, scale: f32| ((x as f32).clamp(0.0, 1.0) * scale).round_ties_even() as u64;
    let snorm = |x: f64, scale: f32, bits: u32| {
        (((x as f32).clamp(-1.0, 1.0) * scale).round_ties_even() as i64 as u64) & mask(bits)
    };
    match op {
        FrexpMant => set(&mut (0..n).map(|i| put_f(s, frexp(get_f(s, lane(0, i))).0))),
        _ if matches!(op.sig(), crate::ops::Sig::Same(crate::ops::Class::Float))
            || matches!(op, Dot | Length | Distance | Cross | Refract) =>
        {
            set(&mut float_dispatch(op, s, args, n).into_iter());
        }
        FrexpExp => {
            set(&mut (0..n).map(|i| put_i(Scalar::I32, frexp(get_f(s, lane(0, i))).1 as i64)))
        }
        FEq | FNe | FLt | FGe => set(&mut (0..n).map(|i| {
            let (x, y) = (get_f(s, lane(0, i)), get_f(s, lane(1, i)));
            (match op {
                FEq => x == y,
                FNe => x != y,
                FLt => x < y,
                _ => x >= y,
            }) as u64
        })),
        IsNan => set(&mut (0..n).map(|i| get_f(s, lane(0, i)).is_nan() as u64)),
        IsInf => set(&mut (0..n).map(|i| get_f(s, lane(0, i)).is_infinite() as u64)),
        Ldexp => set(&mut (0..n).map(|i| {
            let e = get_i(args[1].0.scalar, lane(1, i));
            if s == Scalar::F64 {
                ldexp(get_f(s, lane(0, i)), e).to_bits()
            } else {
                put_f(s, ldexp(get_f(s, lane(0, i)), e))
            }
        })),
        INeg | IAbs | ISign | BitReverse | Not | IAdd | ISub | IMul | IDiv | UDiv | IMod | UMod
        | IMin | IMax | UMin | UMax | And | Or | Xor | Shl | UShr | IShr | IClamp | UClamp => {
            let w = if s == Scalar::Bool { 1 } else { w };
            set(&mut (0..n).map(|i| {
                let x = lane(0, i);
                let y = if args.len() > 1 { lane(1, i) } else { 0 };
                let z = if args.len() > 2 { lane(2, i) } else { 0 };
                let (sx, sy, sz) = (sext(x, w), sext(y, w), sext(z, w));
                let shift = (y & (w as u64 - 1)) as u32;
                let r: u64 = match op {
                    INeg => (sx.wrapping_neg()) as u64,
                    IAbs => sx.wrapping_abs() as u64,
                    ISign => sx.signum() as u64,
                    BitReverse => x.reverse_bits() >> (64 - w),
                    Not => !x,
                    IAdd => x.wrapping_add(y),
                    ISub => x.wrapping_sub(y),
                    IMul => x.wrapping_mul(y),
                    IDiv => {
                        if sy == 0 {
                            0
                        } else {
                            sx.wrapping_div(sy) as u64
                        }
                    }
                    UDiv => x.checked_div(y).unwrap_or(0),
                    IMod => {
                        if sy == 0 {
                            0
                        } else {
                            sx.wrapping_rem(sy) as u64
                        }
                    }
                    UMod => x.checked_rem(y).unwrap_or(0),
                    IMin => sx.min(sy) as u64,
                    IMax => sx.max(sy) as u64,
                    UMin => x.min(y),
                    UMax => x.max(y),
                    And => x & y,
                    Or => x | y,
                    Xor => x ^ y,
                    Shl => x << shift,
                    UShr => x >> shift,
                    IShr => (sx >> shift) as u64,
                    IClamp => sx.max(sy).min(sz) as u64,
                    UClamp => x.max(y).min(z),
                    _ => unreachable!(),
                };
                r & mask(w)
            }));
        }
        IBfe | UBfe => {
            let off = get_i(args[1].0.scalar, args[1].1[0]);
            let bits = get_i(args[2].0.scalar, args[2].1[0]);
            set(&mut (0..n).map(|i| bfe(lane(0, i), off, bits, w, op == IBfe)));
        }
        Bfi => {
            let off = get_i(args[2].0.scalar, args[2].1[0]);
            let bits = get_i(args[3].0.scalar, args[3].1[0]);
            set(&mut (0..n).map(|i| {
                if bits <= 0 || off < 0 || off + bits > w as i64 {
                    return lane(0, i);
                }
                let fm = mask(bits as u32) << off;
                (lane(0, i) & !fm) | ((lane(1, i) << off) & fm)
            }));
        }
        BitCount => set(&mut (0..n).map(|i| (lane(0, i) & m).count_ones() as u64)),
        FindLsb | IFindMsb | UFindMsb => set(&mut (0..n).map(|i| {
            let x = lane(0, i) & m;
            let r: i64 = match op {
                FindLsb if x == 0 => -1,
                FindLsb => x.trailing_zeros() as i64,
                UFindMsb if x == 0 => -1,
                UFindMsb => 63 - x.leading_zeros() as i64,
                _ => {
                    let v = sext(x, w);
                    let v = if v < 0 { !v } else { v } as u64;
                    if v == 0 {
                        -1
                    } else {
                        63 - v.leading_zeros() as i64
                    }
                }
            };
            put_i(Scalar::I32, r)
        })),
        IEq | INe | ILt | IGe | ULt | UGe => set(&mut (0..n).map(|i| {
            let (x, y) = (lane(0, i), lane(1, i));
            let (sx, sy) = (sext(x, w), sext(y, w));
            (match op {
                IEq => x == y,
                INe => x != y,
                ILt => sx < sy,
                IGe => sx >= sy,
                ULt => x < y,
                _ => x >= y,
            }) as u64
        })),
        Any => out[0] = (0..args[0].0.n()).any(|i| lane(0, i) != 0) as u64,
        All => out[0] = (0..args[0].0.n()).all(|i| lane(0, i) != 0) as u64,
        Select => set(&mut (0..n).map(|i| {
            if lane(0, i) != 0 {
                lane(1, i)
            } else {
                lane(2, i)
            }
        })),
        Convert => set(&mut (0..n).map(|i| convert(s, result.scalar, lane(0, i)))),
        Bitcast => set(&mut (0..n).map(|i| lane(0, i))),
        VExtract => {
            let idx = get_i(args[1].0.scalar, args[1].1[0]);
            out[0] = if (0..args[0].0.lanes as i64).contains(&idx) {
                args[0].1[idx as usize]
            } else {
                0
            };
        }
        VInsert => {
            out = args[0].1;
            let idx = get_i(args[2].0.scalar, args[2].1[0]);
            if (0..n as i64).contains(&idx) {
                out[idx as usize] = args[1].1[0];
            }
        }
        PackUnorm4x8 | PackSnorm4x8 | PackUnorm2x16 | PackSnorm2x16 | PackHalf2x16 => {
            let (count, bits) = match op {
                PackUnorm4x8 | PackSnorm4x8 => (4, 8),
                _ => (2, 16),
            };
            let mut packed = 0u64;
            for i in 0..count {
                let x = get_f(Scalar::F32, lane(0, i));
                let v = match op {
                    PackUnorm4x8 => unorm(x, 255.0),
                    PackSnorm4x8 => snorm(x, 127.0, 8),
                    PackUnorm2x16 => unorm(x, 65535.0),
                    PackSnorm2x16 => snorm(x, 32767.0, 16),
                    _ => f32_to_f16(x as f32) as u64,
                };
                packed |= v << (i * bits);
            }
            out[0] = packed;
        }
        UnpackUnorm4x8 | UnpackSnorm4x8 | UnpackUnorm2x16 | UnpackSnorm2x16 | UnpackHalf2x16 => {
            let x = args[0].1[0];
            let bits = if n == 4 { 8 } else { 16 };
            set(&mut (0..n).map(|i| {
                let field = (x >> (i as u32 * bits)) & mask(bits);
                let f = match op {
                    UnpackUnorm4x8 => field as f32 / 255.0,
                    UnpackUnorm2x16 => field as f32 / 65535.0,
                    UnpackSnorm4x8 => (sext(field, 8) as f32 / 127.0).clamp(-1.0, 1.0),
                    UnpackSnorm2x16 => (sext(field, 16) as f32 / 32767.0).clamp(-1.0, 1.0),
                    _ => f16_to_f32(field as u16),
                };
                f.to_bits() as u64
            }));
        }
        PackDouble2x32 => out[0] = args[0].1[0] | (args[0].1[1] << 32),
        UnpackDouble2x32 => {
            out[0] = args[0].1[0] & 0xffff_ffff;
            out[1] = args[0].1[0] >> 32;
        }
        _ => unreachable!("{op:?} handled above"),
    }
    out
}

/// Converts one lane from kind `from` to kind `to` ([`AluOp::Convert`]).
pub fn convert(from: Scalar, to: Scalar, x: u64) -> u64 {
    if from == to {
        return x;
    }
    if to == Scalar::Bool {
        return if from.is_float() {
            (get_f(from, x) != 0.0) as u64
        } else {
            (x != 0) as u64
        };
    }
    if from == Scalar::Bool {
        return if to.is_float() {
            put_f(to, x as f64)
        } else {
            x
        };
    }
    match (from.is_float(), to.is_float()) {
        (true, true) => put_f(to, get_f(from, x)),
        (true, false) => {
            let f = get_f(from, x);
            match to {
                Scalar::I32 => f as i32 as u32 as u64,
                Scalar::U32 => f as u32 as u64,
                Scalar::I64 => f as i64 as u64,
                _ => f as u64,
            }
        }
        (false, true) => {
            // Round once, directly to the target precision.
            let signed = from.is_signed();
            let v = get_i(from, x);
            match to {
                Scalar::F64 if signed => (v as f64).to_bits(),
                Scalar::F64 => (x as f64).to_bits(),
                Scalar::F32 if signed => (v as f32).to_bits() as u64,
                Scalar::F32 => (x as f32).to_bits() as u64,
                _ => put_f(to, if signed { v as f32 } else { x as f32 } as f64),
            }
        }
        (false, false) => put_i(to, get_i(from, x)),
    }
}

/// Picks lanes of `v` ([`crate::Op::Swizzle`]).
pub fn swizzle(v: Bits, lanes: [u8; 4], n: usize) -> Bits {
    let mut out = [0; 4];
    for i in 0..n {
        out[i] = v[lanes[i] as usize];
    }
    out
}

/// Concatenates lanes ([`crate::Op::Construct`]).
pub fn construct(parts: &[(ValType, Bits)]) -> Bits {
    let mut out = [0; 4];
    let mut k = 0;
    for (t, b) in parts {
        for x in &b[..t.n()] {
            if k < 4 {
                out[k] = *x;
            }
            k += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ValType as T;

    fn f(x: f32) -> (T, Bits) {
        (T::F32, [x.to_bits() as u64, 0, 0, 0])
    }
    fn i(x: i32) -> (T, Bits) {
        (T::I32, [x as u32 as u64, 0, 0, 0])
    }
    fn as_f(b: Bits) -> f32 {
        f32::from_bits(b[0] as u32)
    }

    #[test]
    fn float_ops_in_own_precision() {
        assert_eq!(
            as_f(alu(AluOp::FAdd, T::F32, &[f(0.1), f(0.2)])),
            0.1f32 + 0.2f32
        );
        assert_eq!(as_f(alu(AluOp::FMod, T::F32, &[f(-1.0), f(3.0)])), 2.0);
        assert_eq!(as_f(alu(AluOp::FSat, T::F32, &[f(f32::NAN)])), 0.0);
        assert_eq!(as_f(alu(AluOp::Step, T::F32, &[f(0.5), f(0.5)])), 1.0);
        assert_eq!(as_f(alu(AluOp::FMin, T::F32, &[f(f32::NAN), f(2.0)])), 2.0);
        assert_eq!(
            as_f(alu(AluOp::Smoothstep, T::F32, &[f(0.0), f(1.0), f(0.5)])),
            0.5
        );
    }

    #[test]
    fn int_ops_wrap_and_define_division_by_zero() {
        assert_eq!(alu(AluOp::IDiv, T::I32, &[i(7), i(0)])[0], 0);
        assert_eq!(
            alu(AluOp::IDiv, T::I32, &[i(i32::MIN), i(-1)])[0],
            i32::MIN as u32 as u64
        );
        assert_eq!(
            alu(AluOp::IMod, T::I32, &[i(-7), i(3)])[0],
            -1i32 as u32 as u64
        );
        assert_eq!(
            alu(AluOp::IShr, T::I32, &[i(-8), i(1)])[0],
            -4i32 as u32 as u64
        );
        assert_eq!(alu(AluOp::Shl, T::I32, &[i(1), i(33)])[0], 2);
        assert_eq!(
            alu(AluOp::IFindMsb, T::I32, &[i(-1)])[0],
            -1i32 as u32 as u64
        );
        assert_eq!(alu(AluOp::UFindMsb, T::I32, &[i(256)])[0], 8);
        assert_eq!(
            alu(AluOp::IBfe, T::I32, &[i(0xf0), i(4), i(4)])[0],
            0xffff_ffff
        );
        assert_eq!(alu(AluOp::Bfi, T::I32, &[i(0), i(3), i(4), i(2)])[0], 0x30);
        assert_eq!(alu(AluOp::BitReverse, T::I32, &[i(1)])[0], 0x8000_0000);
        let v = (T::I32X2, [5, 6, 0, 0]);
        assert_eq!(
            alu(AluOp::VInsert, T::I32X2, &[v, i(9), i(1)]),
            [5, 9, 0, 0]
        );
        assert_eq!(
            alu(AluOp::VInsert, T::I32X2, &[v, i(9), i(2)]),
            [5, 6, 0, 0]
        );
        assert_eq!(alu(AluOp::VExtract, T::I32, &[v, i(1)])[0], 6);
    }

    #[test]
    fn conversions_saturate() {
        assert_eq!(
            convert(Scalar::F32, Scalar::I32, (3.9f32).to_bits() as u64),
            3
        );
        assert_eq!(
            convert(Scalar::F32, Scalar::U32, (-1f32).to_bits() as u64),
            0
        );
        assert_eq!(
            convert(Scalar::F32, Scalar::I32, f32::NAN.to_bits() as u64),
            0
        );
        assert_eq!(
            convert(Scalar::I32, Scalar::F32, 0xffff_ffff),
            (-1f32).to_bits() as u64
        );
        assert_eq!(
            convert(Scalar::U32, Scalar::F32, 0xffff_ffff),
            (4294967296f32).to_bits() as u64
        );
        assert_eq!(convert(Scalar::Bool, Scalar::F32, 1), 1f32.to_bits() as u64);
        assert_eq!(convert(Scalar::I32, Scalar::I64, 0xffff_ffff), u64::MAX);
    }

    #[test]
    fn packing() {
        let v = (T::F32X4, [1f32, 0.0, 0.5, 2.0].map(|x| x.to_bits() as u64));
        assert_eq!(alu(AluOp::PackUnorm4x8, T::U32, &[v])[0], 0xff80_00ff);
        let h = (T::F32X2, [1f32, -2.0, 0.0, 0.0].map(|x| x.to_bits() as u64));
        let p = alu(AluOp::PackHalf2x16, T::U32, &[h]);
        assert_eq!(p[0], 0xc000_3c00);
        let back = alu(AluOp::UnpackHalf2x16, T::F32X2, &[(T::U32, p)]);
        assert_eq!(back[..2], h.1[..2]);
        for x in [0.1f32, 65504.0, 1e-7, -3.5e-5, 3.0e4] {
            let r = f16_to_f32(f32_to_f16(x));
            assert!(
                (r - x).abs() <= (x.abs() * 1e-3).max(2f32.powi(-25)),
                "{x} -> {r}"
            );
        }
        assert_eq!(f32_to_f16(1e6), 0x7c00);
    }

    #[test]
    fn frexp_ldexp() {
        assert_eq!(frexp(8.0), (0.5, 4));
        assert_eq!(frexp(-0.75), (-0.75, 0));
        assert_eq!(frexp(f64::MIN_POSITIVE / 4.0).1, -1023);
        let mant = alu(
            AluOp::FrexpMant,
            ValType::F64,
            &[(ValType::F64, [(-12.0f64).to_bits(), 0, 0, 0])],
        );
        assert_eq!(f64::from_bits(mant[0]), -0.75);
        assert_eq!(ldexp(0.5, 4), 8.0);
    }
}
