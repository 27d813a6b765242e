//! Window surfaces on a `struct wl_egl_window` (libwayland-egl), presented
//! through `wl_shm` buffers.
//!
//! The `wl_egl_window` ABI (wayland-egl-backend.h, `WL_EGL_WINDOW_VERSION`
//! 3): `version`, `width`, `height`, `dx`, `dy`, `attached_width`,
//! `attached_height`, `driver_private`, `resize_callback`,
//! `destroy_window_callback`, `surface`. The application resizes it with
//! `wl_egl_window_resize` (which calls our resize callback) and may destroy
//! it before the EGL surface (the destroy callback tells us; later swaps are
//! `EGL_BAD_NATIVE_WINDOW`, as in Mesa). A window of the older ABI, whose
//! first word is the `wl_surface` pointer, is refused.
//!
//! Rendering goes to the GL drawable's backend storage; a swap copies the
//! back buffer (B, G, R, A bytes, top row first: `WL_SHM_FORMAT_ARGB8888` /
//! `XRGB8888` in memory) into a free `wl_shm` buffer, attaches it, damages
//! it and commits, as Mesa's software path does
//! (`dri2_wl_swrast_commit_backbuffer`):
//!
//! * at most [`MAX_BUFFERS`] buffers, each its own memfd + pool; a buffer is
//!   busy from its attach until the compositor's `wl_buffer.release`, and a
//!   swap with none free waits on our queue for one;
//! * swap interval 1 or more asks a `wl_surface.frame` callback before the
//!   commit, and the next swap waits for it; interval 0 still waits for a
//!   `wl_display.sync` of each frame, so that the compositor has handled the
//!   commit (and sent its releases) before we look for a free buffer;
//! * a resize (`wl_egl_window_resize`) reaches the storage at the next
//!   `glViewport`, make-current, size query or swap, and the `dx`/`dy` it gave
//!   go with the next attach (`wl_surface.offset` from version 5).
#![allow(
    unsafe_code,
    reason = "reads and writes the application's wl_egl_window; listener callbacks"
)]

use std::collections::HashMap;
use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};

use oxgl_dri_interface::OxglBuffer;
use oxgl_glx::display::lock;
use oxgl_glx::drawable::{GlxDrawable, NativeWindow};

use super::client::{Arg, MARSHAL_DESTROY, Proxy, Queue, op};
use super::display::{Listener, WlDisplay};
use crate::error::{BAD_ALLOC, BAD_NATIVE_WINDOW, Level, Result, log};

/// Most `wl_shm` buffers a surface keeps (Mesa's software path allows 4).
pub const MAX_BUFFERS: usize = 3;

/// `struct wl_egl_window`, version 3.
#[repr(C)]
struct WlEglWindow {
    version: isize,
    width: c_int,
    height: c_int,
    dx: c_int,
    dy: c_int,
    attached_width: c_int,
    attached_height: c_int,
    driver_private: *mut c_void,
    resize_callback: Option<unsafe extern "C" fn(*mut WlEglWindow, *mut c_void)>,
    destroy_window_callback: Option<unsafe extern "C" fn(*mut c_void)>,
    surface: *mut c_void,
}

/// The `wl_egl_window` ABI version we read.
const WINDOW_VERSION: isize = 3;

/// The live windows by the `driver_private` value we set (their address), so
/// that callbacks find them without trusting the pointer.
fn live() -> &'static Mutex<HashMap<usize, Weak<WlWindow>>> {
    static LIVE: OnceLock<Mutex<HashMap<usize, Weak<WlWindow>>>> = OnceLock::new();
    LIVE.get_or_init(|| Mutex::new(HashMap::new()))
}

fn lookup(key: *mut c_void) -> Option<Arc<WlWindow>> {
    lock(live()).get(&(key as usize)).and_then(Weak::upgrade)
}

/// One `wl_shm` buffer: a shared mapping and the `wl_buffer` on it.
struct ShmBuffer {
    proxy: Proxy,
    map: *mut u8,
    len: usize,
    width: u32,
    height: u32,
    format: u32,
    /// Attached and not released yet (the release listener's data).
    busy: Box<AtomicBool>,
}

/// What swaps change: the buffers.
#[derive(Default)]
struct Present {
    buffers: Vec<ShmBuffer>,
}

