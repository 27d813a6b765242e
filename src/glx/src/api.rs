//! GLX 1.4 and its extensions, as functions on C types. `libGL.so.1` exports
//! thin `#[no_mangle]` wrappers around these; each wrapper runs them inside the
//! panic boundary. Errors are delivered as X errors through the application's
//! Xlib error handler (GLX requests never reach a server here), with the codes
//! of the server's GLX extension when it has one (else a free error base, see
//! `display::free_error_base`).
#![allow(
    unsafe_code,
    reason = "reads application pointers: attribute lists and out-parameters"
)]
#![allow(
    clippy::missing_safety_doc,
    reason = "every function: pointers as the GLX 1.4 spec defines them"
)]

use std::ffi::{CStr, c_char, c_int, c_uint, c_ulong};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use oxgl_core::{Profile, Support};
use oxgl_dri_interface::OxglApi;
use oxgl_glapi::Dispatch;
use oxgl_glapi::generated::glx_enums::*;

use crate::config::{Config, Criteria};

/// Gives the dispatch table of a context's profile and version (libGL's
/// tables: one per desktop profile and per ES family).
pub type DispatchFor = fn(Profile, (u8, u8)) -> &'static Dispatch;
use crate::context::{self, BindError};
use crate::display::{DisplayState, display, geometry, lock};
use crate::drawable::{GlxDrawable, Kind};
use crate::xlib::{self, Display, XVisualInfo};

/// `Bool` `True`.
pub const TRUE: c_int = 1;
/// `Bool` `False`.
pub const FALSE: c_int = 0;

// Core X error codes (X11 protocol, "Errors").
const BAD_VALUE: u8 = 2;
const BAD_WINDOW: u8 = 3;
const BAD_PIXMAP: u8 = 4;
const BAD_MATCH: u8 = 8;
const BAD_ACCESS: u8 = 10;
const BAD_ALLOC: u8 = 11;
const BAD_IMPLEMENTATION: u8 = 17;

// GLX error offsets from the extension's first error (GLX 1.4 protocol).
const GLX_BAD_CONTEXT_ERR: u8 = 0;
const GLX_BAD_DRAWABLE_ERR: u8 = 2;
const GLX_BAD_PIXMAP_ERR: u8 = 3;
const GLX_BAD_FBCONFIG_ERR: u8 = 9;
const GLX_BAD_PBUFFER_ERR: u8 = 10;
const GLX_BAD_WINDOW_ERR: u8 = 12;
const GLX_BAD_PROFILE_ARB_ERR: u8 = 13;

// GLX request minor opcodes, for the error's minor code.
const X_GLX_CREATE_CONTEXT: u8 = 3;
const X_GLX_DESTROY_CONTEXT: u8 = 4;
const X_GLX_MAKE_CURRENT: u8 = 5;
const X_GLX_COPY_CONTEXT: u8 = 10;
const X_GLX_SWAP_BUFFERS: u8 = 11;
const X_GLX_CREATE_GLX_PIXMAP: u8 = 13;
const X_GLX_DESTROY_GLX_PIXMAP: u8 = 15;
const X_GLX_CREATE_PIXMAP: u8 = 22;
const X_GLX_DESTROY_PIXMAP: u8 = 23;
const X_GLX_CREATE_NEW_CONTEXT: u8 = 24;
const X_GLX_QUERY_CONTEXT: u8 = 25;
/// `X_GLXMakeContextCurrent`.
pub const X_GLX_MAKE_CONTEXT_CURRENT: u8 = 26;
const X_GLX_CREATE_PBUFFER: u8 = 27;
const X_GLX_DESTROY_PBUFFER: u8 = 28;
const X_GLX_GET_DRAWABLE_ATTRIBUTES: u8 = 29;
const X_GLX_CREATE_WINDOW: u8 = 31;
const X_GLX_DESTROY_WINDOW: u8 = 32;
const X_GLX_CREATE_CONTEXT_ATTRIBS_ARB: u8 = 34;
const X_GLX_VENDOR_PRIVATE: u8 = 16;

/// An X error to deliver.
#[derive(Clone, Copy, Debug)]
enum XError {
    Core(u8),
    Glx(u8),
}

fn send(d: &DisplayState, dpy: *mut Display, e: XError, resource: c_ulong, minor: u8) {
    let code = match e {
        XError::Core(c) => c,
        XError::Glx(n) => d.glx_first_error.wrapping_add(n),
    };
    // SAFETY: `dpy` is the open Display `d` belongs to.
    unsafe { xlib::send_error(dpy, code, resource, d.glx_major_opcode, minor) };
}

/// The extensions string (GLX_EXTENSIONS), one table for client and server.
pub const GLX_EXTENSIONS_STRING: &CStr = c"GLX_ARB_create_context GLX_ARB_create_context_profile \
GLX_ARB_get_proc_address GLX_EXT_create_context_es2_profile GLX_EXT_create_context_es_profile \
GLX_EXT_swap_control GLX_EXT_visual_info GLX_MESA_query_renderer \
GLX_MESA_swap_control GLX_SGI_make_current_read GLX_SGI_swap_control GLX_SGIX_fbconfig";

// ---- queries ----------------------------------------------------------------

/// `glXQueryExtension`: always available (no server GLX needed). The error
/// base is the server's GLX one, or without server GLX the free base chosen
/// when the display was opened (`display::free_error_base`): the same codes
/// the errors we send carry, and `XGetErrorText` names.
pub unsafe fn query_extension(
    dpy: *mut Display,
    error_base: *mut c_int,
    event_base: *mut c_int,
) -> c_int {
    let Some(d) = display(dpy) else {
        return FALSE;
    };
    // SAFETY: out-parameters are null or writable.
    unsafe {
        if let Some(e) = error_base.as_mut() {
            *e = c_int::from(d.glx_first_error);
        }
        if let Some(e) = event_base.as_mut() {
            *e = c_int::from(d.glx_first_event);
        }
    }
    TRUE
}

/// `glXQueryVersion`: 1.4.
pub unsafe fn query_version(dpy: *mut Display, major: *mut c_int, minor: *mut c_int) -> c_int {
    if display(dpy).is_none() {
        return FALSE;
    }
    // SAFETY: out-parameters are null or writable.
    unsafe {
        if let Some(m) = major.as_mut() {
            *m = 1;
        }
        if let Some(m) = minor.as_mut() {
            *m = 4;
        }
    }
    TRUE
}

fn glx_string(name: c_int) -> *const c_char {
    match name {
        GLX_VENDOR => c"oxgl".as_ptr(),
        GLX_VERSION => c"1.4".as_ptr(),
        GLX_EXTENSIONS => GLX_EXTENSIONS_STRING.as_ptr(),
        _ => std::ptr::null(),
    }
}

/// `glXQueryServerString`.
pub unsafe fn query_server_string(dpy: *mut Display, screen: c_int, name: c_int) -> *const c_char {
    match display(dpy) {
        Some(d) if screen >= 0 && (screen as usize) < d.screen_count() => glx_string(name),
        _ => std::ptr::null(),
    }
}

/// `glXGetClientString`.
pub unsafe fn get_client_string(_dpy: *mut Display, name: c_int) -> *const c_char {
    glx_string(name)
}

