//! The window system, loaded like an application loads it: `libX11.so.6`
//! and oxgl's `libGL.so.1` with `dlopen`, their functions with `dlsym`.
//! Only what the fuzzer calls is declared; X types are opaque pointers and
//! `c_ulong` XIDs.

use core::ffi::{c_char, c_int, c_uint, c_ulong, c_void};
use std::ffi::CString;

pub type Display = c_void;
pub type Ctx = *mut c_void;
pub type Config = *mut c_void;
pub type Xid = c_ulong;

/// Opens `path` with `RTLD_NOW | RTLD_GLOBAL`.
pub fn dlopen(path: &str) -> Result<*mut c_void, String> {
    let c = CString::new(path).map_err(|e| e.to_string())?;
    // SAFETY: a valid C string; loading a library runs its constructors,
    // which is what the fuzzer wants.
    let h = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
    if h.is_null() {
        // SAFETY: dlerror returns a C string or null.
        let err = unsafe { libc::dlerror() };
        let msg = if err.is_null() {
            String::from("dlopen failed")
        } else {
            // SAFETY: non-null C string from dlerror.
            unsafe { std::ffi::CStr::from_ptr(err) }
                .to_string_lossy()
                .into_owned()
        };
        return Err(format!("{path}: {msg}"));
    }
    Ok(h)
}

/// `dlsym(handle, name)`, null if absent.
pub fn dlsym(handle: *mut c_void, name: &str) -> *const c_void {
    let Ok(c) = CString::new(name) else {
        return core::ptr::null();
    };
    // SAFETY: valid handle and C string.
    unsafe { libc::dlsym(handle, c.as_ptr()) as *const c_void }
}

macro_rules! library {
    ($lib:ident { $($name:ident: fn($($arg:ty),*) $(-> $ret:ty)?;)* }) => {
        #[allow(non_snake_case, reason = "the C functions' own names")]
        pub struct $lib {
            $(pub $name: unsafe extern "C" fn($($arg),*) $(-> $ret)?,)*
        }

        impl $lib {
            pub fn load(handle: *mut c_void) -> Result<$lib, String> {
                Ok($lib {
                    $($name: {
                        let p = dlsym(handle, stringify!($name));
                        if p.is_null() {
                            return Err(format!("missing symbol {}", stringify!($name)));
                        }
                        // SAFETY: the symbol has the C signature declared
                        // here (Xlib.h / glx.h).
                        unsafe { core::mem::transmute::<*const c_void, unsafe extern "C" fn($($arg),*) $(-> $ret)?>(p) }
                    },)*
                })
            }
        }
    };
}

library!(Xlib {
    XInitThreads: fn() -> c_int;
    XOpenDisplay: fn(*const c_char) -> *mut Display;
    XDefaultScreen: fn(*mut Display) -> c_int;
    XRootWindow: fn(*mut Display, c_int) -> Xid;
    XCreateSimpleWindow: fn(*mut Display, Xid, c_int, c_int, c_uint, c_uint, c_uint, c_ulong, c_ulong) -> Xid;
    XSetErrorHandler: fn(Option<unsafe extern "C" fn(*mut Display, *mut c_void) -> c_int>) -> *mut c_void;
    XSetIOErrorHandler: fn(Option<unsafe extern "C" fn(*mut Display) -> c_int>) -> *mut c_void;
    XSync: fn(*mut Display, c_int) -> c_int;
    XFree: fn(*mut c_void) -> c_int;
    XDefaultVisual: fn(*mut Display, c_int) -> *mut c_void;
    XVisualIDFromVisual: fn(*mut c_void) -> c_ulong;
});

library!(Glx {
    glXChooseFBConfig: fn(*mut Display, c_int, *const c_int, *mut c_int) -> *mut Config;
    glXGetFBConfigAttrib: fn(*mut Display, Config, c_int, *mut c_int) -> c_int;
    glXCreateNewContext: fn(*mut Display, Config, c_int, Ctx, c_int) -> Ctx;
    glXMakeContextCurrent: fn(*mut Display, Xid, Xid, Ctx) -> c_int;
    glXMakeCurrent: fn(*mut Display, Xid, Ctx) -> c_int;
    glXDestroyContext: fn(*mut Display, Ctx);
    glXGetCurrentContext: fn() -> Ctx;
    glXGetCurrentDrawable: fn() -> Xid;
    glXGetCurrentReadDrawable: fn() -> Xid;
    glXGetCurrentDisplay: fn() -> *mut Display;
    glXQueryContext: fn(*mut Display, Ctx, c_int, *mut c_int) -> c_int;
    glXQueryDrawable: fn(*mut Display, Xid, c_int, *mut c_uint);
    glXCreatePbuffer: fn(*mut Display, Config, *const c_int) -> Xid;
    glXDestroyPbuffer: fn(*mut Display, Xid);
    glXCreateWindow: fn(*mut Display, Config, Xid, *const c_int) -> Xid;
    glXDestroyWindow: fn(*mut Display, Xid);
    glXQueryExtensionsString: fn(*mut Display, c_int) -> *const c_char;
    glXQueryServerString: fn(*mut Display, c_int, c_int) -> *const c_char;
    glXGetClientString: fn(*mut Display, c_int) -> *const c_char;
    glXGetProcAddressARB: fn(*const u8) -> *const c_void;
    glXSwapBuffers: fn(*mut Display, Xid);
    glXWaitGL: fn();
    glXWaitX: fn();
    glXIsDirect: fn(*mut Display, Ctx) -> c_int;
    glXCopyContext: fn(*mut Display, Ctx, Ctx, c_ulong);
    glXQueryVersion: fn(*mut Display, *mut c_int, *mut c_int) -> c_int;
    glXQueryExtension: fn(*mut Display, *mut c_int, *mut c_int) -> c_int;
    glXSelectEvent: fn(*mut Display, Xid, c_ulong);
    glXGetSelectedEvent: fn(*mut Display, Xid, *mut c_ulong);
});

/// `glXCreateContextAttribsARB`, `glXSwapIntervalEXT`, `glXSwapIntervalMESA`
/// through `glXGetProcAddressARB`, as an application finds them.
pub struct GlxExt {
    pub create_context_attribs:
        Option<unsafe extern "C" fn(*mut Display, Config, Ctx, c_int, *const c_int) -> Ctx>,
    pub swap_interval_ext: Option<unsafe extern "C" fn(*mut Display, Xid, c_int)>,
    pub swap_interval_mesa: Option<unsafe extern "C" fn(c_uint) -> c_int>,
}

impl GlxExt {
    pub fn load(glx: &Glx) -> GlxExt {
        let get = |name: &[u8]| {
            // SAFETY: a NUL-terminated name.
            unsafe { (glx.glXGetProcAddressARB)(name.as_ptr()) }
        };
        let p = get(b"glXCreateContextAttribsARB\0");
        let q = get(b"glXSwapIntervalEXT\0");
        let r = get(b"glXSwapIntervalMESA\0");
        // SAFETY: each pointer, when not null, is the GLX function of that
        // name with the signature from glxext.h.
        unsafe {
            GlxExt {
                create_context_attribs: (!p.is_null()).then(|| core::mem::transmute(p)),
                swap_interval_ext: (!q.is_null()).then(|| core::mem::transmute(q)),
                swap_interval_mesa: (!r.is_null()).then(|| core::mem::transmute(r)),
            }
        }
    }
}