// SAFETY: the mappings are owned by this value; access is under its mutex.
unsafe impl Send for Present {}

/// The Wayland side of a window surface.
pub struct WlWindow {
    display: Arc<WlDisplay>,
    /// The `wl_egl_window*`; `None` once the application destroyed it or the
    /// EGL surface was destroyed.
    window: Mutex<Option<usize>>,
    queue: Queue,
    /// The application's `wl_surface`, wrapped onto our queue.
    surface: Proxy,
    /// The display wrapped onto our queue (`wl_display.sync`).
    display_wrapper: Proxy,
    /// `wl_shm` wrapped onto our queue (pools and buffers).
    shm: Proxy,
    /// The pending frame or sync callback (null: none).
    throttle: AtomicPtr<c_void>,
    /// The offset of the last `wl_egl_window_resize`, for the next attach.
    dx: AtomicI32,
    dy: AtomicI32,
    /// The `wl_shm` format of the config.
    format: u32,
    present: Mutex<Present>,
}

impl WlWindow {
    /// Takes over `window` (a `struct wl_egl_window*`) for a new surface:
    /// `EGL_BAD_NATIVE_WINDOW` for null or the old ABI, `EGL_BAD_ALLOC` when
    /// it already has an EGL surface (Mesa's `dri2_wl_create_window_surface`).
    pub fn new(display: Arc<WlDisplay>, window: usize, format: u32) -> Result<Arc<WlWindow>> {
        let w = window as *mut WlEglWindow;
        if w.is_null() {
            return Err(BAD_NATIVE_WINDOW);
        }
        // SAFETY: the application passes a live wl_egl_window (EGL 1.5
        // §3.5.1, EGL_KHR_platform_wayland); its first word is the version.
        let version = unsafe { std::ptr::addr_of!((*w).version).read() };
        if !(WINDOW_VERSION..0x1000).contains(&version) {
            log(
                Level::Warning,
                "wayland: wl_egl_window of an unsupported ABI (libwayland-egl older than 1.15?)",
            );
            return Err(BAD_NATIVE_WINDOW);
        }
        // SAFETY: a version-3 window has these fields.
        let (private, wl_surface) = unsafe { ((*w).driver_private, (*w).surface) };
        if !private.is_null() {
            return Err(BAD_ALLOC);
        }
        let Some(wl_surface) = Proxy::from_ptr(wl_surface) else {
            return Err(BAD_NATIVE_WINDOW);
        };
        let lib = display.lib;
        let queue = lib.create_queue(display.display).ok_or(BAD_ALLOC)?;
        let wrappers = (
            lib.wrapper(wl_surface, queue),
            lib.wrapper(display.display, queue),
            lib.wrapper(display.shm, queue),
        );
        let (Some(surface), Some(display_wrapper), Some(shm)) = wrappers else {
            for p in [wrappers.0, wrappers.1, wrappers.2].into_iter().flatten() {
                lib.destroy_wrapper(p);
            }
            lib.destroy_queue(queue);
            return Err(BAD_ALLOC);
        };
        let me = Arc::new(WlWindow {
            display,
            window: Mutex::new(Some(window)),
            queue,
            surface,
            display_wrapper,
            shm,
            throttle: AtomicPtr::new(std::ptr::null_mut()),
            dx: AtomicI32::new(0),
            dy: AtomicI32::new(0),
            format,
            present: Mutex::new(Present::default()),
        });
        let key = Arc::as_ptr(&me) as usize;
        lock(live()).insert(key, Arc::downgrade(&me));
        // SAFETY: fields of the live window, which the application does not
        // touch while creating the surface.
        unsafe {
            (*w).driver_private = key as *mut c_void;
            (*w).resize_callback = Some(resize_callback);
            (*w).destroy_window_callback = Some(destroy_window_callback);
        }
        Ok(me)
    }

    /// `eglDestroySurface`: gives the window back (its callbacks and
    /// `driver_private` cleared, as Mesa does).
    pub fn detach(&self) {
        let window = lock(&self.window).take();
        if let Some(w) = window {
            let w = w as *mut WlEglWindow;
            // SAFETY: the window is alive: its destroy callback has not run
            // (it would have cleared `self.window`).
            unsafe {
                (*w).driver_private = std::ptr::null_mut();
                (*w).resize_callback = None;
                (*w).destroy_window_callback = None;
            }
        }
    }

