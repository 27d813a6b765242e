//! Drawing from vertex arrays: vertex array objects, the pointer commands,
//! client-state enables, and `glDrawArrays` / `glDrawElements` & co., all
//! normalized into one [`DrawBatch`] (GL 4.6 compatibility §10.3–10.5).
//!
//! Client memory is read only through [`ClientMemory`], which the C entry
//! point implements: the core computes which bytes a draw needs and never
//! holds an application pointer as a reference.

use std::collections::HashMap;

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};
use crate::namespace::Namespace;
use crate::vbo::arrays::{
    self, ArraySource, ArrayState, DirectArrays, DirectBytes, DirectInput, Legacy,
    VertexArrayObject,
};
use crate::vbo::{Attrib, DrawBatch, Prim};

/// The instances of a draw: `count` of them, the first being
/// `base` (`gl_BaseInstance`, where instanced arrays start).
#[derive(Clone, Copy, Debug)]
struct Instances {
    count: u32,
    base: u32,
}

/// The most memory one draw's fetched vertices may take (see
/// [`Context::check_draw_size`]): 4 GiB.
pub const MAX_DRAW_BYTES: usize = 4 << 30;

/// Reads application memory for the duration of one GL command.
pub trait ClientMemory {
    /// `len` bytes at address `addr`, or `None` for a null address.
    fn read(&self, addr: usize, len: usize) -> Option<&[u8]>;
}

/// Vertex array objects of a context (not shared, GL 4.6 §10.3.1).
#[derive(Clone, Debug, Default)]
pub struct VertexArrays {
    /// The bound VAO name (0 = the default object of a compatibility context).
    pub bound: u32,
    default: VertexArrayObject,
    objects: Namespace<VertexArrayObject>,
    /// Objects' `glObjectLabel` labels (apart from their array state,
    /// which `glPopClientAttrib` replaces), removed with the object.
    labels: HashMap<u32, crate::debug::Label>,
    /// `glPrimitiveRestartIndex` and `GL_PRIMITIVE_RESTART`.
    pub restart_index: u32,
    /// `GL_PRIMITIVE_RESTART` enabled.
    pub restart: bool,
    /// `GL_PRIMITIVE_RESTART_FIXED_INDEX` enabled (ES 3.0,
    /// ARB_ES3_compatibility): the index type's largest value restarts,
    /// whatever `restart` and `restart_index` say.
    pub restart_fixed: bool,
}

impl VertexArrays {
    /// The bound object.
    pub fn current(&self) -> &VertexArrayObject {
        self.objects.get(self.bound).unwrap_or(&self.default)
    }

    /// The label slot of vertex array object `name`, if it is one (bound
    /// at least once).
    pub(crate) fn label_mut(&mut self, name: u32) -> Option<&mut crate::debug::Label> {
        self.objects
            .exists(name)
            .then(|| self.labels.entry(name).or_default())
    }

    /// A deleted buffer object leaves the bound vertex array object (GL 4.6
    /// §5.1.2): arrays that took their data from it keep their offsets
    /// without a buffer, and its element array binding becomes 0.
    pub(crate) fn forget_buffer(&mut self, name: u32) {
        let vao = self.current_mut();
        for a in &mut vao.arrays {
            if a.buffer == name {
                a.buffer = 0;
            }
        }
        for b in &mut vao.bindings {
            if b.buffer == name {
                b.buffer = 0;
            }
        }
        if vao.element_buffer == name {
            vao.element_buffer = 0;
        }
    }

    /// Replaces the bound object's array state (`glPopClientAttrib`).
    pub(crate) fn restore_current(&mut self, vao: VertexArrayObject) {
        *self.current_mut() = vao;
    }

    pub(crate) fn current_mut(&mut self) -> &mut VertexArrayObject {
        match self.objects.get_mut(self.bound) {
            Some(v) => v,
            None => &mut self.default,
        }
    }
}

/// Is `mode` a primitive type a draw accepts in `profile`?
pub(crate) fn valid_mode(mode: GLenum, profile: Profile) -> bool {
    let max = if profile == Profile::Compat {
        GL_POLYGON
    } else {
        GL_TRIANGLE_FAN
    };
    mode <= max
        || matches!(
            mode,
            GL_LINES_ADJACENCY..=GL_TRIANGLE_STRIP_ADJACENCY | GL_PATCHES
        )
}

fn index_size(type_: GLenum) -> ApiResult<usize> {
    match type_ {
        GL_UNSIGNED_BYTE => Ok(1),
        GL_UNSIGNED_SHORT => Ok(2),
        GL_UNSIGNED_INT => Ok(4),
        _ => Err(ApiError::InvalidEnum),
    }
}

impl Context {
    /// `glGenVertexArrays`.
    pub fn gen_vertex_arrays(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        self.outside_begin_end()?;
        self.vertex_arrays.objects.generate(n)
    }

    /// `glBindVertexArray`: INVALID_OPERATION for a name not from
    /// `glGenVertexArrays`. The element-array binding is VAO state.
    pub fn bind_vertex_array(&mut self, name: u32) -> ApiResult {
        self.outside_begin_end()?;
        if name != 0 {
            // Only names from glGenVertexArrays, in either profile.
            self.vertex_arrays
                .objects
                .bind(name, true, VertexArrayObject::default)?;
        }
        self.flush_vertices();
        let element = self.buffers.bound(GL_ELEMENT_ARRAY_BUFFER).unwrap_or(0);
        self.vertex_arrays.current_mut().element_buffer = element;
        self.vertex_arrays.bound = name;
        let element = self.vertex_arrays.current().element_buffer;
        let shared = self.shared().clone();
        shared
            .buffers()
            .bind(&mut self.buffers, GL_ELEMENT_ARRAY_BUFFER, element, false)?;
        Ok(())
    }

    /// `glDeleteVertexArrays`: deleting the bound one binds 0.
    pub fn delete_vertex_arrays(&mut self, names: &[u32]) -> ApiResult {
        self.outside_begin_end()?;
        for &name in names {
            self.vertex_arrays.labels.remove(&name);
            if name != 0
                && self.vertex_arrays.objects.remove(name).is_some()
                && self.vertex_arrays.bound == name
            {
                self.vertex_arrays.bound = 0;
                let element = self.vertex_arrays.default.element_buffer;
                let shared = self.shared().clone();
                let _ = shared.buffers().bind(
                    &mut self.buffers,
                    GL_ELEMENT_ARRAY_BUFFER,
                    element,
                    false,
                );
            }
        }
        Ok(())
    }

    /// `glIsVertexArray`: a name that has been bound.
    pub fn is_vertex_array(&self, name: u32) -> bool {
        self.vertex_arrays.objects.exists(name)
    }

    /// The array state of attribute `a` in the bound VAO.
    pub fn array(&self, a: Attrib) -> &ArrayState {
        &self.vertex_arrays.current().arrays[a.index()]
    }

