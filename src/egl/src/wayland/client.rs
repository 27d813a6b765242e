//! libwayland-client, loaded at run time (`dlopen("libwayland-client.so.0")`,
//! the library every Wayland application already has loaded), so that
//! building oxgl needs no Wayland development package — as the GLX side
//! loads libxcb.
//!
//! Requests go through `wl_proxy_marshal_array_flags` (libwayland 1.20+)
//! with the opcodes of wayland.xml written out below; events come in through
//! `wl_proxy_add_listener` tables of `extern "C"` functions. Every object we
//! create lives on a private event queue (`wl_display_create_queue`, proxy
//! wrappers), so that dispatching our events never dispatches the
//! application's and the application's dispatching never runs our
//! listeners: Mesa's `platform_wayland.c` does the same.
//!
//! The rest of the crate sees [`Proxy`] handles and safe methods; the
//! contract of those methods is that a proxy passed in is alive (created
//! here and not destroyed yet), which the owners in `display.rs` and
//! `window.rs` keep.
#![allow(
    unsafe_code,
    reason = "calls into libwayland-client through dlopen'd function pointers"
)]

use std::ffi::{CStr, c_char, c_int, c_void};
use std::ptr::NonNull;
use std::sync::OnceLock;

/// A `struct wl_proxy*` (any protocol object, a wrapper, or the display).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proxy(pub NonNull<c_void>);

// SAFETY: libwayland-client proxies may be used from any thread (the library
// locks its display); our owners serialise the rest.
unsafe impl Send for Proxy {}
// SAFETY: as above.
unsafe impl Sync for Proxy {}

impl Proxy {
    /// A proxy from a pointer the application gave, `None` for null.
    pub fn from_ptr(p: *mut c_void) -> Option<Proxy> {
        NonNull::new(p).map(Proxy)
    }

    /// The raw pointer.
    pub fn as_ptr(self) -> *mut c_void {
        self.0.as_ptr()
    }
}

/// A `struct wl_event_queue*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Queue(NonNull<c_void>);

// SAFETY: as `Proxy`.
unsafe impl Send for Queue {}
// SAFETY: as `Proxy`.
unsafe impl Sync for Queue {}

/// One request argument (`union wl_argument`, 8 bytes).
#[repr(C)]
#[derive(Clone, Copy)]
pub union Arg {
    /// `int`, `fd`.
    pub i: i32,
    /// `uint`, `new_id` (0: filled by libwayland).
    pub u: u32,
    /// `string`.
    pub s: *const c_char,
    /// `object`.
    pub o: *mut c_void,
}

/// `WL_MARSHAL_FLAG_DESTROY`: the request is a destructor.
pub const MARSHAL_DESTROY: u32 = 1;

/// Opcodes and event numbers of wayland.xml (the core protocol).
pub mod op {
    /// `wl_display.sync` (new `wl_callback`).
    pub const DISPLAY_SYNC: u32 = 0;
    /// `wl_display.get_registry`.
    pub const DISPLAY_GET_REGISTRY: u32 = 1;
    /// `wl_registry.bind`.
    pub const REGISTRY_BIND: u32 = 0;
    /// `wl_shm.create_pool(new_id, fd, size)`.
    pub const SHM_CREATE_POOL: u32 = 0;
    /// `wl_shm_pool.create_buffer(new_id, offset, width, height, stride, format)`.
    pub const SHM_POOL_CREATE_BUFFER: u32 = 0;
    /// `wl_shm_pool.destroy`.
    pub const SHM_POOL_DESTROY: u32 = 1;
    /// `wl_buffer.destroy`.
    pub const BUFFER_DESTROY: u32 = 0;
    /// `wl_surface.attach(buffer, x, y)`.
    pub const SURFACE_ATTACH: u32 = 1;
    /// `wl_surface.damage(x, y, width, height)` (surface coordinates).
    pub const SURFACE_DAMAGE: u32 = 2;
    /// `wl_surface.frame` (new `wl_callback`).
    pub const SURFACE_FRAME: u32 = 3;
    /// `wl_surface.commit`.
    pub const SURFACE_COMMIT: u32 = 6;
    /// `wl_surface.damage_buffer` (since version 4).
    pub const SURFACE_DAMAGE_BUFFER: u32 = 9;
    /// `wl_surface.offset(x, y)` (since version 5).
    pub const SURFACE_OFFSET: u32 = 10;
}

