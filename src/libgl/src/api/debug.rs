//! Debug output and object labels (GL 4.3 / `GL_KHR_debug`, whose `KHR`
//! names are the same handlers, and `GL_ARB_debug_output`'s `ARB` names, which
//! share the semantics), `glGetPointerv`, and the delivery of messages to the
//! application's callback.
//!
//! The core queues the messages for the callback ([`oxgl_core::debug`]);
//! [`super::with_ctx`] hands them to [`deliver`] after the command, when the
//! context is no longer borrowed, so the callback may call GL.

use std::ffi::c_void;

use oxgl_core::Profile;
use oxgl_core::debug::{self, AppString, Delivery};
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;

/// Calls the application's callback for each message, in order.
pub(super) fn deliver(deliveries: Vec<Delivery>) {
    for d in deliveries {
        let m = &d.message;
        let text = m.text_with_nul();
        // SAFETY: GL 4.6 §20.2: the application gave `callback` to
        // glDebugMessageCallback as a GLDEBUGPROC; `message` is a
        // NUL-terminated string of `length` characters (terminator excluded)
        // that outlives the call; `userParam` is the pointer the application
        // gave, returned unchanged.
        unsafe {
            (d.callback)(
                m.source.gl(),
                m.type_.gl(),
                m.id,
                m.severity.gl(),
                m.text().len() as GLsizei,
                text.as_ptr() as *const GLchar,
                std::ptr::with_exposed_provenance(d.user_param),
            );
        }
    }
}

/// Reads an application string given as `(length, ptr)`: `length` bytes, or
/// up to a terminator when `length` is negative. `None` for a null pointer.
/// Reads nothing past `limit` bytes: a string that long is
/// [`AppString::TooLong`], which the core rejects with INVALID_VALUE (an
/// explicit length may overstate the buffer, as in the conformance tests).
///
/// # Safety
/// `ptr` is null, or points to `length` readable bytes (`length >= 0`) or to
/// a NUL-terminated string (`length < 0`), valid for `'a`.
unsafe fn app_string<'a>(
    length: GLsizei,
    ptr: *const GLchar,
    limit: usize,
) -> Option<AppString<'a>> {
    if ptr.is_null() {
        return None;
    }
    let p = ptr as *const u8;
    if let Ok(n) = usize::try_from(length) {
        if n >= limit {
            return Some(AppString::TooLong);
        }
        // SAFETY: the caller's contract: `length` bytes at `ptr`.
        return Some(AppString::Read(unsafe { std::slice::from_raw_parts(p, n) }));
    }
    for n in 0..limit {
        // SAFETY: a NUL-terminated string is readable up to its terminator,
        // and the loop stops there.
        if unsafe { p.add(n).read() } == 0 {
            // SAFETY: the `n` bytes before the terminator were just read.
            return Some(AppString::Read(unsafe { std::slice::from_raw_parts(p, n) }));
        }
    }
    Some(AppString::TooLong)
}

/// Writes `value` at `array[i]` unless `array` is null.
///
/// # Safety
/// `array` is null or has room for `i + 1` elements.
unsafe fn put<T>(array: *mut T, i: usize, value: T) {
    if !array.is_null() {
        // SAFETY: the caller's contract.
        unsafe { array.add(i).write_unaligned(value) };
    }
}

/// Writes a label as glGetObjectLabel does, into `out` (room for `buf_size`
/// bytes) and its length into `length`; either may be null.
fn write_label(label: &[u8], buf_size: GLsizei, length: *mut GLsizei, out: *mut GLchar) {
    let buf_size = usize::try_from(buf_size).unwrap_or(0);
    let (copy, len) = debug::label_copy(label, buf_size, !out.is_null());
    if !out.is_null() && buf_size > 0 {
        // SAFETY: GL 4.6 §20.9: `label` has room for `bufSize` bytes;
        // label_copy cut the copy to `bufSize - 1` bytes before the terminator.
        unsafe {
            std::ptr::copy_nonoverlapping(copy.as_ptr(), out as *mut u8, copy.len());
            out.add(copy.len()).write(0);
        }
    }
    // SAFETY: `length` is null or points to one GLsizei (GL 4.6 §20.9).
    unsafe { put(length, 0, len as GLsizei) };
}

