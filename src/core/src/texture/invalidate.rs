//! Invalidation of texture images and buffer ranges
//! (ARB_invalidate_subdata, GL 4.3; GL 4.6 §8.23 and §6.5):
//! `glInvalidateTex(Sub)Image` and `glInvalidateBuffer(Sub)Data`.
//!
//! Invalidation tells the GL that the contents will not be read before
//! they are written again; keeping them is a valid way of honouring
//! that, so these commands check their arguments and change nothing.
//! (`glInvalidate(Sub)Framebuffer` is in framebuffer.rs.)

use oxgl_glapi::generated::enums::*;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::texture::{MAX_3D_TEXTURE_SIZE, MAX_TEXTURE_SIZE};

impl Context {
    /// `glInvalidateTexSubImage`: INVALID_VALUE for texture 0 or a name
    /// that is no texture, a level below 0 or past the largest a texture
    /// may have (any but 0 for buffer, rectangle and multisample
    /// textures), a negative size, or a region outside the level's image
    /// (cube maps: faces as layers).
    pub fn invalidate_tex_sub_image(
        &mut self,
        texture: u32,
        level: i32,
        offset: [i32; 3],
        size: [i32; 3],
    ) -> ApiResult {
        self.outside_begin_end()?;
        let image = self.invalidated_level(texture, level)?;
        if size.iter().any(|&s| s < 0) {
            return Err(ApiError::InvalidValue);
        }
        for k in 0..3 {
            let (o, s) = (i64::from(offset[k]), i64::from(size[k]));
            if o < 0 || o + s > image[k] as i64 {
                return Err(ApiError::InvalidValue);
            }
        }
        Ok(())
    }

    /// `glInvalidateTexImage`: the texture and level errors of
    /// `glInvalidateTexSubImage`.
    pub fn invalidate_tex_image(&mut self, texture: u32, level: i32) -> ApiResult {
        self.outside_begin_end()?;
        self.invalidated_level(texture, level).map(|_| ())
    }

    /// The size (width, height, depth or layers or faces) of level
    /// `level` of texture `texture`, zeros for a level without an image;
    /// the errors of both commands.
    fn invalidated_level(&self, texture: u32, level: i32) -> ApiResult<[usize; 3]> {
        if texture == 0 || level < 0 {
            return Err(ApiError::InvalidValue);
        }
        let shared = self.shared().clone();
        let texs = shared.textures();
        if !texs.is_generated(texture) {
            return Err(ApiError::InvalidValue);
        }
        // A name generated but never bound has no images yet.
        let Some(t) = texs.get(texture) else {
            return if level == 0 {
                Ok([0; 3])
            } else {
                Err(ApiError::InvalidValue)
            };
        };
        let single = matches!(
            t.target,
            GL_TEXTURE_BUFFER
                | GL_TEXTURE_RECTANGLE
                | GL_TEXTURE_2D_MULTISAMPLE
                | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        );
        let largest = if t.target == GL_TEXTURE_3D {
            MAX_3D_TEXTURE_SIZE
        } else {
            MAX_TEXTURE_SIZE
        };
        let levels = usize::BITS - largest.leading_zeros();
        if (single && level != 0) || level as u32 >= levels {
            return Err(ApiError::InvalidValue);
        }
        let l = level as usize;
        if t.target == GL_TEXTURE_CUBE_MAP {
            let [w, h, _] = t.images.get(&(0, l)).map_or([0; 3], |i| i.size);
            return Ok([w, h, 6]);
        }
        // Images keep 1 for the dimensions their target lacks.
        Ok(t.images.get(&(0, l)).map_or([0; 3], |i| i.size))
    }

    /// `glInvalidateBufferSubData`: INVALID_VALUE for a name that is no
    /// buffer object, a negative offset or length, or a range past the
    /// buffer's end; INVALID_OPERATION when the range overlaps a mapping
    /// that is not persistent.
    pub fn invalidate_buffer_sub_data(
        &mut self,
        buffer: u32,
        offset: isize,
        length: isize,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let shared = self.shared().clone();
        let buffers = shared.buffers();
        let b = buffers.get(buffer).ok_or(ApiError::InvalidValue)?;
        let (o, n) = crate::buffer::range(offset, length, b.data.len())?;
        if crate::buffer::overlaps_mapping(b, o, n) {
            return Err(ApiError::InvalidOperation);
        }
        Ok(())
    }

    /// `glInvalidateBufferData`: the whole buffer (INVALID_VALUE for a
    /// name that is no buffer object, INVALID_OPERATION while it is
    /// mapped without `GL_MAP_PERSISTENT_BIT`).
    pub fn invalidate_buffer_data(&mut self, buffer: u32) -> ApiResult {
        self.outside_begin_end()?;
        let shared = self.shared().clone();
        let buffers = shared.buffers();
        let b = buffers.get(buffer).ok_or(ApiError::InvalidValue)?;
        if crate::buffer::overlaps_mapping(b, 0, b.data.len()) {
            return Err(ApiError::InvalidOperation);
        }
        Ok(())
    }
}
