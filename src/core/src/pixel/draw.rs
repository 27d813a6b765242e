//! Pixel rectangles written to the framebuffer: `glDrawPixels`,
//! `glCopyPixels` and `glBitmap` (GL 4.6 compatibility §14.7 (bitmaps),
//! §18.1 (DrawPixels), §18.3 (CopyPixels)).
//!
//! Colour, depth and bitmap rectangles become fragments like any primitive:
//! a draw of one window-aligned rectangle whose fragment stage reads the
//! image at the fragment's position ([`crate::compat::ffgen::PixelOp`]), so texturing,
//! fog, the alpha, stencil and depth tests, blending, logic op and the masks
//! all apply, with the raster position's colour, texture coordinates and fog
//! distance. Stencil indices skip the fragment stage: they are written to the
//! stencil buffer directly, through the pixel ownership and scissor tests and
//! the stencil write mask.

use oxgl_dri_interface::OxglBuffer;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::compat::ffgen::PixelOp;
use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::pixel::transfer::{ClientImage, client_image};
use crate::state::PixelStore;
use crate::vbo::submit::PixelDraw;
use crate::vbo::{Attrib, AttribLayout, DrawBatch, Prim};

/// An unpacked pixel rectangle (rows bottom first), before pixel transfer.
#[derive(Clone, Debug, PartialEq)]
pub enum PixelData {
    /// RGBA components.
    Color(Vec<[f32; 4]>),
    /// Colour indices (`GL_COLOR_INDEX`), converted to RGBA through the
    /// index-to-RGBA maps when drawn.
    Index(Vec<f32>),
    /// Depth values.
    Depth(Vec<f32>),
    /// Stencil indices.
    Stencil(Vec<f32>),
    /// Depth values and stencil indices (`GL_DEPTH_STENCIL`).
    DepthStencil(Vec<f32>, Vec<f32>),
}

/// A pixel rectangle: its size and data.
#[derive(Clone, Debug, PartialEq)]
pub struct PixelRect {
    /// Width and height.
    pub size: [usize; 2],
    /// The pixels.
    pub data: PixelData,
}

/// How a `glDrawPixels` image lies in client memory.
#[derive(Clone, Copy, Debug)]
pub enum DrawPixelsPlan {
    /// A colour format: the shared client image layout.
    Color(ClientImage),
    /// One component per pixel (index, depth, stencil).
    Scalar(ScalarImage),
}

impl DrawPixelsPlan {
    /// Bytes of client memory the image occupies.
    pub fn byte_len(&self) -> usize {
        match self {
            DrawPixelsPlan::Color(c) => c.byte_len,
            DrawPixelsPlan::Scalar(s) => s.byte_len,
        }
    }
}

/// A client image of one component per pixel (GL 4.6 compatibility
/// §8.4.4.1): indices, depth or stencil values, or a `GL_BITMAP`.
#[derive(Clone, Copy, Debug)]
pub struct ScalarImage {
    /// Width and height.
    pub size: [usize; 2],
    /// `GL_COLOR_INDEX`, `GL_STENCIL_INDEX` or `GL_DEPTH_COMPONENT`.
    pub format: GLenum,
    /// Client type (`GL_BITMAP` counts bits).
    pub type_: GLenum,
    /// Bytes per element (0 for `GL_BITMAP`).
    elem: usize,
    /// Bytes from one row to the next.
    row_stride: usize,
    /// Bytes before the first row (skip rows), and elements (bits for a
    /// bitmap) before the first pixel of a row.
    skip: (usize, usize),
    /// Bytes of client memory touched.
    pub byte_len: usize,
    swap_bytes: bool,
    lsb_first: bool,
}

fn elem_size(type_: GLenum) -> Option<usize> {
    Some(match type_ {
        GL_UNSIGNED_BYTE | GL_BYTE => 1,
        GL_UNSIGNED_SHORT | GL_SHORT | GL_HALF_FLOAT => 2,
        GL_UNSIGNED_INT | GL_INT | GL_FLOAT => 4,
        GL_BITMAP => 0,
        _ => return None,
    })
}

