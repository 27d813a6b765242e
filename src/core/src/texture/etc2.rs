//! ETC1, ETC2 and EAC blocks (GL_OES_compressed_ETC1_RGB8_texture; OpenGL
//! ES 3.0 annex C, GL 4.3+ / ARB_ES3_compatibility, GL 4.6 appendix C.2):
//! 4×4 texels, decoded here only (these formats are never compressed
//! online: `glTexImage*` with one of them is INVALID_OPERATION, as in Mesa).
//!
//! Every 64-bit part of a block is a big-endian word. Its pixel indices are
//! column-major (pixel `k = 4 x + y`); the decoders return texel `4 y + x`.
//!
//! * A colour block (ETC1, RGB8, the colour half of RGBA8): bytes 0–3 hold
//!   the mode and its colours, bytes 4–7 two 16-bit planes of index bits
//!   (the high bit of pixel `k` at bit `16 + k`, the low at bit `k`).
//!   With the diff bit (bit 33) clear the block is in *individual* mode
//!   (two RGB444 base colours); set, the 5-bit base colour and its 3-bit
//!   signed difference give *differential* mode unless a channel's sum
//!   leaves [0, 31]: red out of range selects the *T* mode, green the *H*
//!   mode, blue the *planar* mode (ETC2 only; ETC1 blocks never overflow,
//!   so ETC1 is decoded as RGB8).
//! * Punch-through alpha: the diff bit is the *opaque* bit and individual
//!   mode does not exist. Without it, pixel index 2 is transparent black
//!   in the differential, T and H modes, and the differential modifiers
//!   `±a` become 0; planar blocks are always opaque.
//! * An EAC block (the alpha half of RGBA8, each channel of R11/RG11): base
//!   codeword, multiplier, modifier table, then sixteen 3-bit indices, the
//!   first pixel in the highest bits.

/// Which ETC format a block is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Etc {
    /// `GL_ETC1_RGB8_OES`.
    Etc1,
    /// `GL_COMPRESSED_RGB8_ETC2` and its sRGB format.
    Rgb8,
    /// `GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2` and its sRGB format.
    Rgb8A1,
    /// `GL_COMPRESSED_RGBA8_ETC2_EAC` and its sRGB format: an EAC alpha
    /// block, then an RGB8 block.
    Rgba8,
    /// `GL_COMPRESSED_{SIGNED_,}R11_EAC` (`two: false`) and
    /// `GL_COMPRESSED_{SIGNED_,}RG11_EAC` (`two: true`: red block, then
    /// green block).
    Eac {
        /// RG rather than R.
        two: bool,
        /// Signed normalized.
        signed: bool,
    },
}

impl Etc {
    /// Bytes of one block.
    pub fn block_bytes(self) -> usize {
        match self {
            Etc::Etc1 | Etc::Rgb8 | Etc::Rgb8A1 | Etc::Eac { two: false, .. } => 8,
            Etc::Rgba8 | Etc::Eac { two: true, .. } => 16,
        }
    }
}

/// The ETC1 intensity modifiers `a`, `b` of each table codeword (pixel
/// indices 0..3 select `+a`, `+b`, `-a`, `-b`).
const MODIFIERS: [[i32; 2]; 8] = [
    [2, 8],
    [5, 17],
    [9, 29],
    [13, 42],
    [18, 60],
    [24, 80],
    [33, 106],
    [47, 183],
];

/// The T and H modes' distances.
const DISTANCES: [i32; 8] = [3, 6, 11, 16, 23, 32, 41, 64];

/// The EAC modifier tables, by table index and pixel index.
const EAC_MODIFIERS: [[i32; 8]; 16] = [
    [-3, -6, -9, -15, 2, 5, 8, 14],
    [-3, -7, -10, -13, 2, 6, 9, 12],
    [-2, -5, -8, -13, 1, 4, 7, 12],
    [-2, -4, -6, -13, 1, 3, 5, 12],
    [-3, -6, -8, -12, 2, 5, 7, 11],
    [-3, -7, -9, -11, 2, 6, 8, 10],
    [-4, -7, -8, -11, 3, 6, 7, 10],
    [-3, -5, -8, -11, 2, 4, 7, 10],
    [-2, -6, -8, -10, 1, 5, 7, 9],
    [-2, -5, -8, -10, 1, 4, 7, 9],
    [-2, -4, -8, -10, 1, 3, 7, 9],
    [-2, -5, -7, -10, 1, 4, 6, 9],
    [-3, -4, -7, -10, 2, 3, 6, 9],
    [-1, -2, -3, -10, 0, 1, 2, 9],
    [-4, -6, -8, -9, 3, 5, 7, 8],
    [-3, -5, -7, -9, 2, 4, 6, 8],
];

/// `v` of `bits` bits widened to 8 by repeating its high bits.
fn extend(v: u8, bits: u32) -> i32 {
    let v = i32::from(v) & ((1 << bits) - 1);
    (v << (8 - bits)) | (v >> (2 * bits - 8))
}

fn clamp8(v: i32) -> u8 {
    v.clamp(0, 255) as u8
}

/// The 3-bit two's complement difference of differential mode.
fn delta(v: u8) -> i32 {
    (i32::from(v & 7) ^ 4) - 4
}

