//! Separate vertex formats and buffers (ARB_vertex_attrib_binding, GL 4.3;
//! GL 4.6 §10.3.1–10.3.4): `glBindVertexBuffer(s)`, the
//! `glVertexAttrib*Format` commands, `glVertexAttribBinding`,
//! `glVertexBindingDivisor` and their queries.
//!
//! A vertex array object keeps its bindings and each generic attribute's
//! binding index and relative offset
//! ([`VertexArrayObject::bindings`](super::arrays::VertexArrayObject)); the
//! arrays the draws read ([`ArrayState`]) carry the resolved buffer,
//! address, stride and divisor, written again whenever a binding or an
//! attribute's choice of binding changes. The pointer commands are
//! shorthands for these (`glVertexAttribPointer(i, ...)` binds attribute
//! `i` to binding `i`), so both views always agree.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};
use crate::vbo::arrays::{
    self, ArrayState, MAX_VERTEX_ATTRIB_BINDINGS, MAX_VERTEX_ATTRIB_RELATIVE_OFFSET,
    VertexArrayObject,
};
use crate::vbo::attrib::MAX_VERTEX_ATTRIBS;

/// Which `glVertexAttrib*Format` command: how the elements reach the
/// shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatKind {
    /// `glVertexAttribFormat`: converted to floats.
    Float,
    /// `glVertexAttribIFormat`: integers as they are.
    Integer,
    /// `glVertexAttribLFormat`: doubles as they are.
    Long,
}

impl Context {
    /// Whether these commands and queries exist: desktop GL (where
    /// ARB_vertex_attrib_binding is advertised) and OpenGL ES 3.1.
    pub(crate) fn has_vertex_attrib_binding(&self) -> bool {
        let p = self.params();
        !p.is_es() || p.version >= (3, 1)
    }

    /// The checks every command here starts with: not between Begin and
    /// End, and INVALID_OPERATION in a core profile without a vertex
    /// array object bound (GL 4.6 §10.3.1 errors).
    fn check_vao_bound(&self) -> ApiResult {
        self.outside_begin_end()?;
        if self.params().profile == Profile::Core && self.vertex_arrays.bound == 0 {
            return Err(ApiError::InvalidOperation);
        }
        Ok(())
    }

    /// The bound vertex array object, about to change (buffered vertices
    /// are drawn first).
    fn vao_mut(&mut self) -> &mut VertexArrayObject {
        self.flush_vertices();
        self.vertex_arrays.current_mut()
    }

    /// `glBindVertexBuffer`: INVALID_VALUE for a binding index past
    /// `GL_MAX_VERTEX_ATTRIB_BINDINGS` or a negative offset or stride (or
    /// a stride past `GL_MAX_VERTEX_ATTRIB_STRIDE`), INVALID_OPERATION for
    /// a buffer name not from `glGenBuffers`.
    pub fn bind_vertex_buffer(
        &mut self,
        index: u32,
        buffer: u32,
        offset: isize,
        stride: i32,
    ) -> ApiResult {
        self.check_vao_bound()?;
        if index as usize >= MAX_VERTEX_ATTRIB_BINDINGS {
            return Err(ApiError::InvalidValue);
        }
        if offset < 0 || stride < 0 || stride > self.max_binding_stride() {
            return Err(ApiError::InvalidValue);
        }
        let core = self.params().profile != Profile::Compat;
        let shared = self.shared().clone();
        shared.buffers().existing_or_generated(buffer, core)?;
        self.set_vertex_buffer(index as usize, buffer, offset as usize, stride as usize);
        Ok(())
    }

    /// Sets binding `i` and the arrays of the attributes that read it.
    fn set_vertex_buffer(&mut self, i: usize, buffer: u32, offset: usize, stride: usize) {
        let slot_of = self.generic_slots();
        let vao = self.vao_mut();
        let b = &mut vao.bindings[i];
        b.buffer = buffer;
        b.offset = offset;
        b.stride = stride;
        vao.sync_binding(i, slot_of);
    }

