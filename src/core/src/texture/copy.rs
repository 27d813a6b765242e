//! `glCopyTexImage{1,2}D` and `glCopyTexSubImage{1,2,3}D` (GL 4.6
//! compatibility §8.6): texture images from the read framebuffer's colour
//! buffer (its depth buffer for depth textures, ARB_depth_texture),
//! validated as the matching `glTexImage`/`glTexSubImage` call and converted
//! to the internal format the same way.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::ApiResult;

impl Context {
    /// Reads `w` x `h` pixels at (x, y) as RGBA texels: colour, or with
    /// `format` `GL_DEPTH_COMPONENT` depth values in R (INVALID_OPERATION
    /// without a depth buffer).
    fn copy_source(
        &mut self,
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        format: GLenum,
    ) -> ApiResult<Vec<[f32; 4]>> {
        self.flush_vertices();
        if format == GL_DEPTH_COMPONENT {
            let floats = self.read_rect_floats(x, y, w, h, GL_DEPTH_COMPONENT)?;
            return Ok(floats.iter().map(|&d| [d, 0.0, 0.0, 1.0]).collect());
        }
        // Stencil indices as a stencil texel holds them (normalized in G).
        if format == GL_STENCIL_INDEX {
            let floats = self.read_rect_floats(x, y, w, h, GL_STENCIL_INDEX)?;
            return Ok(floats
                .iter()
                .map(|&s| [0.0, ((s as i64) & 0xff) as f32 / 255.0, 0.0, 1.0])
                .collect());
        }
        let floats = self.read_rect_floats(x, y, w, h, GL_RGBA)?;
        Ok(floats
            .chunks_exact(4)
            .map(|c| [c[0], c[1], c[2], c[3]])
            .collect())
    }

    /// `glCopyTexImage1D` (`dims` 1, `h` 1) and `glCopyTexImage2D`.
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn copy_tex_image(
        &mut self,
        dims: usize,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        x: i32,
        y: i32,
        size: [i32; 2],
        border: i32,
    ) -> ApiResult {
        self.fbo_resolve();
        self.fbo_prepare()?;
        // GL 4.6 §8.6: INVALID_OPERATION from a multisample read buffer.
        if self.fb_samples(self.fbo.read_binding) > 0 {
            return Err(crate::error::ApiError::InvalidOperation);
        }
        let [w, h] = size;
        // GL 4.6 compat §8.6 (and Mesa): INVALID_ENUM for an internal format
        // that is not one (glTexImage says INVALID_VALUE).
        // The component counts 1..4 are glTexImage-only (§8.6).
        let known = crate::texture::internal_format(internal_format)
            .filter(|_| !(1..=4).contains(&internal_format));
        let Some((base, _)) = known else {
            self.outside_begin_end()?;
            return Err(crate::error::ApiError::InvalidEnum);
        };
        if self.params().is_es() && !self.params().is_es3() {
            crate::texture::es_formats::check_copy_es2(internal_format)?;
        }
        let format = source_format(base);
        self.plan_tex_image(
            dims,
            target,
            level,
            internal_format,
            [w, h, 1],
            border,
            format,
            GL_FLOAT,
        )?;
        let texels = self.copy_source(x, y, w, h, format)?;
        let (texels, size) = crate::texture::api::strip_border(
            texels,
            [w as usize, h as usize, 1],
            crate::texture::api::border_dims(dims, target),
            border as usize,
        );
        self.tex_image(target, level, internal_format, size, texels)
    }

    /// `glCopyTexSubImage{1,2,3}D`: `offset` is x, y (0 for 1D) and z (0
    /// unless 3D); `size` is width and height (1 for 1D).
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn copy_tex_sub_image(
        &mut self,
        dims: usize,
        target: GLenum,
        level: i32,
        offset: [i32; 3],
        x: i32,
        y: i32,
        size: [i32; 2],
    ) -> ApiResult {
        self.fbo_resolve();
        self.fbo_prepare()?;
        // GL 4.6 §8.6: INVALID_OPERATION from a multisample read buffer.
        if self.fb_samples(self.fbo.read_binding) > 0 {
            return Err(crate::error::ApiError::InvalidOperation);
        }
        let [w, h] = size;
        // A missing image is INVALID_OPERATION from the plan.
        let base = self.bound_image_base(target, level).unwrap_or(GL_RGBA);
        let format = source_format(base);
        self.plan_tex_sub_image(dims, target, level, offset, [w, h, 1], format, GL_FLOAT)?;
        let texels = self.copy_source(x, y, w, h, format)?;
        self.tex_sub_image(
            target,
            level,
            offset.map(|o| o as usize),
            [w as usize, h as usize, 1],
            texels,
        )
    }
}

/// What a copy into an image of `base` reads: depth for depth textures,
/// stencil indices for stencil textures (ARB_texture_stencil8), colour
/// otherwise.
fn source_format(base: GLenum) -> GLenum {
    match base {
        GL_DEPTH_COMPONENT | GL_STENCIL_INDEX => base,
        _ => GL_RGBA,
    }
}

impl Context {
    /// `glPrioritizeTextures`: INVALID_VALUE for a negative count; names
    /// that are 0 or not textures are skipped (GL 4.6 compat §8.1).
    pub fn prioritize_textures(&mut self, names: &[u32], priorities: &[f32]) -> ApiResult {
        self.outside_begin_end()?;
        let shared = self.shared().clone();
        let mut textures = shared.textures();
        for (&name, &p) in names.iter().zip(priorities) {
            if let Some(t) = textures.get_mut(name) {
                t.params.priority = p.clamp(0.0, 1.0);
            }
        }
        Ok(())
    }

    /// `glAreTexturesResident`: every texture is resident (there is no
    /// texture memory to leave), so the answer is TRUE once every name is
    /// a texture; INVALID_VALUE for 0 or a name that is not one.
    pub fn are_textures_resident(&mut self, names: &[u32]) -> ApiResult<bool> {
        self.outside_begin_end()?;
        let shared = self.shared().clone();
        let textures = shared.textures();
        if names.iter().any(|&n| textures.get(n).is_none()) {
            return Err(crate::error::ApiError::InvalidValue);
        }
        Ok(true)
    }
}