    /// The window's size now.
    fn window_size(&self) -> Option<(u32, u32)> {
        let window = lock(&self.window);
        let w = (*window)? as *const WlEglWindow;
        // SAFETY: alive while `self.window` holds it (its destroy callback
        // takes the same lock); `wl_egl_window_resize` may write the fields
        // meanwhile in another thread, hence volatile reads.
        let (width, height) = unsafe {
            (
                std::ptr::addr_of!((*w).width).read_volatile(),
                std::ptr::addr_of!((*w).height).read_volatile(),
            )
        };
        Some((width.max(1) as u32, height.max(1) as u32))
    }

    /// Waits on our queue until the pending frame (or sync) callback ran.
    fn wait_throttle(&self) -> Result<()> {
        let lib = self.display.lib;
        while !self.throttle.load(Ordering::Acquire).is_null() {
            if lib.dispatch(self.display.display, self.queue) < 0 {
                log(Level::Warning, "wayland: the connection failed");
                return Err(BAD_ALLOC);
            }
        }
        Ok(())
    }

    /// A free buffer of `width` x `height`: an existing one, a new one, or —
    /// with [`MAX_BUFFERS`] busy — the first the compositor releases.
    fn free_buffer(&self, present: &mut Present, width: u32, height: u32) -> Result<usize> {
        let lib = self.display.lib;
        lib.dispatch_pending(self.display.display, self.queue);
        loop {
            // Free buffers of another size are of no more use.
            let mut i = 0;
            while i < present.buffers.len() {
                let b = &present.buffers[i];
                if !b.busy.load(Ordering::Acquire)
                    && (b.width, b.height, b.format) != (width, height, self.format)
                {
                    let b = present.buffers.swap_remove(i);
                    self.destroy_buffer(b);
                } else {
                    i += 1;
                }
            }
            if let Some(i) = present
                .buffers
                .iter()
                .position(|b| !b.busy.load(Ordering::Acquire))
            {
                return Ok(i);
            }
            if present.buffers.len() < MAX_BUFFERS {
                let b = self.create_buffer(width, height)?;
                present.buffers.push(b);
                return Ok(present.buffers.len() - 1);
            }
            if lib.dispatch(self.display.display, self.queue) < 0 {
                log(Level::Warning, "wayland: the connection failed");
                return Err(BAD_ALLOC);
            }
        }
    }

