//! Buffer objects (GL 4.6 §6): names, storage, mapping, copies, queries.
//!
//! Buffers live in the share group ([`crate::shared::Shared`]); a context
//! holds only its bindings ([`BufferBindings`]). Storage is host memory (the
//! software backend reads it directly); a mapping hands the application a
//! pointer into it, which stays valid until unmap or delete because the
//! storage is never reallocated while mapped (`glBufferData` on a mapped buffer
//! unmaps it first, GL 4.6 §6.3.1).

pub(crate) mod api;

use std::collections::HashMap;

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::error::{ApiError, ApiResult};
use crate::namespace::Namespace;

/// An active mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mapping {
    /// `GL_BUFFER_MAP_OFFSET`.
    pub offset: usize,
    /// `GL_BUFFER_MAP_LENGTH`.
    pub length: usize,
    /// `GL_BUFFER_ACCESS_FLAGS` (MAP_*_BIT).
    pub access: u32,
}

/// One buffer object.
#[derive(Clone, Debug, Default)]
pub struct BufferObject {
    /// Contents (`GL_BUFFER_SIZE` bytes), [`MAP_ALIGNMENT`]-aligned.
    pub data: Storage,
    /// `GL_BUFFER_USAGE`.
    pub usage: GLenum,
    /// The mapping, if mapped.
    pub mapping: Option<Mapping>,
    /// Created by `glBufferStorage`.
    pub immutable: bool,
    /// `GL_BUFFER_STORAGE_FLAGS`.
    pub storage_flags: u32,
    /// `glObjectLabel`.
    pub label: crate::debug::Label,
    /// Identifies the contents: a new value (unique in the process)
    /// whenever a command may have changed them, so that what is made
    /// from them (buffer textures' texels) can be kept until then.
    pub serial: u64,
    /// Identifies the object for its whole life (unique in the process;
    /// a name can be reused for another object).
    pub id: u64,
    /// Buffer textures whose data store this is (`glTexBuffer*`): a
    /// deleted buffer stays alive, nameless, until they let it go.
    texture_refs: u32,
}

impl BufferObject {
    fn new() -> Self {
        BufferObject {
            usage: GL_STATIC_DRAW,
            serial: crate::texture::next_serial(),
            id: crate::texture::next_serial(),
            ..Default::default()
        }
    }

    /// Marks the contents as changed.
    pub(crate) fn touch(&mut self) {
        self.serial = crate::texture::next_serial();
    }
}

/// The buffer namespace of a share group.
#[derive(Debug, Default)]
pub struct Buffers {
    /// Names returned by `glGenBuffers` (or bound) and not deleted.
    names: Namespace<BufferObject>,
    /// Deleted buffers still attached to buffer textures, by id (GL 4.6
    /// §5.1.3: a deleted object's data lives on while it is attached).
    orphans: HashMap<u64, BufferObject>,
}

/// One indexed buffer binding point (transform feedback, uniform
/// buffers): what `glBindBufferBase` / `glBindBufferRange` set and the
/// indexed `*_BINDING`, `*_START` and `*_SIZE` queries read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IndexedBinding {
    /// The buffer, 0 for none.
    pub buffer: u32,
    /// The range's first byte.
    pub offset: usize,
    /// The range's size; `None` for `glBindBufferBase` (the whole buffer,
    /// whatever its size; the query answers 0).
    pub size: Option<usize>,
}

impl IndexedBinding {
    /// `buffer` bound at `offset` for `size` bytes (validated by the
    /// caller); buffer 0 unbinds.
    pub fn new(buffer: u32, offset: isize, size: Option<isize>) -> Self {
        if buffer == 0 {
            return IndexedBinding::default();
        }
        IndexedBinding {
            buffer,
            offset: offset as usize,
            size: size.map(|s| s as usize),
        }
    }

    /// What `glBindBufferRange` (`size` `None`: `glBindBufferBase`) makes
    /// of binding point `index` of `count`: INVALID_VALUE for an index past
    /// them and, with a buffer, for a size that is not positive or an
    /// offset that is negative or not a multiple of `alignment`.
    pub fn checked(
        (index, count): (u32, usize),
        buffer: u32,
        offset: isize,
        size: Option<isize>,
        alignment: usize,
    ) -> ApiResult<IndexedBinding> {
        if index as usize >= count {
            return Err(ApiError::InvalidValue);
        }
        if buffer != 0
            && (size.is_some_and(|s| s <= 0)
                || offset < 0
                || !(offset as usize).is_multiple_of(alignment))
        {
            return Err(ApiError::InvalidValue);
        }
        Ok(IndexedBinding::new(buffer, offset, size))
    }

