//! Pixel-format pieces the core and the backends share: half floats, the
//! unsigned small floats of EXT_packed_float, and the image formats of
//! ARB_shader_image_load_store ([`ImageFormat`]: sizes, compatibility
//! classes, and texels encoded to and decoded from their bytes).

/// IEEE binary16 bits of `f`, rounded to nearest even (subnormal halves
/// too); a NaN keeps its payload's high bits (texture views read the bits
/// of other formats as halves).
pub fn f32_to_half(f: f32) -> u16 {
    let b = f.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign
            | 0x7c00
            | if man != 0 {
                0x200 | (man >> 13) as u16
            } else {
                0
            };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let round = rem > mid || (rem == mid && half & 1 == 1);
        return sign | (half + round as u32) as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    let round = rem > 0x1000 || (rem == 0x1000 && half & 1 == 1);
    sign | (half + round as u32) as u16
}

/// A half float (IEEE binary16) as an f32; every half is exact in f32.
pub fn half_to_f32(half: u16) -> f32 {
    let sign = u32::from(half >> 15) << 31;
    let exponent = u32::from((half >> 10) & 0x1f);
    let mantissa = u32::from(half & 0x3ff);
    match exponent {
        // Zero or subnormal: mantissa * 2^-24.
        0 => {
            let magnitude = f32::from(half & 0x3ff) * (1.0 / 16_777_216.0);
            if sign != 0 { -magnitude } else { magnitude }
        }
        // Infinity or NaN.
        31 => f32::from_bits(sign | 0x7f80_0000 | (mantissa << 13)),
        // Rebias the exponent from 15 to 127.
        _ => f32::from_bits(sign | ((exponent + 112) << 23) | (mantissa << 13)),
    }
}

/// `v` as an unsigned float of EXT_packed_float with a 5-bit exponent and
/// `mantissa` bits (6 for the 11-bit, 5 for the 10-bit channels), back in
/// `f32`: negative values and -Inf become 0, values above the largest
/// finite one that largest, NaN and +Inf stay; the mantissa is truncated,
/// as Mesa's packing does.
pub fn to_unsigned_float(v: f32, mantissa: u32) -> f32 {
    unsigned_float_from_bits(unsigned_float_bits(v, mantissa), mantissa)
}

/// The bits of `v` as an unsigned float (see [`to_unsigned_float`]).
pub fn unsigned_float_bits(v: f32, mantissa: u32) -> u32 {
    let m_mask = (1u32 << mantissa) - 1;
    if v.is_nan() {
        return (31 << mantissa) | (v.to_bits() >> (23 - mantissa) & m_mask).max(1);
    }
    if v <= 0.0 {
        return 0;
    }
    if v.is_infinite() {
        return 31 << mantissa;
    }
    // Largest finite: exponent 30, all mantissa bits.
    let max = f32::from_bits(((30 - 15 + 127) << 23) | (m_mask << (23 - mantissa)));
    let v = v.min(max);
    let b = v.to_bits();
    let e = ((b >> 23) & 0xff) as i32 - 127 + 15;
    if e <= 0 {
        // Denormal: the value in units of 2^-14 / 2^mantissa.
        return (f64::from(v) * f64::from(1u32 << mantissa) * 16384.0) as u32 & m_mask;
    }
    ((e as u32) << mantissa) | ((b >> (23 - mantissa)) & m_mask)
}

/// The value of unsigned-float bits (EXT_packed_float).
pub fn unsigned_float_from_bits(bits: u32, mantissa: u32) -> f32 {
    let m = bits & ((1 << mantissa) - 1);
    let e = (bits >> mantissa) & 31;
    match e {
        0 => (f64::from(m) / f64::from(1u32 << mantissa) / 16384.0) as f32,
        31 if m == 0 => f32::INFINITY,
        31 => f32::from_bits(0x7f80_0000 | (m << (23 - mantissa))),
        _ => f32::from_bits(((e + 127 - 15) << 23) | (m << (23 - mantissa))),
    }
}

/// How the channels of an [`ImageFormat`] hold values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// IEEE float (32 or 16 bits).
    Float,
    /// Unsigned normalized: `k` stands for `k / (2^bits - 1)`.
    Unorm,
    /// Signed normalized: `k` stands for `max(k / (2^(bits-1) - 1), -1)`.
    Snorm,
    /// Unsigned integer.
    Uint,
    /// Signed integer.
    Sint,
}

