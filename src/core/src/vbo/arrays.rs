//! Vertex arrays (GL 4.6 compatibility §10.3): the per-attribute array state
//! of a vertex array object, the legacy and generic pointer commands'
//! validation, and fetching array elements into a [`DrawBatch`].
//!
//! An array's data is either client memory (`buffer == 0`; `pointer` is an
//! address in the application) or a buffer object (`pointer` is an offset).
//! The core never dereferences an address: [`ArraySource`] lists the byte
//! ranges a draw reads, the caller (the C entry point, the one place allowed
//! to read client memory) turns them into slices, and
//! [`fetch`] converts from those slices only.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use oxgl_dri_interface::vertex::{
    ElementFormat, OXGL_VERTEX_BGRA, OXGL_VERTEX_INTEGER, OXGL_VERTEX_LONG, OXGL_VERTEX_NORMALIZED,
    read_element,
};

use super::attrib::{Attrib, CurrentAttribs, MAX_VERTEX_ATTRIBS, NUM_ATTRIBS};
use super::batch::{AttribLayout, DrawBatch, Prim};
use crate::error::{ApiError, ApiResult, try_vec};

/// One attribute's array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrayState {
    /// `GL_VERTEX_ATTRIB_ARRAY_ENABLED` / `glEnableClientState`.
    pub enabled: bool,
    /// Components per element (1–4; `GL_BGRA` is stored as 4 with `bgra`).
    pub size: u8,
    /// Component type (`GL_FLOAT`, `GL_UNSIGNED_BYTE`, ...).
    pub type_: GLenum,
    /// Byte stride as given (0 = tightly packed).
    pub stride: i32,
    /// Integer components are normalized to [0, 1] / [-1, 1].
    pub normalized: bool,
    /// `size` was `GL_BGRA`: components are stored B, G, R, A.
    pub bgra: bool,
    /// `glVertexAttribIPointer` (EXT_gpu_shader4, GL 3.0): components are
    /// integers, fetched as the bits of `i32`/`u32` values
    /// (`GL_VERTEX_ATTRIB_ARRAY_INTEGER`).
    pub integer: bool,
    /// `glVertexAttribLPointer` (ARB_vertex_attrib_64bit, GL 4.1): double
    /// components passed on as their 64 bits (`GL_VERTEX_ATTRIB_ARRAY_LONG`).
    pub long: bool,
    /// Client address, or offset into `buffer`.
    pub pointer: usize,
    /// Buffer object bound to `GL_ARRAY_BUFFER` when the pointer was set.
    pub buffer: u32,
    /// Instance divisor (0 = per vertex).
    pub divisor: u32,
    /// The stride of the vertex buffer binding a generic attribute reads
    /// (ARB_vertex_attrib_binding), exact: 0 repeats one element. `None`
    /// for the legacy arrays, whose stride is `stride`'s.
    pub binding_stride: Option<usize>,
}

impl Default for ArrayState {
    fn default() -> Self {
        ArrayState {
            enabled: false,
            size: 4,
            type_: GL_FLOAT,
            stride: 0,
            normalized: false,
            bgra: false,
            integer: false,
            long: false,
            pointer: 0,
            buffer: 0,
            divisor: 0,
            binding_stride: None,
        }
    }
}

pub use oxgl_dri_interface::vertex::{is_packed, type_size};

impl ArrayState {
    /// Bytes of one element (one word for the packed 2_10_10_10 types).
    pub fn element_size(&self) -> usize {
        oxgl_dri_interface::vertex::element_bytes(self.type_, u32::from(self.size))
            .unwrap_or(4 * usize::from(self.size))
    }

    /// Bytes from one element to the next.
    pub fn effective_stride(&self) -> usize {
        if let Some(s) = self.binding_stride {
            s
        } else if self.stride == 0 {
            self.element_size()
        } else {
            self.stride as usize
        }
    }
}

