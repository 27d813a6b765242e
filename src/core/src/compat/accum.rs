//! The accumulation buffer: `glAccum`, `glClearAccum` and the
//! `GL_ACCUM_BUFFER_BIT` of `glClear` (GL 4.6 compatibility §17.4.5).
//!
//! The buffer holds four signed 16-bit normalized values a pixel, like
//! llvmpipe's `R16G16B16A16_SNORM` accumulation buffer, so results quantize
//! the same way. It lives in the context, sized to the draw drawable when
//! first used and reallocated (cleared to zero) when the drawable or its
//! size changes; contexts drawing to one window do not share it. Every
//! operation is limited to the scissor box when the scissor test is on
//! (as in Mesa). `GL_RETURN` writes the draw buffers through the colour
//! write mask only: no other fragment operation applies.

use oxgl_dri_interface::{OxglBuffer, OxglColorFormat};
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};

/// The accumulation buffer of a context.
#[derive(Clone, Debug, Default)]
pub struct AccumBuffer {
    /// Which drawable it belongs to (its address) and its size.
    owner: usize,
    size: [u32; 2],
    /// Four snorm16 values a pixel, rows bottom first.
    values: Vec<[i16; 4]>,
}

/// Quantizes to snorm16 (clamping to [-1, 1]).
fn to_snorm(v: f32) -> i16 {
    (v.clamp(-1.0, 1.0) * 32767.0).round() as i16
}

fn from_snorm(v: i16) -> f32 {
    (f32::from(v) / 32767.0).max(-1.0)
}

/// Reads the four channels of pixel `x` of a mapped colour row.
fn read_rgba(row: &[u8], x: usize, format: OxglColorFormat) -> [f32; 4] {
    crate::framebuffer::get_pixel(row, x, format)
}

impl Context {
    /// `glClearAccum`: the values are clamped to [-1, 1].
    pub fn clear_accum(&mut self, rgba: [f32; 4]) -> ApiResult {
        self.outside_begin_end()?;
        self.state.clear_accum = rgba.map(|c| c.clamp(-1.0, 1.0));
        Ok(())
    }

    /// The pixel rectangle `[x0, y0, x1, y1)` accumulation operations touch:
    /// the drawable, cut by the scissor box when the scissor test is on.
    fn accum_rect(&self, size: [u32; 2]) -> [usize; 4] {
        let (mut x0, mut y0, mut x1, mut y1) = (0i64, 0i64, i64::from(size[0]), i64::from(size[1]));
        if self.state.enabled(GL_SCISSOR_TEST) {
            let [sx, sy, sw, sh] = self.state.scissors[0].map(i64::from);
            x0 = x0.max(sx);
            y0 = y0.max(sy);
            x1 = x1.min(sx + sw);
            y1 = y1.min(sy + sh);
        }
        if x1 <= x0 || y1 <= y0 {
            return [0; 4];
        }
        [x0 as usize, y0 as usize, x1 as usize, y1 as usize]
    }

    /// The accumulation buffer for the current draw drawable, (re)allocated
    /// to its size. `None` without a drawable.
    fn accum_buffer(&mut self) -> Option<[u32; 2]> {
        let draw = self.draw_drawable()?.clone();
        let map = draw.map(OxglBuffer::FrontColor)?;
        let size = [map.width, map.height];
        drop(map);
        let owner = std::sync::Arc::as_ptr(&draw) as usize;
        let acc = &mut self.accum;
        if acc.owner != owner || acc.size != size {
            acc.owner = owner;
            acc.size = size;
            acc.values = vec![[0; 4]; size[0] as usize * size[1] as usize];
        }
        Some(size)
    }

    /// The `GL_ACCUM_BUFFER_BIT` part of `glClear`.
    pub(crate) fn clear_accum_buffer(&mut self) {
        if self.params().accum_bits[0] == 0 {
            return;
        }
        let Some(size) = self.accum_buffer() else {
            return;
        };
        let [x0, y0, x1, y1] = self.accum_rect(size);
        let value = self.state.clear_accum.map(to_snorm);
        let width = size[0] as usize;
        for y in y0..y1 {
            self.accum.values[y * width + x0..y * width + x1].fill(value);
        }
    }

