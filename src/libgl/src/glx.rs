//! The exported GLX 1.4 entry points and the GLX extensions we advertise:
//! thin wrappers around `oxgl_glx::api`, each inside the panic boundary.
#![allow(unsafe_code, reason = "exported C entry points")]
#![allow(
    clippy::missing_safety_doc,
    reason = "GLX 1.4 defines every pointer contract"
)]

use std::ffi::{CStr, c_char, c_int, c_uint, c_ulong, c_void};

use oxgl_core::Profile;
use oxgl_dri_interface::client::Backend;
use oxgl_glapi::Dispatch;
use oxgl_glx::api;
use oxgl_glx::xlib::{Display, XVisualInfo};

use crate::boundary::boundary;

type GlxContext = *mut c_void;
type GlxFbConfig = *mut c_void;
type GlxDrawable = c_ulong;

/// Loads the backend once per process (the loader logs what it did).
fn backend() -> Backend {
    let loaded = oxgl_loader::load_from_env(&oxgl_dri_swrast::BACKEND);
    Backend::new(loaded.backend)
}

pub(crate) fn init() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| oxgl_glx::set_backend_provider(backend));
}

fn tables(profile: Profile, version: (u8, u8)) -> &'static Dispatch {
    crate::tables::table(profile, version)
}

macro_rules! glx_export {
    ($(fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty = $default:expr => $body:expr;)*) => {
        $(
            #[unsafe(no_mangle)]
            pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
                init();
                boundary(stringify!($name), $default, || {
                    // SAFETY: the application passes pointers as GLX 1.4 specifies.
                    #[allow(unused_unsafe, reason = "some bodies are safe calls")]
                    unsafe { $body }
                })
            }
        )*
    };
}

