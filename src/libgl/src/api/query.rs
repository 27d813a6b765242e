//! Query objects: glGenQueries, glDeleteQueries, glIsQuery, glBeginQuery,
//! glEndQuery, glGetQueryiv, glGetQueryObject{i,ui,i64,ui64}v and their ARB
//! names (GL 1.5 / ARB_occlusion_query; GL 3.3's GL_ANY_SAMPLES_PASSED),
//! glQueryCounter (ARB_timer_query, GL 3.3). glBeginQuery, glEndQuery and
//! glQueryCounter are compiled into display lists (Mesa's
//! `save_BeginQueryARB`, `save_QueryCounter`); the others run at once.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_core::query::QueryValue;
use oxgl_glapi::Dispatch;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::*;

use super::{compiled, with_ctx};
use crate::client;

unsafe extern "C" fn GenQueries(n: GLsizei, ids: *mut GLuint) {
    with_ctx("glGenQueries", (), |c| {
        let r = c.gen_queries(n);
        if let Some(names) = c.record(r) {
            // SAFETY: the client provides room for `n` names.
            unsafe { client::write(ids, &names) };
        }
    })
}

unsafe extern "C" fn DeleteQueries(n: GLsizei, ids: *const GLuint) {
    with_ctx("glDeleteQueries", (), |c| {
        if let Err(e) = c.outside_begin_end() {
            c.record::<()>(Err(e));
            return;
        }
        // GL 4.6 §4.2.1: INVALID_VALUE if n is negative.
        // SAFETY: the client passes `n` names.
        let r = unsafe { client::names(n, ids) };
        let Some(names) = c.record(r) else {
            return;
        };
        if !ids.is_null() {
            let r = c.delete_queries(&names);
            c.record(r);
        }
    })
}

unsafe extern "C" fn IsQuery(id: GLuint) -> GLboolean {
    with_ctx("glIsQuery", 0, |c| {
        let r = c.is_query(id);
        c.record(r).map_or(0, GLboolean::from)
    })
}

unsafe extern "C" fn BeginQuery(target: GLenum, id: GLuint) {
    with_ctx("glBeginQuery", (), |c| {
        compiled(c, move |c| c.begin_query(target, id))
    })
}

unsafe extern "C" fn EndQuery(target: GLenum) {
    with_ctx("glEndQuery", (), |c| {
        compiled(c, move |c| c.end_query(target))
    })
}

// ARB_transform_feedback3 (GL 4.0): queries of a vertex stream.
unsafe extern "C" fn BeginQueryIndexed(target: GLenum, index: GLuint, id: GLuint) {
    with_ctx("glBeginQueryIndexed", (), |c| {
        compiled(c, move |c| c.begin_query_indexed(target, index, id))
    })
}

unsafe extern "C" fn EndQueryIndexed(target: GLenum, index: GLuint) {
    with_ctx("glEndQueryIndexed", (), |c| {
        compiled(c, move |c| c.end_query_indexed(target, index))
    })
}

unsafe extern "C" fn GetQueryIndexediv(
    target: GLenum,
    index: GLuint,
    pname: GLenum,
    params: *mut GLint,
) {
    with_ctx("glGetQueryIndexediv", (), |c| {
        let r = c.get_query_indexed_iv(target, index, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes one value to `params`.
            unsafe { client::put(params, v) };
        }
    })
}

unsafe extern "C" fn QueryCounter(id: GLuint, target: GLenum) {
    with_ctx("glQueryCounter", (), |c| {
        compiled(c, move |c| c.query_counter(id, target))
    })
}

unsafe extern "C" fn BeginConditionalRender(id: GLuint, mode: GLenum) {
    with_ctx("glBeginConditionalRender", (), |c| {
        compiled(c, move |c| c.begin_conditional_render(id, mode))
    })
}

unsafe extern "C" fn EndConditionalRender() {
    with_ctx("glEndConditionalRender", (), |c| {
        compiled(c, move |c| c.end_conditional_render())
    })
}

