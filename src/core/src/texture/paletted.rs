//! Paletted textures of OpenGL ES 1.1 (OES_compressed_paletted_texture):
//! `glCompressedTexImage2D` with one of the ten `GL_PALETTE*_OES` formats
//! takes a palette of 16 or 256 colours followed by each level's texel
//! indices (4 or 8 bits, tightly packed, the first texel in the high
//! nibble). A level of `-n` says the data holds levels 0 to `n`. As in
//! Mesa (`_mesa_cpal_compressed_teximage2d`), the images are expanded on
//! upload into ordinary `GL_RGB` / `GL_RGBA` images: ES 1 can neither read
//! the blocks back nor update part of them.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};

/// One paletted format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Palette {
    /// Entries: 16 (4-bit indices) or 256 (8-bit).
    entries: usize,
    /// The layout of an entry.
    entry: Entry,
}

/// How a palette entry is stored (as `glTexImage2D` pixels of this
/// format and type would be).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// `GL_RGB`, `GL_UNSIGNED_BYTE`.
    Rgb8,
    /// `GL_RGBA`, `GL_UNSIGNED_BYTE`.
    Rgba8,
    /// `GL_RGB`, `GL_UNSIGNED_SHORT_5_6_5`.
    R5G6B5,
    /// `GL_RGBA`, `GL_UNSIGNED_SHORT_4_4_4_4`.
    Rgba4,
    /// `GL_RGBA`, `GL_UNSIGNED_SHORT_5_5_5_1`.
    Rgb5A1,
}

impl Entry {
    fn bytes(self) -> usize {
        match self {
            Entry::Rgb8 => 3,
            Entry::Rgba8 => 4,
            Entry::R5G6B5 | Entry::Rgba4 | Entry::Rgb5A1 => 2,
        }
    }

    /// The base internal format of the expanded image.
    fn base(self) -> GLenum {
        match self {
            Entry::Rgb8 | Entry::R5G6B5 => GL_RGB,
            Entry::Rgba8 | Entry::Rgba4 | Entry::Rgb5A1 => GL_RGBA,
        }
    }

    /// Entry `b` (its bytes) as RGBA. The 16-bit entries are in the
    /// client's byte order, as `GL_UNSIGNED_SHORT_*` pixels are.
    fn decode(self, b: &[u8]) -> [f32; 4] {
        let unorm = |v: u16, bits: u32| f32::from(v) / ((1u32 << bits) - 1) as f32;
        let short = || u16::from_ne_bytes([b[0], b[1]]);
        match self {
            Entry::Rgb8 => [
                unorm(b[0].into(), 8),
                unorm(b[1].into(), 8),
                unorm(b[2].into(), 8),
                1.0,
            ],
            Entry::Rgba8 => [0, 1, 2, 3].map(|i| unorm(b[i].into(), 8)),
            Entry::R5G6B5 => {
                let v = short();
                [
                    unorm(v >> 11, 5),
                    unorm((v >> 5) & 0x3f, 6),
                    unorm(v & 0x1f, 5),
                    1.0,
                ]
            }
            Entry::Rgba4 => {
                let v = short();
                [12, 8, 4, 0].map(|s| unorm((v >> s) & 0xf, 4))
            }
            Entry::Rgb5A1 => {
                let v = short();
                [
                    unorm(v >> 11, 5),
                    unorm((v >> 6) & 0x1f, 5),
                    unorm((v >> 1) & 0x1f, 5),
                    unorm(v & 1, 1),
                ]
            }
        }
    }
}

/// The ten formats, in enum order (`GL_PALETTE4_RGB8_OES` first).
pub const FORMATS: [GLenum; 10] = [
    GL_PALETTE4_RGB8_OES,
    GL_PALETTE4_RGBA8_OES,
    GL_PALETTE4_R5_G6_B5_OES,
    GL_PALETTE4_RGBA4_OES,
    GL_PALETTE4_RGB5_A1_OES,
    GL_PALETTE8_RGB8_OES,
    GL_PALETTE8_RGBA8_OES,
    GL_PALETTE8_R5_G6_B5_OES,
    GL_PALETTE8_RGBA4_OES,
    GL_PALETTE8_RGB5_A1_OES,
];

fn palette(format: GLenum) -> Option<Palette> {
    let i = FORMATS.iter().position(|&f| f == format)?;
    let entry = [
        Entry::Rgb8,
        Entry::Rgba8,
        Entry::R5G6B5,
        Entry::Rgba4,
        Entry::Rgb5A1,
    ][i % 5];
    let entries = if i < 5 { 16 } else { 256 };
    Some(Palette { entries, entry })
}

/// Whether `format` is one of the paletted formats.
pub fn is_paletted(format: GLenum) -> bool {
    palette(format).is_some()
}

/// Levels `0..=levels - 1` from `size`: each level's width and height.
fn level_sizes(size: [usize; 2], levels: usize) -> impl Iterator<Item = [usize; 2]> {
    (0..levels).map(move |l| size.map(|s| (s >> l).max(1)))
}

/// Bytes of the indices of a `w` × `h` level.
fn index_bytes(p: Palette, [w, h]: [usize; 2]) -> usize {
    if p.entries == 16 {
        (w * h).div_ceil(2)
    } else {
        w * h
    }
}

/// The data size `glCompressedTexImage2D` must be given: the palette and
/// every level's indices (Mesa's `_mesa_cpal_compressed_size`).
fn expected_size(p: Palette, size: [usize; 2], levels: usize) -> usize {
    p.entries * p.entry.bytes()
        + level_sizes(size, levels)
            .map(|s| index_bytes(p, s))
            .sum::<usize>()
}

