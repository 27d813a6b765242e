//! `glReadPixels`: validation, the pack layout, and conversion from the
//! drawable's storage to the client's format and type.
//!
//! Conversion goes through one normalized `f32` per component (GL 4.6 §18.2.6
//! describes it the same way); depth is read as `f32`, stencil as integers.
//! Pixels outside the drawable are left untouched in client memory (their values
//! are undefined by the spec).

use oxgl_dri_interface::OxglBuffer;
use oxgl_dri_interface::client::Mapped;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::state::PixelStore;

/// Which kind of data a read returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Color,
    Depth,
    Stencil,
    /// `GL_DEPTH_STENCIL` as `GL_UNSIGNED_INT_24_8` (EXT_packed_depth_stencil).
    DepthStencil,
}

/// A validated `glReadPixels` request and the client-memory layout it writes.
#[derive(Clone, Copy, Debug)]
pub struct ReadPlan {
    x: i32,
    y: i32,
    width: usize,
    height: usize,
    format: GLenum,
    type_: GLenum,
    source: Source,
    components: usize,
    component_size: usize,
    packed: bool,
    /// Bytes from one row to the next in client memory.
    pub stride: usize,
    /// Offset of the first pixel (pack skip parameters).
    pub offset: usize,
    /// Bytes of client memory the read touches, from the pointer passed.
    pub byte_len: usize,
    swap_bytes: bool,
    /// Whether pixel transfer applies (not for the read side of copies,
    /// nor to integer reads).
    transfer: bool,
    /// An integer read (`GL_RGBA_INTEGER`, ...; `format` is then the
    /// matching plain format): the internal format of the integer buffer.
    int_format: Option<GLenum>,
    /// `GL_CLAMP_READ_COLOR` is `GL_TRUE`: colour reads clamp to [0, 1]
    /// (fixed-point buffers hold nothing else; `GL_FIXED_ONLY` and
    /// `GL_FALSE` leave float buffers' values as they are).
    clamp: bool,
}

/// The plain format an integer pixel format names the components of
/// (`GL_RGBA_INTEGER` -> `GL_RGBA`).
fn plain_format(format: GLenum) -> GLenum {
    match format {
        GL_RED_INTEGER => GL_RED,
        GL_GREEN_INTEGER => GL_GREEN,
        GL_BLUE_INTEGER => GL_BLUE,
        GL_ALPHA_INTEGER => GL_ALPHA,
        GL_RG_INTEGER => GL_RG,
        GL_RGB_INTEGER => GL_RGB,
        GL_BGR_INTEGER => GL_BGR,
        GL_BGRA_INTEGER => GL_BGRA,
        GL_LUMINANCE_INTEGER_EXT => GL_LUMINANCE,
        GL_LUMINANCE_ALPHA_INTEGER_EXT => GL_LUMINANCE_ALPHA,
        _ => GL_RGBA,
    }
}

impl ReadPlan {
    /// The plan without pixel transfer: copies apply it once, on their
    /// write side.
    pub(crate) fn without_transfer(self) -> Self {
        ReadPlan {
            transfer: false,
            ..self
        }
    }
}

fn components(format: GLenum) -> Option<(usize, Source)> {
    Some(match format {
        GL_RED | GL_GREEN | GL_BLUE | GL_ALPHA | GL_LUMINANCE => (1, Source::Color),
        GL_LUMINANCE_ALPHA | GL_RG => (2, Source::Color),
        GL_RGB | GL_BGR => (3, Source::Color),
        GL_RGBA | GL_BGRA | GL_ABGR_EXT => (4, Source::Color),
        GL_DEPTH_COMPONENT => (1, Source::Depth),
        GL_STENCIL_INDEX => (1, Source::Stencil),
        _ => return None,
    })
}

