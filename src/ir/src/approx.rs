//! `exp2`, `log2`, `exp`, `log`, `pow`, `sin`, `cos` and `tan` on `f32` in
//! `f32` arithmetic:
//! branch-free sequences of additions, multiplications, integer operations
//! on the bits and selects, so that a lane loop vectorizes and a code
//! generator can emit the same operations (in the same order, no fused
//! multiply-add) and get the same bits. Every evaluator of the engine
//! (`eval`, the interpreter, the JIT) computes these functions with them.
//!
//! The precision is what GLSL 4.60 §4.7.1 allows, with room to spare
//! (`tests::within_glsl_precision` measures it over a sweep of every
//! exponent range):
//!
//! | function | GLSL allows | measured here |
//! |---|---|---|
//! | `exp2(x)` | (3 + 2·\|x\|) ULP | 1.2 ULP |
//! | `exp(x)` | (3 + 2·\|x\|) ULP | (0.7 + 2·\|x\|) ULP: the rounding of `x · log2(e)` |
//! | `log2(x)` | 3 ULP outside [0.5, 2], absolute 2^-21 inside | 0.9 ULP; absolute 0.6 · 2^-23 |
//! | `log(x)` | the same | 1.6 ULP; absolute below 2^-21 |
//! | `sin(x)`, `cos(x)` | absolute 2^-11 in [-π, π] | absolute 2^-23 there; 10^-5 in [-10^4, 10^4] |
//! | `tan(x)` | inherited from `sin`/`cos` | their quotient; 4 ULP in [-1.5, 1.5] |
//! | `pow(x, y)` | inherited from `exp2(y · log2(x))` | that composition |
//!
//! Subnormal numbers are flushed, as GLSL allows: `log2` takes a
//! subnormal input as zero, and `exp2(x)` is 0 for x < -126 (no step
//! computes a subnormal number, which costs x86 a microcode assist each
//! time). `log2` of a
//! negative number is NaN, of ±0 −∞; NaN inputs come back as they are.
//!
//! The polynomials are Cephes' `exp2f`, `log2f`, `sinf` and `cosf`
//! (S. L. Moshier), the ones many SIMD libraries use.

/// 1.5 · 2^23: adding it rounds an `f32` of magnitude below 2^22 to the
/// nearest integer (ties to even), which then sits in the low mantissa bits.
pub const ROUND_MAGIC: f32 = 12_582_912.0;

/// The bits of [`ROUND_MAGIC`].
pub const ROUND_MAGIC_BITS: i32 = 0x4b40_0000;

/// `exp2` clamps its argument to at most this: far enough that the result
/// is ∞, near enough that `2^n` splits into two normal factors.
pub const EXP2_LIMIT: f32 = 160.0;

/// `exp2` of anything below this is 0 (the result would be subnormal).
pub const EXP2_MIN: f32 = -126.0;

/// Cephes `exp2f`: `2^f - 1 ≈ f · P(f)` on [-0.5, 0.5], highest degree first.
pub const EXP2_P: [f32; 6] = [
    1.535_336_2e-4,
    1.339_887_4e-3,
    9.618_437e-3,
    5.550_332_5e-2,
    2.402_264_8e-1,
    6.931_472e-1,
];

/// The bits of √½: `log2` reduces the mantissa to [√½, √2).
pub const SQRT_HALF_BITS: i32 = 0x3f35_04f3;

/// Cephes `log2f`: `log(1+a) ≈ a - a²/2 + a³ · P(a)` on [√½ - 1, √2 - 1],
/// highest degree first.
pub const LOG_P: [f32; 9] = [
    7.037_683_6e-2,
    -1.151_461e-1,
    1.167_699_9e-1,
    -1.242_014_1e-1,
    1.424_932_3e-1,
    -1.666_805_8e-1,
    2.000_071_5e-1,
    -2.499_999_4e-1,
    3.333_333e-1,
];

/// log2(e) - 1, so that `x · log2(e)` is `x · LOG2EA + x` with less rounding.
pub const LOG2EA: f32 = 0.442_695_04;

/// log2(e), rounded (for `exp`).
pub const LOG2_E: f32 = std::f32::consts::LOG2_E;

/// ln(2), rounded (for `log`).
pub const LN_2: f32 = std::f32::consts::LN_2;

/// `P(x)` for coefficients highest degree first: `(c0·x + c1)·x + ...`,
/// a multiplication and an addition per step (the JIT's `horner` emits the
/// same).
#[inline(always)]
pub fn horner(coefs: &[f32], x: f32) -> f32 {
    let mut p = coefs[0];
    for &c in &coefs[1..] {
        p = p * x + c;
    }
    p
}

