//! Fixed-function vertex state: matrix stacks, current attributes and
//! immediate mode (`glBegin`/`glEnd`), as `Context` methods.
//!
//! Pending immediate-mode vertices are drawn with the state that was current
//! when they were specified, so every state change that affects drawing first
//! calls [`Context::flush_vertices`] (Mesa's `FLUSH_VERTICES`).

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::compat::matrix::{MAX_TEXTURE_COORD_UNITS, Mat4, Matrices};
use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};
use crate::vbo::attrib::MAX_TEXTURE_COORDS;
use crate::vbo::immediate::is_begin_mode;
use crate::vbo::{Attrib, CurrentAttribs, Immediate};

/// Fixed-function vertex state.
#[derive(Clone, Debug)]
pub struct FixedFunction {
    /// Matrix stacks and mode.
    pub matrices: Matrices,
    /// Current attribute values.
    pub current: CurrentAttribs,
    /// Immediate-mode accumulation.
    pub imm: Immediate,
    /// `glActiveTexture` unit (texture matrix, texture state).
    pub active_texture: usize,
    /// `glClientActiveTexture` unit (texture coordinate arrays).
    pub client_active_texture: usize,
    /// `glShadeModel`.
    pub shade_model: GLenum,
    /// `glProvokingVertex` (`GL_PROVOKING_VERTEX`).
    pub provoking_vertex: GLenum,
    /// Batches handed to the backend (vertex processing comes with the
    /// vertex pipeline); counted for tests.
    pub batches_flushed: u64,
}

impl Default for FixedFunction {
    fn default() -> Self {
        FixedFunction {
            matrices: Matrices::default(),
            current: CurrentAttribs::default(),
            imm: Immediate::default(),
            active_texture: 0,
            client_active_texture: 0,
            shade_model: GL_SMOOTH,
            provoking_vertex: GL_LAST_VERTEX_CONVENTION,
            batches_flushed: 0,
        }
    }
}

impl Context {
    /// Between `glBegin` and `glEnd`.
    #[inline]
    pub fn in_begin_end(&self) -> bool {
        self.ff.imm.inside.is_some()
    }

    /// GL 4.6 compatibility §10.7.5: commands other than the vertex
    /// specification ones are INVALID_OPERATION between Begin and End.
    #[inline]
    pub fn outside_begin_end(&self) -> ApiResult {
        if self.in_begin_end() {
            Err(ApiError::InvalidOperation.because("inside glBegin/glEnd"))
        } else {
            Ok(())
        }
    }

    /// Draws pending immediate-mode vertices.
    pub fn flush_vertices(&mut self) {
        if self.in_begin_end() || !self.ff.imm.has_pending() {
            return;
        }
        if let Some(batch) = self.ff.imm.take(&self.ff.current) {
            self.submit_batch(&batch);
        }
    }

    /// `glBegin`. INVALID_OPERATION inside Begin/End, INVALID_ENUM for a bad mode.
    pub fn begin(&mut self, mode: GLenum) -> ApiResult {
        if self.save_begin(mode) && !self.executing() {
            return Ok(());
        }
        self.outside_begin_end()?;
        if !is_begin_mode(mode) {
            return Err(ApiError::InvalidEnum);
        }
        self.arb_validate_draw()?;
        self.check_sampler_units()?;
        self.check_draw_mode(mode)?;
        self.check_draw_framebuffer()?;
        // Material attributes start from the material (glPopAttrib may
        // have changed it without them).
        self.sync_material_attribs();
        self.ff.imm.begin(mode);
        Ok(())
    }

    /// `glEnd`. INVALID_OPERATION outside Begin/End.
    pub fn end(&mut self) -> ApiResult {
        if self.save_end() && !self.executing() {
            return Ok(());
        }
        if !self.in_begin_end() {
            return Err(ApiError::InvalidOperation);
        }
        self.ff.imm.end();
        if self.ff.imm.wants_flush() {
            self.flush_vertices();
        }
        Ok(())
    }

    /// `glVertex*`: a vertex inside Begin/End; ignored outside (its effect is
    /// undefined there, GL 4.6 compat §10.7).
    #[inline]
    pub fn vertex(&mut self, pos: [f32; 4]) {
        if self.save_vertex(pos) && !self.executing() {
            return;
        }
        if self.in_begin_end() {
            let ff = &mut self.ff;
            ff.imm.emit(pos, &ff.current);
        }
    }

    /// Sets the current value of attribute `a` (`size` components were given).
    #[inline]
    pub fn attrib(&mut self, a: Attrib, value: [f32; 4], size: u8) {
        if self.save_attrib(a, value, size) && !self.executing() {
            return;
        }
        self.set_attrib_now(a, value, size);
    }

    /// The effect of setting attribute `a` when executed (no recording).
    #[inline]
    pub(crate) fn set_attrib_now(&mut self, a: Attrib, value: [f32; 4], size: u8) {
        if self.ff.imm.inside.is_some() {
            let ff = &mut self.ff;
            ff.imm.note_attrib(a, size, &ff.current);
        } else if self.ff.imm.has_pending() {
            // Pending vertices were specified with the old value.
            self.flush_vertices();
        }
        self.ff.current.values[a.index()] = value;
    }