/// Decodes a colour block: RGBA8, texel `4 y + x`. `punch` reads bit 33 as
/// the punch-through opaque bit (alpha is 255 otherwise).
pub fn decode_color(b: &[u8; 8], punch: bool) -> [[u8; 4]; 16] {
    let indices = u32::from_be_bytes([b[4], b[5], b[6], b[7]]);
    // The 2-bit index of texel (x, y).
    let index = |x: usize, y: usize| {
        let k = 4 * x + y;
        (((indices >> (16 + k)) & 1) << 1 | ((indices >> k) & 1)) as usize
    };
    let bit33 = b[3] & 2 != 0;
    let opaque = !punch || bit33;
    let mut out = [[0u8, 0, 0, 255]; 16];
    let rgb = |c: [i32; 3]| [clamp8(c[0]), clamp8(c[1]), clamp8(c[2]), 255];
    if !punch && !bit33 {
        let base = [
            [0, 1, 2].map(|i| extend(b[i] >> 4, 4)),
            [0, 1, 2].map(|i| extend(b[i], 4)),
        ];
        sub_blocks(b, base, opaque, index, &mut out);
        return out;
    }
    let five = [0, 1, 2].map(|i| i32::from(b[i] >> 3));
    let sums = [0, 1, 2].map(|i| five[i] + delta(b[i]));
    let overflows = |i: usize| !(0..32).contains(&sums[i]);
    if overflows(0) {
        // T mode.
        let c1 = [((b[0] >> 1) & 0xc) | (b[0] & 3), b[1] >> 4, b[1] & 0xf].map(|v| extend(v, 4));
        let c2 = [b[2] >> 4, b[2] & 0xf, b[3] >> 4].map(|v| extend(v, 4));
        let d = DISTANCES[usize::from(((b[3] >> 1) & 6) | (b[3] & 1))];
        let paint = [c1, c2.map(|c| c + d), c2, c2.map(|c| c - d)];
        paint_texels(paint.map(rgb), opaque, index, &mut out);
    } else if overflows(1) {
        // H mode.
        let c1 = [
            (b[0] >> 3) & 0xf,
            ((b[0] & 7) << 1) | ((b[1] >> 4) & 1),
            (b[1] & 8) | ((b[1] & 3) << 1) | (b[2] >> 7),
        ]
        .map(|v| extend(v, 4));
        let c2 = [
            (b[2] >> 3) & 0xf,
            ((b[2] & 7) << 1) | (b[3] >> 7),
            (b[3] >> 3) & 0xf,
        ]
        .map(|v| extend(v, 4));
        let value = |c: [i32; 3]| (c[0] << 16) | (c[1] << 8) | c[2];
        let low = u8::from(value(c1) >= value(c2));
        let d = DISTANCES[usize::from((b[3] & 4) | ((b[3] & 1) << 1) | low)];
        let paint = [
            c1.map(|c| c + d),
            c1.map(|c| c - d),
            c2.map(|c| c + d),
            c2.map(|c| c - d),
        ];
        paint_texels(paint.map(rgb), opaque, index, &mut out);
    } else if overflows(2) {
        // Planar mode: always opaque.
        let o = [
            extend(b[0] >> 1, 6),
            // GO1 (bit 56) and GO2 (bits 54..49): bit 55, the green base
            // colour's top bit, is not part of it.
            extend(((b[0] & 1) << 6) | ((b[1] >> 1) & 0x3f), 7),
            extend(
                ((b[1] & 1) << 5) | (b[2] & 0x18) | ((b[2] & 3) << 1) | (b[3] >> 7),
                6,
            ),
        ];
        let h = [
            extend((((b[3] >> 2) & 0x1f) << 1) | (b[3] & 1), 6),
            extend(b[4] >> 1, 7),
            extend(((b[4] & 1) << 5) | (b[5] >> 3), 6),
        ];
        let v = [
            extend(((b[5] & 7) << 3) | (b[6] >> 5), 6),
            extend(((b[6] & 0x1f) << 2) | (b[7] >> 6), 7),
            extend(b[7] & 0x3f, 6),
        ];
        for (i, t) in out.iter_mut().enumerate() {
            let (x, y) = ((i % 4) as i32, (i / 4) as i32);
            *t = rgb(std::array::from_fn(|c| {
                (x * (h[c] - o[c]) + y * (v[c] - o[c]) + 4 * o[c] + 2) >> 2
            }));
        }
    } else {
        // Differential mode.
        let base = [
            five.map(|c| extend(c as u8, 5)),
            sums.map(|c| extend(c as u8, 5)),
        ];
        sub_blocks(b, base, opaque, index, &mut out);
    }
    out
}