/// The layout of a one-component image under `store`.
pub fn scalar_image(
    format: GLenum,
    type_: GLenum,
    w: usize,
    h: usize,
    store: &PixelStore,
) -> ApiResult<ScalarImage> {
    let elem = elem_size(type_).ok_or(ApiError::InvalidEnum)?;
    let row_pixels = if store.row_length > 0 {
        store.row_length as usize
    } else {
        w
    };
    let align = store.alignment.max(1) as usize;
    let (row_stride, last_row_bytes) = if type_ == GL_BITMAP {
        let bits = store.skip_pixels.max(0) as usize;
        (
            row_pixels.div_ceil(8).div_ceil(align) * align,
            (bits + w).div_ceil(8),
        )
    } else {
        let row = row_pixels * elem;
        let stride = if elem >= align {
            row
        } else {
            row.div_ceil(align) * align
        };
        let skip = store.skip_pixels.max(0) as usize * elem;
        (stride, skip + w * elem)
    };
    let skip_rows = store.skip_rows.max(0) as usize * row_stride;
    let byte_len = if w == 0 || h == 0 {
        0
    } else {
        skip_rows + (h - 1) * row_stride + last_row_bytes
    };
    Ok(ScalarImage {
        size: [w, h],
        format,
        type_,
        elem,
        row_stride,
        skip: (skip_rows, store.skip_pixels.max(0) as usize),
        byte_len,
        swap_bytes: store.swap_bytes,
        lsb_first: store.lsb_first,
    })
}

impl ScalarImage {
    /// A `GL_DEPTH_STENCIL` / `GL_UNSIGNED_INT_24_8` image in `src`: the
    /// depth (top 24 bits, normalized) and stencil (low 8) of each pixel.
    pub fn unpack_depth_stencil(&self, src: &[u8]) -> (Vec<f32>, Vec<f32>) {
        let [w, h] = self.size;
        let mut depth = Vec::with_capacity(w * h);
        let mut stencil = Vec::with_capacity(w * h);
        let pair = self.type_ == GL_FLOAT_32_UNSIGNED_INT_24_8_REV;
        let word = |at: usize| {
            let mut e = [src[at], src[at + 1], src[at + 2], src[at + 3]];
            if self.swap_bytes {
                e.reverse();
            }
            e
        };
        for y in 0..h {
            let row = self.skip.0 + y * self.row_stride;
            for x in 0..w {
                if pair {
                    // ARB_depth_buffer_float: the float depth, then the
                    // stencil in the low bits of the next word.
                    let at = row + self.skip.1 * 4 + x * 8;
                    depth.push(f32::from_ne_bytes(word(at)));
                    stencil.push((u32::from_ne_bytes(word(at + 4)) & 0xff) as f32);
                    continue;
                }
                let at = row + (self.skip.1 + x) * 4;
                let v = u32::from_ne_bytes(word(at));
                depth.push((f64::from(v >> 8) / 16_777_215.0) as f32);
                stencil.push((v & 0xff) as f32);
            }
        }
        (depth, stencil)
    }

    /// The values of the image in `src` (`byte_len` bytes), rows bottom
    /// first: depth normalized to [0, 1] for integer types, indices as
    /// integers; a bitmap gives 0 or 1.
    pub fn unpack(&self, src: &[u8]) -> Vec<f32> {
        let [w, h] = self.size;
        let mut out = Vec::with_capacity(w * h);
        let depth = self.format == GL_DEPTH_COMPONENT;
        for y in 0..h {
            let row = self.skip.0 + y * self.row_stride;
            for x in 0..w {
                if self.type_ == GL_BITMAP {
                    let bit = self.skip.1 + x;
                    let byte = src[row + bit / 8];
                    let shift = if self.lsb_first { bit % 8 } else { 7 - bit % 8 };
                    out.push(f32::from(byte >> shift & 1));
                    continue;
                }
                let at = row + (self.skip.1 + x) * self.elem;
                let mut e = [0u8; 4];
                e[..self.elem].copy_from_slice(&src[at..at + self.elem]);
                if self.swap_bytes {
                    e[..self.elem].reverse();
                }
                let v = match self.type_ {
                    GL_UNSIGNED_BYTE if depth => f32::from(e[0]) / 255.0,
                    GL_BYTE if depth => (f32::from(e[0] as i8) / 127.0).max(0.0),
                    GL_UNSIGNED_SHORT if depth => {
                        f32::from(u16::from_ne_bytes([e[0], e[1]])) / 65535.0
                    }
                    GL_SHORT if depth => {
                        (f32::from(i16::from_ne_bytes([e[0], e[1]])) / 32767.0).max(0.0)
                    }
                    GL_UNSIGNED_INT if depth => {
                        (f64::from(u32::from_ne_bytes(e)) / 4294967295.0) as f32
                    }
                    GL_INT if depth => {
                        (f64::from(i32::from_ne_bytes(e)) / 2147483647.0).max(0.0) as f32
                    }
                    GL_UNSIGNED_BYTE => f32::from(e[0]),
                    GL_BYTE => f32::from(e[0] as i8),
                    GL_UNSIGNED_SHORT => f32::from(u16::from_ne_bytes([e[0], e[1]])),
                    GL_SHORT => f32::from(i16::from_ne_bytes([e[0], e[1]])),
                    // Indices keep their low 24 bits exactly (f32's
                    // mantissa); stencil values use the low 8.
                    GL_UNSIGNED_INT => (u32::from_ne_bytes(e) & 0x00ff_ffff) as f32,
                    GL_INT => (i32::from_ne_bytes(e) as u32 & 0x00ff_ffff) as f32,
                    GL_HALF_FLOAT => {
                        crate::vbo::arrays::half_to_f32(u16::from_ne_bytes([e[0], e[1]]))
                    }
                    _ => f32::from_ne_bytes(e),
                };
                out.push(v);
            }
        }
        out
    }
}

