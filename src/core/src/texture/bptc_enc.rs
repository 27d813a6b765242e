//! BPTC encoders: what `glTexImage*` and `glGenerateMipmap` store for a
//! texture of a BPTC internal format (ARB_texture_compression_bptc, GL 4.6
//! §8.7 and appendix D: the GL compresses the image it is given).
//!
//! Each block is encoded in one mode, with its endpoints at the block's
//! per-channel minimum and maximum and every texel at the nearest of the
//! 16 interpolated colours — a simple, fast encoder whose output any BPTC
//! decoder reads ([`crate::texture::bptc`] decodes it for sampling):
//!
//! * BC7 (`GL_COMPRESSED_RGBA_BPTC_UNORM`, `..._SRGB_ALPHA_...`): mode 6,
//!   one subset, RGBA endpoints of 7 bits plus a p-bit each, 4-bit indices;
//! * BC6H (`GL_COMPRESSED_RGB_BPTC_{UNSIGNED,SIGNED}_FLOAT`): mode 11
//!   (`0x03`), one region, 10-bit endpoints, 4-bit indices.

/// BPTC's 4-bit interpolation weights (of 64).
const WEIGHTS4: [i32; 16] = [0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64];

/// Writes bits LSB first into a 128-bit block.
struct BitWriter {
    bits: u128,
    at: u32,
}

impl BitWriter {
    fn new() -> Self {
        BitWriter { bits: 0, at: 0 }
    }

    fn put(&mut self, value: u32, n: u32) {
        let mask = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        self.bits |= u128::from(value & mask) << self.at;
        self.at += n;
    }

    fn finish(self) -> [u8; 16] {
        debug_assert_eq!(self.at, 128);
        self.bits.to_le_bytes()
    }
}

fn interp(a: i32, b: i32, w: i32) -> i32 {
    ((64 - w) * a + w * b + 32) >> 6
}

/// Encodes a 4×4 block of RGBA8 texels (index `4 y + x`) as BC7 mode 6.
pub fn encode_bc7(texels: &[[u8; 4]; 16]) -> [u8; 16] {
    let mut lo = [255u8; 4];
    let mut hi = [0u8; 4];
    for t in texels {
        for c in 0..4 {
            lo[c] = lo[c].min(t[c]);
            hi[c] = hi[c].max(t[c]);
        }
    }
    // The line runs from the minimum to the maximum of the channel with the
    // widest range; a channel that falls while it rises runs the other way.
    let flip = anticorrelated(
        &texels.map(|t| t.map(f32::from)),
        lo.map(f32::from),
        hi.map(f32::from),
    );
    let (mut a, mut b) = (lo, hi);
    for c in 0..4 {
        if flip[c] {
            std::mem::swap(&mut a[c], &mut b[c]);
        }
    }
    // Endpoint values are (7 bits << 1) | p-bit, p = 0 and 1: each channel
    // takes the nearest 7-bit value.
    let mut p = [0u32, 1u32];
    let to7 = |v: u8, p: u32| ((i32::from(v) - p as i32 + 1) / 2).clamp(0, 127) as u8;
    let mut e = [a.map(|v| to7(v, 0)), b.map(|v| to7(v, 1))];
    let value = |e7: [u8; 4], p: u32| e7.map(|v| (i32::from(v) << 1) | p as i32);
    let mut idx = [0u32; 16];
    let pick = |a: [i32; 4], b: [i32; 4], t: &[u8; 4]| -> u32 {
        let mut best = (i64::MAX, 0u32);
        for (i, &w) in WEIGHTS4.iter().enumerate() {
            let mut err = 0i64;
            for c in 0..4 {
                let d = i64::from(interp(a[c], b[c], w) - i32::from(t[c]));
                err += d * d;
            }
            if err < best.0 {
                best = (err, i as u32);
            }
        }
        best.1
    };
    let (a, b) = (value(e[0], p[0]), value(e[1], p[1]));
    for (i, t) in texels.iter().enumerate() {
        idx[i] = pick(a, b, t);
    }
    // The anchor (texel 0) stores 3 bits: its index must be below 8.
    if idx[0] >= 8 {
        e.swap(0, 1);
        p.swap(0, 1);
        for v in &mut idx {
            *v = 15 - *v;
        }
    }
    let mut w = BitWriter::new();
    w.put(1 << 6, 7); // mode 6: six zero bits, then a one
    for (a, b) in e[0].iter().zip(&e[1]) {
        w.put(u32::from(*a), 7);
        w.put(u32::from(*b), 7);
    }
    w.put(p[0], 1);
    w.put(p[1], 1);
    for (i, &v) in idx.iter().enumerate() {
        w.put(v, if i == 0 { 3 } else { 4 });
    }
    w.finish()
}

