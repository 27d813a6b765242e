//! The compressed-texture API of GL 1.3 (GL 4.6 compatibility §8.7) and
//! the multisample state (§14.3.1), as this build supports them.
//!
//! Compression: the generic compressed internal formats (`GL_COMPRESSED_RGB`,
//! ...) are accepted by `glTexImage*` and stored uncompressed, which the
//! spec allows (`GL_TEXTURE_COMPRESSED` is then false). No specific
//! compressed format is supported yet, so `GL_NUM_COMPRESSED_TEXTURE_FORMATS`
//! is 0 and `glCompressedTex{Sub}Image*` answer INVALID_ENUM for every
//! format, as the spec requires for formats that are not supported.
//!
//! Multisample: the framebuffer configs have no sample buffers
//! (`GL_SAMPLE_BUFFERS` is 0), so the multisample enables and
//! `glSampleCoverage` are state without effect on rendering, exactly as
//! the spec says for a framebuffer without sample buffers.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};

/// Whether `target` names a texture image target of a `dims`-dimensional
/// compressed image command.
fn compressed_target(dims: usize, target: GLenum) -> bool {
    match dims {
        1 => target == GL_TEXTURE_1D,
        2 => {
            target == GL_TEXTURE_2D
                || (GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z)
                    .contains(&target)
        }
        _ => target == GL_TEXTURE_3D,
    }
}

impl Context {
    /// `glCompressedTexImage{1,2,3}D`: INVALID_ENUM for a bad target and
    /// for every internal format (none is supported), INVALID_VALUE for a
    /// negative image size.
    pub fn compressed_tex_image(
        &mut self,
        dims: usize,
        target: GLenum,
        _internal_format: GLenum,
        image_size: i32,
    ) -> ApiResult {
        self.fbo_resolve();
        self.outside_begin_end()?;
        if !compressed_target(dims, target) {
            return Err(ApiError::InvalidEnum);
        }
        if image_size < 0 {
            return Err(ApiError::InvalidValue);
        }
        Err(ApiError::InvalidEnum)
    }

    /// `glCompressedTexSubImage{1,2,3}D`: as [`Context::compressed_tex_image`].
    pub fn compressed_tex_sub_image(
        &mut self,
        dims: usize,
        target: GLenum,
        _format: GLenum,
        image_size: i32,
    ) -> ApiResult {
        self.fbo_resolve();
        self.compressed_tex_image(dims, target, 0, image_size)
    }

    /// `glGetCompressedTexImage`: INVALID_ENUM for a bad target,
    /// INVALID_VALUE for a bad level, INVALID_OPERATION because no image is
    /// stored compressed.
    pub fn get_compressed_tex_image(&mut self, target: GLenum, level: i32) -> ApiResult {
        self.fbo_resolve();
        // The glGetTexImage validation of target and level.
        self.plan_get_tex_image(target, level, GL_RGBA, GL_UNSIGNED_BYTE)?;
        Err(ApiError::InvalidOperation)
    }

    /// `glSampleCoverage`: the value is clamped to [0, 1].
    pub fn sample_coverage(&mut self, value: f32, invert: bool) -> ApiResult {
        self.outside_begin_end()?;
        self.state.sample_coverage = (value.clamp(0.0, 1.0), invert);
        Ok(())
    }
}
