//! Per-draw-buffer colour masks and blend enables (EXT_draw_buffers2,
//! GL 3.0 §4.2.2 / GL 4.6 §17.4.2, §17.3.6): `glColorMaski`,
//! `glEnablei`/`glDisablei`/`glIsEnabledi` for `GL_BLEND`, and the indexed
//! queries of `GL_BLEND` and `GL_COLOR_WRITEMASK`.
//!
//! Draw buffer 0 keeps its mask and blend enable where the non-indexed
//! commands always kept them ([`State::color_mask`], the `GL_BLEND`
//! enable); draw buffers 1 to 7 keep theirs beside them
//! ([`State::color_masks_extra`], [`State::blend_extra`]). `glColorMask`
//! and `glEnable(GL_BLEND)` set every draw buffer's. A draw gives the
//! backend the state of the draw buffer that selects each colour buffer:
//! the first colour buffer's in `OxglBlendDesc::enabled` / `color_mask`,
//! extra colour buffer `j`'s in bit `j - 1` of
//! `OxglBlendDesc::extra_enabled` (ABI 13) and `extra_color_masks[j - 1]`.
//!
//! [`State::color_mask`]: crate::state::State::color_mask
//! [`State::color_masks_extra`]: crate::state::State::color_masks_extra
//! [`State::blend_extra`]: crate::state::State::blend_extra

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, MAX_DRAW_BUFFERS};
use crate::error::{ApiError, ApiResult};
use crate::state::State;

/// A draw buffer index of an indexed command. GL 4.6 §17.4.2, §17.3.6:
/// INVALID_VALUE unless it is below `MAX_DRAW_BUFFERS`.
fn draw_buffer_index(index: u32) -> ApiResult<usize> {
    usize::try_from(index)
        .ok()
        .filter(|&i| i < MAX_DRAW_BUFFERS)
        .ok_or(ApiError::InvalidValue)
}

impl Context {
    /// The colour write mask of draw buffer `index`.
    pub(crate) fn draw_buffer_color_mask(&self, index: usize) -> [bool; 4] {
        match index.checked_sub(1) {
            None => self.state.color_mask,
            Some(i) => self
                .state
                .color_masks_extra
                .get(i)
                .copied()
                .unwrap_or([true; 4]),
        }
    }

    /// Whether blending is on for draw buffer `index`.
    pub(crate) fn draw_buffer_blend(&self, index: usize) -> bool {
        match index.checked_sub(1) {
            None => self.state.enabled(GL_BLEND),
            Some(i) => i < 7 && self.state.blend_extra & (1 << i) != 0,
        }
    }

    /// The draw buffer index whose state the first colour buffer takes:
    /// on a framebuffer object the one naming `GL_COLOR_ATTACHMENT0`, on
    /// the window the first naming a window buffer (the one whose output
    /// the window receives, [`Context::color_routing`]); 0 if none does.
    pub(crate) fn first_buffer_index(&self) -> usize {
        let list = self.draw_buffer_list();
        let found = if self.fbo_bound() {
            list.iter().position(|&b| b == GL_COLOR_ATTACHMENT0)
        } else {
            list.iter().position(|&b| Self::buffer_bits(b) != 0)
        };
        found.unwrap_or(0)
    }

    /// `OxglBlendDesc::extra_enabled`: bit `j - 1` for each extra colour
    /// buffer (attachment `j`) a draw buffer with blending on selects.
    pub(crate) fn extra_blend_bits(&self) -> u32 {
        if !self.fbo_bound() {
            return 0;
        }
        let mut bits = 0;
        for (i, &b) in self.draw_buffer_list().iter().enumerate() {
            let j = b.wrapping_sub(GL_COLOR_ATTACHMENT0) as usize;
            if (1..MAX_DRAW_BUFFERS).contains(&j) && self.draw_buffer_blend(i) {
                bits |= 1 << (j - 1);
            }
        }
        bits
    }

    /// `OxglBlendDesc::extra_equation` and `extra_factors`: for each extra
    /// colour buffer (attachment `j`) the equations and factors of the
    /// draw buffer selecting it (ARB_draw_buffers_blend); the defaults
    /// where none does.
    pub(crate) fn extra_blend_funcs(&self) -> ([[u32; 2]; 7], [[u32; 4]; 7]) {
        let mut eq = [[GL_FUNC_ADD; 2]; 7];
        let mut factors = [[GL_ONE, GL_ZERO, GL_ONE, GL_ZERO]; 7];
        if self.fbo_bound() {
            for (i, &b) in self.draw_buffer_list().iter().enumerate() {
                let j = b.wrapping_sub(GL_COLOR_ATTACHMENT0) as usize;
                if (1..MAX_DRAW_BUFFERS).contains(&j) {
                    eq[j - 1] = self.raster.blend_equation[i];
                    factors[j - 1] = self.raster.blend_factors[i];
                }
            }
        }
        (eq, factors)
    }

