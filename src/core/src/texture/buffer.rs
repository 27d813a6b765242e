//! Buffer textures (ARB_texture_buffer_object, ARB_texture_buffer_range;
//! GL 4.6 compat §8.9): a texture bound to `GL_TEXTURE_BUFFER` has no
//! images of its own but a buffer object's data store, or a range of it,
//! read as a one-dimensional array of texels of an internal format from
//! the extension's table. `glTexBuffer*` only records which buffer, format
//! and range; each draw that samples the texture reads the buffer's
//! *current* bytes (so `glBufferSubData` or a mapping between draws is
//! seen), converted to the RGBA `f32` texels the backend samples, and only
//! the whole texels inside both the range and the buffer: a fetch past
//! them is out of range and returns zero in the backend.
//!
//! The converted texels are kept per texture name with the key they were
//! made from (the buffer's contents serial, format and range), so a
//! sequence of draws converts once.

use std::collections::HashMap;

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::buffer::Buffers;
use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};
use crate::texture::{Texture, target_index};

/// `GL_MAX_TEXTURE_BUFFER_SIZE`: texels a buffer texture may address
/// (llvmpipe's value).
pub const MAX_TEXTURE_BUFFER_SIZE: usize = 1 << 27;

/// `GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT` (ARB_texture_buffer_range;
/// llvmpipe's value).
pub const TEXTURE_BUFFER_OFFSET_ALIGNMENT: usize = 16;

/// The buffer a texture's texels come from (`glTexBuffer*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TexBuffer {
    /// The buffer object's name (0: none attached).
    pub buffer: u32,
    /// The buffer object's id ([`crate::buffer::BufferObject::id`]): the
    /// data store stays the texture's when the name is deleted (and
    /// perhaps reused).
    pub id: u64,
    /// The internal format of its texels.
    pub format: GLenum,
    /// First byte (`GL_TEXTURE_BUFFER_OFFSET`).
    pub offset: usize,
    /// Bytes from `offset`, or `None` for the whole buffer whatever its
    /// size becomes (`glTexBuffer`).
    pub size: Option<usize>,
}

/// How the bytes of one texel of a buffer texture's format are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Unsigned normalized (`v / (2^bits - 1)`).
    Unorm,
    /// IEEE float of the channel's size (16 or 32 bits).
    Float,
    /// Signed integer, kept as the bits of an `i32`.
    Int,
    /// Unsigned integer, kept as the bits of a `u32`.
    Uint,
}

/// A buffer texture format: base format, components, bytes per component
/// and how to read them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferFormat {
    /// The base internal format (texels are kept as [`crate::texture`]
    /// keeps that base: luminance and intensity in R, alpha in A).
    pub base: GLenum,
    components: usize,
    bytes: usize,
    kind: Kind,
}

impl BufferFormat {
    /// Bytes of one texel.
    pub fn texel_bytes(&self) -> usize {
        self.components * self.bytes
    }

    /// Whether texels hold integers (integer samplers read them).
    pub fn is_integer(&self) -> bool {
        matches!(self.kind, Kind::Int | Kind::Uint)
    }

    /// The bytes of one texel holding RGBA `t` (as [`Self::texel`] reads
    /// it back): the base format's channels, each converted to the
    /// component's kind — normalized values rounded, floats to halves
    /// where 16 bits, integers (`t` holds their bits) clamped to the
    /// component's range (ARB_clear_buffer_object's fill values).
    pub fn encode(&self, t: [f32; 4]) -> Vec<u8> {
        let chans: &[usize] = match self.base {
            GL_ALPHA => &[3],
            GL_LUMINANCE_ALPHA => &[0, 3],
            GL_LUMINANCE | GL_INTENSITY | GL_RED => &[0],
            GL_RG => &[0, 1],
            GL_RGB => &[0, 1, 2],
            _ => &[0, 1, 2, 3],
        };
        let mut out = Vec::with_capacity(self.texel_bytes());
        for &c in chans.iter().take(self.components) {
            let v = t[c];
            let word: u32 = match self.kind {
                Kind::Unorm => {
                    let max = ((1u64 << (8 * self.bytes)) - 1) as f64;
                    (f64::from(v.clamp(0.0, 1.0)) * max).round() as u32
                }
                Kind::Float if self.bytes == 2 => u32::from(oxgl_util::format::f32_to_half(v)),
                Kind::Float => v.to_bits(),
                Kind::Int => {
                    let i = i64::from(v.to_bits() as i32);
                    let half = 1i64 << (8 * self.bytes - 1);
                    i.clamp(-half, half - 1) as u32
                }
                Kind::Uint => {
                    let u = u64::from(v.to_bits());
                    u.min((1u64 << (8 * self.bytes)) - 1) as u32
                }
            };
            out.extend_from_slice(&word.to_le_bytes()[..self.bytes]);
        }
        out
    }