glx_export! {
    fn glXQueryExtension(dpy: *mut Display, error_base: *mut c_int, event_base: *mut c_int) -> c_int = 0
        => api::query_extension(dpy, error_base, event_base);
    fn glXQueryVersion(dpy: *mut Display, major: *mut c_int, minor: *mut c_int) -> c_int = 0
        => api::query_version(dpy, major, minor);
    fn glXQueryServerString(dpy: *mut Display, screen: c_int, name: c_int) -> *const c_char = std::ptr::null()
        => api::query_server_string(dpy, screen, name);
    fn glXGetClientString(dpy: *mut Display, name: c_int) -> *const c_char = std::ptr::null()
        => api::get_client_string(dpy, name);
    fn glXQueryExtensionsString(dpy: *mut Display, screen: c_int) -> *const c_char = std::ptr::null()
        => api::query_extensions_string(dpy, screen);
    fn glXChooseVisual(dpy: *mut Display, screen: c_int, attribs: *mut c_int) -> *mut XVisualInfo = std::ptr::null_mut()
        => api::choose_visual(dpy, screen, attribs);
    fn glXGetConfig(dpy: *mut Display, vis: *mut XVisualInfo, attrib: c_int, value: *mut c_int) -> c_int = 3
        => api::get_config(dpy, vis, attrib, value);
    fn glXGetFBConfigs(dpy: *mut Display, screen: c_int, n: *mut c_int) -> *mut GlxFbConfig = std::ptr::null_mut()
        => api::get_fb_configs(dpy, screen, n) as *mut GlxFbConfig;
    fn glXChooseFBConfig(dpy: *mut Display, screen: c_int, attribs: *const c_int, n: *mut c_int) -> *mut GlxFbConfig = std::ptr::null_mut()
        => api::choose_fb_config(dpy, screen, attribs, n) as *mut GlxFbConfig;
    fn glXGetFBConfigAttrib(dpy: *mut Display, config: GlxFbConfig, attrib: c_int, value: *mut c_int) -> c_int = 3
        => api::get_fb_config_attrib(dpy, config as usize, attrib, value);
    fn glXGetVisualFromFBConfig(dpy: *mut Display, config: GlxFbConfig) -> *mut XVisualInfo = std::ptr::null_mut()
        => api::get_visual_from_fb_config(dpy, config as usize);
    fn glXCreateContext(dpy: *mut Display, vis: *mut XVisualInfo, share: GlxContext, direct: c_int) -> GlxContext = std::ptr::null_mut()
        => api::create_context(dpy, vis, share as usize, direct, tables) as GlxContext;
    fn glXCreateNewContext(dpy: *mut Display, config: GlxFbConfig, render_type: c_int, share: GlxContext, direct: c_int) -> GlxContext = std::ptr::null_mut()
        => api::create_new_context(dpy, config as usize, render_type, share as usize, direct, tables) as GlxContext;
    fn glXCreateContextAttribsARB(dpy: *mut Display, config: GlxFbConfig, share: GlxContext, direct: c_int, attribs: *const c_int) -> GlxContext = std::ptr::null_mut()
        => api::create_context_attribs(dpy, config as usize, share as usize, direct, attribs, tables) as GlxContext;
    fn glXDestroyContext(dpy: *mut Display, ctx: GlxContext) -> () = ()
        => api::destroy_context(dpy, ctx as usize);
    fn glXIsDirect(dpy: *mut Display, ctx: GlxContext) -> c_int = 0
        => api::is_direct(dpy, ctx as usize);
    fn glXQueryContext(dpy: *mut Display, ctx: GlxContext, attribute: c_int, value: *mut c_int) -> c_int = 3
        => api::query_context(dpy, ctx as usize, attribute, value);
    fn glXCopyContext(dpy: *mut Display, src: GlxContext, dst: GlxContext, mask: c_ulong) -> () = ()
        => api::copy_context(dpy, src as usize, dst as usize, mask);
    fn glXMakeCurrent(dpy: *mut Display, drawable: GlxDrawable, ctx: GlxContext) -> c_int = 0
        => api::make_current(dpy, drawable, ctx as usize);
    fn glXMakeContextCurrent(dpy: *mut Display, draw: GlxDrawable, read: GlxDrawable, ctx: GlxContext) -> c_int = 0
        => api::make_context_current(dpy, draw, read, ctx as usize, api::X_GLX_MAKE_CONTEXT_CURRENT);
    fn glXMakeCurrentReadSGI(dpy: *mut Display, draw: GlxDrawable, read: GlxDrawable, ctx: GlxContext) -> c_int = 0
        => api::make_context_current(dpy, draw, read, ctx as usize, api::X_GLX_MAKE_CONTEXT_CURRENT);
    fn glXGetCurrentContext() -> GlxContext = std::ptr::null_mut()
        => api::get_current_context() as GlxContext;
    fn glXGetCurrentDrawable() -> GlxDrawable = 0
        => api::get_current_drawable();
    fn glXGetCurrentReadDrawable() -> GlxDrawable = 0
        => api::get_current_read_drawable();
    fn glXGetCurrentReadDrawableSGI() -> GlxDrawable = 0
        => api::get_current_read_drawable();
    fn glXGetCurrentDisplay() -> *mut Display = std::ptr::null_mut()
        => api::get_current_display();
    fn glXSwapBuffers(dpy: *mut Display, drawable: GlxDrawable) -> () = ()
        => api::swap_buffers(dpy, drawable);
    fn glXWaitGL() -> () = ()
        => api::wait_gl();
    fn glXWaitX() -> () = ()
        => api::wait_x();
    fn glXCreateWindow(dpy: *mut Display, config: GlxFbConfig, win: c_ulong, attribs: *const c_int) -> GlxDrawable = 0
        => api::create_window(dpy, config as usize, win, attribs);
    fn glXDestroyWindow(dpy: *mut Display, win: GlxDrawable) -> () = ()
        => api::destroy_window(dpy, win);
    fn glXCreatePixmap(dpy: *mut Display, config: GlxFbConfig, pixmap: c_ulong, attribs: *const c_int) -> GlxDrawable = 0
        => api::create_pixmap(dpy, config as usize, pixmap, attribs);
    fn glXDestroyPixmap(dpy: *mut Display, pixmap: GlxDrawable) -> () = ()
        => api::destroy_pixmap(dpy, pixmap);
    fn glXCreateGLXPixmap(dpy: *mut Display, vis: *mut XVisualInfo, pixmap: c_ulong) -> GlxDrawable = 0
        => api::create_glx_pixmap(dpy, vis, pixmap);
    fn glXDestroyGLXPixmap(dpy: *mut Display, pixmap: GlxDrawable) -> () = ()
        => api::destroy_glx_pixmap(dpy, pixmap);
    fn glXCreatePbuffer(dpy: *mut Display, config: GlxFbConfig, attribs: *const c_int) -> GlxDrawable = 0
        => api::create_pbuffer(dpy, config as usize, attribs);
    fn glXDestroyPbuffer(dpy: *mut Display, pbuf: GlxDrawable) -> () = ()
        => api::destroy_pbuffer(dpy, pbuf);
    fn glXQueryDrawable(dpy: *mut Display, draw: GlxDrawable, attribute: c_int, value: *mut c_uint) -> () = ()
        => api::query_drawable(dpy, draw, attribute, value);
    fn glXSelectEvent(dpy: *mut Display, draw: GlxDrawable, mask: c_ulong) -> () = ()
        => api::select_event(dpy, draw, mask);
    fn glXGetSelectedEvent(dpy: *mut Display, draw: GlxDrawable, mask: *mut c_ulong) -> () = ()
        => api::get_selected_event(dpy, draw, mask);
    fn glXSwapIntervalEXT(dpy: *mut Display, drawable: GlxDrawable, interval: c_int) -> () = ()
        => api::swap_interval_ext(dpy, drawable, interval);
    fn glXSwapIntervalMESA(interval: c_uint) -> c_int = 5
        => api::swap_interval_mesa(interval);
    fn glXGetSwapIntervalMESA() -> c_int = 0
        => api::get_swap_interval_mesa();
    fn glXSwapIntervalSGI(interval: c_int) -> c_int = 5
        => api::swap_interval_sgi(interval);
    fn glXQueryRendererIntegerMESA(dpy: *mut Display, screen: c_int, renderer: c_int, attribute: c_int, value: *mut c_uint) -> c_int = 0
        => api::query_renderer_integer(dpy, screen, renderer, attribute, value);
    fn glXQueryCurrentRendererIntegerMESA(attribute: c_int, value: *mut c_uint) -> c_int = 0
        => api::query_current_renderer_integer(attribute, value);
    fn glXQueryRendererStringMESA(dpy: *mut Display, screen: c_int, renderer: c_int, attribute: c_int) -> *const c_char = std::ptr::null()
        => api::query_renderer_string(dpy, screen, renderer, attribute);
    fn glXQueryCurrentRendererStringMESA(attribute: c_int) -> *const c_char = std::ptr::null()
        => api::query_current_renderer_string(attribute);
    // GLX_SGIX_fbconfig: the GLX 1.3 functions under their SGIX names.
    fn glXGetFBConfigAttribSGIX(dpy: *mut Display, config: GlxFbConfig, attrib: c_int, value: *mut c_int) -> c_int = 3
        => api::get_fb_config_attrib(dpy, config as usize, attrib, value);
    fn glXChooseFBConfigSGIX(dpy: *mut Display, screen: c_int, attribs: *const c_int, n: *mut c_int) -> *mut GlxFbConfig = std::ptr::null_mut()
        => api::choose_fb_config(dpy, screen, attribs, n) as *mut GlxFbConfig;
    fn glXCreateGLXPixmapWithConfigSGIX(dpy: *mut Display, config: GlxFbConfig, pixmap: c_ulong) -> GlxDrawable = 0
        => api::create_pixmap(dpy, config as usize, pixmap, std::ptr::null());
    fn glXCreateContextWithConfigSGIX(dpy: *mut Display, config: GlxFbConfig, render_type: c_int, share: GlxContext, direct: c_int) -> GlxContext = std::ptr::null_mut()
        => api::create_new_context(dpy, config as usize, render_type, share as usize, direct, tables) as GlxContext;
    fn glXGetVisualFromFBConfigSGIX(dpy: *mut Display, config: GlxFbConfig) -> *mut XVisualInfo = std::ptr::null_mut()
        => api::get_visual_from_fb_config(dpy, config as usize);
}

