//! `glClearBuffer{iv,uiv,fv,fi}` (GL 3.0; GL 4.6 §17.4.3.1): one buffer of
//! the draw framebuffer cleared to values given with the command, through
//! the backend's clear hook ([`OxglClearDesc`]) as `glClear` is.
//!
//! A colour clear names a draw buffer index: the buffer `GL_DRAW_BUFFERi`
//! selects (nothing for `GL_NONE`; both window buffers for
//! `GL_FRONT_AND_BACK`), under that draw buffer's colour write mask. Depth
//! and stencil clears take drawbuffer 0 and their write masks. The scissor,
//! rasterizer discard and conditional rendering apply as they do to
//! `glClear`. Values go to a buffer as it keeps them: integer buffers take
//! integer values clamped to their format's range, float buffers float
//! values unclamped (unless fragment colour clamping is on), fixed-point
//! buffers clamped ones. Values of the other kind than the buffer's are
//! undefined by the spec; they are converted.

use oxgl_dri_interface::{OxglClearDesc, OxglRect, clear_bits, draw_buffer_bits};
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, MAX_DRAW_BUFFERS};
use crate::error::{ApiError, ApiResult};

/// The values of one `glClearBuffer*` call: which command, and what it
/// read (`None`: a null `value` pointer, which clears nothing).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClearValue {
    /// `glClearBufferfv`: four colour values, or the depth in `[0]`.
    Float(Option<[f32; 4]>),
    /// `glClearBufferiv`: four colour values, or the stencil in `[0]`.
    Int(Option<[i32; 4]>),
    /// `glClearBufferuiv`: four colour values.
    Uint(Option<[u32; 4]>),
    /// `glClearBufferfi`: depth and stencil.
    DepthStencil(f32, i32),
}

impl Context {
    /// `glClearBuffer*`. GL 4.6 §17.4.3.1: INVALID_ENUM for a `buffer` the
    /// command does not take (fv: COLOR, DEPTH; iv: COLOR, STENCIL; uiv:
    /// COLOR; fi: DEPTH_STENCIL); INVALID_VALUE for a colour `drawbuffer`
    /// outside `[0, MAX_DRAW_BUFFERS)` and for a depth or stencil one other
    /// than 0; INVALID_FRAMEBUFFER_OPERATION for an incomplete draw
    /// framebuffer.
    pub fn clear_buffer(
        &mut self,
        buffer: GLenum,
        drawbuffer: i32,
        value: ClearValue,
    ) -> ApiResult {
        use ClearValue::*;
        let ok = matches!(
            (value, buffer),
            (Float(_), GL_COLOR | GL_DEPTH)
                | (Int(_), GL_COLOR | GL_STENCIL)
                | (Uint(_), GL_COLOR)
                | (DepthStencil(..), GL_DEPTH_STENCIL)
        );
        if !ok {
            return Err(ApiError::InvalidEnum);
        }
        let index = if buffer == GL_COLOR {
            usize::try_from(drawbuffer)
                .ok()
                .filter(|&i| i < MAX_DRAW_BUFFERS)
                .ok_or(ApiError::InvalidValue)?
        } else if drawbuffer != 0 {
            return Err(ApiError::InvalidValue);
        } else {
            0
        };
        self.fbo_prepare()?;
        if self.state.enabled(GL_RASTERIZER_DISCARD)
            || self.render_discarded()
            || self.select.mode != GL_RENDER
            || self.draw_drawable().is_none()
        {
            return Ok(());
        }
        let s = &self.state;
        let [x, y, w, h] = s.scissors[0];
        let mut desc = OxglClearDesc {
            buffers: 0,
            draw_buffers: 0,
            color: [0.0; 4],
            color_int: [0; 4],
            srgb_buffers: self.srgb_buffer_bits(),
            color_mask: [0; 4],
            depth: 0.0,
            stencil: 0,
            stencil_mask: s.stencil_writemask[0],
            scissor_enabled: u32::from(s.enabled(GL_SCISSOR_TEST)),
            scissor: OxglRect {
                x,
                y,
                width: w,
                height: h,
            },
            extra_color_buffers: 0,
            extra_color_masks: [[0; 4]; 7],
        };
        let color = |v: [i64; 4], f: Option<[f32; 4]>| self.clear_values(index, v, f);
        let cleared = match value {
            Float(Some(v)) if buffer == GL_COLOR => Some(color(v.map(|c| c as i64), Some(v))),
            Int(Some(v)) if buffer == GL_COLOR => Some(color(v.map(i64::from), None)),
            Uint(Some(v)) => Some(color(v.map(i64::from), None)),
            _ => None,
        };
        if let Some((f, i)) = cleared {
            desc.color_int = i;
            self.clear_color_into(&mut desc, index, f);
        }
        match value {
            _ if buffer == GL_COLOR => {}
            Float(Some(v)) => self.clear_depth_into(&mut desc, v[0]),
            Int(Some(v)) => stencil_target(&mut desc, v[0]),
            DepthStencil(d, st) => {
                self.clear_depth_into(&mut desc, d);
                stencil_target(&mut desc, st);
            }
            Float(None) | Int(None) | Uint(_) => {}
        }
        if desc.buffers == 0 {
            return Ok(());
        }
        Self::status(self.backend().clear(&desc))
    }