/// Per channel, whether it decreases along the block's main direction: the
/// channel of widest range (`lo`..`hi`) is the reference, and a channel
/// whose covariance with it is negative runs the other way.
pub(crate) fn anticorrelated<const N: usize>(
    texels: &[[f32; N]],
    lo: [f32; N],
    hi: [f32; N],
) -> [bool; N] {
    let reference = (0..N)
        .max_by(|&a, &b| (hi[a] - lo[a]).total_cmp(&(hi[b] - lo[b])))
        .unwrap_or(0);
    let n = texels.len().max(1) as f32;
    let mean: [f32; N] = std::array::from_fn(|c| texels.iter().map(|t| t[c]).sum::<f32>() / n);
    std::array::from_fn(|c| {
        let cov: f32 = texels
            .iter()
            .map(|t| (t[c] - mean[c]) * (t[reference] - mean[reference]))
            .sum();
        cov < 0.0
    })
}

/// BC6H's unquantization of a 10-bit endpoint (unsigned or two's
/// complement signed), to the 16-bit interpolation domain.
fn unquantize10(x: i32, signed: bool) -> i32 {
    if !signed {
        match x {
            0 => 0,
            1023 => 0xFFFF,
            _ => ((x << 16) + 0x8000) >> 10,
        }
    } else {
        let (s, m) = if x < 0 { (-1, -x) } else { (1, x) };
        let u = match m {
            0 => 0,
            _ if m >= 511 => 0x7FFF,
            _ => ((m << 15) + 0x4000) >> 9,
        };
        s * u
    }
}

/// BC6H's final scaling of an interpolated value to half-float bits (as a
/// signed integer for the signed format).
fn finish(x: i32, signed: bool) -> i32 {
    if !signed {
        (x * 31) >> 6
    } else if x < 0 {
        -(((-x) * 31) >> 5)
    } else {
        (x * 31) >> 5
    }
}

/// Half-float bits (sign-magnitude as a signed integer for the signed
/// format) of `v`, clamped to what the format holds.
fn half_of(v: f32, signed: bool) -> i32 {
    let v = if v.is_nan() {
        0.0
    } else {
        v.clamp(-65504.0, 65504.0)
    };
    let h = i32::from(oxgl_ir::eval::f32_to_f16(v.abs()) & 0x7FFF).min(0x7BFF);
    match (signed, v < 0.0) {
        (false, true) => 0,
        (true, true) => -h,
        _ => h,
    }
}

/// The 10-bit endpoint whose decoded value (interpolated at weight 0) is
/// nearest to half bits `h`.
fn quantize10(h: i32, signed: bool) -> i32 {
    let range = if signed { -511..=511 } else { 0..=1023 };
    // The decoding is monotonic: start near the inverse and search around.
    let guess = if signed {
        (h * 512) / 0x7BFF
    } else {
        (h * 1024) / 0x7BFF
    };
    let mut best = (i32::MAX, 0);
    for q in guess - 3..=guess + 3 {
        if !range.contains(&q) {
            continue;
        }
        let d = (finish(unquantize10(q, signed), signed) - h).abs();
        if d < best.0 {
            best = (d, q);
        }
    }
    best.1
}