/// `glXUseXFont` needs display lists and `glBitmap`, which come with the
/// rendering work: it reports BadImplementation and creates no lists.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn glXUseXFont(font: c_ulong, first: c_int, count: c_int, list_base: c_int) {
    let _ = (font, first, count, list_base);
    init();
    boundary("glXUseXFont", (), || {
        oxgl_util::log!(
            oxgl_util::log::Level::Debug,
            "oxgl: glXUseXFont is not implemented yet"
        );
        let dpy = api::get_current_display();
        if !dpy.is_null() {
            api::bad_implementation(dpy, 12);
        }
    })
}

/// Every exported `glX*` function, for `glXGetProcAddress`.
fn glx_functions() -> Vec<(&'static str, usize)> {
    vec![
        ("glXChooseFBConfig", glXChooseFBConfig as *const () as usize),
        (
            "glXChooseFBConfigSGIX",
            glXChooseFBConfigSGIX as *const () as usize,
        ),
        ("glXChooseVisual", glXChooseVisual as *const () as usize),
        ("glXCopyContext", glXCopyContext as *const () as usize),
        ("glXCreateContext", glXCreateContext as *const () as usize),
        (
            "glXCreateContextAttribsARB",
            glXCreateContextAttribsARB as *const () as usize,
        ),
        (
            "glXCreateContextWithConfigSGIX",
            glXCreateContextWithConfigSGIX as *const () as usize,
        ),
        (
            "glXCreateGLXPixmap",
            glXCreateGLXPixmap as *const () as usize,
        ),
        (
            "glXCreateGLXPixmapWithConfigSGIX",
            glXCreateGLXPixmapWithConfigSGIX as *const () as usize,
        ),
        (
            "glXCreateNewContext",
            glXCreateNewContext as *const () as usize,
        ),
        ("glXCreatePbuffer", glXCreatePbuffer as *const () as usize),
        ("glXCreatePixmap", glXCreatePixmap as *const () as usize),
        ("glXCreateWindow", glXCreateWindow as *const () as usize),
        ("glXDestroyContext", glXDestroyContext as *const () as usize),
        (
            "glXDestroyGLXPixmap",
            glXDestroyGLXPixmap as *const () as usize,
        ),
        ("glXDestroyPbuffer", glXDestroyPbuffer as *const () as usize),
        ("glXDestroyPixmap", glXDestroyPixmap as *const () as usize),
        ("glXDestroyWindow", glXDestroyWindow as *const () as usize),
        (
            "glXGetClientString",
            glXGetClientString as *const () as usize,
        ),
        ("glXGetConfig", glXGetConfig as *const () as usize),
        (
            "glXGetCurrentContext",
            glXGetCurrentContext as *const () as usize,
        ),
        (
            "glXGetCurrentDisplay",
            glXGetCurrentDisplay as *const () as usize,
        ),
        (
            "glXGetCurrentDrawable",
            glXGetCurrentDrawable as *const () as usize,
        ),
        (
            "glXGetCurrentReadDrawable",
            glXGetCurrentReadDrawable as *const () as usize,
        ),
        (
            "glXGetCurrentReadDrawableSGI",
            glXGetCurrentReadDrawableSGI as *const () as usize,
        ),
        (
            "glXGetFBConfigAttrib",
            glXGetFBConfigAttrib as *const () as usize,
        ),
        (
            "glXGetFBConfigAttribSGIX",
            glXGetFBConfigAttribSGIX as *const () as usize,
        ),
        ("glXGetFBConfigs", glXGetFBConfigs as *const () as usize),
        ("glXGetProcAddress", glXGetProcAddress as *const () as usize),
        (
            "glXGetProcAddressARB",
            glXGetProcAddressARB as *const () as usize,
        ),
        (
            "glXGetSelectedEvent",
            glXGetSelectedEvent as *const () as usize,
        ),
        (
            "glXGetSwapIntervalMESA",
            glXGetSwapIntervalMESA as *const () as usize,
        ),
        (
            "glXGetVisualFromFBConfig",
            glXGetVisualFromFBConfig as *const () as usize,
        ),
        (
            "glXGetVisualFromFBConfigSGIX",
            glXGetVisualFromFBConfigSGIX as *const () as usize,
        ),
        ("glXIsDirect", glXIsDirect as *const () as usize),
        (
            "glXMakeContextCurrent",
            glXMakeContextCurrent as *const () as usize,
        ),
        ("glXMakeCurrent", glXMakeCurrent as *const () as usize),
        (
            "glXMakeCurrentReadSGI",
            glXMakeCurrentReadSGI as *const () as usize,
        ),
        ("glXQueryContext", glXQueryContext as *const () as usize),
        (
            "glXQueryCurrentRendererIntegerMESA",
            glXQueryCurrentRendererIntegerMESA as *const () as usize,
        ),
        (
            "glXQueryCurrentRendererStringMESA",
            glXQueryCurrentRendererStringMESA as *const () as usize,
        ),
        ("glXQueryDrawable", glXQueryDrawable as *const () as usize),
        ("glXQueryExtension", glXQueryExtension as *const () as usize),
        (
            "glXQueryExtensionsString",
            glXQueryExtensionsString as *const () as usize,
        ),
        (
            "glXQueryRendererIntegerMESA",
            glXQueryRendererIntegerMESA as *const () as usize,
        ),
        (
            "glXQueryRendererStringMESA",
            glXQueryRendererStringMESA as *const () as usize,
        ),
        (
            "glXQueryServerString",
            glXQueryServerString as *const () as usize,
        ),
        ("glXQueryVersion", glXQueryVersion as *const () as usize),
        ("glXSelectEvent", glXSelectEvent as *const () as usize),
        ("glXSwapBuffers", glXSwapBuffers as *const () as usize),
        (
            "glXSwapIntervalEXT",
            glXSwapIntervalEXT as *const () as usize,
        ),
        (
            "glXSwapIntervalMESA",
            glXSwapIntervalMESA as *const () as usize,
        ),
        (
            "glXSwapIntervalSGI",
            glXSwapIntervalSGI as *const () as usize,
        ),
        ("glXUseXFont", glXUseXFont as *const () as usize),
        ("glXWaitGL", glXWaitGL as *const () as usize),
        ("glXWaitX", glXWaitX as *const () as usize),
    ]
}