/// Size of one component of a non-packed type, or of a whole pixel of a packed
/// type (with the packed type's required component count).
fn type_size(type_: GLenum) -> Option<(usize, Option<usize>)> {
    Some(match type_ {
        GL_UNSIGNED_BYTE | GL_BYTE => (1, None),
        GL_UNSIGNED_SHORT | GL_SHORT | GL_HALF_FLOAT => (2, None),
        GL_UNSIGNED_INT | GL_INT | GL_FLOAT => (4, None),
        GL_UNSIGNED_INT_8_8_8_8
        | GL_UNSIGNED_INT_8_8_8_8_REV
        | GL_UNSIGNED_INT_10_10_10_2
        | GL_UNSIGNED_INT_2_10_10_10_REV => (4, Some(4)),
        GL_UNSIGNED_SHORT_5_6_5 | GL_UNSIGNED_SHORT_5_6_5_REV => (2, Some(3)),
        GL_UNSIGNED_SHORT_4_4_4_4
        | GL_UNSIGNED_SHORT_4_4_4_4_REV
        | GL_UNSIGNED_SHORT_5_5_5_1
        | GL_UNSIGNED_SHORT_1_5_5_5_REV => (2, Some(4)),
        GL_UNSIGNED_BYTE_3_3_2 | GL_UNSIGNED_BYTE_2_3_3_REV => (1, Some(3)),
        // EXT_packed_float, EXT_texture_shared_exponent.
        GL_UNSIGNED_INT_10F_11F_11F_REV | GL_UNSIGNED_INT_5_9_9_9_REV => (4, Some(3)),
        _ => return None,
    })
}

/// Computes the client layout of an image (GL 4.6 §8.4.4.1, used by §18.2 for packing).
fn layout(
    store: &PixelStore,
    width: usize,
    height: usize,
    pixel_bytes: usize,
    elem: usize,
) -> (usize, usize, usize) {
    let row_pixels = if store.row_length > 0 {
        store.row_length as usize
    } else {
        width
    };
    let row_bytes = row_pixels * pixel_bytes;
    let align = store.alignment as usize;
    let stride = if elem >= align {
        row_bytes
    } else {
        row_bytes.div_ceil(align) * align
    };
    let offset = store.skip_rows as usize * stride + store.skip_pixels as usize * pixel_bytes;
    let len = if width == 0 || height == 0 {
        0
    } else {
        offset + (height - 1) * stride + width * pixel_bytes
    };
    (stride, offset, len)
}