    /// `glEnable(GL_BLEND)` / `glDisable(GL_BLEND)`: every draw buffer.
    pub(crate) fn set_blend_all(&mut self, on: bool) {
        if let Some(i) = State::cap_index(GL_BLEND) {
            self.state.enables[i] = on;
        }
        self.state.blend_extra = if on { 0x7f } else { 0 };
    }

    /// `glEnablei` / `glDisablei`. GL 4.6 §17.3.6: INVALID_ENUM for a
    /// capability that is not indexed (`GL_BLEND` here, and
    /// `GL_SCISSOR_TEST` in [`crate::viewport`]), INVALID_VALUE for an index
    /// past the draw buffers.
    pub fn set_enabled_indexed(&mut self, cap: GLenum, index: u32, on: bool) -> ApiResult {
        if cap == GL_SCISSOR_TEST && self.has_viewport_array() {
            return self.set_scissor_indexed(index, on);
        }
        if cap != GL_BLEND {
            return Err(ApiError::InvalidEnum);
        }
        let index = draw_buffer_index(index)?;
        self.flush_vertices();
        match index.checked_sub(1) {
            None => {
                if let Some(i) = State::cap_index(GL_BLEND) {
                    self.state.enables[i] = on;
                }
            }
            Some(i) if on => self.state.blend_extra |= 1 << i,
            Some(i) => self.state.blend_extra &= !(1 << i),
        }
        Ok(())
    }

    /// `glIsEnabledi`: errors as [`Context::set_enabled_indexed`].
    pub fn is_enabled_indexed(&self, cap: GLenum, index: u32) -> ApiResult<bool> {
        if cap == GL_SCISSOR_TEST && self.has_viewport_array() {
            return self.is_scissor_enabled_indexed(index);
        }
        if cap != GL_BLEND {
            return Err(ApiError::InvalidEnum);
        }
        Ok(self.draw_buffer_blend(draw_buffer_index(index)?))
    }

    /// `glColorMaski`. GL 4.6 §17.4.2: INVALID_VALUE for a draw buffer
    /// index past `MAX_DRAW_BUFFERS`.
    pub fn color_mask_indexed(&mut self, index: u32, mask: [bool; 4]) -> ApiResult {
        let index = draw_buffer_index(index)?;
        self.flush_vertices();
        match index.checked_sub(1) {
            None => self.state.color_mask = mask,
            Some(i) => self.state.color_masks_extra[i] = mask,
        }
        Ok(())
    }

    /// `glGetBooleani_v` and friends for `GL_BLEND` (one value) and
    /// `GL_COLOR_WRITEMASK` (four): the values and how many; `None` for
    /// another pname. INVALID_VALUE for an index past the draw buffers.
    pub fn get_draw_buffer_indexed(
        &self,
        pname: GLenum,
        index: u32,
    ) -> ApiResult<Option<([i64; 4], usize)>> {
        match pname {
            GL_BLEND => {
                let on = self.draw_buffer_blend(draw_buffer_index(index)?);
                Ok(Some(([i64::from(on), 0, 0, 0], 1)))
            }
            GL_COLOR_WRITEMASK => {
                let m = self.draw_buffer_color_mask(draw_buffer_index(index)?);
                Ok(Some((m.map(i64::from), 4)))
            }
            // ARB_draw_buffers_blend / GL 4.0 §17.3.6.2.
            // GL_BLEND_SRC and GL_BLEND_DST read the RGB factors, as
            // glGetIntegerv does (GL_BLEND_EQUATION is GL_BLEND_EQUATION_RGB).
            GL_BLEND_SRC_RGB
            | GL_BLEND_SRC
            | GL_BLEND_DST_RGB
            | GL_BLEND_DST
            | GL_BLEND_SRC_ALPHA
            | GL_BLEND_DST_ALPHA
            | GL_BLEND_EQUATION_RGB
            | GL_BLEND_EQUATION_ALPHA => {
                let i = draw_buffer_index(index)?;
                let r = &self.raster;
                let v = match pname {
                    GL_BLEND_SRC_RGB | GL_BLEND_SRC => r.blend_factors[i][0],
                    GL_BLEND_DST_RGB | GL_BLEND_DST => r.blend_factors[i][1],
                    GL_BLEND_SRC_ALPHA => r.blend_factors[i][2],
                    GL_BLEND_DST_ALPHA => r.blend_factors[i][3],
                    GL_BLEND_EQUATION_RGB => r.blend_equation[i][0],
                    _ => r.blend_equation[i][1],
                };
                Ok(Some(([i64::from(v), 0, 0, 0], 1)))
            }
            _ => Ok(None),
        }
    }
}
