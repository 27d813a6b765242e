//! S3TC blocks (EXT_texture_compression_s3tc; the DXT1, DXT3 and DXT5
//! formats of the Khronos Data Format Specification, "S3TC"): 4×4 texels,
//! texel `4 y + x`.
//!
//! * A colour block (8 bytes): two RGB565 endpoints `c0`, `c1`, then 2-bit
//!   indices (texel `i` at bits `2 i` of the last word). With `c0 > c1` (and
//!   always in DXT3/DXT5) the palette is `c0, c1, (2 c0 + c1) / 3,
//!   (c0 + 2 c1) / 3`; otherwise `c0, c1, (c0 + c1) / 2` and black — which
//!   is transparent in `GL_COMPRESSED_RGBA_S3TC_DXT1_EXT`. Interpolation is
//!   on the endpoints expanded to 8 bits, divided as integers (as Mesa's
//!   decoder does).
//! * DXT3 adds an explicit 4-bit alpha per texel (8 bytes first); DXT5 an
//!   interpolated alpha block (8 bytes first) laid out as an RGTC block.
//!
//! The encoders put the endpoints at the block's extremes along its main
//! direction and every texel at the nearest palette entry.

/// Which S3TC format a block is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dxt {
    /// DXT1 without alpha.
    Rgb1,
    /// DXT1 with 1-bit alpha.
    Rgba1,
    /// DXT3: explicit alpha.
    Rgba3,
    /// DXT5: interpolated alpha.
    Rgba5,
}

impl Dxt {
    /// Bytes of one block.
    pub fn block_bytes(self) -> usize {
        match self {
            Dxt::Rgb1 | Dxt::Rgba1 => 8,
            Dxt::Rgba3 | Dxt::Rgba5 => 16,
        }
    }
}

fn expand565(c: u16) -> [u32; 3] {
    let r = u32::from(c >> 11) & 31;
    let g = u32::from(c >> 5) & 63;
    let b = u32::from(c) & 31;
    [
        (r << 3) | (r >> 2),
        (g << 2) | (g >> 4),
        (b << 3) | (b >> 2),
    ]
}

/// The four RGBA8 colours of a colour block.
fn color_palette(block: &[u8], four_always: bool, alpha: bool) -> [[u8; 4]; 4] {
    let c0 = u16::from_le_bytes([block[0], block[1]]);
    let c1 = u16::from_le_bytes([block[2], block[3]]);
    let (e0, e1) = (expand565(c0), expand565(c1));
    let mix = |f: &dyn Fn(u32, u32) -> u32| -> [u8; 4] {
        [
            f(e0[0], e1[0]) as u8,
            f(e0[1], e1[1]) as u8,
            f(e0[2], e1[2]) as u8,
            255,
        ]
    };
    let p0 = mix(&|a, _| a);
    let p1 = mix(&|_, b| b);
    if four_always || c0 > c1 {
        [
            p0,
            p1,
            mix(&|a, b| (2 * a + b) / 3),
            mix(&|a, b| (a + 2 * b) / 3),
        ]
    } else {
        let black = [0, 0, 0, if alpha { 0 } else { 255 }];
        [p0, p1, mix(&|a, b| (a + b) / 2), black]
    }
}

fn decode_color(block: &[u8], four_always: bool, alpha: bool) -> [[u8; 4]; 16] {
    let p = color_palette(block, four_always, alpha);
    let bits = u32::from_le_bytes([block[4], block[5], block[6], block[7]]);
    std::array::from_fn(|i| p[((bits >> (2 * i)) & 3) as usize])
}

/// DXT5's eight alpha values (as Mesa: integer division).
fn alpha_palette(a0: u8, a1: u8) -> [u8; 8] {
    let (a, b) = (u32::from(a0), u32::from(a1));
    let mut p = [a0, a1, 0, 0, 0, 0, 0, 255];
    if a0 > a1 {
        for (i, v) in p.iter_mut().enumerate().skip(2) {
            let k = i as u32 - 1;
            *v = (((7 - k) * a + k * b) / 7) as u8;
        }
    } else {
        for (i, v) in p.iter_mut().enumerate().take(6).skip(2) {
            let k = i as u32 - 1;
            *v = (((5 - k) * a + k * b) / 5) as u8;
        }
        p[6] = 0;
    }
    p
}