/// An image format of ARB_shader_image_load_store (GL 4.6 table 8.26):
/// the formats a texture bound to an image unit may be read and written
/// as. Channels are R, G, B, A from the lowest bits up, little-endian.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageFormat {
    /// The GL internal format (`GL_RGBA8` ...).
    pub gl: u32,
    /// Channels stored: 1 (R), 2 (RG), 3 (RGB, `GL_R11F_G11F_B10F`) or 4.
    pub channels: u8,
    /// Bits of every channel, or of each in turn for the packed formats
    /// (`GL_RGB10_A2`: 10, 10, 10, 2).
    pub bits: [u8; 4],
    /// What the channels hold.
    pub kind: Channel,
}

/// The image formats, by GL internal format.
const IMAGE_FORMATS: [(u32, u8, [u8; 4], Channel); 39] = {
    use Channel::*;
    [
        (0x8814, 4, [32; 4], Float),         // GL_RGBA32F
        (0x881A, 4, [16; 4], Float),         // GL_RGBA16F
        (0x8230, 2, [32; 4], Float),         // GL_RG32F
        (0x822F, 2, [16; 4], Float),         // GL_RG16F
        (0x8C3A, 3, [11, 11, 10, 0], Float), // GL_R11F_G11F_B10F
        (0x822E, 1, [32; 4], Float),         // GL_R32F
        (0x822D, 1, [16; 4], Float),         // GL_R16F
        (0x805B, 4, [16; 4], Unorm),         // GL_RGBA16
        (0x8059, 4, [10, 10, 10, 2], Unorm), // GL_RGB10_A2
        (0x8058, 4, [8; 4], Unorm),          // GL_RGBA8
        (0x822C, 2, [16; 4], Unorm),         // GL_RG16
        (0x822B, 2, [8; 4], Unorm),          // GL_RG8
        (0x822A, 1, [16; 4], Unorm),         // GL_R16
        (0x8229, 1, [8; 4], Unorm),          // GL_R8
        (0x8F9B, 4, [16; 4], Snorm),         // GL_RGBA16_SNORM
        (0x8F97, 4, [8; 4], Snorm),          // GL_RGBA8_SNORM
        (0x8F99, 2, [16; 4], Snorm),         // GL_RG16_SNORM
        (0x8F95, 2, [8; 4], Snorm),          // GL_RG8_SNORM
        (0x8F98, 1, [16; 4], Snorm),         // GL_R16_SNORM
        (0x8F94, 1, [8; 4], Snorm),          // GL_R8_SNORM
        (0x8D82, 4, [32; 4], Sint),          // GL_RGBA32I
        (0x8D88, 4, [16; 4], Sint),          // GL_RGBA16I
        (0x8D8E, 4, [8; 4], Sint),           // GL_RGBA8I
        (0x823B, 2, [32; 4], Sint),          // GL_RG32I
        (0x8239, 2, [16; 4], Sint),          // GL_RG16I
        (0x8237, 2, [8; 4], Sint),           // GL_RG8I
        (0x8235, 1, [32; 4], Sint),          // GL_R32I
        (0x8233, 1, [16; 4], Sint),          // GL_R16I
        (0x8231, 1, [8; 4], Sint),           // GL_R8I
        (0x8D70, 4, [32; 4], Uint),          // GL_RGBA32UI
        (0x8D76, 4, [16; 4], Uint),          // GL_RGBA16UI
        (0x906F, 4, [10, 10, 10, 2], Uint),  // GL_RGB10_A2UI
        (0x8D7C, 4, [8; 4], Uint),           // GL_RGBA8UI
        (0x823C, 2, [32; 4], Uint),          // GL_RG32UI
        (0x823A, 2, [16; 4], Uint),          // GL_RG16UI
        (0x8238, 2, [8; 4], Uint),           // GL_RG8UI
        (0x8236, 1, [32; 4], Uint),          // GL_R32UI
        (0x8234, 1, [16; 4], Uint),          // GL_R16UI
        (0x8232, 1, [8; 4], Uint),           // GL_R8UI
    ]
};

impl ImageFormat {
    /// The image format with GL internal format `gl`, if it is one.
    pub fn from_gl(gl: u32) -> Option<ImageFormat> {
        IMAGE_FORMATS
            .iter()
            .find(|f| f.0 == gl)
            .map(|&(gl, channels, bits, kind)| ImageFormat {
                gl,
                channels,
                bits,
                kind,
            })
    }