    /// Bits per component.
    fn bits(&self) -> u8 {
        (8 * self.bytes) as u8
    }

    /// The RGBA texel of one texel's bytes (`b.len() == texel_bytes()`).
    fn texel(&self, b: &[u8]) -> [f32; 4] {
        let mut c = [0f32; 4];
        for (k, out) in c.iter_mut().enumerate().take(self.components) {
            let s = &b[k * self.bytes..(k + 1) * self.bytes];
            *out = match (self.kind, self.bytes) {
                (Kind::Unorm, 1) => f32::from(s[0]) / 255.0,
                (Kind::Unorm, _) => f32::from(u16::from_le_bytes([s[0], s[1]])) / 65535.0,
                (Kind::Float, 2) => half_to_f32(u16::from_le_bytes([s[0], s[1]])),
                (Kind::Float, _) => f32::from_le_bytes([s[0], s[1], s[2], s[3]]),
                (Kind::Int, 1) => f32::from_bits(i32::from(s[0] as i8) as u32),
                (Kind::Int, 2) => {
                    f32::from_bits(i32::from(i16::from_le_bytes([s[0], s[1]])) as u32)
                }
                (Kind::Uint, 1) => f32::from_bits(u32::from(s[0])),
                (Kind::Uint, 2) => f32::from_bits(u32::from(u16::from_le_bytes([s[0], s[1]]))),
                (_, _) => f32::from_bits(u32::from_le_bytes([s[0], s[1], s[2], s[3]])),
            };
        }
        // Missing channels as the base format keeps them: 0, alpha one.
        let one = if self.is_integer() {
            f32::from_bits(1)
        } else {
            1.0
        };
        match self.base {
            GL_ALPHA => [0.0, 0.0, 0.0, c[0]],
            GL_LUMINANCE_ALPHA => [c[0], 0.0, 0.0, c[1]],
            GL_LUMINANCE | GL_INTENSITY | GL_RED | GL_RG => [c[0], c[1], 0.0, one],
            GL_RGB => [c[0], c[1], c[2], one],
            _ => c,
        }
    }
}

/// IEEE half to `f32`.
fn half_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0f32 } else { 1.0 };
    let e = i32::from((h >> 10) & 0x1f);
    let m = f32::from(h & 0x3ff);
    match e {
        0 => sign * m * 2f32.powi(-24),
        31 if m == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        _ => sign * (1.0 + m / 1024.0) * 2f32.powi(e - 15),
    }
}