/// The individual and differential modes: two sub-blocks (side by side,
/// or one above the other with the flip bit), each a base colour and a
/// modifier table.
fn sub_blocks(
    b: &[u8; 8],
    base: [[i32; 3]; 2],
    opaque: bool,
    index: impl Fn(usize, usize) -> usize,
    out: &mut [[u8; 4]; 16],
) {
    let tables = [
        MODIFIERS[usize::from(b[3] >> 5)],
        MODIFIERS[usize::from((b[3] >> 2) & 7)],
    ];
    let flip = b[3] & 1 != 0;
    for (i, t) in out.iter_mut().enumerate() {
        let (x, y) = (i % 4, i / 4);
        let s = usize::from(if flip { y >= 2 } else { x >= 2 });
        let [a, bb] = tables[s];
        let m = match (index(x, y), opaque) {
            (0, true) => a,
            (0, false) => 0,
            (1, _) => bb,
            (2, true) => -a,
            (2, false) => {
                *t = [0; 4];
                continue;
            }
            _ => -bb,
        };
        let c = base[s].map(|c| clamp8(c + m));
        *t = [c[0], c[1], c[2], 255];
    }
}

/// The T and H modes: each texel one of four paint colours (index 2
/// transparent black in a non-opaque punch-through block).
fn paint_texels(
    paint: [[u8; 4]; 4],
    opaque: bool,
    index: impl Fn(usize, usize) -> usize,
    out: &mut [[u8; 4]; 16],
) {
    for (i, t) in out.iter_mut().enumerate() {
        let k = index(i % 4, i / 4);
        *t = if !opaque && k == 2 { [0; 4] } else { paint[k] };
    }
}

/// An EAC block's fields: base codeword, multiplier, modifier table and
/// the 3-bit index of each texel (`4 y + x`).
fn eac_fields(b: &[u8; 8]) -> (u8, i32, &'static [i32; 8], [usize; 16]) {
    let bits = u64::from_be_bytes(*b);
    let indices = std::array::from_fn(|i| {
        let (x, y) = (i % 4, i / 4);
        ((bits >> (45 - 3 * (4 * x + y))) & 7) as usize
    });
    (
        b[0],
        i32::from(b[1] >> 4),
        &EAC_MODIFIERS[usize::from(b[1] & 0xf)],
        indices,
    )
}

/// Decodes an 8-bit EAC alpha block (of RGBA8 ETC2 EAC), texel `4 y + x`.
pub fn decode_alpha8(b: &[u8; 8]) -> [u8; 16] {
    let (base, mult, table, idx) = eac_fields(b);
    idx.map(|k| clamp8(i32::from(base) + table[k] * mult))
}

/// Decodes an 11-bit EAC block (a channel of R11/RG11) to normalized
/// values, at full 11-bit precision: `v / 2047` unsigned, `v / 1023`
/// signed (over [-1023, 1023]).
pub fn decode_r11(b: &[u8; 8], signed: bool) -> [f32; 16] {
    let (base, mult, table, idx) = eac_fields(b);
    // A zero multiplier scales the modifier by 1/8 (it is then taken as
    // it is, not times 8).
    let step = |m: i32| if mult == 0 { m } else { m * mult * 8 };
    if signed {
        let base = i32::from((base as i8).max(-127));
        idx.map(|k| {
            let v = (base * 8 + step(table[k])).clamp(-1023, 1023);
            v as f32 / 1023.0
        })
    } else {
        let base = i32::from(base);
        idx.map(|k| {
            let v = (base * 8 + 4 + step(table[k])).clamp(0, 2047);
            (f64::from(v) / 2047.0) as f32
        })
    }
}