/// The address `dlsym` gives for `name`, for every GL, GLX and EGL function we export.
pub fn proc_address(name: &[u8]) -> *const c_void {
    let Ok(name) = std::str::from_utf8(name) else {
        return std::ptr::null();
    };
    if let Some(slot) = oxgl_glapi::lookup(name) {
        return crate::generated::stubs::stub_address(slot);
    }
    if let Some((_, f)) = glx_functions().into_iter().find(|(n, _)| *n == name) {
        return f as *const c_void;
    }
    crate::generated::egl_stubs::egl_stub_address(name.as_bytes())
        .or_else(|| crate::egl::custom_address(name.as_bytes()))
        .unwrap_or(std::ptr::null())
}

/// `glXGetProcAddress`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn glXGetProcAddress(name: *const u8) -> *const c_void {
    if name.is_null() {
        return std::ptr::null();
    }
    // SAFETY: a NUL-terminated name (GLX 1.4 §3.3.12).
    let name = unsafe { CStr::from_ptr(name as *const c_char) };
    boundary("glXGetProcAddress", std::ptr::null(), || {
        proc_address(name.to_bytes())
    })
}

/// `glXGetProcAddressARB`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn glXGetProcAddressARB(name: *const u8) -> *const c_void {
    // SAFETY: forwarded.
    unsafe { glXGetProcAddress(name) }
}

#[cfg(test)]
mod tests {
    #[test]
    fn glx_table_is_sorted() {
        assert!(super::glx_functions().windows(2).all(|w| w[0].0 < w[1].0));
    }
}
