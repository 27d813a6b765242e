//! EGL 1.5 and the extensions we advertise, as functions on C types
//! (handles as `usize`). `libGL.so.1` exports thin wrappers that run them in
//! the panic boundary and pass their `Result` to [`crate::error::finish`].
//! Error choices follow EGL 1.5 and, where the specification leaves the
//! order of checks open, Mesa's `eglapi.c`.
#![allow(
    unsafe_code,
    reason = "reads application pointers: attribute lists and out-parameters"
)]
#![allow(
    clippy::missing_safety_doc,
    reason = "every function: pointers as the EGL 1.5 specification defines them"
)]

use std::ffi::{CStr, c_char, c_ulong};
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};

use oxgl_core::Profile;
use oxgl_dri_interface::{OxglApi, OxglBuffer};
use oxgl_glapi::generated::egl_enums::*;
use oxgl_glapi::types::{EGLAttrib, EGLint};
use oxgl_glx::context::{self as glx_context, BindError, ContextSpec};
use oxgl_glx::display::{geometry, lock};
use oxgl_glx::drawable::{GlxDrawable, Kind};

use crate::config::{Config, Criteria, MAX_SWAP_INTERVAL};

/// `GL_FRONT`.
const GL_FRONT: u32 = 0x0404;
use crate::display::{self, EglContext, EglDisplay, Initialized, Platform, device_handle};
use crate::error::*;
use crate::surface::Surface;
use crate::thread::{self, Binding};

/// `EGL_VG_COLORSPACE_sRGB`, under a name usable in patterns.
const VG_COLORSPACE_SRGB: EGLint = EGL_VG_COLORSPACE_sRGB;

/// `EGL_TRUE`.
pub const TRUE: u32 = 1;

/// Client extensions (`eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS)`).
pub const CLIENT_EXTENSIONS: &CStr = c"EGL_EXT_client_extensions EGL_EXT_device_base \
EGL_EXT_device_enumeration EGL_EXT_device_query EGL_EXT_platform_base EGL_EXT_platform_device \
EGL_EXT_platform_wayland EGL_EXT_platform_x11 EGL_KHR_client_get_all_proc_addresses \
EGL_KHR_platform_wayland EGL_KHR_platform_x11 EGL_MESA_platform_surfaceless";

/// Display extensions.
pub const DISPLAY_EXTENSIONS: &CStr = c"EGL_KHR_create_context EGL_KHR_create_context_no_error \
EGL_KHR_fence_sync EGL_KHR_get_all_proc_addresses EGL_KHR_gl_colorspace EGL_KHR_no_config_context \
EGL_KHR_surfaceless_context EGL_KHR_wait_sync EGL_MESA_configless_context EGL_MESA_query_driver";

/// The device's extensions (Mesa's software device names the same one).
pub const DEVICE_EXTENSIONS: &CStr = c"EGL_MESA_device_software";

// ---- helpers ------------------------------------------------------------------

/// Reads an `EGL_NONE`-terminated `EGLint` attribute list into pairs,
/// stopping after the first name `known` rejects: its entry point fails
/// there with `EGL_BAD_ATTRIBUTE`, and reading on could run past the end of
/// a list that is malformed from that point (piglit's
/// egl-create-context-invalid-attribute-gl passes `{bad, EGL_NONE}`; Mesa
/// stops at the first bad attribute too).
pub unsafe fn int_list(list: *const EGLint, known: fn(EGLint) -> bool) -> Vec<(EGLint, EGLint)> {
    let mut out = Vec::new();
    if list.is_null() {
        return out;
    }
    let mut i = 0;
    loop {
        // SAFETY: the list is EGL_NONE-terminated pairs (EGL 1.5 §3.4.1).
        let a = unsafe { *list.add(i) };
        if a == EGL_NONE || out.len() > 4096 {
            break;
        }
        // SAFETY: a value follows each name.
        out.push((a, unsafe { *list.add(i + 1) }));
        if !known(a) {
            break;
        }
        i += 2;
    }
    out
}

/// Reads an `EGL_NONE`-terminated `EGLAttrib` list into pairs (as
/// [`int_list`]).
pub unsafe fn attrib_list(
    list: *const EGLAttrib,
    known: fn(EGLint) -> bool,
) -> Vec<(EGLint, EGLAttrib)> {
    let mut out = Vec::new();
    if list.is_null() {
        return out;
    }
    let mut i = 0;
    loop {
        // SAFETY: as `int_list`, with EGLAttrib entries (EGL 1.5 §3.2).
        let a = unsafe { *list.add(i) };
        if a == EGL_NONE as EGLAttrib || out.len() > 4096 {
            break;
        }
        // SAFETY: a value follows each name.
        out.push((a as EGLint, unsafe { *list.add(i + 1) }));
        if !known(a as EGLint) {
            break;
        }
        i += 2;
    }
    out
}

/// Attribute names of `eglGetPlatformDisplay`.
pub fn known_platform_attrib(a: EGLint) -> bool {
    a == EGL_PLATFORM_X11_SCREEN_KHR
}

/// Attribute names of `eglChooseConfig`.
pub fn known_config_attrib(a: EGLint) -> bool {
    crate::config::known(a)
}

/// Attribute names of `eglCreateContext`.
pub fn known_context_attrib(a: EGLint) -> bool {
    matches!(
        a,
        EGL_CONTEXT_MAJOR_VERSION
            | EGL_CONTEXT_MINOR_VERSION
            | EGL_CONTEXT_OPENGL_PROFILE_MASK
            | EGL_CONTEXT_FLAGS_KHR
            | EGL_CONTEXT_OPENGL_DEBUG
            | EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE
            | EGL_CONTEXT_OPENGL_ROBUST_ACCESS
            | EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY
    )
}

fn known_common_surface_attrib(a: EGLint) -> bool {
    matches!(
        a,
        EGL_GL_COLORSPACE | EGL_VG_ALPHA_FORMAT | EGL_VG_COLORSPACE
    )
}

/// Attribute names of window surfaces.
pub fn known_window_attrib(a: EGLint) -> bool {
    a == EGL_RENDER_BUFFER || known_common_surface_attrib(a)
}

/// Attribute names of pixmap surfaces.
pub fn known_pixmap_attrib(a: EGLint) -> bool {
    known_common_surface_attrib(a)
}

/// Attribute names of pbuffer surfaces.
pub fn known_pbuffer_attrib(a: EGLint) -> bool {
    matches!(
        a,
        EGL_WIDTH
            | EGL_HEIGHT
            | EGL_LARGEST_PBUFFER
            | EGL_TEXTURE_FORMAT
            | EGL_TEXTURE_TARGET
            | EGL_MIPMAP_TEXTURE
    ) || known_common_surface_attrib(a)
}

/// An `EGLint` list widened to `EGLAttrib` pairs.
pub fn widen(list: Vec<(EGLint, EGLint)>) -> Vec<(EGLint, EGLAttrib)> {
    list.into_iter().map(|(a, v)| (a, v as EGLAttrib)).collect()
}

unsafe fn write<T>(out: *mut T, v: T) {
    // SAFETY: `out` is null or writable (checked by the callers' contracts).
    if let Some(o) = unsafe { out.as_mut() } {
        *o = v;
    }
}

fn egl_display(dpy: usize) -> Result<&'static EglDisplay> {
    display::lookup(dpy).ok_or(BAD_DISPLAY)
}

fn initialized(dpy: usize) -> Result<(&'static EglDisplay, Arc<Initialized>)> {
    let d = egl_display(dpy)?;
    Ok((d, d.state()?))
}

fn config_of(init: &Initialized, config: usize) -> Result<&Config> {
    init.config(config).ok_or(BAD_CONFIG)
}

// ---- displays -----------------------------------------------------------------