    /// Stores a pointer command's array (`arr` without `buffer`, which is the
    /// current `GL_ARRAY_BUFFER` binding). For generic attribute `generic`
    /// the command is also `glVertexAttribBinding(i, i)` and
    /// `glBindVertexBuffer(i, buffer, pointer, stride)` with the stride the
    /// elements have (GL 4.6 §10.3.2), so other attributes reading binding
    /// `i` read the new buffer too.
    fn set_pointer(&mut self, a: Attrib, generic: Option<usize>, arr: ArrayState) -> ApiResult {
        let buffer = self.buffers.bound(GL_ARRAY_BUFFER)?;
        // GL 4.6 §10.3.9: client pointers are INVALID_OPERATION while a
        // vertex array object other than the default one is bound.
        if buffer == 0 && arr.pointer != 0 && self.vertex_arrays.bound != 0 {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        let slot_of = self.generic_slots();
        let vao = self.vertex_arrays.current_mut();
        let slot = &mut vao.arrays[a.index()];
        *slot = ArrayState {
            enabled: slot.enabled,
            divisor: slot.divisor,
            buffer,
            ..arr
        };
        if let Some(i) = generic {
            let stride = slot.effective_stride();
            vao.attrib_bindings[i] = arrays::AttribBinding {
                binding: i as u8,
                relative_offset: 0,
            };
            let b = &mut vao.bindings[i];
            b.buffer = buffer;
            b.offset = arr.pointer;
            b.stride = stride;
            vao.sync_binding(i, slot_of);
        }
        Ok(())
    }

    /// Maps a generic attribute index to its array: attribute 0 is the
    /// position array outside core profiles (see
    /// [`Context::generic_slot`]).
    pub(crate) fn generic_slots(&self) -> impl Fn(usize) -> Attrib + use<> {
        let alias0 = self.params().profile != Profile::Core;
        move |i| {
            if i == 0 && alias0 {
                Attrib::POS
            } else {
                Attrib::generic(i)
            }
        }
    }

    /// The legacy pointer commands (`glVertexPointer`, ...); `pointer` is a
    /// client address or a buffer offset.
    pub fn legacy_pointer(
        &mut self,
        kind: Legacy,
        size: i32,
        type_: GLenum,
        stride: i32,
        pointer: usize,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let (size, bgra, normalized) = if self.params().is_es1() {
            arrays::check_legacy_es1(kind, size, type_, stride)?
        } else if matches!(kind, Legacy::PointSize) {
            // An ES 1 command (its slot is a generic attribute's here).
            return Err(ApiError::InvalidOperation);
        } else {
            arrays::check_legacy(kind, size, type_, stride)?
        };
        let a = match kind {
            Legacy::PointSize => Attrib::POINT_SIZE_ES1,
            Legacy::Vertex => Attrib::POS,
            Legacy::Normal => Attrib::NORMAL,
            Legacy::Color => Attrib::COLOR0,
            Legacy::SecondaryColor => Attrib::COLOR1,
            Legacy::Index => Attrib::COLOR_INDEX,
            Legacy::FogCoord => Attrib::FOG,
            Legacy::TexCoord => Attrib::tex(self.ff.client_active_texture),
            Legacy::EdgeFlag => Attrib::EDGEFLAG,
        };
        // glVertexPointer sets the array of generic attribute 0 in a
        // compatibility context (see `generic_slot`).
        let generic = (a == Attrib::POS && self.params().profile == Profile::Compat).then_some(0);
        self.set_pointer(
            a,
            generic,
            ArrayState {
                size,
                type_,
                stride,
                normalized,
                bgra,
                pointer,
                ..ArrayState::default()
            },
        )
    }

    /// `glVertexAttribPointer`.
    /// `glVertexAttribIPointer` (EXT_gpu_shader4, GL 3.0): as
    /// `glVertexAttribPointer`, for integer components fetched as integers;
    /// INVALID_ENUM for a type that is not an integer one, INVALID_VALUE
    /// for `GL_BGRA`.
    pub fn vertex_attrib_i_pointer(
        &mut self,
        index: u32,
        size: i32,
        type_: GLenum,
        stride: i32,
        pointer: usize,
    ) -> ApiResult {
        let integer = matches!(
            type_,
            GL_BYTE | GL_UNSIGNED_BYTE | GL_SHORT | GL_UNSIGNED_SHORT | GL_INT | GL_UNSIGNED_INT
        );
        let state = ArrayState {
            integer: true,
            ..ArrayState::default()
        };
        self.typed_pointer(index, (size, type_, stride, pointer), integer, state)
    }

    /// The shared part of `glVertexAttribIPointer` and
    /// `glVertexAttribLPointer`: INVALID_VALUE for the index, stride or
    /// size, INVALID_ENUM unless `type_ok`; `state` says how the elements
    /// are read.
    fn typed_pointer(
        &mut self,
        index: u32,
        (size, type_, stride, pointer): (i32, GLenum, i32, usize),
        type_ok: bool,
        state: ArrayState,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if index as usize >= crate::vbo::attrib::MAX_VERTEX_ATTRIBS
            || stride < 0
            || !(1..=4).contains(&size)
        {
            return Err(ApiError::InvalidValue);
        }
        if !type_ok {
            return Err(ApiError::InvalidEnum);
        }
        let a = self.generic_slot(index);
        self.set_pointer(
            a,
            Some(index as usize),
            ArrayState {
                size: size as u8,
                type_,
                stride,
                pointer,
                ..state
            },
        )
    }

    /// `glVertexAttribLPointer` (ARB_vertex_attrib_64bit, GL 4.1): as
    /// `glVertexAttribPointer`, for double components passed to the shader
    /// as doubles; `GL_DOUBLE` is the only type (else INVALID_ENUM).
    pub fn vertex_attrib_l_pointer(
        &mut self,
        index: u32,
        size: i32,
        type_: GLenum,
        stride: i32,
        pointer: usize,
    ) -> ApiResult {
        let state = ArrayState {
            long: true,
            ..ArrayState::default()
        };
        self.typed_pointer(
            index,
            (size, type_, stride, pointer),
            type_ == GL_DOUBLE,
            state,
        )
    }

    pub fn vertex_attrib_pointer(
        &mut self,
        index: u32,
        size: i32,
        type_: GLenum,
        normalized: bool,
        stride: i32,
        pointer: usize,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let (size, bgra) = arrays::check_generic(index, size, type_, normalized, stride)?;
        let a = self.generic_slot(index);
        self.set_pointer(
            a,
            Some(index as usize),
            ArrayState {
                size,
                type_,
                stride,
                normalized,
                bgra,
                pointer,
                ..ArrayState::default()
            },
        )
    }

    /// Generic attribute 0 is the position array in a compatibility context,
    /// and in an ES one, whose programs read attribute 0 from the same slot
    /// (the linker puts location 0 there).
    fn generic_slot(&self, index: u32) -> Attrib {
        if index == 0 && self.params().profile != Profile::Core {
            Attrib::POS
        } else {
            Attrib::generic(index as usize)
        }
    }

    /// `glEnableClientState` / `glDisableClientState`: INVALID_ENUM for an
    /// unknown array.
    pub fn set_client_state(&mut self, array: GLenum, on: bool) -> ApiResult {
        self.outside_begin_end()?;
        if self.params().is_es1() && !crate::compat::es1_state::has_cap(array) {
            return Err(ApiError::InvalidEnum);
        }
        let a = match array {
            GL_VERTEX_ARRAY => Attrib::POS,
            GL_NORMAL_ARRAY => Attrib::NORMAL,
            GL_COLOR_ARRAY => Attrib::COLOR0,
            GL_SECONDARY_COLOR_ARRAY => Attrib::COLOR1,
            GL_INDEX_ARRAY => Attrib::COLOR_INDEX,
            GL_FOG_COORD_ARRAY => Attrib::FOG,
            GL_EDGE_FLAG_ARRAY => Attrib::EDGEFLAG,
            GL_TEXTURE_COORD_ARRAY => Attrib::tex(self.ff.client_active_texture),
            GL_POINT_SIZE_ARRAY_OES if self.params().is_es1() => Attrib::POINT_SIZE_ES1,
            GL_PRIMITIVE_RESTART_NV => {
                self.set_restart(on);
                return Ok(());
            }
            _ => return Err(ApiError::InvalidEnum),
        };
        self.flush_vertices();
        self.vertex_arrays.current_mut().arrays[a.index()].enabled = on;
        Ok(())
    }

    /// The array of generic attribute `index`, about to change (buffered
    /// vertices are drawn first): INVALID_VALUE past
    /// `GL_MAX_VERTEX_ATTRIBS` (GL 4.6 §10.3.2).
    fn generic_array_mut(&mut self, index: u32) -> ApiResult<&mut ArrayState> {
        if index as usize >= crate::vbo::attrib::MAX_VERTEX_ATTRIBS {
            return Err(ApiError::InvalidValue);
        }
        self.flush_vertices();
        let a = self.generic_slot(index);
        Ok(&mut self.vertex_arrays.current_mut().arrays[a.index()])
    }

    /// `glEnableVertexAttribArray` / `glDisableVertexAttribArray`.
    pub fn set_vertex_attrib_array(&mut self, index: u32, on: bool) -> ApiResult {
        self.generic_array_mut(index)?.enabled = on;
        Ok(())
    }

    /// `glVertexAttribDivisor`: `glVertexAttribBinding(index, index)` and
    /// `glVertexBindingDivisor(index, divisor)` (GL 4.6 §10.3.4). Generic
    /// attribute 0 is the position array in a compatibility context,
    /// divisor and all.
    pub fn vertex_attrib_divisor(&mut self, index: u32, divisor: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.generic_array_mut(index)?;
        let slot_of = self.generic_slots();
        let i = index as usize;
        let vao = self.vertex_arrays.current_mut();
        vao.attrib_bindings[i].binding = index as u8;
        vao.bindings[i].divisor = divisor;
        // The attribute keeps its own elements' address: its binding is
        // the one its pointer command set.
        vao.sync_binding(i, slot_of);
        Ok(())
    }

    /// `glIsEnabled` of a client array (`GL_VERTEX_ARRAY`, ...), if `cap` names one.
    pub fn client_state_enabled(&self, cap: GLenum) -> Option<bool> {
        if cap == GL_PRIMITIVE_RESTART_NV && self.params().profile == Profile::Compat {
            return Some(self.vertex_arrays.restart);
        }
        let a = self.client_array_attrib(cap)?;
        Some(self.array(a).enabled)
    }

    fn client_array_attrib(&self, array: GLenum) -> Option<Attrib> {
        if !self.params().has_fixed_function() {
            return None;
        }
        if array == GL_POINT_SIZE_ARRAY_OES {
            return self.params().is_es1().then_some(Attrib::POINT_SIZE_ES1);
        }
        Some(match array {
            GL_VERTEX_ARRAY => Attrib::POS,
            GL_NORMAL_ARRAY => Attrib::NORMAL,
            GL_COLOR_ARRAY => Attrib::COLOR0,
            GL_SECONDARY_COLOR_ARRAY => Attrib::COLOR1,
            GL_INDEX_ARRAY => Attrib::COLOR_INDEX,
            GL_FOG_COORD_ARRAY => Attrib::FOG,
            GL_EDGE_FLAG_ARRAY => Attrib::EDGEFLAG,
            GL_TEXTURE_COORD_ARRAY => Attrib::tex(self.ff.client_active_texture),
            _ => return None,
        })
    }

    /// Whether ES 1.1's point size array is enabled (and read by the
    /// fixed-function vertex stage).
    pub(crate) fn point_size_array_on(&self) -> bool {
        self.params().is_es1() && self.array(Attrib::POINT_SIZE_ES1).enabled
    }

    /// The array-state queries of `glGet*` (size, type, stride, binding),
    /// if `pname` is one.
    pub fn get_array_state(&self, pname: GLenum) -> Option<i64> {
        let (array, what) = match pname {
            GL_VERTEX_ARRAY_SIZE => (GL_VERTEX_ARRAY, 0),
            GL_VERTEX_ARRAY_TYPE => (GL_VERTEX_ARRAY, 1),
            GL_VERTEX_ARRAY_STRIDE => (GL_VERTEX_ARRAY, 2),
            GL_VERTEX_ARRAY_BUFFER_BINDING => (GL_VERTEX_ARRAY, 3),
            GL_NORMAL_ARRAY_TYPE => (GL_NORMAL_ARRAY, 1),
            GL_NORMAL_ARRAY_STRIDE => (GL_NORMAL_ARRAY, 2),
            GL_NORMAL_ARRAY_BUFFER_BINDING => (GL_NORMAL_ARRAY, 3),
            GL_COLOR_ARRAY_SIZE => (GL_COLOR_ARRAY, 0),
            GL_COLOR_ARRAY_TYPE => (GL_COLOR_ARRAY, 1),
            GL_COLOR_ARRAY_STRIDE => (GL_COLOR_ARRAY, 2),
            GL_COLOR_ARRAY_BUFFER_BINDING => (GL_COLOR_ARRAY, 3),
            GL_TEXTURE_COORD_ARRAY_SIZE => (GL_TEXTURE_COORD_ARRAY, 0),
            GL_TEXTURE_COORD_ARRAY_TYPE => (GL_TEXTURE_COORD_ARRAY, 1),
            GL_TEXTURE_COORD_ARRAY_STRIDE => (GL_TEXTURE_COORD_ARRAY, 2),
            GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING => (GL_TEXTURE_COORD_ARRAY, 3),
            GL_SECONDARY_COLOR_ARRAY_SIZE => (GL_SECONDARY_COLOR_ARRAY, 0),
            GL_SECONDARY_COLOR_ARRAY_TYPE => (GL_SECONDARY_COLOR_ARRAY, 1),
            GL_SECONDARY_COLOR_ARRAY_STRIDE => (GL_SECONDARY_COLOR_ARRAY, 2),
            GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING => (GL_SECONDARY_COLOR_ARRAY, 3),
            GL_FOG_COORD_ARRAY_TYPE => (GL_FOG_COORD_ARRAY, 1),
            GL_FOG_COORD_ARRAY_STRIDE => (GL_FOG_COORD_ARRAY, 2),
            GL_FOG_COORD_ARRAY_BUFFER_BINDING => (GL_FOG_COORD_ARRAY, 3),
            GL_INDEX_ARRAY_TYPE => (GL_INDEX_ARRAY, 1),
            GL_INDEX_ARRAY_STRIDE => (GL_INDEX_ARRAY, 2),
            GL_INDEX_ARRAY_BUFFER_BINDING => (GL_INDEX_ARRAY, 3),
            GL_EDGE_FLAG_ARRAY_STRIDE => (GL_EDGE_FLAG_ARRAY, 2),
            GL_EDGE_FLAG_ARRAY_BUFFER_BINDING => (GL_EDGE_FLAG_ARRAY, 3),
            GL_POINT_SIZE_ARRAY_TYPE_OES => (GL_POINT_SIZE_ARRAY_OES, 1),
            GL_POINT_SIZE_ARRAY_STRIDE_OES => (GL_POINT_SIZE_ARRAY_OES, 2),
            GL_POINT_SIZE_ARRAY_BUFFER_BINDING_OES => (GL_POINT_SIZE_ARRAY_OES, 3),
            GL_VERTEX_ARRAY_BINDING => return Some(i64::from(self.vertex_arrays.bound)),
            GL_PRIMITIVE_RESTART_INDEX if self.restart_core() => {
                return Some(i64::from(self.vertex_arrays.restart_index));
            }
            GL_PRIMITIVE_RESTART_INDEX_NV if self.params().profile == Profile::Compat => {
                return Some(i64::from(self.vertex_arrays.restart_index));
            }
            _ => return None,
        };
        let a = self.array(self.client_array_attrib(array)?);
        Some(match what {
            0 => {
                if a.bgra {
                    i64::from(GL_BGRA)
                } else {
                    i64::from(a.size)
                }
            }
            1 => i64::from(a.type_),
            2 => i64::from(a.stride),
            _ => i64::from(a.buffer),
        })
    }

    /// `glGetPointerv` of an array pointer, if `pname` names one.
    pub fn get_array_pointer(&self, pname: GLenum) -> Option<usize> {
        let array = match pname {
            GL_VERTEX_ARRAY_POINTER => GL_VERTEX_ARRAY,
            GL_NORMAL_ARRAY_POINTER => GL_NORMAL_ARRAY,
            GL_COLOR_ARRAY_POINTER => GL_COLOR_ARRAY,
            GL_SECONDARY_COLOR_ARRAY_POINTER => GL_SECONDARY_COLOR_ARRAY,
            GL_INDEX_ARRAY_POINTER => GL_INDEX_ARRAY,
            GL_FOG_COORD_ARRAY_POINTER => GL_FOG_COORD_ARRAY,
            GL_EDGE_FLAG_ARRAY_POINTER => GL_EDGE_FLAG_ARRAY,
            GL_TEXTURE_COORD_ARRAY_POINTER => GL_TEXTURE_COORD_ARRAY,
            GL_POINT_SIZE_ARRAY_POINTER_OES => GL_POINT_SIZE_ARRAY_OES,
            _ => return None,
        };
        Some(self.array(self.client_array_attrib(array)?).pointer)
    }

    /// `glPrimitiveRestartIndex` and NV_primitive_restart's
    /// `glPrimitiveRestartIndexNV` (one index, as in Mesa).
    pub fn primitive_restart_index(&mut self, index: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.vertex_arrays.restart_index = index;
        Ok(())
    }

    /// Whether GL 3.1's `GL_PRIMITIVE_RESTART` and
    /// `GL_PRIMITIVE_RESTART_INDEX` exist in this context: desktop GL from
    /// 3.1 (Mesa's rule; NV_primitive_restart's names work from GL 1.x in
    /// compatibility contexts). Both switch the same state.
    pub(crate) fn restart_core(&self) -> bool {
        self.params().profile != Profile::Es && self.params().version >= (3, 1)
    }

    /// Whether `GL_PRIMITIVE_RESTART_FIXED_INDEX` exists: ES 3.0, and
    /// desktop GL with ARB_ES3_compatibility.
    pub(crate) fn restart_fixed_exists(&self) -> bool {
        let p = self.params();
        p.is_es3()
            || (!p.is_es()
                && crate::extensions::for_context(p).contains(&c"GL_ARB_ES3_compatibility"))
    }

    /// `glEnable`/`glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX)`.
    pub(crate) fn set_restart_fixed(&mut self, on: bool) {
        if self.vertex_arrays.restart_fixed != on {
            self.flush_vertices();
            self.vertex_arrays.restart_fixed = on;
        }
    }

    /// The index that restarts a primitive in a draw of `size`-byte
    /// indices, if any (GL 4.6 §10.3.6: the fixed index wins).
    fn restart_for(&self, size: usize) -> Option<u32> {
        let a = &self.vertex_arrays;
        if a.restart_fixed {
            Some(u32::MAX >> (32 - 8 * size as u32))
        } else {
            a.restart.then_some(a.restart_index)
        }
    }

    /// `glEnable`/`glDisable(GL_PRIMITIVE_RESTART)` (GL 3.1).
    pub(crate) fn set_restart(&mut self, on: bool) {
        if self.vertex_arrays.restart != on {
            self.flush_vertices();
            self.vertex_arrays.restart = on;
        }
    }

    /// `glPrimitiveRestartNV` (NV_primitive_restart): inside Begin/End, ends
    /// the primitive and begins another of the same mode; compiled into a
    /// display list as that. INVALID_OPERATION outside Begin/End.
    pub fn primitive_restart_nv(&mut self) -> ApiResult {
        if self.save_primitive_restart() && !self.executing() {
            return Ok(());
        }
        if !self.in_begin_end() {
            return Err(ApiError::InvalidOperation);
        }
        self.ff.imm.restart();
        Ok(())
    }

    /// Common draw validation (GL 4.6 §10.4): INVALID_OPERATION inside
    /// Begin/End or without a VAO in a core context; INVALID_ENUM for a bad
    /// mode; INVALID_VALUE for a negative count.
    /// The checks `glMultiDrawArrays` (`index_type` `None`) and
    /// `glMultiDrawElements` make before they read their arrays, in Mesa's
    /// order (`_mesa_validate_MultiDraw*`): inside `glBegin`
    /// INVALID_OPERATION, a negative `drawcount` INVALID_VALUE, a `mode` that
    /// is no primitive type or a bad index type INVALID_ENUM — with a
    /// `drawcount` of 0 too.
    pub fn check_multi_draw(
        &self,
        mode: GLenum,
        index_type: Option<GLenum>,
        drawcount: i32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if drawcount < 0 {
            return Err(ApiError::InvalidValue);
        }
        if !valid_mode(mode, self.params().profile) {
            return Err(ApiError::InvalidEnum.bad_enum(mode));
        }
        if let Some(t) = index_type {
            index_size(t)?;
        }
        Ok(())
    }

    /// Whether a draw from the arrays makes any vertex. In a compatibility
    /// context without a vertex shader or vertex program, a vertex is made
    /// by the position array (or generic array 0) only: GL 4.6
    /// compatibility §10.3.5 defines the draws through `ArrayElement`, which
    /// issues no vertex command when neither is enabled — so nothing is
    /// drawn, whatever the count (Mesa's `skip_validated_draw`).
    ///
    /// While a list is compiled the draw is recorded as always: it is
    /// checked again when the list runs (inside `glBegin`, say).
    fn draw_has_vertices(&self) -> bool {
        if self.compiling_list()
            || !self.params().has_fixed_function()
            || self.glsl_in_use()
            || self.arb_enabled(0)
        {
            return true;
        }
        self.vertex_arrays.current().arrays[Attrib::POS.index()].enabled
    }

    /// GL_OUT_OF_MEMORY for a draw of more vertices than this draw path
    /// can hold: it keeps each index twice and fetches every vertex into
    /// four f32s per enabled array before shading, and a draw may not ask
    /// for more than [`MAX_DRAW_BYTES`] of that (GL 4.6 §2.3.1: the GL may
    /// generate OUT_OF_MEMORY for a command that needs more memory than is
    /// available). Without it an application's count alone could make the
    /// process abort on a failed allocation.
    ///
    /// The instances of an instanced draw are drawn one by one from the same
    /// fetched vertices, so they count as that many vertices of work: a
    /// draw of `INT_MAX` instances is refused the same way.
    fn check_draw_size(&self, count: usize, instances: Instances) -> ApiResult {
        let arrays = self
            .vertex_arrays
            .current()
            .arrays
            .iter()
            .filter(|a| a.enabled)
            .count();
        let per_vertex = 12 + 16 * arrays.max(1);
        if count
            .saturating_mul(per_vertex)
            .saturating_mul(instances.count as usize)
            > MAX_DRAW_BYTES
        {
            return Err(ApiError::OutOfMemory);
        }
        Ok(())
    }

    fn check_draw(&self, mode: GLenum, count: i32) -> ApiResult {
        self.outside_begin_end()?;
        if !valid_mode(mode, self.params().profile) {
            return Err(ApiError::InvalidEnum.bad_enum(mode));
        }
        if count < 0 {
            return Err(ApiError::InvalidValue);
        }
        if self.params().profile == Profile::Core && self.vertex_arrays.bound == 0 {
            return Err(ApiError::InvalidOperation);
        }
        // ARB_vertex_program §2.14.1: an enabled target with an invalid
        // program bound.
        self.arb_validate_draw()?;
        self.check_sampler_units()?;
        self.check_draw_mode(mode)?;
        self.check_draw_framebuffer()
    }

    /// Resolves the bytes of every source: buffer ranges are checked against
    /// the buffer (INVALID_OPERATION when the range overruns it or the buffer
    /// is mapped — GL 4.6 §10.3.11 and §6.3.2); client ranges come from
    /// `client` (a null client pointer reads as a disabled array).
    /// The bytes are borrowed — from `buffers`, the share group's buffer
    /// objects locked by the caller for the fetch, and from the client's
    /// memory — never copied.
    fn source_bytes<'a>(
        srcs: Vec<ArraySource>,
        client: &'a dyn ClientMemory,
        buffers: &'a crate::buffer::Buffers,
    ) -> ApiResult<(Vec<ArraySource>, Vec<&'a [u8]>)> {
        let mut kept = Vec::with_capacity(srcs.len());
        let mut bytes = Vec::with_capacity(srcs.len());
        for s in srcs {
            if s.buffer == 0 {
                if let Some(b) = client.read(s.start, s.len) {
                    bytes.push(b);
                    kept.push(s);
                }
                continue;
            }
            let buf = buffers.get(s.buffer).ok_or(ApiError::InvalidOperation)?;
            if buf
                .mapping
                .is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT == 0)
            {
                return Err(ApiError::InvalidOperation);
            }
            let end = s
                .start
                .checked_add(s.len)
                .ok_or(ApiError::InvalidOperation)?;
            let data = buf
                .data
                .get(s.start..end)
                .ok_or(ApiError::InvalidOperation)?;
            bytes.push(data);
            kept.push(s);
        }
        Ok((kept, bytes))
    }

    /// An empty index list with room for `count` entries: the last draw's
    /// (`Submit::indices`), so that a large mesh drawn every frame does
    /// not fault in a new list each time.
    fn index_list(&mut self, count: usize) -> ApiResult<Vec<u32>> {
        let mut v = std::mem::take(&mut self.submit.indices);
        v.clear();
        v.try_reserve_exact(count)
            .map_err(|_| ApiError::OutOfMemory)?;
        Ok(v)
    }

    fn draw_indices(
        &mut self,
        mode: GLenum,
        indices: Vec<u32>,
        min: u32,
        max: u32,
        instances: Instances,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        if indices.is_empty() {
            return Ok(());
        }
        let vao = self.vertex_arrays.current().clone();
        let srcs = arrays::sources(&vao, min, max);
        // Queued immediate-mode vertices draw first (and may lock the
        // buffers, which the fetch below holds).
        self.flush_vertices();
        let shared = self.shared().clone();
        let buffers = shared.buffers();
        let (srcs, slices) = Self::source_bytes(srcs, client, &buffers)?;
        // Split at the restart index into primitives of the fetched list
        // (in place: the list less its restart indices).
        let mut prims = Vec::new();
        let mut start = 0u32;
        let mut order = indices;
        if self.vertex_arrays.restart {
            let restart_index = self.vertex_arrays.restart_index;
            let mut kept = 0;
            for r in 0..order.len() {
                let i = order[r];
                if i == restart_index {
                    let n = kept as u32;
                    if n > start {
                        prims.push(Prim {
                            mode,
                            start,
                            count: n - start,
                        });
                    }
                    start = n;
                    continue;
                }
                order[kept] = i;
                kept += 1;
            }
            order.truncate(kept);
        }
        let n = order.len() as u32;
        if n > start {
            prims.push(Prim {
                mode,
                start,
                count: n - start,
            });
        }
        // Runs too short for one primitive of the mode draw nothing: no
        // instance of them goes to the backend (a draw of many instances
        // of nothing costs nothing).
        let least = least_vertices(mode, self.programs.patch.vertices);
        if prims.iter().all(|p| p.count < least) {
            return Ok(());
        }
        // Vertices named more than once are fetched (and shaded) once: the
        // batch holds indices `lo..=hi` and its elements name them, when
        // that range is no longer than the element list.
        // `min` and `max` are those of the list less its restart indices.
        debug_assert!(order.is_empty() || order.iter().all(|&i| (min..=max).contains(&i)));
        let (lo, hi) = if order.is_empty() {
            (u32::MAX, 0)
        } else {
            (min, max)
        };
        if lo <= hi && ((hi - lo) as usize) < order.len() && self.direct_arrays(&srcs) {
            // ABI 13: the backend reads the arrays themselves.
            let inputs = srcs
                .iter()
                .map(|s| {
                    let a = &vao.arrays[s.attrib.index()];
                    let stride = a.effective_stride();
                    // The sources start at element `s.first`; the draw at `lo`.
                    let skip = (lo.saturating_sub(s.first) as usize).saturating_mul(stride);
                    let (start, len) = (s.start.saturating_add(skip), s.len.saturating_sub(skip));
                    DirectInput {
                        attrib: s.attrib,
                        format: a.element_format(),
                        stride,
                        bytes: if s.buffer == 0 {
                            DirectBytes::Client(client.read(start, len).unwrap_or(&[]))
                        } else {
                            DirectBytes::Buffer {
                                name: s.buffer,
                                start,
                                len,
                            }
                        },
                    }
                })
                .collect();
            drop(slices);
            drop(buffers);
            let in_order = order.len() == (hi - lo) as usize + 1
                && order.iter().zip(lo..).all(|(&i, v)| i == v);
            let (elements, spare) = if in_order {
                (Vec::new(), order)
            } else {
                if lo != 0 {
                    for i in &mut order {
                        *i -= lo;
                    }
                }
                (order, Vec::new())
            };
            let direct = DirectArrays {
                first: lo,
                count: hi - lo + 1,
                inputs,
            };
            let mut batch = DrawBatch {
                layout: Vec::new(),
                stride: 0,
                vertices: Vec::new(),
                prims,
                elements,
                constant: self.ff.current.values,
                vertex_ids: Vec::new(),
                instance_id: 0,
            };
            for instance in 0..instances.count {
                self.instance_constants(&vao, &mut batch, instances.base, instance, client)?;
                batch.instance_id = instance as i32;
                self.submit_arrays(&batch, &direct);
            }
            // The list serves the next draw.
            self.submit.indices = if spare.capacity() > 0 {
                spare
            } else {
                batch.elements
            };
            return Ok(());
        }
        let mut batch = if lo <= hi && ((hi - lo) as usize) < order.len() {
            let mut b = arrays::fetch(
                &vao,
                &srcs,
                &slices,
                &mut (lo..=hi),
                &self.ff.current,
                prims,
            )?;
            for i in &mut order {
                *i -= lo;
            }
            b.elements = order;
            b
        } else {
            arrays::fetch(
                &vao,
                &srcs,
                &slices,
                &mut order.into_iter(),
                &self.ff.current,
                prims,
            )?
        };
        // The instances one by one: the same vertices, with each instance's
        // elements of the instanced arrays as constant attributes and its
        // gl_InstanceID (GL 4.6 §10.3.5).
        drop(slices);
        drop(buffers);
        for instance in 0..instances.count {
            self.instance_constants(&vao, &mut batch, instances.base, instance, client)?;
            batch.instance_id = instance as i32;
            if self.save_batch(&batch) {
                self.submit_batch(&batch);
            }
        }
        Ok(())
    }

    /// Sets the constants of `batch` that instance `instance` reads from
    /// the instanced arrays (divisor > 0) of `vao`: each array's element
    /// `base + instance / divisor` (GL 4.6 §10.3.5).
    fn instance_constants(
        &self,
        vao: &VertexArrayObject,
        batch: &mut DrawBatch,
        base: u32,
        instance: u32,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        let srcs = arrays::instanced_sources(vao, base, instance);
        if srcs.is_empty() {
            return Ok(());
        }
        let shared = self.shared().clone();
        let buffers = shared.buffers();
        let (srcs, bytes) = Self::source_bytes(srcs, client, &buffers)?;
        for (s, b) in srcs.iter().zip(&bytes) {
            let one = arrays::fetch(
                vao,
                std::slice::from_ref(s),
                &[b],
                &mut [s.first].into_iter(),
                &self.ff.current,
                Vec::new(),
            )?;
            batch.constant[s.attrib.index()] = one.fetch(0, s.attrib);
        }
        Ok(())
    }

    /// Whether an array draw reading `srcs` goes to the backend as the
    /// arrays (ABI 13) rather than as vertices the core fetched: not when
    /// a display list records it, selection or feedback reports it,
    /// transform feedback writes buffers (which may be the arrays'), edge
    /// flags come from an array (the core passes those per vertex), or
    /// only constants feed the vertices.
    fn direct_arrays(&self, srcs: &[ArraySource]) -> bool {
        !self.params().core_vertex_fetch
            && !srcs.is_empty()
            && !self.compiling_list()
            && self.select.mode == GL_RENDER
            && !self.xfb.capturing()
            && srcs.iter().all(|s| s.attrib != Attrib::EDGEFLAG)
    }

    /// `glDrawArrays`: one instance, instance 0 (GL 4.6 §10.4).
    pub fn draw_arrays(
        &mut self,
        mode: GLenum,
        first: i32,
        count: i32,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        self.draw_arrays_instanced(mode, first, count, 1, 0, client)
    }

    /// `glDrawArraysInstanced(BaseInstance)`: INVALID_VALUE for a negative
    /// first or instance count; nothing for no instances.
    pub fn draw_arrays_instanced(
        &mut self,
        mode: GLenum,
        first: i32,
        count: i32,
        instances: i32,
        base_instance: u32,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        if let Some(r) = self.compile_error_in_primitive() {
            return r;
        }
        self.check_draw(mode, count)?;
        if first < 0 || instances < 0 {
            return Err(ApiError::InvalidValue);
        }
        if count == 0 || instances == 0 {
            return Ok(());
        }
        let instances = Instances {
            count: instances as u32,
            base: base_instance,
        };
        if !self.draw_has_vertices() {
            return Ok(());
        }
        let (first, count) = (first as u32, count as u32);
        let last = first.checked_add(count - 1).ok_or(ApiError::InvalidValue)?;
        self.check_draw_size(count as usize, instances)?;
        let mut indices = self.index_list(count as usize)?;
        indices.extend(first..=last);
        // Primitive restart does not apply to non-indexed draws.
        let restart = std::mem::replace(&mut self.vertex_arrays.restart, false);
        let r = self.draw_indices(mode, indices, first, last, instances, client);
        self.vertex_arrays.restart = restart;
        r
    }

    /// `glDrawElements`, `glDrawRangeElements`, `glDrawElementsBaseVertex`:
    /// `indices` is an offset into the element buffer when one is bound, else
    /// a client address. INVALID_ENUM for a bad index type.
    /// ARB_draw_elements_base_vertex: vertex `index + base_vertex` is
    /// fetched for each index that is not the restart index (which is
    /// compared before the addition, GL 4.6 §10.3.6); a sum below 0 is
    /// undefined behaviour and fetches vertex 0.
    pub fn draw_elements(
        &mut self,
        mode: GLenum,
        count: i32,
        type_: GLenum,
        indices: usize,
        base_vertex: i32,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        self.draw_elements_instanced(mode, count, type_, indices, base_vertex, 1, 0, client)
    }

    /// `glDrawElementsInstanced(BaseVertex)(BaseInstance)`: as
    /// [`Context::draw_elements`], `instances` times; INVALID_VALUE for a
    /// negative instance count.
    #[expect(
        clippy::too_many_arguments,
        reason = "the GL command's parameters plus client memory"
    )]
    pub fn draw_elements_instanced(
        &mut self,
        mode: GLenum,
        count: i32,
        type_: GLenum,
        indices: usize,
        base_vertex: i32,
        instances: i32,
        base_instance: u32,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        if let Some(r) = self.compile_error_in_primitive() {
            return r;
        }
        self.check_draw(mode, count)?;
        let size = index_size(type_)?;
        if instances < 0 {
            return Err(ApiError::InvalidValue);
        }
        if count == 0 || instances == 0 || !self.draw_has_vertices() {
            return Ok(());
        }
        let instances = Instances {
            count: instances as u32,
            base: base_instance,
        };
        self.check_draw_size(count as usize, instances)?;
        let len = count as usize * size;
        // Without an element array buffer the indices are client memory,
        // in core contexts too: the core profile removed client arrays but
        // names no error for index arrays, and Mesa reads them (piglit's
        // fp64 transform feedback tests draw so).
        let element = self.buffers.bound(GL_ELEMENT_ARRAY_BUFFER)?;
        let restart = self.restart_for(size);
        let mut list = self.index_list(count as usize)?;
        // Decoded straight from the buffer's storage (or client memory):
        // the element bytes are not copied first.
        let (min, max) = if element != 0 {
            let buffers = self.shared().buffers();
            let buf = buffers.get(element).ok_or(ApiError::InvalidOperation)?;
            let end = indices.checked_add(len).ok_or(ApiError::InvalidOperation)?;
            let raw = buf
                .data
                .get(indices..end)
                .ok_or(ApiError::InvalidOperation)?;
            decode_indices(raw, size, restart, base_vertex, &mut list)
        } else {
            match client.read(indices, len) {
                Some(raw) => decode_indices(raw, size, restart, base_vertex, &mut list),
                None => return Ok(()),
            }
        };
        if min > max {
            return Ok(());
        }
        // The list keeps its restart indices: `draw_indices` splits at
        // the context's restart index, which is this draw's for the call.
        let saved = (self.vertex_arrays.restart, self.vertex_arrays.restart_index);
        if let Some(r) = restart {
            (self.vertex_arrays.restart, self.vertex_arrays.restart_index) = (true, r);
        }
        let r = self.draw_indices(mode, list, min, max, instances, client);
        (self.vertex_arrays.restart, self.vertex_arrays.restart_index) = saved;
        r
    }

    /// `glDrawRangeElements(BaseVertex)`: INVALID_VALUE when `end < start`
    /// (GL 4.6 §10.4; checked before the other arguments, as Mesa). The
    /// range bounds the indices before `base_vertex` is added
    /// (ARB_draw_elements_base_vertex); indices outside it are undefined
    /// behaviour, and the draw fetches what they name anyway.
    #[expect(
        clippy::too_many_arguments,
        reason = "the GL command's parameters plus client memory"
    )]
    pub fn draw_range_elements(
        &mut self,
        mode: GLenum,
        start: u32,
        end: u32,
        count: i32,
        type_: GLenum,
        indices: usize,
        base_vertex: i32,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        if end < start {
            self.outside_begin_end()?;
            return Err(ApiError::InvalidValue);
        }
        self.draw_elements(mode, count, type_, indices, base_vertex, client)
    }

    /// `glDrawArraysIndirect` (ARB_draw_indirect, GL 4.6 §10.4): the draw
    /// of the `DrawArraysIndirectCommand` (`count`, `instanceCount`,
    /// `first`, `baseInstance`) at byte `offset` of the buffer bound to
    /// `GL_DRAW_INDIRECT_BUFFER`, with Mesa's errors ([`Self::indirect_command`]).
    pub fn draw_arrays_indirect(
        &mut self,
        mode: GLenum,
        offset: usize,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        let cmd = self.indirect_command(mode, offset, client)?;
        self.arrays_command(mode, cmd, client)
    }

    /// `glDrawElementsIndirect`: the `DrawElementsIndirectCommand`
    /// (`count`, `instanceCount`, `firstIndex`, `baseVertex`,
    /// `baseInstance`) at byte `offset` of the indirect buffer, its
    /// indices from the element buffer, which must be bound
    /// (INVALID_OPERATION; INVALID_ENUM first for a bad index type, as
    /// Mesa).
    pub fn draw_elements_indirect(
        &mut self,
        mode: GLenum,
        type_: GLenum,
        offset: usize,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let size = index_size(type_)?;
        if self.buffers.bound(GL_ELEMENT_ARRAY_BUFFER)? == 0 {
            return Err(ApiError::InvalidOperation);
        }
        let cmd = self.indirect_command(mode, offset, client)?;
        self.elements_command(mode, type_, size, cmd, client)
    }

    /// `glDrawTransformFeedback(Stream)(Instanced)` (ARB_transform_feedback2
    /// and 3, GL 4.0; ARB_transform_feedback_instanced, GL 4.2): the arrays
    /// from vertex 0, as many vertices as transform feedback object `name`
    /// captured from vertex stream `stream` the last time it ended
    /// ([`Context::transform_feedback_vertices`] gives the errors).
    pub fn draw_transform_feedback(
        &mut self,
        mode: GLenum,
        (name, stream): (u32, u32),
        instances: i32,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if instances < 0 {
            return Err(ApiError::InvalidValue);
        }
        let count = self.transform_feedback_vertices(mode, name, stream)?;
        let count = i32::try_from(count).unwrap_or(i32::MAX);
        self.draw_arrays_instanced(mode, 0, count, instances, 0, client)
    }

    /// `glMultiDrawArraysIndirect` (ARB_multi_draw_indirect, GL 4.3):
    /// `drawcount` commands `stride` bytes apart (0: packed), each drawn as
    /// [`Context::draw_arrays_indirect`] draws one. INVALID_VALUE for a
    /// negative count or a stride that is not a multiple of 4, then the
    /// errors of one indirect draw over the whole range.
    pub fn multi_draw_arrays_indirect(
        &mut self,
        mode: GLenum,
        offset: usize,
        drawcount: i32,
        stride: i32,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        let bytes = self.indirect_commands(mode, offset, drawcount, stride, 16, client)?;
        for cmd in bytes {
            self.arrays_command(mode, words(&cmd), client)?;
        }
        Ok(())
    }

    /// One `DrawArraysIndirectCommand`, drawn.
    fn arrays_command(
        &mut self,
        mode: GLenum,
        [count, instances, first, base_instance]: [u32; 4],
        client: &dyn ClientMemory,
    ) -> ApiResult {
        self.draw_arrays_instanced(
            mode,
            saturate(first),
            saturate(count),
            saturate(instances),
            base_instance,
            client,
        )
    }

    /// `glMultiDrawElementsIndirect`: as [`Context::multi_draw_arrays_indirect`]
    /// with [`Context::draw_elements_indirect`]'s commands and errors.
    pub fn multi_draw_elements_indirect(
        &mut self,
        mode: GLenum,
        type_: GLenum,
        offset: usize,
        drawcount: i32,
        stride: i32,
        client: &dyn ClientMemory,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let size = index_size(type_)?;
        if self.buffers.bound(GL_ELEMENT_ARRAY_BUFFER)? == 0 {
            return Err(ApiError::InvalidOperation);
        }
        let bytes = self.indirect_commands(mode, offset, drawcount, stride, 20, client)?;
        for cmd in bytes {
            self.elements_command(mode, type_, size, words(&cmd), client)?;
        }
        Ok(())
    }

    /// One `DrawElementsIndirectCommand`, drawn.
    fn elements_command(
        &mut self,
        mode: GLenum,
        type_: GLenum,
        size: usize,
        [count, instances, first, base_vertex, base_instance]: [u32; 5],
        client: &dyn ClientMemory,
    ) -> ApiResult {
        // A first index past the address space reads past the buffer.
        let indices = (first as usize)
            .checked_mul(size)
            .ok_or(ApiError::InvalidOperation)?;
        self.draw_elements_instanced(
            mode,
            saturate(count),
            type_,
            indices,
            base_vertex as i32,
            saturate(instances),
            base_instance,
            client,
        )
    }

    /// The `N` words of an indirect draw command at byte `offset` of the
    /// buffer bound to `GL_DRAW_INDIRECT_BUFFER` ([`Context::indirect_bytes`]).
    fn indirect_command<const N: usize>(
        &mut self,
        mode: GLenum,
        offset: usize,
        client: &dyn ClientMemory,
    ) -> ApiResult<[u32; N]> {
        let bytes = self.indirect_bytes(mode, offset, 4 * N, client)?;
        Ok(words(&bytes))
    }

    /// The `drawcount` commands of `len` bytes, `stride` apart (0: `len`),
    /// from `offset` ([`Context::indirect_bytes`] over their whole range),
    /// after ARB_multi_draw_indirect's own errors.
    fn indirect_commands(
        &mut self,
        mode: GLenum,
        offset: usize,
        drawcount: i32,
        stride: i32,
        len: usize,
        client: &dyn ClientMemory,
    ) -> ApiResult<Vec<Vec<u8>>> {
        self.outside_begin_end()?;
        if drawcount < 0 || stride < 0 || stride % 4 != 0 {
            return Err(ApiError::InvalidValue);
        }
        let stride = if stride == 0 { len } else { stride as usize };
        let n = drawcount as usize;
        let span = match n {
            0 => 0,
            n => (n - 1)
                .checked_mul(stride)
                .and_then(|s| s.checked_add(len))
                .ok_or(ApiError::InvalidOperation)?,
        };
        let bytes = self.indirect_bytes(mode, offset, span, client)?;
        Ok((0..n)
            .map(|i| bytes[i * stride..i * stride + len].to_vec())
            .collect())
    }

    /// The `len` bytes of indirect draw commands at byte `offset` of the
    /// buffer bound to `GL_DRAW_INDIRECT_BUFFER`, or, in a compatibility
    /// context without one, at the client address `offset` (as Mesa
    /// reads it). Errors in Mesa's order: INVALID_OPERATION outside a
    /// vertex array object in core contexts, the draw mode's errors,
    /// INVALID_VALUE for an offset that is not a multiple of 4,
    /// INVALID_OPERATION without an indirect buffer (core; a null
    /// address in compatibility contexts), with it mapped (not
    /// persistently), or when the commands read past its end. The
    /// commands' values themselves raise no error.
    fn indirect_bytes(
        &mut self,
        mode: GLenum,
        offset: usize,
        len: usize,
        client: &dyn ClientMemory,
    ) -> ApiResult<Vec<u8>> {
        self.outside_begin_end()?;
        if self.params().profile != Profile::Compat && self.vertex_arrays.bound == 0 {
            return Err(ApiError::InvalidOperation);
        }
        if !valid_mode(mode, self.params().profile) {
            return Err(ApiError::InvalidEnum.bad_enum(mode));
        }
        self.check_draw_mode(mode)?;
        if !offset.is_multiple_of(4) {
            return Err(ApiError::InvalidValue);
        }
        let name = self.buffers.bound(GL_DRAW_INDIRECT_BUFFER)?;
        if name == 0 {
            if self.params().profile != Profile::Compat {
                return Err(ApiError::InvalidOperation);
            }
            if len == 0 {
                return Ok(Vec::new());
            }
            return client
                .read(offset, len)
                .map(<[u8]>::to_vec)
                .ok_or(ApiError::InvalidOperation);
        }
        let shared = self.shared().clone();
        let buffers = shared.buffers();
        let buf = buffers.get(name).ok_or(ApiError::InvalidOperation)?;
        if buf
            .mapping
            .is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT == 0)
        {
            return Err(ApiError::InvalidOperation);
        }
        offset
            .checked_add(len)
            .and_then(|end| buf.data.get(offset..end))
            .map(<[u8]>::to_vec)
            .ok_or(ApiError::InvalidOperation)
    }

    /// `glArrayElement`: one vertex from the enabled arrays, inside Begin/End
    /// (GL 4.6 compatibility §10.8).
    /// With primitive restart on, the restart index restarts the primitive
    /// instead (NV_primitive_restart), fetching nothing.
    pub fn array_element(&mut self, i: i32, client: &dyn ClientMemory) -> ApiResult {
        if i < 0 {
            return Err(ApiError::InvalidValue);
        }
        if self.vertex_arrays.restart && i as u32 == self.vertex_arrays.restart_index {
            return self.primitive_restart_nv();
        }
        let vao = self.vertex_arrays.current().clone();
        let srcs = arrays::sources(&vao, i as u32, i as u32);
        let shared = self.shared().clone();
        let buffers = shared.buffers();
        let (srcs, slices) = Self::source_bytes(srcs, client, &buffers)?;
        let batch = arrays::fetch(
            &vao,
            &srcs,
            &slices,
            &mut [i as u32].into_iter(),
            &self.ff.current,
            Vec::new(),
        )?;
        drop(slices);
        drop(buffers);
        // Non-position attributes become current; the position provokes a vertex.
        let mut pos = None;
        for l in &batch.layout {
            if l.attrib.index() >= crate::vbo::attrib::NUM_ATTRIBS {
                // The high words of a double array (`arrays::HIGH_WORDS`):
                // no current value of their own.
                continue;
            }
            let v = batch.fetch(0, l.attrib);
            if l.attrib == Attrib::POS {
                pos = Some(v);
            } else {
                self.attrib(l.attrib, v, l.size);
            }
        }
        if let Some(p) = pos {
            self.vertex(p);
        }
        Ok(())
    }
}