impl Context {
    /// Validates a `glReadPixels` call. GL 4.6 §18.2: INVALID_VALUE for a
    /// negative size; INVALID_ENUM for an unknown format or type;
    /// INVALID_OPERATION for a packed type whose component count does not match
    /// the format, for depth/stencil reads without such a buffer, or when the
    /// read buffer is `GL_NONE`.
    pub fn plan_read_pixels(
        &self,
        x: i32,
        y: i32,
        width: i32,
        height: i32,
        format: GLenum,
        type_: GLenum,
    ) -> ApiResult<ReadPlan> {
        if format == GL_DEPTH_STENCIL
            || matches!(
                type_,
                GL_UNSIGNED_INT_24_8 | GL_FLOAT_32_UNSIGNED_INT_24_8_REV
            )
        {
            return self.plan_read_depth_stencil(x, y, width, height, format, type_);
        }
        // EXT_texture_integer: the integer formats read integer colour
        // buffers, and only they do (INVALID_OPERATION; with a
        // non-integer type INVALID_ENUM first); the others cannot read
        // integer buffers.
        let int_buffer = self
            .read_color_internal_format()
            .filter(|&f| crate::texture::integer_kind(f).is_some());
        let integer = crate::pixel::transfer::is_integer_format(format);
        if integer {
            if !matches!(
                type_,
                GL_UNSIGNED_BYTE
                    | GL_BYTE
                    | GL_UNSIGNED_SHORT
                    | GL_SHORT
                    | GL_UNSIGNED_INT
                    | GL_INT
                    // ARB_texture_rgb10_a2ui: packed into RGBA_INTEGER or
                    // BGRA_INTEGER (other formats: the packed-type
                    // INVALID_OPERATION below).
                    | GL_UNSIGNED_INT_2_10_10_10_REV
            ) {
                return Err(ApiError::InvalidEnum);
            }
            if int_buffer.is_none() {
                return Err(ApiError::InvalidOperation);
            }
        }
        let format = if integer {
            plain_format(format)
        } else {
            format
        };
        let (components, source) = components(format).ok_or(ApiError::InvalidEnum)?;
        // GL 4.6 §18.2.6: a multisample read framebuffer is read through
        // a resolving blit only.
        if self.fb_samples(self.fbo.read_binding) > 0 {
            return Err(ApiError::InvalidOperation);
        }
        if !integer && int_buffer.is_some() && source == Source::Color {
            return Err(ApiError::InvalidOperation);
        }
        let (size, packed_components) = type_size(type_).ok_or(ApiError::InvalidEnum)?;
        if width < 0 || height < 0 {
            return Err(ApiError::InvalidValue);
        }
        if let Some(n) = packed_components {
            if n != components || source != Source::Color {
                return Err(ApiError::InvalidOperation);
            }
            if n == 3 && format != GL_RGB || n == 4 && !matches!(format, GL_RGBA | GL_BGRA) {
                return Err(ApiError::InvalidOperation);
            }
        }
        let bits = self.read_fb_bits();
        match source {
            Source::Depth if bits[4] == 0 => return Err(ApiError::InvalidOperation),
            Source::Stencil if bits[5] == 0 => return Err(ApiError::InvalidOperation),
            Source::Color if self.state.read_buffer == GL_NONE || !self.read_buffer_attached() => {
                return Err(ApiError::InvalidOperation);
            }
            _ => {}
        }
        let pixel_bytes = if packed_components.is_some() {
            size
        } else {
            size * components
        };
        let (w, h) = (width as usize, height as usize);
        let (stride, offset, byte_len) = layout(&self.state.pack, w, h, pixel_bytes, size);
        Ok(ReadPlan {
            x,
            y,
            width: w,
            height: h,
            format,
            type_,
            source,
            components,
            component_size: size,
            packed: packed_components.is_some(),
            stride,
            offset,
            byte_len,
            swap_bytes: self.state.pack.swap_bytes,
            transfer: !integer,
            int_format: int_buffer.filter(|_| integer),
            clamp: self.state.clamp_color[2] == GL_TRUE,
        })
    }

    /// [`Context::plan_read_pixels`] of `GL_DEPTH_STENCIL`
    /// (EXT_packed_depth_stencil): only with `GL_UNSIGNED_INT_24_8`
    /// (INVALID_ENUM otherwise; that type with another format is
    /// INVALID_OPERATION), and only with both buffers.
    fn plan_read_depth_stencil(
        &self,
        x: i32,
        y: i32,
        width: i32,
        height: i32,
        format: GLenum,
        type_: GLenum,
    ) -> ApiResult<ReadPlan> {
        // NV_read_depth (ES): the depth alone, in the top 24 bits.
        let depth_only =
            self.params().is_es() && format == GL_DEPTH_COMPONENT && type_ == GL_UNSIGNED_INT_24_8;
        if format != GL_DEPTH_STENCIL && !depth_only {
            return Err(if components(format).is_some() {
                ApiError::InvalidOperation
            } else {
                ApiError::InvalidEnum
            });
        }
        // ARB_depth_buffer_float adds the float/stencil pair.
        let pixel_bytes = match type_ {
            GL_UNSIGNED_INT_24_8 => 4,
            GL_FLOAT_32_UNSIGNED_INT_24_8_REV => 8,
            _ => return Err(ApiError::InvalidEnum),
        };
        if width < 0 || height < 0 {
            return Err(ApiError::InvalidValue);
        }
        let bits = self.read_fb_bits();
        if bits[4] == 0 || (bits[5] == 0 && !depth_only) {
            return Err(ApiError::InvalidOperation);
        }
        let (w, h) = (width as usize, height as usize);
        let (stride, offset, byte_len) = layout(&self.state.pack, w, h, pixel_bytes, 4);
        Ok(ReadPlan {
            x,
            y,
            width: w,
            height: h,
            format,
            type_,
            source: Source::DepthStencil,
            components: 1,
            component_size: 4,
            packed: false,
            stride,
            offset,
            byte_len,
            swap_bytes: self.state.pack.swap_bytes,
            transfer: true,
            int_format: None,
            clamp: false,
        })
    }