/// `eglGetDisplay`: the platform comes from `EGL_PLATFORM` (Mesa's names;
/// `EGL_DISPLAY`, its older name, too), else from the native display (a
/// `wl_display*` is recognised: Wayland), else X11. A platform Mesa knows and oxgl
/// lacks gives a display that `eglInitialize` refuses with
/// `EGL_NOT_INITIALIZED`, as a Mesa built without it does.
pub fn get_display(native: usize) -> Result<usize> {
    let env = std::env::var("EGL_PLATFORM")
        .ok()
        .or_else(|| std::env::var("EGL_DISPLAY").ok())
        .filter(|s| !s.is_empty());
    let platform = match env.as_deref() {
        Some("x11") => Some(Platform::X11),
        Some("surfaceless") => Some(Platform::Surfaceless),
        Some("device") => Some(Platform::Device),
        Some("wayland") => Some(Platform::Wayland),
        Some("xcb") => Some(Platform::Unsupported("xcb")),
        Some("drm") => Some(Platform::Unsupported("drm")),
        Some("android") => Some(Platform::Unsupported("android")),
        Some("haiku") => Some(Platform::Unsupported("haiku")),
        Some("windows") => Some(Platform::Unsupported("windows")),
        Some(_) => {
            log(Level::Warning, "invalid EGL_PLATFORM given");
            None
        }
        None => None,
    };
    let platform = match platform {
        Some(p) => p,
        None if crate::wayland::client::is_wl_display(native) => Platform::Wayland,
        None => Platform::X11,
    };
    log(
        Level::Debug,
        &format!("eglGetDisplay: {platform:?} platform"),
    );
    match platform {
        Platform::Surfaceless if native != 0 => Err(BAD_PARAMETER),
        Platform::Surfaceless => Ok(display::get(Platform::Surfaceless, 0, None)?.handle()),
        // The native display must be the device (Mesa refuses
        // EGL_DEFAULT_DISPLAY there too).
        Platform::Device if native != device_handle() => Err(BAD_PARAMETER),
        p => Ok(display::get(p, native, None)?.handle()),
    }
}

/// `eglGetPlatformDisplay` (and the EXT form, its list widened).
pub fn get_platform_display(
    platform: EGLint,
    native: usize,
    attribs: &[(EGLint, EGLAttrib)],
) -> Result<usize> {
    match platform {
        EGL_PLATFORM_X11_KHR => {
            let mut screen = None;
            for &(a, v) in attribs {
                match a {
                    EGL_PLATFORM_X11_SCREEN_KHR => screen = Some(v as i32),
                    _ => return Err(BAD_ATTRIBUTE),
                }
            }
            Ok(display::get(Platform::X11, native, screen)?.handle())
        }
        EGL_PLATFORM_SURFACELESS_MESA => {
            if native != 0 {
                return Err(BAD_PARAMETER);
            }
            if !attribs.is_empty() {
                return Err(BAD_ATTRIBUTE);
            }
            Ok(display::get(Platform::Surfaceless, 0, None)?.handle())
        }
        // EGL_KHR_platform_wayland: no attributes; `native` is a
        // `wl_display*`, or EGL_DEFAULT_DISPLAY for $WAYLAND_DISPLAY.
        EGL_PLATFORM_WAYLAND_KHR => {
            if !attribs.is_empty() {
                return Err(BAD_ATTRIBUTE);
            }
            Ok(display::get(Platform::Wayland, native, None)?.handle())
        }
        EGL_PLATFORM_DEVICE_EXT => {
            if native != device_handle() {
                return Err(BAD_PARAMETER);
            }
            if !attribs.is_empty() {
                return Err(BAD_ATTRIBUTE);
            }
            Ok(display::get(Platform::Device, native, None)?.handle())
        }
        _ => Err(BAD_PARAMETER),
    }
}

/// `eglInitialize`.
pub unsafe fn initialize(dpy: usize, major: *mut EGLint, minor: *mut EGLint) -> Result<u32> {
    let d = egl_display(dpy)?;
    d.initialize()?;
    // SAFETY: null or writable.
    unsafe {
        write(major, 1);
        write(minor, 5);
    }
    Ok(TRUE)
}

/// `eglTerminate`.
pub fn terminate(dpy: usize) -> Result<u32> {
    egl_display(dpy)?.terminate();
    Ok(TRUE)
}

/// `eglQueryString`.
pub fn query_string(dpy: usize, name: EGLint) -> Result<*const c_char> {
    if dpy == 0 {
        return match name {
            EGL_EXTENSIONS => Ok(CLIENT_EXTENSIONS.as_ptr()),
            // EGL 1.5 §3.3: the client library's version.
            EGL_VERSION => Ok(c"1.5".as_ptr()),
            _ => Err(BAD_DISPLAY),
        };
    }
    initialized(dpy)?;
    match name {
        EGL_VENDOR => Ok(c"oxgl".as_ptr()),
        EGL_VERSION => Ok(c"1.5".as_ptr()),
        EGL_CLIENT_APIS if oxgl_core::version::support().gles2.is_some() => {
            Ok(c"OpenGL OpenGL_ES".as_ptr())
        }
        EGL_CLIENT_APIS => Ok(c"OpenGL".as_ptr()),
        EGL_EXTENSIONS => Ok(DISPLAY_EXTENSIONS.as_ptr()),
        _ => Err(BAD_PARAMETER),
    }
}

/// `eglGetDisplayDriverName` / `eglGetDisplayDriverConfig`
/// (EGL_MESA_query_driver): errors for a display that is not one or not
/// initialized, as every display call.
pub fn check_initialized(dpy: usize) -> Result<()> {
    initialized(dpy).map(|_| ())
}

/// A copy of `s` in `malloc`'d memory, which the application frees with
/// `free` (EGL_MESA_query_driver's driver configuration); null when out of
/// memory.
#[allow(unsafe_code, reason = "malloc'd memory the application frees")]
pub fn malloc_c_string(s: &CStr) -> *mut c_char {
    let bytes = s.to_bytes_with_nul();
    // SAFETY: malloc of the string's size; the copy stays inside it.
    unsafe {
        let p = libc::malloc(bytes.len()).cast::<c_char>();
        if !p.is_null() {
            std::ptr::copy_nonoverlapping(bytes.as_ptr().cast::<c_char>(), p, bytes.len());
        }
        p
    }
}

// ---- syncs (EGL 1.5 §3.8, EGL_KHR_fence_sync, EGL_KHR_wait_sync) ---------------

/// `eglCreateSync` (`khr`: `eglCreateSyncKHR`, whose bad type is
/// `EGL_BAD_ATTRIBUTE` rather than EGL 1.5's `EGL_BAD_PARAMETER`): a fence
/// for the current context's commands. `EGL_BAD_ATTRIBUTE` for any
/// attribute; `EGL_BAD_MATCH` when no context is current or it belongs to
/// another display.
pub fn create_sync(
    dpy: usize,
    kind: EGLint,
    attribs: &[(EGLint, EGLAttrib)],
    khr: bool,
) -> Result<usize> {
    let (_, init) = initialized(dpy)?;
    if kind != EGL_SYNC_FENCE {
        return Err(if khr { BAD_ATTRIBUTE } else { BAD_PARAMETER });
    }
    if !attribs.is_empty() {
        return Err(BAD_ATTRIBUTE);
    }
    let b = thread::current().ok_or(BAD_MATCH)?;
    if b.display != dpy {
        return Err(BAD_MATCH);
    }
    // The fence: every command before it completes now.
    b.ctx.glx.with_core(|core| {
        let _ = core.finish();
    });
    let sync = Arc::new(crate::display::EglSync { kind });
    let h = sync.handle();
    lock(&init.syncs).insert(h, sync);
    Ok(h)
}

fn sync_of(init: &Initialized, sync: usize) -> Result<Arc<crate::display::EglSync>> {
    lock(&init.syncs).get(&sync).cloned().ok_or(BAD_PARAMETER)
}

/// `eglDestroySync(KHR)`: `EGL_BAD_PARAMETER` for a handle that is not a
/// sync object of `dpy`.
pub fn destroy_sync(dpy: usize, sync: usize) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    lock(&init.syncs).remove(&sync).ok_or(BAD_PARAMETER)?;
    Ok(TRUE)
}

/// `eglClientWaitSync(KHR)`: a fence is signaled from its creation, so
/// every wait is satisfied at once (`EGL_CONDITION_SATISFIED`), whatever
/// the timeout; `EGL_SYNC_FLUSH_COMMANDS_BIT` has nothing left to flush.
pub fn client_wait_sync(dpy: usize, sync: usize, _flags: EGLint, _timeout: u64) -> Result<EGLint> {
    let (_, init) = initialized(dpy)?;
    sync_of(&init, sync)?;
    Ok(EGL_CONDITION_SATISFIED)
}