/// Decodes one block into RGBA8 texels.
pub fn decode(kind: Dxt, block: &[u8]) -> [[u8; 4]; 16] {
    match kind {
        Dxt::Rgb1 => decode_color(block, false, false),
        Dxt::Rgba1 => decode_color(block, false, true),
        Dxt::Rgba3 => {
            let mut t = decode_color(&block[8..16], true, false);
            let bits = u64::from_le_bytes(block[..8].try_into().unwrap_or([0; 8]));
            for (i, t) in t.iter_mut().enumerate() {
                let a = ((bits >> (4 * i)) & 15) as u8;
                t[3] = a * 17;
            }
            t
        }
        Dxt::Rgba5 => {
            let mut t = decode_color(&block[8..16], true, false);
            let p = alpha_palette(block[0], block[1]);
            let bits = u64::from_le_bytes(block[..8].try_into().unwrap_or([0; 8])) >> 16;
            for (i, t) in t.iter_mut().enumerate() {
                t[3] = p[((bits >> (3 * i)) & 7) as usize];
            }
            t
        }
    }
}

fn to565(c: [f32; 3]) -> u16 {
    let q = |v: f32, max: f32| (v.clamp(0.0, 255.0) * max / 255.0).round() as u16;
    (q(c[0], 31.0) << 11) | (q(c[1], 63.0) << 5) | q(c[2], 31.0)
}

/// Encodes the colour of 16 RGBA8 texels as a colour block; with
/// `transparent` (DXT1 with alpha) texels of alpha below 128 take the
/// three-colour mode's transparent black.
fn encode_color(t: &[[u8; 4]; 16], transparent: bool) -> [u8; 8] {
    let cut = |t: &[u8; 4]| transparent && t[3] < 128;
    let opaque: Vec<[f32; 3]> = t
        .iter()
        .filter(|t| !cut(t))
        .map(|t| [f32::from(t[0]), f32::from(t[1]), f32::from(t[2])])
        .collect();
    if opaque.is_empty() {
        // Every texel transparent: c0 = c1 = 0 (three-colour mode), index 3.
        let mut b = [0u8; 8];
        b[4..].copy_from_slice(&u32::MAX.to_le_bytes());
        return b;
    }
    // The main direction: the widest channel, and the others following it
    // up or down by their covariance with it (as the BPTC encoder).
    let min: [f32; 3] =
        std::array::from_fn(|c| opaque.iter().map(|t| t[c]).fold(f32::MAX, f32::min));
    let max: [f32; 3] =
        std::array::from_fn(|c| opaque.iter().map(|t| t[c]).fold(f32::MIN, f32::max));
    let flip = crate::texture::bptc_enc::anticorrelated(&opaque, min, max);
    let lo: [f32; 3] = std::array::from_fn(|c| if flip[c] { max[c] } else { min[c] });
    let hi: [f32; 3] = std::array::from_fn(|c| if flip[c] { min[c] } else { max[c] });
    let (mut c0, mut c1) = (to565(hi), to565(lo));
    let three = transparent && opaque.len() < 16;
    // Four-colour mode needs c0 > c1, three-colour mode c0 <= c1.
    if (three && c0 > c1) || (!three && c0 < c1) {
        std::mem::swap(&mut c0, &mut c1);
    }
    let mut block = [0u8; 8];
    block[..2].copy_from_slice(&c0.to_le_bytes());
    block[2..4].copy_from_slice(&c1.to_le_bytes());
    if !three && c0 == c1 {
        // One colour: index 0 everywhere.
        return block;
    }
    let p = color_palette(&block, false, transparent);
    let mut bits = 0u32;
    for (i, t) in t.iter().enumerate() {
        let index = if cut(t) {
            3
        } else {
            let usable = if three { 3 } else { 4 };
            (0..usable)
                .min_by_key(|&k| {
                    (0..3)
                        .map(|c| {
                            let d = i32::from(p[k][c]) - i32::from(t[c]);
                            d * d
                        })
                        .sum::<i32>()
                })
                .unwrap_or(0)
        };
        bits |= (index as u32) << (2 * i);
    }
    block[4..].copy_from_slice(&bits.to_le_bytes());
    block
}

fn encode_alpha5(t: &[[u8; 4]; 16]) -> [u8; 8] {
    let hi = t.iter().map(|t| t[3]).max().unwrap_or(255);
    let lo = t.iter().map(|t| t[3]).min().unwrap_or(255);
    let mut block = [hi, lo, 0, 0, 0, 0, 0, 0];
    if hi > lo {
        let p = alpha_palette(hi, lo);
        let mut bits = 0u64;
        for (i, t) in t.iter().enumerate() {
            let best = (0..8)
                .min_by_key(|&k| (i32::from(p[k]) - i32::from(t[3])).abs())
                .unwrap_or(0);
            bits |= (best as u64) << (3 * i);
        }
        block[2..].copy_from_slice(&bits.to_le_bytes()[..6]);
    }
    block
}