    /// Reads depth and stencil as two float images and packs them as
    /// `GL_UNSIGNED_INT_24_8`: depth in the top 24 bits, stencil below (0
    /// for NV_read_depth's `GL_DEPTH_COMPONENT` read).
    fn read_depth_stencil(&mut self, plan: &ReadPlan, dst: &mut [u8]) -> ApiResult {
        let n = plan.width * plan.height;
        let one = |source, format| ReadPlan {
            format,
            type_: GL_FLOAT,
            source,
            stride: plan.width * 4,
            offset: 0,
            byte_len: n * 4,
            swap_bytes: false,
            ..*plan
        };
        let mut depth = vec![0u8; n * 4];
        let mut stencil = vec![0u8; n * 4];
        self.read_pixels(&one(Source::Depth, GL_DEPTH_COMPONENT), &mut depth)?;
        if plan.format == GL_DEPTH_STENCIL {
            self.read_pixels(&one(Source::Stencil, GL_STENCIL_INDEX), &mut stencil)?;
        }
        let f = |b: &[u8], i: usize| f32::from_ne_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        for y in 0..plan.height {
            for x in 0..plan.width {
                let i = (y * plan.width + x) * 4;
                let depth = f(&depth, i).clamp(0.0, 1.0);
                let s = f(&stencil, i) as i64 as u32 & 0xff;
                let (mut words, n) = if plan.type_ == GL_FLOAT_32_UNSIGNED_INT_24_8_REV {
                    ([depth.to_ne_bytes(), s.to_ne_bytes()], 2)
                } else {
                    let d = (f64::from(depth) * 16_777_215.0).round() as u32;
                    ([(d << 8 | s).to_ne_bytes(), [0; 4]], 1)
                };
                let at = plan.offset + y * plan.stride + x * 4 * n;
                for (k, w) in words[..n].iter_mut().enumerate() {
                    if plan.swap_bytes {
                        w.reverse();
                    }
                    dst[at + 4 * k..at + 4 * k + 4].copy_from_slice(w);
                }
            }
        }
        Ok(())
    }