/// `eglWaitSync(KHR)` (EGL_KHR_wait_sync): a server wait, which a signaled
/// fence ends at once. `EGL_BAD_PARAMETER` for flags; `EGL_BAD_MATCH`
/// without a current context of `dpy`.
pub fn wait_sync(dpy: usize, sync: usize, flags: EGLint) -> Result<EGLint> {
    let (_, init) = initialized(dpy)?;
    sync_of(&init, sync)?;
    if flags != 0 {
        return Err(BAD_PARAMETER);
    }
    let b = thread::current().ok_or(BAD_MATCH)?;
    if b.display != dpy {
        return Err(BAD_MATCH);
    }
    Ok(EGL_TRUE)
}

/// `eglGetSyncAttrib(KHR)`: its type, status (signaled) and condition;
/// `EGL_BAD_ATTRIBUTE` for another attribute, and nothing written on an
/// error.
pub fn get_sync_attrib(dpy: usize, sync: usize, attribute: EGLint) -> Result<EGLAttrib> {
    let (_, init) = initialized(dpy)?;
    let s = sync_of(&init, sync)?;
    Ok(match attribute {
        EGL_SYNC_TYPE => s.kind as EGLAttrib,
        EGL_SYNC_STATUS => EGL_SIGNALED as EGLAttrib,
        EGL_SYNC_CONDITION => EGL_SYNC_PRIOR_COMMANDS_COMPLETE as EGLAttrib,
        _ => return Err(BAD_ATTRIBUTE),
    })
}

// ---- devices (EGL_EXT_device_base) ---------------------------------------------

/// `eglQueryDevicesEXT`: the one software device.
pub unsafe fn query_devices(max: EGLint, devices: *mut usize, num: *mut EGLint) -> Result<u32> {
    if num.is_null() || (!devices.is_null() && max <= 0) {
        return Err(BAD_PARAMETER);
    }
    // SAFETY: `devices` holds `max` >= 1 slots when not null; `num` writable.
    unsafe {
        if !devices.is_null() {
            *devices = device_handle();
        }
        *num = 1;
    }
    Ok(TRUE)
}

/// `eglQueryDeviceStringEXT`.
pub fn query_device_string(device: usize, name: EGLint) -> Result<*const c_char> {
    if device != device_handle() {
        return Err(BAD_DEVICE);
    }
    match name {
        EGL_EXTENSIONS => Ok(DEVICE_EXTENSIONS.as_ptr()),
        // No DRM node behind the software device.
        _ => Err(BAD_PARAMETER),
    }
}

/// `eglQueryDeviceAttribEXT`: the software device has no attributes.
pub fn query_device_attrib(device: usize, _attribute: EGLint) -> Result<u32> {
    if device != device_handle() {
        return Err(BAD_DEVICE);
    }
    Err(BAD_ATTRIBUTE)
}

/// `eglQueryDisplayAttribEXT` (and `eglQueryDisplayAttribKHR`).
pub unsafe fn query_display_attrib(
    dpy: usize,
    attribute: EGLint,
    value: *mut EGLAttrib,
) -> Result<u32> {
    initialized(dpy)?;
    if value.is_null() {
        return Err(BAD_PARAMETER);
    }
    match attribute {
        EGL_DEVICE_EXT => {
            // SAFETY: writable.
            unsafe { *value = device_handle() as EGLAttrib };
            Ok(TRUE)
        }
        _ => Err(BAD_ATTRIBUTE),
    }
}

// ---- configs ------------------------------------------------------------------

unsafe fn return_configs(
    configs: &[&Config],
    out: *mut usize,
    size: EGLint,
    num: *mut EGLint,
) -> Result<u32> {
    if num.is_null() {
        return Err(BAD_PARAMETER);
    }
    let n = if out.is_null() {
        configs.len()
    } else {
        configs.len().min(size.max(0) as usize)
    };
    if !out.is_null() {
        for (i, c) in configs.iter().take(n).enumerate() {
            // SAFETY: `out` holds `size` slots (EGL 1.5 §3.4.1).
            unsafe { *out.add(i) = c.id as usize };
        }
    }
    // SAFETY: writable.
    unsafe { *num = n as EGLint };
    Ok(TRUE)
}

/// `eglGetConfigs`.
pub unsafe fn get_configs(
    dpy: usize,
    configs: *mut usize,
    size: EGLint,
    num: *mut EGLint,
) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    let all: Vec<&Config> = init.configs.iter().collect();
    // SAFETY: forwarded.
    unsafe { return_configs(&all, configs, size, num) }
}

/// `eglChooseConfig`.
pub unsafe fn choose_config(
    dpy: usize,
    attribs: &[(EGLint, EGLint)],
    configs: *mut usize,
    size: EGLint,
    num: *mut EGLint,
) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    if num.is_null() {
        return Err(BAD_PARAMETER);
    }
    let criteria = Criteria::parse(attribs)?;
    let mut matching: Vec<&Config> = init
        .configs
        .iter()
        .filter(|c| criteria.matches(c))
        .collect();
    criteria.sort(&mut matching);
    // SAFETY: forwarded.
    unsafe { return_configs(&matching, configs, size, num) }
}

/// `eglGetConfigAttrib`.
pub unsafe fn get_config_attrib(
    dpy: usize,
    config: usize,
    attribute: EGLint,
    value: *mut EGLint,
) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    let c = config_of(&init, config)?;
    let v = c.attrib(attribute).ok_or(BAD_ATTRIBUTE)?;
    if value.is_null() {
        return Err(BAD_PARAMETER);
    }
    // SAFETY: writable.
    unsafe { *value = v };
    Ok(TRUE)
}

// ---- surfaces -------------------------------------------------------------------

/// Attributes common to window and pbuffer surfaces (EGL 1.5 §3.5.1, 3.5.2).
fn common_surface_attrib(a: EGLint, v: EGLAttrib) -> Result<()> {
    match a {
        // EGL_KHR_gl_colorspace: every config (8-bit colour) takes both.
        EGL_GL_COLORSPACE => match v as EGLint {
            EGL_GL_COLORSPACE_LINEAR | EGL_GL_COLORSPACE_SRGB => Ok(()),
            _ => Err(BAD_ATTRIBUTE),
        },
        EGL_VG_ALPHA_FORMAT => match v as EGLint {
            EGL_VG_ALPHA_FORMAT_NONPRE => Ok(()),
            EGL_VG_ALPHA_FORMAT_PRE => Err(BAD_MATCH),
            _ => Err(BAD_ATTRIBUTE),
        },
        EGL_VG_COLORSPACE => match v as EGLint {
            VG_COLORSPACE_SRGB => Ok(()),
            EGL_VG_COLORSPACE_LINEAR => Err(BAD_MATCH),
            _ => Err(BAD_ATTRIBUTE),
        },
        _ => Err(BAD_ATTRIBUTE),
    }
}

/// Whether a surface attribute list asks for `EGL_GL_COLORSPACE_SRGB`
/// (the last `EGL_GL_COLORSPACE` counts).
fn srgb_requested<T: Copy + TryInto<i64>>(attribs: &[(EGLint, T)]) -> bool {
    attribs
        .iter()
        .rev()
        .find(|(a, _)| *a == EGL_GL_COLORSPACE)
        .is_some_and(|&(_, v)| v.try_into().ok() == Some(i64::from(EGL_GL_COLORSPACE_SRGB)))
}

/// Registers a new surface; `srgb`: its colour buffers are sRGB-encoded
/// (EGL_KHR_gl_colorspace), which the core reads from the drawable.
fn register_surface(init: &Initialized, s: Surface, srgb: bool) -> usize {
    s.drawable.backend.set_srgb(srgb);
    let s = Arc::new(s);
    let h = s.handle();
    lock(&init.surfaces).insert(h, s);
    h
}

/// `eglCreatePlatformWindowSurface` (and the EXT form): `window` points to
/// the X window's XID on X11 (EGL_KHR_platform_x11), and is the
/// `struct wl_egl_window*` itself on Wayland (EGL_KHR_platform_wayland).
pub unsafe fn create_platform_window_surface(
    dpy: usize,
    config: usize,
    window: *mut std::ffi::c_void,
    attribs: &[(EGLint, EGLAttrib)],
) -> Result<usize> {
    if display::lookup(dpy).is_some_and(|d| d.platform == Platform::Wayland) {
        return create_window_surface(dpy, config, window as c_ulong, attribs);
    }
    // SAFETY: null or a pointer to an X `Window` (unsigned long).
    let xid = unsafe { (window as *const c_ulong).as_ref() }.map_or(0, |w| *w);
    create_window_surface(dpy, config, xid, attribs)
}

