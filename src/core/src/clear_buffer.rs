//! `glClearBuffer{iv,uiv,fv,fi}` (GL 3.0; GL 4.6 §17.4.3.1): one buffer of
//! the draw framebuffer cleared to values given with the command, through
//! the backend's clear hook ([`OxglClearDesc`]) as `glClear` is.
//!
//! A colour clear names a draw buffer index: the buffer `GL_DRAW_BUFFERi`
//! selects (nothing for `GL_NONE`; both window buffers for
//! `GL_FRONT_AND_BACK`), under that draw buffer's colour write mask. Depth
//! and stencil clears take drawbuffer 0 and their write masks. The scissor,
//! rasterizer discard and conditional rendering apply as they do to
//! `glClear`. oxgl keeps no integer colour buffers, so integer values
//! cleared into a colour buffer are undefined by the spec; they are
//! converted to floats and clamped as float values are.

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
        let [x, y, w, h] = s.scissor;
        let mut desc = OxglClearDesc {
            buffers: 0,
            draw_buffers: 0,
            color: [0.0; 4],
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
        match value {
            Float(Some(v)) if buffer == GL_COLOR => self.clear_color_into(&mut desc, index, v),
            Int(Some(v)) if buffer == GL_COLOR => {
                self.clear_color_into(&mut desc, index, v.map(|c| c as f32))
            }
            Uint(Some(v)) => self.clear_color_into(&mut desc, index, v.map(|c| c as f32)),
            Float(Some(v)) => self.clear_depth_into(&mut desc, v[0]),
            Int(Some(v)) => stencil_target(&mut desc, v[0]),
            DepthStencil(d, st) => {
                self.clear_depth_into(&mut desc, d);
                stencil_target(&mut desc, st);
            }
            Float(None) | Int(None) | Uint(None) => {}
        }
        if desc.buffers == 0 {
            return Ok(());
        }
        Self::status(self.backend().clear(&desc))
    }

    /// Aims `desc` at the colour buffer draw buffer `index` selects, with
    /// its write mask (the channels its image lacks excluded).
    fn clear_color_into(&self, desc: &mut OxglClearDesc, index: usize, v: [f32; 4]) {
        let name = self.draw_buffer_list()[index];
        let mask = self.draw_buffer_color_mask(index);
        desc.color = v.map(|c| if c.is_nan() { 0.0 } else { c.clamp(0.0, 1.0) });
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