/// Where a rectangle of `size` pixels lands: the window origin of its
/// first pixel and its zoom.
#[derive(Clone, Copy, Debug)]
struct Placement {
    origin: [f32; 2],
    zoom: [f32; 2],
    size: [usize; 2],
}

impl Placement {
    /// The window rectangle covered, as a viewport (x, y, width, height).
    fn viewport(&self) -> [f32; 4] {
        let x0 = self.origin[0];
        let y0 = self.origin[1];
        let x1 = x0 + self.zoom[0] * self.size[0] as f32;
        let y1 = y0 + self.zoom[1] * self.size[1] as f32;
        [x0.min(x1), y0.min(y1), (x1 - x0).abs(), (y1 - y0).abs()]
    }

    /// Image pixel under window pixel `(x, y)` (its centre), if any.
    fn source(&self, x: i64, y: i64) -> Option<(usize, usize)> {
        let n = ((x as f32 + 0.5 - self.origin[0]) / self.zoom[0]).floor();
        let m = ((y as f32 + 0.5 - self.origin[1]) / self.zoom[1]).floor();
        let ok = n >= 0.0 && m >= 0.0 && (n as usize) < self.size[0] && (m as usize) < self.size[1];
        ok.then_some((n as usize, m as usize))
    }
}

impl Context {
    /// Validates `glDrawPixels` (GL 4.6 compatibility §18.1): INVALID_VALUE
    /// for a negative size, INVALID_ENUM for an unknown format or type (or
    /// `GL_BITMAP` with a format other than an index), INVALID_OPERATION for
    /// a packed type that does not match the format and for depth or
    /// stencil pixels without such a buffer.
    pub fn plan_draw_pixels(
        &self,
        w: i32,
        h: i32,
        format: GLenum,
        type_: GLenum,
    ) -> ApiResult<DrawPixelsPlan> {
        self.outside_begin_end()?;
        if w < 0 || h < 0 {
            return Err(ApiError::InvalidValue);
        }
        let (w, h) = (w as usize, h as usize);
        let store = &self.state.unpack;
        match format {
            GL_COLOR_INDEX | GL_STENCIL_INDEX | GL_DEPTH_COMPONENT => {
                if elem_size(type_).is_none() {
                    // A packed type: a known type, the wrong format.
                    return Err(if crate::pixel::transfer::type_info(type_).is_some() {
                        ApiError::InvalidOperation
                    } else {
                        ApiError::InvalidEnum
                    });
                }
                if type_ == GL_BITMAP && format == GL_DEPTH_COMPONENT {
                    return Err(ApiError::InvalidEnum);
                }
                let bits = self.fb_bits();
                if format == GL_DEPTH_COMPONENT && bits[4] == 0
                    || format == GL_STENCIL_INDEX && bits[5] == 0
                {
                    return Err(ApiError::InvalidOperation);
                }
                Ok(DrawPixelsPlan::Scalar(scalar_image(
                    format, type_, w, h, store,
                )?))
            }
            // EXT_packed_depth_stencil: only as GL_UNSIGNED_INT_24_8, into
            // a framebuffer with both buffers.
            GL_DEPTH_STENCIL => {
                if !matches!(
                    type_,
                    GL_UNSIGNED_INT_24_8 | GL_FLOAT_32_UNSIGNED_INT_24_8_REV
                ) {
                    return Err(ApiError::InvalidEnum);
                }
                let bits = self.fb_bits();
                if bits[4] == 0 || bits[5] == 0 {
                    return Err(ApiError::InvalidOperation);
                }
                let mut img = scalar_image(format, GL_UNSIGNED_INT, w, h, store)?;
                if type_ == GL_FLOAT_32_UNSIGNED_INT_24_8_REV {
                    // Eight bytes a pixel (rows of whole pixels are
                    // multiples of 8 bytes: no alignment padding).
                    let row_pixels = if store.row_length > 0 {
                        store.row_length as usize
                    } else {
                        w
                    };
                    let skip_pixels = store.skip_pixels.max(0) as usize;
                    img.row_stride = row_pixels * 8;
                    img.skip = (
                        store.skip_rows.max(0) as usize * img.row_stride,
                        2 * skip_pixels,
                    );
                    img.byte_len = if w == 0 || h == 0 {
                        0
                    } else {
                        img.skip.0 + (h - 1) * img.row_stride + (skip_pixels + w) * 8
                    };
                }
                img.type_ = type_;
                Ok(DrawPixelsPlan::Scalar(img))
            }
            _ => {
                if type_ == GL_BITMAP {
                    return Err(ApiError::InvalidEnum);
                }
                if matches!(
                    type_,
                    GL_UNSIGNED_INT_24_8 | GL_FLOAT_32_UNSIGNED_INT_24_8_REV
                ) {
                    return Err(ApiError::InvalidOperation);
                }
                // GL 3.0 §3.7.4: integer formats are INVALID_OPERATION,
                // whatever the type (piglit's ext_texture_integer
                // api-drawpixels, NVIDIA and Mesa).
                if crate::pixel::transfer::is_integer_format(format) {
                    return Err(ApiError::InvalidOperation);
                }
                Ok(DrawPixelsPlan::Color(client_image(
                    format,
                    type_,
                    w,
                    h,
                    1,
                    &store.for_dims(2),
                )?))
            }
        }
    }