    /// The value of the `which`-th of `pnames` (`*_BINDING`, `*_START`,
    /// `*_SIZE`) for binding `index` of `bindings`: `Ok(None)` when `pname`
    /// is none of them, INVALID_VALUE for an index past the bindings.
    pub fn query(
        bindings: &[IndexedBinding],
        pnames: [GLenum; 3],
        pname: GLenum,
        index: u32,
    ) -> ApiResult<Option<i64>> {
        let Some(which) = pnames.iter().position(|&p| p == pname) else {
            return Ok(None);
        };
        let b = bindings.get(index as usize).ok_or(ApiError::InvalidValue)?;
        Ok(Some(match which {
            0 => i64::from(b.buffer),
            1 => b.offset as i64,
            _ => b.size.unwrap_or(0) as i64,
        }))
    }

    /// The range shaders read and change in place for a draw (ABI 24):
    /// the bound range clipped to its buffer's size, `None` where nothing
    /// is bound or the buffer is mapped (not persistently). `storage` is
    /// the buffers' lock, which the caller holds until the draw returns;
    /// the buffer is marked changed.
    pub(crate) fn shader_range(
        &self,
        storage: &mut Buffers,
    ) -> Option<oxgl_dri_interface::OxglBufferRange> {
        let buf = storage.get_mut(self.buffer)?;
        if buf
            .mapping
            .is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT == 0)
        {
            return None;
        }
        let len = buf.data.len();
        let start = self.offset.min(len);
        let end = match self.size {
            Some(s) => self.offset.saturating_add(s).min(len),
            None => len,
        };
        buf.touch();
        // `as_mut_ptr` makes no reference to the storage: bindings
        // sharing a buffer keep valid pointers.
        Some(oxgl_dri_interface::OxglBufferRange {
            data: buf.data.as_mut_ptr().wrapping_add(start),
            size: end.saturating_sub(start),
        })
    }

    /// Unbinds deleted buffer `name` from every binding of `bindings`.
    pub fn forget(bindings: &mut [IndexedBinding], name: u32) {
        for b in bindings.iter_mut().filter(|b| b.buffer == name) {
            *b = IndexedBinding::default();
        }
    }
}

/// Binding targets of this milestone (GL ≤ 3.1 non-indexed ones).
pub const TARGETS: &[GLenum] = &[
    GL_ARRAY_BUFFER,
    GL_ELEMENT_ARRAY_BUFFER,
    GL_COPY_READ_BUFFER,
    GL_COPY_WRITE_BUFFER,
    GL_PIXEL_PACK_BUFFER,
    GL_PIXEL_UNPACK_BUFFER,
    // ARB_texture_buffer_object: a binding point only; textures name
    // their buffer themselves (glTexBuffer).
    GL_TEXTURE_BUFFER,
    // EXT_transform_feedback: the generic binding; the indexed ones are
    // `crate::xfb`'s.
    GL_TRANSFORM_FEEDBACK_BUFFER,
    // ARB_uniform_buffer_object: the generic binding; the indexed ones
    // are `crate::program::ubo`'s.
    GL_UNIFORM_BUFFER,
    // ARB_draw_indirect: where indirect draws read their commands.
    GL_DRAW_INDIRECT_BUFFER,
    // ARB_shader_atomic_counters: the generic binding; the indexed ones
    // are `crate::program::atomic`'s.
    GL_ATOMIC_COUNTER_BUFFER,
    // ARB_shader_storage_buffer_object: the generic binding; the indexed
    // ones are `crate::program::storage`'s.
    GL_SHADER_STORAGE_BUFFER,
    // ARB_compute_shader: where glDispatchComputeIndirect reads its counts.
    GL_DISPATCH_INDIRECT_BUFFER,
];

/// A context's buffer bindings, indexed like [`TARGETS`].
#[derive(Clone, Debug, Default)]
pub struct BufferBindings {
    bound: [u32; TARGETS.len()],
}

pub(crate) fn target_index(target: GLenum) -> ApiResult<usize> {
    TARGETS
        .iter()
        .position(|&t| t == target)
        .ok_or(ApiError::InvalidEnum.bad_enum(target))
}

fn valid_usage(usage: GLenum) -> bool {
    matches!(
        usage,
        GL_STREAM_DRAW
            | GL_STREAM_READ
            | GL_STREAM_COPY
            | GL_STATIC_DRAW
            | GL_STATIC_READ
            | GL_STATIC_COPY
            | GL_DYNAMIC_DRAW
            | GL_DYNAMIC_READ
            | GL_DYNAMIC_COPY
    )
}

/// Whether `[o, o + s)` touches a mapping that is not persistent.
pub(crate) fn overlaps_mapping(buf: &BufferObject, o: usize, s: usize) -> bool {
    buf.mapping.is_some_and(|m| {
        m.access & GL_MAP_PERSISTENT_BIT == 0 && o < m.offset + m.length && m.offset < o + s
    })
}