/// `glXQueryExtensionsString`.
pub unsafe fn query_extensions_string(dpy: *mut Display, screen: c_int) -> *const c_char {
    // SAFETY: forwarded.
    unsafe { query_server_string(dpy, screen, GLX_EXTENSIONS) }
}

// ---- configs and visuals ------------------------------------------------------

/// Reads a `None`-terminated attribute list (pairs unless `singles`).
unsafe fn attrib_list(list: *const c_int, pairs: bool) -> Vec<c_int> {
    let mut out = Vec::new();
    if list.is_null() {
        return out;
    }
    let mut i = 0;
    loop {
        // SAFETY: the list is None-terminated (GLX contract); we stop there.
        let a = unsafe { *list.add(i) };
        if a == 0 {
            break;
        }
        out.push(a);
        if pairs {
            // SAFETY: a value follows every attribute name.
            out.push(unsafe { *list.add(i + 1) });
            i += 1;
        }
        i += 1;
        if i > 4096 {
            break;
        }
    }
    out
}

fn configs_of_screen(d: &DisplayState, screen: c_int) -> Vec<&Config> {
    d.configs.iter().filter(|c| c.screen == screen).collect()
}

unsafe fn malloc_array(items: &[usize]) -> *mut usize {
    if items.is_empty() {
        return std::ptr::null_mut();
    }
    // SAFETY: plain allocation; applications free it with XFree (free()).
    let p = unsafe { libc::malloc(std::mem::size_of_val(items)) } as *mut usize;
    if !p.is_null() {
        // SAFETY: `p` holds `items.len()` slots.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), p, items.len()) };
    }
    p
}

/// `glXGetFBConfigs`.
pub unsafe fn get_fb_configs(dpy: *mut Display, screen: c_int, n: *mut c_int) -> *mut usize {
    let Some(d) = display(dpy) else {
        return std::ptr::null_mut();
    };
    let handles: Vec<usize> = configs_of_screen(&d, screen)
        .iter()
        .map(|c| d.handle_of(c))
        .collect();
    // SAFETY: `n` is null or writable.
    if let Some(n) = unsafe { n.as_mut() } {
        *n = handles.len() as c_int;
    }
    // SAFETY: see malloc_array.
    unsafe { malloc_array(&handles) }
}

/// `glXChooseFBConfig`.
pub unsafe fn choose_fb_config(
    dpy: *mut Display,
    screen: c_int,
    list: *const c_int,
    n: *mut c_int,
) -> *mut usize {
    // SAFETY: `n` is null or writable.
    if let Some(n) = unsafe { n.as_mut() } {
        *n = 0;
    }
    let Some(d) = display(dpy) else {
        return std::ptr::null_mut();
    };
    // SAFETY: None-terminated pairs.
    let list = unsafe { attrib_list(list, true) };
    let Ok(criteria) = Criteria::fbconfig(&list) else {
        return std::ptr::null_mut();
    };
    let mut matching: Vec<&Config> = configs_of_screen(&d, screen)
        .into_iter()
        .filter(|c| criteria.matches(c))
        .collect();
    criteria.sort(&mut matching);
    let handles: Vec<usize> = matching.iter().map(|c| d.handle_of(c)).collect();
    // SAFETY: `n` is null or writable.
    if let Some(n) = unsafe { n.as_mut() } {
        *n = handles.len() as c_int;
    }
    // SAFETY: see malloc_array.
    unsafe { malloc_array(&handles) }
}

/// `glXGetFBConfigAttrib`: `Success`, `GLX_BAD_ATTRIBUTE`, or `GLX_NO_EXTENSION`
/// for an invalid config.
pub unsafe fn get_fb_config_attrib(
    dpy: *mut Display,
    config: usize,
    attrib: c_int,
    value: *mut c_int,
) -> c_int {
    let Some(d) = display(dpy) else {
        return GLX_NO_EXTENSION;
    };
    let Some(c) = d.config_from_handle(config) else {
        return GLX_BAD_ATTRIBUTE;
    };
    match c.attrib(attrib) {
        Some(v) => {
            // SAFETY: `value` is writable.
            if let Some(out) = unsafe { value.as_mut() } {
                *out = v;
            }
            0
        }
        None => GLX_BAD_ATTRIBUTE,
    }
}

fn visual_for(d: &DisplayState, dpy: *mut Display, c: &Config) -> *mut XVisualInfo {
    lock(&d.chosen_visuals).insert(c.visual_id, c.id);
    // SAFETY: `dpy` is open.
    unsafe { xlib::visual_info(dpy, c.screen, Some(c_ulong::from(c.visual_id))) }
}

/// `glXGetVisualFromFBConfig`.
pub unsafe fn get_visual_from_fb_config(dpy: *mut Display, config: usize) -> *mut XVisualInfo {
    let Some(d) = display(dpy) else {
        return std::ptr::null_mut();
    };
    match d.config_from_handle(config) {
        Some(c) => visual_for(&d, dpy, c),
        None => std::ptr::null_mut(),
    }
}

/// `glXChooseVisual`.
pub unsafe fn choose_visual(
    dpy: *mut Display,
    screen: c_int,
    list: *const c_int,
) -> *mut XVisualInfo {
    let Some(d) = display(dpy) else {
        return std::ptr::null_mut();
    };
    // Boolean attributes stand alone in this list; the others carry a value.
    let mut full = Vec::new();
    let mut k = 0;
    loop {
        if list.is_null() {
            break;
        }
        // SAFETY: None-terminated list (GLX contract).
        let a = unsafe { *list.add(k) };
        if a == 0 {
            break;
        }
        full.push(a);
        if !matches!(a, GLX_USE_GL | GLX_RGBA | GLX_DOUBLEBUFFER | GLX_STEREO) {
            // SAFETY: a value follows.
            full.push(unsafe { *list.add(k + 1) });
            k += 1;
        }
        k += 1;
        if k > 4096 {
            break;
        }
    }
    let Ok(criteria) = Criteria::visual(&full) else {
        return std::ptr::null_mut();
    };
    let mut matching: Vec<&Config> = configs_of_screen(&d, screen)
        .into_iter()
        .filter(|c| criteria.matches(c))
        .collect();
    criteria.sort(&mut matching);
    match matching.first() {
        Some(c) => visual_for(&d, dpy, c),
        None => std::ptr::null_mut(),
    }
}

/// `glXGetConfig`: 0, `GLX_BAD_SCREEN`, `GLX_BAD_ATTRIBUTE`, `GLX_BAD_VISUAL`.
pub unsafe fn get_config(
    dpy: *mut Display,
    vis: *const XVisualInfo,
    attrib: c_int,
    value: *mut c_int,
) -> c_int {
    let Some(d) = display(dpy) else {
        return GLX_NO_EXTENSION;
    };
    // SAFETY: `vis` is null or an XVisualInfo.
    let Some(vis) = (unsafe { vis.as_ref() }) else {
        return GLX_BAD_VISUAL;
    };
    if vis.screen < 0 || vis.screen as usize >= d.screen_count() {
        return GLX_BAD_SCREEN;
    }
    let config = d.config_for_visual(vis.visualid as u32);
    let v = match (config, attrib) {
        (None, GLX_USE_GL) => Some(0),
        (None, _) => return GLX_BAD_VISUAL,
        (Some(c), a) => c.attrib(a),
    };
    match v {
        Some(v) => {
            // SAFETY: writable out-parameter.
            if let Some(out) = unsafe { value.as_mut() } {
                *out = v;
            }
            0
        }
        None => GLX_BAD_ATTRIBUTE,
    }
}