    /// Unpacks a planned image from `src` (`plan.byte_len()` bytes).
    pub fn unpack_pixel_rect(plan: &DrawPixelsPlan, src: &[u8]) -> PixelRect {
        match plan {
            DrawPixelsPlan::Color(c) => PixelRect {
                size: [c.size[0], c.size[1]],
                data: PixelData::Color(c.unpack(src)),
            },
            DrawPixelsPlan::Scalar(s) if s.format == GL_DEPTH_STENCIL => {
                let (d, st) = s.unpack_depth_stencil(src);
                PixelRect {
                    size: s.size,
                    data: PixelData::DepthStencil(d, st),
                }
            }
            DrawPixelsPlan::Scalar(s) => {
                let v = s.unpack(src);
                PixelRect {
                    size: s.size,
                    data: match s.format {
                        GL_DEPTH_COMPONENT => PixelData::Depth(v),
                        GL_STENCIL_INDEX => PixelData::Stencil(v),
                        _ => PixelData::Index(v),
                    },
                }
            }
        }
    }

    /// `glDrawPixels` of an unpacked rectangle at the current raster
    /// position (nothing when it is invalid).
    pub fn draw_pixels(&mut self, rect: &PixelRect) -> ApiResult {
        self.fbo_prepare()?;
        self.outside_begin_end()?;
        self.flush_vertices();
        if !self.raster_pos.valid {
            return Ok(());
        }
        if !self.render_mode_draws() {
            self.pixel_feedback(GL_DRAW_PIXEL_TOKEN);
            return Ok(());
        }
        let place = Placement {
            origin: self.pixel_origin(),
            zoom: self.raster_pos.zoom,
            size: rect.size,
        };
        self.draw_rect(rect.clone(), place)
    }

