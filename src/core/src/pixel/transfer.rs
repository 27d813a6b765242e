//! Client images: their layout in memory under the pixel-store parameters
//! (GL 4.6 §8.4.4.1), and conversion between client formats/types and RGBA
//! `f32` texels (unpack: §8.4.4; pack: §18.2.6).
//!
//! Every client image is described by a [`ClientImage`]; the caller checks
//! `byte_len` before handing over the bytes, so conversion never reads or
//! writes outside them.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::error::{ApiError, ApiResult};
use crate::state::PixelStore;

/// Components of a colour format, in client order (GL 4.6 table 8.3), and of
/// `GL_DEPTH_COMPONENT` (one value, carried in R: the texture images of
/// ARB_depth_texture). `None` for any other format.
pub fn color_components(format: GLenum) -> Option<&'static [usize]> {
    // Indices into RGBA: 0 = R, 1 = G, 2 = B, 3 = A, 4 = luminance (R),
    // 5 = stencil (G: a depth/stencil texel holds its depth in R, its
    // stencil, normalized, in G).
    Some(match format {
        GL_RED | GL_RED_INTEGER => &[0],
        GL_GREEN | GL_GREEN_INTEGER => &[1],
        GL_BLUE | GL_BLUE_INTEGER => &[2],
        GL_ALPHA | GL_ALPHA_INTEGER => &[3],
        GL_RG | GL_RG_INTEGER => &[0, 1],
        GL_RGB | GL_RGB_INTEGER => &[0, 1, 2],
        GL_BGR | GL_BGR_INTEGER => &[2, 1, 0],
        GL_RGBA | GL_RGBA_INTEGER => &[0, 1, 2, 3],
        GL_BGRA | GL_BGRA_INTEGER => &[2, 1, 0, 3],
        // EXT_abgr.
        GL_ABGR_EXT => &[3, 2, 1, 0],
        GL_LUMINANCE | GL_LUMINANCE_INTEGER_EXT => &[4],
        GL_LUMINANCE_ALPHA | GL_LUMINANCE_ALPHA_INTEGER_EXT => &[4, 3],
        GL_DEPTH_COMPONENT => &[0],
        GL_DEPTH_STENCIL => &[0, 5],
        // Stencil indices of a stencil texture (ARB_texture_stencil8):
        // integers, kept normalized in G as a depth/stencil texel keeps
        // them (`ClientImage::decode`, `encode`).
        GL_STENCIL_INDEX => &[5],
        _ => return None,
    })
}

/// Whether `format` is one of the integer client formats (`GL_RGBA_INTEGER`
/// and the others of EXT_texture_integer): their components are integer
/// values, converted without normalization.
pub fn is_integer_format(format: GLenum) -> bool {
    matches!(
        format,
        GL_RED_INTEGER
            | GL_GREEN_INTEGER
            | GL_BLUE_INTEGER
            | GL_ALPHA_INTEGER
            | GL_RG_INTEGER
            | GL_RGB_INTEGER
            | GL_BGR_INTEGER
            | GL_RGBA_INTEGER
            | GL_BGRA_INTEGER
            | GL_LUMINANCE_INTEGER_EXT
            | GL_LUMINANCE_ALPHA_INTEGER_EXT
    )
}

/// `k / 255` for every byte `k`: the values 8-bit unsigned normalized
/// channels hold (shared by unpacking and quantization, so that 8-bit data
/// round-trips bit for bit).
pub fn unorm8_table() -> &'static [f32; 256] {
    &UNORM8
}

/// The table [`unorm8_table`] returns.
static UNORM8: [f32; 256] = {
    let mut t = [0.0; 256];
    let mut k = 0;
    while k < 256 {
        t[k] = k as f32 / 255.0;
        k += 1;
    }
    t
};