/// Appends the `size`-byte indices in `raw` to `list` with `base_vertex`
/// added (clamped to `0..=u32::MAX`), restart indices kept as they are;
/// returns the least and greatest index drawn (`min > max`: none).
fn decode_indices(
    raw: &[u8],
    size: usize,
    restart: Option<u32>,
    base_vertex: i32,
    list: &mut Vec<u32>,
) -> (u32, u32) {
    let (mut min, mut max) = (u32::MAX, 0u32);
    let mut push = |i: u32| {
        if restart == Some(i) {
            list.push(i);
            return;
        }
        let v = if base_vertex == 0 {
            i
        } else {
            (i64::from(i) + i64::from(base_vertex)).clamp(0, i64::from(u32::MAX)) as u32
        };
        min = min.min(v);
        max = max.max(v);
        list.push(v);
    };
    match size {
        1 => raw.iter().for_each(|&b| push(u32::from(b))),
        2 => raw
            .chunks_exact(2)
            .for_each(|c| push(u32::from(u16::from_ne_bytes([c[0], c[1]])))),
        _ => raw
            .chunks_exact(4)
            .for_each(|c| push(u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))),
    }
    (min, max)
}

/// An indirect command's unsigned count as the `GLsizei` the direct draw
/// takes (counts past `i32::MAX` saturate: such a draw is out of memory).
fn saturate(v: u32) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// The native-endian words of an indirect command's bytes.
fn words<const N: usize>(bytes: &[u8]) -> [u32; N] {
    let mut words = [0u32; N];
    for (w, b) in words.iter_mut().zip(bytes.chunks_exact(4)) {
        *w = u32::from_ne_bytes([b[0], b[1], b[2], b[3]]);
    }
    words
}

/// The fewest vertices that make one primitive of draw mode `mode`
/// (`patch_vertices` for patches).
fn least_vertices(mode: GLenum, patch_vertices: u32) -> u32 {
    match mode {
        GL_POINTS => 1,
        GL_LINES | GL_LINE_STRIP | GL_LINE_LOOP => 2,
        GL_LINES_ADJACENCY | GL_LINE_STRIP_ADJACENCY | GL_QUADS | GL_QUAD_STRIP => 4,
        GL_TRIANGLES_ADJACENCY | GL_TRIANGLE_STRIP_ADJACENCY => 6,
        GL_PATCHES => patch_vertices.max(1),
        _ => 3,
    }
}