    fn draw_rect(&mut self, rect: PixelRect, place: Placement) -> ApiResult {
        if rect.size[0] == 0 || rect.size[1] == 0 || place.zoom[0] == 0.0 || place.zoom[1] == 0.0 {
            return Ok(());
        }
        let (op, texels) = match rect.data {
            PixelData::Color(mut t) => {
                self.transfer_rgba(&mut t);
                (PixelOp::Color, t)
            }
            PixelData::Index(i) => (PixelOp::Color, self.index_to_rgba(&i)),
            PixelData::Depth(mut d) => {
                self.transfer_depth(&mut d);
                (
                    PixelOp::Depth,
                    d.iter().map(|&z| [z, 0.0, 0.0, 1.0]).collect(),
                )
            }
            PixelData::Stencil(mut s) => {
                self.transfer_stencil(&mut s);
                return self.write_stencil(&s, place);
            }
            // GL 4.6 compatibility §18.1: the depth values drawn as
            // DEPTH_COMPONENT pixels, the stencil values as STENCIL_INDEX.
            PixelData::DepthStencil(d, s) => {
                let size = rect.size;
                self.draw_rect(
                    PixelRect {
                        size,
                        data: PixelData::Depth(d),
                    },
                    place,
                )?;
                return self.draw_rect(
                    PixelRect {
                        size,
                        data: PixelData::Stencil(s),
                    },
                    place,
                );
            }
        };
        let z = self.raster_pos.window[2];
        let depth_range = if op == PixelOp::Depth {
            [0.0, 1.0]
        } else {
            [z, z]
        };
        self.draw_pixel_quad(PixelDraw {
            op,
            texels,
            size: [place.size[0] as u32, place.size[1] as u32],
            xform: [
                place.origin[0],
                place.origin[1],
                1.0 / place.zoom[0],
                1.0 / place.zoom[1],
            ],
            viewport: place.viewport(),
            depth_range,
        });
        Ok(())
    }

    /// Draws the rectangle of `pixel` as one quad covering its viewport.
    fn draw_pixel_quad(&mut self, pixel: PixelDraw) {
        let mut constant = self.ff.current.values;
        let rp = &self.raster_pos;
        constant[Attrib::COLOR0.index()] = rp.color;
        constant[Attrib::COLOR1.index()] = rp.secondary;
        for (u, t) in rp.tex.iter().enumerate() {
            constant[Attrib::tex(u).index()] = *t;
        }
        constant[Attrib::FOG.index()] = [rp.distance, 0.0, 0.0, 1.0];
        let corners = [[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]];
        let mut vertices = Vec::with_capacity(16);
        for [x, y] in corners {
            vertices.extend_from_slice(&[x, y, 0.0, 1.0]);
        }
        let batch = DrawBatch {
            layout: vec![AttribLayout {
                attrib: Attrib::POS,
                offset: 0,
                size: 4,
            }],
            stride: 4,
            vertices,
            prims: vec![Prim {
                mode: GL_QUADS,
                start: 0,
                count: 4,
            }],
            elements: Vec::new(),
            constant,
            vertex_ids: Vec::new(),
            instance_id: 0,
        };
        self.submit.pixel = Some(pixel);
        self.submit_batch(&batch);
        self.submit.pixel = None;
    }

    /// Writes stencil indices (GL 4.6 compatibility §18.1: they pass the
    /// pixel ownership and scissor tests and the stencil write mask, no other
    /// fragment operation).
    fn write_stencil(&mut self, values: &[f32], place: Placement) -> ApiResult {
        let Some(draw) = self.draw_drawable().cloned() else {
            return Ok(());
        };
        let bits = self.fb_bits()[5].min(8);
        let mask = (self.state.stencil_writemask[0] & ((1u32 << bits) - 1)) as u8;
        let Some(mut map) = draw.map(OxglBuffer::Stencil) else {
            return Ok(());
        };
        let [vx, vy, vw, vh] = place.viewport();
        let mut x0 = vx.round().max(0.0) as i64;
        let mut y0 = vy.round().max(0.0) as i64;
        let mut x1 = ((vx + vw).round() as i64).min(i64::from(map.width));
        let mut y1 = ((vy + vh).round() as i64).min(i64::from(map.height));
        if self.state.enabled(GL_SCISSOR_TEST) {
            let [sx, sy, sw, sh] = self.state.scissors[0].map(i64::from);
            x0 = x0.max(sx);
            y0 = y0.max(sy);
            x1 = x1.min(sx + sw);
            y1 = y1.min(sy + sh);
        }
        let w = place.size[0];
        for y in y0..y1 {
            let row = map.row_from_bottom_mut(y as u32);
            for x in x0..x1 {
                if let Some((n, m)) = place.source(x, y) {
                    let v = values[m * w + n] as i64 as u8;
                    let old = row[x as usize];
                    row[x as usize] = (old & !mask) | (v & mask);
                }
            }
        }
        Ok(())
    }