/// Marks the [`AttribLayout`] of the high words of a three- or
/// four-component double array of `glVertexAttribLPointer` in a fetched
/// batch: vertex slot `HIGH_WORDS | slot` (the draw gives them the IR
/// location of the dual-slot input's high words; no slot has this bit).
pub const HIGH_WORDS: u8 = 0x80;
const _: () = assert!(NUM_ATTRIBS <= HIGH_WORDS as usize);

/// The array state of one vertex array object.
#[derive(Clone, Debug)]
pub struct VertexArrayObject {
    /// Per attribute.
    pub arrays: [ArrayState; NUM_ATTRIBS],
    /// `GL_ELEMENT_ARRAY_BUFFER` binding.
    pub element_buffer: u32,
    /// The vertex buffer bindings (ARB_vertex_attrib_binding).
    pub bindings: [VertexBinding; MAX_VERTEX_ATTRIB_BINDINGS],
    /// Per generic attribute: the binding it reads and its offset in the
    /// binding's elements.
    pub attrib_bindings: [AttribBinding; MAX_VERTEX_ATTRIBS],
}

/// `GL_MAX_VERTEX_ATTRIB_BINDINGS`.
pub const MAX_VERTEX_ATTRIB_BINDINGS: usize = 16;
/// `GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET` (llvmpipe's value).
pub const MAX_VERTEX_ATTRIB_RELATIVE_OFFSET: u32 = 2047;

/// One vertex buffer binding (GL 4.6 §10.3.1, table 23.5): where the
/// elements of the attributes that use it are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VertexBinding {
    /// `GL_VERTEX_BINDING_BUFFER` (0: client memory in the default
    /// object of a compatibility context, through the pointer commands).
    pub buffer: u32,
    /// `GL_VERTEX_BINDING_OFFSET`: a buffer offset or a client address.
    pub offset: usize,
    /// `GL_VERTEX_BINDING_STRIDE`, exact.
    pub stride: usize,
    /// `GL_VERTEX_BINDING_DIVISOR`.
    pub divisor: u32,
}

impl Default for VertexBinding {
    fn default() -> Self {
        // Table 23.5's initial stride.
        VertexBinding {
            buffer: 0,
            offset: 0,
            stride: 16,
            divisor: 0,
        }
    }
}

/// A generic attribute's `GL_VERTEX_ATTRIB_BINDING` and
/// `GL_VERTEX_ATTRIB_RELATIVE_OFFSET`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttribBinding {
    /// The binding index.
    pub binding: u8,
    /// Bytes from the start of an element of the binding.
    pub relative_offset: u32,
}

impl VertexArrayObject {
    /// Writes binding `b`'s buffer, offset, stride and divisor into the
    /// arrays of the generic attributes that read it. `slot` maps a
    /// generic attribute index to its array (attribute 0 is the position
    /// array outside core profiles).
    pub fn sync_binding(&mut self, b: usize, slot: impl Fn(usize) -> Attrib) {
        for i in 0..MAX_VERTEX_ATTRIBS {
            if usize::from(self.attrib_bindings[i].binding) == b {
                self.sync_attrib(i, slot(i));
            }
        }
    }

    /// Writes the binding generic attribute `i` reads into its array `a`.
    pub fn sync_attrib(&mut self, i: usize, a: Attrib) {
        let ab = self.attrib_bindings[i];
        let b = self.bindings[usize::from(ab.binding)];
        let arr = &mut self.arrays[a.index()];
        arr.buffer = b.buffer;
        arr.pointer = b.offset.wrapping_add(ab.relative_offset as usize);
        arr.divisor = b.divisor;
        arr.binding_stride = Some(b.stride);
    }
}

impl Default for VertexArrayObject {
    fn default() -> Self {
        let mut arrays = [ArrayState::default(); NUM_ATTRIBS];
        // Initial sizes of the legacy arrays (GL 4.6 compat table 23.4).
        arrays[Attrib::NORMAL.index()].size = 3;
        arrays[Attrib::FOG.index()].size = 1;
        arrays[Attrib::COLOR_INDEX.index()].size = 1;
        arrays[Attrib::COLOR1.index()].size = 3;
        arrays[Attrib::EDGEFLAG.index()].size = 1;
        arrays[Attrib::EDGEFLAG.index()].type_ = GL_UNSIGNED_BYTE;
        VertexArrayObject {
            arrays,
            element_buffer: 0,
            bindings: [VertexBinding::default(); MAX_VERTEX_ATTRIB_BINDINGS],
            attrib_bindings: std::array::from_fn(|i| AttribBinding {
                binding: i as u8,
                relative_offset: 0,
            }),
        }
    }
}