/// `wl_shm` formats (= DRM fourcc codes, except these two).
pub mod shm_format {
    /// `WL_SHM_FORMAT_ARGB8888`.
    pub const ARGB8888: u32 = 0;
    /// `WL_SHM_FORMAT_XRGB8888`.
    pub const XRGB8888: u32 = 1;
}

/// DRM fourcc codes of the two formats (`EGL_NATIVE_VISUAL_ID`).
pub mod fourcc {
    /// `DRM_FORMAT_ARGB8888` ('AR24').
    pub const ARGB8888: u32 = u32::from_le_bytes(*b"AR24");
    /// `DRM_FORMAT_XRGB8888` ('XR24').
    pub const XRGB8888: u32 = u32::from_le_bytes(*b"XR24");
}

type MarshalFn =
    unsafe extern "C" fn(*mut c_void, u32, *const c_void, u32, u32, *mut Arg) -> *mut c_void;

/// The libwayland-client functions and interface tables we use.
pub struct Lib {
    connect: unsafe extern "C" fn(*const c_char) -> *mut c_void,
    create_queue: unsafe extern "C" fn(*mut c_void) -> *mut c_void,
    queue_destroy: unsafe extern "C" fn(*mut c_void),
    create_wrapper: unsafe extern "C" fn(*mut c_void) -> *mut c_void,
    wrapper_destroy: unsafe extern "C" fn(*mut c_void),
    set_queue: unsafe extern "C" fn(*mut c_void, *mut c_void),
    marshal: MarshalFn,
    add_listener: unsafe extern "C" fn(*mut c_void, *const c_void, *mut c_void) -> c_int,
    destroy: unsafe extern "C" fn(*mut c_void),
    get_version: unsafe extern "C" fn(*mut c_void) -> u32,
    dispatch_queue: unsafe extern "C" fn(*mut c_void, *mut c_void) -> c_int,
    dispatch_queue_pending: unsafe extern "C" fn(*mut c_void, *mut c_void) -> c_int,
    roundtrip_queue: unsafe extern "C" fn(*mut c_void, *mut c_void) -> c_int,
    flush: unsafe extern "C" fn(*mut c_void) -> c_int,
    /// `wl_registry_interface`.
    pub registry_interface: *const c_void,
    /// `wl_shm_interface`.
    pub shm_interface: *const c_void,
    /// `wl_shm_pool_interface`.
    pub shm_pool_interface: *const c_void,
    /// `wl_buffer_interface`.
    pub buffer_interface: *const c_void,
    /// `wl_callback_interface`.
    pub callback_interface: *const c_void,
    /// `wl_display_interface`.
    pub display_interface: *const c_void,
}

// SAFETY: function pointers and addresses of immutable interface tables.
unsafe impl Send for Lib {}
// SAFETY: as above.
unsafe impl Sync for Lib {}

/// libwayland-client, loaded once; `None` when it is not installed (or too
/// old to have `wl_proxy_marshal_array_flags`).
pub fn lib() -> Option<&'static Lib> {
    static LIB: OnceLock<Option<Lib>> = OnceLock::new();
    LIB.get_or_init(load).as_ref()
}

