//! User clip planes (`glClipPlane`, GL 4.6 compatibility §13.7) and fog
//! state (GL 4.6 compatibility §16.4, `glFog*`): mode, density,
//! start/end, index, colour and the fog coordinate source, with the spec's
//! validation. The fixed-function generator turns it into code
//! (`ffgen.rs`): the vertex stage computes the fog coordinate, the fragment
//! stage blends towards the fog colour.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};

/// User clip planes (`GL_MAX_CLIP_PLANES`).
pub const MAX_CLIP_PLANES: usize = 8;

/// Fog parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fog {
    /// `GL_FOG_MODE`: `GL_LINEAR`, `GL_EXP` or `GL_EXP2`.
    pub mode: GLenum,
    /// `GL_FOG_DENSITY`.
    pub density: f32,
    /// `GL_FOG_START`.
    pub start: f32,
    /// `GL_FOG_END`.
    pub end: f32,
    /// `GL_FOG_INDEX`.
    pub index: f32,
    /// `GL_FOG_COLOR`, clamped.
    pub color: [f32; 4],
    /// `GL_FOG_COORD_SRC`: `GL_FRAGMENT_DEPTH` or `GL_FOG_COORD`.
    pub coord_src: GLenum,
}

impl Default for Fog {
    fn default() -> Self {
        Fog {
            mode: GL_EXP,
            density: 1.0,
            start: 0.0,
            end: 1.0,
            index: 0.0,
            color: [0.0; 4],
            coord_src: GL_FRAGMENT_DEPTH,
        }
    }
}

impl Context {
    /// `glClipPlane`: the plane is stored in eye coordinates (transformed by
    /// the inverse of the current modelview matrix, GL 4.6 compat §13.7).
    /// INVALID_ENUM for a plane past `GL_MAX_CLIP_PLANES`.
    pub fn clip_plane(&mut self, plane: GLenum, eq: [f64; 4]) -> ApiResult {
        self.outside_begin_end()?;
        let i = plane.wrapping_sub(GL_CLIP_PLANE0) as usize;
        if i >= MAX_CLIP_PLANES {
            return Err(ApiError::InvalidEnum);
        }
        let inv = self
            .ff
            .matrices
            .modelview
            .top()
            .inverse()
            .unwrap_or(crate::compat::matrix::Mat4::IDENTITY);
        // Row vector times the inverse: p_eye[c] = Σ_r p[r] · M⁻¹[r][c].
        let mut e = [0f64; 4];
        for (c, out) in e.iter_mut().enumerate() {
            *out = (0..4).map(|r| eq[r] * f64::from(inv.at(r, c))).sum();
        }
        self.flush_vertices();
        self.clip_planes[i] = e;
        Ok(())
    }

    /// `glGetClipPlane`: the eye-space equation. INVALID_ENUM for a bad plane.
    pub fn get_clip_plane(&self, plane: GLenum) -> ApiResult<[f64; 4]> {
        self.outside_begin_end()?;
        let i = plane.wrapping_sub(GL_CLIP_PLANE0) as usize;
        self.clip_planes
            .get(i)
            .copied()
            .ok_or(ApiError::InvalidEnum)
    }

    /// `glFog*`: INVALID_ENUM for an unknown pname or mode/source value,
    /// INVALID_VALUE for a negative density.
    pub fn fog(&mut self, pname: GLenum, params: &[f32]) -> ApiResult {
        self.outside_begin_end()?;
        let Some(&p0) = params.first() else {
            return Err(ApiError::InvalidValue);
        };
        let mut fog = self.fog;
        match pname {
            GL_FOG_MODE => {
                let m = p0 as GLenum;
                if !matches!(m, GL_LINEAR | GL_EXP | GL_EXP2) {
                    return Err(ApiError::InvalidEnum);
                }
                fog.mode = m;
            }
            GL_FOG_DENSITY => {
                if p0 < 0.0 {
                    return Err(ApiError::InvalidValue);
                }
                fog.density = p0;
            }
            GL_FOG_START => fog.start = p0,
            GL_FOG_END => fog.end = p0,
            GL_FOG_INDEX => fog.index = p0,
            GL_FOG_COLOR => {
                if params.len() < 4 {
                    return Err(ApiError::InvalidValue);
                }
                for (c, v) in fog.color.iter_mut().zip(params) {
                    *c = v.clamp(0.0, 1.0);
                }
            }
            GL_FOG_COORD_SRC => {
                let s = p0 as GLenum;
                if !matches!(s, GL_FRAGMENT_DEPTH | GL_FOG_COORD) {
                    return Err(ApiError::InvalidEnum);
                }
                fog.coord_src = s;
            }
            _ => return Err(ApiError::InvalidEnum),
        }
        if fog != self.fog {
            self.flush_vertices();
            self.fog = fog;
        }
        Ok(())
    }
}