/// 2^x.
#[inline(always)]
pub fn exp2(x: f32) -> f32 {
    // NaN turns into EXP2_MIN here and is put back at the end. No step
    // below makes a subnormal number: x86 takes a microcode assist of
    // about a hundred cycles for each (specular terms hit it all the time:
    // pow(0, 100)).
    let c = if x > EXP2_MIN { x } else { EXP2_MIN };
    let c = if c < EXP2_LIMIT { c } else { EXP2_LIMIT };
    let k = c + ROUND_MAGIC;
    let n = (k.to_bits() as i32).wrapping_sub(ROUND_MAGIC_BITS);
    let f = c - (k - ROUND_MAGIC);
    let r = horner(&EXP2_P, f) * f + 1.0;
    // 2^n as two normal factors: n reaches ±160.
    let n1 = n >> 1;
    let n2 = n - n1;
    let s1 = f32::from_bits(((n1 + 127) << 23) as u32);
    let s2 = f32::from_bits(((n2 + 127) << 23) as u32);
    let r = r * s1 * s2;
    let r = if x < EXP2_MIN { 0.0 } else { r };
    if x.is_nan() { x } else { r }
}

/// log2(x).
#[inline(always)]
pub fn log2(x: f32) -> f32 {
    let t = (x.to_bits() as i32).wrapping_sub(SQRT_HALF_BITS);
    let e = (t >> 23) as f32;
    let m = f32::from_bits(((t & 0x007f_ffff) + SQRT_HALF_BITS) as u32);
    let a = m - 1.0;
    let z = a * a;
    let y = a * (z * horner(&LOG_P, a));
    let y = y - 0.5 * z;
    let r = y * LOG2EA;
    let r = r + a * LOG2EA;
    let r = r + y;
    let r = r + a;
    let r = r + e;
    let r = if x < f32::MIN_POSITIVE {
        if x < 0.0 { f32::NAN } else { f32::NEG_INFINITY }
    } else {
        r
    };
    let r = if x == f32::INFINITY { x } else { r };
    if x.is_nan() { x } else { r }
}

/// e^x, as `exp2(x · log2(e))`.
#[inline(always)]
pub fn exp(x: f32) -> f32 {
    exp2(x * LOG2_E)
}

/// ln(x), as `log2(x) · ln(2)`.
#[inline(always)]
pub fn log(x: f32) -> f32 {
    log2(x) * LN_2
}

/// x^y, as `exp2(y · log2(x))` (GLSL: undefined for x < 0, and for x = 0
/// with y ≤ 0).
#[inline(always)]
pub fn pow(x: f32, y: f32) -> f32 {
    exp2(y * log2(x))
}

/// 4/π: `sin` and `cos` count octants of their argument.
pub const FOUR_OVER_PI: f32 = 1.273_239_5;

/// −π/4 in three parts (Cody and Waite): `x − j·π/4` as three
/// multiply-adds keeps the reduced argument accurate for |x| up to
/// thousands.
pub const PI4_PARTS: [f32; 3] = [-0.785_156_25, -2.418_756_5e-4, -3.774_895e-8];

/// Cephes `sinf`: `sin(r) ≈ r + r³ · P(r²)` on [-π/4, π/4], highest degree
/// first.
pub const SIN_P: [f32; 3] = [-1.951_529_6e-4, 8.332_161e-3, -1.666_665_5e-1];

/// Cephes `cosf`: `cos(r) ≈ 1 − r²/2 + r⁴ · Q(r²)` on [-π/4, π/4].
pub const COS_P: [f32; 3] = [2.443_315_7e-5, -1.388_731_6e-3, 4.166_664_6e-2];

/// The octant reduction of `sin` and `cos`: `|x| = j·π/4 + r` with `j`
/// even and `r` in [-π/4, π/4]; returns `j` and the two polynomials,
/// `(j, sin r, cos r)`.
#[inline(always)]
fn octant(x: f32) -> (i32, f32, f32) {
    let a = f32::from_bits(x.to_bits() & 0x7fff_ffff);
    // Saturating, as the JIT's conversion; NaN gives 0.
    let j = (a * FOUR_OVER_PI) as i32;
    let j = j.wrapping_add(1) & !1;
    let y = j as f32;
    let r = a + y * PI4_PARTS[0];
    let r = r + y * PI4_PARTS[1];
    let r = r + y * PI4_PARTS[2];
    let z = r * r;
    let sin = horner(&SIN_P, z) * z * r + r;
    let cos = horner(&COS_P, z) * z * z - 0.5 * z + 1.0;
    (j, sin, cos)
}

