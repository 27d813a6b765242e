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
use oxgl_core::debug::{self, Delivery};
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client;

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

/// Writes a label as glGetObjectLabel does, into `out` (room for `buf_size`
/// bytes) and its length into `length`; either may be null.
///
/// # Safety
/// GL 4.6 §20.9: `out` is null or has room for `buf_size` bytes, `length`
/// is null or has room for one value.
unsafe fn write_label(label: &[u8], buf_size: GLsizei, length: *mut GLsizei, out: *mut GLchar) {
    let buf_size = usize::try_from(buf_size).unwrap_or(0);
    let (copy, len) = debug::label_copy(label, buf_size, !out.is_null());
    // SAFETY: per the caller; label_copy cut the copy to `bufSize - 1`
    // bytes, which write_c_str writes with a terminator.
    unsafe {
        client::write_c_str(out, buf_size, copy);
        client::put(length, len as GLsizei);
    }
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
        // The arguments are checked first, by the same call without the
        // ids: with `count > 0` it changes nothing once they are valid (the
        // ids name messages of one source and type, GL 4.6 §20.4), and then
        // the `count` ids are read and applied.
        let r = c
            .debug
            .message_control(source, type_, severity, count, &[], enabled != 0);
        if c.record(r).is_none() || count <= 0 {
            return;
        }
        // SAFETY: GL 4.6 §20.4: `ids` is an array of `count` ids.
        let ids = unsafe { client::read(ids, count as usize) };
        let Some(ids) = c.record(ids) else {
            return;
        };
        let r = c
            .debug
            .message_control(source, type_, severity, count, &ids, enabled != 0);
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
        let text = unsafe { client::sized_str(length, buf, debug::MAX_DEBUG_MESSAGE_LENGTH) };
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
        let text: Vec<u8> = messages
            .iter()
            .flat_map(|m| m.text_with_nul().iter().copied())
            .collect();
        // SAFETY: GL 4.6 §20.7: each non-null array has room for `count`
        // elements, and the core returned at most `count` messages (no more
        // than the log holds); `messageLog` has room for `bufSize` bytes,
        // and the core returned only messages whose texts with their
        // terminators fit in them together.
        unsafe {
            client::write_iter(sources, messages.iter().map(|m| m.source.gl()));
            client::write_iter(types, messages.iter().map(|m| m.type_.gl()));
            client::write_iter(ids, messages.iter().map(|m| m.id));
            client::write_iter(severities, messages.iter().map(|m| m.severity.gl()));
            client::write_iter(
                lengths,
                messages.iter().map(|m| m.text_with_nul().len() as GLsizei),
            );
            client::write(message_log.cast::<u8>(), &text);
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
        let text = unsafe { client::sized_str(length, message, debug::MAX_DEBUG_MESSAGE_LENGTH) };
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
        let text = unsafe { client::sized_str(length, label, debug::MAX_LABEL_LENGTH) };
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
        let r = c.get_object_label(identifier, name, buf_size);
        if let Some(l) = c.record(r) {
            // SAFETY: GL 4.6 §20.9: `label` has room for `bufSize` bytes,
            // `length` for one value.
            unsafe { write_label(&l, buf_size, length, label) };
        }
    })
}

unsafe extern "C" fn object_ptr_label(ptr: *const c_void, length: GLsizei, label: *const GLchar) {
    with_ctx("glObjectPtrLabel", (), |c| {
        // SAFETY: as for glObjectLabel (GL 4.6 §20.9).
        let text = unsafe { client::sized_str(length, label, debug::MAX_LABEL_LENGTH) };
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
        let r = c.get_object_ptr_label(ptr.addr(), buf_size);
        if let Some(l) = c.record(r) {
            // SAFETY: as for glGetObjectLabel (GL 4.6 §20.9).
            unsafe { write_label(&l, buf_size, length, label) };
        }
    })
}

unsafe extern "C" fn get_pointerv(pname: GLenum, params: *mut *mut c_void) {
    with_ctx("glGetPointerv", (), |c| {
        let r = c.get_pointer(pname);
        if let Some(addr) = c.record(r) {
            // SAFETY: GL 4.6 §22.2: `params` has room for one pointer.
            unsafe { client::put(params, std::ptr::with_exposed_provenance_mut(addr)) };
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
