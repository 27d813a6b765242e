//! `Context` methods for buffer objects: they combine the context's bindings
//! with the share group's namespace ([`crate::buffer`]).

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::buffer::{Buffers, map_access};
use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};

impl Context {
    /// `glGenBuffers`.
    pub fn gen_buffers(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        self.outside_begin_end()?;
        self.shared().buffers().gen_names(n)
    }

    /// `glDeleteBuffers`. INVALID_VALUE if `n` is negative.
    pub fn delete_buffers(&mut self, names: &[u32]) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        let shared = self.shared().clone();
        let gone = shared.buffers().delete(&mut self.buffers, names);
        if gone.is_empty() {
            return Ok(());
        }
        for &n in &gone {
            self.xfb.forget(n);
            self.ubo.forget(n);
            self.counters.forget(n);
            self.storage.forget(n);
            self.vertex_arrays.forget_buffer(n);
        }
        // Every transform feedback object at once: a context may hold
        // many, and a call may name many buffers.
        self.xfb_objects.forget(&gone.into_iter().collect());
        Ok(())
    }

    /// `glIsBuffer`.
    pub fn is_buffer(&mut self, name: u32) -> ApiResult<bool> {
        self.outside_begin_end()?;
        Ok(self.shared().buffers().is_buffer(name))
    }

    /// `glBindBuffer`.
    pub fn bind_buffer(&mut self, target: GLenum, name: u32) -> ApiResult {
        self.outside_begin_end()?;
        // Pixel buffer objects (GL 2.1) do not exist in older contexts: the
        // pixel commands take client pointers only, so a pixel buffer must
        // not be bound (its offsets would be taken as addresses).
        if matches!(target, GL_PIXEL_PACK_BUFFER | GL_PIXEL_UNPACK_BUFFER)
            && self.params().version < (2, 1)
        {
            return Err(ApiError::InvalidEnum);
        }
        // EXT_transform_feedback's and ARB_uniform_buffer_object's
        // targets: desktop GL and ES 3.0 (ES 2.0 has neither).
        if matches!(target, GL_TRANSFORM_FEEDBACK_BUFFER | GL_UNIFORM_BUFFER)
            && !self.params().desktop_or_es3()
        {
            return Err(ApiError::InvalidEnum);
        }
        if target == GL_ATOMIC_COUNTER_BUFFER && !self.has_atomic_counters() {
            return Err(ApiError::InvalidEnum);
        }
        if target == GL_SHADER_STORAGE_BUFFER && !self.has_storage_buffers() {
            return Err(ApiError::InvalidEnum);
        }
        if target == GL_DISPATCH_INDIRECT_BUFFER && !self.has_compute() {
            return Err(ApiError::InvalidEnum);
        }
        // ARB_draw_indirect's target: desktop GL 3.1 and later.
        if target == GL_DRAW_INDIRECT_BUFFER
            && (self.params().is_es() || self.params().version < (3, 1))
        {
            return Err(ApiError::InvalidEnum);
        }
        self.flush_vertices();
        // Only core contexts refuse names glGenBuffers did not return (ES
        // binds any name, as Mesa's _mesa_handle_bind_buffer_gen).
        let core = self.params().profile == Profile::Core;
        let shared = self.shared().clone();
        shared.buffers().bind(&mut self.buffers, target, name, core)
    }

    /// `glBufferData` (`src`: `size` bytes of client memory, or `None`).
    pub fn buffer_data(
        &mut self,
        target: GLenum,
        size: isize,
        src: Option<&[u8]>,
        usage: GLenum,
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.shared()
            .buffers()
            .data(&self.buffers, target, size, src, usage)
    }

    /// `glBufferStorage` (ARB_buffer_storage).
    pub fn buffer_storage(
        &mut self,
        target: GLenum,
        size: isize,
        src: Option<&[u8]>,
        flags: u32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.shared()
            .buffers()
            .storage(&self.buffers, target, size, src, flags)
    }

    /// `glBufferSubData`.
    pub fn buffer_sub_data(&mut self, target: GLenum, offset: isize, src: &[u8]) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.shared()
            .buffers()
            .sub_data(&self.buffers, target, offset, src)
    }

    /// `glGetBufferSubData`.
    pub fn get_buffer_sub_data(
        &mut self,
        target: GLenum,
        offset: isize,
        dst: &mut [u8],
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.shared()
            .buffers()
            .get_sub_data(&self.buffers, target, offset, dst)
    }

    /// Validates a client-memory size before it is read (INVALID_VALUE if negative).
    pub fn client_size(&self, size: isize) -> ApiResult<usize> {
        Buffers::check_size(size)
    }

    /// `glMapBuffer`: the mapped address.
    pub fn map_buffer(&mut self, target: GLenum, access: GLenum) -> ApiResult<usize> {
        self.outside_begin_end()?;
        self.flush_vertices();
        // GL 4.6 §6.3: MapBuffer is MapBufferRange over the whole buffer.
        let bits = map_access(access)?;
        let mut buffers = self.shared().buffers();
        let size = buffers.parameter(
            &self.buffers,
            target,
            oxgl_glapi::generated::enums::GL_BUFFER_SIZE,
        )?;
        buffers.map_range(&self.buffers, target, 0, size as isize, bits)
    }

    /// `glMapBufferRange`.
    pub fn map_buffer_range(
        &mut self,
        target: GLenum,
        offset: isize,
        length: isize,
        access: u32,
    ) -> ApiResult<usize> {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.shared()
            .buffers()
            .map_range(&self.buffers, target, offset, length, access)
    }

    /// `glUnmapBuffer`.
    pub fn unmap_buffer(&mut self, target: GLenum) -> ApiResult<bool> {
        self.outside_begin_end()?;
        self.shared().buffers().unmap(&self.buffers, target)
    }

    /// `glFlushMappedBufferRange`.
    pub fn flush_mapped_buffer_range(
        &mut self,
        target: GLenum,
        offset: isize,
        length: isize,
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.shared()
            .buffers()
            .flush_range(&self.buffers, target, offset, length)
    }

    /// `glCopyBufferSubData`.
    pub fn copy_buffer_sub_data(
        &mut self,
        read: GLenum,
        write: GLenum,
        ro: isize,
        wo: isize,
        size: isize,
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.shared()
            .buffers()
            .copy(&self.buffers, read, write, ro, wo, size)
    }

    /// `glGetBufferParameteri{v,64v}`.
    pub fn get_buffer_parameter(&mut self, target: GLenum, pname: GLenum) -> ApiResult<i64> {
        self.outside_begin_end()?;
        self.shared()
            .buffers()
            .parameter(&self.buffers, target, pname)
    }

    /// `glGetBufferPointerv`.
    pub fn get_buffer_pointer(&mut self, target: GLenum, pname: GLenum) -> ApiResult<usize> {
        self.outside_begin_end()?;
        self.shared()
            .buffers()
            .map_pointer(&self.buffers, target, pname)
    }
}