/// Which legacy pointer command is being validated (GL 4.6 compat table 10.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legacy {
    /// `glVertexPointer`: sizes 2–4; short, int, float, half, double.
    Vertex,
    /// `glNormalPointer`: size 3; byte, short, int, float, half, double.
    Normal,
    /// `glColorPointer`: sizes 3, 4, BGRA; every integer type, float, half, double.
    Color,
    /// `glSecondaryColorPointer`: size 3, BGRA; as colour.
    SecondaryColor,
    /// `glIndexPointer`: ubyte, short, int, float, double.
    Index,
    /// `glFogCoordPointer`: float, half, double.
    FogCoord,
    /// `glTexCoordPointer`: sizes 1–4; short, int, float, half, double.
    TexCoord,
    /// `glEdgeFlagPointer`: boolean (unsigned byte).
    EdgeFlag,
    /// `glPointSizePointerOES` (ES 1.1, OES_point_size_array): size 1;
    /// fixed, float.
    PointSize,
}

/// [`check_legacy`] for OpenGL ES 1.1 (its table 2.4, with
/// OES_byte_coordinates and OES_point_size_array): positions and texture
/// coordinates of 2–4 bytes, shorts, fixed or floats; normals of 3
/// (normalized bytes and shorts); colours of 4 (normalized unsigned
/// bytes), fixed or floats; point sizes of 1 fixed or float. INVALID_VALUE
/// for a size or a negative stride, INVALID_ENUM for a type.
pub fn check_legacy_es1(
    kind: Legacy,
    size: i32,
    type_: GLenum,
    stride: i32,
) -> ApiResult<(u8, bool, bool)> {
    let (sizes, types): (&[i32], &[GLenum]) = match kind {
        Legacy::Vertex | Legacy::TexCoord => (&[2, 3, 4], &[GL_BYTE, GL_SHORT, GL_FIXED, GL_FLOAT]),
        Legacy::Normal => (&[3], &[GL_BYTE, GL_SHORT, GL_FIXED, GL_FLOAT]),
        Legacy::Color => (&[4], &[GL_UNSIGNED_BYTE, GL_FIXED, GL_FLOAT]),
        Legacy::PointSize => (&[1], &[GL_FIXED, GL_FLOAT]),
        _ => return Err(ApiError::InvalidOperation),
    };
    if !types.contains(&type_) {
        return Err(ApiError::InvalidEnum);
    }
    if stride < 0 || !sizes.contains(&size) {
        return Err(ApiError::InvalidValue);
    }
    let normalized = matches!(kind, Legacy::Normal | Legacy::Color);
    Ok((size as u8, false, normalized))
}