/// Encodes 16 RGBA8 texels as one block.
pub fn encode(kind: Dxt, t: &[[u8; 4]; 16]) -> Vec<u8> {
    match kind {
        Dxt::Rgb1 => encode_color(t, false).to_vec(),
        Dxt::Rgba1 => encode_color(t, true).to_vec(),
        Dxt::Rgba3 => {
            let mut bits = 0u64;
            for (i, t) in t.iter().enumerate() {
                bits |= u64::from((u32::from(t[3]) * 15 + 127) / 255) << (4 * i);
            }
            let mut out = bits.to_le_bytes().to_vec();
            out.extend(encode_color(t, false));
            out
        }
        Dxt::Rgba5 => {
            let mut out = encode_alpha5(t).to_vec();
            out.extend(encode_color(t, false));
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_colour_blocks_interpolate_in_thirds() {
        // c0 = pure red (0xF800) > c1 = pure blue (0x001F); indices 0, 1,
        // 2, 3 for the first four texels.
        let mut b = [0x00, 0xF8, 0x1F, 0x00, 0, 0, 0, 0];
        b[4..].copy_from_slice(&(0b11_10_01_00u32).to_le_bytes());
        let t = decode(Dxt::Rgb1, &b);
        assert_eq!(t[0], [255, 0, 0, 255]);
        assert_eq!(t[1], [0, 0, 255, 255]);
        assert_eq!(t[2], [170, 0, 85, 255]);
        assert_eq!(t[3], [85, 0, 170, 255]);
    }

    #[test]
    fn three_colour_blocks_have_black_or_transparent() {
        // c0 = blue < c1 = red: index 2 halves, index 3 is black.
        let mut b = [0x1F, 0x00, 0x00, 0xF8, 0, 0, 0, 0];
        b[4..].copy_from_slice(&(0b11_10u32 << 4).to_le_bytes());
        assert_eq!(decode(Dxt::Rgb1, &b)[2], [127, 0, 127, 255]);
        assert_eq!(decode(Dxt::Rgb1, &b)[3], [0, 0, 0, 255]);
        assert_eq!(decode(Dxt::Rgba1, &b)[3], [0, 0, 0, 0]);
    }

    #[test]
    fn alpha_blocks() {
        // DXT3: texel 1's alpha nibble 0xA is 170.
        let mut b = [0u8; 16];
        b[0] = 0xA0;
        assert_eq!(decode(Dxt::Rgba3, &b)[1][3], 170);
        // DXT5: a0 = 200 > a1 = 60, index 2 = (6 * 200 + 60) / 7 = 180.
        let mut b = [200, 60, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(decode(Dxt::Rgba5, &b)[0][3], 180);
        b[2] = 7; // a0 > a1: index 7 is the sixth step, (200 + 6 * 60) / 7
        assert_eq!(decode(Dxt::Rgba5, &b)[0][3], 80);
    }

    #[test]
    fn encoders_round_trip_closely() {
        let t: [[u8; 4]; 16] =
            std::array::from_fn(|i| [(i * 17) as u8, 255 - (i * 17) as u8, 64, (i * 16) as u8]);
        for kind in [Dxt::Rgb1, Dxt::Rgba3, Dxt::Rgba5] {
            let out = decode(kind, &encode(kind, &t));
            for (a, b) in t.iter().zip(&out) {
                for c in 0..3 {
                    assert!(a[c].abs_diff(b[c]) <= 48, "{kind:?}: {a:?} -> {b:?}");
                }
                if kind != Dxt::Rgb1 {
                    assert!(a[3].abs_diff(b[3]) <= 18, "{kind:?}: {a:?} -> {b:?}");
                }
            }
        }
        // DXT1 with alpha: transparent texels stay transparent.
        let mut t = [[200, 100, 50, 255]; 16];
        t[5][3] = 0;
        let out = decode(Dxt::Rgba1, &encode(Dxt::Rgba1, &t));
        assert_eq!(out[5][3], 0);
        assert_eq!(out[0][3], 255);
        assert!(out[0][0].abs_diff(200) <= 8);
    }
}