/// Component or pixel size of a type: `(bytes, Some(components))` for packed
/// types, `(bytes per component, None)` otherwise.
pub fn type_info(type_: GLenum) -> Option<(usize, Option<usize>)> {
    Some(match type_ {
        GL_UNSIGNED_BYTE | GL_BYTE => (1, None),
        GL_UNSIGNED_SHORT | GL_SHORT | GL_HALF_FLOAT => (2, None),
        GL_UNSIGNED_INT | GL_INT | GL_FLOAT => (4, None),
        GL_UNSIGNED_BYTE_3_3_2 | GL_UNSIGNED_BYTE_2_3_3_REV => (1, Some(3)),
        GL_UNSIGNED_SHORT_5_6_5 | GL_UNSIGNED_SHORT_5_6_5_REV => (2, Some(3)),
        GL_UNSIGNED_SHORT_4_4_4_4
        | GL_UNSIGNED_SHORT_4_4_4_4_REV
        | GL_UNSIGNED_SHORT_5_5_5_1
        | GL_UNSIGNED_SHORT_1_5_5_5_REV => (2, Some(4)),
        GL_UNSIGNED_INT_8_8_8_8
        | GL_UNSIGNED_INT_8_8_8_8_REV
        | GL_UNSIGNED_INT_10_10_10_2
        | GL_UNSIGNED_INT_2_10_10_10_REV => (4, Some(4)),
        // EXT_packed_float, EXT_texture_shared_exponent.
        GL_UNSIGNED_INT_10F_11F_11F_REV | GL_UNSIGNED_INT_5_9_9_9_REV => (4, Some(3)),
        // EXT_packed_depth_stencil: depth in the top 24 bits, stencil below.
        GL_UNSIGNED_INT_24_8 => (4, Some(2)),
        // ARB_depth_buffer_float: a float depth, then a word whose low 8
        // bits are the stencil index.
        GL_FLOAT_32_UNSIGNED_INT_24_8_REV => (8, Some(2)),
        _ => return None,
    })
}

/// Bit widths of a packed type's fields, most significant first for the
/// non-REV types (component 0 in the top bits) and least significant first
/// for REV (component 0 in the low bits).
fn packed_fields(type_: GLenum) -> (&'static [u32], bool) {
    match type_ {
        GL_UNSIGNED_BYTE_3_3_2 => (&[3, 3, 2], false),
        GL_UNSIGNED_BYTE_2_3_3_REV => (&[3, 3, 2], true),
        GL_UNSIGNED_SHORT_5_6_5 => (&[5, 6, 5], false),
        GL_UNSIGNED_SHORT_5_6_5_REV => (&[5, 6, 5], true),
        GL_UNSIGNED_SHORT_4_4_4_4 => (&[4, 4, 4, 4], false),
        GL_UNSIGNED_SHORT_4_4_4_4_REV => (&[4, 4, 4, 4], true),
        GL_UNSIGNED_SHORT_5_5_5_1 => (&[5, 5, 5, 1], false),
        GL_UNSIGNED_SHORT_1_5_5_5_REV => (&[5, 5, 5, 1], true),
        GL_UNSIGNED_INT_8_8_8_8 => (&[8, 8, 8, 8], false),
        GL_UNSIGNED_INT_8_8_8_8_REV => (&[8, 8, 8, 8], true),
        GL_UNSIGNED_INT_10_10_10_2 => (&[10, 10, 10, 2], false),
        GL_UNSIGNED_INT_24_8 => (&[24, 8], false),
        _ => (&[10, 10, 10, 2], true), // GL_UNSIGNED_INT_2_10_10_10_REV
    }
}

/// A client image: where each row and slice starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientImage {
    /// Width, height, depth in pixels.
    pub size: [usize; 3],
    /// Client format and type.
    pub format: GLenum,
    /// Client type.
    pub type_: GLenum,
    /// Bytes per pixel.
    pub pixel_bytes: usize,
    /// Bytes per component (or per pixel for packed types).
    pub elem_bytes: usize,
    /// Bytes from one row to the next.
    pub row_stride: usize,
    /// Bytes from one slice to the next.
    pub image_stride: usize,
    /// Offset of the first pixel (skip parameters).
    pub offset: usize,
    /// Bytes from the client pointer to the end of the last pixel.
    pub byte_len: usize,
    /// Swap bytes of multi-byte elements.
    pub swap_bytes: bool,
    /// For an integer client format: the texture image's integer format
    /// (signed, bits per channel; [`crate::texture::integer_kind`]), which
    /// unpacked values are clamped to and packed values are read as. Set
    /// by the caller that knows the image ([`ClientImage::for_integer`]).
    pub int_image: Option<(bool, u8)>,
    /// The same for the image's alpha channel
    /// ([`crate::texture::integer_alpha_kind`]).
    pub int_alpha: Option<(bool, u8)>,
}