/// Expands each level of `data` (already checked to be
/// [`expected_size`] long) into RGBA texels.
fn expand(p: Palette, size: [usize; 2], levels: usize, data: &[u8]) -> Vec<Vec<[f32; 4]>> {
    let n = p.entry.bytes();
    let colours: Vec<[f32; 4]> = data[..p.entries * n]
        .chunks_exact(n)
        .map(|e| p.entry.decode(e))
        .collect();
    let mut at = p.entries * n;
    level_sizes(size, levels)
        .map(|s| {
            let texels = s[0] * s[1];
            let indices = &data[at..at + index_bytes(p, s)];
            at += indices.len();
            (0..texels)
                .map(|t| {
                    let i = if p.entries == 16 {
                        let b = indices[t / 2];
                        if t % 2 == 0 { b >> 4 } else { b & 0xf }
                    } else {
                        indices[t]
                    };
                    colours[usize::from(i)]
                })
                .collect()
        })
        .collect()
}

/// The data size a `glCompressedTexImage2D` of `format`, `level` and
/// `size` must give, if the three are in range: what a caller may read
/// from the client before the command is validated.
pub fn image_size(format: GLenum, level: i32, size: [i32; 2]) -> Option<usize> {
    let p = palette(format)?;
    let max = crate::texture::api::max_level(GL_TEXTURE_2D);
    if level > 0 || level < -max || size.iter().any(|&s| !(0..=1 << max).contains(&s)) {
        return None;
    }
    Some(expected_size(
        p,
        size.map(|s| s as usize),
        (1 - level) as usize,
    ))
}

impl Context {
    /// `glCompressedTexImage2D` with a paletted `format` in an ES 1
    /// context (OES_compressed_paletted_texture): INVALID_VALUE for a
    /// level above 0 or below `-(levels - 1)`, a bad size, a border, or an
    /// `image_size` other than the palette's and the levels' bytes; the
    /// target's errors as `glTexImage2D`'s. `data` is `None` for a null
    /// pointer (the images are then undefined: zero here).
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn paletted_tex_image(
        &mut self,
        target: GLenum,
        level: i32,
        format: GLenum,
        size: [i32; 2],
        border: i32,
        image_size: i32,
        data: Option<&[u8]>,
    ) -> ApiResult {
        let p = palette(format).ok_or(ApiError::InvalidEnum)?;
        let max_levels = crate::texture::api::max_level(GL_TEXTURE_2D) + 1;
        if level > 0 || level <= -max_levels {
            return Err(ApiError::InvalidValue);
        }
        let levels = (1 - level) as usize;
        let base = p.entry.base();
        self.check_tex_image_target(2, target, 0, base, [size[0], size[1], 1], border)?;
        if border != 0 {
            return Err(ApiError::InvalidValue);
        }
        let dims = size.map(|s| s as usize);
        let expected = expected_size(p, dims, levels);
        if usize::try_from(image_size).ok() != Some(expected) {
            return Err(ApiError::InvalidValue);
        }
        let images = match data {
            Some(d) if d.len() >= expected => expand(p, dims, levels, d),
            Some(_) => return Err(ApiError::InvalidValue),
            None => level_sizes(dims, levels)
                .map(|[w, h]| vec![[0.0; 4]; w * h])
                .collect(),
        };
        for (l, (texels, [w, h])) in images
            .into_iter()
            .zip(level_sizes(dims, levels))
            .enumerate()
        {
            self.tex_image(target, l as i32, base, [w, h, 1], texels)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_mesa() {
        let p4 = palette(GL_PALETTE4_RGB8_OES).unwrap();
        // 48 bytes of palette, then 2x2 indices in 2 bytes.
        assert_eq!(expected_size(p4, [2, 2], 1), 50);
        // 3x3: 9 nibbles in 5 bytes; levels 1x1 add one byte.
        assert_eq!(expected_size(p4, [3, 3], 2), 48 + 5 + 1);
        let p8 = palette(GL_PALETTE8_RGB5_A1_OES).unwrap();
        assert_eq!(expected_size(p8, [4, 2], 3), 512 + 8 + 2 + 1);
    }

    #[test]
    fn expands_high_nibble_first() {
        let p = palette(GL_PALETTE4_RGBA8_OES).unwrap();
        let mut data = [0u8; 64 + 2];
        data[4..8].copy_from_slice(&[255, 0, 0, 255]);
        data[8..12].copy_from_slice(&[0, 0, 255, 0]);
        data[64] = 0x12;
        data[65] = 0x10;
        let images = expand(p, [3, 1], 1, &data[..64 + 2]);
        assert_eq!(
            images[0],
            vec![
                [1.0, 0.0, 0.0, 1.0],
                [0.0, 0.0, 1.0, 0.0],
                [1.0, 0.0, 0.0, 1.0]
            ]
        );
    }

    #[test]
    fn sixteen_bit_entries() {
        // Red 31, green 0, blue 16 (5, 6, 5 bits).
        let v: u16 = (31 << 11) | 16;
        let c = Entry::R5G6B5.decode(&v.to_ne_bytes());
        assert_eq!(c[0], 1.0);
        assert_eq!(c[1], 0.0);
        assert!((c[2] - 16.0 / 31.0).abs() < 1e-6);
        let v: u16 = 0x0f01;
        assert_eq!(
            Entry::Rgba4.decode(&v.to_ne_bytes()),
            [0.0, 1.0, 0.0, 1.0 / 15.0]
        );
        let v: u16 = 1;
        assert_eq!(Entry::Rgb5A1.decode(&v.to_ne_bytes()), [0.0, 0.0, 0.0, 1.0]);
    }
}