    /// `glBindVertexBuffers` (ARB_multi_bind, GL 4.4 §10.3.1): bindings
    /// `first..first + count` from the arrays, or all unbound (buffer 0,
    /// offset 0, stride 16) when `entries` is `None`. INVALID_OPERATION
    /// when the range passes `GL_MAX_VERTEX_ATTRIB_BINDINGS`; an entry
    /// with a bad buffer name (INVALID_OPERATION) or a negative offset or
    /// stride (INVALID_VALUE) is skipped, the others still bound, and the
    /// first error is the one recorded.
    pub fn bind_vertex_buffers(
        &mut self,
        first: u32,
        count: i32,
        entries: Option<&[(u32, isize, i32)]>,
    ) -> ApiResult {
        self.check_vao_bound()?;
        if count < 0 {
            return Err(ApiError::InvalidValue);
        }
        let end = u64::from(first) + count as u64;
        if end > MAX_VERTEX_ATTRIB_BINDINGS as u64 {
            return Err(ApiError::InvalidOperation);
        }
        let core = self.params().profile != Profile::Compat;
        let shared = self.shared().clone();
        let mut first_error = Ok(());
        for k in 0..count as usize {
            let i = first as usize + k;
            let (buffer, offset, stride) = entries
                .and_then(|e| e.get(k))
                .copied()
                .unwrap_or((0, 0, 16));
            let entry = if offset < 0 || stride < 0 || stride > self.max_binding_stride() {
                Err(ApiError::InvalidValue)
            } else {
                shared.buffers().existing_or_generated(buffer, core)
            };
            match entry {
                Ok(()) => self.set_vertex_buffer(i, buffer, offset as usize, stride as usize),
                Err(e) => {
                    if first_error.is_ok() {
                        first_error = Err(e);
                    }
                }
            }
        }
        first_error
    }

    /// `glVertexAttribFormat`, `glVertexAttribIFormat` and
    /// `glVertexAttribLFormat`: INVALID_VALUE for an attribute index past
    /// `GL_MAX_VERTEX_ATTRIBS`, a size or a relative offset past
    /// `GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET`; INVALID_ENUM for a type
    /// the command does not take; INVALID_OPERATION for the size and type
    /// combinations `glVertexAttribPointer` rejects.
    pub fn vertex_attrib_format(
        &mut self,
        index: u32,
        size: i32,
        type_: GLenum,
        normalized: bool,
        relative_offset: u32,
        kind: FormatKind,
    ) -> ApiResult {
        self.check_vao_bound()?;
        if index as usize >= MAX_VERTEX_ATTRIBS {
            return Err(ApiError::InvalidValue);
        }
        let (size, bgra, integer, long, normalized) = match kind {
            FormatKind::Float => {
                let (size, bgra) = arrays::check_generic(index, size, type_, normalized, 0)?;
                (size, bgra, false, false, normalized)
            }
            FormatKind::Integer => {
                let ok = matches!(
                    type_,
                    GL_BYTE
                        | GL_UNSIGNED_BYTE
                        | GL_SHORT
                        | GL_UNSIGNED_SHORT
                        | GL_INT
                        | GL_UNSIGNED_INT
                );
                if !(1..=4).contains(&size) {
                    return Err(ApiError::InvalidValue);
                }
                if !ok {
                    return Err(ApiError::InvalidEnum);
                }
                (size as u8, false, true, false, false)
            }
            FormatKind::Long => {
                if !(1..=4).contains(&size) {
                    return Err(ApiError::InvalidValue);
                }
                if type_ != GL_DOUBLE {
                    return Err(ApiError::InvalidEnum);
                }
                (size as u8, false, false, true, false)
            }
        };
        if relative_offset > MAX_VERTEX_ATTRIB_RELATIVE_OFFSET {
            return Err(ApiError::InvalidValue);
        }
        let slot_of = self.generic_slots();
        let i = index as usize;
        let vao = self.vao_mut();
        let a = &mut vao.arrays[slot_of(i).index()];
        *a = ArrayState {
            enabled: a.enabled,
            size,
            type_,
            normalized,
            bgra,
            integer,
            long,
            // The pointer commands' stride stays as it was.
            stride: a.stride,
            ..*a
        };
        vao.attrib_bindings[i].relative_offset = relative_offset;
        vao.sync_attrib(i, slot_of(i));
        Ok(())
    }

    /// `glVertexAttribBinding`: INVALID_VALUE for an index past its
    /// maximum.
    pub fn vertex_attrib_binding(&mut self, attrib: u32, binding: u32) -> ApiResult {
        self.check_vao_bound()?;
        if attrib as usize >= MAX_VERTEX_ATTRIBS || binding as usize >= MAX_VERTEX_ATTRIB_BINDINGS {
            return Err(ApiError::InvalidValue);
        }
        let slot_of = self.generic_slots();
        let i = attrib as usize;
        let vao = self.vao_mut();
        vao.attrib_bindings[i].binding = binding as u8;
        vao.sync_attrib(i, slot_of(i));
        Ok(())
    }