/// Validates a colour format/type pair (INVALID_ENUM for unknown ones,
/// INVALID_OPERATION for a packed type whose component count does not match)
/// and computes the layout under `store`.
pub fn client_image(
    format: GLenum,
    type_: GLenum,
    w: usize,
    h: usize,
    d: usize,
    store: &PixelStore,
) -> ApiResult<ClientImage> {
    let Some(comps) = color_components(format) else {
        // A format of another kind (depth, stencil, index) with a packed
        // colour type is a mismatch (INVALID_OPERATION, as Mesa); otherwise
        // this path does not take it.
        let other = matches!(
            format,
            GL_DEPTH_COMPONENT | GL_STENCIL_INDEX | GL_DEPTH_STENCIL | GL_COLOR_INDEX
        );
        return Err(match type_info(type_) {
            Some((_, Some(_))) if other => ApiError::InvalidOperation,
            _ => ApiError::InvalidEnum,
        });
    };
    let (elem, packed) = type_info(type_).ok_or(ApiError::InvalidEnum)?;
    // Integer formats take integer types (INVALID_ENUM for the float ones,
    // as Mesa), the packed ones included (GL 4.6 table 8.8).
    let integer = is_integer_format(format);
    if integer
        && matches!(
            type_,
            GL_FLOAT
                | GL_HALF_FLOAT
                | GL_UNSIGNED_INT_10F_11F_11F_REV
                | GL_UNSIGNED_INT_5_9_9_9_REV
                | GL_UNSIGNED_INT_24_8
                | GL_FLOAT_32_UNSIGNED_INT_24_8_REV
        )
    {
        return Err(ApiError::InvalidEnum);
    }
    if let Some(n) = packed {
        let ok = match n {
            // GL 4.6 table 8.8: the 3-component packed types take RGB only,
            // UNSIGNED_INT_24_8 DEPTH_STENCIL only.
            2 => format == GL_DEPTH_STENCIL,
            3 => matches!(format, GL_RGB | GL_RGB_INTEGER),
            _ => matches!(
                format,
                GL_RGBA | GL_BGRA | GL_RGBA_INTEGER | GL_BGRA_INTEGER
            ),
        };
        if !ok {
            return Err(ApiError::InvalidOperation);
        }
    } else if format == GL_DEPTH_STENCIL {
        return Err(ApiError::InvalidOperation);
    }
    let pixel_bytes = if packed.is_some() {
        elem
    } else {
        elem * comps.len()
    };
    let row_pixels = if store.row_length > 0 {
        store.row_length as usize
    } else {
        w
    };
    let row_bytes = row_pixels * pixel_bytes;
    let align = store.alignment as usize;
    let row_stride = if elem >= align {
        row_bytes
    } else {
        row_bytes.div_ceil(align) * align
    };
    let rows = if store.image_height > 0 {
        store.image_height as usize
    } else {
        h
    };
    let image_stride = row_stride * rows;
    let offset = store.skip_images as usize * image_stride
        + store.skip_rows as usize * row_stride
        + store.skip_pixels as usize * pixel_bytes;
    let byte_len = if w == 0 || h == 0 || d == 0 {
        0
    } else {
        offset + (d - 1) * image_stride + (h - 1) * row_stride + w * pixel_bytes
    };
    Ok(ClientImage {
        size: [w, h, d],
        format,
        type_,
        pixel_bytes,
        // Byte swapping swaps each 32-bit word of the float/stencil pair.
        elem_bytes: if type_ == GL_FLOAT_32_UNSIGNED_INT_24_8_REV {
            4
        } else {
            elem
        },
        row_stride,
        image_stride,
        offset,
        byte_len,
        swap_bytes: store.swap_bytes,
        int_image: None,
        int_alpha: None,
    })
}

impl ClientImage {
    /// This layout for an image of internal format `internal`: an integer
    /// client format needs an integer image, and the other way round
    /// (INVALID_OPERATION, EXT_texture_integer).
    pub fn for_integer(mut self, internal: GLenum) -> ApiResult<Self> {
        let kind = crate::texture::integer_kind(internal);
        if kind.is_some() != is_integer_format(self.format) {
            return Err(ApiError::InvalidOperation);
        }
        self.int_image = kind;
        self.int_alpha = crate::texture::integer_alpha_kind(internal);
        Ok(self)
    }