/// Validates a pointer command's size and type: INVALID_VALUE for a size or
/// a negative stride, INVALID_ENUM for a type the command does not accept,
/// INVALID_OPERATION for BGRA with a type other than unsigned byte.
/// Returns (size, bgra, normalized).
pub fn check_legacy(
    kind: Legacy,
    size: i32,
    type_: GLenum,
    stride: i32,
) -> ApiResult<(u8, bool, bool)> {
    if stride < 0 {
        return Err(ApiError::InvalidValue);
    }
    let float = matches!(type_, GL_FLOAT | GL_HALF_FLOAT | GL_DOUBLE);
    let (size_ok, type_ok, normalized) = match kind {
        Legacy::Vertex => (
            (2..=4).contains(&size),
            float || matches!(type_, GL_SHORT | GL_INT),
            false,
        ),
        Legacy::TexCoord => (
            (1..=4).contains(&size),
            float || matches!(type_, GL_SHORT | GL_INT),
            false,
        ),
        Legacy::Normal => (
            size == 3,
            float || matches!(type_, GL_BYTE | GL_SHORT | GL_INT),
            true,
        ),
        Legacy::Color => (
            size == 3 || size == 4 || size == GL_BGRA as i32,
            float || type_size(type_).is_some_and(|s| s <= 4) && type_ != GL_FIXED,
            true,
        ),
        Legacy::SecondaryColor => (
            size == 3 || size == GL_BGRA as i32,
            float || type_size(type_).is_some_and(|s| s <= 4) && type_ != GL_FIXED,
            true,
        ),
        Legacy::Index => (
            size == 1,
            matches!(
                type_,
                GL_UNSIGNED_BYTE | GL_SHORT | GL_INT | GL_FLOAT | GL_DOUBLE
            ),
            false,
        ),
        Legacy::FogCoord => (size == 1, float, false),
        Legacy::EdgeFlag => (size == 1, type_ == GL_UNSIGNED_BYTE, false),
        Legacy::PointSize => (size == 1, matches!(type_, GL_FIXED | GL_FLOAT), false),
    };
    // ARB_vertex_type_2_10_10_10_rev (GL 3.3): the packed types for
    // positions, normals, colours and texture coordinates, four components
    // (three for normals and secondary colours) or BGRA.
    // ARB_vertex_type_10f_11f_11f_rev: generic attributes only.
    if oxgl_dri_interface::vertex::is_10f_11f_11f(type_) {
        return Err(ApiError::InvalidEnum);
    }
    let packed = is_packed(type_);
    let packed_ok = match kind {
        Legacy::Vertex | Legacy::TexCoord => Some(size == 4),
        Legacy::Color => Some(size == 4 || size == GL_BGRA as i32),
        Legacy::SecondaryColor => Some(size == 3 || size == GL_BGRA as i32),
        Legacy::Normal => Some(size == 3),
        _ => None,
    };
    if packed {
        return match packed_ok {
            None => Err(ApiError::InvalidEnum),
            Some(false) if (1..=4).contains(&size) || size == GL_BGRA as i32 => {
                Err(ApiError::InvalidOperation)
            }
            Some(false) => Err(ApiError::InvalidValue),
            Some(true) => {
                let bgra = size == GL_BGRA as i32;
                Ok((if bgra { 4 } else { size as u8 }, bgra, normalized))
            }
        };
    }
    if !type_ok {
        return Err(ApiError::InvalidEnum);
    }
    if !size_ok {
        return Err(ApiError::InvalidValue);
    }
    let bgra = size == GL_BGRA as i32;
    if bgra && type_ != GL_UNSIGNED_BYTE {
        return Err(ApiError::InvalidOperation);
    }
    Ok((
        if bgra { 4 } else { size as u8 },
        bgra,
        normalized && !float,
    ))
}

/// Validates `glVertexAttribPointer`: INVALID_VALUE for an index past the
/// maximum, a size other than 1–4 (or BGRA), a negative stride; INVALID_ENUM
/// for an unknown type; INVALID_OPERATION for BGRA without normalization or
/// with a type other than unsigned byte.
pub fn check_generic(
    index: u32,
    size: i32,
    type_: GLenum,
    normalized: bool,
    stride: i32,
) -> ApiResult<(u8, bool)> {
    if index as usize >= super::attrib::MAX_VERTEX_ATTRIBS || stride < 0 {
        return Err(ApiError::InvalidValue);
    }
    let packed = is_packed(type_);
    if type_size(type_).is_none() && !packed {
        return Err(ApiError::InvalidEnum);
    }
    let bgra = size == GL_BGRA as i32;
    if !bgra && !(1..=4).contains(&size) {
        return Err(ApiError::InvalidValue);
    }
    // GL 3.3 §2.8: BGRA only with unsigned bytes or a packed type, and
    // normalized; a packed type only with four components or BGRA.
    if bgra && (!(type_ == GL_UNSIGNED_BYTE || packed) || !normalized) {
        return Err(ApiError::InvalidOperation);
    }
    // ARB_vertex_type_10f_11f_11f_rev: three components, not BGRA.
    if oxgl_dri_interface::vertex::is_10f_11f_11f(type_) {
        if bgra || size != 3 {
            return Err(ApiError::InvalidOperation);
        }
        return Ok((3, false));
    }
    if packed && !bgra && size != 4 {
        return Err(ApiError::InvalidOperation);
    }
    Ok((if bgra { 4 } else { size as u8 }, bgra))
}

