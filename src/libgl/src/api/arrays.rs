//! Vertex arrays and array draws: pointer commands, client-state enables,
//! vertex array objects, `glDrawArrays`, `glDrawElements` & co.,
//! `glArrayElement`, `glInterleavedArrays`.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use std::ffi::c_void;

use oxgl_core::Profile;
use oxgl_core::vbo::arrays::Legacy;
use oxgl_core::vbo::binding::FormatKind;
use oxgl_glapi::Dispatch;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client::{self, Arrays as Client};

macro_rules! record {
    ($name:literal, |$c:ident| $body:expr) => {
        with_ctx($name, (), |$c| {
            let r = $body;
            $c.record(r);
        })
    };
}

unsafe extern "C" fn VertexPointer(size: GLint, type_: GLenum, stride: GLsizei, p: *const c_void) {
    record!("glVertexPointer", |c| c.legacy_pointer(
        Legacy::Vertex,
        size,
        type_,
        stride,
        p as usize
    ))
}
unsafe extern "C" fn PointSizePointerOES(type_: GLenum, stride: GLsizei, p: *const c_void) {
    record!("glPointSizePointerOES", |c| c.legacy_pointer(
        Legacy::PointSize,
        1,
        type_,
        stride,
        p as usize
    ))
}
unsafe extern "C" fn NormalPointer(type_: GLenum, stride: GLsizei, p: *const c_void) {
    record!("glNormalPointer", |c| c.legacy_pointer(
        Legacy::Normal,
        3,
        type_,
        stride,
        p as usize
    ))
}
unsafe extern "C" fn ColorPointer(size: GLint, type_: GLenum, stride: GLsizei, p: *const c_void) {
    record!("glColorPointer", |c| c.legacy_pointer(
        Legacy::Color,
        size,
        type_,
        stride,
        p as usize
    ))
}
unsafe extern "C" fn SecondaryColorPointer(
    size: GLint,
    type_: GLenum,
    stride: GLsizei,
    p: *const c_void,
) {
    record!("glSecondaryColorPointer", |c| c.legacy_pointer(
        Legacy::SecondaryColor,
        size,
        type_,
        stride,
        p as usize
    ))
}
unsafe extern "C" fn IndexPointer(type_: GLenum, stride: GLsizei, p: *const c_void) {
    record!("glIndexPointer", |c| c.legacy_pointer(
        Legacy::Index,
        1,
        type_,
        stride,
        p as usize
    ))
}
unsafe extern "C" fn FogCoordPointer(type_: GLenum, stride: GLsizei, p: *const c_void) {
    record!("glFogCoordPointer", |c| c.legacy_pointer(
        Legacy::FogCoord,
        1,
        type_,
        stride,
        p as usize
    ))
}
unsafe extern "C" fn TexCoordPointer(
    size: GLint,
    type_: GLenum,
    stride: GLsizei,
    p: *const c_void,
) {
    record!("glTexCoordPointer", |c| c.legacy_pointer(
        Legacy::TexCoord,
        size,
        type_,
        stride,
        p as usize
    ))
}
unsafe extern "C" fn EdgeFlagPointer(stride: GLsizei, p: *const c_void) {
    record!("glEdgeFlagPointer", |c| c.legacy_pointer(
        Legacy::EdgeFlag,
        1,
        GL_UNSIGNED_BYTE,
        stride,
        p as usize
    ))
}
unsafe extern "C" fn VertexAttribPointer(
    index: GLuint,
    size: GLint,
    type_: GLenum,
    normalized: GLboolean,
    stride: GLsizei,
    p: *const c_void,
) {
    record!("glVertexAttribPointer", |c| c.vertex_attrib_pointer(
        index,
        size,
        if c.params().is_es() {
            oxgl_core::texture::api::es_type(type_)
        } else {
            type_
        },
        normalized != 0,
        stride,
        p as usize
    ))
}
unsafe extern "C" fn VertexAttribIPointer(
    index: GLuint,
    size: GLint,
    type_: GLenum,
    stride: GLsizei,
    p: *const c_void,
) {
    record!("glVertexAttribIPointer", |c| c
        .vertex_attrib_i_pointer(index, size, type_, stride, p as usize))
}
unsafe extern "C" fn VertexAttribLPointer(
    index: GLuint,
    size: GLint,
    type_: GLenum,
    stride: GLsizei,
    p: *const c_void,
) {
    record!("glVertexAttribLPointer", |c| c
        .vertex_attrib_l_pointer(index, size, type_, stride, p as usize))
}
unsafe extern "C" fn EnableClientState(array: GLenum) {
    record!("glEnableClientState", |c| c.set_client_state(array, true))
}
unsafe extern "C" fn DisableClientState(array: GLenum) {
    record!("glDisableClientState", |c| c.set_client_state(array, false))
}
unsafe extern "C" fn EnableVertexAttribArray(index: GLuint) {
    record!("glEnableVertexAttribArray", |c| c
        .set_vertex_attrib_array(index, true))
}
unsafe extern "C" fn DisableVertexAttribArray(index: GLuint) {
    record!("glDisableVertexAttribArray", |c| c
        .set_vertex_attrib_array(index, false))
}
unsafe extern "C" fn PrimitiveRestartIndex(index: GLuint) {
    record!("glPrimitiveRestartIndex", |c| c
        .primitive_restart_index(index))
}
unsafe extern "C" fn PrimitiveRestartIndexNV(index: GLuint) {
    record!("glPrimitiveRestartIndexNV", |c| c
        .primitive_restart_index(index))
}
unsafe extern "C" fn PrimitiveRestartNV() {
    record!("glPrimitiveRestartNV", |c| c.primitive_restart_nv())
}