/// The format of a buffer texture of internal format `fmt`: ARB_texture_
/// buffer_object's table (with its alpha, luminance, luminance-alpha and
/// intensity formats only in compatibility contexts) and, with
/// ARB_texture_rg, the one- and two-component ones (GL 3.1 table 8.16),
/// and ARB_texture_buffer_object_rgb32's three-component ones.
/// `None` is INVALID_ENUM.
pub fn buffer_format(fmt: GLenum, compat: bool) -> Option<BufferFormat> {
    use Kind::*;
    let f = |base, components, bytes, kind| BufferFormat {
        base,
        components,
        bytes,
        kind,
    };
    let legacy = Some(match fmt {
        GL_ALPHA8 => f(GL_ALPHA, 1, 1, Unorm),
        GL_ALPHA16 => f(GL_ALPHA, 1, 2, Unorm),
        GL_ALPHA16F_ARB => f(GL_ALPHA, 1, 2, Float),
        GL_ALPHA32F_ARB => f(GL_ALPHA, 1, 4, Float),
        GL_ALPHA8I_EXT => f(GL_ALPHA, 1, 1, Int),
        GL_ALPHA16I_EXT => f(GL_ALPHA, 1, 2, Int),
        GL_ALPHA32I_EXT => f(GL_ALPHA, 1, 4, Int),
        GL_ALPHA8UI_EXT => f(GL_ALPHA, 1, 1, Uint),
        GL_ALPHA16UI_EXT => f(GL_ALPHA, 1, 2, Uint),
        GL_ALPHA32UI_EXT => f(GL_ALPHA, 1, 4, Uint),
        GL_LUMINANCE8 => f(GL_LUMINANCE, 1, 1, Unorm),
        GL_LUMINANCE16 => f(GL_LUMINANCE, 1, 2, Unorm),
        GL_LUMINANCE16F_ARB => f(GL_LUMINANCE, 1, 2, Float),
        GL_LUMINANCE32F_ARB => f(GL_LUMINANCE, 1, 4, Float),
        GL_LUMINANCE8I_EXT => f(GL_LUMINANCE, 1, 1, Int),
        GL_LUMINANCE16I_EXT => f(GL_LUMINANCE, 1, 2, Int),
        GL_LUMINANCE32I_EXT => f(GL_LUMINANCE, 1, 4, Int),
        GL_LUMINANCE8UI_EXT => f(GL_LUMINANCE, 1, 1, Uint),
        GL_LUMINANCE16UI_EXT => f(GL_LUMINANCE, 1, 2, Uint),
        GL_LUMINANCE32UI_EXT => f(GL_LUMINANCE, 1, 4, Uint),
        GL_LUMINANCE8_ALPHA8 => f(GL_LUMINANCE_ALPHA, 2, 1, Unorm),
        GL_LUMINANCE16_ALPHA16 => f(GL_LUMINANCE_ALPHA, 2, 2, Unorm),
        GL_LUMINANCE_ALPHA16F_ARB => f(GL_LUMINANCE_ALPHA, 2, 2, Float),
        GL_LUMINANCE_ALPHA32F_ARB => f(GL_LUMINANCE_ALPHA, 2, 4, Float),
        GL_LUMINANCE_ALPHA8I_EXT => f(GL_LUMINANCE_ALPHA, 2, 1, Int),
        GL_LUMINANCE_ALPHA16I_EXT => f(GL_LUMINANCE_ALPHA, 2, 2, Int),
        GL_LUMINANCE_ALPHA32I_EXT => f(GL_LUMINANCE_ALPHA, 2, 4, Int),
        GL_LUMINANCE_ALPHA8UI_EXT => f(GL_LUMINANCE_ALPHA, 2, 1, Uint),
        GL_LUMINANCE_ALPHA16UI_EXT => f(GL_LUMINANCE_ALPHA, 2, 2, Uint),
        GL_LUMINANCE_ALPHA32UI_EXT => f(GL_LUMINANCE_ALPHA, 2, 4, Uint),
        GL_INTENSITY8 => f(GL_INTENSITY, 1, 1, Unorm),
        GL_INTENSITY16 => f(GL_INTENSITY, 1, 2, Unorm),
        GL_INTENSITY16F_ARB => f(GL_INTENSITY, 1, 2, Float),
        GL_INTENSITY32F_ARB => f(GL_INTENSITY, 1, 4, Float),
        GL_INTENSITY8I_EXT => f(GL_INTENSITY, 1, 1, Int),
        GL_INTENSITY16I_EXT => f(GL_INTENSITY, 1, 2, Int),
        GL_INTENSITY32I_EXT => f(GL_INTENSITY, 1, 4, Int),
        GL_INTENSITY8UI_EXT => f(GL_INTENSITY, 1, 1, Uint),
        GL_INTENSITY16UI_EXT => f(GL_INTENSITY, 1, 2, Uint),
        GL_INTENSITY32UI_EXT => f(GL_INTENSITY, 1, 4, Uint),
        _ => return rgba_format(fmt),
    });
    if compat { legacy } else { rgba_format(fmt) }
}