    /// The float and integer clear values of the colour buffer draw buffer
    /// `index` selects for values `ints` (`floats`: the float values of
    /// `glClearBufferfv`): an integer buffer's clamped to its format's
    /// range; a float buffer's unclamped unless fragment colour clamping
    /// applies; a fixed-point buffer's clamped to [0, 1].
    fn clear_values(
        &self,
        index: usize,
        ints: [i64; 4],
        floats: Option<[f32; 4]>,
    ) -> ([f32; 4], [u32; 4]) {
        let format = self.draw_buffer_list()[index]
            .checked_sub(GL_COLOR_ATTACHMENT0)
            .filter(|_| self.fbo_bound())
            .and_then(|j| self.draw_attachment_internal_format(j as usize));
        let f = floats.unwrap_or(ints.map(|c| c as f32));
        let f = f.map(|c| if c.is_nan() { 0.0 } else { c });
        let float_buffer = format.is_some_and(crate::texture::color_renders_float);
        let f = if float_buffer && !self.fragment_clamping() {
            f
        } else {
            f.map(|c| c.clamp(0.0, 1.0))
        };
        let kinds = format.and_then(|f| {
            Some((
                crate::texture::integer_kind(f)?,
                crate::texture::integer_alpha_kind(f)?,
            ))
        });
        let int = match kinds {
            Some((kind, alpha)) => std::array::from_fn(|c| {
                let k = if c == 3 { alpha } else { kind };
                crate::texture::int_to_texel(ints[c], k).to_bits()
            }),
            None => ints.map(|c| c as u32),
        };
        (f, int)
    }

    /// Aims `desc` at the colour buffer draw buffer `index` selects, with
    /// its write mask (the channels its image lacks excluded).
    fn clear_color_into(&self, desc: &mut OxglClearDesc, index: usize, v: [f32; 4]) {
        let name = self.draw_buffer_list()[index];
        let mask = self.draw_buffer_color_mask(index);
        desc.color = v;
        if !self.fbo_bound() {
            desc.draw_buffers = Self::buffer_bits(name);
            desc.color_mask = mask.map(u8::from);
        } else {
            let Some(j) = name
                .checked_sub(GL_COLOR_ATTACHMENT0)
                .map(|j| j as usize)
                .filter(|&j| j < MAX_DRAW_BUFFERS)
            else {
                return;
            };
            if j == 0 {
                desc.draw_buffers = draw_buffer_bits::DRAW_FRONT;
                let keeps = self.fb_color_mask();
                desc.color_mask = std::array::from_fn(|c| u8::from(mask[c] && keeps[c] != 0));
            } else {
                let keeps = self.fbo_extra_channels(j - 1);
                desc.extra_color_buffers = 1 << (j - 1);
                desc.extra_color_masks[j - 1] =
                    std::array::from_fn(|c| u8::from(mask[c] && keeps[c]));
            }
        }
        if desc.draw_buffers != 0 || desc.extra_color_buffers != 0 {
            desc.buffers |= clear_bits::CLEAR_COLOR;
        }
    }

    /// Adds the depth buffer to `desc` (under the depth mask).
    fn clear_depth_into(&self, desc: &mut OxglClearDesc, depth: f32) {
        if self.state.depth_mask {
            desc.buffers |= clear_bits::CLEAR_DEPTH;
            desc.depth = if depth.is_nan() {
                0.0
            } else {
                f64::from(depth.clamp(0.0, 1.0))
            };
        }
    }
}

/// Adds the stencil buffer to `desc` (under the stencil write mask,
/// already in it).
fn stencil_target(desc: &mut OxglClearDesc, value: i32) {
    desc.buffers |= clear_bits::CLEAR_STENCIL;
    desc.stencil = value as u32;
}