// ---- contexts -------------------------------------------------------------------

/// What a context request asks for.
#[derive(Clone, Copy, Debug)]
struct Request {
    major: i32,
    minor: i32,
    flags: i32,
    profile: i32,
    render_type: i32,
}

/// Known GL and GLES versions.
fn is_gl_version(major: i32, minor: i32) -> bool {
    matches!(
        (major, minor),
        (1, 0..=5) | (2, 0..=1) | (3, 0..=3) | (4, 0..=6)
    )
}

/// ES versions as Mesa's `dri2_convert_glx_attribs` reads them: 1.0, 1.1,
/// 2.0, and any 3.0 or later (a version the driver lacks is then
/// GLXBadFBConfig, as for 4.0 on Mesa).
fn is_es_version(major: i32, minor: i32) -> bool {
    matches!((major, minor), (1, 0..=1) | (2, 0)) || (major >= 3 && minor >= 0)
}

/// GLX_ARB_create_context (rev. 10) and _profile: validates a request against
/// what we support and returns the context parameters, or the X error the
/// specs name:
/// * unknown flag bits (robustness is not exposed): BadValue;
/// * a version that does not exist: BadMatch;
/// * forward-compatible below 3.0: BadMatch;
/// * for 3.2 and later, a profile mask with no bit, more than one, or an
///   unknown one (the ES bit while GLX_EXT_create_context_es2_profile is not
///   advertised): GLXBadProfileARB;
/// * a defined version (and profile) this implementation cannot provide:
///   GLXBadFBConfig ("if <config> does not support compatible OpenGL contexts
///   providing the requested API major and minor version").
fn resolve(req: Request, support: Support) -> Result<(Profile, (u8, u8), OxglApi), XError> {
    let known_flags = GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB;
    if req.flags & !known_flags != 0 {
        return Err(XError::Core(BAD_VALUE));
    }
    if req.render_type != GLX_RGBA_TYPE {
        return Err(XError::Core(BAD_MATCH));
    }
    let es_extension = support.gles1.is_some() || support.gles2.is_some();
    let (major, minor) = (req.major, req.minor);
    if es_extension && req.profile == GLX_CONTEXT_ES_PROFILE_BIT_EXT {
        if !is_es_version(major, minor) {
            return Err(XError::Core(BAD_MATCH));
        }
        let supported = if major == 1 {
            support.gles1
        } else {
            support.gles2
        };
        // The highest version of the family, as Mesa gives (an ES 2.0
        // request gets ES 3.0 when it is built).
        return match supported {
            Some(max) if (major as u8, minor as u8) <= max => {
                let api = if major == 1 {
                    OxglApi::Gles1
                } else {
                    OxglApi::Gles2
                };
                Ok((Profile::Es, max, api))
            }
            _ => Err(XError::Glx(GLX_BAD_FBCONFIG_ERR)),
        };
    }
    if !is_gl_version(major, minor) {
        return Err(XError::Core(BAD_MATCH));
    }
    if req.flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB != 0 && major < 3 {
        return Err(XError::Core(BAD_MATCH));
    }
    let version = (major as u8, minor as u8);
    // A forward-compatible context lacks the deprecated features: here only
    // a core context is one (no 3.0/3.1 compatibility context is handed out
    // as forward-compatible; piglit and glxinfo then fall back or report no
    // core profile).
    if req.flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB != 0
        && (version < (3, 2) || req.profile != GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB)
    {
        return match support.core {
            Some(max) if version <= max => Ok((Profile::Core, max, OxglApi::GlCore)),
            _ => Err(XError::Glx(GLX_BAD_FBCONFIG_ERR)),
        };
    }
    if version >= (3, 2) {
        let known = GLX_CONTEXT_CORE_PROFILE_BIT_ARB | GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB;
        if req.profile & !known != 0 || req.profile.count_ones() != 1 {
            return Err(XError::Glx(GLX_BAD_PROFILE_ARB_ERR));
        }
        if req.profile == GLX_CONTEXT_CORE_PROFILE_BIT_ARB {
            return match support.core {
                Some(max) if version <= max => Ok((Profile::Core, max, OxglApi::GlCore)),
                _ => Err(XError::Glx(GLX_BAD_FBCONFIG_ERR)),
            };
        }
    }
    // Compatibility (or legacy) context: the highest supported version is
    // returned, which is backwards compatible with the one asked for.
    if version <= support.compat {
        Ok((Profile::Compat, support.compat, OxglApi::GlCompat))
    } else if version < (3, 2) && support.core.is_some_and(|max| version <= max) {
        // 3.0/3.1 requests are met by a core context when only core reaches them.
        Ok((
            Profile::Core,
            support.core.unwrap_or(version),
            OxglApi::GlCore,
        ))
    } else {
        Err(XError::Glx(GLX_BAD_FBCONFIG_ERR))
    }
}

/// Creates a context: `dispatch` gives the table for a profile.
#[allow(
    clippy::too_many_arguments,
    reason = "one place for all creation paths"
)]
unsafe fn create(
    dpy: *mut Display,
    d: &Arc<DisplayState>,
    config: &Config,
    share: usize,
    req: Request,
    minor_op: u8,
    dispatch: DispatchFor,
) -> usize {
    let mut share_group = None;
    if share != 0 {
        match context::lookup(share) {
            None => {
                send(
                    d,
                    dpy,
                    XError::Glx(GLX_BAD_CONTEXT_ERR),
                    share as c_ulong,
                    minor_op,
                );
                return 0;
            }
            Some(s)
                if s.display.as_ref().map(|x| x.dpy) != Some(d.dpy)
                    || s.config.screen != config.screen =>
            {
                send(d, dpy, XError::Core(BAD_MATCH), share as c_ulong, minor_op);
                return 0;
            }
            Some(s) => share_group = Some(s.shared.clone()),
        }
    }
    let (profile, version, api) = match resolve(req, oxgl_core::version::support()) {
        Ok(v) => v,
        Err(e) => {
            send(d, dpy, e, 0, minor_op);
            return 0;
        }
    };
    let spec = context::ContextSpec {
        profile,
        version,
        api,
        flags: req.flags as u32,
        render_type: req.render_type,
    };
    match context::create(
        Some(d.clone()),
        &d.backend_screen,
        config,
        share_group,
        spec,
        dispatch(profile, version),
    ) {
        Some(ctx) => context::register(ctx),
        None => {
            send(d, dpy, XError::Core(BAD_ALLOC), 0, minor_op);
            0
        }
    }
}

fn legacy_request(render_type: i32) -> Request {
    Request {
        major: 1,
        minor: 0,
        flags: 0,
        profile: GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB,
        render_type,
    }
}

