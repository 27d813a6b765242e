//! Multisample textures and the sample mask (ARB_texture_multisample,
//! GL 3.2; GL 4.6 §8.8 and §14.9.3).
//!
//! A texture bound to `GL_TEXTURE_2D_MULTISAMPLE` or
//! `GL_TEXTURE_2D_MULTISAMPLE_ARRAY` has one level, made by
//! `glTexImage{2,3}DMultisample`, with [`MAX_SAMPLES`] samples a texel
//! whatever count was asked for (the smallest count supported that is at
//! least it, as for renderbuffers). Its image keeps the sample images side
//! by side, as multisample drawables do: `size[0]` is the samples times the
//! texture's width, sample `k` of texel (x, y) is texel (`k * width + x`,
//! y). Framebuffers render into it as into a multisample renderbuffer;
//! shaders read it with `texelFetch` and a sample index; it resolves with
//! `glBlitFramebuffer`.
//!
//! `glSampleMaski` keeps the sample mask, applied to every draw into a
//! multisample framebuffer while `GL_SAMPLE_MASK` is enabled.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};
use crate::framebuffer::MAX_SAMPLES;
use crate::texture::{MAX_ARRAY_TEXTURE_LAYERS, MAX_TEXTURE_SIZE, make_image, target_index};

/// `GL_MAX_SAMPLE_MASK_WORDS`.
pub const MAX_SAMPLE_MASK_WORDS: u32 = 1;

/// Whether `target` is a multisample texture target.
pub fn is_multisample_target(target: GLenum) -> bool {
    matches!(
        target,
        GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
    )
}

impl Context {
    /// Whether the context has multisample textures and the sample mask
    /// (GL 3.2; ARB_texture_multisample, which desktop contexts of every
    /// version list, as in Mesa).
    pub(crate) fn has_texture_multisample(&self) -> bool {
        self.params().profile != Profile::Es
    }

    /// `glTexImage2DMultisample` (`dims` 2) and `glTexImage3DMultisample`
    /// (`dims` 3). GL 4.6 §8.8: INVALID_ENUM for another target or an
    /// internal format that is not colour-, depth- or stencil-renderable;
    /// INVALID_VALUE for fewer than one sample or a bad size;
    /// INVALID_OPERATION for more samples than the format allows or an
    /// immutable texture. A proxy that does not fit is cleared instead.
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn tex_image_multisample(
        &mut self,
        dims: usize,
        target: GLenum,
        samples: i32,
        internal_format: GLenum,
        size: [i32; 3],
        fixed_locations: bool,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if !self.has_texture_multisample() {
            return Err(ApiError::InvalidOperation);
        }
        let (bind, proxy) = match (dims, target) {
            (2, GL_TEXTURE_2D_MULTISAMPLE) => (target, false),
            (2, GL_PROXY_TEXTURE_2D_MULTISAMPLE) => (GL_TEXTURE_2D_MULTISAMPLE, true),
            (3, GL_TEXTURE_2D_MULTISAMPLE_ARRAY) => (target, false),
            (3, GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY) => (GL_TEXTURE_2D_MULTISAMPLE_ARRAY, true),
            _ => return Err(ApiError::InvalidEnum),
        };
        if samples < 1 {
            return Err(ApiError::InvalidValue);
        }
        if crate::framebuffer::renderable_format(internal_format).is_none() {
            return Err(ApiError::InvalidEnum);
        }
        let depth = if dims == 3 { size[2] } else { 1 };
        // A negative size is an error for proxies too (GL 4.6 §8.5); only
        // sizes past the limits clear a proxy silently.
        if size[0] < 0 || size[1] < 0 || depth < 0 {
            return Err(ApiError::InvalidValue);
        }
        let max = MAX_TEXTURE_SIZE as i32;
        let fits = (0..=max).contains(&size[0])
            && (0..=max).contains(&size[1])
            && (0..=MAX_ARRAY_TEXTURE_LAYERS as i32).contains(&depth);
        let many = samples > MAX_SAMPLES as i32;
        let ti = target_index(bind)?;
        if proxy {
            // A proxy that cannot be made is cleared, without an error.
            let t = &mut self.textures.proxies[ti];
            t.images.clear();
            t.samples = 0;
            if fits && !many {
                let [w, h] = [size[0] as usize, size[1] as usize];
                let image = make_image(
                    [w * MAX_SAMPLES as usize, h, depth as usize],
                    internal_format,
                    Vec::new(),
                )?;
                t.images.insert((0, 0), image);
                t.samples = MAX_SAMPLES;
                t.fixed_sample_locations = fixed_locations;
            }
            return Ok(());
        }
        if !fits {
            return Err(ApiError::InvalidValue);
        }
        if many {
            return Err(ApiError::InvalidOperation);
        }
        let [w, h, d] = [size[0] as usize, size[1] as usize, depth as usize];
        let n = w * MAX_SAMPLES as usize * h * d;
        let image = make_image(
            [w * MAX_SAMPLES as usize, h, d],
            internal_format,
            vec![[0.0; 4]; n],
        )?;
        self.flush_vertices();
        self.fbo_resolve();
        self.with_bound_texture(bind, |t| {
            if t.immutable_levels.is_some() {
                return Err(ApiError::InvalidOperation);
            }
            t.images.clear();
            t.images.insert((0, 0), image);
            t.samples = MAX_SAMPLES;
            t.fixed_sample_locations = fixed_locations;
            t.touch();
            Ok(())
        })
    }

