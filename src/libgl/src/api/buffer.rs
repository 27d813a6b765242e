//! Buffer objects: the GL 1.5 / 3.0 / 3.1 entry points and their ARB names.

use std::ffi::c_void;

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client;

unsafe extern "C" fn gen_buffers(n: GLsizei, buffers: *mut GLuint) {
    with_ctx("glGenBuffers", (), |c| {
        let r = c.gen_buffers(n);
        if let Some(names) = c.record(r) {
            // SAFETY: the client provides room for `n` names.
            unsafe { client::write(buffers, &names) };
        }
    })
}

unsafe extern "C" fn delete_buffers(n: GLsizei, buffers: *const GLuint) {
    with_ctx("glDeleteBuffers", (), |c| {
        // SAFETY: the client passes `n` names.
        let r = unsafe { client::names(n, buffers) };
        let Some(names) = c.record(r) else {
            return;
        };
        if !buffers.is_null() {
            let r = c.delete_buffers(&names);
            c.record(r);
        }
    })
}

unsafe extern "C" fn bind_buffer(target: GLenum, buffer: GLuint) {
    with_ctx("glBindBuffer", (), |c| {
        let r = c.bind_buffer(target, buffer);
        c.record(r);
    })
}

unsafe extern "C" fn is_buffer(buffer: GLuint) -> GLboolean {
    with_ctx("glIsBuffer", 0, |c| {
        let r = c.is_buffer(buffer);
        c.record(r).map_or(0, GLboolean::from)
    })
}

unsafe extern "C" fn buffer_data(
    target: GLenum,
    size: GLsizeiptr,
    data: *const c_void,
    usage: GLenum,
) {
    with_ctx("glBufferData", (), |c| {
        let r = c.client_size(size).and_then(|n| {
            // SAFETY: GL 4.6 §6.2: `data` is null or points to `size` bytes
            // (borrowed: the core copies what it stores, once it has
            // checked the target and usage).
            let src = unsafe { client::bytes(data.cast::<u8>(), n) };
            c.buffer_data(target, size, src, usage)
        });
        c.record(r);
    })
}

/// `glBufferStorage`: the size is checked (and the data read) only when
/// positive; the core gives the errors in Mesa's order.
unsafe extern "C" fn buffer_storage(
    target: GLenum,
    size: GLsizeiptr,
    data: *const c_void,
    flags: GLbitfield,
) {
    with_ctx("glBufferStorage", (), |c| {
        let r = if size > 0 {
            c.client_size(size).map(|n| {
                // SAFETY: ARB_buffer_storage: `data` is null or points to
                // `size` bytes (borrowed: the core copies them).
                unsafe { client::bytes(data.cast::<u8>(), n) }
            })
        } else {
            Ok(None)
        };
        let r = r.and_then(|src| c.buffer_storage(target, size, src, flags));
        c.record(r);
    })
}

unsafe extern "C" fn buffer_sub_data(
    target: GLenum,
    offset: GLintptr,
    size: GLsizeiptr,
    data: *const c_void,
) {
    with_ctx("glBufferSubData", (), |c| {
        let r = c.client_size(size).and_then(|n| {
            // SAFETY: GL 4.6 §6.2: `data` points to `size` bytes (borrowed:
            // the core reads them once it has checked the range).
            match unsafe { client::bytes(data.cast::<u8>(), n) } {
                Some(src) => c.buffer_sub_data(target, offset, src),
                None => c.buffer_sub_data(target, offset, &[]),
            }
        });
        c.record(r);
    })
}

unsafe extern "C" fn get_buffer_sub_data(
    target: GLenum,
    offset: GLintptr,
    size: GLsizeiptr,
    data: *mut c_void,
) {
    with_ctx("glGetBufferSubData", (), |c| {
        let r = c.client_size(size).and_then(|n| {
            // SAFETY: GL 4.6 §6.6: `data` has room for `size` bytes (the core
            // writes them once it has checked the range).
            match unsafe { client::bytes_mut(data.cast::<u8>(), n) } {
                Some(dst) => c.get_buffer_sub_data(target, offset, dst),
                None => c.get_buffer_sub_data(target, offset, &mut []),
            }
        });
        c.record(r);
    })
}

unsafe extern "C" fn map_buffer(target: GLenum, access: GLenum) -> *mut c_void {
    with_ctx("glMapBuffer", std::ptr::null_mut(), |c| {
        let r = c.map_buffer(target, access);
        c.record(r)
            .map_or(std::ptr::null_mut(), |p| p as *mut c_void)
    })
}

unsafe extern "C" fn map_buffer_range(
    target: GLenum,
    offset: GLintptr,
    length: GLsizeiptr,
    access: GLbitfield,
) -> *mut c_void {
    with_ctx("glMapBufferRange", std::ptr::null_mut(), |c| {
        let r = c.map_buffer_range(target, offset, length, access);
        c.record(r)
            .map_or(std::ptr::null_mut(), |p| p as *mut c_void)
    })
}

unsafe extern "C" fn unmap_buffer(target: GLenum) -> GLboolean {
    with_ctx("glUnmapBuffer", 0, |c| {
        let r = c.unmap_buffer(target);
        c.record(r).map_or(0, GLboolean::from)
    })
}

unsafe extern "C" fn flush_mapped_buffer_range(
    target: GLenum,
    offset: GLintptr,
    length: GLsizeiptr,
) {
    with_ctx("glFlushMappedBufferRange", (), |c| {
        let r = c.flush_mapped_buffer_range(target, offset, length);
        c.record(r);
    })
}