/// `GL_MIN_MAP_BUFFER_ALIGNMENT` (ARB_map_buffer_alignment, GL 4.2):
/// every buffer's storage starts at a multiple of it, so a mapping's
/// pointer less its offset is one too (Mesa's value). Shaders' atomic
/// counters and storage blocks read the storage as aligned words.
pub const MAP_ALIGNMENT: usize = 64;

/// A buffer's bytes, starting at a multiple of [`MAP_ALIGNMENT`]: a
/// vector holding up to `MAP_ALIGNMENT - 1` bytes more, the contents
/// after the first aligned one. Its contents are never reallocated
/// (mappings point into them); a clone is aligned anew.
#[derive(Default)]
pub struct Storage {
    raw: Vec<u8>,
    start: usize,
    len: usize,
}

impl Storage {
    /// `size` bytes: `src`'s first ones, or zeros. OUT_OF_MEMORY when they
    /// cannot be allocated.
    fn new(size: usize, src: Option<&[u8]>) -> ApiResult<Storage> {
        let mut raw = Vec::new();
        let total = size
            .checked_add(MAP_ALIGNMENT - 1)
            .ok_or(ApiError::OutOfMemory)?;
        raw.try_reserve_exact(total)
            .map_err(|_| ApiError::OutOfMemory)?;
        raw.resize(total, 0);
        let start = raw
            .as_ptr()
            .align_offset(MAP_ALIGNMENT)
            .min(MAP_ALIGNMENT - 1);
        if let Some(s) = src {
            raw[start..start + size].copy_from_slice(&s[..size]);
        }
        Ok(Storage {
            raw,
            start,
            len: size,
        })
    }
}

impl Storage {
    /// The first byte, for the backend: unlike the slice's method, it
    /// makes no reference to the bytes, so pointers taken for several
    /// bindings of one buffer all stay valid.
    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        self.raw.as_mut_ptr().wrapping_add(self.start)
    }
}

impl std::ops::Deref for Storage {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.raw[self.start..self.start + self.len]
    }
}

impl std::ops::DerefMut for Storage {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.raw[self.start..self.start + self.len]
    }
}

impl Clone for Storage {
    fn clone(&self) -> Self {
        // Only OUT_OF_MEMORY can fail, where a `Vec` clone would abort too.
        Storage::new(self.len, Some(self)).expect("buffer storage clone")
    }
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Storage({} bytes)", self.len)
    }
}

/// A buffer's storage of `size` bytes: `src`'s first ones, or zeros.
/// OUT_OF_MEMORY when it cannot be allocated.
fn new_storage(size: usize, src: Option<&[u8]>) -> ApiResult<Storage> {
    Storage::new(size, src)
}

/// Checks `offset` and `size` against a buffer of `len` bytes (INVALID_VALUE).
pub(crate) fn range(offset: isize, size: isize, len: usize) -> ApiResult<(usize, usize)> {
    if offset < 0 || size < 0 {
        return Err(ApiError::InvalidValue);
    }
    let (o, s) = (offset as usize, size as usize);
    if o.checked_add(s).is_none_or(|end| end > len) {
        return Err(ApiError::InvalidValue);
    }
    Ok((o, s))
}

impl BufferBindings {
    /// The name bound to `target`.
    pub fn bound(&self, target: GLenum) -> ApiResult<u32> {
        Ok(self.bound[target_index(target)?])
    }

    /// Unbinds `name` from every target (it was deleted).
    pub fn forget(&mut self, name: u32) {
        for b in &mut self.bound {
            if *b == name {
                *b = 0;
            }
        }
    }
}

impl Buffers {
    /// `glGenBuffers`: `n` unused names. INVALID_VALUE if `n` is negative,
    /// OUT_OF_MEMORY above [`MAX_NAMES_PER_CALL`](crate::error::MAX_NAMES_PER_CALL).
    pub fn gen_names(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        self.names.generate(n)
    }

    /// `glIsBuffer`: a name that has an object (bound at least once).
    pub fn is_buffer(&self, name: u32) -> bool {
        self.names.exists(name)
    }

    /// Makes sure buffer `name` has its object, as binding it would: in a
    /// core (or ES) context INVALID_OPERATION for a name not from
    /// `glGenBuffers`, a compatibility context creates it
    /// (`glBindVertexBuffer`, GL 4.6 §10.3.1). 0 is no buffer.
    pub(crate) fn existing_or_generated(&mut self, name: u32, core: bool) -> ApiResult {
        if name != 0 {
            self.names.bind(name, core, BufferObject::new)?;
        }
        Ok(())
    }

    /// The object `name`, if it exists.
    pub fn get(&self, name: u32) -> Option<&BufferObject> {
        self.names.get(name)
    }