unsafe extern "C" fn GenVertexArrays(n: GLsizei, arrays: *mut GLuint) {
    with_ctx("glGenVertexArrays", (), |c| {
        let r = c.gen_vertex_arrays(n);
        if let Some(names) = c.record(r) {
            // SAFETY: the client provides room for `n` names.
            unsafe { client::write(arrays, &names) };
        }
    })
}
unsafe extern "C" fn DeleteVertexArrays(n: GLsizei, arrays: *const GLuint) {
    with_ctx("glDeleteVertexArrays", (), |c| {
        // SAFETY: the client passes `n` names.
        let r = unsafe { client::names(n, arrays) };
        let Some(names) = c.record(r) else {
            return;
        };
        if !arrays.is_null() {
            let r = c.delete_vertex_arrays(&names);
            c.record(r);
        }
    })
}
unsafe extern "C" fn BindVertexArray(array: GLuint) {
    record!("glBindVertexArray", |c| c.bind_vertex_array(array))
}
unsafe extern "C" fn IsVertexArray(array: GLuint) -> GLboolean {
    with_ctx("glIsVertexArray", 0, |c| {
        GLboolean::from(c.is_vertex_array(array))
    })
}

// EXT_vertex_array's pointer commands: the core ones with a `count` the
// GL ignores (EXT_vertex_array: "count ... is ignored", as in Mesa).
unsafe extern "C" fn VertexPointerEXT(
    size: GLint,
    type_: GLenum,
    stride: GLsizei,
    _count: GLsizei,
    p: *const c_void,
) {
    // SAFETY: forwarded with the caller's arguments.
    unsafe { VertexPointer(size, type_, stride, p) }
}
unsafe extern "C" fn NormalPointerEXT(
    type_: GLenum,
    stride: GLsizei,
    _count: GLsizei,
    p: *const c_void,
) {
    // SAFETY: forwarded with the caller's arguments.
    unsafe { NormalPointer(type_, stride, p) }
}
unsafe extern "C" fn ColorPointerEXT(
    size: GLint,
    type_: GLenum,
    stride: GLsizei,
    _count: GLsizei,
    p: *const c_void,
) {
    // SAFETY: forwarded with the caller's arguments.
    unsafe { ColorPointer(size, type_, stride, p) }
}
unsafe extern "C" fn IndexPointerEXT(
    type_: GLenum,
    stride: GLsizei,
    _count: GLsizei,
    p: *const c_void,
) {
    // SAFETY: forwarded with the caller's arguments.
    unsafe { IndexPointer(type_, stride, p) }
}
unsafe extern "C" fn TexCoordPointerEXT(
    size: GLint,
    type_: GLenum,
    stride: GLsizei,
    _count: GLsizei,
    p: *const c_void,
) {
    // SAFETY: forwarded with the caller's arguments.
    unsafe { TexCoordPointer(size, type_, stride, p) }
}
unsafe extern "C" fn EdgeFlagPointerEXT(stride: GLsizei, _count: GLsizei, p: *const GLboolean) {
    // SAFETY: forwarded with the caller's arguments.
    unsafe { EdgeFlagPointer(stride, p.cast()) }
}