/// The red, red-green and RGBA formats of [`buffer_format`].
fn rgba_format(fmt: GLenum) -> Option<BufferFormat> {
    use Kind::*;
    let (base, components) = match fmt {
        GL_R8 | GL_R16 | GL_R16F | GL_R32F | GL_R8I | GL_R16I | GL_R32I | GL_R8UI | GL_R16UI
        | GL_R32UI => (GL_RED, 1),
        GL_RG8 | GL_RG16 | GL_RG16F | GL_RG32F | GL_RG8I | GL_RG16I | GL_RG32I | GL_RG8UI
        | GL_RG16UI | GL_RG32UI => (GL_RG, 2),
        GL_RGBA8 | GL_RGBA16 | GL_RGBA16F | GL_RGBA32F | GL_RGBA8I | GL_RGBA16I | GL_RGBA32I
        | GL_RGBA8UI | GL_RGBA16UI | GL_RGBA32UI => (GL_RGBA, 4),
        // ARB_texture_buffer_object_rgb32 (GL 4.0): three 32-bit components.
        GL_RGB32F | GL_RGB32I | GL_RGB32UI => (GL_RGB, 3),
        _ => return None,
    };
    let (bytes, kind) = match fmt {
        GL_R8 | GL_RG8 | GL_RGBA8 => (1, Unorm),
        GL_R16 | GL_RG16 | GL_RGBA16 => (2, Unorm),
        GL_R16F | GL_RG16F | GL_RGBA16F => (2, Float),
        GL_R32F | GL_RG32F | GL_RGB32F | GL_RGBA32F => (4, Float),
        GL_R8I | GL_RG8I | GL_RGBA8I => (1, Int),
        GL_R16I | GL_RG16I | GL_RGBA16I => (2, Int),
        GL_R32I | GL_RG32I | GL_RGB32I | GL_RGBA32I => (4, Int),
        GL_R8UI | GL_RG8UI | GL_RGBA8UI => (1, Uint),
        GL_R16UI | GL_RG16UI | GL_RGBA16UI => (2, Uint),
        _ => (4, Uint),
    };
    Some(BufferFormat {
        base,
        components,
        bytes,
        kind,
    })
}

/// A buffer texture's texels as converted for one key.
#[derive(Debug)]
pub(crate) struct Converted {
    /// Buffer name, its contents serial, format, first byte, byte count.
    key: (u32, u64, GLenum, usize, usize),
    /// Identifies `texels` for the backend's cache.
    pub serial: u64,
    /// The format's base format.
    pub base: GLenum,
    /// Integer texels.
    pub integer: bool,
    /// The texels (at most [`MAX_TEXTURE_BUFFER_SIZE`]).
    pub texels: Vec<[f32; 4]>,
}

/// Converted texels per texture name (0: the context's default buffer
/// texture), kept by the context across draws.
pub(crate) type ConvertedCache = HashMap<u32, Converted>;

/// The whole texels of `tb`'s range that lie inside a buffer of `len`
/// bytes: the first byte and the byte count.
fn texel_range(tb: &TexBuffer, fmt: &BufferFormat, len: usize) -> (usize, usize) {
    let start = tb.offset.min(len);
    let end = match tb.size {
        Some(s) => tb.offset.saturating_add(s).min(len),
        None => len,
    };
    let n = ((end.saturating_sub(start)) / fmt.texel_bytes()).min(MAX_TEXTURE_BUFFER_SIZE);
    (start, n * fmt.texel_bytes())
}

/// Converts the texels of texture `name` (`tex`, a buffer texture) from
/// its buffer's current contents into `cache` unless they are there
/// already; returns the entry, or `None` when the texture has no texels
/// (no buffer, a deleted one, or a range without a whole texel).
pub(crate) fn convert<'c>(
    cache: &'c mut ConvertedCache,
    name: u32,
    tex: &Texture,
    buffers: &Buffers,
    compat: bool,
) -> Option<&'c Converted> {
    let tb = tex.buffer?;
    let fmt = buffer_format(tb.format, compat)?;
    let buf = buffers.get_by_id(tb.buffer, tb.id)?;
    let (start, bytes) = texel_range(&tb, &fmt, buf.data.len());
    if bytes == 0 {
        cache.remove(&name);
        return None;
    }
    // A persistent mapping may change the contents at any time.
    let persistent = buf
        .mapping
        .is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT != 0);
    let serial = if persistent {
        crate::texture::next_serial()
    } else {
        buf.serial
    };
    let key = (tb.buffer, serial, tb.format, start, bytes);
    let fresh = cache.get(&name).is_some_and(|c| c.key == key);
    if !fresh {
        // Four floats a texel: a buffer too large to convert has no
        // texels rather than aborting the process.
        let mut texels = Vec::new();
        if texels.try_reserve_exact(bytes / fmt.texel_bytes()).is_err() {
            cache.remove(&name);
            return None;
        }
        texels.extend(
            buf.data[start..start + bytes]
                .chunks_exact(fmt.texel_bytes())
                .map(|b| fmt.texel(b)),
        );
        cache.insert(
            name,
            Converted {
                key,
                serial: crate::texture::next_serial(),
                base: fmt.base,
                integer: fmt.is_integer(),
                texels,
            },
        );
    }
    cache.get(&name)
}