    /// Bytes per texel: formats of one size are compatible (GL 4.6
    /// §8.26, `GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE`).
    pub fn size(&self) -> usize {
        self.bits[..usize::from(self.channels)]
            .iter()
            .map(|&b| usize::from(b))
            .sum::<usize>()
            / 8
    }

    /// Whether the channels hold integers (read as `ivec4`/`uvec4`).
    pub fn is_integer(&self) -> bool {
        matches!(self.kind, Channel::Uint | Channel::Sint)
    }

    /// The texel whose bytes are `bytes` (at least [`ImageFormat::size`]
    /// of them) as a shader reads it: R, G, B, A as bits of `f32`s
    /// (float and normalized formats) or of `i32`/`u32`s; channels the
    /// format lacks read 0, 0, 0 and 1.
    pub fn decode(&self, bytes: &[u8]) -> [u32; 4] {
        let mut word = [0u8; 16];
        let n = self.size().min(bytes.len());
        word[..n].copy_from_slice(&bytes[..n]);
        let all = u128::from_le_bytes(word);
        let one = if self.is_integer() { 1 } else { 1f32.to_bits() };
        let mut out = [0, 0, 0, one];
        let mut at = 0;
        for (c, o) in out.iter_mut().enumerate().take(usize::from(self.channels)) {
            let bits = u32::from(self.bits[c]);
            let raw = ((all >> at) as u32) & mask(bits);
            at += bits;
            *o = match (self.kind, bits) {
                (Channel::Float, 32) | (Channel::Uint, _) => raw,
                (Channel::Float, 16) => half_to_f32(raw as u16).to_bits(),
                (Channel::Float, _) => unsigned_float_from_bits(raw, bits - 5).to_bits(),
                (Channel::Unorm, _) => (raw as f32 / mask(bits) as f32).to_bits(),
                (Channel::Snorm, _) => {
                    let max = mask(bits - 1) as f32;
                    (sign_extend(raw, bits) as f32 / max).max(-1.0).to_bits()
                }
                (Channel::Sint, _) => sign_extend(raw, bits) as u32,
            };
        }
        out
    }

    /// Encodes the shader's texel `value` (as [`ImageFormat::decode`]
    /// gives them) into `out` ([`ImageFormat::size`] bytes): normalized
    /// channels clamped and rounded to nearest, integers clamped to the
    /// channel's range, floats rounded to the format's precision
    /// (unsigned small floats as [`unsigned_float_bits`]).
    pub fn encode(&self, value: [u32; 4], out: &mut [u8]) {
        let mut all = 0u128;
        let mut at = 0;
        for (c, &v) in value.iter().enumerate().take(usize::from(self.channels)) {
            let bits = u32::from(self.bits[c]);
            let f = f32::from_bits(v);
            let raw = match (self.kind, bits) {
                (Channel::Float, 32) => v,
                (Channel::Float, 16) => u32::from(f32_to_half(f)),
                (Channel::Float, _) => unsigned_float_bits(f, bits - 5),
                (Channel::Unorm, _) => {
                    let x = if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) };
                    (x * mask(bits) as f32 + 0.5) as u32
                }
                (Channel::Snorm, _) => {
                    let x = if f.is_nan() { 0.0 } else { f.clamp(-1.0, 1.0) };
                    (x * mask(bits - 1) as f32).round() as i32 as u32
                }
                (Channel::Uint, _) => v.min(mask(bits)),
                (Channel::Sint, _) => {
                    let max = mask(bits - 1) as i32;
                    (v as i32).clamp(-max - 1, max) as u32
                }
            };
            all |= u128::from(raw & mask(bits)) << at;
            at += bits;
        }
        let n = self.size().min(out.len());
        out[..n].copy_from_slice(&all.to_le_bytes()[..n]);
    }
}

/// The low `bits` bits set (`bits` at most 32).
fn mask(bits: u32) -> u32 {
    if bits >= 32 {
        u32::MAX
    } else {
        (1 << bits) - 1
    }
}