/// sin(x) from an octant reduction: quadrant j/2 gives sin, cos, −sin,
/// −cos of the remainder; odd in x.
#[inline(always)]
fn sin_of(x: f32, (j, ps, pc): (i32, f32, f32)) -> f32 {
    let poly = if j & 2 != 0 { pc } else { ps };
    let sign = ((j & 4) << 29) as u32 ^ (x.to_bits() & 0x8000_0000);
    f32::from_bits(poly.to_bits() ^ sign)
}

/// cos(x) from an octant reduction: quadrant j/2 gives cos, −sin, −cos,
/// sin of the remainder; even in x.
#[inline(always)]
fn cos_of((j, ps, pc): (i32, f32, f32)) -> f32 {
    let poly = if j & 2 != 0 { ps } else { pc };
    let sign = ((j.wrapping_add(2) & 4) << 29) as u32;
    f32::from_bits(poly.to_bits() ^ sign)
}

/// sin(x) (GLSL: absolute error 2^-11 in [-π, π]; this one 2^-23 there).
#[inline(always)]
pub fn sin(x: f32) -> f32 {
    sin_of(x, octant(x))
}

/// cos(x) (GLSL: absolute error 2^-11 in [-π, π]; this one 2^-23 there).
#[inline(always)]
pub fn cos(x: f32) -> f32 {
    cos_of(octant(x))
}