    fn create_buffer(&self, width: u32, height: u32) -> Result<ShmBuffer> {
        let lib = self.display.lib;
        let stride = width as usize * 4;
        let len = stride.checked_mul(height as usize).ok_or(BAD_ALLOC)?;
        if len == 0 || len > i32::MAX as usize {
            return Err(BAD_ALLOC);
        }
        // SAFETY: plain syscalls on a descriptor we own; results checked.
        let (fd, map) = unsafe {
            let fd = libc::memfd_create(
                c"oxgl-wayland".as_ptr(),
                libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING,
            );
            if fd < 0 {
                return Err(BAD_ALLOC);
            }
            if libc::ftruncate(fd, len as libc::off_t) < 0 {
                libc::close(fd);
                return Err(BAD_ALLOC);
            }
            let map = libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd,
                0,
            );
            if map == libc::MAP_FAILED {
                libc::close(fd);
                return Err(BAD_ALLOC);
            }
            (fd, map as *mut u8)
        };
        let unmap = || {
            // SAFETY: the mapping and descriptor made above.
            unsafe {
                libc::munmap(map as *mut c_void, len);
                libc::close(fd);
            }
        };
        let version = lib.version(self.shm);
        let Some(pool) = lib.request(
            self.shm,
            op::SHM_CREATE_POOL,
            lib.shm_pool_interface,
            version,
            0,
            &mut [Arg { u: 0 }, Arg { i: fd }, Arg { i: len as i32 }],
        ) else {
            unmap();
            return Err(BAD_ALLOC);
        };
        let buffer = lib.request(
            pool,
            op::SHM_POOL_CREATE_BUFFER,
            lib.buffer_interface,
            version,
            0,
            &mut [
                Arg { u: 0 },
                Arg { i: 0 },
                Arg { i: width as i32 },
                Arg { i: height as i32 },
                Arg { i: stride as i32 },
                Arg { u: self.format },
            ],
        );
        lib.request(
            pool,
            op::SHM_POOL_DESTROY,
            std::ptr::null(),
            version,
            MARSHAL_DESTROY,
            &mut [],
        );
        // SAFETY: the server has its own copy of the descriptor once the
        // request is sent (libwayland dups it into the message).
        unsafe { libc::close(fd) };
        let Some(proxy) = buffer else {
            // SAFETY: the mapping made above.
            unsafe { libc::munmap(map as *mut c_void, len) };
            return Err(BAD_ALLOC);
        };
        let busy = Box::new(AtomicBool::new(false));
        lib.add_listener(
            proxy,
            BUFFER_LISTENER.as_ptr().cast(),
            std::ptr::from_ref::<AtomicBool>(&busy).cast(),
        );
        Ok(ShmBuffer {
            proxy,
            map,
            len,
            width,
            height,
            format: self.format,
            busy,
        })
    }

    fn destroy_buffer(&self, b: ShmBuffer) {
        let lib = self.display.lib;
        let version = lib.version(b.proxy);
        lib.request(
            b.proxy,
            op::BUFFER_DESTROY,
            std::ptr::null(),
            version,
            MARSHAL_DESTROY,
            &mut [],
        );
        // SAFETY: our mapping; the compositor keeps its own.
        unsafe { libc::munmap(b.map as *mut c_void, b.len) };
        drop(b.busy);
    }

    /// `eglSwapBuffers`: shows the rendered back buffer of `drawable` on the
    /// surface, then follows a resize of the window.
    pub fn swap(&self, drawable: &GlxDrawable) -> Result<()> {
        if lock(&self.window).is_none() {
            return Err(BAD_NATIVE_WINDOW);
        }
        let lib = self.display.lib;
        self.wait_throttle()?;
        let _ = drawable.backend.swap();
        let mut present = lock(&self.present);
        let (index, width, height) = {
            let Some(map) = drawable.backend.map(OxglBuffer::FrontColor) else {
                return Err(BAD_ALLOC);
            };
            if map.bytes_per_pixel != 4 {
                return Err(BAD_ALLOC);
            }
            let (width, height) = (map.width, map.height);
            let index = self.free_buffer(&mut present, width, height)?;
            let b = &present.buffers[index];
            // SAFETY: our mapping of `len` = width * 4 * height bytes, which
            // the compositor does not read until we attach it.
            let bytes = unsafe { std::slice::from_raw_parts_mut(b.map, b.len) };
            let row = width as usize * 4;
            for (y, dst) in bytes.chunks_exact_mut(row).enumerate() {
                dst.copy_from_slice(map.row_from_top(y as u32));
            }
            (index, width, height)
        };
        let b = &present.buffers[index];
        let surface_version = lib.version(self.surface);
        let interval = drawable.swap_interval.load(Ordering::Relaxed);
        if interval > 0 {
            self.ask_callback(op::SURFACE_FRAME, self.surface);
        }
        let (dx, dy) = (
            self.dx.swap(0, Ordering::AcqRel),
            self.dy.swap(0, Ordering::AcqRel),
        );
        let (ax, ay) = if surface_version >= 5 {
            if (dx, dy) != (0, 0) {
                self.surface_request(op::SURFACE_OFFSET, &mut [Arg { i: dx }, Arg { i: dy }]);
            }
            (0, 0)
        } else {
            (dx, dy)
        };
        self.surface_request(
            op::SURFACE_ATTACH,
            &mut [
                Arg {
                    o: b.proxy.as_ptr(),
                },
                Arg { i: ax },
                Arg { i: ay },
            ],
        );
        b.busy.store(true, Ordering::Release);
        {
            let window = lock(&self.window);
            if let Some(w) = *window {
                let w = w as *mut WlEglWindow;
                // SAFETY: alive while `self.window` holds it.
                unsafe {
                    std::ptr::addr_of_mut!((*w).attached_width).write_volatile(width as c_int);
                    std::ptr::addr_of_mut!((*w).attached_height).write_volatile(height as c_int);
                }
            }
        }
        let everything = [
            Arg { i: 0 },
            Arg { i: 0 },
            Arg { i: i32::MAX },
            Arg { i: i32::MAX },
        ];
        let damage = if surface_version >= 4 {
            op::SURFACE_DAMAGE_BUFFER
        } else {
            op::SURFACE_DAMAGE
        };
        self.surface_request(damage, &mut everything.clone());
        self.surface_request(op::SURFACE_COMMIT, &mut []);
        if self.throttle.load(Ordering::Acquire).is_null() {
            self.ask_callback(op::DISPLAY_SYNC, self.display_wrapper);
        }
        lib.flush(self.display.display);
        drop(present);
        drawable.refresh_size(None);
        Ok(())
    }

    fn surface_request(&self, opcode: u32, args: &mut [Arg]) {
        let lib = self.display.lib;
        let version = lib.version(self.surface);
        lib.request(self.surface, opcode, std::ptr::null(), version, 0, args);
    }

    /// Asks a `wl_callback` (`wl_surface.frame` or `wl_display.sync`) whose
    /// `done` clears [`WlWindow::throttle`].
    fn ask_callback(&self, opcode: u32, on: Proxy) {
        let lib = self.display.lib;
        let version = lib.version(on);
        if let Some(cb) = lib.request(
            on,
            opcode,
            lib.callback_interface,
            version,
            0,
            &mut [Arg { u: 0 }],
        ) {
            self.throttle.store(cb.as_ptr(), Ordering::Release);
            lib.add_listener(
                cb,
                CALLBACK_LISTENER.as_ptr().cast(),
                std::ptr::from_ref::<AtomicPtr<c_void>>(&self.throttle).cast(),
            );
        }
    }
}