/// `eglCreateWindowSurface`: `window` is the X window's XID, or on Wayland
/// the `struct wl_egl_window*`.
pub fn create_window_surface(
    dpy: usize,
    config: usize,
    window: c_ulong,
    attribs: &[(EGLint, EGLAttrib)],
) -> Result<usize> {
    let (d, init) = initialized(dpy)?;
    if let Some(wl) = init.wayland.clone() {
        return create_wayland_window_surface(&init, wl, config, window as usize, attribs);
    }
    // EGL_MESA_platform_surfaceless: "It is not valid to call
    // eglCreatePlatformWindowSurfaceEXT with a <display> that belongs to the
    // surfaceless platform ... the error will be EGL_BAD_NATIVE_WINDOW" (Mesa
    // answers the same on the device platform).
    let Some(x) = init.x11.clone() else {
        return Err(BAD_NATIVE_WINDOW);
    };
    let config = config_of(&init, config)?.clone();
    if window == 0 || window > c_ulong::from(u32::MAX) {
        return Err(BAD_NATIVE_WINDOW);
    }
    if config.surface_type & EGL_WINDOW_BIT == 0 {
        return Err(BAD_MATCH);
    }
    let render_buffer = window_attribs(attribs)?;
    let (h, (width, height)) = native_surface(
        &init,
        &x,
        config,
        window as u32,
        Kind::Window,
        render_buffer,
        srgb_requested(attribs),
    )?;
    log(
        Level::Debug,
        &format!(
            "window surface for 0x{window:x} ({width}x{height}) on {:?}",
            d.platform
        ),
    );
    Ok(h)
}

/// Window attributes: `EGL_RENDER_BUFFER` (back or single) and the common
/// ones.
fn window_attribs(attribs: &[(EGLint, EGLAttrib)]) -> Result<EGLint> {
    let mut render_buffer = EGL_BACK_BUFFER;
    for &(a, v) in attribs {
        match a {
            EGL_RENDER_BUFFER => match v as EGLint {
                EGL_BACK_BUFFER | EGL_SINGLE_BUFFER => render_buffer = v as EGLint,
                _ => return Err(BAD_ATTRIBUTE),
            },
            _ => common_surface_attrib(a, v)?,
        }
    }
    Ok(render_buffer)
}

/// A window surface on a `struct wl_egl_window*` (checks in Mesa's order:
/// config, window bit, null window, a window that has a surface already
/// `EGL_BAD_ALLOC`). The storage starts at the window's size; the surface
/// renders to its back buffer whatever `EGL_RENDER_BUFFER` asks (Mesa's
/// Wayland platform has no single-buffered windows either), and its swap
/// interval starts at 1 (EGL 1.5 §3.10.3; frame callbacks pace it).
fn create_wayland_window_surface(
    init: &Initialized,
    wl: Arc<crate::wayland::display::WlDisplay>,
    config: usize,
    window: usize,
    attribs: &[(EGLint, EGLAttrib)],
) -> Result<usize> {
    let config = config_of(init, config)?.clone();
    if config.surface_type & EGL_WINDOW_BIT == 0 {
        return Err(BAD_MATCH);
    }
    if window == 0 {
        return Err(BAD_NATIVE_WINDOW);
    }
    window_attribs(attribs)?;
    let format = if config.glx.depth == 32 {
        crate::wayland::client::shm_format::ARGB8888
    } else {
        crate::wayland::client::shm_format::XRGB8888
    };
    let win = crate::wayland::window::WlWindow::new(wl, window, format)?;
    let (w, h) = oxgl_glx::drawable::NativeWindow::size(&*win).ok_or(BAD_NATIVE_WINDOW)?;
    let Some(dr) = GlxDrawable::new(&init.screen, 0, Kind::Window, &config.glx, (w, h), 32, true)
    else {
        win.detach();
        return Err(BAD_ALLOC);
    };
    dr.set_native(win.clone());
    dr.swap_interval.store(1, Ordering::Relaxed);
    log(
        Level::Debug,
        &format!("window surface for wl_egl_window 0x{window:x} ({w}x{h})"),
    );
    Ok(register_surface(
        init,
        Surface {
            drawable: Arc::new(dr),
            config,
            pbuffer_size: None,
            largest: false,
            render_buffer: EGL_BACK_BUFFER,
            mipmap_level: AtomicI32::new(0),
            wayland: Some(win),
        },
        srgb_requested(attribs),
    ))
}

/// The part window and pixmap surfaces share: X drawable `xid`'s size and
/// depth (which must be the config's), one EGL surface per native drawable
/// (EGL 1.5 §3.5.1, §3.5.4), the backend drawable, the registered surface
/// — its handle and size. A pixmap surface reports its size as a pbuffer
/// does.
fn native_surface(
    init: &Initialized,
    x: &oxgl_glx::display::DisplayState,
    config: Config,
    xid: u32,
    kind: Kind,
    render_buffer: EGLint,
    srgb: bool,
) -> Result<(usize, (u32, u32))> {
    let bad_native = if kind == Kind::Pixmap {
        BAD_NATIVE_PIXMAP
    } else {
        BAD_NATIVE_WINDOW
    };
    let Some((w, h, depth)) = geometry(x, xid) else {
        return Err(bad_native);
    };
    if depth != config.glx.depth {
        return Err(BAD_MATCH);
    }
    if lock(&init.surfaces).values().any(|s| s.drawable.xid == xid) {
        return Err(BAD_ALLOC);
    }
    let dr = GlxDrawable::new(&init.screen, xid, kind, &config.glx, (w, h), depth, true)
        .ok_or(BAD_ALLOC)?;
    let pbuffer_size = (kind == Kind::Pixmap).then_some((w as EGLint, h as EGLint));
    let handle = register_surface(
        init,
        Surface {
            drawable: Arc::new(dr),
            config,
            pbuffer_size,
            largest: false,
            render_buffer,
            mipmap_level: AtomicI32::new(0),
            wayland: None,
        },
        srgb,
    );
    Ok((handle, (w, h)))
}

/// `eglCreatePixmapSurface` / `eglCreatePlatformPixmapSurface`: `pixmap` is
/// the X pixmap's XID. The surface is single-buffered as EGL defines it
/// (`EGL_RENDER_BUFFER` is `EGL_SINGLE_BUFFER`): a context first made
/// current on it draws to and reads from GL_FRONT, which `glFlush`,
/// `glFinish` and `eglWaitClient` copy to the pixmap, as GLX does for a
/// single-buffered drawable.
pub fn create_pixmap_surface(
    dpy: usize,
    config: usize,
    pixmap: c_ulong,
    attribs: &[(EGLint, EGLAttrib)],
) -> Result<usize> {
    let (_, init) = initialized(dpy)?;
    // EGL_MESA_platform_surfaceless: no pixmaps there either.
    let Some(x) = init.x11.clone() else {
        return Err(BAD_NATIVE_PIXMAP);
    };
    let config = config_of(&init, config)?.clone();
    if pixmap == 0 || pixmap > c_ulong::from(u32::MAX) {
        return Err(BAD_NATIVE_PIXMAP);
    }
    if config.surface_type & EGL_PIXMAP_BIT == 0 {
        return Err(BAD_MATCH);
    }
    for &(a, v) in attribs {
        common_surface_attrib(a, v)?;
    }
    let xid = pixmap as u32;
    let srgb = srgb_requested(attribs);
    native_surface(
        &init,
        &x,
        config,
        xid,
        Kind::Pixmap,
        EGL_SINGLE_BUFFER,
        srgb,
    )
    .map(|(h, _)| h)
}