    /// `glVertexBindingDivisor`: INVALID_VALUE for a binding index past
    /// `GL_MAX_VERTEX_ATTRIB_BINDINGS`.
    pub fn vertex_binding_divisor(&mut self, binding: u32, divisor: u32) -> ApiResult {
        self.check_vao_bound()?;
        if binding as usize >= MAX_VERTEX_ATTRIB_BINDINGS {
            return Err(ApiError::InvalidValue);
        }
        let slot_of = self.generic_slots();
        let i = binding as usize;
        let vao = self.vao_mut();
        vao.bindings[i].divisor = divisor;
        vao.sync_binding(i, slot_of);
        Ok(())
    }

    /// `glGetVertexAttribiv` of `GL_VERTEX_ATTRIB_BINDING` and
    /// `GL_VERTEX_ATTRIB_RELATIVE_OFFSET` for generic attribute `index`
    /// (checked by the caller); `None` for another `pname`.
    pub(crate) fn get_attrib_binding(&self, index: u32, pname: GLenum) -> Option<i64> {
        if !self.has_vertex_attrib_binding() {
            return None;
        }
        let ab = self
            .vertex_arrays
            .current()
            .attrib_bindings
            .get(index as usize)?;
        match pname {
            GL_VERTEX_ATTRIB_BINDING => Some(i64::from(ab.binding)),
            GL_VERTEX_ATTRIB_RELATIVE_OFFSET => Some(i64::from(ab.relative_offset)),
            _ => None,
        }
    }

    /// `glGetIntegeri_v` and friends of the vertex buffer bindings
    /// (`GL_VERTEX_BINDING_*`): INVALID_VALUE for an index past
    /// `GL_MAX_VERTEX_ATTRIB_BINDINGS`; `None` for another `pname`.
    pub fn get_vertex_binding_indexed(&self, pname: GLenum, index: u32) -> ApiResult<Option<i64>> {
        if !self.has_vertex_attrib_binding()
            || !matches!(
                pname,
                GL_VERTEX_BINDING_BUFFER
                    | GL_VERTEX_BINDING_OFFSET
                    | GL_VERTEX_BINDING_STRIDE
                    | GL_VERTEX_BINDING_DIVISOR
            )
        {
            return Ok(None);
        }
        let b = self
            .vertex_arrays
            .current()
            .bindings
            .get(index as usize)
            .ok_or(ApiError::InvalidValue)?;
        Ok(Some(match pname {
            GL_VERTEX_BINDING_BUFFER => i64::from(b.buffer),
            GL_VERTEX_BINDING_OFFSET => b.offset as i64,
            GL_VERTEX_BINDING_STRIDE => b.stride as i64,
            _ => i64::from(b.divisor),
        }))
    }

    /// The largest stride a binding takes: `GL_MAX_VERTEX_ATTRIB_STRIDE`
    /// where it exists (GL 4.4, ES 3.1), no limit before.
    fn max_binding_stride(&self) -> i32 {
        let p = self.params();
        if p.is_es() || p.version >= (4, 4) {
            MAX_VERTEX_ATTRIB_STRIDE
        } else {
            i32::MAX
        }
    }

    /// The limits of `glGetIntegerv`; `None` for another `pname`.
    pub(crate) fn get_vertex_binding_limit(&self, pname: GLenum) -> Option<i64> {
        if !self.has_vertex_attrib_binding() {
            return None;
        }
        match pname {
            GL_MAX_VERTEX_ATTRIB_BINDINGS => Some(MAX_VERTEX_ATTRIB_BINDINGS as i64),
            GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET => {
                Some(i64::from(MAX_VERTEX_ATTRIB_RELATIVE_OFFSET))
            }
            // GL 4.4 and ES 3.1.
            GL_MAX_VERTEX_ATTRIB_STRIDE if self.max_binding_stride() != i32::MAX => {
                Some(i64::from(MAX_VERTEX_ATTRIB_STRIDE))
            }
            _ => None,
        }
    }
}

/// `GL_MAX_VERTEX_ATTRIB_STRIDE` (GL 4.4; llvmpipe's value).
pub const MAX_VERTEX_ATTRIB_STRIDE: i32 = 2048;