fn load() -> Option<Lib> {
    // SAFETY: dlopen with a NUL-terminated name; the handle is never closed,
    // so every address taken from it stays valid.
    let handle = unsafe {
        libc::dlopen(
            c"libwayland-client.so.0".as_ptr(),
            libc::RTLD_NOW | libc::RTLD_LOCAL,
        )
    };
    if handle.is_null() {
        return None;
    }
    let sym = |name: &CStr| -> Option<*mut c_void> {
        // SAFETY: a live handle and a NUL-terminated name.
        let p = unsafe { libc::dlsym(handle, name.as_ptr()) };
        (!p.is_null()).then_some(p)
    };
    macro_rules! func {
        ($name:literal as $ty:ty) => {{
            let p = sym($name)?;
            // SAFETY: the symbol is libwayland-client's function of that name,
            // whose C prototype (wayland-client-core.h) `$ty` matches.
            unsafe { std::mem::transmute::<*mut c_void, $ty>(p) }
        }};
    }
    Some(Lib {
        connect: func!(c"wl_display_connect" as unsafe extern "C" fn(*const c_char) -> *mut c_void),
        create_queue: func!(
            c"wl_display_create_queue" as unsafe extern "C" fn(*mut c_void) -> *mut c_void
        ),
        queue_destroy: func!(c"wl_event_queue_destroy" as unsafe extern "C" fn(*mut c_void)),
        create_wrapper: func!(
            c"wl_proxy_create_wrapper" as unsafe extern "C" fn(*mut c_void) -> *mut c_void
        ),
        wrapper_destroy: func!(c"wl_proxy_wrapper_destroy" as unsafe extern "C" fn(*mut c_void)),
        set_queue: func!(c"wl_proxy_set_queue" as unsafe extern "C" fn(*mut c_void, *mut c_void)),
        marshal: func!(c"wl_proxy_marshal_array_flags" as MarshalFn),
        add_listener: func!(
            c"wl_proxy_add_listener"
                as unsafe extern "C" fn(*mut c_void, *const c_void, *mut c_void) -> c_int
        ),
        destroy: func!(c"wl_proxy_destroy" as unsafe extern "C" fn(*mut c_void)),
        get_version: func!(c"wl_proxy_get_version" as unsafe extern "C" fn(*mut c_void) -> u32),
        dispatch_queue: func!(
            c"wl_display_dispatch_queue" as unsafe extern "C" fn(*mut c_void, *mut c_void) -> c_int
        ),
        dispatch_queue_pending: func!(
            c"wl_display_dispatch_queue_pending"
                as unsafe extern "C" fn(*mut c_void, *mut c_void) -> c_int
        ),
        roundtrip_queue: func!(
            c"wl_display_roundtrip_queue"
                as unsafe extern "C" fn(*mut c_void, *mut c_void) -> c_int
        ),
        flush: func!(c"wl_display_flush" as unsafe extern "C" fn(*mut c_void) -> c_int),
        registry_interface: sym(c"wl_registry_interface")?,
        shm_interface: sym(c"wl_shm_interface")?,
        shm_pool_interface: sym(c"wl_shm_pool_interface")?,
        buffer_interface: sym(c"wl_buffer_interface")?,
        callback_interface: sym(c"wl_callback_interface")?,
        display_interface: sym(c"wl_display_interface")?,
    })
}

/// Whether `native` points to a `struct wl_display` (its first word is
/// `&wl_display_interface`: Mesa's test), looked up without loading
/// libwayland-client when the process has not loaded it.
pub fn is_wl_display(native: usize) -> bool {
    if native == 0 {
        return false;
    }
    // SAFETY: dlsym on the global scope with a NUL-terminated name.
    let iface = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"wl_display_interface".as_ptr()) };
    if iface.is_null() {
        return false;
    }
    // SAFETY: a native display is a pointer to a live object of at least one
    // word (an Xlib Display or a wl_display), EGL 1.5 §3.2.
    unsafe { *(native as *const usize) == iface as usize }
}

impl Lib {
    /// `wl_display_connect(NULL)`: `$WAYLAND_DISPLAY` (or `wayland-0`).
    pub fn connect(&self) -> Option<Proxy> {
        // SAFETY: a null name means the default socket.
        Proxy::from_ptr(unsafe { (self.connect)(std::ptr::null()) })
    }

    /// A new event queue of `display`.
    pub fn create_queue(&self, display: Proxy) -> Option<Queue> {
        // SAFETY: a live display.
        NonNull::new(unsafe { (self.create_queue)(display.as_ptr()) }).map(Queue)
    }

    /// Destroys a queue whose proxies are all destroyed.
    pub fn destroy_queue(&self, queue: Queue) {
        // SAFETY: a queue we created, destroyed once.
        unsafe { (self.queue_destroy)(queue.0.as_ptr()) }
    }