impl NativeWindow for WlWindow {
    fn size(&self) -> Option<(u32, u32)> {
        self.window_size()
    }
}

impl Drop for WlWindow {
    fn drop(&mut self) {
        self.detach();
        lock(live()).remove(&(std::ptr::from_ref::<WlWindow>(self) as usize));
        let lib = self.display.lib;
        let cb = self.throttle.swap(std::ptr::null_mut(), Ordering::AcqRel);
        if let Some(cb) = Proxy::from_ptr(cb) {
            lib.destroy(cb);
        }
        let buffers = std::mem::take(&mut lock(&self.present).buffers);
        for b in buffers {
            self.destroy_buffer(b);
        }
        lib.flush(self.display.display);
        lib.destroy_wrapper(self.shm);
        lib.destroy_wrapper(self.display_wrapper);
        lib.destroy_wrapper(self.surface);
        lib.destroy_queue(self.queue);
    }
}

unsafe extern "C" fn resize_callback(window: *mut WlEglWindow, data: *mut c_void) {
    let Some(me) = lookup(data) else { return };
    if window.is_null() {
        return;
    }
    // SAFETY: libwayland-egl passes the window it just resized.
    let (dx, dy) = unsafe { ((*window).dx, (*window).dy) };
    me.dx.store(dx, Ordering::Release);
    me.dy.store(dy, Ordering::Release);
}

unsafe extern "C" fn destroy_window_callback(data: *mut c_void) {
    if let Some(me) = lookup(data) {
        *lock(&me.window) = None;
    }
}

unsafe extern "C" fn buffer_release(data: *mut c_void, _buffer: *mut c_void) {
    if data.is_null() {
        return;
    }
    // SAFETY: `data` is the buffer's `busy` flag, alive as long as its proxy.
    unsafe { &*(data as *const AtomicBool) }.store(false, Ordering::Release);
}

unsafe extern "C" fn callback_done(data: *mut c_void, callback: *mut c_void, _serial: u32) {
    if data.is_null() {
        return;
    }
    // SAFETY: `data` is the window's `throttle`, alive as long as the
    // callback proxy (the window destroys a pending one when dropped).
    let throttle = unsafe { &*(data as *const AtomicPtr<c_void>) };
    if throttle
        .compare_exchange(
            callback,
            std::ptr::null_mut(),
            Ordering::AcqRel,
            Ordering::Acquire,
        )
        .is_ok()
        && let (Some(lib), Some(cb)) = (super::client::lib(), Proxy::from_ptr(callback))
    {
        // The server destroyed the callback object with this event.
        lib.destroy(cb);
    }
}

/// `wl_buffer_listener`: release.
static BUFFER_LISTENER: Listener<1> = Listener([buffer_release as *const c_void]);

/// `wl_callback_listener`: done.
static CALLBACK_LISTENER: Listener<1> = Listener([callback_done as *const c_void]);