    /// Whether the image is unsigned bytes of colour channels (R, G, B, A
    /// in some order, no luminance): [`ClientImage::unpack`] gives exactly
    /// the 8-bit values of [`unorm8_table`].
    pub fn is_unorm8_colour(&self) -> bool {
        self.type_ == GL_UNSIGNED_BYTE
            && !is_integer_format(self.format)
            && color_components(self.format)
                .is_some_and(|c| c.iter().all(|&c| c < 4) && self.pixel_bytes == c.len())
    }

    fn pixel_at(&self, x: usize, y: usize, z: usize) -> usize {
        self.offset + z * self.image_stride + y * self.row_stride + x * self.pixel_bytes
    }

    /// [`ClientImage::unpack`] of an 8-bit colour image
    /// ([`ClientImage::is_unorm8_colour`]) as bytes: byte `k` for the value
    /// `k / 255` that `unpack` gives, missing components (0, 0, 0, 255).
    pub fn unpack_unorm8(&self, src: &[u8]) -> Vec<[u8; 4]> {
        self.unpack_bytes(src, |b| b, 255)
    }

    /// The pixels of an 8-bit colour image, each byte through `conv`,
    /// missing components zero and alpha `one`: rows from the first
    /// (bottom) one, whole RGBA pixels without a per-component zip.
    fn unpack_bytes<T: Copy + Default>(
        &self,
        src: &[u8],
        conv: impl Fn(u8) -> T,
        one: T,
    ) -> Vec<[T; 4]> {
        let [w, h, d] = self.size;
        let mut out = Vec::with_capacity(w * h * d);
        let comps = color_components(self.format).unwrap_or(&[0, 1, 2, 3]);
        let rgba = comps == [0, 1, 2, 3] && self.pixel_bytes == 4;
        for z in 0..d {
            for y in 0..h {
                let row = self.pixel_at(0, y, z);
                let bytes = &src[row..row + w * self.pixel_bytes];
                if rgba {
                    out.extend(
                        bytes
                            .chunks_exact(4)
                            .map(|px| [conv(px[0]), conv(px[1]), conv(px[2]), conv(px[3])]),
                    );
                    continue;
                }
                for px in bytes.chunks_exact(self.pixel_bytes) {
                    let mut v = [T::default(), T::default(), T::default(), one];
                    for (&c, &b) in comps.iter().zip(px) {
                        if let Some(v) = v.get_mut(c) {
                            *v = conv(b);
                        }
                    }
                    out.push(v);
                }
            }
        }
        out
    }

    /// Converts the image in `src` (`byte_len` bytes) to RGBA texels, row by
    /// row from the first (bottom) one. Missing components are (0, 0, 0, 1).
    pub fn unpack(&self, src: &[u8]) -> Vec<[f32; 4]> {
        // The common case, unsigned bytes of colour channels: each byte
        // through a table, no per-component dispatch.
        if self.is_unorm8_colour() {
            let lut = unorm8_table();
            return self.unpack_bytes(src, |b| lut[usize::from(b)], 1.0);
        }
        let [w, h, d] = self.size;
        let mut out = Vec::with_capacity(w * h * d);
        let comps = color_components(self.format).unwrap_or(&[0, 1, 2, 3]);
        let mut px = [0u8; 16];
        for z in 0..d {
            for y in 0..h {
                for x in 0..w {
                    let at = self.pixel_at(x, y, z);
                    let bytes = &mut px[..self.pixel_bytes];
                    bytes.copy_from_slice(&src[at..at + self.pixel_bytes]);
                    if self.swap_bytes && self.elem_bytes > 1 {
                        for e in bytes.chunks_exact_mut(self.elem_bytes) {
                            e.reverse();
                        }
                    }
                    out.push(self.decode(bytes, comps));
                }
            }
        }
        out
    }