    /// A wrapper of `proxy` whose new objects and events go to `queue`.
    pub fn wrapper(&self, proxy: Proxy, queue: Queue) -> Option<Proxy> {
        // SAFETY: a live proxy; the wrapper is set to a live queue.
        unsafe {
            let w = Proxy::from_ptr((self.create_wrapper)(proxy.as_ptr()))?;
            (self.set_queue)(w.as_ptr(), queue.0.as_ptr());
            Some(w)
        }
    }

    /// Destroys a wrapper.
    pub fn destroy_wrapper(&self, wrapper: Proxy) {
        // SAFETY: a wrapper we created, destroyed once.
        unsafe { (self.wrapper_destroy)(wrapper.as_ptr()) }
    }

    /// Sends request `opcode` with `args`; `new` is the interface of the
    /// object it creates (its proxy is returned), or null. `flags`:
    /// [`MARSHAL_DESTROY`] for a destructor.
    #[expect(
        clippy::not_unsafe_ptr_arg_deref,
        reason = "the pointers (interface, string and object arguments) go to libwayland as the protocol defines them"
    )]
    pub fn request(
        &self,
        proxy: Proxy,
        opcode: u32,
        new: *const c_void,
        version: u32,
        flags: u32,
        args: &mut [Arg],
    ) -> Option<Proxy> {
        // SAFETY: a live proxy; `args` matches the request's signature in
        // wayland.xml (the callers' opcode tables), `new` is the created
        // object's interface or null.
        Proxy::from_ptr(unsafe {
            (self.marshal)(
                proxy.as_ptr(),
                opcode,
                new,
                version,
                flags,
                args.as_mut_ptr(),
            )
        })
    }

    /// `wl_proxy_add_listener`. `listener` is a static table of `extern "C"`
    /// functions matching the interface's events; `data` outlives the proxy.
    #[expect(
        clippy::not_unsafe_ptr_arg_deref,
        reason = "the table and data go to libwayland, which hands `data` back to the table's functions"
    )]
    pub fn add_listener(&self, proxy: Proxy, listener: *const c_void, data: *const c_void) -> bool {
        // SAFETY: a live proxy without a listener yet; the table and data
        // outlive it (the callers' contract).
        unsafe { (self.add_listener)(proxy.as_ptr(), listener, data as *mut c_void) == 0 }
    }

    /// `wl_proxy_destroy` (client side only: objects without a destructor
    /// request, or whose destructor the server sent).
    pub fn destroy(&self, proxy: Proxy) {
        // SAFETY: a live proxy, destroyed once.
        unsafe { (self.destroy)(proxy.as_ptr()) }
    }

    /// The protocol version of a proxy.
    pub fn version(&self, proxy: Proxy) -> u32 {
        // SAFETY: a live proxy.
        unsafe { (self.get_version)(proxy.as_ptr()) }
    }

    /// Blocks until events for `queue` arrive and dispatches them; -1 on a
    /// connection error.
    pub fn dispatch(&self, display: Proxy, queue: Queue) -> i32 {
        // SAFETY: a live display and one of its queues.
        unsafe { (self.dispatch_queue)(display.as_ptr(), queue.0.as_ptr()) }
    }

    /// Dispatches the events already read for `queue`, without blocking.
    pub fn dispatch_pending(&self, display: Proxy, queue: Queue) -> i32 {
        // SAFETY: a live display and one of its queues.
        unsafe { (self.dispatch_queue_pending)(display.as_ptr(), queue.0.as_ptr()) }
    }

    /// A round trip on `queue`; -1 on a connection error.
    pub fn roundtrip(&self, display: Proxy, queue: Queue) -> i32 {
        // SAFETY: a live display and one of its queues.
        unsafe { (self.roundtrip_queue)(display.as_ptr(), queue.0.as_ptr()) }
    }

    /// Sends buffered requests.
    pub fn flush(&self, display: Proxy) {
        // SAFETY: a live display.
        unsafe { (self.flush)(display.as_ptr()) };
    }
}