impl Context {
    /// `glTexBuffer` (`range` `None`) and `glTexBufferRange`: attaches
    /// `buffer`'s data store (0 detaches) as the texels of the texture
    /// bound to `GL_TEXTURE_BUFFER`. ARB_texture_buffer_object: INVALID_ENUM
    /// for another target or a format not in the table; INVALID_OPERATION
    /// for a buffer name that is not 0 and has no object.
    /// ARB_texture_buffer_range: INVALID_VALUE for a negative offset, a
    /// size not above 0, a range past the buffer's end, or an offset not a
    /// multiple of `GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT`.
    /// Not compiled into display lists (executed at once, as the
    /// extensions add it to the buffer commands that are).
    pub fn tex_buffer(
        &mut self,
        target: GLenum,
        internal_format: GLenum,
        buffer: u32,
        range: Option<(isize, isize)>,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if target != GL_TEXTURE_BUFFER {
            return Err(ApiError::InvalidEnum);
        }
        let compat = self.params().profile == Profile::Compat;
        if buffer_format(internal_format, compat).is_none() {
            return Err(ApiError::InvalidEnum);
        }
        let (offset, size) = if buffer == 0 {
            (0, None)
        } else {
            let len = {
                let buffers = self.shared().buffers();
                buffers
                    .get(buffer)
                    .ok_or(ApiError::InvalidOperation)?
                    .data
                    .len()
            };
            match range {
                None => (0, None),
                Some((offset, size)) => {
                    let end = offset.checked_add(size);
                    if offset < 0
                        || size <= 0
                        || end.is_none_or(|e| e as usize > len)
                        || !(offset as usize).is_multiple_of(TEXTURE_BUFFER_OFFSET_ALIGNMENT)
                    {
                        return Err(ApiError::InvalidValue);
                    }
                    (offset as usize, Some(size as usize))
                }
            }
        };
        self.flush_vertices();
        // The texture holds the new data store before it lets the old
        // one go (lock order: textures, then buffers; never both here).
        let id = if buffer == 0 {
            0
        } else {
            let id = self.shared().buffers().attach_texture(buffer);
            id.ok_or(ApiError::InvalidOperation)?
        };
        let new = TexBuffer {
            buffer,
            id,
            format: internal_format,
            offset,
            size,
        };
        let old = self.with_bound_texture(GL_TEXTURE_BUFFER, |t| {
            let old = t.buffer.replace(new);
            t.touch();
            Ok(old)
        });
        let old = match old {
            Ok(old) => old,
            Err(e) => {
                self.release_buffer_stores(&[new]);
                return Err(e);
            }
        };
        if let Some(old) = old {
            self.release_buffer_stores(&[old]);
        }
        Ok(())
    }

    /// Lets the data stores of buffer textures that no longer hold them
    /// go (a deleted buffer is freed with its last texture).
    pub(crate) fn release_buffer_stores(&self, stores: &[TexBuffer]) {
        let mut buffers = self.shared().buffers();
        for tb in stores.iter().filter(|tb| tb.buffer != 0) {
            buffers.detach_texture(tb.buffer, tb.id);
        }
    }