    /// `glBitmap` (GL 4.6 compatibility §14.7): `bits` holds 0/1 per pixel,
    /// rows bottom first. Fragments where the bit is 1 get the raster
    /// position's colour, depth and coordinates; the raster position then
    /// moves by `(xmove, ymove)`. Nothing happens while it is invalid.
    pub fn bitmap(
        &mut self,
        size: [usize; 2],
        orig: [f32; 2],
        advance: [f32; 2],
        bits: &[f32],
    ) -> ApiResult {
        self.fbo_prepare()?;
        self.outside_begin_end()?;
        self.flush_vertices();
        if !self.raster_pos.valid {
            return Ok(());
        }
        if !self.render_mode_draws() {
            self.pixel_feedback(GL_BITMAP_TOKEN);
        } else if size[0] > 0 && size[1] > 0 && bits.contains(&1.0) {
            let [xr, yr, z, _] = self.raster_pos.window;
            // Mesa (and SGI's GL, for the conformance tests) truncates with
            // a small epsilon, so that a raster position computed as
            // 241.99998 still starts the bitmap at pixel 242.
            const EPSILON: f32 = 1e-4;
            let origin = [
                (xr + EPSILON - orig[0]).floor(),
                (yr + EPSILON - orig[1]).floor(),
            ];
            let place = Placement {
                origin,
                zoom: [1.0, 1.0],
                size,
            };
            self.draw_pixel_quad(PixelDraw {
                op: PixelOp::Bitmap,
                texels: bits.iter().map(|&b| [b, b, b, b]).collect(),
                size: [size[0] as u32, size[1] as u32],
                xform: [origin[0], origin[1], 1.0, 1.0],
                viewport: place.viewport(),
                depth_range: [z, z],
            });
        }
        self.raster_pos.window[0] += advance[0];
        self.raster_pos.window[1] += advance[1];
        Ok(())
    }