    pub(crate) fn get_mut(&mut self, name: u32) -> Option<&mut BufferObject> {
        self.names.get_mut(name)
    }

    /// `glBindBuffer`. INVALID_ENUM for an unknown target; in a core context
    /// INVALID_OPERATION for a name not from `glGenBuffers` (compatibility
    /// contexts create it, GL 4.6 compat §6.1).
    pub fn bind(
        &mut self,
        bindings: &mut BufferBindings,
        target: GLenum,
        name: u32,
        core: bool,
    ) -> ApiResult {
        let i = target_index(target)?;
        if name != 0 {
            self.names.bind(name, core, BufferObject::new)?;
        }
        bindings.bound[i] = name;
        Ok(())
    }

    /// `glDeleteBuffers`: unbinds the names from `bindings`; unknown names
    /// and 0 are ignored. Returns the names that were deleted (only they
    /// can be bound anywhere else).
    pub fn delete(&mut self, bindings: &mut BufferBindings, names: &[u32]) -> Vec<u32> {
        let mut gone = Vec::new();
        for &name in names {
            if name == 0 {
                continue;
            }
            if let Some(old) = self.names.remove(name) {
                bindings.forget(name);
                gone.push(name);
                if let Some(b) = old.filter(|b| b.texture_refs > 0) {
                    self.orphans.insert(b.id, b);
                }
            }
        }
        gone
    }

    /// The buffer object `id`, named `name` while it has its name (a
    /// deleted one still attached to a buffer texture has none).
    pub fn get_by_id(&self, name: u32, id: u64) -> Option<&BufferObject> {
        self.get(name)
            .filter(|b| b.id == id)
            .or_else(|| self.orphans.get(&id))
    }

    /// [`Buffers::get_by_id`], mutable.
    pub(crate) fn get_by_id_mut(&mut self, name: u32, id: u64) -> Option<&mut BufferObject> {
        if self.get(name).is_some_and(|b| b.id == id) {
            return self.get_mut(name);
        }
        self.orphans.get_mut(&id)
    }

    /// A buffer texture takes buffer `name` as its data store: its id.
    pub(crate) fn attach_texture(&mut self, name: u32) -> Option<u64> {
        let b = self.get_mut(name)?;
        b.texture_refs += 1;
        Some(b.id)
    }

    /// A buffer texture lets data store `id` (named `name`) go: a deleted
    /// one no texture holds any more is freed.
    pub(crate) fn detach_texture(&mut self, name: u32, id: u64) {
        if let Some(b) = self.get_mut(name).filter(|b| b.id == id) {
            b.texture_refs = b.texture_refs.saturating_sub(1);
        } else if let Some(b) = self.orphans.get_mut(&id) {
            b.texture_refs = b.texture_refs.saturating_sub(1);
            if b.texture_refs == 0 {
                self.orphans.remove(&id);
            }
        }
    }

    fn bound_mut(
        &mut self,
        bindings: &BufferBindings,
        target: GLenum,
    ) -> ApiResult<&mut BufferObject> {
        let name = bindings.bound(target)?;
        if name == 0 {
            return Err(ApiError::InvalidOperation);
        }
        self.get_mut(name).ok_or(ApiError::InvalidOperation)
    }

    /// `glBufferData`. INVALID_ENUM for a bad target or usage, INVALID_VALUE
    /// for a negative size, INVALID_OPERATION with no buffer bound or an
    /// immutable one, OUT_OF_MEMORY when the storage cannot be allocated.
    /// `src` is the initial contents (`size` bytes) or `None` (undefined: zeroed).
    pub fn data(
        &mut self,
        bindings: &BufferBindings,
        target: GLenum,
        size: isize,
        src: Option<&[u8]>,
        usage: GLenum,
    ) -> ApiResult {
        target_index(target)?;
        if size < 0 {
            return Err(ApiError::InvalidValue);
        }
        if !valid_usage(usage) {
            return Err(ApiError::InvalidEnum);
        }
        let buf = self.bound_mut(bindings, target)?;
        if buf.immutable {
            return Err(ApiError::InvalidOperation);
        }
        let data = new_storage(size as usize, src)?;
        buf.data = data;
        buf.usage = usage;
        buf.mapping = None;
        buf.touch();
        Ok(())
    }