    /// `glGetIntegerv(GL_TEXTURE_BUFFER_DATA_STORE_BINDING)` and
    /// `(GL_TEXTURE_BUFFER_FORMAT_ARB)`: the buffer and format of the
    /// texture bound to `GL_TEXTURE_BUFFER` on the active unit (a texture
    /// never given one reports `GL_LUMINANCE8`, ARB_texture_buffer_object's
    /// initial value, or `GL_R8` in core contexts, as Mesa).
    pub fn texture_buffer_data_store(&self) -> (u32, GLenum) {
        let initial = if self.params().profile == Profile::Compat {
            GL_LUMINANCE8
        } else {
            GL_R8
        };
        let Ok(ti) = target_index(GL_TEXTURE_BUFFER) else {
            return (0, initial);
        };
        let name = self.texture_binding(GL_TEXTURE_BUFFER);
        let of = |t: &Texture| t.buffer.map_or((0, initial), |b| (b.buffer, b.format));
        if name == 0 {
            return of(&self.textures.defaults[ti]);
        }
        self.shared().textures().get(name).map_or((0, initial), of)
    }

    /// `glGetTexLevelParameter*` of `GL_TEXTURE_BUFFER` (GL 4.6 §8.11.3):
    /// the buffer, offset and size (ARB_texture_buffer_range), the texel
    /// count as the width, the internal format and its component sizes and
    /// types. INVALID_VALUE for a level other than 0.
    pub(crate) fn tex_buffer_level_parameter(
        &mut self,
        level: i32,
        pname: GLenum,
    ) -> ApiResult<f32> {
        if level != 0 {
            return Err(ApiError::InvalidValue);
        }
        let compat = self.params().profile == Profile::Compat;
        let tb = self.with_bound_texture(GL_TEXTURE_BUFFER, |t| Ok(t.buffer))?;
        let fmt = tb.and_then(|b| buffer_format(b.format, compat));
        let len = tb.map_or(0, |b| {
            self.shared()
                .buffers()
                .get_by_id(b.buffer, b.id)
                .map_or(0, |o| o.data.len())
        });
        let texel_range = match (tb, fmt) {
            (Some(tb), Some(f)) => texel_range(&tb, &f, len),
            _ => (0, 0),
        };
        let bits = fmt.map_or(0, |f| f.bits());
        let has = |channels: &[GLenum]| fmt.is_some_and(|f| channels.contains(&f.base));
        let size_of = |yes: bool| if yes { f32::from(bits) } else { 0.0 };
        let ty = fmt.map_or(GL_NONE, |f| match f.kind {
            Kind::Unorm => GL_UNSIGNED_NORMALIZED,
            Kind::Float => GL_FLOAT,
            Kind::Int => GL_INT,
            Kind::Uint => GL_UNSIGNED_INT,
        });
        let type_of = |yes: bool| if yes { ty as f32 } else { GL_NONE as f32 };
        Ok(match pname {
            GL_TEXTURE_BUFFER_DATA_STORE_BINDING => tb.map_or(0, |b| b.buffer) as f32,
            GL_TEXTURE_BUFFER_OFFSET => tb.map_or(0, |b| b.offset) as f32,
            // The range's size; glTexBuffer's whole buffer (Mesa).
            GL_TEXTURE_BUFFER_SIZE => tb.map_or(0, |b| b.size.unwrap_or(len)) as f32,
            GL_TEXTURE_WIDTH => fmt.map_or(0, |f| texel_range.1 / f.texel_bytes()) as f32,
            GL_TEXTURE_HEIGHT | GL_TEXTURE_DEPTH => f32::from(u8::from(tb.is_some())),
            // Initially GL_LUMINANCE8 (ARB_texture_buffer_object), GL_R8
            // in core contexts.
            GL_TEXTURE_INTERNAL_FORMAT => {
                let initial = if compat { GL_LUMINANCE8 } else { GL_R8 };
                tb.map_or(initial, |b| b.format) as f32
            }
            GL_TEXTURE_RED_SIZE => size_of(has(&[GL_RED, GL_RG, GL_RGBA])),
            GL_TEXTURE_GREEN_SIZE => size_of(has(&[GL_RG, GL_RGBA])),
            GL_TEXTURE_BLUE_SIZE => size_of(has(&[GL_RGBA])),
            GL_TEXTURE_ALPHA_SIZE => size_of(has(&[GL_RGBA, GL_ALPHA, GL_LUMINANCE_ALPHA])),
            GL_TEXTURE_LUMINANCE_SIZE => size_of(has(&[GL_LUMINANCE, GL_LUMINANCE_ALPHA])),
            GL_TEXTURE_INTENSITY_SIZE => size_of(has(&[GL_INTENSITY])),
            GL_TEXTURE_DEPTH_SIZE | GL_TEXTURE_STENCIL_SIZE | GL_TEXTURE_SHARED_SIZE => 0.0,
            GL_TEXTURE_RED_TYPE => type_of(has(&[GL_RED, GL_RG, GL_RGBA])),
            GL_TEXTURE_GREEN_TYPE => type_of(has(&[GL_RG, GL_RGBA])),
            GL_TEXTURE_BLUE_TYPE => type_of(has(&[GL_RGBA])),
            GL_TEXTURE_ALPHA_TYPE => type_of(has(&[GL_RGBA, GL_ALPHA, GL_LUMINANCE_ALPHA])),
            GL_TEXTURE_LUMINANCE_TYPE => type_of(has(&[GL_LUMINANCE, GL_LUMINANCE_ALPHA])),
            GL_TEXTURE_INTENSITY_TYPE => type_of(has(&[GL_INTENSITY])),
            GL_TEXTURE_DEPTH_TYPE => GL_NONE as f32,
            GL_TEXTURE_COMPRESSED | GL_TEXTURE_BORDER => 0.0,
            _ => return Err(ApiError::InvalidEnum),
        })
    }
}