/// `glXCreateContext`.
pub unsafe fn create_context(
    dpy: *mut Display,
    vis: *const XVisualInfo,
    share: usize,
    _direct: c_int,
    dispatch: DispatchFor,
) -> usize {
    let Some(d) = display(dpy) else {
        return 0;
    };
    // SAFETY: `vis` is null or an XVisualInfo.
    let Some(vis) = (unsafe { vis.as_ref() }) else {
        send(&d, dpy, XError::Core(BAD_VALUE), 0, X_GLX_CREATE_CONTEXT);
        return 0;
    };
    let Some(config) = d.config_for_visual(vis.visualid as u32).cloned() else {
        send(
            &d,
            dpy,
            XError::Core(BAD_VALUE),
            vis.visualid,
            X_GLX_CREATE_CONTEXT,
        );
        return 0;
    };
    // SAFETY: forwarded.
    unsafe {
        create(
            dpy,
            &d,
            &config,
            share,
            legacy_request(GLX_RGBA_TYPE),
            X_GLX_CREATE_CONTEXT,
            dispatch,
        )
    }
}

/// `glXCreateNewContext`.
pub unsafe fn create_new_context(
    dpy: *mut Display,
    config: usize,
    render_type: c_int,
    share: usize,
    _direct: c_int,
    dispatch: DispatchFor,
) -> usize {
    let Some(d) = display(dpy) else {
        return 0;
    };
    let Some(config) = d.config_from_handle(config).cloned() else {
        send(
            &d,
            dpy,
            XError::Glx(GLX_BAD_FBCONFIG_ERR),
            0,
            X_GLX_CREATE_NEW_CONTEXT,
        );
        return 0;
    };
    if render_type != GLX_RGBA_TYPE {
        send(
            &d,
            dpy,
            XError::Core(BAD_MATCH),
            0,
            X_GLX_CREATE_NEW_CONTEXT,
        );
        return 0;
    }
    // SAFETY: forwarded.
    unsafe {
        create(
            dpy,
            &d,
            &config,
            share,
            legacy_request(render_type),
            X_GLX_CREATE_NEW_CONTEXT,
            dispatch,
        )
    }
}

/// `glXCreateContextAttribsARB`.
pub unsafe fn create_context_attribs(
    dpy: *mut Display,
    config: usize,
    share: usize,
    _direct: c_int,
    attribs: *const c_int,
    dispatch: DispatchFor,
) -> usize {
    let Some(d) = display(dpy) else {
        return 0;
    };
    let Some(config) = d.config_from_handle(config).cloned() else {
        send(
            &d,
            dpy,
            XError::Glx(GLX_BAD_FBCONFIG_ERR),
            0,
            X_GLX_CREATE_CONTEXT_ATTRIBS_ARB,
        );
        return 0;
    };
    let mut req = Request {
        major: 1,
        minor: 0,
        flags: 0,
        profile: GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
        render_type: GLX_RGBA_TYPE,
    };
    // SAFETY: None-terminated pairs.
    let list = unsafe { attrib_list(attribs, true) };
    for pair in list.chunks(2) {
        let (a, v) = (pair[0], pair[1]);
        match a {
            0x2091 => req.major = v, // GLX_CONTEXT_MAJOR_VERSION_ARB
            0x2092 => req.minor = v, // GLX_CONTEXT_MINOR_VERSION_ARB
            GLX_CONTEXT_FLAGS_ARB => req.flags = v,
            GLX_CONTEXT_PROFILE_MASK_ARB => req.profile = v,
            GLX_RENDER_TYPE => req.render_type = v,
            GLX_CONTEXT_RELEASE_BEHAVIOR_ARB
            | GLX_CONTEXT_OPENGL_NO_ERROR_ARB
            | GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB => {
                // Extensions we do not advertise: their attributes are unknown.
                send(
                    &d,
                    dpy,
                    XError::Core(BAD_VALUE),
                    0,
                    X_GLX_CREATE_CONTEXT_ATTRIBS_ARB,
                );
                return 0;
            }
            _ => {
                send(
                    &d,
                    dpy,
                    XError::Core(BAD_VALUE),
                    0,
                    X_GLX_CREATE_CONTEXT_ATTRIBS_ARB,
                );
                return 0;
            }
        }
    }
    // Versions below 3.2 ignore the profile mask unless it names ES.
    if (req.major, req.minor) < (3, 2) && req.profile != GLX_CONTEXT_ES_PROFILE_BIT_EXT {
        req.profile = GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB;
    }
    // SAFETY: forwarded.
    unsafe {
        create(
            dpy,
            &d,
            &config,
            share,
            req,
            X_GLX_CREATE_CONTEXT_ATTRIBS_ARB,
            dispatch,
        )
    }
}

/// `glXDestroyContext`: freed now, or when the thread it is current in
/// releases it; destroying it again before that is no error (Mesa). NULL is
/// ignored, as Mesa and libglvnd do; any other unknown handle (never created,
/// or already freed) is GLXBadContext, as libglvnd reports it.
pub unsafe fn destroy_context(dpy: *mut Display, ctx: usize) {
    if ctx == 0 {
        return;
    }
    let Some(d) = display(dpy) else {
        return;
    };
    if !context::destroy(ctx) {
        send(
            &d,
            dpy,
            XError::Glx(GLX_BAD_CONTEXT_ERR),
            ctx as c_ulong,
            X_GLX_DESTROY_CONTEXT,
        );
    }
}

/// `glXIsDirect`: every context is direct.
pub unsafe fn is_direct(dpy: *mut Display, ctx: usize) -> c_int {
    let Some(d) = display(dpy) else {
        return FALSE;
    };
    if context::lookup(ctx).is_none() {
        send(&d, dpy, XError::Glx(GLX_BAD_CONTEXT_ERR), ctx as c_ulong, 6);
        return FALSE;
    }
    TRUE
}

/// `glXQueryContext`.
pub unsafe fn query_context(
    dpy: *mut Display,
    ctx: usize,
    attribute: c_int,
    value: *mut c_int,
) -> c_int {
    let Some(d) = display(dpy) else {
        return GLX_NO_EXTENSION;
    };
    let Some(c) = context::lookup(ctx) else {
        send(
            &d,
            dpy,
            XError::Glx(GLX_BAD_CONTEXT_ERR),
            ctx as c_ulong,
            X_GLX_QUERY_CONTEXT,
        );
        return GLX_BAD_CONTEXT;
    };
    let v = match attribute {
        GLX_FBCONFIG_ID => c.config.id,
        GLX_RENDER_TYPE => c.render_type,
        GLX_SCREEN => c.config.screen,
        // GLX_VISUAL_ID_EXT (GLX_EXT_import_context), which Mesa answers
        // too; GLX_SCREEN_EXT is GLX_SCREEN.
        0x800B => c.config.visual_id as c_int,
        _ => return GLX_BAD_ATTRIBUTE,
    };
    // SAFETY: writable out-parameter.
    if let Some(out) = unsafe { value.as_mut() } {
        *out = v;
    }
    0
}