/// `raw`'s low `bits` bits as a two's complement number.
fn sign_extend(raw: u32, bits: u32) -> i32 {
    let shift = 32 - bits;
    ((raw << shift) as i32) >> shift
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_round_trip_and_round_to_even() {
        for h in 0..=u16::MAX {
            let f = half_to_f32(h);
            if !f.is_nan() {
                assert_eq!(f32_to_half(f), h, "{h:#06x}");
            }
        }
        // Halfway between subnormal halves 1 and 2 (and 2 and 3): to even.
        let ulp = half_to_f32(1);
        assert_eq!(f32_to_half(1.5 * ulp), 2);
        assert_eq!(f32_to_half(2.5 * ulp), 2);
        assert_eq!(f32_to_half(0.5 * ulp), 0);
        assert_eq!(f32_to_half(0.75 * ulp), 1);
        // Halfway between 1.0 and the next half: to even (1.0).
        assert_eq!(f32_to_half(1.0 + 2f32.powi(-11)), 0x3c00);
        assert_eq!(f32_to_half(65520.0), 0x7c00);
    }

    fn format(gl: u32) -> ImageFormat {
        ImageFormat::from_gl(gl).expect("an image format")
    }

    #[test]
    fn sizes_follow_the_channels() {
        assert_eq!(format(0x8814).size(), 16);
        assert_eq!(format(0x8C3A).size(), 4);
        assert_eq!(format(0x8059).size(), 4);
        assert_eq!(format(0x822D).size(), 2);
        assert_eq!(format(0x8232).size(), 1);
        assert!(ImageFormat::from_gl(0x8051).is_none()); // GL_RGB8
    }

    #[test]
    fn unorm8_round_trips_and_fills_missing_channels() {
        let rgba8 = format(0x8058);
        let v = rgba8.decode(&[0, 51, 255, 128]);
        assert_eq!(v.map(f32::from_bits), [0.0, 0.2, 1.0, 128.0 / 255.0]);
        let mut out = [0u8; 4];
        rgba8.encode(v, &mut out);
        assert_eq!(out, [0, 51, 255, 128]);
        let rg8 = format(0x822B);
        assert_eq!(
            rg8.decode(&[255, 0]).map(f32::from_bits),
            [1.0, 0.0, 0.0, 1.0]
        );
        assert_eq!(format(0x8238).decode(&[7, 9]), [7, 9, 0, 1]);
    }

    #[test]
    fn encoding_clamps_and_rounds() {
        let mut out = [0u8; 4];
        let v = [-1.0f32, 2.0, 0.5, f32::NAN].map(f32::to_bits);
        format(0x8058).encode(v, &mut out);
        assert_eq!(out, [0, 255, 128, 0]);
        let mut two = [0u8; 2];
        format(0x8237).encode([300, (-300i32) as u32, 0, 0], &mut two);
        assert_eq!(two.map(|b| b as i8), [127, -128]);
        format(0x8F95).encode([(-2.0f32).to_bits(), 0.5f32.to_bits(), 0, 0], &mut two);
        assert_eq!(two.map(|b| b as i8), [-127, 64]);
        assert_eq!(
            format(0x8F95).decode(&[0x80, 0x81]).map(f32::from_bits)[..2],
            [-1.0, -1.0]
        );
    }

    #[test]
    fn packed_formats_place_their_channels() {
        let mut out = [0u8; 4];
        format(0x906F).encode([1023, 0, 5, 3], &mut out);
        assert_eq!(u32::from_le_bytes(out), 1023 | 5 << 20 | 3 << 30);
        assert_eq!(format(0x906F).decode(&out), [1023, 0, 5, 3]);
        let v = [1.0f32, 0.5, 2.0, 7.0].map(f32::to_bits);
        format(0x8C3A).encode(v, &mut out);
        let back = format(0x8C3A).decode(&out).map(f32::from_bits);
        assert_eq!(back, [1.0, 0.5, 2.0, 1.0]);
    }

    #[test]
    fn reinterpretation_by_size_keeps_the_bytes() {
        let rgba8 = format(0x8058);
        let r32ui = format(0x8236);
        let mut bytes = [0u8; 4];
        rgba8.encode([0.0f32, 1.0, 0.2, 1.0].map(f32::to_bits), &mut bytes);
        assert_eq!(r32ui.decode(&bytes)[0], 0xff33_ff00);
        let half = format(0x822D).decode(&0x3c00u16.to_le_bytes());
        assert_eq!(f32::from_bits(half[0]), 1.0);
    }
}