/// Whether `target` takes texture parameters (`glTexParameter*`,
/// `glGetTexParameter*`): every binding target but `GL_TEXTURE_BUFFER`,
/// whose texels are never filtered (GL 4.6 §8.10: INVALID_ENUM).
pub fn parameter_target_index(target: GLenum) -> ApiResult<usize> {
    if target == GL_TEXTURE_BUFFER {
        return Err(ApiError::InvalidEnum);
    }
    target_index(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_texels() {
        let f = buffer_format(GL_RGBA8, false).unwrap();
        assert_eq!(f.texel_bytes(), 4);
        assert_eq!(f.texel(&[255, 0, 51, 255]), [1.0, 0.0, 0.2, 1.0]);
        // The legacy formats exist in compatibility contexts only.
        assert!(buffer_format(GL_ALPHA8, false).is_none());
        let a = buffer_format(GL_ALPHA8, true).unwrap();
        assert_eq!(a.texel(&[255]), [0.0, 0.0, 0.0, 1.0]);
        let la = buffer_format(GL_LUMINANCE_ALPHA16F_ARB, true).unwrap();
        // 0x3c00 = 1.0, 0xc000 = -2.0
        assert_eq!(la.texel(&[0x00, 0x3c, 0x00, 0xc0]), [1.0, 0.0, 0.0, -2.0]);
        let i = buffer_format(GL_R16I, false).unwrap();
        assert_eq!(i.texel(&[0xfe, 0xff])[0].to_bits() as i32, -2);
        assert_eq!(i.texel(&[0, 0])[3].to_bits(), 1);
        assert!(buffer_format(GL_RGB8, true).is_none());
        // ARB_texture_buffer_object_rgb32: 12-byte texels, alpha one.
        let rgb = buffer_format(GL_RGB32F, false).unwrap();
        assert_eq!(rgb.texel_bytes(), 12);
        let bytes: Vec<u8> = [0.5f32, -1.0, 2.0]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        assert_eq!(rgb.texel(&bytes), [0.5, -1.0, 2.0, 1.0]);
        let ui = buffer_format(GL_RGB32UI, false).unwrap();
        let bytes: Vec<u8> = [7u32, 8, 9].iter().flat_map(|v| v.to_le_bytes()).collect();
        assert_eq!(ui.texel(&bytes).map(f32::to_bits), [7, 8, 9, 1]);
        assert!(buffer_format(GL_RGB32I, false).unwrap().is_integer());
    }

    #[test]
    fn ranges_keep_whole_texels_inside_the_buffer() {
        let f = buffer_format(GL_RGBA32F, false).unwrap();
        let tb = |offset, size| TexBuffer {
            buffer: 1,
            id: 1,
            format: GL_RGBA32F,
            offset,
            size,
        };
        assert_eq!(texel_range(&tb(0, None), &f, 40), (0, 32));
        assert_eq!(texel_range(&tb(16, Some(32)), &f, 40), (16, 16));
        assert_eq!(texel_range(&tb(48, Some(16)), &f, 40), (40, 0));
    }
}