/// `glXCopyContext`: copies the attribute groups in `mask` that exist so far.
pub unsafe fn copy_context(dpy: *mut Display, src: usize, dst: usize, mask: c_ulong) {
    let Some(d) = display(dpy) else {
        return;
    };
    let (Some(s), Some(t)) = (context::lookup(src), context::lookup(dst)) else {
        send(
            &d,
            dpy,
            XError::Glx(GLX_BAD_CONTEXT_ERR),
            0,
            X_GLX_COPY_CONTEXT,
        );
        return;
    };
    if Arc::ptr_eq(&s, &t) || s.config.screen != t.config.screen {
        send(&d, dpy, XError::Core(BAD_MATCH), 0, X_GLX_COPY_CONTEXT);
        return;
    }
    if lock(&t.binding).thread.is_some() {
        send(&d, dpy, XError::Core(BAD_ACCESS), 0, X_GLX_COPY_CONTEXT);
        return;
    }
    let Some(state) = s.with_core(|c| c.state.clone()) else {
        send(&d, dpy, XError::Core(BAD_ACCESS), 0, X_GLX_COPY_CONTEXT);
        return;
    };
    t.with_core(|c| oxgl_core::state::copy_groups(&state, &mut c.state, mask as u32));
}

// ---- drawables and make-current ---------------------------------------------------

/// The calling thread's binding when GLX made it (a context made current
/// through EGL is invisible to the `glXGetCurrent*` queries, as with libglvnd).
fn with_glx_current<R>(f: impl FnOnce(Option<&context::Current>) -> R) -> R {
    context::with_current(|c| f(c.filter(|c| !c.egl)))
}

fn find_drawable(d: &DisplayState, xid: u32) -> Option<Arc<GlxDrawable>> {
    lock(&d.drawables).get(&xid).cloned()
}

/// The GLX drawable for `xid`: a known one, or an X window used directly
/// (GLX 1.2 style), which gets storage of the context's config.
fn drawable_for(d: &DisplayState, xid: u32, config: &Config) -> Result<Arc<GlxDrawable>, XError> {
    if let Some(dr) = find_drawable(d, xid) {
        return Ok(dr);
    }
    let Some((w, h, depth)) = geometry(d, xid) else {
        return Err(XError::Glx(GLX_BAD_DRAWABLE_ERR));
    };
    if depth != config.depth {
        return Err(XError::Core(BAD_MATCH));
    }
    let dr = GlxDrawable::new(
        &d.backend_screen,
        xid,
        Kind::Window,
        config,
        (w, h),
        depth,
        false,
    )
    .ok_or(XError::Core(BAD_ALLOC))?;
    let dr = Arc::new(dr);
    lock(&d.drawables).insert(xid, dr.clone());
    Ok(dr)
}

/// `glXMakeContextCurrent` (and `glXMakeCurrent` with draw = read).
pub unsafe fn make_context_current(
    dpy: *mut Display,
    draw: c_ulong,
    read: c_ulong,
    ctx: usize,
    minor: u8,
) -> c_int {
    let Some(d) = display(dpy) else {
        return FALSE;
    };
    if ctx == 0 {
        // GLX 1.4 §3.3.7: releasing needs both drawables None.
        if draw != 0 || read != 0 {
            send(&d, dpy, XError::Core(BAD_MATCH), draw, minor);
            return FALSE;
        }
        context::release_current();
        return TRUE;
    }
    // A context destroyed while current is still found until it is released:
    // it may be made current again in its thread (piglit glx-destroycontext-3),
    // and is BadAccess in another.
    let Some(c) = context::lookup(ctx) else {
        send(
            &d,
            dpy,
            XError::Glx(GLX_BAD_CONTEXT_ERR),
            ctx as c_ulong,
            minor,
        );
        return FALSE;
    };
    if c.display.as_ref().map(|x| x.dpy) != Some(d.dpy) {
        send(&d, dpy, XError::Core(BAD_MATCH), draw, minor);
        return FALSE;
    }
    if (draw == 0) != (read == 0) {
        send(&d, dpy, XError::Core(BAD_MATCH), draw, minor);
        return FALSE;
    }
    let (draw_d, read_d) = if draw == 0 {
        // Surfaceless (allowed for GL 3.0+ contexts by GLX_ARB_create_context).
        let version = c.with_core(|core| core.params().version).unwrap_or((1, 0));
        if version < (3, 0) {
            send(&d, dpy, XError::Core(BAD_MATCH), draw, minor);
            return FALSE;
        }
        (None, None)
    } else {
        let dr = match drawable_for(&d, draw as u32, &c.config) {
            Ok(x) => x,
            Err(e) => {
                send(&d, dpy, e, draw, minor);
                return FALSE;
            }
        };
        let rd = if read == draw {
            dr.clone()
        } else {
            match drawable_for(&d, read as u32, &c.config) {
                Ok(x) => x,
                Err(e) => {
                    send(&d, dpy, e, read, minor);
                    return FALSE;
                }
            }
        };
        (Some(dr), Some(rd))
    };
    match context::make_current(d.dpy, &c, draw_d, read_d) {
        Ok(()) => TRUE,
        Err(BindError::Busy) => {
            send(&d, dpy, XError::Core(BAD_ACCESS), ctx as c_ulong, minor);
            FALSE
        }
        Err(BindError::Backend) => {
            send(&d, dpy, XError::Core(BAD_ALLOC), draw, minor);
            FALSE
        }
    }
}

/// `glXMakeCurrent`.
pub unsafe fn make_current(dpy: *mut Display, drawable: c_ulong, ctx: usize) -> c_int {
    // SAFETY: forwarded.
    unsafe { make_context_current(dpy, drawable, drawable, ctx, X_GLX_MAKE_CURRENT) }
}

/// `glXGetCurrentContext`.
pub fn get_current_context() -> usize {
    with_glx_current(|c| c.map_or(0, |c| c.ctx.handle()))
}

/// `glXGetCurrentDrawable`.
pub fn get_current_drawable() -> c_ulong {
    with_glx_current(|c| c.map_or(0, |c| c_ulong::from(c.draw)))
}

/// `glXGetCurrentReadDrawable`.
pub fn get_current_read_drawable() -> c_ulong {
    with_glx_current(|c| c.map_or(0, |c| c_ulong::from(c.read)))
}

/// `glXGetCurrentDisplay`.
pub fn get_current_display() -> *mut Display {
    with_glx_current(|c| c.map_or(std::ptr::null_mut(), |c| c.dpy as *mut Display))
}

/// `glXSwapBuffers`: flushes the current context if it draws to `drawable`,
/// then swaps and presents.
pub unsafe fn swap_buffers(dpy: *mut Display, drawable: c_ulong) {
    let Some(d) = display(dpy) else {
        return;
    };
    let Some(dr) = find_drawable(&d, drawable as u32) else {
        send(
            &d,
            dpy,
            XError::Glx(GLX_BAD_DRAWABLE_ERR),
            drawable,
            X_GLX_SWAP_BUFFERS,
        );
        return;
    };
    with_glx_current(|cur| {
        if let Some(cur) = cur.filter(|c| c.draw == drawable as u32) {
            cur.ctx.with_core(|core| {
                let _ = core.flush();
            });
        }
    });
    dr.swap(&d);
}

/// `glXWaitGL`: finish GL rendering (and show a front buffer being drawn).
pub fn wait_gl() {
    with_glx_current(|cur| {
        if let Some(cur) = cur {
            cur.ctx.with_core(|core| {
                let _ = core.finish();
            });
        }
    });
}