    /// Performs a planned read into `dst` (`plan.byte_len` bytes of client memory).
    pub fn read_pixels(&mut self, plan: &ReadPlan, dst: &mut [u8]) -> ApiResult {
        self.fbo_prepare()?;
        if dst.len() < plan.byte_len {
            return Err(ApiError::InvalidOperation);
        }
        if plan.source == Source::DepthStencil {
            return self.read_depth_stencil(plan, dst);
        }
        let Some(read) = self.read_drawable().cloned() else {
            return Ok(());
        };
        let buffer = match plan.source {
            Source::Depth | Source::DepthStencil => OxglBuffer::Depth,
            Source::Stencil => OxglBuffer::Stencil,
            Source::Color => self.read_color_buffer(),
        };
        let Some(map) = read.map(buffer) else {
            return Ok(());
        };
        // Intersect the rectangle with the drawable; the rest stays untouched.
        let x0 = plan.x.max(0) as i64;
        let y0 = plan.y.max(0) as i64;
        let x1 = (plan.x as i64 + plan.width as i64).min(map.width as i64);
        let y1 = (plan.y as i64 + plan.height as i64).min(map.height as i64);
        let pixel_bytes = if plan.packed {
            plan.component_size
        } else {
            plan.component_size * plan.components
        };
        let mut values = [0f32; 4];
        // Pixel transfer (GL 4.6 compat §18.2.4), when it changes anything.
        let t = &self.state.transfer;
        let rgba_ops = (plan.transfer && t.rgba_ops()).then_some(t);
        let stencil_ops = (plan.transfer && t.stencil_ops()).then_some(t);
        let depth_ops = (plan.transfer && t.depth != [1.0, 0.0]).then_some(t);
        for wy in y0..y1 {
            let row = map.row_from_bottom(wy as u32);
            let out_row = plan.offset + (wy - plan.y as i64) as usize * plan.stride;
            for wx in x0..x1 {
                let at = out_row + (wx - plan.x as i64) as usize * pixel_bytes;
                let out = &mut dst[at..at + pixel_bytes];
                match plan.source {
                    Source::Color if plan.int_format.is_some() => {
                        let fmt = plan.int_format.unwrap_or_default();
                        read_integer(&map, row, wx as usize, fmt, plan, out);
                    }
                    Source::Color => {
                        fetch_color(&map, row, wx as usize, plan.format, rgba_ops, &mut values);
                        if plan.clamp {
                            values = values.map(|c| c.clamp(0.0, 1.0));
                        }
                        store_color(plan, &values, out);
                    }
                    Source::Depth => {
                        let i = wx as usize * 4;
                        let mut d = [f32::from_ne_bytes([
                            row[i],
                            row[i + 1],
                            row[i + 2],
                            row[i + 3],
                        ])];
                        if let Some(t) = depth_ops {
                            t.depth(&mut d);
                        }
                        store_components(plan.type_, &d, false, out);
                    }
                    Source::Stencil | Source::DepthStencil => {
                        let mut s = [f32::from(row[wx as usize])];
                        if let Some(t) = stencil_ops {
                            t.stencil(&mut s);
                        }
                        store_components(plan.type_, &s, true, out);
                    }
                }
                if plan.swap_bytes && plan.component_size > 1 {
                    for chunk in out.chunks_exact_mut(plan.component_size) {
                        chunk.reverse();
                    }
                }
            }
        }
        Ok(())
    }
}

/// Reads pixel `x` of `row` of an integer buffer of internal format `fmt`
/// into `out` as the components and type `plan` asks for: the channels the
/// format keeps (clamped to its range; missing ones read as 0, alpha as 1),
/// each clamped to the range of the type (GL 4.6 §18.2.8).
fn read_integer(
    map: &Mapped<'_>,
    row: &[u8],
    x: usize,
    fmt: GLenum,
    plan: &ReadPlan,
    out: &mut [u8],
) {
    use crate::texture::{
        base_channels, clamp_integer_texel, integer_kind, internal_format, texel_to_int,
    };
    let (signed, _) = integer_kind(fmt).unwrap_or((false, 32));
    let base = internal_format(fmt).map_or(GL_RGBA, |f| f.0);
    let t = clamp_integer_texel(crate::framebuffer::get_pixel(row, x, map.format), fmt);
    let [r, g, b, a] = base_channels(t, base, f32::from_bits(1)).map(|c| texel_to_int(c, signed));
    let v: [i64; 4] = match plan.format {
        GL_RED | GL_LUMINANCE => [r, 0, 0, 0],
        GL_GREEN => [g, 0, 0, 0],
        GL_BLUE => [b, 0, 0, 0],
        GL_ALPHA => [a, 0, 0, 0],
        GL_LUMINANCE_ALPHA => [r, a, 0, 0],
        GL_RG => [r, g, 0, 0],
        GL_RGB => [r, g, b, 0],
        GL_BGR => [b, g, r, 0],
        GL_BGRA => [b, g, r, a],
        _ => [r, g, b, a],
    };
    if plan.type_ == GL_UNSIGNED_INT_2_10_10_10_REV {
        // Each value clamped to its field, first component lowest.
        let field = |c: i64, bits: u32| c.clamp(0, (1 << bits) - 1) as u32;
        let p =
            field(v[0], 10) | field(v[1], 10) << 10 | field(v[2], 10) << 20 | field(v[3], 2) << 30;
        out[..4].copy_from_slice(&p.to_ne_bytes());
        return;
    }
    for (i, &c) in v.iter().take(plan.components).enumerate() {
        macro_rules! put {
            ($t:ty) => {{
                let n = core::mem::size_of::<$t>();
                let c = c.clamp(<$t>::MIN.into(), <$t>::MAX.into()) as $t;
                out[i * n..(i + 1) * n].copy_from_slice(&c.to_ne_bytes());
            }};
        }
        match plan.type_ {
            GL_UNSIGNED_BYTE => put!(u8),
            GL_BYTE => put!(i8),
            GL_UNSIGNED_SHORT => put!(u16),
            GL_SHORT => put!(i16),
            GL_UNSIGNED_INT => put!(u32),
            _ => put!(i32),
        }
    }
}

