//! Display lists: glNewList, glEndList, glCallList(s), glListBase,
//! glGenLists, glDeleteLists, glIsList.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use std::ffi::c_void;

use oxgl_core::Profile;
use oxgl_core::compat::dlist::{call_lists_size, decode_call_lists};
use oxgl_core::error::try_vec;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client;

unsafe extern "C" fn NewList(list: GLuint, mode: GLenum) {
    with_ctx("glNewList", (), |c| {
        let r = c.new_list(list, mode);
        c.record(r);
    })
}

unsafe extern "C" fn EndList() {
    with_ctx("glEndList", (), |c| {
        let r = c.end_list();
        c.record(r);
    })
}

unsafe extern "C" fn CallList(list: GLuint) {
    with_ctx("glCallList", (), |c| c.call_list(list))
}

/// Elements of `glCallLists`'s array read (and decoded) at a time.
const CALL_LISTS_CHUNK: usize = 4096;

/// `glCallLists`: INVALID_VALUE for a negative `n`, INVALID_ENUM for an
/// unknown type, then the `n` names (GL 4.6 compat §21.4): decoded into a
/// vector allocated fallibly (OUT_OF_MEMORY where `n` names cannot be
/// held), reading the client's array a chunk at a time so that no copy of
/// it is made, and only then are the lists called.
unsafe extern "C" fn CallLists(n: GLsizei, type_: GLenum, lists: *const c_void) {
    with_ctx("glCallLists", (), |c| {
        let r = (|| {
            if n < 0 {
                return Err(oxgl_core::ApiError::InvalidValue);
            }
            let size = call_lists_size(type_)?;
            if lists.is_null() {
                return Ok(Vec::new());
            }
            let n = n as usize;
            let mut names = try_vec(n)?;
            let bytes = lists.cast::<u8>();
            for first in (0..n).step_by(CALL_LISTS_CHUNK) {
                let len = CALL_LISTS_CHUNK.min(n - first);
                // SAFETY: GL 4.6 compat §21.4: `lists` holds `n` elements of
                // `type_`, `size` bytes each; this reads elements
                // `first..first + len`.
                let chunk = unsafe { client::read_at(bytes, first * size, len * size) }?;
                names.extend(decode_call_lists(type_, &chunk, len)?);
            }
            Ok(names)
        })();
        if let Some(names) = c.record(r) {
            c.call_lists(&names);
        }
    })
}

unsafe extern "C" fn ListBase(base: GLuint) {
    with_ctx("glListBase", (), |c| {
        if c.compiling_list() {
            c.save(Box::new(move |c| c.list_base(base)));
            if !c.executing() {
                return;
            }
        }
        let r = c.list_base(base);
        c.record(r);
    })
}

unsafe extern "C" fn GenLists(range: GLsizei) -> GLuint {
    with_ctx("glGenLists", 0, |c| {
        let r = c.gen_lists(range);
        c.record(r).unwrap_or(0)
    })
}

unsafe extern "C" fn DeleteLists(list: GLuint, range: GLsizei) {
    with_ctx("glDeleteLists", (), |c| {
        let r = c.delete_lists(list, range);
        c.record(r);
    })
}

unsafe extern "C" fn IsList(list: GLuint) -> GLboolean {
    with_ctx("glIsList", 0, |c| {
        let r = c.is_list(list);
        c.record(r).map_or(0, GLboolean::from)
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile != Profile::Compat {
        return;
    }
    d.NewList = NewList;
    d.EndList = EndList;
    d.CallList = CallList;
    d.CallLists = CallLists;
    d.ListBase = ListBase;
    d.GenLists = GenLists;
    d.DeleteLists = DeleteLists;
    d.IsList = IsList;
}