/// Decodes one block of `kind` (`kind.block_bytes()` bytes; missing bytes
/// read as zero) into 16 RGBA texels (`4 y + x`) in the format's own terms
/// (sRGB formats stay encoded).
pub fn decode(kind: Etc, block: &[u8]) -> [[f32; 4]; 16] {
    let half = |k: usize| -> [u8; 8] {
        std::array::from_fn(|i| block.get(8 * k + i).copied().unwrap_or(0))
    };
    let unorm = |t: [u8; 4]| t.map(|c| f32::from(c) / 255.0);
    match kind {
        Etc::Etc1 | Etc::Rgb8 => decode_color(&half(0), false).map(unorm),
        Etc::Rgb8A1 => decode_color(&half(0), true).map(unorm),
        Etc::Rgba8 => {
            let a = decode_alpha8(&half(0));
            let mut c = decode_color(&half(1), false);
            for (t, a) in c.iter_mut().zip(a) {
                t[3] = a;
            }
            c.map(unorm)
        }
        Etc::Eac { two, signed } => {
            let r = decode_r11(&half(0), signed);
            let g = if two {
                decode_r11(&half(1), signed)
            } else {
                [0.0; 16]
            };
            std::array::from_fn(|i| [r[i], g[i], 0.0, 1.0])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index word (bytes 4–7) of a colour block whose pixel `(x, y)`
    /// has index `idx(x, y)` (0..3: high bit at `16 + 4 x + y`, low bit
    /// at `4 x + y`).
    fn color_indices(idx: impl Fn(usize, usize) -> u32) -> [u8; 4] {
        let mut w = 0u32;
        for x in 0..4 {
            for y in 0..4 {
                let v = idx(x, y);
                w |= ((v >> 1) & 1) << (16 + 4 * x + y) | (v & 1) << (4 * x + y);
            }
        }
        w.to_be_bytes()
    }

    fn block(head: [u8; 4], tail: [u8; 4]) -> [u8; 8] {
        [
            head[0], head[1], head[2], head[3], tail[0], tail[1], tail[2], tail[3],
        ]
    }

    /// Texel `(x, y)` of a decoded block.
    fn at<T: Copy>(t: &[T; 16], x: usize, y: usize) -> T {
        t[4 * y + x]
    }

    #[test]
    fn individual_mode() {
        // Base colours 8,4,1 and 2,C,F (×17: 136,68,17 and 34,204,255);
        // tables 1 (5, 17) and 6 (33, 106); diff 0, flip 0.
        let idx = |x, y| match (x, y) {
            (0, 0) => 1,
            (1, 2) => 3,
            (3, 1) => 2,
            _ => 0,
        };
        let b = block([0x82, 0x4c, 0x1f, 0x38], color_indices(idx));
        let t = decode_color(&b, false);
        assert_eq!(at(&t, 0, 0), [153, 85, 34, 255]); // + 17
        assert_eq!(at(&t, 1, 2), [119, 51, 0, 255]); // - 17
        assert_eq!(at(&t, 0, 1), [141, 73, 22, 255]); // + 5
        assert_eq!(at(&t, 3, 1), [1, 171, 222, 255]); // right half: - 33
        assert_eq!(at(&t, 2, 3), [67, 237, 255, 255]); // + 33, clamped
        // Flipped: the sub-blocks are the top and bottom halves.
        let b = block([0x82, 0x4c, 0x1f, 0x39], color_indices(idx));
        let t = decode_color(&b, false);
        assert_eq!(at(&t, 3, 1), [131, 63, 12, 255]); // top: - 5
        assert_eq!(at(&t, 1, 2), [0, 98, 149, 255]); // bottom: - 106
        // ETC1 decodes the same.
        assert_eq!(decode(Etc::Etc1, &b), decode(Etc::Rgb8, &b));
        assert_eq!(
            decode(Etc::Etc1, &b)[9],
            [0.0, 98.0 / 255.0, 149.0 / 255.0, 1.0]
        );
    }

    #[test]
    fn differential_mode() {
        // R 20 (165) and 20 - 3 = 17 (140); G 10 (82) and 13 (107); B 31
        // and 31 (255); tables 0 (2, 8) and 7 (47, 183); diff 1, flip 1.
        let idx = |x, y| match (x, y) {
            (0, 0) => 3,
            (3, 3) => 2,
            (2, 1) => 2,
            _ => 0,
        };
        let b = block([0xa5, 0x53, 0xf8, 0x1f], color_indices(idx));
        let t = decode_color(&b, false);
        assert_eq!(at(&t, 0, 0), [157, 74, 247, 255]); // top: - 8
        assert_eq!(at(&t, 2, 1), [163, 80, 253, 255]); // top: - 2
        assert_eq!(at(&t, 0, 1), [167, 84, 255, 255]); // top: + 2
        assert_eq!(at(&t, 3, 3), [93, 60, 208, 255]); // bottom: - 47
        assert_eq!(at(&t, 1, 2), [187, 154, 255, 255]); // bottom: + 47
    }

    #[test]
    fn t_mode() {
        // Red 0 + (-2) underflows: T mode. Colour 1 = 2,A,5 (34,170,85),
        // colour 2 = 7,3,E (119,51,238); distance index 5 (32).
        let idx = |x, y| if y == 0 { x as u32 } else { 0 };
        let b = block([0x06, 0xa5, 0x73, 0xeb], color_indices(idx));
        let t = decode_color(&b, false);
        assert_eq!(at(&t, 0, 0), [34, 170, 85, 255]); // colour 1
        assert_eq!(at(&t, 1, 0), [151, 83, 255, 255]); // colour 2 + 32
        assert_eq!(at(&t, 2, 0), [119, 51, 238, 255]); // colour 2
        assert_eq!(at(&t, 3, 0), [87, 19, 206, 255]); // colour 2 - 32
        assert_eq!(at(&t, 3, 3), [34, 170, 85, 255]);
    }

    #[test]
    fn h_mode() {
        // Green 0 + (-1) underflows: H mode. Colour 1 = C,A,7
        // (204,170,119), colour 2 = 3,9,E (51,153,238); colour 1 >= colour 2
        // makes the distance index 0b101 (32).
        let idx = |x, y| if x == 0 { 3 - y as u32 } else { 0 };
        let b = block([0x65, 0x07, 0x9c, 0xf6], color_indices(idx));
        let t = decode_color(&b, false);
        assert_eq!(at(&t, 0, 0), [19, 121, 206, 255]); // colour 2 - 32
        assert_eq!(at(&t, 0, 1), [83, 185, 255, 255]); // colour 2 + 32
        assert_eq!(at(&t, 0, 2), [172, 138, 87, 255]); // colour 1 - 32
        assert_eq!(at(&t, 0, 3), [236, 202, 151, 255]); // colour 1 + 32
        // Red 3 and C swapped: colour 1 < colour 2, distance index 0b100
        // (23).
        let b = block([0x1d, 0x07, 0xe4, 0xf6], color_indices(idx));
        let t = decode_color(&b, false);
        assert_eq!(at(&t, 0, 3), [74, 193, 142, 255]); // colour 1 + 23
        assert_eq!(at(&t, 0, 2), [28, 147, 96, 255]); // colour 1 - 23
        assert_eq!(at(&t, 0, 1), [227, 176, 255, 255]); // colour 2 + 23
        assert_eq!(at(&t, 0, 0), [181, 130, 215, 255]); // colour 2 - 23
    }

    #[test]
    fn planar_mode() {
        // Blue 0 + (-2) underflows: planar. O = (32, 16, 37) as 6/7/6 bits
        // (130, 32, 150), H = (63, 0, 32) (255, 0, 130), V = (0, 127, 16)
        // (0, 255, 65).
        let b = [0x40, 0x21, 0x06, 0xff, 0x01, 0x00, 0x1f, 0xd0];
        let t = decode_color(&b, false);
        let (o, h, v) = ([130, 32, 150], [255, 0, 130], [0, 255, 65]);
        for y in 0..4i32 {
            for x in 0..4i32 {
                let c: [i32; 3] = std::array::from_fn(|c| {
                    ((x * (h[c] - o[c]) + y * (v[c] - o[c]) + 4 * o[c] + 2) >> 2).clamp(0, 255)
                });
                let want = [c[0] as u8, c[1] as u8, c[2] as u8, 255];
                assert_eq!(at(&t, x as usize, y as usize), want, "({x}, {y})");
            }
        }
        assert_eq!(at(&t, 0, 0), [130, 32, 150, 255]);
        assert_eq!(at(&t, 3, 0), [224, 8, 135, 255]);
        assert_eq!(at(&t, 0, 3), [33, 199, 86, 255]);
        assert_eq!(at(&t, 3, 3), [126, 175, 71, 255]);
        // Bit 55 (between GO1 and GO2) is not part of the colour: with it
        // set the block is still planar and decodes the same.
        let mut b1 = b;
        b1[1] |= 0x80;
        assert_eq!(decode_color(&b1, false), t);
        // Planar blocks stay opaque in punch-through formats, opaque bit
        // or not.
        let mut b = b;
        b[3] &= !2;
        assert_eq!(decode_color(&b, true), t);
    }

    #[test]
    fn punch_through_alpha() {
        // The differential block above with the opaque bit clear: index 0
        // is the base colour, 1 and 3 are ±b, 2 is transparent black.
        let idx = |x, y| match (x, y) {
            (0, 0) => 3,
            (3, 3) => 2,
            (2, 1) => 2,
            (1, 0) => 1,
            _ => 0,
        };
        let b = block([0xa5, 0x53, 0xf8, 0x1d], color_indices(idx));
        let t = decode_color(&b, true);
        assert_eq!(at(&t, 0, 0), [157, 74, 247, 255]); // - 8
        assert_eq!(at(&t, 1, 0), [173, 90, 255, 255]); // + 8
        assert_eq!(at(&t, 0, 1), [165, 82, 255, 255]); // + 0
        assert_eq!(at(&t, 1, 2), [140, 107, 255, 255]); // + 0
        assert_eq!(at(&t, 3, 3), [0; 4]);
        assert_eq!(at(&t, 2, 1), [0; 4]);
        // Opaque: the RGB8 decoding with alpha 1.
        let b = block([0xa5, 0x53, 0xf8, 0x1f], color_indices(idx));
        assert_eq!(decode_color(&b, true), decode_color(&b, false));
        // Without the opaque bit a block is never in individual mode: this
        // one is differential (R 16 + 2, G 4 + 4, B 1 + 3).
        let b = block([0x82, 0x24, 0x0b, 0x00], color_indices(|_, _| 2));
        assert_eq!(decode_color(&b, true), [[0; 4]; 16]);
        // T mode (the T block above, opaque bit clear): index 2 transparent.
        let idx = |x, y| if y == 0 { x as u32 } else { 0 };
        let b = block([0x06, 0xa5, 0x73, 0xe9], color_indices(idx));
        let t = decode(Etc::Rgb8A1, &b);
        let f = |c: [u8; 4]| c.map(|c| f32::from(c) / 255.0);
        assert_eq!(at(&t, 0, 0), f([34, 170, 85, 255]));
        assert_eq!(at(&t, 1, 0), f([151, 83, 255, 255]));
        assert_eq!(at(&t, 2, 0), [0.0; 4]);
        assert_eq!(at(&t, 3, 0), f([87, 19, 206, 255]));
        // H mode likewise.
        let idx = |x, y| if x == 0 { 3 - y as u32 } else { 0 };
        let b = block([0x65, 0x07, 0x9c, 0xf4], color_indices(idx));
        let t = decode_color(&b, true);
        assert_eq!(at(&t, 0, 0), [19, 121, 206, 255]);
        assert_eq!(at(&t, 0, 1), [0; 4]);
        assert_eq!(at(&t, 0, 2), [172, 138, 87, 255]);
    }

    /// An EAC block: base codeword, multiplier, table, and pixel `(x, y)`'s
    /// 3-bit index `idx(x, y)` at bit `45 - 3 (4 x + y)`.
    fn eac_block(base: u8, mult: u8, table: u8, idx: impl Fn(usize, usize) -> u64) -> [u8; 8] {
        let mut w = (u64::from(base) << 56) | (u64::from(mult) << 52) | (u64::from(table) << 48);
        for x in 0..4 {
            for y in 0..4 {
                w |= idx(x, y) << (45 - 3 * (4 * x + y));
            }
        }
        w.to_be_bytes()
    }

    /// Pixel `(x, y)`'s index: `(4 x + y) mod 8`.
    fn eac_ramp(x: usize, y: usize) -> u64 {
        ((4 * x + y) % 8) as u64
    }

    #[test]
    fn eac_alpha() {
        // Base 100, multiplier 3, table 11 (-2 -5 -7 -10 1 4 6 9).
        let a = decode_alpha8(&eac_block(100, 3, 11, eac_ramp));
        assert_eq!(at(&a, 0, 0), 94); // index 0: 100 - 6
        assert_eq!(at(&a, 0, 3), 70); // index 3: 100 - 30
        assert_eq!(at(&a, 1, 0), 103); // index 4: 100 + 3
        assert_eq!(at(&a, 1, 3), 127); // index 7: 100 + 27
        assert_eq!(at(&a, 3, 3), 127); // index 15 mod 8 = 7
        // Clamped: base 250, multiplier 15, table 0 (-15 ... 14).
        let a = decode_alpha8(&eac_block(250, 15, 0, eac_ramp));
        assert_eq!(at(&a, 1, 3), 255); // 250 + 210
        assert_eq!(at(&a, 0, 3), 25); // 250 - 225
        // RGBA8: the alpha block, then the colour block.
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&eac_block(100, 3, 11, eac_ramp));
        b[8..].copy_from_slice(&[0x82, 0x4c, 0x1f, 0x38, 0, 0, 0, 0x01]);
        let t = decode(Etc::Rgba8, &b);
        // Pixel (0, 0): index 1 (+ 17) in the first sub-block.
        assert_eq!(
            t[0],
            [153.0 / 255.0, 85.0 / 255.0, 34.0 / 255.0, 94.0 / 255.0]
        );
        assert_eq!(at(&t, 1, 3)[3], 127.0 / 255.0);
    }

    #[test]
    fn r11_unsigned() {
        // Base 100, multiplier 2, table 3 (-2 -4 -6 -13 1 3 5 12):
        // 100 * 8 + 4 + m * 2 * 8.
        let r = decode_r11(&eac_block(100, 2, 3, eac_ramp), false);
        let v = |n: f64| (n / 2047.0) as f32;
        assert_eq!(at(&r, 0, 0), v(772.0)); // m = -2
        assert_eq!(at(&r, 0, 3), v(596.0)); // m = -13
        assert_eq!(at(&r, 1, 3), v(996.0)); // m = 12
        // Full 11-bit precision: not an 8-bit value.
        assert_ne!((at(&r, 0, 0) * 255.0).fract(), 0.0);
        // Multiplier 0: the modifier itself; clamped to [0, 2047].
        let r = decode_r11(&eac_block(0, 0, 0, eac_ramp), false);
        assert_eq!(at(&r, 0, 3), 0.0); // 4 - 15
        assert_eq!(at(&r, 1, 3), v(18.0)); // 4 + 14
        assert_eq!(at(&r, 1, 0), v(6.0)); // 4 + 2
        let r = decode_r11(&eac_block(255, 15, 0, eac_ramp), false);
        assert_eq!(at(&r, 1, 3), 1.0); // 2044 + 1680
    }

    #[test]
    fn r11_signed() {
        // Base -128 reads as -127; multiplier 1, table 0: -1016 + 8 m.
        let r = decode_r11(&eac_block(0x80, 1, 0, eac_ramp), true);
        assert_eq!(at(&r, 0, 3), -1.0); // -1136, clamped to -1023
        assert_eq!(at(&r, 1, 3), -904.0 / 1023.0); // m = 14
        assert_eq!(at(&r, 1, 0), -1000.0 / 1023.0); // m = 2
        let r = decode_r11(&eac_block(0x7f, 15, 0, eac_ramp), true);
        assert_eq!(at(&r, 1, 3), 1.0); // 1016 + 1680, clamped to 1023
        // Multiplier 0, table 1 (-3 -7 -10 -13 2 6 9 12): 80 + m.
        let r = decode_r11(&eac_block(10, 0, 1, eac_ramp), true);
        assert_eq!(at(&r, 0, 1), 73.0 / 1023.0);
        assert_eq!(at(&r, 1, 3), 92.0 / 1023.0);
    }

    #[test]
    fn rg11() {
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&eac_block(100, 2, 3, eac_ramp));
        b[8..].copy_from_slice(&eac_block(0x80, 1, 0, eac_ramp));
        let t = decode(
            Etc::Eac {
                two: true,
                signed: false,
            },
            &b,
        );
        // Red: 100 * 8 + 4 - 2 * 16; green: 128 * 8 + 4 - 3 * 8.
        assert_eq!(
            t[0],
            [
                (772.0f64 / 2047.0) as f32,
                (1004.0f64 / 2047.0) as f32,
                0.0,
                1.0
            ]
        );
        let t = decode(
            Etc::Eac {
                two: true,
                signed: true,
            },
            &b,
        );
        // Red: 100 * 8 - 2 * 16; green: -1023 (clamped).
        assert_eq!(at(&t, 0, 3), [(800.0 - 208.0) / 1023.0, -1.0, 0.0, 1.0]);
        // R11 has no green.
        let t = decode(
            Etc::Eac {
                two: false,
                signed: false,
            },
            &b[..8],
        );
        assert_eq!(t[5][1..], [0.0, 0.0, 1.0]);
    }

    /// Blocks and their decoding from the Android emulator's ETC2 unit
    /// tests (GLcommon, Apache-2.0): RGB texels row by row.
    #[test]
    fn reference_blocks() {
        let rgb =
            |t: [[u8; 4]; 16]| -> Vec<u8> { t.iter().flat_map(|c| c[..3].to_vec()).collect() };
        let rgba = |t: [[u8; 4]; 16]| -> Vec<u8> { t.iter().flat_map(|c| c.to_vec()).collect() };
        // T mode.
        let t = decode_color(&[21, 101, 186, 135, 166, 238, 74, 106], false);
        #[rustfmt::skip]
        let want = [
            153, 102, 85,   153, 102, 85,   153, 102, 85,   153, 102, 85,
            171, 154, 120,  171, 154, 120,  171, 154, 120,  187, 170, 136,
            187, 170, 136,  171, 154, 120,  187, 170, 136,  203, 186, 152,
            171, 154, 120,  187, 170, 136,  203, 186, 152,  187, 170, 136,
        ];
        assert_eq!(rgb(t), want);
        // H mode.
        let t = decode_color(&[110, 13, 228, 186, 119, 119, 255, 117], false);
        #[rustfmt::skip]
        let want = [
            198, 147, 113,  198, 147, 113,  198, 147, 113,  198, 147, 113,
            210, 159, 125,  198, 147, 113,  198, 147, 113,  198, 147, 113,
            198, 147, 113,  198, 147, 113,  198, 147, 113,  198, 147, 113,
            227, 210, 193,  227, 210, 193,  215, 198, 181,  215, 198, 181,
        ];
        assert_eq!(rgb(t), want);
        // Planar mode.
        let t = decode_color(&[89, 138, 250, 79, 120, 181, 146, 29], false);
        #[rustfmt::skip]
        let want = [
            178, 139, 113,  173, 134, 107,  168, 130, 101,  163, 125, 95,
            178, 141, 114,  173, 136, 108,  168, 131, 102,  163, 126, 96,
            178, 142, 115,  173, 137, 109,  168, 133, 103,  163, 128, 97,
            178, 144, 116,  173, 139, 110,  168, 134, 104,  163, 129, 98,
        ];
        assert_eq!(rgb(t), want);
        // EAC alpha.
        let a = decode_alpha8(&[101, 65, 229, 178, 147, 5, 32, 2]);
        #[rustfmt::skip]
        let want = [
            149, 73, 89, 89,
            73, 61, 73, 89,
            49, 61, 61, 89,
            49, 49, 61, 61,
        ];
        assert_eq!(a, want);
        // Punch-through, opaque bit clear: differential, T and H.
        let t = decode_color(&[118, 223, 240, 4, 193, 19, 210, 0], true);
        #[rustfmt::skip]
        let want = [
            0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  116, 231, 255, 255,
            0, 0, 0, 0,  115, 222, 247, 255,  116, 231, 255, 255,  99, 214, 247, 255,
            115, 222, 247, 255,  115, 222, 247, 255,  99, 214, 247, 255,  82, 197, 230, 255,
            115, 222, 247, 255,  115, 222, 247, 255,  99, 214, 247, 255,  82, 197, 230, 255,
        ];
        assert_eq!(rgba(t), want);
        let t = decode_color(&[6, 173, 5, 168, 230, 102, 76, 128], true);
        #[rustfmt::skip]
        let want = [
            34, 170, 221, 255,  34, 170, 221, 255,  34, 170, 221, 255,  34, 170, 221, 255,
            0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
            0, 0, 0, 0,  0, 0, 0, 0,  0, 62, 147, 255,  0, 62, 147, 255,
            34, 170, 221, 255,  23, 108, 193, 255,  23, 108, 193, 255,  0, 0, 0, 0,
        ];
        assert_eq!(rgba(t), want);
        let t = decode_color(&[149, 14, 131, 89, 19, 55, 117, 81], true);
        #[rustfmt::skip]
        let want = [
            0, 86, 171, 255,  0, 86, 171, 255,  0, 86, 171, 255,  0, 86, 171, 255,
            0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  18, 154, 205, 255,
            0, 0, 0, 0,  18, 154, 205, 255,  18, 154, 205, 255,  18, 154, 205, 255,
            50, 186, 237, 255,  50, 186, 237, 255,  50, 186, 237, 255,  50, 186, 237, 255,
        ];
        assert_eq!(rgba(t), want);
        // Punch-through, opaque: differential (flipped) and planar.
        let t = decode_color(&[76, 206, 232, 35, 126, 232, 34, 21], true);
        #[rustfmt::skip]
        let want = [
            91, 223, 255, 255,  91, 223, 255, 255,  79, 211, 244, 255,  69, 201, 234, 255,
            79, 211, 244, 255,  69, 201, 234, 255,  57, 189, 222, 255,  57, 189, 222, 255,
            49, 197, 247, 255,  39, 187, 237, 255,  39, 187, 237, 255,  39, 187, 237, 255,
            39, 187, 237, 255,  39, 187, 237, 255,  39, 187, 237, 255,  43, 191, 241, 255,
        ];
        assert_eq!(rgba(t), want);
        let t = decode_color(&[35, 73, 249, 152, 191, 212, 60, 253], true);
        #[rustfmt::skip]
        let want = [
            69, 201, 239, 255,  64, 199, 238, 255,  59, 196, 237, 255,  53, 194, 236, 255,
            85, 209, 241, 255,  80, 206, 240, 255,  75, 204, 239, 255,  70, 201, 238, 255,
            102, 216, 243, 255,  96, 214, 242, 255,  91, 211, 241, 255,  86, 209, 240, 255,
            118, 224, 245, 255,  113, 221, 244, 255,  107, 219, 243, 255,  102, 216, 242, 255,
        ];
        assert_eq!(rgba(t), want);
    }

    /// A mip level of a KTX file: its width and height, and its bytes.
    type KtxLevel<'a> = ([usize; 2], &'a [u8]);

    /// The mip levels of a KTX 1.1 file: its `glInternalFormat` and each
    /// level's size and bytes.
    fn ktx_levels(d: &[u8]) -> (u32, Vec<KtxLevel<'_>>) {
        assert_eq!(&d[..12], b"\xabKTX 11\xbb\r\n\x1a\n");
        let u = |at: usize| u32::from_le_bytes(d[at..at + 4].try_into().unwrap()) as usize;
        let field = |i: usize| u(12 + 4 * i);
        assert_eq!(field(0), 0x0403_0201, "little-endian file");
        let (w, h, levels) = (field(6), field(7), field(11).max(1));
        let mut at = 64 + field(12);
        let mut out = Vec::new();
        for l in 0..levels {
            let size = u(at);
            out.push((
                [(w >> l).max(1), (h >> l).max(1)],
                &d[at + 4..at + 4 + size],
            ));
            at += 4 + size.next_multiple_of(4);
        }
        (field(4) as u32, out)
    }

    /// Piglit's ETC2/EAC miptrees (`oes_compressed_etc2_texture-miptree`):
    /// every level of each compressed KTX file decoded through
    /// `decode_compressed`, against the decompressed RGBA8 KTX file (sRGB
    /// colour still encoded; R11/RG11 as 8-bit red/green). Skipped where
    /// piglit is not installed.
    #[test]
    fn piglit_miptrees() {
        let dir = std::path::Path::new("/usr/lib/x86_64-linux-gnu/piglit/tests/spec/gles-3.0");
        let mut failures = Vec::new();
        for name in [
            "rgb8",
            "srgb8",
            "rgba8",
            "srgb8-alpha8",
            "rgb8-pt-alpha1",
            "srgb8-pt-alpha1",
            "r11",
            "rg11",
        ] {
            let file =
                |kind: &str| dir.join(format!("waffles-{kind}-etc2-{name}-64x32-miptree.ktx"));
            let (Ok(c), Ok(r)) = (
                std::fs::read(file("compressed")),
                std::fs::read(file("decompressed")),
            ) else {
                continue;
            };
            let (fmt, levels) = ktx_levels(&c);
            let (_, refs) = ktx_levels(&r);
            assert_eq!(levels.len(), refs.len(), "{name}: levels");
            let kind = crate::texture::compressed_kind(fmt).expect("an ETC format");
            // The channels the reference holds.
            let channels = match name {
                "r11" => 0..1,
                "rg11" => 0..2,
                _ => 0..4,
            };
            let mut bad = 0;
            for (l, ((size, blocks), (rsize, want))) in levels.iter().zip(&refs).enumerate() {
                assert_eq!(size, rsize, "{name}: level {l} size");
                let [w, h] = *size;
                assert_eq!(
                    blocks.len(),
                    kind.image_size([w, h, 1]),
                    "{name}: level {l}"
                );
                let got = crate::texture::decode_compressed(kind, blocks, [w, h, 1]);
                for (i, t) in got.iter().enumerate() {
                    let want = &want[4 * i..4 * i + 4];
                    let got8 = t.map(|c| (c * 255.0).round() as i32);
                    let ok = channels
                        .clone()
                        .all(|c| (got8[c] - i32::from(want[c])).abs() <= 1);
                    if !ok {
                        bad += 1;
                        if bad <= 5 {
                            failures.push(format!(
                                "{name} level {l} ({}, {}): got {got8:?}, want {want:?}",
                                i % w,
                                i / w
                            ));
                        }
                    }
                }
            }
            if bad > 0 {
                failures.push(format!("{name}: {bad} texels differ"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn short_blocks_read_zeros() {
        assert_eq!(Etc::Rgba8.block_bytes(), 16);
        assert_eq!(
            Etc::Eac {
                two: false,
                signed: true
            }
            .block_bytes(),
            8
        );
        // A zero individual block: every texel 0 + 2.
        let t = decode(Etc::Rgb8, &[]);
        assert_eq!(t[15], [2.0 / 255.0, 2.0 / 255.0, 2.0 / 255.0, 1.0]);
    }
}