/// Reads the components `format` asks for, in format order.
fn fetch_color(
    map: &Mapped<'_>,
    row: &[u8],
    x: usize,
    format: GLenum,
    transfer: Option<&crate::pixel::map::PixelTransfer>,
    out: &mut [f32; 4],
) {
    let mut rgba = crate::framebuffer::get_pixel(row, x, map.format);
    if let Some(t) = transfer {
        t.rgba(std::slice::from_mut(&mut rgba));
    }
    let [r, g, b, a] = rgba;
    *out = match format {
        GL_RED => [r, 0.0, 0.0, 0.0],
        GL_GREEN => [g, 0.0, 0.0, 0.0],
        GL_BLUE => [b, 0.0, 0.0, 0.0],
        GL_ALPHA => [a, 0.0, 0.0, 0.0],
        // GL 4.6 compatibility §18.2.6: L = R + G + B, clamped for fixed-point types.
        GL_LUMINANCE => [(r + g + b).min(1.0), 0.0, 0.0, 0.0],
        GL_LUMINANCE_ALPHA => [(r + g + b).min(1.0), a, 0.0, 0.0],
        GL_RG => [r, g, 0.0, 0.0],
        GL_RGB => [r, g, b, 0.0],
        GL_BGR => [b, g, r, 0.0],
        GL_BGRA => [b, g, r, a],
        GL_ABGR_EXT => [a, b, g, r],
        _ => [r, g, b, a],
    };
}

fn store_color(plan: &ReadPlan, v: &[f32; 4], out: &mut [u8]) {
    if !plan.packed {
        store_components(plan.type_, &v[..plan.components], false, out);
        return;
    }
    let q = |c: f32, bits: u32| (c.clamp(0.0, 1.0) * ((1u32 << bits) - 1) as f32).round() as u32;
    // Components are in format order (v[0] first); "REV" types put v[0] in the
    // least significant bits, the others in the most significant.
    let pack = |bits: &[u32], rev: bool| -> u32 {
        let mut word = 0u32;
        let mut shift = 0;
        let order: Vec<usize> = if rev {
            (0..bits.len()).collect()
        } else {
            (0..bits.len()).rev().collect()
        };
        for i in order {
            word |= q(v[i], bits[i]) << shift;
            shift += bits[i];
        }
        word
    };
    let word = match plan.type_ {
        GL_UNSIGNED_INT_10F_11F_11F_REV => {
            let b = crate::texture::unsigned_float_bits;
            b(v[0], 6) | (b(v[1], 6) << 11) | (b(v[2], 5) << 22)
        }
        GL_UNSIGNED_INT_5_9_9_9_REV => crate::texture::rgb9e5_bits([v[0], v[1], v[2]]),
        GL_UNSIGNED_INT_8_8_8_8 => pack(&[8, 8, 8, 8], false),
        GL_UNSIGNED_INT_8_8_8_8_REV => pack(&[8, 8, 8, 8], true),
        GL_UNSIGNED_INT_2_10_10_10_REV => pack(&[10, 10, 10, 2], true),
        GL_UNSIGNED_INT_10_10_10_2 => pack(&[10, 10, 10, 2], false),
        GL_UNSIGNED_SHORT_5_6_5 => pack(&[5, 6, 5], false),
        GL_UNSIGNED_SHORT_5_6_5_REV => pack(&[5, 6, 5], true),
        GL_UNSIGNED_SHORT_4_4_4_4 => pack(&[4, 4, 4, 4], false),
        GL_UNSIGNED_SHORT_4_4_4_4_REV => pack(&[4, 4, 4, 4], true),
        GL_UNSIGNED_SHORT_5_5_5_1 => pack(&[5, 5, 5, 1], false),
        GL_UNSIGNED_SHORT_1_5_5_5_REV => pack(&[5, 5, 5, 1], true),
        GL_UNSIGNED_BYTE_3_3_2 => pack(&[3, 3, 2], false),
        _ => pack(&[3, 3, 2], true), // GL_UNSIGNED_BYTE_2_3_3_REV
    };
    let bytes = word.to_ne_bytes();
    out.copy_from_slice(&bytes[..out.len()]);
}