    /// `glTexStorage2DMultisample` / `glTexStorage3DMultisample`
    /// (ARB_texture_storage_multisample, GL 4.3 §8.19): the image of
    /// [`Context::tex_image_multisample`], immutable from then on.
    /// Besides its errors: INVALID_ENUM for an unsized format,
    /// INVALID_OPERATION for the default texture (name 0) and for a texture
    /// already immutable.
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn tex_storage_multisample(
        &mut self,
        dims: usize,
        target: GLenum,
        samples: i32,
        internal_format: GLenum,
        size: [i32; 3],
        fixed_locations: bool,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if crate::texture::api::is_unsized(internal_format) {
            return Err(ApiError::InvalidEnum);
        }
        let proxy = matches!(
            target,
            GL_PROXY_TEXTURE_2D_MULTISAMPLE | GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY
        );
        if !proxy && is_multisample_target(target) {
            let ti = target_index(target)?;
            if self.textures.bound[self.unit()][ti] == 0 {
                return Err(ApiError::InvalidOperation.because("texture 0"));
            }
        }
        self.tex_image_multisample(
            dims,
            target,
            samples,
            internal_format,
            size,
            fixed_locations,
        )?;
        if !proxy {
            self.with_bound_texture(target, |t| {
                t.immutable_levels = Some(1);
                Ok(())
            })?;
        }
        Ok(())
    }

    /// `glGetMultisamplefv(GL_SAMPLE_POSITION, index)`: where sample
    /// `index` of the draw framebuffer's pixels lies, in pixel units from
    /// the lower left corner. INVALID_VALUE for an index past its samples
    /// (a single-sampled framebuffer has one, at the centre).
    pub fn get_multisample(&mut self, pname: GLenum, index: u32) -> ApiResult<[f32; 2]> {
        self.outside_begin_end()?;
        if !self.has_texture_multisample() {
            return Err(ApiError::InvalidOperation);
        }
        if pname != GL_SAMPLE_POSITION {
            return Err(ApiError::InvalidEnum);
        }
        let samples = self.fb_samples(self.fbo.draw_binding);
        if samples <= 1 {
            return if index == 0 {
                Ok([0.5, 0.5])
            } else {
                Err(ApiError::InvalidValue)
            };
        }
        oxgl_dri_interface::OXGL_SAMPLE_POSITIONS
            .get(index as usize)
            .copied()
            .ok_or(ApiError::InvalidValue)
    }

    /// `glSampleMaski`: word `index` of the sample mask. INVALID_VALUE past
    /// `GL_MAX_SAMPLE_MASK_WORDS`.
    pub fn sample_mask(&mut self, index: u32, mask: u32) -> ApiResult {
        self.outside_begin_end()?;
        if !self.has_texture_multisample() {
            return Err(ApiError::InvalidOperation);
        }
        if index >= MAX_SAMPLE_MASK_WORDS {
            return Err(ApiError::InvalidValue);
        }
        self.flush_vertices();
        self.state.sample_mask = mask;
        Ok(())
    }

    /// `glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, index)`; `None` for other
    /// names.
    pub fn get_sample_mask_indexed(&self, pname: GLenum, index: u32) -> ApiResult<Option<i64>> {
        if pname != GL_SAMPLE_MASK_VALUE || !self.has_texture_multisample() {
            return Ok(None);
        }
        if index >= MAX_SAMPLE_MASK_WORDS {
            return Err(ApiError::InvalidValue);
        }
        Ok(Some(i64::from(self.state.sample_mask)))
    }

    /// The sample mask a draw applies (ABI 17's `sample_mask`): the mask
    /// while `GL_SAMPLE_MASK` is enabled, else every sample.
    pub(crate) fn draw_sample_mask(&self) -> u32 {
        if self.state.enabled(GL_SAMPLE_MASK) {
            self.state.sample_mask
        } else {
            u32::MAX
        }
    }
}