/// Where the arrays of a draw read their bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArraySource {
    /// Attribute.
    pub attrib: Attrib,
    /// Buffer object (0 = client memory).
    pub buffer: u32,
    /// First byte read (client address or buffer offset).
    pub start: usize,
    /// Bytes read from `start`.
    pub len: usize,
    /// Index of the element at `start`.
    pub first: u32,
}

/// Where one array of a [`DirectArrays`] draw reads: client memory (the
/// bytes, valid for the call) or a range of a buffer object, resolved
/// under the buffers' lock when the draw is handed to the backend.
#[derive(Clone, Copy, Debug)]
pub enum DirectBytes<'a> {
    /// Client memory.
    Client(&'a [u8]),
    /// Bytes `start..start + len` of buffer object `name`.
    Buffer {
        /// The buffer object.
        name: u32,
        /// First byte.
        start: usize,
        /// Bytes.
        len: usize,
    },
}

/// One array of a [`DirectArrays`] draw.
#[derive(Clone, Copy, Debug)]
pub struct DirectInput<'a> {
    /// The attribute (its index is the vertex shader input location).
    pub attrib: Attrib,
    /// Element layout.
    pub format: ElementFormat,
    /// Bytes from one element to the next.
    pub stride: usize,
    /// Where the element of the draw's first vertex starts.
    pub bytes: DirectBytes<'a>,
}

/// The per-vertex arrays of a draw handed to the backend as they are
/// (ABI 13, `OxglDrawDesc::inputs`): the backend reads and converts the
/// elements of vertices `first..first + count` itself, and the core
/// neither copies nor converts them.
#[derive(Clone, Debug)]
pub struct DirectArrays<'a> {
    /// The array index of the draw's vertex 0.
    pub first: u32,
    /// Vertices.
    pub count: u32,
    /// The arrays.
    pub inputs: Vec<DirectInput<'a>>,
}

/// The byte ranges the enabled arrays of `vao` read for vertices
/// `min..=max` (GL 4.6: indices past the arrays' data are the client's error;
/// for buffers the draw checks the ranges against the buffers' sizes).
pub fn sources(vao: &VertexArrayObject, min: u32, max: u32) -> Vec<ArraySource> {
    let mut out = Vec::new();
    for (i, a) in vao.arrays.iter().enumerate() {
        if !a.enabled || a.divisor != 0 {
            continue;
        }
        let stride = a.effective_stride();
        let start = a.pointer.saturating_add(min as usize * stride);
        let len = (max - min) as usize * stride + a.element_size();
        out.push(ArraySource {
            attrib: Attrib(i as u8),
            buffer: a.buffer,
            start,
            len,
            first: min,
        });
    }
    out
}

/// The byte ranges of the elements the enabled instanced arrays of `vao`
/// (divisor > 0) give instance `instance` of a draw starting at
/// `base_instance` (GL 4.6 §10.3.5: element `base_instance + instance /
/// divisor`), one source per array.
pub fn instanced_sources(
    vao: &VertexArrayObject,
    base_instance: u32,
    instance: u32,
) -> Vec<ArraySource> {
    let mut out = Vec::new();
    for (i, a) in vao.arrays.iter().enumerate() {
        if !a.enabled || a.divisor == 0 {
            continue;
        }
        let element = base_instance.saturating_add(instance / a.divisor);
        let start = a
            .pointer
            .saturating_add(element as usize * a.effective_stride());
        out.push(ArraySource {
            attrib: Attrib(i as u8),
            buffer: a.buffer,
            start,
            len: a.element_size(),
            first: element,
        });
    }
    out
}

pub use oxgl_dri_interface::vertex::half_to_f32;