unsafe extern "C" fn debug_message_control(
    source: GLenum,
    type_: GLenum,
    severity: GLenum,
    count: GLsizei,
    ids: *const GLuint,
    enabled: GLboolean,
) {
    with_ctx("glDebugMessageControl", (), |c| {
        let ids = match usize::try_from(count) {
            Ok(n) if n > 0 && !ids.is_null() => {
                // SAFETY: GL 4.6 §20.4: `ids` is an array of `count` ids.
                unsafe { std::slice::from_raw_parts(ids, n) }
            }
            _ => &[],
        };
        let r = c
            .debug
            .message_control(source, type_, severity, count, ids, enabled != 0);
        c.record(r);
    })
}

unsafe extern "C" fn debug_message_insert(
    source: GLenum,
    type_: GLenum,
    id: GLuint,
    severity: GLenum,
    length: GLsizei,
    buf: *const GLchar,
) {
    with_ctx("glDebugMessageInsert", (), |c| {
        // SAFETY: GL 4.6 §20.5: `buf` holds `length` characters, or a
        // NUL-terminated string when `length` is negative.
        let text = unsafe { app_string(length, buf, debug::MAX_DEBUG_MESSAGE_LENGTH) };
        let r = c.debug.message_insert(source, type_, id, severity, text);
        c.record(r);
    })
}

unsafe extern "C" fn debug_message_callback(callback: GLDEBUGPROC, user_param: *const c_void) {
    with_ctx("glDebugMessageCallback", (), |c| {
        c.debug
            .set_callback(callback, user_param.expose_provenance());
    })
}

unsafe extern "C" fn get_debug_message_log(
    count: GLuint,
    buf_size: GLsizei,
    sources: *mut GLenum,
    types: *mut GLenum,
    ids: *mut GLuint,
    severities: *mut GLenum,
    lengths: *mut GLsizei,
    message_log: *mut GLchar,
) -> GLuint {
    with_ctx("glGetDebugMessageLog", 0, |c| {
        let r = c
            .debug
            .message_log(count, (!message_log.is_null()).then_some(buf_size));
        let Some(messages) = c.record(r) else {
            return 0;
        };
        let mut text = message_log as *mut u8;
        for (i, m) in messages.iter().enumerate() {
            // SAFETY: GL 4.6 §20.7: each non-null array has room for `count`
            // elements, and the core returned at most `count` messages.
            unsafe {
                put(sources, i, m.source.gl());
                put(types, i, m.type_.gl());
                put(ids, i, m.id);
                put(severities, i, m.severity.gl());
                put(lengths, i, m.text_with_nul().len() as GLsizei);
            }
            if !text.is_null() {
                let t = m.text_with_nul();
                // SAFETY: `messageLog` has room for `bufSize` bytes, and the
                // core returned only messages whose texts with their
                // terminators fit in them together.
                unsafe {
                    std::ptr::copy_nonoverlapping(t.as_ptr(), text, t.len());
                    text = text.add(t.len());
                }
            }
        }
        messages.len() as GLuint
    })
}

unsafe extern "C" fn push_debug_group(
    source: GLenum,
    id: GLuint,
    length: GLsizei,
    message: *const GLchar,
) {
    with_ctx("glPushDebugGroup", (), |c| {
        // SAFETY: GL 4.6 §20.6: `message` holds `length` characters, or a
        // NUL-terminated string when `length` is negative.
        let text = unsafe { app_string(length, message, debug::MAX_DEBUG_MESSAGE_LENGTH) };
        let r = c.debug.push_group(source, id, text);
        c.record(r);
    })
}

unsafe extern "C" fn pop_debug_group() {
    with_ctx("glPopDebugGroup", (), |c| {
        let r = c.debug.pop_group();
        c.record(r);
    })
}