unsafe extern "C" fn DrawArrays(mode: GLenum, first: GLint, count: GLsizei) {
    record!("glDrawArrays", |c| c
        .draw_arrays(mode, first, count, &Client))
}
unsafe extern "C" fn DrawElements(
    mode: GLenum,
    count: GLsizei,
    type_: GLenum,
    indices: *const c_void,
) {
    record!("glDrawElements", |c| c.draw_elements(
        mode,
        count,
        type_,
        indices as usize,
        0,
        &Client
    ))
}
unsafe extern "C" fn DrawElementsBaseVertex(
    mode: GLenum,
    count: GLsizei,
    type_: GLenum,
    indices: *const c_void,
    base: GLint,
) {
    record!("glDrawElementsBaseVertex", |c| c.draw_elements(
        mode,
        count,
        type_,
        indices as usize,
        base,
        &Client
    ))
}
unsafe extern "C" fn DrawRangeElements(
    mode: GLenum,
    start: GLuint,
    end: GLuint,
    count: GLsizei,
    type_: GLenum,
    indices: *const c_void,
) {
    record!("glDrawRangeElements", |c| c.draw_range_elements(
        mode,
        start,
        end,
        count,
        type_,
        indices as usize,
        0,
        &Client
    ))
}
unsafe extern "C" fn DrawRangeElementsBaseVertex(
    mode: GLenum,
    start: GLuint,
    end: GLuint,
    count: GLsizei,
    type_: GLenum,
    indices: *const c_void,
    base: GLint,
) {
    record!("glDrawRangeElementsBaseVertex", |c| c.draw_range_elements(
        mode,
        start,
        end,
        count,
        type_,
        indices as usize,
        base,
        &Client
    ))
}
unsafe extern "C" fn MultiDrawArrays(
    mode: GLenum,
    first: *const GLint,
    count: *const GLsizei,
    drawcount: GLsizei,
) {
    with_ctx("glMultiDrawArrays", (), |c| {
        let r = c.check_multi_draw(mode, None, drawcount);
        if c.record(r).is_none() {
            return;
        }
        if first.is_null() || count.is_null() {
            return;
        }
        let len = drawcount as usize;
        // SAFETY: GL 4.6 §10.4: both arrays hold `drawcount` entries.
        let r = unsafe { (client::read(first, len), client::read(count, len)) };
        let (Some(f), Some(n)) = (c.record(r.0), c.record(r.1)) else {
            return;
        };
        // Every count is checked before anything is drawn (as Mesa).
        if n.iter().any(|&n| n < 0) {
            c.record::<()>(Err(oxgl_core::ApiError::InvalidValue));
            return;
        }
        for (&f, &n) in f.iter().zip(&n) {
            let r = c.draw_arrays(mode, f, n, &Client);
            if c.record(r).is_none() {
                return;
            }
        }
    })
}
unsafe extern "C" fn MultiDrawElements(
    mode: GLenum,
    count: *const GLsizei,
    type_: GLenum,
    indices: *const *const c_void,
    drawcount: GLsizei,
) {
    // SAFETY: the application's arrays, as the GL contract says (below).
    unsafe {
        multi_draw_elements(
            "glMultiDrawElements",
            mode,
            count,
            type_,
            indices,
            drawcount,
            None,
        )
    }
}
unsafe extern "C" fn MultiDrawElementsBaseVertex(
    mode: GLenum,
    count: *const GLsizei,
    type_: GLenum,
    indices: *const *const c_void,
    drawcount: GLsizei,
    base: *const GLint,
) {
    // SAFETY: the application's arrays, as the GL contract says (below).
    unsafe {
        multi_draw_elements(
            "glMultiDrawElementsBaseVertex",
            mode,
            count,
            type_,
            indices,
            drawcount,
            Some(base),
        )
    }
}