/// `glXWaitX`: X rendering is complete once our requests are flushed.
pub fn wait_x() {
    with_glx_current(|cur| {
        if let Some(cur) = cur {
            // SAFETY: the Display the context was made current with is open.
            unsafe { xlib::XFlush(cur.dpy as *mut Display) };
        }
    });
}

unsafe fn create_x_drawable(
    dpy: *mut Display,
    config: Option<Config>,
    xid: c_ulong,
    kind: Kind,
    minor: u8,
    bad_x: u8,
) -> c_ulong {
    let Some(d) = display(dpy) else {
        return 0;
    };
    let Some(config) = config else {
        send(&d, dpy, XError::Glx(GLX_BAD_FBCONFIG_ERR), 0, minor);
        return 0;
    };
    let Some((w, h, depth)) = geometry(&d, xid as u32) else {
        send(&d, dpy, XError::Core(bad_x), xid, minor);
        return 0;
    };
    if depth != config.depth {
        send(&d, dpy, XError::Core(BAD_MATCH), xid, minor);
        return 0;
    }
    if find_drawable(&d, xid as u32).is_some_and(|dr| dr.explicit) {
        send(&d, dpy, XError::Core(BAD_ALLOC), xid, minor);
        return 0;
    }
    let Some(dr) = GlxDrawable::new(
        &d.backend_screen,
        xid as u32,
        kind,
        &config,
        (w, h),
        depth,
        true,
    ) else {
        send(&d, dpy, XError::Core(BAD_ALLOC), xid, minor);
        return 0;
    };
    lock(&d.drawables).insert(xid as u32, Arc::new(dr));
    xid
}

/// `glXCreateWindow`: the GLXWindow is the X window's XID.
pub unsafe fn create_window(
    dpy: *mut Display,
    config: usize,
    win: c_ulong,
    _attribs: *const c_int,
) -> c_ulong {
    let c = display(dpy).and_then(|d| d.config_from_handle(config).cloned());
    // SAFETY: forwarded.
    unsafe { create_x_drawable(dpy, c, win, Kind::Window, X_GLX_CREATE_WINDOW, BAD_WINDOW) }
}

/// `glXCreatePixmap`.
pub unsafe fn create_pixmap(
    dpy: *mut Display,
    config: usize,
    pixmap: c_ulong,
    _attribs: *const c_int,
) -> c_ulong {
    let c = display(dpy).and_then(|d| d.config_from_handle(config).cloned());
    // SAFETY: forwarded.
    unsafe {
        create_x_drawable(
            dpy,
            c,
            pixmap,
            Kind::Pixmap,
            X_GLX_CREATE_PIXMAP,
            BAD_PIXMAP,
        )
    }
}

/// `glXCreateGLXPixmap`.
pub unsafe fn create_glx_pixmap(
    dpy: *mut Display,
    vis: *const XVisualInfo,
    pixmap: c_ulong,
) -> c_ulong {
    // SAFETY: `vis` is null or an XVisualInfo.
    let visual = unsafe { vis.as_ref() }.map(|v| v.visualid as u32);
    let c = display(dpy).and_then(|d| visual.and_then(|v| d.config_for_visual(v).cloned()));
    // SAFETY: forwarded.
    unsafe {
        create_x_drawable(
            dpy,
            c,
            pixmap,
            Kind::Pixmap,
            X_GLX_CREATE_GLX_PIXMAP,
            BAD_PIXMAP,
        )
    }
}

/// `glXCreatePbuffer`.
pub unsafe fn create_pbuffer(dpy: *mut Display, config: usize, attribs: *const c_int) -> c_ulong {
    let Some(d) = display(dpy) else {
        return 0;
    };
    let Some(config) = d.config_from_handle(config).cloned() else {
        send(
            &d,
            dpy,
            XError::Glx(GLX_BAD_FBCONFIG_ERR),
            0,
            X_GLX_CREATE_PBUFFER,
        );
        return 0;
    };
    let (mut w, mut h) = (0, 0);
    // SAFETY: None-terminated pairs.
    for pair in unsafe { attrib_list(attribs, true) }.chunks(2) {
        match pair[0] {
            GLX_PBUFFER_WIDTH => w = pair[1],
            0x8040 => h = pair[1], // GLX_PBUFFER_HEIGHT
            GLX_LARGEST_PBUFFER | GLX_PRESERVED_CONTENTS => {}
            _ => {
                send(&d, dpy, XError::Core(BAD_VALUE), 0, X_GLX_CREATE_PBUFFER);
                return 0;
            }
        }
    }
    if w < 0 || h < 0 || w > crate::config::MAX_PBUFFER_DIM || h > crate::config::MAX_PBUFFER_DIM {
        send(&d, dpy, XError::Core(BAD_ALLOC), 0, X_GLX_CREATE_PBUFFER);
        return 0;
    }
    let Ok(xid) = x11rb::connection::Connection::generate_id(&d.conn) else {
        send(&d, dpy, XError::Core(BAD_ALLOC), 0, X_GLX_CREATE_PBUFFER);
        return 0;
    };
    let Some(dr) = GlxDrawable::new(
        &d.backend_screen,
        xid,
        Kind::Pbuffer,
        &config,
        (w as u32, h as u32),
        config.depth,
        true,
    ) else {
        send(&d, dpy, XError::Core(BAD_ALLOC), 0, X_GLX_CREATE_PBUFFER);
        return 0;
    };
    lock(&d.drawables).insert(xid, Arc::new(dr));
    c_ulong::from(xid)
}

fn destroy_drawable(dpy: *mut Display, xid: c_ulong, kind: Kind, err: XError, minor: u8) {
    let Some(d) = display(dpy) else {
        return;
    };
    let removed = {
        let mut map = lock(&d.drawables);
        match map.get(&(xid as u32)) {
            Some(dr) if dr.kind == kind && dr.explicit => map.remove(&(xid as u32)),
            _ => None,
        }
    };
    match removed {
        Some(dr) => dr.release_x_resources(&d),
        None => send(&d, dpy, err, xid, minor),
    }
}

/// `glXDestroyWindow`.
pub fn destroy_window(dpy: *mut Display, win: c_ulong) {
    destroy_drawable(
        dpy,
        win,
        Kind::Window,
        XError::Glx(GLX_BAD_WINDOW_ERR),
        X_GLX_DESTROY_WINDOW,
    );
}

/// `glXDestroyPixmap`.
pub fn destroy_pixmap(dpy: *mut Display, pixmap: c_ulong) {
    destroy_drawable(
        dpy,
        pixmap,
        Kind::Pixmap,
        XError::Glx(GLX_BAD_PIXMAP_ERR),
        X_GLX_DESTROY_PIXMAP,
    );
}

/// `glXDestroyGLXPixmap`.
pub fn destroy_glx_pixmap(dpy: *mut Display, pixmap: c_ulong) {
    destroy_drawable(
        dpy,
        pixmap,
        Kind::Pixmap,
        XError::Glx(GLX_BAD_PIXMAP_ERR),
        X_GLX_DESTROY_GLX_PIXMAP,
    );
}

/// `glXDestroyPbuffer`.
pub fn destroy_pbuffer(dpy: *mut Display, pbuf: c_ulong) {
    destroy_drawable(
        dpy,
        pbuf,
        Kind::Pbuffer,
        XError::Glx(GLX_BAD_PBUFFER_ERR),
        X_GLX_DESTROY_PBUFFER,
    );
}

