//! The exported EGL 1.5 entry points and the EGL extension functions we
//! advertise: thin wrappers around `oxgl_egl::api`, each inside the panic
//! boundary; [`oxgl_egl::error::finish`] records each call's EGL error.
//! A panic is reported as a problem and the call fails with `EGL_BAD_ALLOC`.
//! The EGL 1.5 commands not listed in `glapi/gen/custom_egl.txt` (syncs,
//! images, client-buffer pbuffers) are generated stubs that check the
//! display and fail as unsupported ([`unimplemented`]).
#![allow(unsafe_code, reason = "exported C entry points")]
#![allow(
    clippy::missing_safety_doc,
    reason = "EGL 1.5 defines every pointer contract"
)]

use std::ffi::{CStr, c_char, c_void};

use oxgl_egl::api;
use oxgl_egl::error::{BAD_ALLOC, Error, finish};
use oxgl_glapi::generated::egl_enums::*;
use oxgl_glapi::types::*;

use crate::boundary::boundary;

fn init() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| oxgl_egl::set_dispatch_provider(crate::tables::table));
    crate::glx::init();
}

/// Runs one EGL entry point: panic boundary, then the thread's EGL error.
fn call<T>(name: &str, default: T, f: impl FnOnce() -> Result<T, Error>) -> T {
    init();
    let r = boundary(name, Err(BAD_ALLOC), f);
    finish(name, r, default)
}

fn ptr(h: usize) -> *mut c_void {
    h as *mut c_void
}

/// Reports an EGL 1.5 entry point we do not implement (logged once per name
/// under `EGL_LOG_LEVEL=debug`): after the display checks it fails with the
/// error EGL 1.5 gives for an object type or target that is not supported —
/// `EGL_BAD_PARAMETER` for sync types and handles (§3.8), image targets and
/// handles (§3.9) and client-buffer types (§3.5.3).
pub fn unimplemented(name: &CStr, dpy: EGLDisplay) {
    static SEEN: std::sync::OnceLock<std::sync::Mutex<std::collections::HashSet<String>>> =
        std::sync::OnceLock::new();
    let text = name.to_string_lossy().into_owned();
    call(&text, (), || {
        api::unsupported(dpy as usize, Error(EGL_BAD_PARAMETER)).map(|_| ())
    });
    let mut seen = SEEN
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if seen.insert(text.clone()) {
        oxgl_egl::error::log(
            oxgl_egl::error::Level::Debug,
            &format!("{text} is not implemented yet"),
        );
    }
}

/// `eglGetError`: the error of the calling thread's last EGL call, then reset.
#[unsafe(no_mangle)]
pub extern "C" fn eglGetError() -> EGLint {
    oxgl_egl::error::take()
}

/// `eglGetProcAddress`: the same addresses `dlsym` and `glXGetProcAddress`
/// give, for every GL, GLX and EGL function (EGL_KHR_get_all_proc_addresses).
///
/// # Safety
/// `name` is null or NUL-terminated (EGL 1.5 §3.10).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn eglGetProcAddress(
    name: *const c_char,
) -> __eglMustCastToProperFunctionPointerType {
    if name.is_null() {
        return None;
    }
    // SAFETY: NUL-terminated per the contract above.
    let name = unsafe { CStr::from_ptr(name) };
    let p = boundary("eglGetProcAddress", std::ptr::null(), || {
        crate::glx::proc_address(name.to_bytes())
    });
    // SAFETY: `p` is null or the address of one of our exported functions.
    unsafe { std::mem::transmute::<*const c_void, __eglMustCastToProperFunctionPointerType>(p) }
}

/// EGL_MESA_query_driver: the backend the loader chose (`swrast`, as
/// Mesa names its software driver).
fn driver_name() -> &'static CStr {
    static NAME: std::sync::OnceLock<std::ffi::CString> = std::sync::OnceLock::new();
    NAME.get_or_init(|| {
        let loaded = oxgl_loader::load_from_env(&oxgl_dri_swrast::BACKEND);
        std::ffi::CString::new(loaded.driver_name.as_str()).unwrap_or_default()
    })
}

/// EGL_MESA_query_driver: the driver's options in Mesa's driconf XML
/// form; oxgl's backends take none (their settings are environment
/// variables, docs/env-vars.md).
const DRIVER_CONFIG: &CStr = c"<?xml version=\"1.0\" standalone=\"yes\"?>\n<driinfo>\n</driinfo>\n";