/// `glMultiDrawElements` and, with `base`, `glMultiDrawElementsBaseVertex`
/// (ARB_draw_elements_base_vertex): one `glDrawElements(BaseVertex)` per
/// entry. A null array draws nothing.
///
/// # Safety
/// GL 4.6 §10.4: `count`, `indices` and `base` are null or hold
/// `drawcount` entries.
unsafe fn multi_draw_elements(
    name: &'static str,
    mode: GLenum,
    count: *const GLsizei,
    type_: GLenum,
    indices: *const *const c_void,
    drawcount: GLsizei,
    base: Option<*const GLint>,
) {
    with_ctx(name, (), |c| {
        let r = c.check_multi_draw(mode, Some(type_), drawcount);
        if c.record(r).is_none() {
            return;
        }
        if count.is_null() || indices.is_null() || base.is_some_and(|b| b.is_null()) {
            return;
        }
        let len = drawcount as usize;
        // SAFETY: GL 4.6 §10.4: the arrays hold `drawcount` entries.
        let r = unsafe { (client::read(count, len), client::read(indices, len)) };
        let (Some(n), Some(p)) = (c.record(r.0), c.record(r.1)) else {
            return;
        };
        let bases = match base {
            // SAFETY: as above, `basevertex` holds `drawcount` entries.
            Some(b) => match c.record(unsafe { client::read(b, len) }) {
                Some(b) => Some(b),
                None => return,
            },
            None => None,
        };
        if n.iter().any(|&n| n < 0) {
            c.record::<()>(Err(oxgl_core::ApiError::InvalidValue));
            return;
        }
        for (i, (&n, &p)) in n.iter().zip(&p).enumerate() {
            let b = bases.as_ref().and_then(|b| b.get(i)).copied().unwrap_or(0);
            let r = c.draw_elements(mode, n, type_, p as usize, b, &Client);
            if c.record(r).is_none() {
                return;
            }
        }
    })
}
unsafe extern "C" fn ArrayElement(i: GLint) {
    record!("glArrayElement", |c| c.array_element(i, &Client))
}

/// `glInterleavedArrays` (GL 4.6 compatibility §10.3.5, table 10.6): sets
/// and enables the arrays one of 14 fixed layouts describes.
unsafe extern "C" fn InterleavedArrays(format: GLenum, stride: GLsizei, pointer: *const c_void) {
    with_ctx("glInterleavedArrays", (), |c| {
        let r = interleaved(c, format, stride, pointer as usize);
        c.record(r);
    })
}

fn interleaved(
    c: &mut oxgl_core::Context,
    format: GLenum,
    stride: GLsizei,
    p: usize,
) -> oxgl_core::error::ApiResult {
    use oxgl_core::ApiError;
    c.outside_begin_end()?;
    if stride < 0 {
        return Err(ApiError::InvalidValue);
    }
    let f = 4usize; // sizeof(GLfloat)
    // (texcoords, colour size, colour is ubyte, normal, vertex size)
    let (t, cs, cub, n, v) = match format {
        GL_V2F => (0, 0, false, false, 2),
        GL_V3F => (0, 0, false, false, 3),
        GL_C4UB_V2F => (0, 4, true, false, 2),
        GL_C4UB_V3F => (0, 4, true, false, 3),
        GL_C3F_V3F => (0, 3, false, false, 3),
        GL_N3F_V3F => (0, 0, false, true, 3),
        GL_C4F_N3F_V3F => (0, 4, false, true, 3),
        GL_T2F_V3F => (2, 0, false, false, 3),
        GL_T4F_V4F => (4, 0, false, false, 4),
        GL_T2F_C4UB_V3F => (2, 4, true, false, 3),
        GL_T2F_C3F_V3F => (2, 3, false, false, 3),
        GL_T2F_N3F_V3F => (2, 0, false, true, 3),
        GL_T2F_C4F_N3F_V3F => (2, 4, false, true, 3),
        GL_T4F_C4F_N3F_V4F => (4, 4, false, true, 4),
        _ => return Err(ApiError::InvalidEnum),
    };
    let pc = t * f;
    let pn = pc
        + if cs == 0 {
            0
        } else if cub {
            4
        } else {
            cs * f
        };
    let pv = pn + if n { 3 * f } else { 0 };
    let size = pv + v * f;
    let stride = if stride == 0 { size as i32 } else { stride };
    let set = |c: &mut oxgl_core::Context, array: GLenum, on: bool| c.set_client_state(array, on);
    set(c, GL_EDGE_FLAG_ARRAY, false)?;
    set(c, GL_INDEX_ARRAY, false)?;
    set(c, GL_SECONDARY_COLOR_ARRAY, false)?;
    set(c, GL_FOG_COORD_ARRAY, false)?;
    set(c, GL_TEXTURE_COORD_ARRAY, t != 0)?;
    if t != 0 {
        c.legacy_pointer(Legacy::TexCoord, t as i32, GL_FLOAT, stride, p)?;
    }
    set(c, GL_COLOR_ARRAY, cs != 0)?;
    if cs != 0 {
        let ty = if cub { GL_UNSIGNED_BYTE } else { GL_FLOAT };
        c.legacy_pointer(Legacy::Color, cs as i32, ty, stride, p + pc)?;
    }
    set(c, GL_NORMAL_ARRAY, n)?;
    if n {
        c.legacy_pointer(Legacy::Normal, 3, GL_FLOAT, stride, p + pn)?;
    }
    set(c, GL_VERTEX_ARRAY, true)?;
    c.legacy_pointer(Legacy::Vertex, v as i32, GL_FLOAT, stride, p + pv)
}