impl ArrayState {
    /// How the backend ABI describes this array's elements.
    pub fn element_format(&self) -> ElementFormat {
        let mut flags = 0;
        if self.normalized {
            flags |= OXGL_VERTEX_NORMALIZED;
        }
        if self.integer {
            flags |= OXGL_VERTEX_INTEGER;
        }
        if self.bgra {
            flags |= OXGL_VERTEX_BGRA;
        }
        if self.long {
            flags |= OXGL_VERTEX_LONG;
        }
        ElementFormat {
            type_: self.type_,
            size: u32::from(self.size),
            flags,
        }
    }

    /// The parts the backend reads this array as ([`format_parts`]).
    pub fn parts(&self) -> impl Iterator<Item = (u8, usize, ElementFormat)> {
        format_parts(self.element_format())
    }
}

/// The parts the backend reads an array of format `f` as: `(part, byte
/// offset, format)`. One (part 0), except a three- or four-component
/// double array of `glVertexAttribLPointer`, whose high words (part 1)
/// fill a location of their own ([`OXGL_VERTEX_LONG`]: two doubles a
/// location; [`HIGH_WORDS`]).
pub fn format_parts(f: ElementFormat) -> impl Iterator<Item = (u8, usize, ElementFormat)> {
    let split = f.flags & OXGL_VERTEX_LONG != 0 && f.size > 2;
    let first = ElementFormat {
        size: if split { 2 } else { f.size },
        ..f
    };
    let second = ElementFormat {
        size: f.size.saturating_sub(2),
        ..f
    };
    std::iter::once((0, 0, first)).chain(split.then_some((1, 16, second)))
}