    /// `glAccum`. GL 4.6 compat §17.4.5: INVALID_ENUM for an unknown
    /// operation, INVALID_OPERATION when there is no accumulation buffer.
    pub fn accum(&mut self, op: GLenum, value: f32) -> ApiResult {
        self.fbo_prepare()?;
        self.outside_begin_end()?;
        if !matches!(op, GL_ACCUM | GL_LOAD | GL_RETURN | GL_MULT | GL_ADD) {
            return Err(ApiError::InvalidEnum);
        }
        if self.params().accum_bits[0] == 0 {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        let Some(size) = self.accum_buffer() else {
            return Ok(());
        };
        let [x0, y0, x1, y1] = self.accum_rect(size);
        if x0 == x1 {
            return Ok(());
        }
        let width = size[0] as usize;
        match op {
            GL_ADD | GL_MULT => {
                for y in y0..y1 {
                    for p in &mut self.accum.values[y * width + x0..y * width + x1] {
                        for c in p.iter_mut() {
                            let v = from_snorm(*c);
                            *c = to_snorm(if op == GL_ADD { v + value } else { v * value });
                        }
                    }
                }
            }
            GL_ACCUM | GL_LOAD => {
                let buffer = self.read_color_buffer();
                let Some(read) = self.read_drawable().cloned() else {
                    return Ok(());
                };
                // Finish rendering before the colour buffer is read.
                Self::status(self.backend_finish())?;
                let Some(map) = read.map(buffer) else {
                    return Ok(());
                };
                let (rw, rh) = (map.width as usize, map.height as usize);
                for y in y0..y1.min(rh) {
                    let row = map.row_from_bottom(y as u32);
                    for x in x0..x1.min(rw) {
                        let color = read_rgba(row, x, map.format);
                        let p = &mut self.accum.values[y * width + x];
                        for c in 0..4 {
                            let v = color[c] * value;
                            p[c] = to_snorm(if op == GL_ACCUM {
                                from_snorm(p[c]) + v
                            } else {
                                v
                            });
                        }
                    }
                }
            }
            _ => self.accum_return(value, [x0, y0, x1, y1], width)?,
        }
        Ok(())
    }

    /// `glAccum(GL_RETURN, value)`: the buffer times `value`, clamped, into
    /// every draw buffer, through the colour write mask.
    fn accum_return(&mut self, value: f32, rect: [usize; 4], width: usize) -> ApiResult {
        let [x0, y0, x1, y1] = rect;
        let bits = self.draw_buffer_bits();
        let double = self.fb_double_buffered();
        let mut buffers = Vec::new();
        if bits & oxgl_dri_interface::draw_buffer_bits::DRAW_FRONT != 0 || !double {
            buffers.push(OxglBuffer::FrontColor);
        }
        if double && bits & oxgl_dri_interface::draw_buffer_bits::DRAW_BACK != 0 {
            buffers.push(OxglBuffer::BackColor);
        }
        if bits == 0 {
            return Ok(());
        }
        let Some(draw) = self.draw_drawable().cloned() else {
            return Ok(());
        };
        Self::status(self.backend_finish())?;
        let mask = self.state.color_mask;
        for buffer in buffers {
            let Some(mut map) = draw.map(buffer) else {
                continue;
            };
            let (mw, mh) = (map.width as usize, map.height as usize);
            let format = map.format;
            for y in y0..y1.min(mh) {
                let row = map.row_from_bottom_mut(y as u32);
                for x in x0..x1.min(mw) {
                    let acc = self.accum.values[y * width + x];
                    let v = acc.map(|c| (from_snorm(c) * value).clamp(0.0, 1.0));
                    let mut out = crate::framebuffer::get_pixel(row, x, format);
                    for c in 0..4 {
                        if mask[c] {
                            out[c] = v[c];
                        }
                    }
                    crate::framebuffer::put_pixel(row, x, format, out);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snorm_round_trip() {
        assert_eq!(to_snorm(1.0), 32767);
        assert_eq!(to_snorm(-2.0), -32767);
        assert_eq!(to_snorm(0.5), 16384);
        assert!((from_snorm(to_snorm(0.25)) - 0.25).abs() < 1.0 / 32767.0);
    }
}