/// Most swap interval `GLX_MAX_SWAP_INTERVAL_EXT` reports.
const MAX_SWAP_INTERVAL: c_uint = 1000;

/// `glXQueryDrawable`.
pub unsafe fn query_drawable(
    dpy: *mut Display,
    draw: c_ulong,
    attribute: c_int,
    value: *mut c_uint,
) {
    let Some(d) = display(dpy) else {
        return;
    };
    let Some(dr) = find_drawable(&d, draw as u32) else {
        send(
            &d,
            dpy,
            XError::Glx(GLX_BAD_DRAWABLE_ERR),
            draw,
            X_GLX_GET_DRAWABLE_ATTRIBUTES,
        );
        return;
    };
    let (w, h) = dr.size();
    let v = match attribute {
        GLX_WIDTH => w,
        GLX_HEIGHT => h,
        GLX_PRESERVED_CONTENTS => 1,
        GLX_LARGEST_PBUFFER => 0,
        GLX_FBCONFIG_ID => dr.config.id as c_uint,
        GLX_EVENT_MASK => 0,
        GLX_SWAP_INTERVAL_EXT => dr.swap_interval.load(Ordering::Relaxed) as c_uint,
        GLX_MAX_SWAP_INTERVAL_EXT => MAX_SWAP_INTERVAL,
        _ => {
            send(
                &d,
                dpy,
                XError::Core(BAD_VALUE),
                draw,
                X_GLX_GET_DRAWABLE_ATTRIBUTES,
            );
            return;
        }
    };
    // SAFETY: writable out-parameter.
    if let Some(out) = unsafe { value.as_mut() } {
        *out = v;
    }
}

/// `glXSelectEvent`: we deliver no GLX events; the mask is accepted.
pub fn select_event(_dpy: *mut Display, _draw: c_ulong, _mask: c_ulong) {}

/// `glXGetSelectedEvent`.
pub unsafe fn get_selected_event(_dpy: *mut Display, _draw: c_ulong, mask: *mut c_ulong) {
    // SAFETY: writable out-parameter.
    if let Some(m) = unsafe { mask.as_mut() } {
        *m = 0;
    }
}

// ---- swap control ------------------------------------------------------------------

/// `glXSwapIntervalEXT`.
pub unsafe fn swap_interval_ext(dpy: *mut Display, drawable: c_ulong, interval: c_int) {
    let Some(d) = display(dpy) else {
        return;
    };
    if interval < 0 {
        send(
            &d,
            dpy,
            XError::Core(BAD_VALUE),
            drawable,
            X_GLX_VENDOR_PRIVATE,
        );
        return;
    }
    match find_drawable(&d, drawable as u32) {
        Some(dr) => dr
            .swap_interval
            .store(interval.min(MAX_SWAP_INTERVAL as c_int), Ordering::Relaxed),
        None => send(
            &d,
            dpy,
            XError::Core(BAD_WINDOW),
            drawable,
            X_GLX_VENDOR_PRIVATE,
        ),
    }
}

/// The swap interval of the current drawable, after setting it to `set`.
/// A set interval is clamped to [`MAX_SWAP_INTERVAL`], as
/// GLX_EXT_swap_control clamps its own: swaps are paced by sleeping, and an
/// interval of `INT_MAX` frames would stop the application for a year.
fn current_drawable_interval(set: Option<c_int>) -> Option<c_int> {
    with_glx_current(|cur| {
        let cur = cur?;
        let dr = find_drawable(cur.ctx.display.as_ref()?, cur.draw)?;
        if let Some(v) = set {
            dr.swap_interval
                .store(v.min(MAX_SWAP_INTERVAL as c_int), Ordering::Relaxed);
        }
        Some(dr.swap_interval.load(Ordering::Relaxed))
    })
}

/// `glXSwapIntervalMESA`: 0, `GLX_BAD_VALUE` or `GLX_BAD_CONTEXT`.
pub fn swap_interval_mesa(interval: c_uint) -> c_int {
    if interval > i32::MAX as c_uint {
        return GLX_BAD_VALUE;
    }
    match current_drawable_interval(Some(interval as c_int)) {
        Some(_) => 0,
        None => GLX_BAD_CONTEXT,
    }
}

/// `glXGetSwapIntervalMESA`.
pub fn get_swap_interval_mesa() -> c_int {
    current_drawable_interval(None).unwrap_or(0)
}

/// `glXSwapIntervalSGI`: the interval must be positive.
pub fn swap_interval_sgi(interval: c_int) -> c_int {
    if interval <= 0 {
        return GLX_BAD_VALUE;
    }
    match current_drawable_interval(Some(interval)) {
        Some(_) => 0,
        None => GLX_BAD_CONTEXT,
    }
}

// ---- GLX_MESA_query_renderer ----------------------------------------------------------

fn renderer_integer(d: &DisplayState, attribute: c_int, out: &mut [c_uint; 3]) -> bool {
    let info = d.backend_screen.renderer_info();
    let support = oxgl_core::version::support();
    let pair =
        |v: Option<(u8, u8)>| v.map_or([0, 0, 0], |(a, b)| [c_uint::from(a), c_uint::from(b), 0]);
    let values = match attribute {
        GLX_RENDERER_VENDOR_ID_MESA => [info.vendor_id, 0, 0],
        GLX_RENDERER_DEVICE_ID_MESA => [info.device_id, 0, 0],
        GLX_RENDERER_VERSION_MESA => {
            let mut v = env!("CARGO_PKG_VERSION")
                .split('.')
                .map(|p| p.parse::<c_uint>().unwrap_or(0));
            [
                v.next().unwrap_or(0),
                v.next().unwrap_or(0),
                v.next().unwrap_or(0),
            ]
        }
        GLX_RENDERER_ACCELERATED_MESA => [c_uint::from(info.accelerated), 0, 0],
        GLX_RENDERER_VIDEO_MEMORY_MESA => [info.video_memory_mb, 0, 0],
        GLX_RENDERER_UNIFIED_MEMORY_ARCHITECTURE_MESA => [c_uint::from(info.unified_memory), 0, 0],
        GLX_RENDERER_PREFERRED_PROFILE_MESA => {
            let core = support.core.is_some();
            [
                if core {
                    GLX_CONTEXT_CORE_PROFILE_BIT_ARB as c_uint
                } else {
                    GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB as c_uint
                },
                0,
                0,
            ]
        }
        GLX_RENDERER_OPENGL_CORE_PROFILE_VERSION_MESA => pair(support.core),
        GLX_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION_MESA => pair(Some(support.compat)),
        GLX_RENDERER_OPENGL_ES_PROFILE_VERSION_MESA => pair(support.gles1),
        GLX_RENDERER_OPENGL_ES2_PROFILE_VERSION_MESA => pair(support.gles2),
        _ => return false,
    };
    *out = values;
    true
}

fn values_len(attribute: c_int) -> usize {
    match attribute {
        GLX_RENDERER_VERSION_MESA => 3,
        GLX_RENDERER_OPENGL_CORE_PROFILE_VERSION_MESA
        | GLX_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION_MESA
        | GLX_RENDERER_OPENGL_ES_PROFILE_VERSION_MESA
        | GLX_RENDERER_OPENGL_ES2_PROFILE_VERSION_MESA => 2,
        _ => 1,
    }
}