/// Stores components as `type_`: normalized conversion for colour and depth,
/// plain integers for stencil indices (`integer`).
fn store_components(type_: GLenum, v: &[f32], integer: bool, out: &mut [u8]) {
    for (i, &c) in v.iter().enumerate() {
        macro_rules! put {
            ($t:ty, $value:expr) => {{
                let n = core::mem::size_of::<$t>();
                out[i * n..(i + 1) * n].copy_from_slice(&(<$t>::to_ne_bytes($value)));
            }};
        }
        let unorm = |max: f64| {
            if integer {
                (c as f64).min(max)
            } else {
                (c.clamp(0.0, 1.0) as f64 * max).round()
            }
        };
        let snorm = |max: f64| {
            if integer {
                (c as f64).min(max)
            } else {
                (c.clamp(-1.0, 1.0) as f64 * max).round()
            }
        };
        match type_ {
            GL_UNSIGNED_BYTE => put!(u8, unorm(255.0) as u8),
            GL_BYTE => put!(i8, snorm(127.0) as i8),
            GL_UNSIGNED_SHORT => put!(u16, unorm(65535.0) as u16),
            GL_SHORT => put!(i16, snorm(32767.0) as i16),
            GL_UNSIGNED_INT => put!(u32, unorm(4294967295.0) as u32),
            GL_INT => put!(i32, snorm(2147483647.0) as i32),
            GL_HALF_FLOAT => put!(u16, f32_to_half(c)),
            _ => put!(f32, c),
        }
    }
}

pub(crate) use oxgl_util::format::f32_to_half;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_layout_follows_alignment_and_skips() {
        let mut s = PixelStore::default();
        // 3 RGB ubyte pixels = 9 bytes, aligned to 4 -> 12.
        assert_eq!(layout(&s, 3, 2, 3, 1), (12, 0, 21));
        s.alignment = 1;
        s.skip_rows = 1;
        s.skip_pixels = 2;
        s.row_length = 5;
        assert_eq!(layout(&s, 3, 2, 3, 1), (15, 21, 21 + 15 + 9));
        // Elements at least as large as the alignment: no padding.
        s = PixelStore::default();
        assert_eq!(layout(&s, 3, 1, 12, 4), (36, 0, 36));
    }

    #[test]
    fn half_floats() {
        assert_eq!(f32_to_half(1.0), 0x3c00);
        assert_eq!(f32_to_half(0.5), 0x3800);
        assert_eq!(f32_to_half(-2.0), 0xc000);
        assert_eq!(f32_to_half(0.0), 0);
    }
}
