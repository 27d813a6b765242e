//! The Wayland side of an initialized EGL display: our event queue on the
//! application's `wl_display`, the registry, and the bound `wl_shm` with the
//! formats it announced (EGL configs exist for ARGB8888 and XRGB8888, the two
//! formats every compositor supports).
#![allow(
    unsafe_code,
    reason = "listener callbacks receive C pointers from libwayland-client"
)]

use std::ffi::{CStr, c_char, c_void};
use std::sync::atomic::{AtomicU32, Ordering};

use super::client::{Arg, Lib, Proxy, Queue, lib, op, shm_format};
use crate::error::{Level, NOT_INITIALIZED, Result, log};

/// What the registry and `wl_shm` listeners record (heap-allocated: its
/// address is the listeners' data).
#[derive(Default)]
struct Globals {
    /// The `wl_shm` global's name (0: none seen).
    shm_name: AtomicU32,
    /// Formats announced by `wl_shm.format`: bit 0 ARGB8888, bit 1 XRGB8888.
    formats: AtomicU32,
}

/// A Wayland EGL display's connection state.
pub struct WlDisplay {
    /// libwayland-client.
    pub lib: &'static Lib,
    /// The application's `wl_display` (or ours, for `EGL_DEFAULT_DISPLAY`).
    pub display: Proxy,
    queue: Queue,
    registry: Proxy,
    /// The bound `wl_shm` (on our queue).
    pub shm: Proxy,
    globals: Box<Globals>,
}

impl WlDisplay {
    /// Connects our queue to `display` and binds `wl_shm`.
    pub fn new(display: Proxy) -> Result<WlDisplay> {
        let Some(lib) = lib() else {
            log(
                Level::Warning,
                "wayland: cannot load libwayland-client.so.0 (1.20 or later)",
            );
            return Err(NOT_INITIALIZED);
        };
        let queue = lib.create_queue(display).ok_or(NOT_INITIALIZED)?;
        let globals = Box::<Globals>::default();
        let Some(wrapper) = lib.wrapper(display, queue) else {
            lib.destroy_queue(queue);
            return Err(NOT_INITIALIZED);
        };
        let registry = lib.request(
            wrapper,
            op::DISPLAY_GET_REGISTRY,
            lib.registry_interface,
            lib.version(wrapper),
            0,
            &mut [Arg { u: 0 }],
        );
        lib.destroy_wrapper(wrapper);
        let Some(registry) = registry else {
            lib.destroy_queue(queue);
            return Err(NOT_INITIALIZED);
        };
        let data = std::ptr::from_ref::<Globals>(&globals).cast::<c_void>();
        lib.add_listener(registry, REGISTRY_LISTENER.as_ptr().cast(), data);
        let fail = |shm: Option<Proxy>, why: &str| {
            log(Level::Warning, &format!("wayland: {why}"));
            if let Some(s) = shm {
                lib.destroy(s);
            }
            lib.destroy(registry);
            lib.destroy_queue(queue);
            NOT_INITIALIZED
        };
        if lib.roundtrip(display, queue) < 0 {
            return Err(fail(None, "the connection failed"));
        }
        let name = globals.shm_name.load(Ordering::Acquire);
        if name == 0 {
            return Err(fail(None, "the compositor has no wl_shm"));
        }
        let shm = lib.request(
            registry,
            op::REGISTRY_BIND,
            lib.shm_interface,
            1,
            0,
            &mut [
                Arg { u: name },
                Arg {
                    s: c"wl_shm".as_ptr(),
                },
                Arg { u: 1 },
                Arg { u: 0 },
            ],
        );
        let Some(shm) = shm else {
            return Err(fail(None, "cannot bind wl_shm"));
        };
        lib.add_listener(shm, SHM_LISTENER.as_ptr().cast(), data);
        if lib.roundtrip(display, queue) < 0 {
            return Err(fail(Some(shm), "the connection failed"));
        }
        Ok(WlDisplay {
            lib,
            display,
            queue,
            registry,
            shm,
            globals,
        })
    }

    /// Whether the compositor announced `format` (a `wl_shm` format); ARGB
    /// and XRGB are mandatory, so a compositor that did not announce them
    /// still takes them.
    pub fn has_format(&self, format: u32) -> bool {
        let bits = self.globals.formats.load(Ordering::Acquire);
        match format {
            shm_format::ARGB8888 => bits & 1 != 0 || bits == 0,
            shm_format::XRGB8888 => bits & 2 != 0 || bits == 0,
            _ => false,
        }
    }
}

impl Drop for WlDisplay {
    fn drop(&mut self) {
        self.lib.destroy(self.shm);
        self.lib.destroy(self.registry);
        self.lib.destroy_queue(self.queue);
    }
}

unsafe extern "C" fn registry_global(
    data: *mut c_void,
    _registry: *mut c_void,
    name: u32,
    interface: *const c_char,
    _version: u32,
) {
    if data.is_null() || interface.is_null() {
        return;
    }
    // SAFETY: `data` is the display's `Globals`, alive as long as the
    // registry proxy; `interface` is a NUL-terminated string from
    // libwayland for the length of the call.
    let (globals, interface) = unsafe { (&*(data as *const Globals), CStr::from_ptr(interface)) };
    if interface == c"wl_shm" {
        let _ = globals
            .shm_name
            .compare_exchange(0, name, Ordering::AcqRel, Ordering::Acquire);
    }
}

unsafe extern "C" fn registry_global_remove(
    _data: *mut c_void,
    _registry: *mut c_void,
    _name: u32,
) {
}

unsafe extern "C" fn shm_format_event(data: *mut c_void, _shm: *mut c_void, format: u32) {
    if data.is_null() {
        return;
    }
    // SAFETY: as in `registry_global`.
    let globals = unsafe { &*(data as *const Globals) };
    let bit = match format {
        shm_format::ARGB8888 => 1,
        shm_format::XRGB8888 => 2,
        _ => return,
    };
    globals.formats.fetch_or(bit, Ordering::AcqRel);
}

/// A listener table: the event handlers in the interface's order.
#[repr(C)]
pub struct Listener<const N: usize>(pub [*const c_void; N]);

// SAFETY: addresses of functions.
unsafe impl<const N: usize> Sync for Listener<N> {}

impl<const N: usize> Listener<N> {
    /// Its address, for `wl_proxy_add_listener`.
    pub fn as_ptr(&'static self) -> *const Self {
        self
    }
}

/// `wl_registry_listener`: global, global_remove.
static REGISTRY_LISTENER: Listener<2> = Listener([
    registry_global as *const c_void,
    registry_global_remove as *const c_void,
]);

/// `wl_shm_listener`: format.
static SHM_LISTENER: Listener<1> = Listener([shm_format_event as *const c_void]);