/// tan(x) as `sin(x) / cos(x)`, one reduction for both (GLSL: "inherited
/// from sin/cos").
#[inline(always)]
pub fn tan(x: f32) -> f32 {
    let o = octant(x);
    sin_of(x, o) / cos_of(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distance in units in the last place of `want` (an f32 ULP at its
    /// magnitude; subnormal spacing below the normal range).
    fn ulps(got: f32, want: f64) -> f64 {
        let w = want as f32;
        let ulp = if w.abs() < f32::MIN_POSITIVE {
            f32::from_bits(1) as f64
        } else {
            let b = w.abs().to_bits() & 0x7f80_0000;
            f32::from_bits(b) as f64 * f64::powi(2.0, -23)
        };
        (got as f64 - want).abs() / ulp
    }

    /// Every 257th `f32` bit pattern in `lo..=hi` (by value), both signs as
    /// asked, plus the ends.
    fn sweep(lo: f32, hi: f32) -> impl Iterator<Item = f32> {
        (0..=u32::MAX)
            .step_by(257)
            .map(f32::from_bits)
            .filter(move |v| v.is_finite() && *v >= lo && *v <= hi)
            .chain([lo, hi])
    }

    #[test]
    fn within_glsl_precision() {
        let mut worst = [0.0f64; 5];
        for x in sweep(-149.0, 127.99) {
            if x < EXP2_MIN {
                assert_eq!(exp2(x), 0.0, "exp2({x:e}) flushes");
                continue;
            }
            let e = ulps(exp2(x), (x as f64).exp2());
            assert!(e <= 3.0 + 2.0 * x.abs() as f64, "exp2({x:e}): {e} ULP");
            worst[0] = worst[0].max(e);
        }
        for x in sweep(-87.0, 88.7) {
            let want = (x as f64).exp();
            if want < f32::MIN_POSITIVE as f64 && exp(x) == 0.0 {
                continue;
            }
            let e = ulps(exp(x), want);
            assert!(e <= 3.0 + 2.0 * x.abs() as f64, "exp({x:e}): {e} ULP");
            worst[1] = worst[1].max(e - 2.0 * x.abs() as f64);
        }
        for x in sweep(f32::MIN_POSITIVE, f32::MAX) {
            let (got, want) = (log2(x), (x as f64).log2());
            if (0.5..=2.0).contains(&x) {
                let abs = (got as f64 - want).abs();
                assert!(abs < f64::powi(2.0, -21), "log2({x:e}): {abs:e} absolute");
                worst[3] = worst[3].max(abs / f64::powi(2.0, -23));
            } else {
                let e = ulps(got, want);
                assert!(e <= 3.0, "log2({x:e}): {e} ULP");
                worst[2] = worst[2].max(e);
            }
            let (got, want) = (log(x), (x as f64).ln());
            if (0.5..=2.0).contains(&x) {
                let abs = (got as f64 - want).abs();
                assert!(abs < f64::powi(2.0, -21), "log({x:e}): {abs:e} absolute");
            } else {
                let e = ulps(got, want);
                assert!(e <= 3.0, "log({x:e}): {e} ULP");
                worst[4] = worst[4].max(e);
            }
        }
        // What the module docs claim.
        assert!(worst[0] <= 1.2, "exp2 worst {} ULP", worst[0]);
        assert!(worst[1] <= 0.7, "exp worst {} ULP beyond 2|x|", worst[1]);
        assert!(worst[2] <= 0.9, "log2 worst {} ULP", worst[2]);
        assert!(worst[3] <= 0.6, "log2 worst {} · 2^-23 absolute", worst[3]);
        assert!(worst[4] <= 1.6, "log worst {} ULP", worst[4]);
    }

    #[test]
    fn sin_and_cos_within_glsl_precision() {
        let mut worst = 0f64;
        let mut worst_wide = 0f64;
        for x in sweep(-std::f32::consts::PI, std::f32::consts::PI) {
            for (got, want) in [(sin(x), (x as f64).sin()), (cos(x), (x as f64).cos())] {
                let e = (got as f64 - want).abs();
                assert!(e <= f64::powi(2.0, -11), "sin/cos({x:e}): {e:e} absolute");
                worst = worst.max(e);
            }
        }
        // Beyond [-π, π] GLSL asks nothing; the reduction keeps the error
        // small for the arguments shaders pass (time, angles in degrees).
        for x in sweep(-1.0e4, 1.0e4) {
            for (got, want) in [(sin(x), (x as f64).sin()), (cos(x), (x as f64).cos())] {
                worst_wide = worst_wide.max((got as f64 - want).abs());
            }
        }
        assert!(worst <= f64::powi(2.0, -23), "worst {worst:e} in [-π, π]");
        // tan: the quotient of the two, within a few ULP of it wherever
        // cos is not tiny.
        for x in sweep(-1.5, 1.5) {
            let want = (x as f64).tan();
            let e = ulps(tan(x), want);
            assert!(e <= 4.0, "tan({x:e}): {e} ULP");
        }
        assert!(worst_wide <= 1.0e-5, "worst {worst_wide:e} in [-1e4, 1e4]");
        assert_eq!(sin(0.0), 0.0);
        assert_eq!(sin(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(cos(0.0), 1.0);
        assert!(sin(f32::NAN).is_nan() && cos(f32::NAN).is_nan());
    }

    #[test]
    fn exact_where_exactness_is_expected() {
        for n in -126..=127 {
            let x = n as f32;
            assert_eq!(exp2(x) as f64, (n as f64).exp2(), "exp2({n})");
        }
        for n in -126..=127 {
            assert_eq!(log2((n as f32).exp2()), n as f32, "log2(2^{n})");
        }
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(log(1.0), 0.0);
        // Integer powers of powers of two, and 1^y.
        assert_eq!(pow(2.0, 10.0), 1024.0);
        assert_eq!(pow(0.5, 3.0), 0.125);
        assert_eq!(pow(1.0, 123.4), 1.0);
        assert_eq!(pow(5.0, 0.0), 1.0);
    }

    #[test]
    fn special_values() {
        assert_eq!(exp2(f32::INFINITY), f32::INFINITY);
        assert_eq!(exp2(f32::NEG_INFINITY), 0.0);
        assert_eq!(exp2(128.0), f32::INFINITY);
        assert_eq!(exp2(-200.0), 0.0);
        assert!(exp2(f32::NAN).is_nan());
        assert_eq!(log2(0.0), f32::NEG_INFINITY);
        assert_eq!(log2(-0.0), f32::NEG_INFINITY);
        assert_eq!(log2(1e-45), f32::NEG_INFINITY, "subnormals count as 0");
        assert!(log2(-1.0).is_nan());
        assert!(log2(f32::NEG_INFINITY).is_nan());
        assert_eq!(log2(f32::INFINITY), f32::INFINITY);
        assert!(log2(f32::NAN).is_nan());
        // pow: 0^y for y > 0 is 0, x^∞ for x > 1 is ∞.
        assert_eq!(pow(0.0, 2.5), 0.0);
        assert_eq!(pow(3.0, f32::INFINITY), f32::INFINITY);
        assert_eq!(pow(0.5, f32::INFINITY), 0.0);
        // Typical specular exponents: within a few ULP of the exact power.
        for (x, y) in [(0.9f32, 100.0f32), (0.5, 16.0), (0.99, 64.0), (0.3, 2.0)] {
            let e = ulps(pow(x, y), (x as f64).powf(y as f64));
            assert!(e < 16.0, "pow({x}, {y}): {e} ULP");
        }
    }
}