    fn decode(&self, bytes: &[u8], comps: &[usize]) -> [f32; 4] {
        if is_integer_format(self.format) {
            return self.decode_integer(bytes, comps);
        }
        if self.format == GL_STENCIL_INDEX {
            // The index's 8 low bits (an 8-bit stencil texture).
            let e = |i: usize| bytes.get(i).copied().unwrap_or(0);
            let n = match self.type_ {
                GL_UNSIGNED_BYTE | GL_BYTE => i64::from(e(0)),
                GL_UNSIGNED_SHORT | GL_SHORT => i64::from(u16::from_ne_bytes([e(0), e(1)])),
                GL_FLOAT => f32::from_ne_bytes([e(0), e(1), e(2), e(3)]) as i64,
                GL_HALF_FLOAT => {
                    crate::vbo::arrays::half_to_f32(u16::from_ne_bytes([e(0), e(1)])) as i64
                }
                _ => i64::from(u32::from_ne_bytes([e(0), e(1), e(2), e(3)])),
            };
            return [0.0, (n & 0xff) as f32 / 255.0, 0.0, 1.0];
        }
        let mut v = [0.0, 0.0, 0.0, 1.0];
        let mut put = |i: usize, c: f32| {
            if comps[i] == 5 {
                v[1] = c;
            } else if comps[i] == 4 {
                v[0] = c;
                v[1] = c;
                v[2] = c;
            } else {
                v[comps[i]] = c;
            }
        };
        if self.type_ == GL_FLOAT_32_UNSIGNED_INT_24_8_REV {
            let word = |i: usize| [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]];
            put(0, f32::from_ne_bytes(word(0)));
            put(1, (u32::from_ne_bytes(word(4)) & 0xff) as f32 / 255.0);
            return v;
        }
        if let GL_UNSIGNED_INT_10F_11F_11F_REV | GL_UNSIGNED_INT_5_9_9_9_REV = self.type_ {
            let w = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            let c = if self.type_ == GL_UNSIGNED_INT_5_9_9_9_REV {
                crate::texture::rgb9e5_from_bits(w)
            } else {
                let f = crate::texture::unsigned_float_from_bits;
                [f(w & 0x7ff, 6), f((w >> 11) & 0x7ff, 6), f(w >> 22, 5)]
            };
            for (i, c) in c.into_iter().enumerate() {
                put(i, c);
            }
            return v;
        }
        if let (_, Some(_)) = type_info(self.type_).unwrap_or((1, None)) {
            let mut word = 0u32;
            for (i, b) in bytes.iter().enumerate() {
                word |= u32::from(*b) << (8 * i);
            }
            let (fields, rev) = packed_fields(self.type_);
            let total: u32 = fields.iter().sum();
            let mut shift = if rev { 0 } else { total };
            for (i, &bits) in fields.iter().enumerate() {
                let s = if rev { shift } else { shift - bits };
                let max = (1u32 << bits) - 1;
                put(i, ((word >> s) & max) as f32 / max as f32);
                if rev { shift += bits } else { shift -= bits }
            }
            return v;
        }
        for (i, e) in bytes
            .chunks_exact(self.elem_bytes)
            .enumerate()
            .take(comps.len())
        {
            let c = match self.type_ {
                GL_UNSIGNED_BYTE => f32::from(e[0]) / 255.0,
                GL_BYTE => (f32::from(e[0] as i8) / 127.0).max(-1.0),
                GL_UNSIGNED_SHORT => f32::from(u16::from_ne_bytes([e[0], e[1]])) / 65535.0,
                GL_SHORT => (f32::from(i16::from_ne_bytes([e[0], e[1]])) / 32767.0).max(-1.0),
                GL_UNSIGNED_INT => {
                    (f64::from(u32::from_ne_bytes([e[0], e[1], e[2], e[3]])) / 4294967295.0) as f32
                }
                GL_INT => (f64::from(i32::from_ne_bytes([e[0], e[1], e[2], e[3]])) / 2147483647.0)
                    .max(-1.0) as f32,
                GL_HALF_FLOAT => crate::vbo::arrays::half_to_f32(u16::from_ne_bytes([e[0], e[1]])),
                _ => f32::from_ne_bytes([e[0], e[1], e[2], e[3]]),
            };
            put(i, c);
        }
        v
    }

    /// [`ClientImage::decode`] of an integer format: each component's value
    /// clamped to the image's integer format, as texel bits.
    fn decode_integer(&self, bytes: &[u8], comps: &[usize]) -> [f32; 4] {
        let kind = self.int_image.unwrap_or((true, 32));
        let alpha = self.int_alpha.unwrap_or(kind);
        let kind_of = |c: usize| if c == 3 { alpha } else { kind };
        let mut v = [0.0, 0.0, 0.0, crate::texture::int_to_texel(1, alpha)];
        if let (_, Some(_)) = type_info(self.type_).unwrap_or((1, None)) {
            // Packed fields as unsigned integers (GL 4.6 table 8.8).
            let mut word = 0u32;
            for (i, b) in bytes.iter().enumerate() {
                word |= u32::from(*b) << (8 * i);
            }
            let (fields, rev) = packed_fields(self.type_);
            let total: u32 = fields.iter().sum();
            let mut shift = if rev { 0 } else { total };
            for (i, &bits) in fields.iter().enumerate() {
                let s = if rev { shift } else { shift - bits };
                let n = (word >> s) & ((1u32 << bits) - 1);
                let c = comps[i].min(3);
                v[c] = crate::texture::int_to_texel(n.into(), kind_of(c));
                if rev { shift += bits } else { shift -= bits }
            }
            return v;
        }
        for (i, e) in bytes
            .chunks_exact(self.elem_bytes)
            .enumerate()
            .take(comps.len())
        {
            let n = match self.type_ {
                GL_UNSIGNED_BYTE => i64::from(e[0]),
                GL_BYTE => i64::from(e[0] as i8),
                GL_UNSIGNED_SHORT => i64::from(u16::from_ne_bytes([e[0], e[1]])),
                GL_SHORT => i64::from(i16::from_ne_bytes([e[0], e[1]])),
                GL_UNSIGNED_INT => i64::from(u32::from_ne_bytes([e[0], e[1], e[2], e[3]])),
                _ => i64::from(i32::from_ne_bytes([e[0], e[1], e[2], e[3]])),
            };
            let c = crate::texture::int_to_texel(n, kind_of(comps[i]));
            match comps[i] {
                4 => {
                    v[0] = c;
                    v[1] = c;
                    v[2] = c;
                }
                k => v[k.min(3)] = c,
            }
        }
        v
    }

    /// Converts texels (rows bottom first) into the image in `dst`
    /// (`byte_len` bytes). Luminance is R (GL 4.6 §8.11.2, `GetTexImage`).
    pub fn pack(&self, texels: &[[f32; 4]], dst: &mut [u8]) {
        let [w, h, d] = self.size;
        let comps = color_components(self.format).unwrap_or(&[0, 1, 2, 3]);
        for z in 0..d {
            for y in 0..h {
                for x in 0..w {
                    let t = texels[(z * h + y) * w + x];
                    let at = self.pixel_at(x, y, z);
                    let out = &mut dst[at..at + self.pixel_bytes];
                    self.encode(&t, comps, out);
                    if self.swap_bytes && self.elem_bytes > 1 {
                        for e in out.chunks_exact_mut(self.elem_bytes) {
                            e.reverse();
                        }
                    }
                }
            }
        }
    }

    fn encode(&self, t: &[f32; 4], comps: &[usize], out: &mut [u8]) {
        let get = |i: usize| match comps[i] {
            4 => t[0],
            5 => t[1],
            c => t[c],
        };
        if self.format == GL_STENCIL_INDEX {
            // The stencil index as an integer of the client type.
            let s = (t[1].clamp(0.0, 1.0) * 255.0).round() as u32;
            match self.type_ {
                GL_UNSIGNED_BYTE | GL_BYTE => out[0] = s as u8,
                GL_UNSIGNED_SHORT | GL_SHORT => out.copy_from_slice(&(s as u16).to_ne_bytes()),
                GL_FLOAT => out.copy_from_slice(&(s as f32).to_ne_bytes()),
                GL_HALF_FLOAT => {
                    out.copy_from_slice(&crate::pixel::read::f32_to_half(s as f32).to_ne_bytes())
                }
                _ => out.copy_from_slice(&s.to_ne_bytes()),
            }
            return;
        }
        if is_integer_format(self.format) {
            let signed = self.int_image.is_none_or(|k| k.0);
            if let (_, Some(_)) = type_info(self.type_).unwrap_or((1, None)) {
                let (fields, rev) = packed_fields(self.type_);
                let total: u32 = fields.iter().sum();
                let mut word = 0u32;
                let mut shift = if rev { 0 } else { total };
                for (i, &bits) in fields.iter().enumerate() {
                    let s = if rev { shift } else { shift - bits };
                    let max = (1i64 << bits) - 1;
                    let n = crate::texture::texel_to_int(get(i), signed).clamp(0, max);
                    word |= (n as u32) << s;
                    if rev { shift += bits } else { shift -= bits }
                }
                let bytes = word.to_le_bytes();
                out.copy_from_slice(&bytes[..out.len()]);
                return;
            }
            for (i, e) in out
                .chunks_exact_mut(self.elem_bytes)
                .enumerate()
                .take(comps.len())
            {
                let n = crate::texture::texel_to_int(get(i), signed);
                match self.type_ {
                    GL_UNSIGNED_BYTE => e[0] = n.clamp(0, 255) as u8,
                    GL_BYTE => e[0] = n.clamp(-128, 127) as i8 as u8,
                    GL_UNSIGNED_SHORT => {
                        e.copy_from_slice(&(n.clamp(0, 65535) as u16).to_ne_bytes())
                    }
                    GL_SHORT => e.copy_from_slice(&(n.clamp(-32768, 32767) as i16).to_ne_bytes()),
                    GL_UNSIGNED_INT => {
                        e.copy_from_slice(&(n.clamp(0, u32::MAX.into()) as u32).to_ne_bytes());
                    }
                    _ => e.copy_from_slice(
                        &(n.clamp(i32::MIN.into(), i32::MAX.into()) as i32).to_ne_bytes(),
                    ),
                }
            }
            return;
        }
        if let GL_UNSIGNED_INT_10F_11F_11F_REV | GL_UNSIGNED_INT_5_9_9_9_REV = self.type_ {
            let w = if self.type_ == GL_UNSIGNED_INT_5_9_9_9_REV {
                crate::texture::rgb9e5_bits([get(0), get(1), get(2)])
            } else {
                let b = crate::texture::unsigned_float_bits;
                b(get(0), 6) | (b(get(1), 6) << 11) | (b(get(2), 5) << 22)
            };
            out.copy_from_slice(&w.to_le_bytes());
            return;
        }
        if self.type_ == GL_FLOAT_32_UNSIGNED_INT_24_8_REV {
            let stencil = (get(1).clamp(0.0, 1.0) * 255.0).round() as u32;
            out[..4].copy_from_slice(&get(0).to_ne_bytes());
            out[4..8].copy_from_slice(&stencil.to_ne_bytes());
            return;
        }
        if let (_, Some(_)) = type_info(self.type_).unwrap_or((1, None)) {
            let (fields, rev) = packed_fields(self.type_);
            let total: u32 = fields.iter().sum();
            let mut word = 0u32;
            let mut shift = if rev { 0 } else { total };
            for (i, &bits) in fields.iter().enumerate() {
                let s = if rev { shift } else { shift - bits };
                let max = (1u32 << bits) - 1;
                word |= ((get(i).clamp(0.0, 1.0) * max as f32).round() as u32) << s;
                if rev { shift += bits } else { shift -= bits }
            }
            let bytes = word.to_le_bytes();
            out.copy_from_slice(&bytes[..out.len()]);
            return;
        }
        for (i, e) in out
            .chunks_exact_mut(self.elem_bytes)
            .enumerate()
            .take(comps.len())
        {
            let c = get(i);
            let unorm = |max: f64| (f64::from(c.clamp(0.0, 1.0)) * max).round();
            let snorm = |max: f64| (f64::from(c.clamp(-1.0, 1.0)) * max).round();
            match self.type_ {
                GL_UNSIGNED_BYTE => e[0] = unorm(255.0) as u8,
                GL_BYTE => e[0] = snorm(127.0) as i8 as u8,
                GL_UNSIGNED_SHORT => e.copy_from_slice(&(unorm(65535.0) as u16).to_ne_bytes()),
                GL_SHORT => e.copy_from_slice(&(snorm(32767.0) as i16).to_ne_bytes()),
                GL_UNSIGNED_INT => e.copy_from_slice(&(unorm(4294967295.0) as u32).to_ne_bytes()),
                GL_INT => e.copy_from_slice(&(snorm(2147483647.0) as i32).to_ne_bytes()),
                GL_HALF_FLOAT => {
                    e.copy_from_slice(&crate::pixel::read::f32_to_half(c).to_ne_bytes())
                }
                _ => e.copy_from_slice(&c.to_ne_bytes()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let store = PixelStore::default();
        for (format, type_) in [
            (GL_RGBA, GL_UNSIGNED_BYTE),
            (GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV),
            (GL_RGB, GL_UNSIGNED_SHORT_5_6_5),
            (GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4),
            (GL_RGBA, GL_FLOAT),
            (GL_RGB, GL_UNSIGNED_SHORT),
        ] {
            let img = client_image(format, type_, 3, 2, 1, &store).unwrap();
            let mut bytes = vec![0u8; img.byte_len];
            let texels: Vec<[f32; 4]> = (0..6)
                .map(|i| {
                    [
                        i as f32 / 5.0,
                        1.0,
                        0.0,
                        if format == GL_RGB { 1.0 } else { 0.6 },
                    ]
                })
                .collect();
            img.pack(&texels, &mut bytes);
            let back = img.unpack(&bytes);
            for (a, b) in texels.iter().zip(&back) {
                for c in 0..4 {
                    assert!(
                        (a[c] - b[c]).abs() < 0.07,
                        "{format:#x}/{type_:#x}: {a:?} vs {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn byte_unpacking_matches_f32_unpacking() {
        // Row padding (alignment 4, 3-byte pixels) and every 8-bit colour
        // layout: the bytes are the f32 values' bytes.
        let store = PixelStore::default();
        for format in [
            GL_RGBA,
            GL_BGRA,
            GL_RGB,
            GL_BGR,
            GL_RG,
            GL_RED,
            GL_ALPHA,
            GL_LUMINANCE,
        ] {
            let img = client_image(format, GL_UNSIGNED_BYTE, 3, 2, 1, &store).unwrap();
            if !img.is_unorm8_colour() {
                // Luminance: not a colour layout of its own channels.
                assert_eq!(format, GL_LUMINANCE);
                continue;
            }
            let bytes: Vec<u8> = (0..img.byte_len).map(|i| (i * 37 % 256) as u8).collect();
            let lut = unorm8_table();
            let want: Vec<[f32; 4]> = img.unpack(&bytes);
            let got: Vec<[f32; 4]> = img
                .unpack_unorm8(&bytes)
                .iter()
                .map(|b| b.map(|k| lut[usize::from(k)]))
                .collect();
            assert_eq!(want, got, "{format:#x}");
        }
    }

    #[test]
    fn packed_layouts() {
        let store = PixelStore::default();
        let img = client_image(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 1, 1, 1, &store).unwrap();
        // Red in the top 5 bits.
        let t = img.unpack(&0xf800u16.to_ne_bytes());
        assert_eq!(t[0], [1.0, 0.0, 0.0, 1.0]);
        let img = client_image(GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, 1, 1, 1, &store).unwrap();
        // Memory B, G, R, A on little endian: 0xAARRGGBB.
        let t = img.unpack(&0xff00_00ffu32.to_ne_bytes());
        assert_eq!(t[0], [0.0, 0.0, 1.0, 1.0]);
        assert_eq!(
            client_image(GL_RG, GL_UNSIGNED_SHORT_5_6_5, 1, 1, 1, &store),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(
            client_image(0x1234, GL_UNSIGNED_BYTE, 1, 1, 1, &store),
            Err(ApiError::InvalidEnum)
        );
    }

    #[test]
    fn luminance_and_layout() {
        let store = PixelStore {
            alignment: 1,
            ..PixelStore::default()
        };
        let img = client_image(GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, 2, 2, 1, &store).unwrap();
        assert_eq!((img.row_stride, img.byte_len), (4, 8));
        let t = img.unpack(&[255, 0, 0, 255, 0, 0, 0, 0]);
        assert_eq!(t[0], [1.0, 1.0, 1.0, 0.0]);
        assert_eq!(t[1], [0.0, 0.0, 0.0, 1.0]);
    }
}