    /// `glVertexAttrib*(index, ...)`: generic attribute 0 is the vertex
    /// position in a compatibility context (GL 4.6 compat §10.2.1).
    /// INVALID_VALUE for an index at or past `GL_MAX_VERTEX_ATTRIBS`.
    pub fn vertex_attrib(&mut self, index: u32, value: [f32; 4], size: u8) -> ApiResult {
        if index as usize >= crate::vbo::attrib::MAX_VERTEX_ATTRIBS {
            return Err(ApiError::InvalidValue);
        }
        if index == 0 && self.params().profile == Profile::Compat && self.in_begin_end() {
            self.vertex(value);
            return Ok(());
        }
        if index == 0 && self.params().profile == Profile::Compat {
            // Outside Begin/End it is generic attribute 0's current value,
            // which a program reads (from the position slot its attribute
            // 0 maps to) while no array feeds it (Mesa's GENERIC0).
            self.attrib(Attrib::generic(0), value, size);
            self.attrib(Attrib::POS, value, size);
            return Ok(());
        }
        if index == 0 && self.params().profile == Profile::Es {
            // ES has no glVertex: attribute 0 is generic, kept in the
            // position slot its programs read.
            self.attrib(Attrib::POS, value, size);
            return Ok(());
        }
        self.attrib(Attrib::generic(index as usize), value, size);
        Ok(())
    }

    /// `glVertexAttribL*d` (ARB_vertex_attrib_64bit, GL 4.1): `value`'s
    /// doubles (the missing ones 0, 0, 0, 1) as the words a double input
    /// reads: the first two in the attribute's slot, the third and fourth
    /// in [`CurrentAttribs::long_high`], which a draw gives a `dvec3` or
    /// `dvec4` input's high location. INVALID_VALUE for an index past the
    /// limit.
    pub fn vertex_attrib_long(&mut self, index: u32, value: &[f64]) -> ApiResult {
        if index as usize >= crate::vbo::attrib::MAX_VERTEX_ATTRIBS {
            return Err(ApiError::InvalidValue);
        }
        let mut d = [0.0, 0.0, 0.0, 1.0];
        let n = value.len().min(4);
        d[..n].copy_from_slice(&value[..n]);
        let words = d.map(|x| {
            let b = x.to_bits();
            [f32::from_bits(b as u32), f32::from_bits((b >> 32) as u32)]
        });
        let low = [words[0][0], words[0][1], words[1][0], words[1][1]];
        let high = [words[2][0], words[2][1], words[3][0], words[3][1]];
        let slot = if index == 0 && self.params().profile != Profile::Core {
            Attrib::POS
        } else {
            Attrib::generic(index as usize)
        };
        self.attrib(slot, low, 4);
        if index == 0 && self.params().profile == Profile::Compat {
            self.attrib(Attrib::generic(0), low, 4);
        }
        self.ff.current.long_high[index as usize] = high;
        Ok(())
    }

    /// `glMultiTexCoord*`: INVALID_ENUM for a unit past `GL_MAX_TEXTURE_COORDS`.
    pub fn multi_tex_coord(&mut self, target: GLenum, value: [f32; 4], size: u8) -> ApiResult {
        let unit = target.wrapping_sub(GL_TEXTURE0) as usize;
        if unit >= MAX_TEXTURE_COORDS {
            return Err(ApiError::InvalidEnum);
        }
        self.attrib(Attrib::tex(unit), value, size);
        Ok(())
    }

    /// `glTexCoord*`: texture unit 0.
    #[inline]
    pub fn tex_coord(&mut self, value: [f32; 4], size: u8) {
        self.attrib(Attrib::TEX0, value, size);
    }

    // ---- matrices ------------------------------------------------------------

    /// `glMatrixMode`. INVALID_ENUM for an unknown stack.
    pub fn matrix_mode(&mut self, mode: GLenum) -> ApiResult {
        self.outside_begin_end()?;
        if !matches!(mode, GL_MODELVIEW | GL_PROJECTION | GL_TEXTURE | GL_COLOR)
            && !(GL_MATRIX0_ARB..=GL_MATRIX7_ARB).contains(&mode)
        {
            return Err(ApiError::InvalidEnum);
        }
        self.ff.matrices.mode = mode;
        Ok(())
    }

    fn with_current_matrix(
        &mut self,
        f: impl FnOnce(&mut crate::compat::matrix::MatrixStack) -> ApiResult,
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        let (mode, unit) = (self.ff.matrices.mode, self.ff.active_texture);
        match self.ff.matrices.stack_mut(mode, unit) {
            Some(stack) => f(stack),
            // GL_TEXTURE with an active unit past the texture coordinate units.
            None => Err(ApiError::InvalidOperation),
        }
    }

    /// `glLoadIdentity`.
    pub fn load_identity(&mut self) -> ApiResult {
        self.with_current_matrix(|s| {
            s.load(Mat4::IDENTITY);
            Ok(())
        })
    }