/// `eglCreatePbufferSurface`.
pub fn create_pbuffer_surface(
    dpy: usize,
    config: usize,
    attribs: &[(EGLint, EGLint)],
) -> Result<usize> {
    let (_, init) = initialized(dpy)?;
    let config = config_of(&init, config)?.clone();
    if config.surface_type & EGL_PBUFFER_BIT == 0 {
        return Err(BAD_MATCH);
    }
    let (mut w, mut h, mut largest) = (0, 0, false);
    let (mut format, mut target) = (EGL_NO_TEXTURE, EGL_NO_TEXTURE);
    for &(a, v) in attribs {
        match a {
            EGL_WIDTH => w = v,
            EGL_HEIGHT => h = v,
            EGL_LARGEST_PBUFFER => largest = v != 0,
            EGL_TEXTURE_FORMAT => match v {
                EGL_NO_TEXTURE | EGL_TEXTURE_RGB | EGL_TEXTURE_RGBA => format = v,
                _ => return Err(BAD_ATTRIBUTE),
            },
            EGL_TEXTURE_TARGET => match v {
                EGL_NO_TEXTURE | EGL_TEXTURE_2D => target = v,
                _ => return Err(BAD_ATTRIBUTE),
            },
            EGL_MIPMAP_TEXTURE => {}
            _ => common_surface_attrib(a, v as EGLAttrib)?,
        }
    }
    if w < 0 || h < 0 {
        return Err(BAD_PARAMETER);
    }
    // No config binds to textures (EGL_BIND_TO_TEXTURE_* are false).
    if format != EGL_NO_TEXTURE || target != EGL_NO_TEXTURE {
        return Err(BAD_MATCH);
    }
    let max = oxgl_glx::config::MAX_PBUFFER_DIM;
    if w > max || h > max {
        if !largest {
            return Err(BAD_ALLOC);
        }
        w = w.min(max);
        h = h.min(max);
    }
    let dr = GlxDrawable::new(
        &init.screen,
        0,
        Kind::Pbuffer,
        &config.glx,
        (w as u32, h as u32),
        config.glx.depth,
        true,
    )
    .ok_or(BAD_ALLOC)?;
    Ok(register_surface(
        &init,
        Surface {
            drawable: Arc::new(dr),
            config,
            pbuffer_size: Some((w, h)),
            largest,
            render_buffer: EGL_BACK_BUFFER,
            mipmap_level: AtomicI32::new(0),
            wayland: None,
        },
        srgb_requested(attribs),
    ))
}

/// `eglDestroySurface`: the handle is invalid at once; a surface current in
/// some thread lives until released there (EGL 1.5 §3.5.5).
pub fn destroy_surface(dpy: usize, surface: usize) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    let s = lock(&init.surfaces).remove(&surface).ok_or(BAD_SURFACE)?;
    if let Some(w) = &s.wayland {
        w.detach();
    }
    if let Some(x) = &init.x11
        && (s.is_window() || s.is_pixmap())
        && !bound_anywhere(&init, &s)
    {
        s.drawable.release_x_resources(x);
    }
    Ok(TRUE)
}

/// `eglQuerySurface`.
pub unsafe fn query_surface(
    dpy: usize,
    surface: usize,
    attribute: EGLint,
    value: *mut EGLint,
) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    let s = init.surface(surface).ok_or(BAD_SURFACE)?;
    let v = s.query(init.x11.as_deref(), attribute)?;
    if value.is_null() {
        return Err(BAD_PARAMETER);
    }
    // EGL 1.5 §3.5.6: LARGEST_PBUFFER of a window or pixmap leaves `value`
    // alone.
    if attribute == EGL_LARGEST_PBUFFER && (s.is_window() || s.is_pixmap()) {
        return Ok(TRUE);
    }
    // SAFETY: writable.
    unsafe { *value = v };
    Ok(TRUE)
}

/// `eglSurfaceAttrib`.
pub fn surface_attrib(dpy: usize, surface: usize, attribute: EGLint, value: EGLint) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    let s = init.surface(surface).ok_or(BAD_SURFACE)?;
    s.set(attribute, value)?;
    Ok(TRUE)
}

/// `eglCopyBuffers` (EGL 1.5 §3.10.3): the surface's colour buffer — the
/// one rendered to: front for a pixmap, back otherwise — to the X pixmap
/// `target` of the config's depth, after flushing the current context if
/// it draws to the surface.
pub fn copy_buffers(dpy: usize, surface: usize, target: c_ulong) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    let s = init.surface(surface).ok_or(BAD_SURFACE)?;
    let Some(x) = init.x11.clone() else {
        return Err(BAD_NATIVE_PIXMAP);
    };
    if target == 0 || target > c_ulong::from(u32::MAX) {
        return Err(BAD_NATIVE_PIXMAP);
    }
    let Some((_, _, depth)) = geometry(&x, target as u32) else {
        return Err(BAD_NATIVE_PIXMAP);
    };
    if depth != s.config.glx.depth {
        return Err(BAD_MATCH);
    }
    if let Some(b) = thread::current()
        && (b.draw.as_ref().is_some_and(|d| Arc::ptr_eq(d, &s))
            || b.read.as_ref().is_some_and(|r| Arc::ptr_eq(r, &s)))
    {
        b.ctx.glx.with_core(|core| {
            let _ = core.finish();
        });
    }
    let buffer = if s.is_pixmap() {
        OxglBuffer::FrontColor
    } else {
        OxglBuffer::BackColor
    };
    s.drawable.present_to(&x, buffer, target as u32);
    Ok(TRUE)
}

/// `eglBindTexImage` / `eglReleaseTexImage`: no surface has a texture
/// format (EGL 1.5 §3.6.1: EGL_BAD_MATCH).
pub fn bind_tex_image(dpy: usize, surface: usize, buffer: EGLint) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    init.surface(surface).ok_or(BAD_SURFACE)?;
    if buffer != EGL_BACK_BUFFER {
        return Err(BAD_PARAMETER);
    }
    Err(BAD_MATCH)
}

// ---- contexts -------------------------------------------------------------------

/// What `eglCreateContext`'s attribute list asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContextRequest {
    /// Major version.
    pub major: EGLint,
    /// Minor version.
    pub minor: EGLint,
    /// `EGL_CONTEXT_OPENGL_PROFILE_MASK`.
    pub profile: EGLint,
    /// Debug context.
    pub debug: bool,
    /// Forward-compatible context.
    pub forward_compatible: bool,
    /// `EGL_CONTEXT_OPENGL_NO_ERROR_KHR` (EGL_KHR_create_context_no_error).
    pub no_error: bool,
}

/// Parses and validates a context request for the OpenGL API (EGL 1.5
/// §3.7.1, EGL_KHR_create_context), then resolves it against what the core
/// supports: compatibility contexts up to `support.compat`, core ones up
/// to `support.core`.
/// Unknown attributes, flags and values are `EGL_BAD_ATTRIBUTE`; versions
/// that do not exist, a bad profile mask at 3.2 and above, forward
/// compatibility below 3.0, robust access and lose-context-on-reset (not
/// supported), and versions or profiles we cannot create are `EGL_BAD_MATCH`.
/// A core-profile request (3.2 and later), or a forward-compatible 3.0/3.1
/// one, gets a core context of the highest core version.
pub fn resolve_gl(
    attribs: &[(EGLint, EGLint)],
    support: oxgl_core::version::Support,
) -> Result<(ContextRequest, (u8, u8), Profile)> {
    let mut r = ContextRequest {
        major: 1,
        minor: 0,
        profile: EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        debug: false,
        forward_compatible: false,
        no_error: false,
    };
    let mut robust = false;
    for &(a, v) in attribs {
        match a {
            EGL_CONTEXT_MAJOR_VERSION => r.major = v,
            EGL_CONTEXT_MINOR_VERSION => r.minor = v,
            EGL_CONTEXT_OPENGL_PROFILE_MASK => r.profile = v,
            EGL_CONTEXT_FLAGS_KHR => {
                let known = EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR
                    | EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR
                    | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
                if v & !known != 0 {
                    return Err(BAD_ATTRIBUTE);
                }
                r.debug |= v & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR != 0;
                r.forward_compatible |= v & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR != 0;
                robust |= v & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR != 0;
            }
            EGL_CONTEXT_OPENGL_DEBUG
            | EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE
            | EGL_CONTEXT_OPENGL_ROBUST_ACCESS => {
                let on = match v {
                    EGL_TRUE => true,
                    EGL_FALSE => false,
                    _ => return Err(BAD_ATTRIBUTE),
                };
                match a {
                    EGL_CONTEXT_OPENGL_DEBUG => r.debug = on,
                    EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE => r.forward_compatible = on,
                    _ => robust = on,
                }
            }
            EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY => match v {
                EGL_NO_RESET_NOTIFICATION => {}
                EGL_LOSE_CONTEXT_ON_RESET => return Err(BAD_MATCH),
                _ => return Err(BAD_ATTRIBUTE),
            },
            EGL_CONTEXT_OPENGL_NO_ERROR_KHR => {
                r.no_error = match v {
                    EGL_TRUE => true,
                    EGL_FALSE => false,
                    _ => return Err(BAD_ATTRIBUTE),
                };
            }
            _ => return Err(BAD_ATTRIBUTE),
        }
    }
    let (major, minor) = (r.major, r.minor);
    let exists = matches!(
        (major, minor),
        (1, 0..=5) | (2, 0..=1) | (3, 0..=3) | (4, 0..=6)
    );
    if !exists {
        return Err(BAD_MATCH);
    }
    if r.forward_compatible && major < 3 {
        return Err(BAD_MATCH);
    }
    // KHR_no_error: not with a debug or robust context.
    if robust || (r.no_error && r.debug) {
        return Err(BAD_MATCH);
    }
    let version = (major as u8, minor as u8);
    let core = |max: Option<(u8, u8)>| match max {
        Some(max) if version <= max => Ok((r, max, Profile::Core)),
        // "the implementation does not support the requested profile".
        _ => Err(BAD_MATCH),
    };
    if version >= (3, 2) {
        let known =
            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT | EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT;
        if r.profile & !known != 0 || r.profile.count_ones() != 1 {
            return Err(BAD_MATCH);
        }
        if r.profile == EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT {
            return core(support.core);
        }
    }
    // A forward-compatible 3.0 or 3.1 request is a core context (as
    // Mesa's, and as GLX here); one of the compatibility profile is not
    // offered.
    if r.forward_compatible {
        return if version < (3, 2) {
            core(support.core)
        } else {
            Err(BAD_MATCH)
        };
    }
    if version > support.compat {
        return Err(BAD_MATCH);
    }
    Ok((r, support.compat, Profile::Compat))
}