/// Pixel buffer objects (GL 2.1, ARB_pixel_buffer_object; GL 4.6 §8.4.4.1
/// and §18.2.4): while a buffer is bound to `GL_PIXEL_UNPACK_BUFFER` or
/// `GL_PIXEL_PACK_BUFFER`, the pixel commands' pointers are offsets into it.
impl Context {
    /// The buffer bound for unpacking (`pack` false) or packing, after the
    /// checks every pixel command makes of it: INVALID_OPERATION when it is
    /// mapped (not persistently) or when `len` bytes from `offset` run
    /// past its end. `None` when no buffer is bound.
    fn pixel_buffer(&self, pack: bool, offset: usize, len: usize) -> ApiResult<Option<u32>> {
        if self.params().version < (2, 1) {
            return Ok(None);
        }
        let target = if pack {
            GL_PIXEL_PACK_BUFFER
        } else {
            GL_PIXEL_UNPACK_BUFFER
        };
        let name = self.buffers.bound(target)?;
        if name == 0 {
            return Ok(None);
        }
        let buffers = self.shared().buffers();
        let Some(b) = buffers.get(name) else {
            return Err(ApiError::InvalidOperation);
        };
        if b.mapping
            .is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT == 0)
        {
            return Err(ApiError::InvalidOperation);
        }
        if offset.checked_add(len).is_none_or(|end| end > b.data.len()) {
            return Err(ApiError::InvalidOperation);
        }
        Ok(Some(name))
    }

    /// Whether a pixel unpack buffer is bound (its offsets are then valid
    /// "pointers", NULL included).
    pub fn pixel_unpack_bound(&self) -> bool {
        self.params().version >= (2, 1)
            && self
                .buffers
                .bound(GL_PIXEL_UNPACK_BUFFER)
                .is_ok_and(|n| n != 0)
    }

    /// Whether a pixel pack buffer is bound.
    pub fn pixel_pack_bound(&self) -> bool {
        self.params().version >= (2, 1)
            && self
                .buffers
                .bound(GL_PIXEL_PACK_BUFFER)
                .is_ok_and(|n| n != 0)
    }

    /// The `len` bytes at `offset` of the pixel unpack buffer, or `None`
    /// when none is bound (the pointer is then client memory).
    pub fn pixel_unpack_bytes(&self, offset: usize, len: usize) -> ApiResult<Option<Vec<u8>>> {
        let Some(name) = self.pixel_buffer(false, offset, len)? else {
            return Ok(None);
        };
        let buffers = self.shared().buffers();
        Ok(buffers
            .get(name)
            .map(|b| b.data[offset..offset + len].to_vec()))
    }

    /// Packs into the pixel pack buffer: `fill` gets a copy of the `len`
    /// bytes at `offset` (bytes it does not write keep their contents),
    /// which is then stored back. `Ok(None)` when no buffer is bound.
    pub fn pixel_pack_into<R>(
        &mut self,
        offset: usize,
        len: usize,
        fill: impl FnOnce(&mut Context, &mut [u8]) -> ApiResult<R>,
    ) -> ApiResult<Option<R>> {
        let Some(name) = self.pixel_buffer(true, offset, len)? else {
            return Ok(None);
        };
        let mut bytes = {
            let buffers = self.shared().buffers();
            match buffers.get(name) {
                Some(b) => b.data[offset..offset + len].to_vec(),
                None => return Err(ApiError::InvalidOperation),
            }
        };
        let r = fill(self, &mut bytes)?;
        let shared = self.shared().clone();
        let mut buffers = shared.buffers();
        if let Some(b) = buffers.get_mut(name)
            && let Some(dst) = b.data.get_mut(offset..offset + len)
        {
            dst.copy_from_slice(&bytes);
        }
        Ok(Some(r))
    }

    /// The bytes of the one pixel `glClearBufferData` and
    /// `glClearBufferSubData` read (format and type as for `glTexImage`,
    /// no pixel storage modes): INVALID_VALUE for a format or type that
    /// is none (GL 4.6 §6.2.2), INVALID_OPERATION for a mismatched pair.
    pub fn clear_data_size(&self, format: GLenum, type_: GLenum) -> ApiResult<usize> {
        Ok(clear_pixel(format, type_)?.byte_len)
    }

    /// `glClearBufferData` (`range` `None`) and `glClearBufferSubData`
    /// (ARB_clear_buffer_object, GL 4.6 §6.2.2): fills the range with the
    /// texel of `internal_format` that pixel `data` (`None`: zeros)
    /// converts to. INVALID_ENUM for a format that is no buffer texture
    /// format or a bad target; INVALID_VALUE for a bad format or type, a
    /// negative or out-of-range range or one not a whole number of
    /// texels, no buffer bound; INVALID_OPERATION for integer data into a
    /// format of another kind (as Mesa) or a range overlapping a mapping
    /// that is not persistent.
    pub fn clear_buffer_data(
        &mut self,
        target: GLenum,
        internal_format: GLenum,
        range: Option<(isize, isize)>,
        (format, type_): (GLenum, GLenum),
        data: Option<&[u8]>,
    ) -> ApiResult {
        self.outside_begin_end()?;
        crate::buffer::target_index(target)?;
        // Mesa's order: no buffer before a bad format.
        if self.buffers.bound(target)? == 0 {
            return Err(ApiError::InvalidValue);
        }
        let compat = self.params().profile == crate::context::Profile::Compat;
        let fmt = crate::texture::buffer::buffer_format(internal_format, compat)
            .ok_or(ApiError::InvalidEnum)?;
        let pixel = clear_pixel(format, type_)?.for_integer(internal_format)?;
        let texel = match data {
            Some(bytes) if bytes.len() >= pixel.byte_len => {
                let rgba = pixel.unpack(bytes).first().copied().unwrap_or_default();
                fmt.encode(rgba)
            }
            _ => vec![0; fmt.texel_bytes()],
        };
        self.flush_vertices();
        self.shared()
            .buffers()
            .clear(&self.buffers, target, range, &texel)
    }
}

/// The one-pixel client image of `glClearBufferData`: a bad format or
/// type is INVALID_VALUE there (GL 4.6 §6.2.2), not INVALID_ENUM.
fn clear_pixel(format: GLenum, type_: GLenum) -> ApiResult<crate::pixel::transfer::ClientImage> {
    let store = crate::state::PixelStore::unpadded();
    crate::pixel::transfer::client_image(format, type_, 1, 1, 1, &store).map_err(|e| {
        if e == ApiError::InvalidEnum {
            ApiError::InvalidValue
        } else {
            e
        }
    })
}