unsafe extern "C" fn GetQueryiv(target: GLenum, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetQueryiv", (), |c| {
        let r = c.get_query_iv(target, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes one value to `params`.
            unsafe { client::put(params, v) };
        }
    })
}

fn query_value(pname: GLenum) -> Option<QueryValue> {
    match pname {
        GL_QUERY_RESULT => Some(QueryValue::Result),
        GL_QUERY_RESULT_AVAILABLE => Some(QueryValue::Available),
        GL_QUERY_TARGET => Some(QueryValue::Target),
        _ => None,
    }
}

/// `glGetQueryObject*v`: the value, converted by `convert`, written to `params`.
///
/// # Safety
/// GL 4.6 §4.2.3: `params` is null or has room for one value.
unsafe fn get_query_object<T: Copy>(
    name: &'static str,
    id: GLuint,
    pname: GLenum,
    params: *mut T,
    convert: fn(u64) -> T,
) {
    with_ctx(name, (), |c| {
        let r = c.get_query_object(id, query_value(pname));
        if let Some(v) = c.record(r) {
            // SAFETY: per the caller.
            unsafe { client::put(params, convert(v)) };
        }
    })
}

// Results too large for the type saturate (Mesa's conversion).
unsafe extern "C" fn GetQueryObjectiv(id: GLuint, pname: GLenum, params: *mut GLint) {
    // SAFETY: the command writes one value to `params`.
    unsafe {
        get_query_object("glGetQueryObjectiv", id, pname, params, |v| {
            v.min(i32::MAX as u64) as i32
        })
    }
}

unsafe extern "C" fn GetQueryObjectuiv(id: GLuint, pname: GLenum, params: *mut GLuint) {
    // SAFETY: the command writes one value to `params`.
    unsafe {
        get_query_object("glGetQueryObjectuiv", id, pname, params, |v| {
            v.min(u32::MAX as u64) as u32
        })
    }
}

unsafe extern "C" fn GetQueryObjecti64v(id: GLuint, pname: GLenum, params: *mut GLint64) {
    // SAFETY: the command writes one value to `params`.
    unsafe { get_query_object("glGetQueryObjecti64v", id, pname, params, |v| v as i64) }
}

unsafe extern "C" fn GetQueryObjectui64v(id: GLuint, pname: GLenum, params: *mut GLuint64) {
    // SAFETY: the command writes one value to `params`.
    unsafe { get_query_object("glGetQueryObjectui64v", id, pname, params, |v| v) }
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    d.GenQueries = GenQueries;
    d.DeleteQueries = DeleteQueries;
    d.IsQuery = IsQuery;
    d.BeginQuery = BeginQuery;
    d.BeginConditionalRender = BeginConditionalRender;
    d.EndConditionalRender = EndConditionalRender;
    d.EndQuery = EndQuery;
    d.GetQueryiv = GetQueryiv;
    d.GetQueryObjectiv = GetQueryObjectiv;
    d.GetQueryObjectuiv = GetQueryObjectuiv;
    if profile == Profile::Es {
        return;
    }
    d.GetQueryObjecti64v = GetQueryObjecti64v;
    d.GetQueryObjectui64v = GetQueryObjectui64v;
    d.GetQueryObjecti64vEXT = GetQueryObjecti64v;
    d.GetQueryObjectui64vEXT = GetQueryObjectui64v;
    d.QueryCounter = QueryCounter;
    d.BeginQueryIndexed = BeginQueryIndexed;
    d.EndQueryIndexed = EndQueryIndexed;
    d.GetQueryIndexediv = GetQueryIndexediv;
    d.GenQueriesARB = GenQueries;
    d.DeleteQueriesARB = DeleteQueries;
    d.IsQueryARB = IsQuery;
    d.BeginQueryARB = BeginQuery;
    d.EndQueryARB = EndQuery;
    d.GetQueryivARB = GetQueryiv;
    d.GetQueryObjectivARB = GetQueryObjectiv;
    d.GetQueryObjectuivARB = GetQueryObjectuiv;
}