/// `glXQueryRendererIntegerMESA`.
pub unsafe fn query_renderer_integer(
    dpy: *mut Display,
    screen: c_int,
    renderer: c_int,
    attribute: c_int,
    value: *mut c_uint,
) -> c_int {
    let Some(d) = display(dpy) else {
        return FALSE;
    };
    if renderer != 0 || screen < 0 || screen as usize >= d.screen_count() || value.is_null() {
        return FALSE;
    }
    let mut out = [0; 3];
    if !renderer_integer(&d, attribute, &mut out) {
        return FALSE;
    }
    for (i, v) in out.iter().take(values_len(attribute)).enumerate() {
        // SAFETY: the spec sizes `value` for the attribute's count.
        unsafe { *value.add(i) = *v };
    }
    TRUE
}

/// `glXQueryCurrentRendererIntegerMESA`.
pub unsafe fn query_current_renderer_integer(attribute: c_int, value: *mut c_uint) -> c_int {
    let Some(dpy) = with_glx_current(|c| c.map(|c| c.dpy)) else {
        return FALSE;
    };
    // SAFETY: forwarded.
    unsafe { query_renderer_integer(dpy as *mut Display, 0, 0, attribute, value) }
}

/// `glXQueryRendererStringMESA`. The returned string lives as long as the process.
pub unsafe fn query_renderer_string(
    dpy: *mut Display,
    screen: c_int,
    renderer: c_int,
    attribute: c_int,
) -> *const c_char {
    let Some(d) = display(dpy) else {
        return std::ptr::null();
    };
    if renderer != 0 || screen < 0 || screen as usize >= d.screen_count() {
        return std::ptr::null();
    }
    match attribute {
        GLX_RENDERER_VENDOR_ID_MESA => c"oxgl".as_ptr(),
        GLX_RENDERER_DEVICE_ID_MESA => {
            static NAME: std::sync::OnceLock<std::ffi::CString> = std::sync::OnceLock::new();
            NAME.get_or_init(|| {
                std::ffi::CString::new(d.backend_screen.renderer_info().renderer)
                    .unwrap_or_default()
            })
            .as_ptr()
        }
        _ => std::ptr::null(),
    }
}

/// `glXQueryCurrentRendererStringMESA`.
pub unsafe fn query_current_renderer_string(attribute: c_int) -> *const c_char {
    let Some(dpy) = with_glx_current(|c| c.map(|c| c.dpy)) else {
        return std::ptr::null();
    };
    // SAFETY: forwarded.
    unsafe { query_renderer_string(dpy as *mut Display, 0, 0, attribute) }
}

/// `GLX_BAD_IMPLEMENTATION`-style report for entry points we do not implement.
pub fn bad_implementation(dpy: *mut Display, minor: u8) {
    if let Some(d) = display(dpy) {
        send(&d, dpy, XError::Core(BAD_IMPLEMENTATION), 0, minor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(major: i32, minor: i32, profile: i32, flags: i32) -> Request {
        Request {
            major,
            minor,
            flags,
            profile,
            render_type: GLX_RGBA_TYPE,
        }
    }

    fn code(r: Result<(Profile, (u8, u8), OxglApi), XError>) -> String {
        match r {
            Ok((p, v, _)) => format!("{p:?} {}.{}", v.0, v.1),
            Err(XError::Core(c)) => format!("core {c}"),
            Err(XError::Glx(c)) => format!("glx {c}"),
        }
    }

    #[test]
    fn create_context_errors_follow_the_spec() {
        let s = oxgl_core::version::computed_support();
        let compat = GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB;
        let core = GLX_CONTEXT_CORE_PROFILE_BIT_ARB;
        // A compatibility request gets the highest compatibility version.
        let highest = format!("Compat {}.{}", s.compat.0, s.compat.1);
        assert_eq!(code(resolve(req(1, 0, compat, 0), s)), highest);
        assert_eq!(code(resolve(req(9, 9, compat, 0), s)), "core 8");
        assert_eq!(code(resolve(req(1, 6, compat, 0), s)), "core 8");
        assert_eq!(code(resolve(req(3, 0, compat, 0), s)), highest);
        assert_eq!(code(resolve(req(3, 2, compat, 0), s)), highest);
        assert_eq!(code(resolve(req(4, 3, compat, 0), s)), "glx 9");
        // Below 3.2 the profile mask is ignored.
        assert_eq!(code(resolve(req(3, 1, core, 0), s)), highest);
        // Forward-compatible 3.x: a core context, whatever the mask says
        // below 3.2 (as Mesa).
        let fc = GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB;
        let core_highest = "Core 4.2";
        assert_eq!(code(resolve(req(3, 1, core, fc), s)), core_highest);
        assert_eq!(code(resolve(req(3, 1, compat, fc), s)), core_highest);
        assert_eq!(code(resolve(req(3, 0, 0, fc), s)), core_highest);
        assert_eq!(code(resolve(req(3, 2, core, 0), s)), core_highest);
        assert_eq!(code(resolve(req(3, 3, core, fc), s)), core_highest);
        assert_eq!(code(resolve(req(4, 3, core, 0), s)), "glx 9");
        assert_eq!(code(resolve(req(3, 2, 0x8, 0), s)), "glx 13");
        assert_eq!(code(resolve(req(3, 2, core | compat, 0), s)), "glx 13");
        // GLX_EXT_create_context_es2_profile: ES 2.0 and 3.0 requests get
        // ES 3.0 (the highest, as Mesa's), 1.0 and 1.1 ES 1.1; versions
        // above them are GLXBadFBConfig, 2.1 BadMatch.
        let es = GLX_CONTEXT_ES_PROFILE_BIT_EXT;
        assert_eq!(code(resolve(req(2, 0, es, 0), s)), "Es 3.0");
        assert_eq!(code(resolve(req(3, 0, es, 0), s)), "Es 3.0");
        assert_eq!(code(resolve(req(3, 1, es, 0), s)), "glx 9");
        assert_eq!(code(resolve(req(3, 2, es, 0), s)), "glx 9");
        assert_eq!(code(resolve(req(1, 1, es, 0), s)), "Es 1.1");
        assert_eq!(code(resolve(req(1, 0, es, 0), s)), "Es 1.1");
        assert_eq!(code(resolve(req(4, 0, es, 0), s)), "glx 9");
        assert_eq!(code(resolve(req(2, 1, es, 0), s)), "core 8");
        assert_eq!(code(resolve(req(1, 0, compat, 0x100), s)), "core 2");
        assert_eq!(
            code(resolve(
                req(1, 0, compat, GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB),
                s
            )),
            "core 2"
        );
        assert_eq!(
            code(resolve(
                req(2, 0, compat, GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB),
                s
            )),
            "core 8"
        );
        // With an override that grants 4.5 core, core requests succeed.
        let o = oxgl_core::version::apply_override(
            s,
            oxgl_core::version::parse_override("4.5").unwrap(),
        );
        assert_eq!(code(resolve(req(3, 3, core, 0), o)), "Core 4.5");
    }
}
