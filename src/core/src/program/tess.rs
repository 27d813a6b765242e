//! Tessellation (ARB_tessellation_shader, GL 4.0; GL 4.6 §11.2): the patch
//! parameters a draw of `GL_PATCHES` takes, the limits of the two stages,
//! and the program queries of their layout.
//!
//! The stages themselves are program stages like the others
//! ([`crate::program::ProgramStage`]); the backend runs them
//! (`OxglDrawDesc::tcs`/`tes`, ABI 23) and the draw rules are in
//! [`Context::check_draw_mode`].

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_ir::{TessDomain, TessSpacing};

use crate::context::Context;
use crate::error::{ApiError, ApiResult};

/// `GL_MAX_PATCH_VERTICES`: the vertices of a patch the backend takes.
pub const MAX_PATCH_VERTICES: u32 = 32;
/// `GL_MAX_TESS_GEN_LEVEL`: the primitive generator clamps levels to it.
pub const MAX_TESS_GEN_LEVEL: u32 = 64;
/// `GL_MAX_TESS_PATCH_COMPONENTS`: 30 patch locations (the linker's
/// bound), GL 4.0's minimum.
pub const MAX_TESS_PATCH_COMPONENTS: u32 = 120;

/// The patch parameters of a context (`glPatchParameter*`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PatchParams {
    /// `GL_PATCH_VERTICES`.
    pub vertices: u32,
    /// `GL_PATCH_DEFAULT_OUTER_LEVEL`: the levels without a control stage.
    pub outer: [f32; 4],
    /// `GL_PATCH_DEFAULT_INNER_LEVEL`.
    pub inner: [f32; 2],
}

impl Default for PatchParams {
    fn default() -> Self {
        PatchParams {
            vertices: 3,
            outer: [1.0; 4],
            inner: [1.0; 2],
        }
    }
}

impl PatchParams {
    /// The default levels as the backend takes them: outer, then inner.
    pub(crate) fn default_levels(&self) -> [f32; 6] {
        let [a, b, c, d] = self.outer;
        let [e, f] = self.inner;
        [a, b, c, d, e, f]
    }
}

impl Context {
    /// `glPatchParameteri`: `GL_PATCH_VERTICES` only (INVALID_ENUM
    /// otherwise, and without tessellation); INVALID_VALUE for a count
    /// that is not positive or is above `GL_MAX_PATCH_VERTICES`.
    pub fn patch_parameteri(&mut self, pname: GLenum, value: i32) -> ApiResult {
        self.outside_begin_end()?;
        if !self.has_tessellation() || pname != GL_PATCH_VERTICES {
            return Err(ApiError::InvalidEnum);
        }
        if value <= 0 || value as u32 > MAX_PATCH_VERTICES {
            return Err(ApiError::InvalidValue);
        }
        self.flush_vertices();
        self.programs.patch.vertices = value as u32;
        Ok(())
    }

    /// `glPatchParameterfv`: the default outer (four) or inner (two)
    /// levels; INVALID_ENUM for another pname. `values` holds at least
    /// the pname's count (the handler's).
    pub fn patch_parameterfv(&mut self, pname: GLenum, values: &[f32]) -> ApiResult {
        self.outside_begin_end()?;
        if !self.has_tessellation() {
            return Err(ApiError::InvalidEnum);
        }
        self.flush_vertices();
        let patch = &mut self.programs.patch;
        match pname {
            GL_PATCH_DEFAULT_OUTER_LEVEL => {
                for (d, s) in patch.outer.iter_mut().zip(values) {
                    *d = *s;
                }
            }
            GL_PATCH_DEFAULT_INNER_LEVEL => {
                for (d, s) in patch.inner.iter_mut().zip(values) {
                    *d = *s;
                }
            }
            _ => return Err(ApiError::InvalidEnum),
        }
        Ok(())
    }

    /// The integer tessellation state and limits of `glGetIntegerv` and
    /// friends, `None` for other pnames (and all of them without
    /// tessellation; the default levels are floats, `crate::get`'s).
    pub(crate) fn get_tess(&self, pname: GLenum) -> Option<i64> {
        if !self.has_tessellation() {
            return None;
        }
        let varyings = i64::from(crate::program::MAX_VARYING_LOCATIONS) * 4;
        Some(match pname {
            GL_PATCH_VERTICES => i64::from(self.programs.patch.vertices),
            GL_MAX_PATCH_VERTICES => i64::from(MAX_PATCH_VERTICES),
            GL_MAX_TESS_GEN_LEVEL => i64::from(MAX_TESS_GEN_LEVEL),
            GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS | GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS => {
                i64::from(crate::program::MAX_UNIFORM_COMPONENTS)
            }
            GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS
            | GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS => {
                i64::from(crate::program::MAX_STAGE_SAMPLERS)
            }
            GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS
            | GL_MAX_TESS_CONTROL_INPUT_COMPONENTS
            | GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS
            | GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS => varyings,
            GL_MAX_TESS_PATCH_COMPONENTS => i64::from(MAX_TESS_PATCH_COMPONENTS),
            // Every output vertex's outputs and the patch's.
            GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS => {
                i64::from(MAX_PATCH_VERTICES) * varyings + i64::from(MAX_TESS_PATCH_COMPONENTS)
            }
            _ => return None,
        })
    }
}

/// The `glGetProgramiv` value of a tessellation layout pname, `None` for
/// another pname or when the program lacks the stage that declares it
/// (INVALID_OPERATION, GL 4.6 §7.13).
pub(crate) fn program_value(tess: &oxgl_glsl::link::TessInfo, pname: GLenum) -> Option<i32> {
    let domain = tess.domain;
    let v = match pname {
        GL_TESS_CONTROL_OUTPUT_VERTICES => tess.vertices?,
        GL_TESS_GEN_MODE => match domain? {
            TessDomain::Triangles => GL_TRIANGLES,
            TessDomain::Quads => GL_QUADS,
            TessDomain::Isolines => GL_ISOLINES,
        },
        GL_TESS_GEN_SPACING => {
            domain?;
            match tess.spacing {
                TessSpacing::Equal => GL_EQUAL,
                TessSpacing::FractionalEven => GL_FRACTIONAL_EVEN,
                TessSpacing::FractionalOdd => GL_FRACTIONAL_ODD,
            }
        }
        GL_TESS_GEN_VERTEX_ORDER => {
            domain?;
            if tess.ccw { GL_CCW } else { GL_CW }
        }
        GL_TESS_GEN_POINT_MODE => {
            domain?;
            u32::from(tess.point_mode)
        }
        _ => return None,
    };
    Some(v as i32)
}

/// Whether `pname` is one of [`program_value`]'s.
pub(crate) fn is_program_pname(pname: GLenum) -> bool {
    matches!(
        pname,
        GL_TESS_CONTROL_OUTPUT_VERTICES
            | GL_TESS_GEN_MODE
            | GL_TESS_GEN_SPACING
            | GL_TESS_GEN_VERTEX_ORDER
            | GL_TESS_GEN_POINT_MODE
    )
}
