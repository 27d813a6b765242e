//! RGTC blocks (ARB_texture_compression_rgtc, GL 3.0; GL 4.6 appendix
//! D.1): 8 bytes holding one channel of a 4×4 block — two endpoints, then
//! sixteen 3-bit indices (texel `4 y + x` at bit `16 + 3 i`). With
//! `red0 > red1` the indices pick among red0, red1 and six values between
//! them; otherwise among red0, red1, four values between them, the
//! minimum and the maximum. Signed blocks hold `i8` endpoints (-128 reads
//! as -127) over [-1, 1].

/// The eight values a block's indices select, normalized.
fn palette(block: &[u8; 8], signed: bool) -> [f32; 8] {
    let (r0, r1, min, max) = if signed {
        let e = |b: u8| f32::from((b as i8).max(-127));
        (e(block[0]), e(block[1]), -127.0, 127.0)
    } else {
        (f32::from(block[0]), f32::from(block[1]), 0.0, 255.0)
    };
    let mut p = [r0, r1, 0.0, 0.0, 0.0, 0.0, min, max];
    if r0 > r1 {
        for (i, v) in p.iter_mut().enumerate().skip(2) {
            let k = (i - 1) as f32;
            *v = ((7.0 - k) * r0 + k * r1) / 7.0;
        }
    } else {
        for (i, v) in p.iter_mut().enumerate().take(6).skip(2) {
            let k = (i - 1) as f32;
            *v = ((5.0 - k) * r0 + k * r1) / 5.0;
        }
    }
    p.map(|v| v / max)
}

/// Decodes one 8-byte RGTC block: 16 normalized values, texel `4 y + x`.
pub fn decode_channel(block: &[u8; 8], signed: bool) -> [f32; 16] {
    let p = palette(block, signed);
    let bits = u64::from_le_bytes(*block) >> 16;
    std::array::from_fn(|i| p[((bits >> (3 * i)) & 7) as usize])
}

/// Encodes 16 normalized values of one channel as an RGTC block: the
/// endpoints at their maximum and minimum (the eight-value mode), every
/// value at the nearest of the eight.
pub fn encode_channel(values: &[f32; 16], signed: bool) -> [u8; 8] {
    let (lo_limit, scale) = if signed { (-1.0, 127.0) } else { (0.0, 255.0) };
    let q: [f32; 16] = values.map(|v| {
        let v = if v.is_nan() {
            0.0
        } else {
            v.clamp(lo_limit, 1.0)
        };
        (v * scale).round()
    });
    let hi = q.iter().copied().fold(f32::MIN, f32::max);
    let lo = q.iter().copied().fold(f32::MAX, f32::min);
    let byte = |v: f32| {
        if signed { (v as i8) as u8 } else { v as u8 }
    };
    let mut block = [byte(hi), byte(lo), 0, 0, 0, 0, 0, 0];
    if hi > lo {
        let p = palette(&block, signed);
        let mut bits = 0u64;
        for (i, v) in q.iter().enumerate() {
            let v = v / scale;
            let best = (0..8)
                .min_by(|&a, &b| (p[a] - v).abs().total_cmp(&(p[b] - v).abs()))
                .unwrap_or(0);
            bits |= (best as u64) << (3 * i);
        }
        block[2..].copy_from_slice(&bits.to_le_bytes()[..6]);
    }
    block
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_value_blocks_interpolate_in_sevenths() {
        // red0 = 210 > red1 = 70: index 2 is (6 * 210 + 70) / 7 = 190.
        let mut block = [210, 70, 0, 0, 0, 0, 0, 0];
        let bits: u64 = 2 | (1 << 3) | (7 << 45);
        block[2..].copy_from_slice(&bits.to_le_bytes()[..6]);
        let v = decode_channel(&block, false);
        assert_eq!(v[0], 190.0 / 255.0);
        assert_eq!(v[1], 70.0 / 255.0);
        assert_eq!(v[2], 210.0 / 255.0);
        assert_eq!(v[15], 90.0 / 255.0);
    }

    #[test]
    fn six_value_blocks_have_the_extremes() {
        // red0 = 10 <= red1 = 60: indices 6 and 7 are 0 and 1.
        let mut block = [10, 60, 0, 0, 0, 0, 0, 0];
        let bits: u64 = 6 | (7 << 3) | (2 << 6);
        block[2..].copy_from_slice(&bits.to_le_bytes()[..6]);
        let v = decode_channel(&block, false);
        assert_eq!(v[0], 0.0);
        assert_eq!(v[1], 1.0);
        assert_eq!(v[2], 20.0 / 255.0);
        // Signed: -128 reads as -127 (-1.0); the extremes are -1 and 1.
        let v = decode_channel(&[0x80, 0x7f, 0, 0, 0, 0, 0, 0], true);
        assert_eq!(v[0], -1.0);
    }

    #[test]
    fn encoding_round_trips_within_a_step() {
        for signed in [false, true] {
            let values: [f32; 16] = std::array::from_fn(|i| {
                let v = i as f32 / 15.0;
                if signed { 2.0 * v - 1.0 } else { v }
            });
            let out = decode_channel(&encode_channel(&values, signed), signed);
            for (a, b) in values.iter().zip(&out) {
                // Eight levels over the range: within half of 2/7.
                assert!((a - b).abs() <= 0.15, "{signed}: {a} -> {b}");
            }
            let flat = [0.5; 16];
            let out = decode_channel(&encode_channel(&flat, signed), signed);
            let step = if signed { 1.0 / 127.0 } else { 1.0 / 255.0 };
            assert!((out[3] - 0.5).abs() <= step);
        }
    }
}