/// Builds a batch from the arrays: `indices` are the vertices to fetch, in
/// order (already offset by the base vertex), each read from `data[i]`, the
/// bytes of `sources[i]` (same order). Attributes without an enabled array
/// take their current values. `prims` index into the fetched vertex list.
pub fn fetch(
    vao: &VertexArrayObject,
    sources: &[ArraySource],
    data: &[&[u8]],
    indices: &mut dyn Iterator<Item = u32>,
    current: &CurrentAttribs,
    prims: Vec<Prim>,
) -> ApiResult<DrawBatch> {
    let mut layout = Vec::new();
    let mut offset = 0u16;
    for s in sources {
        for (high, _, _) in vao.arrays[s.attrib.index()].parts() {
            layout.push(AttribLayout {
                attrib: Attrib(s.attrib.0 | if high == 1 { HIGH_WORDS } else { 0 }),
                offset,
                size: 4,
            });
            offset += 4;
        }
    }
    // No array enabled (a shader making its vertices from constants): each
    // vertex still needs a slot, so it carries the current position, the
    // value a disabled attribute 0 reads anyway.
    let constant_only = sources.is_empty();
    if constant_only {
        layout.push(AttribLayout {
            attrib: Attrib::POS,
            offset: 0,
            size: 4,
        });
        offset = 4;
    }
    let stride = usize::from(offset);
    let n = indices.size_hint().0;
    let mut vertex_ids = try_vec(n)?;
    vertex_ids.extend(indices.map(|i| i as i32));
    let mut vertices = try_vec(vertex_ids.len().saturating_mul(stride))?;
    vertices.resize(vertex_ids.len() * stride, 0.0);
    if constant_only {
        for v in vertices.chunks_exact_mut(stride) {
            v[..4].copy_from_slice(&current.values[Attrib::POS.index()]);
        }
    }
    // One array at a time over every vertex, its layout decided once: a
    // float array whose components are all in range is read as `f32`s
    // straight from its bytes, anything else component by component.
    let mut k = 0;
    for (s, bytes) in sources.iter().zip(data) {
        let a = &vao.arrays[s.attrib.index()];
        let stride_bytes = a.effective_stride();
        for (_, part, format) in a.parts() {
            for (v, &index) in vertices.chunks_exact_mut(stride).zip(&vertex_ids) {
                // The slice starts at element `s.first`.
                let rel = ((index as u32).saturating_sub(s.first)) as usize * stride_bytes;
                v[4 * k..4 * k + 4].copy_from_slice(&read_element(bytes, rel + part, format));
            }
            k += 1;
        }
    }
    Ok(DrawBatch {
        layout,
        stride,
        vertices,
        prims,
        constant: current.values,
        vertex_ids,
        elements: Vec::new(),
        instance_id: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_validation() {
        assert_eq!(
            check_legacy(Legacy::Vertex, 1, GL_FLOAT, 0),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(
            check_legacy(Legacy::Vertex, 3, GL_UNSIGNED_BYTE, 0),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            check_legacy(Legacy::Vertex, 3, GL_FLOAT, -4),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(
            check_legacy(Legacy::Color, GL_BGRA as i32, GL_UNSIGNED_BYTE, 0),
            Ok((4, true, true))
        );
        assert_eq!(
            check_legacy(Legacy::Color, GL_BGRA as i32, GL_FLOAT, 0),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(
            check_legacy(Legacy::Normal, 3, GL_UNSIGNED_BYTE, 0),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            check_legacy(Legacy::Color, 4, GL_UNSIGNED_BYTE, 0),
            Ok((4, false, true))
        );
        assert_eq!(
            check_generic(16, 4, GL_FLOAT, false, 0),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(
            check_generic(0, 5, GL_FLOAT, false, 0),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(
            check_generic(0, GL_BGRA as i32, GL_UNSIGNED_BYTE, false, 0),
            Err(ApiError::InvalidOperation)
        );
    }

    #[test]
    fn fetch_converts_and_orders() {
        let mut vao = VertexArrayObject::default();
        let pos = &mut vao.arrays[Attrib::POS.index()];
        *pos = ArrayState {
            enabled: true,
            size: 2,
            type_: GL_SHORT,
            stride: 8,
            pointer: 1000,
            ..ArrayState::default()
        };
        let col = &mut vao.arrays[Attrib::COLOR0.index()];
        *col = ArrayState {
            enabled: true,
            size: 4,
            type_: GL_UNSIGNED_BYTE,
            normalized: true,
            bgra: true,
            pointer: 5000,
            ..ArrayState::default()
        };
        // Vertices 1 and 2 of the arrays.
        let srcs = sources(&vao, 1, 2);
        assert_eq!(
            srcs[0],
            ArraySource {
                attrib: Attrib::POS,
                buffer: 0,
                start: 1008,
                len: 12,
                first: 1
            }
        );
        let pos_bytes: Vec<u8> = [10i16, 20, 0, 0, 30, 40]
            .iter()
            .flat_map(|v| v.to_ne_bytes())
            .collect();
        // Colours of elements 1 and 2 (element 2 unused here).
        let col_bytes = [255u8, 0, 0, 255, 0, 0, 0, 0];
        let data: Vec<&[u8]> = vec![&pos_bytes[..], &col_bytes[..]];
        assert_eq!(
            srcs[1],
            ArraySource {
                attrib: Attrib::COLOR0,
                buffer: 0,
                start: 5004,
                len: 8,
                first: 1
            }
        );
        let cur = CurrentAttribs::default();
        let b = fetch(&vao, &srcs, &data, &mut [2u32, 1].into_iter(), &cur, vec![]).unwrap();
        assert_eq!(b.fetch(0, Attrib::POS), [30.0, 40.0, 0.0, 1.0]);
        assert_eq!(b.fetch(1, Attrib::POS), [10.0, 20.0, 0.0, 1.0]);
        // BGRA: byte 0 is blue.
        assert_eq!(b.fetch(1, Attrib::COLOR0), [0.0, 0.0, 1.0, 1.0]);
        assert_eq!(b.fetch(0, Attrib::NORMAL), [0.0, 0.0, 1.0, 1.0]);
    }

    #[test]
    fn halves() {
        assert_eq!(half_to_f32(0x3c00), 1.0);
        assert_eq!(half_to_f32(0xc000), -2.0);
        assert_eq!(half_to_f32(0x0001), 5.960_464_5e-8);
    }
}