    /// `glBufferStorage` (ARB_buffer_storage, GL 4.4): immutable storage
    /// of `size` bytes, `src` or zeros, with the uses `flags` allows. In
    /// Mesa's order: INVALID_ENUM for a bad target, INVALID_OPERATION with
    /// no buffer bound, INVALID_VALUE for a size not above 0, unknown
    /// flags, a persistent mapping without read or write, a coherent one
    /// that is not persistent, INVALID_OPERATION for storage that is
    /// immutable already, OUT_OF_MEMORY when it cannot be allocated.
    pub fn storage(
        &mut self,
        bindings: &BufferBindings,
        target: GLenum,
        size: isize,
        src: Option<&[u8]>,
        flags: u32,
    ) -> ApiResult {
        const KNOWN: u32 = GL_MAP_READ_BIT
            | GL_MAP_WRITE_BIT
            | GL_MAP_PERSISTENT_BIT
            | GL_MAP_COHERENT_BIT
            | GL_DYNAMIC_STORAGE_BIT
            | GL_CLIENT_STORAGE_BIT;
        target_index(target)?;
        let buf = self.bound_mut(bindings, target)?;
        if size <= 0
            || flags & !KNOWN != 0
            || (flags & GL_MAP_PERSISTENT_BIT != 0
                && flags & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT) == 0)
            || (flags & GL_MAP_COHERENT_BIT != 0 && flags & GL_MAP_PERSISTENT_BIT == 0)
        {
            return Err(ApiError::InvalidValue);
        }
        if buf.immutable {
            return Err(ApiError::InvalidOperation);
        }
        let data = new_storage(size as usize, src)?;
        buf.data = data;
        // What Mesa reports for storage made so.
        buf.usage = GL_DYNAMIC_DRAW;
        buf.mapping = None;
        buf.immutable = true;
        buf.storage_flags = flags;
        buf.touch();
        Ok(())
    }

    /// `glBufferSubData`. INVALID_VALUE for a range outside the buffer,
    /// INVALID_OPERATION when nothing is bound or when the range overlaps a
    /// non-persistent mapping (GL 4.6 §6.2; Mesa does the same).
    pub fn sub_data(
        &mut self,
        bindings: &BufferBindings,
        target: GLenum,
        offset: isize,
        src: &[u8],
    ) -> ApiResult {
        target_index(target)?;
        let buf = self.bound_mut(bindings, target)?;
        let (o, s) = range(offset, src.len() as isize, buf.data.len())?;
        if overlaps_mapping(buf, o, s) {
            return Err(ApiError::InvalidOperation);
        }
        // ARB_buffer_storage: immutable storage takes glBufferSubData only
        // with GL_DYNAMIC_STORAGE_BIT.
        if buf.immutable && buf.storage_flags & GL_DYNAMIC_STORAGE_BIT == 0 {
            return Err(ApiError::InvalidOperation);
        }
        buf.data[o..o + s].copy_from_slice(src);
        buf.touch();
        Ok(())
    }

    /// Fills `range` (offset and size; `None`: the whole buffer) of the
    /// buffer bound to `target` with copies of `texel`
    /// (`glClearBuffer(Sub)Data`): INVALID_VALUE without a buffer, for a
    /// range outside it or not a whole number of texels;
    /// INVALID_OPERATION when it overlaps a mapping that is not
    /// persistent.
    pub fn clear(
        &mut self,
        bindings: &BufferBindings,
        target: GLenum,
        range: Option<(isize, isize)>,
        texel: &[u8],
    ) -> ApiResult {
        target_index(target)?;
        let name = bindings.bound(target)?;
        let buf = self.get_mut(name).ok_or(ApiError::InvalidValue)?;
        let (offset, size) = range.unwrap_or((0, buf.data.len() as isize));
        let (o, s) = self::range(offset, size, buf.data.len())?;
        let n = texel.len().max(1);
        if o % n != 0 || s % n != 0 {
            return Err(ApiError::InvalidValue);
        }
        if overlaps_mapping(buf, o, s) {
            return Err(ApiError::InvalidOperation);
        }
        for chunk in buf.data[o..o + s].chunks_exact_mut(n) {
            chunk.copy_from_slice(texel);
        }
        buf.touch();
        Ok(())
    }

    /// `glGetBufferSubData`: same errors as `glBufferSubData`.
    pub fn get_sub_data(
        &mut self,
        bindings: &BufferBindings,
        target: GLenum,
        offset: isize,
        dst: &mut [u8],
    ) -> ApiResult {
        target_index(target)?;
        let buf = self.bound_mut(bindings, target)?;
        let (o, s) = range(offset, dst.len() as isize, buf.data.len())?;
        if overlaps_mapping(buf, o, s) {
            return Err(ApiError::InvalidOperation);
        }
        dst.copy_from_slice(&buf.data[o..o + s]);
        Ok(())
    }

    /// Validates a size before the caller reads `size` bytes of client memory.
    pub fn check_size(size: isize) -> ApiResult<usize> {
        if size < 0 {
            Err(ApiError::InvalidValue)
        } else {
            Ok(size as usize)
        }
    }

    /// `glMapBufferRange` (and `glMapBuffer` through [`map_access`]): returns
    /// the address of the mapped range. GL 4.6 §6.3: INVALID_VALUE for a bad
    /// range or unknown access bits; INVALID_OPERATION when already mapped,
    /// for a zero length, without READ or WRITE, for READ with an invalidate
    /// or unsynchronized bit, for FLUSH_EXPLICIT without WRITE.
    pub fn map_range(
        &mut self,
        bindings: &BufferBindings,
        target: GLenum,
        offset: isize,
        length: isize,
        access: u32,
    ) -> ApiResult<usize> {
        target_index(target)?;
        let known = GL_MAP_READ_BIT
            | GL_MAP_WRITE_BIT
            | GL_MAP_INVALIDATE_RANGE_BIT
            | GL_MAP_INVALIDATE_BUFFER_BIT
            | GL_MAP_FLUSH_EXPLICIT_BIT
            | GL_MAP_UNSYNCHRONIZED_BIT
            | GL_MAP_PERSISTENT_BIT
            | GL_MAP_COHERENT_BIT;
        let buf = self.bound_mut(bindings, target)?;
        let (o, l) = range(offset, length, buf.data.len())?;
        if access & !known != 0 {
            return Err(ApiError::InvalidValue);
        }
        let read = access & GL_MAP_READ_BIT != 0;
        let write = access & GL_MAP_WRITE_BIT != 0;
        let read_forbidden =
            GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_UNSYNCHRONIZED_BIT;
        // ARB_buffer_storage: immutable storage maps only as its flags
        // allow (read, write, persistent, coherent).
        let allowed =
            GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
        let refused = buf.immutable && access & allowed & !buf.storage_flags != 0;
        if buf.mapping.is_some()
            || l == 0
            || (!read && !write)
            || (read && access & read_forbidden != 0)
            || (access & GL_MAP_FLUSH_EXPLICIT_BIT != 0 && !write)
            || refused
        {
            return Err(ApiError::InvalidOperation);
        }
        if access & GL_MAP_INVALIDATE_BUFFER_BIT != 0 {
            buf.data.fill(0);
        }
        if write {
            buf.touch();
        }
        buf.mapping = Some(Mapping {
            offset: o,
            length: l,
            access,
        });
        Ok(buf.data.as_mut_ptr() as usize + o)
    }

    /// `glUnmapBuffer`. INVALID_OPERATION when not mapped. Returns TRUE: host
    /// memory is never lost.
    pub fn unmap(&mut self, bindings: &BufferBindings, target: GLenum) -> ApiResult<bool> {
        target_index(target)?;
        let buf = self.bound_mut(bindings, target)?;
        if buf.mapping.take().is_none() {
            return Err(ApiError::InvalidOperation);
        }
        // What was written through the mapping.
        buf.touch();
        Ok(true)
    }

    /// `glFlushMappedBufferRange`: INVALID_OPERATION unless mapped with
    /// FLUSH_EXPLICIT, INVALID_VALUE for a range outside the mapping.
    pub fn flush_range(
        &mut self,
        bindings: &BufferBindings,
        target: GLenum,
        offset: isize,
        length: isize,
    ) -> ApiResult {
        target_index(target)?;
        let buf = self.bound_mut(bindings, target)?;
        let m = buf.mapping.ok_or(ApiError::InvalidOperation)?;
        if m.access & GL_MAP_FLUSH_EXPLICIT_BIT == 0 {
            return Err(ApiError::InvalidOperation);
        }
        range(offset, length, m.length)?;
        buf.touch();
        Ok(())
    }

    /// `glCopyBufferSubData`. INVALID_VALUE for negative or overrunning
    /// ranges or an overlap within one buffer; INVALID_OPERATION when either
    /// buffer is unbound or mapped.
    pub fn copy(
        &mut self,
        bindings: &BufferBindings,
        read: GLenum,
        write: GLenum,
        ro: isize,
        wo: isize,
        size: isize,
    ) -> ApiResult {
        let (rn, wn) = (bindings.bound(read)?, bindings.bound(write)?);
        if rn == 0 || wn == 0 {
            return Err(ApiError::InvalidOperation);
        }
        let src = self.get(rn).ok_or(ApiError::InvalidOperation)?;
        let (r0, s) = range(ro, size, src.data.len())?;
        let dst_len = self.get(wn).ok_or(ApiError::InvalidOperation)?.data.len();
        let (w0, _) = range(wo, size, dst_len)?;
        if rn == wn && r0 < w0 + s && w0 < r0 + s {
            return Err(ApiError::InvalidValue);
        }
        // A persistent mapping (ARB_buffer_storage) does not stop the copy.
        let mapped = |b: &BufferObject| {
            b.mapping
                .is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT == 0)
        };
        if self.get(rn).is_some_and(mapped) || self.get(wn).is_some_and(mapped) {
            return Err(ApiError::InvalidOperation);
        }
        let chunk = self
            .get(rn)
            .map(|b| b.data[r0..r0 + s].to_vec())
            .unwrap_or_default();
        if let Some(dst) = self.get_mut(wn) {
            dst.data[w0..w0 + s].copy_from_slice(&chunk);
            dst.touch();
        }
        Ok(())
    }

    /// `glGetBufferParameteriv` / `i64v`. INVALID_ENUM for an unknown pname,
    /// INVALID_OPERATION with nothing bound.
    pub fn parameter(
        &mut self,
        bindings: &BufferBindings,
        target: GLenum,
        pname: GLenum,
    ) -> ApiResult<i64> {
        target_index(target)?;
        let buf = self.bound_mut(bindings, target)?;
        let m = buf.mapping;
        Ok(match pname {
            GL_BUFFER_SIZE => buf.data.len() as i64,
            GL_BUFFER_USAGE => i64::from(buf.usage),
            GL_BUFFER_ACCESS => i64::from(
                match m.map(|m| m.access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)) {
                    Some(x) if x == GL_MAP_READ_BIT => GL_READ_ONLY,
                    Some(x) if x == GL_MAP_WRITE_BIT => GL_WRITE_ONLY,
                    _ => GL_READ_WRITE,
                },
            ),
            GL_BUFFER_MAPPED => i64::from(m.is_some()),
            GL_BUFFER_ACCESS_FLAGS => i64::from(m.map_or(0, |m| m.access)),
            GL_BUFFER_MAP_OFFSET => m.map_or(0, |m| m.offset as i64),
            GL_BUFFER_MAP_LENGTH => m.map_or(0, |m| m.length as i64),
            GL_BUFFER_IMMUTABLE_STORAGE => i64::from(buf.immutable),
            GL_BUFFER_STORAGE_FLAGS => i64::from(buf.storage_flags),
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glGetBufferPointerv(GL_BUFFER_MAP_POINTER)`: the mapped address or 0.
    pub fn map_pointer(
        &mut self,
        bindings: &BufferBindings,
        target: GLenum,
        pname: GLenum,
    ) -> ApiResult<usize> {
        target_index(target)?;
        if pname != GL_BUFFER_MAP_POINTER {
            return Err(ApiError::InvalidEnum);
        }
        let buf = self.bound_mut(bindings, target)?;
        Ok(buf
            .mapping
            .map_or(0, |m| buf.data.as_mut_ptr() as usize + m.offset))
    }
}

/// The `MAP_*` bits of a `glMapBuffer` access enum (INVALID_ENUM otherwise).
pub fn map_access(access: GLenum) -> ApiResult<u32> {
    match access {
        GL_READ_ONLY => Ok(GL_MAP_READ_BIT),
        GL_WRITE_ONLY => Ok(GL_MAP_WRITE_BIT),
        GL_READ_WRITE => Ok(GL_MAP_READ_BIT | GL_MAP_WRITE_BIT),
        _ => Err(ApiError::InvalidEnum),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (Buffers, BufferBindings, u32) {
        let mut b = Buffers::default();
        let mut bind = BufferBindings::default();
        let name = b.gen_names(1).unwrap()[0];
        b.bind(&mut bind, GL_ARRAY_BUFFER, name, true).unwrap();
        (b, bind, name)
    }

    #[test]
    fn deleted_buffers_live_while_textures_hold_them() {
        let (mut b, mut bind, name) = setup();
        b.data(
            &bind,
            GL_ARRAY_BUFFER,
            4,
            Some(&[1, 2, 3, 4]),
            GL_STATIC_DRAW,
        )
        .unwrap();
        let id = b.attach_texture(name).unwrap();
        b.delete(&mut bind, &[name]);
        assert!(!b.is_buffer(name));
        assert_eq!(b.get_by_id(name, id).unwrap().data[..], [1, 2, 3, 4]);
        // The name reused for another buffer does not replace the store.
        b.bind(&mut bind, GL_ARRAY_BUFFER, name, false).unwrap();
        assert_eq!(b.get_by_id(name, id).unwrap().data[..], [1, 2, 3, 4]);
        b.detach_texture(name, id);
        assert!(b.get_by_id(name, id).is_none());
        assert!(b.orphans.is_empty());
    }

    #[test]
    fn data_sub_data_and_queries() {
        let (mut b, bind, name) = setup();
        assert!(b.is_buffer(name));
        b.data(
            &bind,
            GL_ARRAY_BUFFER,
            8,
            Some(&[1, 2, 3, 4, 5, 6, 7, 8]),
            GL_STATIC_DRAW,
        )
        .unwrap();
        b.sub_data(&bind, GL_ARRAY_BUFFER, 2, &[9, 9]).unwrap();
        let mut out = [0u8; 4];
        b.get_sub_data(&bind, GL_ARRAY_BUFFER, 1, &mut out).unwrap();
        assert_eq!(out, [2, 9, 9, 5]);
        assert_eq!(
            b.sub_data(&bind, GL_ARRAY_BUFFER, 7, &[1, 1]),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(
            b.sub_data(&bind, GL_ARRAY_BUFFER, -1, &[1]),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(b.parameter(&bind, GL_ARRAY_BUFFER, GL_BUFFER_SIZE), Ok(8));
        assert_eq!(
            b.data(&bind, GL_ARRAY_BUFFER, 4, None, 0x1234),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            b.data(&bind, 0x1234, 4, None, GL_STATIC_DRAW),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            b.data(&bind, GL_ARRAY_BUFFER, -4, None, GL_STATIC_DRAW),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(
            b.data(&bind, GL_ELEMENT_ARRAY_BUFFER, 4, None, GL_STATIC_DRAW),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(
            b.data(&bind, GL_ARRAY_BUFFER, isize::MAX, None, GL_STATIC_DRAW),
            Err(ApiError::OutOfMemory)
        );
    }

    #[test]
    fn mapping_rules() {
        let (mut b, bind, _) = setup();
        b.data(&bind, GL_ARRAY_BUFFER, 16, None, GL_DYNAMIC_DRAW)
            .unwrap();
        let t = GL_ARRAY_BUFFER;
        assert_eq!(
            b.map_range(&bind, t, 0, 0, GL_MAP_WRITE_BIT),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(
            b.map_range(&bind, t, 0, 4, 0),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(
            b.map_range(&bind, t, 0, 17, GL_MAP_READ_BIT),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(
            b.map_range(
                &bind,
                t,
                0,
                4,
                GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT
            ),
            Err(ApiError::InvalidOperation)
        );
        let p = b
            .map_range(&bind, t, 4, 8, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT)
            .unwrap();
        assert_ne!(p, 0);
        assert_eq!(b.map_pointer(&bind, t, GL_BUFFER_MAP_POINTER), Ok(p));
        assert_eq!(
            b.map_range(&bind, t, 0, 4, GL_MAP_READ_BIT),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(b.sub_data(&bind, t, 0, &[1]), Ok(()));
        assert_eq!(
            b.sub_data(&bind, t, 3, &[1, 1]),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(b.parameter(&bind, t, GL_BUFFER_MAP_OFFSET), Ok(4));
        assert_eq!(b.flush_range(&bind, t, 0, 8), Ok(()));
        assert_eq!(b.flush_range(&bind, t, 4, 8), Err(ApiError::InvalidValue));
        assert_eq!(b.unmap(&bind, t), Ok(true));
        assert_eq!(b.unmap(&bind, t), Err(ApiError::InvalidOperation));
        assert_eq!(
            map_access(GL_READ_WRITE),
            Ok(GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)
        );
    }

    #[test]
    fn copy_and_delete() {
        let (mut b, mut bind, name) = setup();
        b.data(
            &bind,
            GL_ARRAY_BUFFER,
            4,
            Some(&[1, 2, 3, 4]),
            GL_STATIC_DRAW,
        )
        .unwrap();
        let other = b.gen_names(1).unwrap()[0];
        b.bind(&mut bind, GL_COPY_WRITE_BUFFER, other, true)
            .unwrap();
        b.data(&bind, GL_COPY_WRITE_BUFFER, 4, None, GL_STATIC_DRAW)
            .unwrap();
        b.copy(&bind, GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 1, 0, 3)
            .unwrap();
        assert_eq!(b.get(other).unwrap().data[..], [2, 3, 4, 0]);
        assert_eq!(
            b.copy(&bind, GL_ARRAY_BUFFER, GL_ARRAY_BUFFER, 0, 1, 2),
            Err(ApiError::InvalidValue)
        );
        b.delete(&mut bind, &[name]);
        assert_eq!(bind.bound(GL_ARRAY_BUFFER), Ok(0));
        assert!(!b.is_buffer(name));
        // Core contexts: names must come from glGenBuffers.
        assert_eq!(
            b.bind(&mut bind, GL_ARRAY_BUFFER, 4242, true),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(b.bind(&mut bind, GL_ARRAY_BUFFER, 4242, false), Ok(()));
    }
    #[test]
    fn storage_is_map_aligned() {
        for size in [0, 1, 3, 64, 100, 4097] {
            let src: Vec<u8> = (0..size).map(|i| i as u8).collect();
            let s = Storage::new(size, Some(&src)).unwrap();
            assert_eq!(s.as_ptr() as usize % MAP_ALIGNMENT, 0);
            assert_eq!(&s[..], &src[..]);
            let c = s.clone();
            assert_eq!(c.as_ptr() as usize % MAP_ALIGNMENT, 0);
            assert_eq!(&c[..], &src[..]);
        }
    }
}