/// Encodes a 4×4 block of RGB float texels as BC6H mode 11.
pub fn encode_bc6h(texels: &[[f32; 3]; 16], signed: bool) -> [u8; 16] {
    let halves: Vec<[i32; 3]> = texels
        .iter()
        .map(|t| t.map(|v| half_of(v, signed)))
        .collect();
    let mut e = [[0i32; 3]; 2];
    let as_f32: [[f32; 3]; 16] = std::array::from_fn(|i| halves[i].map(|h| h as f32));
    let lo: [f32; 3] =
        std::array::from_fn(|c| as_f32.iter().map(|h| h[c]).fold(f32::MAX, f32::min));
    let hi: [f32; 3] =
        std::array::from_fn(|c| as_f32.iter().map(|h| h[c]).fold(f32::MIN, f32::max));
    let flip = anticorrelated(&as_f32, lo, hi);
    for c in 0..3 {
        let (a, b) = if flip[c] {
            (hi[c], lo[c])
        } else {
            (lo[c], hi[c])
        };
        e[0][c] = quantize10(a as i32, signed);
        e[1][c] = quantize10(b as i32, signed);
    }
    let mut idx = [0u32; 16];
    let pick = |e: &[[i32; 3]; 2], h: &[i32; 3]| -> u32 {
        let mut best = (i64::MAX, 0u32);
        for (i, &w) in WEIGHTS4.iter().enumerate() {
            let mut err = 0i64;
            for c in 0..3 {
                let a = unquantize10(e[0][c], signed);
                let b = unquantize10(e[1][c], signed);
                let d = i64::from(finish(interp(a, b, w), signed) - h[c]);
                err += d * d;
            }
            if err < best.0 {
                best = (err, i as u32);
            }
        }
        best.1
    };
    for (i, h) in halves.iter().enumerate() {
        idx[i] = pick(&e, h);
    }
    if idx[0] >= 8 {
        e.swap(0, 1);
        for v in &mut idx {
            *v = 15 - *v;
        }
    }
    let mut w = BitWriter::new();
    w.put(0x03, 5);
    for v in e.iter().flatten() {
        w.put(*v as u32 & 0x3FF, 10);
    }
    for (i, &v) in idx.iter().enumerate() {
        w.put(v, if i == 0 { 3 } else { 4 });
    }
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bc7_blocks_decode_near_what_was_encoded() {
        let texels: [[u8; 4]; 16] =
            std::array::from_fn(|i| [(i * 16) as u8, 255 - (i * 9) as u8, 40, (128 + i) as u8]);
        let out = crate::texture::bptc::decode_bc7(&encode_bc7(&texels));
        for (a, b) in texels.iter().zip(&out) {
            for c in 0..4 {
                assert!(a[c].abs_diff(b[c]) <= 10, "{a:?} -> {b:?}");
            }
        }
        // A flat block is within one step (the p-bits make one endpoint's
        // channels even, the other's odd).
        let flat = [[200, 100, 50, 255]; 16];
        for t in crate::texture::bptc::decode_bc7(&encode_bc7(&flat)) {
            for c in 0..4 {
                assert!(t[c].abs_diff(flat[0][c]) <= 1, "{t:?}");
            }
        }
    }

    #[test]
    fn bc6h_blocks_decode_near_what_was_encoded() {
        for signed in [false, true] {
            let texels: [[f32; 3]; 16] = std::array::from_fn(|i| {
                let v = 0.25 + i as f32 * 0.5;
                [v, 2.0 * v, if signed { -v } else { v / 4.0 }]
            });
            let out = crate::texture::bptc::decode_bc6h(&encode_bc6h(&texels, signed), signed);
            for (a, b) in texels.iter().zip(&out) {
                for c in 0..3 {
                    // 16 steps in half-float bits over a range of five
                    // exponents: up to ~15% between two steps.
                    let tolerance = a[c].abs() * 0.2 + 0.05;
                    assert!((a[c] - b[c]).abs() <= tolerance, "{signed}: {a:?} -> {b:?}");
                }
            }
        }
        // Negative values clamp to 0 in the unsigned format.
        let out =
            crate::texture::bptc::decode_bc6h(&encode_bc6h(&[[-1.0, 0.0, 1.0]; 16], false), false);
        assert_eq!(out[0][0], 0.0);
        assert!((out[0][2] - 1.0).abs() < 0.01);
    }
}