/// Parses and validates a context request for the OpenGL ES API (EGL 1.5
/// §3.7.1 as Mesa's `_eglParseContextAttribList` applies it): the version
/// defaults to 1.0; `EGL_CONTEXT_CLIENT_VERSION` is
/// `EGL_CONTEXT_MAJOR_VERSION`; the OpenGL-only attributes (profile mask,
/// forward compatibility) are `EGL_BAD_ATTRIBUTE`; a version ES does not
/// have (1.2, 2.1, 4.0) or one the core cannot create (ES 3.1 and later)
/// `EGL_BAD_MATCH`. An ES 2.0 request gets the highest ES version built,
/// an ES 1.0 one ES 1.1.
pub fn resolve_es(
    attribs: &[(EGLint, EGLint)],
    support: oxgl_core::version::Support,
) -> Result<(ContextRequest, (u8, u8))> {
    let mut r = ContextRequest {
        major: 1,
        minor: 0,
        profile: 0,
        debug: false,
        forward_compatible: false,
        no_error: false,
    };
    let mut robust = false;
    for &(a, v) in attribs {
        match a {
            EGL_CONTEXT_MAJOR_VERSION => r.major = v,
            EGL_CONTEXT_MINOR_VERSION => r.minor = v,
            EGL_CONTEXT_FLAGS_KHR => {
                // EGL_KHR_create_context issue 10: robust ES contexts come
                // from EGL_EXT_create_context_robustness only, so the robust
                // bit is EGL_BAD_ATTRIBUTE here, as the forward-compatible
                // one (OpenGL only) and unknown bits.
                if v & !EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR != 0 {
                    return Err(BAD_ATTRIBUTE);
                }
                r.debug |= v & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR != 0;
            }
            EGL_CONTEXT_OPENGL_DEBUG | EGL_CONTEXT_OPENGL_ROBUST_ACCESS => {
                let on = match v {
                    EGL_TRUE => true,
                    EGL_FALSE => false,
                    _ => return Err(BAD_ATTRIBUTE),
                };
                if a == EGL_CONTEXT_OPENGL_DEBUG {
                    r.debug = on;
                } else {
                    robust = on;
                }
            }
            EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY => match v {
                EGL_NO_RESET_NOTIFICATION => {}
                EGL_LOSE_CONTEXT_ON_RESET => return Err(BAD_MATCH),
                _ => return Err(BAD_ATTRIBUTE),
            },
            EGL_CONTEXT_OPENGL_NO_ERROR_KHR => {
                r.no_error = match v {
                    EGL_TRUE => true,
                    EGL_FALSE => false,
                    _ => return Err(BAD_ATTRIBUTE),
                };
            }
            _ => return Err(BAD_ATTRIBUTE),
        }
    }
    let exists = matches!((r.major, r.minor), (1, 0..=1) | (2, 0) | (3, 0..));
    if !exists || robust || (r.no_error && r.debug) {
        return Err(BAD_MATCH);
    }
    // An ES 2.0 or 3.x request gets the highest ES version built, as in
    // Mesa (ES 3.0 is a superset of 2.0); an ES 1.0 or 1.1 one gets 1.1.
    let family = if r.major == 1 {
        support.gles1
    } else {
        support.gles2
    };
    match family {
        Some(max) if (r.major, r.minor) <= (max.0.into(), max.1.into()) => Ok((r, max)),
        _ => Err(BAD_MATCH),
    }
}

/// `eglCreateContext`.
pub fn create_context(
    dpy: usize,
    config: usize,
    share: usize,
    attribs: &[(EGLint, EGLint)],
) -> Result<usize> {
    let (_, init) = initialized(dpy)?;
    // EGL_KHR_no_config_context: EGL_NO_CONFIG_KHR is null.
    let config = if config == 0 {
        None
    } else {
        Some(config_of(&init, config)?.clone())
    };
    let api = thread::api();
    if api != EGL_OPENGL_API && api != EGL_OPENGL_ES_API {
        // EGL_NONE bound.
        return Err(BAD_MATCH);
    }
    let support = oxgl_core::version::support();
    let (req, version, profile) = if api == EGL_OPENGL_ES_API {
        let (req, version) = resolve_es(attribs, support)?;
        (req, version, Profile::Es)
    } else {
        resolve_gl(attribs, support)?
    };
    // Mesa's _eglInitContext: the config must render the context's API.
    let api_bit = if profile == Profile::Es && req.major >= 3 {
        EGL_OPENGL_ES3_BIT
    } else if profile == Profile::Es && req.major == 2 {
        EGL_OPENGL_ES2_BIT
    } else if profile == Profile::Es {
        EGL_OPENGL_ES_BIT
    } else {
        EGL_OPENGL_BIT
    };
    if let Some(c) = &config
        && c.attrib(EGL_RENDERABLE_TYPE).unwrap_or(0) & api_bit == 0
    {
        return Err(BAD_CONFIG);
    }
    let share_group = if share == 0 {
        None
    } else {
        let s = init.context(share).ok_or(BAD_CONTEXT)?;
        if s.api != api {
            return Err(BAD_MATCH);
        }
        Some(s.glx.shared.clone())
    };
    let dispatch = crate::dispatch(profile, version).ok_or(BAD_ALLOC)?;
    // A context without a config has the first config's buffers as its
    // default framebuffer description (queries of the bound surface's
    // bits come from the core's parameters).
    let glx_config = config
        .as_ref()
        .map(|c| c.glx.clone())
        .or_else(|| init.configs.first().map(|c| c.glx.clone()))
        .ok_or(BAD_CONFIG)?;
    let spec = ContextSpec {
        profile,
        version,
        api: match profile {
            Profile::Es if version < (2, 0) => OxglApi::Gles1,
            Profile::Es => OxglApi::Gles2,
            Profile::Core => OxglApi::GlCore,
            Profile::Compat => OxglApi::GlCompat,
        },
        flags: u32::from(req.debug)
            | if req.no_error {
                oxgl_glx::context::NO_ERROR_FLAG
            } else {
                0
            },
        render_type: oxgl_glapi::generated::glx_enums::GLX_RGBA_TYPE,
    };
    let glx = glx_context::create(
        init.x11.clone(),
        &init.screen,
        &glx_config,
        share_group,
        spec,
        dispatch,
    )
    .ok_or(BAD_ALLOC)?;
    let ctx = Arc::new(EglContext {
        glx,
        config,
        api,
        client_version: req.major,
        display: dpy,
        never_bound: std::sync::atomic::AtomicBool::new(true),
    });
    let h = ctx.handle();
    lock(&init.contexts).insert(h, ctx);
    Ok(h)
}