unsafe extern "C" fn copy_buffer_sub_data(
    read: GLenum,
    write: GLenum,
    ro: GLintptr,
    wo: GLintptr,
    size: GLsizeiptr,
) {
    with_ctx("glCopyBufferSubData", (), |c| {
        let r = c.copy_buffer_sub_data(read, write, ro, wo, size);
        c.record(r);
    })
}

unsafe extern "C" fn get_buffer_parameteriv(target: GLenum, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetBufferParameteriv", (), |c| {
        let r = c.get_buffer_parameter(target, pname);
        if let Some(v) = c.record(r) {
            let v = v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as GLint;
            // SAFETY: GL 4.6 §6.7: one value is written.
            unsafe { client::put(params, v) };
        }
    })
}

unsafe extern "C" fn get_buffer_parameteri64v(target: GLenum, pname: GLenum, params: *mut GLint64) {
    with_ctx("glGetBufferParameteri64v", (), |c| {
        let r = c.get_buffer_parameter(target, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: GL 4.6 §6.7: one value is written.
            unsafe { client::put(params, v) };
        }
    })
}

unsafe extern "C" fn get_buffer_pointerv(target: GLenum, pname: GLenum, params: *mut *mut c_void) {
    with_ctx("glGetBufferPointerv", (), |c| {
        let r = c.get_buffer_pointer(target, pname);
        if let Some(p) = c.record(r) {
            // SAFETY: GL 4.6 §6.7: one pointer is written.
            unsafe { client::put(params, p as *mut c_void) };
        }
    })
}

/// `glClearBufferData` and `glClearBufferSubData`: one pixel of `format`
/// and `type` is read from `data` (null: zeros).
unsafe fn clear_buffer(
    name: &'static str,
    target: GLenum,
    internal_format: GLenum,
    range: Option<(GLintptr, GLsizeiptr)>,
    (format, type_): (GLenum, GLenum),
    data: *const c_void,
) {
    with_ctx(name, (), |c| {
        let r = c.clear_data_size(format, type_).and_then(|n| {
            // SAFETY: the client passes one pixel of `format` and `type`.
            let bytes = unsafe { client::bytes(data.cast::<u8>(), n) };
            c.clear_buffer_data(target, internal_format, range, (format, type_), bytes)
        });
        c.record(r);
    })
}

unsafe extern "C" fn clear_buffer_data(
    target: GLenum,
    internal_format: GLenum,
    format: GLenum,
    type_: GLenum,
    data: *const c_void,
) {
    // SAFETY: as the command's.
    unsafe {
        clear_buffer(
            "glClearBufferData",
            target,
            internal_format,
            None,
            (format, type_),
            data,
        )
    }
}

unsafe extern "C" fn clear_buffer_sub_data(
    target: GLenum,
    internal_format: GLenum,
    offset: GLintptr,
    size: GLsizeiptr,
    format: GLenum,
    type_: GLenum,
    data: *const c_void,
) {
    // SAFETY: as the command's.
    unsafe {
        clear_buffer(
            "glClearBufferSubData",
            target,
            internal_format,
            Some((offset, size)),
            (format, type_),
            data,
        )
    }
}

unsafe extern "C" fn invalidate_buffer_sub_data(
    buffer: GLuint,
    offset: GLintptr,
    length: GLsizeiptr,
) {
    with_ctx("glInvalidateBufferSubData", (), |c| {
        let r = c.invalidate_buffer_sub_data(buffer, offset, length);
        c.record(r);
    })
}

unsafe extern "C" fn invalidate_buffer_data(buffer: GLuint) {
    with_ctx("glInvalidateBufferData", (), |c| {
        let r = c.invalidate_buffer_data(buffer);
        c.record(r);
    })
}

pub(super) fn install(d: &mut Dispatch, _profile: Profile) {
    d.ClearBufferData = clear_buffer_data;
    d.ClearBufferSubData = clear_buffer_sub_data;
    d.InvalidateBufferSubData = invalidate_buffer_sub_data;
    d.InvalidateBufferData = invalidate_buffer_data;
    d.GenBuffers = gen_buffers;
    d.DeleteBuffers = delete_buffers;
    d.BindBuffer = bind_buffer;
    d.IsBuffer = is_buffer;
    d.BufferData = buffer_data;
    d.BufferSubData = buffer_sub_data;
    d.GetBufferSubData = get_buffer_sub_data;
    d.BufferStorage = buffer_storage;
    d.MapBuffer = map_buffer;
    d.MapBufferRange = map_buffer_range;
    d.UnmapBuffer = unmap_buffer;
    d.FlushMappedBufferRange = flush_mapped_buffer_range;
    d.CopyBufferSubData = copy_buffer_sub_data;
    d.GetBufferParameteriv = get_buffer_parameteriv;
    d.GetBufferParameteri64v = get_buffer_parameteri64v;
    d.GetBufferPointerv = get_buffer_pointerv;
    d.GenBuffersARB = gen_buffers;
    d.DeleteBuffersARB = delete_buffers;
    d.BindBufferARB = bind_buffer;
    d.IsBufferARB = is_buffer;
    d.BufferDataARB = buffer_data;
    d.BufferSubDataARB = buffer_sub_data;
    d.GetBufferSubDataARB = get_buffer_sub_data;
    d.MapBufferARB = map_buffer;
    d.UnmapBufferARB = unmap_buffer;
    d.GetBufferParameterivARB = get_buffer_parameteriv;
    d.GetBufferPointervARB = get_buffer_pointerv;
}