    /// `glCopyPixels` (GL 4.6 compatibility §18.3): reads the rectangle from
    /// the read buffer (colour, depth or stencil) and draws it at the raster
    /// position as `glDrawPixels` would. INVALID_ENUM for a bad type,
    /// INVALID_VALUE for a negative size, INVALID_OPERATION for depth or
    /// stencil without such a buffer.
    pub fn copy_pixels(&mut self, x: i32, y: i32, w: i32, h: i32, type_: GLenum) -> ApiResult {
        self.fbo_prepare()?;
        self.outside_begin_end()?;
        let format = match type_ {
            GL_COLOR => GL_RGBA,
            GL_DEPTH => GL_DEPTH_COMPONENT,
            GL_STENCIL => GL_STENCIL_INDEX,
            GL_DEPTH_STENCIL => GL_DEPTH_STENCIL,
            _ => return Err(ApiError::InvalidEnum),
        };
        if w < 0 || h < 0 {
            return Err(ApiError::InvalidValue);
        }
        // Both the read and the draw framebuffer need the buffers copied.
        let (bits, read_bits) = (self.fb_bits(), self.read_fb_bits());
        let depth = matches!(type_, GL_DEPTH | GL_DEPTH_STENCIL);
        let stencil = matches!(type_, GL_STENCIL | GL_DEPTH_STENCIL);
        if depth && (bits[4] == 0 || read_bits[4] == 0)
            || stencil && (bits[5] == 0 || read_bits[5] == 0)
        {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        if !self.raster_pos.valid {
            return Ok(());
        }
        if !self.render_mode_draws() {
            self.pixel_feedback(GL_COPY_PIXEL_TOKEN);
            return Ok(());
        }
        if format == GL_DEPTH_STENCIL {
            let d = self.read_rect_floats(x, y, w, h, GL_DEPTH_COMPONENT)?;
            let s = self.read_rect_floats(x, y, w, h, GL_STENCIL_INDEX)?;
            let size = [w as usize, h as usize];
            let place = Placement {
                origin: self.pixel_origin(),
                zoom: self.raster_pos.zoom,
                size,
            };
            return self.draw_rect(
                PixelRect {
                    size,
                    data: PixelData::DepthStencil(d, s),
                },
                place,
            );
        }
        let floats = self.read_rect_floats(x, y, w, h, format)?;
        let (w, h) = (w as usize, h as usize);
        let data = match type_ {
            GL_COLOR => PixelData::Color(
                floats
                    .chunks_exact(4)
                    .map(|c| [c[0], c[1], c[2], c[3]])
                    .collect(),
            ),
            GL_DEPTH => PixelData::Depth(floats),
            _ => PixelData::Stencil(floats),
        };
        let place = Placement {
            origin: self.pixel_origin(),
            zoom: self.raster_pos.zoom,
            size: [w, h],
        };
        self.draw_rect(PixelRect { size: [w, h], data }, place)
    }

    /// Reads a rectangle of the read framebuffer as floats (four a pixel for
    /// `GL_RGBA`, one for depth and stencil), with the default pack state
    /// (the client's does not apply to copies). Pixels outside the drawable
    /// read as zero.
    pub(crate) fn read_rect_floats(
        &mut self,
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        format: GLenum,
    ) -> ApiResult<Vec<f32>> {
        let saved = std::mem::take(&mut self.state.pack);
        // Copies apply pixel transfer once, on their write side.
        let plan = self
            .plan_read_pixels(x, y, w, h, format, GL_FLOAT)
            .map(crate::pixel::read::ReadPlan::without_transfer);
        let mut bytes = Vec::new();
        let read = plan.and_then(|plan| {
            bytes
                .try_reserve_exact(plan.byte_len)
                .map_err(|_| ApiError::OutOfMemory)?;
            bytes.resize(plan.byte_len, 0);
            self.read_pixels(&plan, &mut bytes)
        });
        self.state.pack = saved;
        read?;
        Ok(bytes
            .chunks_exact(4)
            .map(|c| f32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }

    /// Where `glDrawPixels` and `glCopyPixels` put their first pixel: the
    /// raster position rounded to the nearest pixel corner, as Mesa does
    /// (the spec's fractional origin would shift images by a pixel when the
    /// raster position is computed as 241.99998).
    fn pixel_origin(&self) -> [f32; 2] {
        let [xr, yr, ..] = self.raster_pos.window;
        [xr.round(), yr.round()]
    }

    /// Whether draws reach the framebuffer (`GL_RENDER` mode).
    fn render_mode_draws(&self) -> bool {
        self.select.mode == GL_RENDER
    }

    /// Feedback of a pixel rectangle or bitmap (feedback mode).
    fn pixel_feedback(&mut self, token: GLenum) {
        self.select_pixels(token);
    }

    /// Pixel transfer of RGBA components (scale, bias, colour maps).
    fn transfer_rgba(&self, texels: &mut [[f32; 4]]) {
        self.state.transfer.rgba(texels);
    }

    /// Pixel transfer of depth values (scale, bias), clamped to [0, 1].
    fn transfer_depth(&self, values: &mut [f32]) {
        self.state.transfer.depth(values);
    }

    /// Pixel transfer of stencil indices (shift, offset, map).
    fn transfer_stencil(&self, values: &mut [f32]) {
        self.state.transfer.stencil(values);
    }

    /// Colour indices to RGBA through the index-to-RGBA maps.
    fn index_to_rgba(&self, indices: &[f32]) -> Vec<[f32; 4]> {
        self.state.transfer.index_to_rgba(indices)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitmap_layout_and_unpack() {
        let store = PixelStore {
            alignment: 1,
            ..PixelStore::default()
        };
        let img = scalar_image(GL_COLOR_INDEX, GL_BITMAP, 10, 2, &store).unwrap();
        assert_eq!(img.byte_len, 4);
        let bits = img.unpack(&[0b1000_0001, 0b0100_0000, 0xff, 0x00]);
        assert_eq!(
            bits,
            [
                1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, //
                1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0
            ]
        );
    }

    #[test]
    fn depth_unpack_normalizes() {
        let store = PixelStore::default();
        let img = scalar_image(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, 2, 1, &store).unwrap();
        assert_eq!(img.byte_len, 4);
        let v = img.unpack(&[0xff, 0xff, 0, 0]);
        assert_eq!(v, [1.0, 0.0]);
    }

    #[test]
    fn zoom_maps_window_pixels_to_image_pixels() {
        let p = Placement {
            origin: [10.0, 20.0],
            zoom: [2.0, -1.0],
            size: [3, 2],
        };
        assert_eq!(p.viewport(), [10.0, 18.0, 6.0, 2.0]);
        assert_eq!(p.source(10, 19), Some((0, 0)));
        assert_eq!(p.source(15, 18), Some((2, 1)));
        assert_eq!(p.source(16, 19), None);
        assert_eq!(p.source(10, 20), None);
    }
}