/// `eglDestroyContext`: the handle is invalid at once; a context current in
/// some thread lives until released there (EGL 1.5 §3.7.2).
pub fn destroy_context(dpy: usize, ctx: usize) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    let c = lock(&init.contexts).remove(&ctx).ok_or(BAD_CONTEXT)?;
    drop(c);
    Ok(TRUE)
}

/// `eglQueryContext`.
pub unsafe fn query_context(
    dpy: usize,
    ctx: usize,
    attribute: EGLint,
    value: *mut EGLint,
) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    let c = init.context(ctx).ok_or(BAD_CONTEXT)?;
    let v = match attribute {
        EGL_CONFIG_ID => c.config.as_ref().map_or(0, |c| c.id),
        EGL_CONTEXT_CLIENT_TYPE => c.api,
        EGL_CONTEXT_CLIENT_VERSION => c.client_version,
        EGL_RENDER_BUFFER => {
            let binding = lock(&c.glx.binding);
            match &binding.draw {
                None => EGL_NONE,
                Some(d) if d.kind == Kind::Pixmap => EGL_SINGLE_BUFFER,
                Some(_) => EGL_BACK_BUFFER,
            }
        }
        _ => return Err(BAD_ATTRIBUTE),
    };
    if value.is_null() {
        return Err(BAD_PARAMETER);
    }
    // SAFETY: writable.
    unsafe { *value = v };
    Ok(TRUE)
}

/// Whether `s` is bound to a context current in any thread.
fn bound_anywhere(init: &Initialized, s: &Surface) -> bool {
    lock(&init.contexts).values().any(|c| {
        let b = lock(&c.glx.binding);
        b.thread.is_some()
            && [&b.draw, &b.read]
                .iter()
                .any(|d| d.as_ref().is_some_and(|d| Arc::ptr_eq(d, &s.drawable)))
    })
}

/// Whether `s` is bound to a context current in another thread.
fn bound_elsewhere(init: &Initialized, s: &Surface) -> bool {
    let here = std::thread::current().id();
    lock(&init.contexts).values().any(|c| {
        let b = lock(&c.glx.binding);
        b.thread.is_some_and(|t| t != here)
            && [&b.draw, &b.read]
                .iter()
                .any(|d| d.as_ref().is_some_and(|d| Arc::ptr_eq(d, &s.drawable)))
    })
}

/// Releases the calling thread's current context.
fn release() {
    if thread::current().is_some() || oxgl_glx::context::with_current(|c| c.is_some_and(|c| c.egl))
    {
        glx_context::release_current();
    }
    thread::set_current(None);
}

/// `eglMakeCurrent` (EGL 1.5 §3.7.3; checks in Mesa's order).
pub fn make_current(dpy: usize, draw: usize, read: usize, ctx: usize) -> Result<u32> {
    let d = egl_display(dpy)?;
    let nothing = draw == 0 && read == 0 && ctx == 0;
    let Ok(init) = d.state() else {
        // An uninitialized display may still release the thread's context.
        if nothing {
            release();
            return Ok(TRUE);
        }
        return Err(NOT_INITIALIZED);
    };
    let c = if ctx == 0 {
        None
    } else {
        Some(init.context(ctx).ok_or(BAD_CONTEXT)?)
    };
    let draw_s = if draw == 0 {
        None
    } else {
        Some(init.surface(draw).ok_or(BAD_SURFACE)?)
    };
    let read_s = if read == 0 {
        None
    } else {
        Some(init.surface(read).ok_or(BAD_SURFACE)?)
    };
    let Some(c) = c else {
        if draw != 0 || read != 0 {
            return Err(BAD_MATCH);
        }
        release();
        return Ok(TRUE);
    };
    // EGL_KHR_surfaceless_context: no surfaces at all is allowed; one
    // without the other is not.
    if draw_s.is_some() != read_s.is_some() {
        return Err(BAD_MATCH);
    }
    let here = std::thread::current().id();
    if lock(&c.glx.binding).thread.is_some_and(|t| t != here) {
        return Err(BAD_ACCESS);
    }
    // A context without a config (EGL_KHR_no_config_context) takes any
    // surfaces, as long as draw and read are compatible with each other
    // (EGL 1.5 §3.7.3).
    if c.config.is_none()
        && let (Some(d), Some(r)) = (&draw_s, &read_s)
        && !d.config.compatible(&r.config)
    {
        return Err(BAD_MATCH);
    }
    for s in draw_s.iter().chain(read_s.iter()) {
        if let Some(cc) = &c.config
            && !cc.compatible(&s.config)
        {
            return Err(BAD_MATCH);
        }
        if bound_elsewhere(&init, s) {
            return Err(BAD_ACCESS);
        }
        if let Some(x) = &init.x11
            && (s.is_window() || s.is_pixmap())
            && geometry(x, s.drawable.xid).is_none()
        {
            return Err(if s.is_window() {
                BAD_NATIVE_WINDOW
            } else {
                BAD_NATIVE_PIXMAP
            });
        }
    }
    let x_dpy = init.x11.as_ref().map_or(0, |x| x.dpy);
    match glx_context::bind(
        x_dpy,
        &c.glx,
        draw_s.as_ref().map(|s| s.drawable.clone()),
        read_s.as_ref().map(|s| s.drawable.clone()),
        true,
    ) {
        Ok(()) => {}
        Err(BindError::Busy) => return Err(BAD_ACCESS),
        Err(BindError::Backend) => return Err(BAD_ALLOC),
    }
    if c.never_bound.swap(false, Ordering::AcqRel) {
        // GL: the initial draw/read buffer is BACK when the first default
        // framebuffer has one, else FRONT; an EGL pixmap has none.
        let front = |s: &Option<Arc<Surface>>| s.as_ref().is_some_and(|s| s.is_pixmap());
        let (draw_front, read_front) = (front(&draw_s), front(&read_s));
        c.glx.with_core(|core| {
            if draw_front {
                let _ = core.draw_buffer(GL_FRONT);
            }
            if read_front {
                let _ = core.read_buffer(GL_FRONT);
            }
        });
    }
    thread::set_current(Some(Binding {
        display: dpy,
        ctx: c,
        draw: draw_s,
        read: read_s,
    }));
    Ok(TRUE)
}

/// `eglGetCurrentContext`: the context current for the bound API.
pub fn get_current_context() -> Result<usize> {
    Ok(thread::current()
        .filter(|b| b.ctx.api == thread::api())
        .map_or(0, |b| b.ctx.handle()))
}

/// `eglGetCurrentDisplay`.
pub fn get_current_display() -> Result<usize> {
    Ok(thread::current().map_or(0, |b| b.display))
}

/// `eglGetCurrentSurface`.
pub fn get_current_surface(readdraw: EGLint) -> Result<usize> {
    let b = thread::current();
    let s = match readdraw {
        EGL_DRAW => b.and_then(|b| b.draw),
        EGL_READ => b.and_then(|b| b.read),
        _ => return Err(BAD_PARAMETER),
    };
    Ok(s.map_or(0, |s| s.handle()))
}

/// `eglSwapBuffers`: the surface must be the calling thread's current draw
/// surface (Mesa's check); pbuffers are unaffected (EGL 1.5 §3.10.1).
pub fn swap_buffers(dpy: usize, surface: usize) -> Result<u32> {
    let (_, init) = initialized(dpy)?;
    let s = init.surface(surface).ok_or(BAD_SURFACE)?;
    let b = thread::current().ok_or(BAD_SURFACE)?;
    if !b.draw.as_ref().is_some_and(|d| Arc::ptr_eq(d, &s)) {
        return Err(BAD_SURFACE);
    }
    if !s.is_window() {
        return Ok(TRUE);
    }
    b.ctx.glx.with_core(|core| {
        let _ = core.flush();
    });
    if let Some(w) = &s.wayland {
        w.swap(&s.drawable)?;
    } else if let Some(x) = &init.x11 {
        s.drawable.swap(x);
    }
    Ok(TRUE)
}