unsafe extern "C" fn object_label(
    identifier: GLenum,
    name: GLuint,
    length: GLsizei,
    label: *const GLchar,
) {
    with_ctx("glObjectLabel", (), |c| {
        // SAFETY: GL 4.6 §20.9: `label` is null, holds `length` characters,
        // or is NUL-terminated when `length` is negative.
        let text = unsafe { app_string(length, label, debug::MAX_LABEL_LENGTH) };
        let r = c.object_label(identifier, name, text);
        c.record(r);
    })
}

unsafe extern "C" fn get_object_label(
    identifier: GLenum,
    name: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    label: *mut GLchar,
) {
    with_ctx("glGetObjectLabel", (), |c| {
        let r = c
            .get_object_label(identifier, name, buf_size)
            .map(<[u8]>::to_vec);
        if let Some(l) = c.record(r) {
            write_label(&l, buf_size, length, label);
        }
    })
}

unsafe extern "C" fn object_ptr_label(ptr: *const c_void, length: GLsizei, label: *const GLchar) {
    with_ctx("glObjectPtrLabel", (), |c| {
        // SAFETY: as for glObjectLabel (GL 4.6 §20.9).
        let text = unsafe { app_string(length, label, debug::MAX_LABEL_LENGTH) };
        let r = c.object_ptr_label(ptr.addr(), text);
        c.record(r);
    })
}

unsafe extern "C" fn get_object_ptr_label(
    ptr: *const c_void,
    buf_size: GLsizei,
    length: *mut GLsizei,
    label: *mut GLchar,
) {
    with_ctx("glGetObjectPtrLabel", (), |c| {
        let r = c
            .get_object_ptr_label(ptr.addr(), buf_size)
            .map(<[u8]>::to_vec);
        if let Some(l) = c.record(r) {
            write_label(&l, buf_size, length, label);
        }
    })
}

unsafe extern "C" fn get_pointerv(pname: GLenum, params: *mut *mut c_void) {
    with_ctx("glGetPointerv", (), |c| {
        let r = c.get_pointer(pname);
        if let Some(addr) = c.record(r)
            && !params.is_null()
        {
            // SAFETY: GL 4.6 §22.2: `params` has room for one pointer.
            unsafe { params.write_unaligned(std::ptr::with_exposed_provenance_mut(addr)) };
        }
    })
}

pub(super) fn install(d: &mut Dispatch, _profile: Profile) {
    d.DebugMessageControl = debug_message_control;
    d.DebugMessageControlKHR = debug_message_control;
    d.DebugMessageControlARB = debug_message_control;
    d.DebugMessageInsert = debug_message_insert;
    d.DebugMessageInsertKHR = debug_message_insert;
    d.DebugMessageInsertARB = debug_message_insert;
    d.DebugMessageCallback = debug_message_callback;
    d.DebugMessageCallbackKHR = debug_message_callback;
    d.DebugMessageCallbackARB = debug_message_callback;
    d.GetDebugMessageLog = get_debug_message_log;
    d.GetDebugMessageLogKHR = get_debug_message_log;
    d.GetDebugMessageLogARB = get_debug_message_log;
    d.PushDebugGroup = push_debug_group;
    d.PushDebugGroupKHR = push_debug_group;
    d.PopDebugGroup = pop_debug_group;
    d.PopDebugGroupKHR = pop_debug_group;
    d.ObjectLabel = object_label;
    d.ObjectLabelKHR = object_label;
    d.GetObjectLabel = get_object_label;
    d.GetObjectLabelKHR = get_object_label;
    d.ObjectPtrLabel = object_ptr_label;
    d.ObjectPtrLabelKHR = object_ptr_label;
    d.GetObjectPtrLabel = get_object_ptr_label;
    d.GetObjectPtrLabelKHR = get_object_ptr_label;
    d.GetPointerv = get_pointerv;
    d.GetPointervKHR = get_pointerv;
}