    /// `glLoadMatrix{f,d}` / `glLoadTransposeMatrix{f,d}`.
    pub fn load_matrix(&mut self, m: Mat4) -> ApiResult {
        self.with_current_matrix(|s| {
            s.load(m);
            Ok(())
        })
    }

    /// `glMultMatrix{f,d}` and every matrix-building command.
    pub fn mult_matrix(&mut self, m: Mat4) -> ApiResult {
        self.with_current_matrix(|s| {
            s.mult(&m);
            Ok(())
        })
    }

    /// `glFrustum`. GL 4.6 compat §12.1.1: INVALID_VALUE if n or f is not
    /// positive, or l = r, b = t, n = f.
    pub fn frustum(&mut self, l: f64, r: f64, b: f64, t: f64, n: f64, f: f64) -> ApiResult {
        self.outside_begin_end()?;
        if n <= 0.0 || f <= 0.0 || l == r || b == t || n == f {
            return Err(ApiError::InvalidValue);
        }
        self.mult_matrix(Mat4::frustum(l, r, b, t, n, f))
    }

    /// `glOrtho`. INVALID_VALUE if l = r, b = t or n = f.
    pub fn ortho(&mut self, l: f64, r: f64, b: f64, t: f64, n: f64, f: f64) -> ApiResult {
        self.outside_begin_end()?;
        if l == r || b == t || n == f {
            return Err(ApiError::InvalidValue);
        }
        self.mult_matrix(Mat4::ortho(l, r, b, t, n, f))
    }

    /// `glPushMatrix`.
    pub fn push_matrix(&mut self) -> ApiResult {
        self.with_current_matrix(|s| s.push())
    }

    /// `glPopMatrix`.
    pub fn pop_matrix(&mut self) -> ApiResult {
        self.with_current_matrix(|s| s.pop())
    }

    /// `glActiveTexture`. INVALID_ENUM past the combined texture units.
    pub fn active_texture(&mut self, texture: GLenum) -> ApiResult {
        self.outside_begin_end()?;
        let unit = texture.wrapping_sub(GL_TEXTURE0) as usize;
        // Without programmable stages (before GL 2.0) the units are the
        // fixed-function ones, GL_MAX_TEXTURE_UNITS.
        let units = if self.params().version < (2, 0) {
            crate::compat::texenv::MAX_FF_UNITS
        } else {
            MAX_TEXTURE_COORD_UNITS.max(crate::get::MAX_COMBINED_TEXTURE_IMAGE_UNITS)
        };
        if unit >= units {
            return Err(ApiError::InvalidEnum);
        }
        self.flush_vertices();
        self.ff.active_texture = unit;
        Ok(())
    }

    /// `glClientActiveTexture`. INVALID_ENUM past the texture coordinate units.
    pub fn client_active_texture(&mut self, texture: GLenum) -> ApiResult {
        let unit = texture.wrapping_sub(GL_TEXTURE0) as usize;
        if unit >= MAX_TEXTURE_COORDS {
            return Err(ApiError::InvalidEnum);
        }
        self.ff.client_active_texture = unit;
        Ok(())
    }

    /// `glShadeModel`. INVALID_ENUM for anything but FLAT and SMOOTH.
    pub fn shade_model(&mut self, mode: GLenum) -> ApiResult {
        self.outside_begin_end()?;
        if !matches!(mode, GL_FLAT | GL_SMOOTH) {
            return Err(ApiError::InvalidEnum);
        }
        self.flush_vertices();
        self.ff.shade_model = mode;
        Ok(())
    }

    /// `glProvokingVertex` (GL 4.6 §13.6, EXT/ARB_provoking_vertex): which
    /// vertex gives a flat-shaded primitive its values. No attribute group
    /// holds it (as Mesa); compiled into display lists.
    pub fn provoking_vertex(&mut self, mode: GLenum) -> ApiResult {
        self.outside_begin_end()?;
        if !matches!(mode, GL_FIRST_VERTEX_CONVENTION | GL_LAST_VERTEX_CONVENTION) {
            return Err(ApiError::InvalidEnum);
        }
        self.flush_vertices();
        self.ff.provoking_vertex = mode;
        Ok(())
    }

    /// The matrix a `glGet` of `pname` returns, if `pname` names one.
    pub fn get_matrix(&self, pname: GLenum) -> Option<Mat4> {
        let m = &self.ff.matrices;
        let unit = self.ff.active_texture;
        let (stack, transpose) = match pname {
            GL_MODELVIEW_MATRIX => (Some(&m.modelview), false),
            GL_PROJECTION_MATRIX => (Some(&m.projection), false),
            GL_TEXTURE_MATRIX => (m.texture.get(unit), false),
            GL_TRANSPOSE_MODELVIEW_MATRIX if self.params().version >= (1, 3) => {
                (Some(&m.modelview), true)
            }
            GL_TRANSPOSE_PROJECTION_MATRIX if self.params().version >= (1, 3) => {
                (Some(&m.projection), true)
            }
            GL_TRANSPOSE_TEXTURE_MATRIX if self.params().version >= (1, 3) => {
                (m.texture.get(unit), true)
            }
            _ => return None,
        };
        let top = *stack?.top();
        Some(if transpose { top.transpose() } else { top })
    }
}