/// `eglSwapInterval`: clamped to the config's range, for the current draw
/// surface.
pub fn swap_interval(dpy: usize, interval: EGLint) -> Result<u32> {
    initialized(dpy)?;
    let b = thread::current().ok_or(BAD_CONTEXT)?;
    let s = b.draw.ok_or(BAD_SURFACE)?;
    s.drawable
        .swap_interval
        .store(interval.clamp(0, MAX_SWAP_INTERVAL), Ordering::Relaxed);
    Ok(TRUE)
}

/// `eglBindAPI`: OpenGL, and OpenGL ES when the core has it (OpenVG
/// never): EGL 1.5 §3.7 "EGL_BAD_PARAMETER if api is not one of the
/// accepted tokens, or if the specified client API is not supported".
pub fn bind_api(api: EGLint) -> Result<u32> {
    let es = oxgl_core::version::support().gles2.is_some();
    match api {
        EGL_OPENGL_API | EGL_OPENGL_ES_API if api == EGL_OPENGL_API || es => {
            thread::set_api(api);
            Ok(TRUE)
        }
        _ => Err(BAD_PARAMETER),
    }
}

/// `eglQueryAPI`.
pub fn query_api() -> Result<EGLint> {
    Ok(thread::api())
}

/// `eglWaitClient` / `eglWaitGL`: finish the current context's rendering.
pub fn wait_client() -> Result<u32> {
    if let Some(b) = thread::current() {
        b.ctx.glx.with_core(|core| {
            let _ = core.finish();
        });
    }
    Ok(TRUE)
}

/// `eglWaitNative`: X rendering is complete once the connection is flushed.
pub fn wait_native(engine: EGLint) -> Result<u32> {
    if engine != EGL_CORE_NATIVE_ENGINE {
        return Err(BAD_PARAMETER);
    }
    if let Some(b) = thread::current()
        && let Some(x) = &b.ctx.glx.display
    {
        let _ = x11rb::connection::Connection::flush(&x.conn);
    }
    Ok(TRUE)
}

/// `eglReleaseThread`: releases the thread's context and resets its API.
pub fn release_thread() -> Result<u32> {
    release();
    thread::set_api(thread::initial_api());
    Ok(TRUE)
}

/// Entry points that need a valid, initialized display and then fail with
/// `error` because what they create is not supported (syncs, images, client
/// buffers): the display errors come first, as everywhere.
pub fn unsupported(dpy: usize, error: Error) -> Result<usize> {
    initialized(dpy)?;
    Err(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(r: Result<(ContextRequest, (u8, u8))>) -> String {
        match r {
            Ok((_, v)) => format!("{}.{}", v.0, v.1),
            Err(Error(e)) => name(e).to_string(),
        }
    }

    /// A desktop request's outcome: "Core 3.3", "Compat 3.3" or the error.
    fn gl_code(r: Result<(ContextRequest, (u8, u8), Profile)>) -> String {
        match r {
            Ok((_, v, p)) => format!("{p:?} {}.{}", v.0, v.1),
            Err(Error(e)) => name(e).to_string(),
        }
    }

    #[test]
    fn es_context_requests_follow_mesa() {
        let s = oxgl_core::version::computed_support();
        let es = |l: &[(EGLint, EGLint)]| code(resolve_es(l, s));
        let v2 = (EGL_CONTEXT_CLIENT_VERSION, 2);
        assert_eq!(es(&[v2]), "3.0");
        assert_eq!(es(&[v2, (EGL_CONTEXT_MINOR_VERSION, 0)]), "3.0");
        assert_eq!(
            es(&[
                v2,
                (EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR)
            ]),
            "3.0"
        );
        // ES 3.0 is built, and answers ES 2 requests too (as Mesa's
        // highest ES version).
        let v3 = [
            (EGL_CONTEXT_MAJOR_VERSION, 3),
            (EGL_CONTEXT_MINOR_VERSION, 0),
        ];
        assert_eq!(es(&v3), "3.0");
        // The default 1.0 and 1.1 get ES 1.1; 3.1+: not here; 1.2, 2.1
        // and 4.0: never.
        assert_eq!(es(&[]), "1.1");
        assert_eq!(es(&[(EGL_CONTEXT_CLIENT_VERSION, 1)]), "1.1");
        for (major, minor) in [(1, 2), (3, 1), (3, 2), (2, 1), (4, 0)] {
            let l = [
                (EGL_CONTEXT_MAJOR_VERSION, major),
                (EGL_CONTEXT_MINOR_VERSION, minor),
            ];
            assert_eq!(es(&l), "EGL_BAD_MATCH", "{major}.{minor}");
        }
        // OpenGL-only attributes and flags, unknown bits.
        for flag in [
            EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR,
            EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR,
            0x100,
        ] {
            assert_eq!(
                es(&[v2, (EGL_CONTEXT_FLAGS_KHR, flag)]),
                "EGL_BAD_ATTRIBUTE"
            );
        }
        let mask = (
            EGL_CONTEXT_OPENGL_PROFILE_MASK,
            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        );
        assert_eq!(es(&[v2, mask]), "EGL_BAD_ATTRIBUTE");
        assert_eq!(
            es(&[v2, (EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE)]),
            "EGL_BAD_ATTRIBUTE"
        );
    }

    #[test]
    fn context_requests_follow_khr_create_context() {
        let s = oxgl_core::version::computed_support();
        let compat = EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT;
        let core = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
        let highest = format!("Compat {}.{}", s.compat.0, s.compat.1);
        assert_eq!(gl_code(resolve_gl(&[], s)), highest);
        assert_eq!(
            gl_code(resolve_gl(
                &[
                    (EGL_CONTEXT_MAJOR_VERSION, 1),
                    (EGL_CONTEXT_MINOR_VERSION, 3)
                ],
                s
            )),
            highest
        );
        let v = |maj, min, extra: &[(EGLint, EGLint)]| {
            let mut l = vec![
                (EGL_CONTEXT_MAJOR_VERSION, maj),
                (EGL_CONTEXT_MINOR_VERSION, min),
            ];
            l.extend_from_slice(extra);
            gl_code(resolve_gl(&l, s))
        };
        assert_eq!(v(1, 6, &[]), "EGL_BAD_MATCH");
        assert_eq!(v(9, 0, &[]), "EGL_BAD_MATCH");
        // Core contexts: a core profile request, the default mask (core)
        // at 3.2 and above, a forward-compatible 3.0/3.1 request.
        assert_eq!(
            v(3, 3, &[(EGL_CONTEXT_OPENGL_PROFILE_MASK, core)]),
            "Core 4.2"
        );
        assert_eq!(v(3, 2, &[]), "Core 4.2");
        assert_eq!(
            v(3, 1, &[(EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE)]),
            "Core 4.2"
        );
        assert_eq!(
            v(4, 3, &[(EGL_CONTEXT_OPENGL_PROFILE_MASK, core)]),
            "EGL_BAD_MATCH"
        );
        assert_eq!(
            v(3, 3, &[(EGL_CONTEXT_OPENGL_PROFILE_MASK, compat)]),
            highest
        );
        assert_eq!(
            v(3, 3, &[(EGL_CONTEXT_OPENGL_PROFILE_MASK, 0)]),
            "EGL_BAD_MATCH"
        );
        assert_eq!(
            v(3, 3, &[(EGL_CONTEXT_OPENGL_PROFILE_MASK, core | compat)]),
            "EGL_BAD_MATCH"
        );
        assert_eq!(
            v(
                2,
                0,
                &[(
                    EGL_CONTEXT_FLAGS_KHR,
                    EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR
                )]
            ),
            "EGL_BAD_MATCH"
        );
        assert_eq!(
            v(1, 0, &[(EGL_CONTEXT_FLAGS_KHR, 0x100)]),
            "EGL_BAD_ATTRIBUTE"
        );
        assert_eq!(v(1, 0, &[(0x7777, 1)]), "EGL_BAD_ATTRIBUTE");
        assert_eq!(
            v(1, 0, &[(EGL_CONTEXT_OPENGL_DEBUG, 5)]),
            "EGL_BAD_ATTRIBUTE"
        );
        assert_eq!(
            v(1, 0, &[(EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE)]),
            "EGL_BAD_MATCH"
        );
        assert_eq!(v(1, 0, &[(EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE)]), highest);
        // The profile mask is ignored below 3.2.
        assert_eq!(v(2, 0, &[(EGL_CONTEXT_OPENGL_PROFILE_MASK, 0x8)]), highest);
    }
}