macro_rules! egl_export {
    ($(fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty = $default:expr => $body:expr;)*) => {
        $(
            #[unsafe(no_mangle)]
            pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
                call(stringify!($name), $default, || {
                    // SAFETY: the application passes pointers as EGL 1.5 specifies.
                    #[allow(unused_unsafe, reason = "some bodies are safe calls")]
                    unsafe { $body }
                })
            }
        )*

        /// Hand-written EGL entry points, for the proc-address lookup.
        pub fn custom_address(name: &[u8]) -> Option<*const c_void> {
            match name {
                b"eglGetError" => Some(eglGetError as *const () as *const c_void),
                b"eglGetProcAddress" => Some(eglGetProcAddress as *const () as *const c_void),
                b"eglQueryDisplayAttribKHR" => Some(eglQueryDisplayAttribEXT as *const () as *const c_void),
                $(n if n == stringify!($name).as_bytes() => Some($name as *const () as *const c_void),)*
                _ => None,
            }
        }
    };
}

egl_export! {
    fn eglGetDisplay(native: EGLNativeDisplayType) -> EGLDisplay = std::ptr::null_mut()
        => api::get_display(native as usize).map(ptr);
    fn eglGetPlatformDisplay(platform: EGLenum, native: *mut c_void, attribs: *const EGLAttrib) -> EGLDisplay = std::ptr::null_mut()
        => api::get_platform_display(platform as EGLint, native as usize, &api::attrib_list(attribs, api::known_platform_attrib)).map(ptr);
    fn eglGetPlatformDisplayEXT(platform: EGLenum, native: *mut c_void, attribs: *const EGLint) -> EGLDisplay = std::ptr::null_mut()
        => api::get_platform_display(platform as EGLint, native as usize, &api::widen(api::int_list(attribs, api::known_platform_attrib))).map(ptr);
    fn eglInitialize(dpy: EGLDisplay, major: *mut EGLint, minor: *mut EGLint) -> EGLBoolean = 0
        => api::initialize(dpy as usize, major, minor);
    fn eglTerminate(dpy: EGLDisplay) -> EGLBoolean = 0
        => api::terminate(dpy as usize);
    fn eglQueryString(dpy: EGLDisplay, name: EGLint) -> *const c_char = std::ptr::null()
        => api::query_string(dpy as usize, name);
    fn eglCreateSync(dpy: EGLDisplay, kind: EGLenum, attribs: *const EGLAttrib) -> EGLSync = std::ptr::null_mut()
        => api::create_sync(dpy as usize, kind as EGLint, &api::attrib_list(attribs, |_| true), false).map(ptr);
    fn eglCreateSyncKHR(dpy: EGLDisplay, kind: EGLenum, attribs: *const EGLint) -> EGLSyncKHR = std::ptr::null_mut()
        => api::create_sync(dpy as usize, kind as EGLint, &api::widen(api::int_list(attribs, |_| true)), true).map(ptr);
    fn eglDestroySync(dpy: EGLDisplay, sync: EGLSync) -> EGLBoolean = 0
        => api::destroy_sync(dpy as usize, sync as usize);
    fn eglDestroySyncKHR(dpy: EGLDisplay, sync: EGLSyncKHR) -> EGLBoolean = 0
        => api::destroy_sync(dpy as usize, sync as usize);
    fn eglClientWaitSync(dpy: EGLDisplay, sync: EGLSync, flags: EGLint, timeout: EGLTime) -> EGLint = 0
        => api::client_wait_sync(dpy as usize, sync as usize, flags, timeout);
    fn eglClientWaitSyncKHR(dpy: EGLDisplay, sync: EGLSyncKHR, flags: EGLint, timeout: EGLTimeKHR) -> EGLint = 0
        => api::client_wait_sync(dpy as usize, sync as usize, flags, timeout);
    fn eglWaitSync(dpy: EGLDisplay, sync: EGLSync, flags: EGLint) -> EGLBoolean = 0
        => api::wait_sync(dpy as usize, sync as usize, flags).map(|v| v as EGLBoolean);
    fn eglWaitSyncKHR(dpy: EGLDisplay, sync: EGLSyncKHR, flags: EGLint) -> EGLint = 0
        => api::wait_sync(dpy as usize, sync as usize, flags);
    fn eglGetSyncAttrib(dpy: EGLDisplay, sync: EGLSync, attribute: EGLint, value: *mut EGLAttrib) -> EGLBoolean = 0
        => api::get_sync_attrib(dpy as usize, sync as usize, attribute).map(|v| {
            if !value.is_null() { *value = v; }
            1
        });
    fn eglGetSyncAttribKHR(dpy: EGLDisplay, sync: EGLSyncKHR, attribute: EGLint, value: *mut EGLint) -> EGLBoolean = 0
        => api::get_sync_attrib(dpy as usize, sync as usize, attribute).map(|v| {
            if !value.is_null() { *value = v as EGLint; }
            1
        });
    fn eglGetDisplayDriverName(dpy: EGLDisplay) -> *const c_char = std::ptr::null()
        => api::check_initialized(dpy as usize).map(|_| driver_name().as_ptr());
    fn eglGetDisplayDriverConfig(dpy: EGLDisplay) -> *mut c_char = std::ptr::null_mut()
        => api::check_initialized(dpy as usize).map(|_| api::malloc_c_string(DRIVER_CONFIG));
    fn eglQueryDevicesEXT(max: EGLint, devices: *mut *mut c_void, num: *mut EGLint) -> EGLBoolean = 0
        => api::query_devices(max, devices as *mut usize, num);
    fn eglQueryDeviceStringEXT(device: *mut c_void, name: EGLint) -> *const c_char = std::ptr::null()
        => api::query_device_string(device as usize, name);
    fn eglQueryDeviceAttribEXT(device: *mut c_void, attribute: EGLint, value: *mut EGLAttrib) -> EGLBoolean = 0
        => { let _ = value; api::query_device_attrib(device as usize, attribute) };
    fn eglQueryDisplayAttribEXT(dpy: EGLDisplay, attribute: EGLint, value: *mut EGLAttrib) -> EGLBoolean = 0
        => api::query_display_attrib(dpy as usize, attribute, value);
    fn eglGetConfigs(dpy: EGLDisplay, configs: *mut EGLConfig, size: EGLint, num: *mut EGLint) -> EGLBoolean = 0
        => api::get_configs(dpy as usize, configs as *mut usize, size, num);
    fn eglChooseConfig(dpy: EGLDisplay, attribs: *const EGLint, configs: *mut EGLConfig, size: EGLint, num: *mut EGLint) -> EGLBoolean = 0
        => api::choose_config(dpy as usize, &api::int_list(attribs, api::known_config_attrib), configs as *mut usize, size, num);
    fn eglGetConfigAttrib(dpy: EGLDisplay, config: EGLConfig, attribute: EGLint, value: *mut EGLint) -> EGLBoolean = 0
        => api::get_config_attrib(dpy as usize, config as usize, attribute, value);
    fn eglCreateWindowSurface(dpy: EGLDisplay, config: EGLConfig, win: EGLNativeWindowType, attribs: *const EGLint) -> EGLSurface = std::ptr::null_mut()
        => api::create_window_surface(dpy as usize, config as usize, win, &api::widen(api::int_list(attribs, api::known_window_attrib))).map(ptr);
    fn eglCreatePlatformWindowSurface(dpy: EGLDisplay, config: EGLConfig, win: *mut c_void, attribs: *const EGLAttrib) -> EGLSurface = std::ptr::null_mut()
        => api::create_platform_window_surface(dpy as usize, config as usize, win, &api::attrib_list(attribs, api::known_window_attrib)).map(ptr);
    fn eglCreatePlatformWindowSurfaceEXT(dpy: EGLDisplay, config: EGLConfig, win: *mut c_void, attribs: *const EGLint) -> EGLSurface = std::ptr::null_mut()
        => api::create_platform_window_surface(dpy as usize, config as usize, win, &api::widen(api::int_list(attribs, api::known_window_attrib))).map(ptr);
    fn eglCreatePixmapSurface(dpy: EGLDisplay, config: EGLConfig, pixmap: EGLNativePixmapType, attribs: *const EGLint) -> EGLSurface = std::ptr::null_mut()
        => api::create_pixmap_surface(dpy as usize, config as usize, pixmap, &api::widen(api::int_list(attribs, api::known_pixmap_attrib))).map(ptr);
    fn eglCreatePlatformPixmapSurface(dpy: EGLDisplay, config: EGLConfig, pixmap: *mut c_void, attribs: *const EGLAttrib) -> EGLSurface = std::ptr::null_mut()
        => api::create_pixmap_surface(dpy as usize, config as usize, native_window(pixmap), &api::attrib_list(attribs, api::known_pixmap_attrib)).map(ptr);
    fn eglCreatePlatformPixmapSurfaceEXT(dpy: EGLDisplay, config: EGLConfig, pixmap: *mut c_void, attribs: *const EGLint) -> EGLSurface = std::ptr::null_mut()
        => api::create_pixmap_surface(dpy as usize, config as usize, native_window(pixmap), &api::widen(api::int_list(attribs, api::known_pixmap_attrib))).map(ptr);
    fn eglCreatePbufferSurface(dpy: EGLDisplay, config: EGLConfig, attribs: *const EGLint) -> EGLSurface = std::ptr::null_mut()
        => api::create_pbuffer_surface(dpy as usize, config as usize, &api::int_list(attribs, api::known_pbuffer_attrib)).map(ptr);
    fn eglDestroySurface(dpy: EGLDisplay, surface: EGLSurface) -> EGLBoolean = 0
        => api::destroy_surface(dpy as usize, surface as usize);
    fn eglQuerySurface(dpy: EGLDisplay, surface: EGLSurface, attribute: EGLint, value: *mut EGLint) -> EGLBoolean = 0
        => api::query_surface(dpy as usize, surface as usize, attribute, value);
    fn eglSurfaceAttrib(dpy: EGLDisplay, surface: EGLSurface, attribute: EGLint, value: EGLint) -> EGLBoolean = 0
        => api::surface_attrib(dpy as usize, surface as usize, attribute, value);
    fn eglCopyBuffers(dpy: EGLDisplay, surface: EGLSurface, target: EGLNativePixmapType) -> EGLBoolean = 0
        => api::copy_buffers(dpy as usize, surface as usize, target);
    fn eglBindTexImage(dpy: EGLDisplay, surface: EGLSurface, buffer: EGLint) -> EGLBoolean = 0
        => api::bind_tex_image(dpy as usize, surface as usize, buffer);
    fn eglReleaseTexImage(dpy: EGLDisplay, surface: EGLSurface, buffer: EGLint) -> EGLBoolean = 0
        => api::bind_tex_image(dpy as usize, surface as usize, buffer);
    fn eglCreateContext(dpy: EGLDisplay, config: EGLConfig, share: EGLContext, attribs: *const EGLint) -> EGLContext = std::ptr::null_mut()
        => api::create_context(dpy as usize, config as usize, share as usize, &api::int_list(attribs, api::known_context_attrib)).map(ptr);
    fn eglDestroyContext(dpy: EGLDisplay, ctx: EGLContext) -> EGLBoolean = 0
        => api::destroy_context(dpy as usize, ctx as usize);
    fn eglQueryContext(dpy: EGLDisplay, ctx: EGLContext, attribute: EGLint, value: *mut EGLint) -> EGLBoolean = 0
        => api::query_context(dpy as usize, ctx as usize, attribute, value);
    fn eglMakeCurrent(dpy: EGLDisplay, draw: EGLSurface, read: EGLSurface, ctx: EGLContext) -> EGLBoolean = 0
        => api::make_current(dpy as usize, draw as usize, read as usize, ctx as usize);
    fn eglGetCurrentContext() -> EGLContext = std::ptr::null_mut()
        => api::get_current_context().map(ptr);
    fn eglGetCurrentDisplay() -> EGLDisplay = std::ptr::null_mut()
        => api::get_current_display().map(ptr);
    fn eglGetCurrentSurface(readdraw: EGLint) -> EGLSurface = std::ptr::null_mut()
        => api::get_current_surface(readdraw).map(ptr);
    fn eglSwapBuffers(dpy: EGLDisplay, surface: EGLSurface) -> EGLBoolean = 0
        => api::swap_buffers(dpy as usize, surface as usize);
    fn eglSwapInterval(dpy: EGLDisplay, interval: EGLint) -> EGLBoolean = 0
        => api::swap_interval(dpy as usize, interval);
    fn eglBindAPI(api: EGLenum) -> EGLBoolean = 0
        => api::bind_api(api as EGLint);
    fn eglQueryAPI() -> EGLenum = 0
        => api::query_api().map(|a| a as EGLenum);
    fn eglWaitClient() -> EGLBoolean = 0
        => api::wait_client();
    fn eglWaitGL() -> EGLBoolean = 0
        => api::wait_client();
    fn eglWaitNative(engine: EGLint) -> EGLBoolean = 0
        => api::wait_native(engine);
    fn eglReleaseThread() -> EGLBoolean = 0
        => api::release_thread();
}

/// The XID a platform pixmap pointer points to (EGL_KHR_platform_x11:
/// `Pixmap*`); 0 for null. (Platform windows are read by
/// `api::create_platform_window_surface`: a Wayland window is the pointer
/// itself.)
unsafe fn native_window(p: *mut c_void) -> std::ffi::c_ulong {
    // SAFETY: null or a pointer to an X `Window` (unsigned long).
    unsafe { (p as *const std::ffi::c_ulong).as_ref() }.map_or(0, |w| *w)
}