// ---- ARB_vertex_attrib_binding (GL 4.3) ------------------------------------

unsafe extern "C" fn BindVertexBuffer(
    index: GLuint,
    buffer: GLuint,
    offset: GLintptr,
    stride: GLsizei,
) {
    record!("glBindVertexBuffer", |c| c
        .bind_vertex_buffer(index, buffer, offset, stride))
}
unsafe extern "C" fn BindVertexBuffers(
    first: GLuint,
    count: GLsizei,
    buffers: *const GLuint,
    offsets: *const GLintptr,
    strides: *const GLsizei,
) {
    with_ctx("glBindVertexBuffers", (), |c| {
        let r = (|| {
            if buffers.is_null() || count <= 0 {
                return c.bind_vertex_buffers(first, count, None);
            }
            let n = client::len(count, 1)?;
            // SAFETY: the client passes `count` entries in each array.
            let (b, o, s) = unsafe {
                (
                    client::read(buffers, n)?,
                    client::read(offsets, n)?,
                    client::read(strides, n)?,
                )
            };
            // Null offsets or strides with buffers are the client's error;
            // read them as 0 rather than fault.
            let entries: Vec<(u32, isize, i32)> = (0..n)
                .map(|k| {
                    (
                        b[k],
                        o.get(k).copied().unwrap_or(0),
                        s.get(k).copied().unwrap_or(0),
                    )
                })
                .collect();
            c.bind_vertex_buffers(first, count, Some(&entries))
        })();
        c.record(r);
    })
}
unsafe extern "C" fn VertexAttribFormat(
    index: GLuint,
    size: GLint,
    type_: GLenum,
    normalized: GLboolean,
    relative_offset: GLuint,
) {
    record!("glVertexAttribFormat", |c| c.vertex_attrib_format(
        index,
        size,
        type_,
        normalized != 0,
        relative_offset,
        FormatKind::Float
    ))
}
unsafe extern "C" fn VertexAttribIFormat(
    index: GLuint,
    size: GLint,
    type_: GLenum,
    relative_offset: GLuint,
) {
    record!("glVertexAttribIFormat", |c| c.vertex_attrib_format(
        index,
        size,
        type_,
        false,
        relative_offset,
        FormatKind::Integer
    ))
}
unsafe extern "C" fn VertexAttribLFormat(
    index: GLuint,
    size: GLint,
    type_: GLenum,
    relative_offset: GLuint,
) {
    record!("glVertexAttribLFormat", |c| c.vertex_attrib_format(
        index,
        size,
        type_,
        false,
        relative_offset,
        FormatKind::Long
    ))
}
unsafe extern "C" fn VertexAttribBinding(attrib: GLuint, binding: GLuint) {
    record!("glVertexAttribBinding", |c| c
        .vertex_attrib_binding(attrib, binding))
}
unsafe extern "C" fn VertexBindingDivisor(binding: GLuint, divisor: GLuint) {
    record!("glVertexBindingDivisor", |c| c
        .vertex_binding_divisor(binding, divisor))
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    // OES_point_size_array: in the compatibility table for the ES 1 table
    // made from it (INVALID_OPERATION in desktop contexts).
    d.PointSizePointerOES = PointSizePointerOES;
    d.VertexAttribPointer = VertexAttribPointer;
    d.VertexAttribIPointer = VertexAttribIPointer;
    d.VertexAttribLPointer = VertexAttribLPointer;
    d.VertexAttribPointerARB = VertexAttribPointer;
    d.EnableVertexAttribArray = EnableVertexAttribArray;
    d.DisableVertexAttribArray = DisableVertexAttribArray;
    d.EnableVertexAttribArrayARB = EnableVertexAttribArray;
    d.DisableVertexAttribArrayARB = DisableVertexAttribArray;
    d.GenVertexArrays = GenVertexArrays;
    d.DeleteVertexArrays = DeleteVertexArrays;
    d.BindVertexArray = BindVertexArray;
    d.IsVertexArray = IsVertexArray;
    d.DrawArrays = DrawArrays;
    d.DrawArraysEXT = DrawArraysEXTShim;
    d.DrawElements = DrawElements;
    d.DrawElementsBaseVertex = DrawElementsBaseVertex;
    d.DrawRangeElements = DrawRangeElements;
    d.DrawRangeElementsBaseVertex = DrawRangeElementsBaseVertex;
    d.MultiDrawElementsBaseVertex = MultiDrawElementsBaseVertex;
    // GL_OES/EXT_draw_elements_base_vertex (ES): the same commands.
    d.DrawElementsBaseVertexOES = DrawElementsBaseVertex;
    d.DrawElementsBaseVertexEXT = DrawElementsBaseVertex;
    d.DrawRangeElementsBaseVertexOES = DrawRangeElementsBaseVertex;
    d.DrawRangeElementsBaseVertexEXT = DrawRangeElementsBaseVertex;
    d.MultiDrawElementsBaseVertexEXT = MultiDrawElementsBaseVertex;
    d.MultiDrawArrays = MultiDrawArrays;
    d.MultiDrawElements = MultiDrawElements;
    d.PrimitiveRestartIndex = PrimitiveRestartIndex;
    d.BindVertexBuffer = BindVertexBuffer;
    d.BindVertexBuffers = BindVertexBuffers;
    d.VertexAttribFormat = VertexAttribFormat;
    d.VertexAttribIFormat = VertexAttribIFormat;
    d.VertexAttribLFormat = VertexAttribLFormat;
    d.VertexAttribBinding = VertexAttribBinding;
    d.VertexBindingDivisor = VertexBindingDivisor;
    if profile != Profile::Compat {
        return;
    }
    d.PrimitiveRestartIndexNV = PrimitiveRestartIndexNV;
    d.PrimitiveRestartNV = PrimitiveRestartNV;
    d.VertexPointer = VertexPointer;
    d.NormalPointer = NormalPointer;
    d.ColorPointer = ColorPointer;
    d.SecondaryColorPointer = SecondaryColorPointer;
    d.SecondaryColorPointerEXT = SecondaryColorPointer;
    d.IndexPointer = IndexPointer;
    d.FogCoordPointer = FogCoordPointer;
    d.FogCoordPointerEXT = FogCoordPointer;
    d.TexCoordPointer = TexCoordPointer;
    d.EdgeFlagPointer = EdgeFlagPointer;
    d.EnableClientState = EnableClientState;
    d.DisableClientState = DisableClientState;
    d.ArrayElement = ArrayElement;
    if profile == Profile::Compat {
        d.VertexPointerEXT = VertexPointerEXT;
        d.NormalPointerEXT = NormalPointerEXT;
        d.ColorPointerEXT = ColorPointerEXT;
        d.IndexPointerEXT = IndexPointerEXT;
        d.TexCoordPointerEXT = TexCoordPointerEXT;
        d.EdgeFlagPointerEXT = EdgeFlagPointerEXT;
    }
    d.InterleavedArrays = InterleavedArrays;
}

/// `glDrawArraysEXT` (EXT_vertex_array) has the same signature as `glDrawArrays`.
unsafe extern "C" fn DrawArraysEXTShim(mode: GLenum, first: GLint, count: GLsizei) {
    // SAFETY: forwards unchanged arguments.
    unsafe { DrawArrays(mode, first, count) }
}
