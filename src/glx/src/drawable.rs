//! GLX drawables: an X window or pixmap (or a pbuffer, which has no X
//! resource) and the backend storage we render into, plus presentation.
//!
//! Presentation copies a colour buffer to the X drawable with MIT-SHM
//! `ShmPutImage` when the server has it (one copy into a shared segment, no
//! socket traffic; NOTES.md measured 4-9x the frame rate of `PutImage`), else
//! with `PutImage`, split into strips that fit the server's maximum request
//! size. `OXGL_NO_SHM=1` forces the fallback. The storage
//! layout (B, G, R, A bytes, top row first) is what a little-endian server
//! expects for depth 24/32 ZPixmap images; for a big-endian server each pixel
//! is byte-swapped first.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use oxgl_dri_interface::OxglBuffer;
use oxgl_dri_interface::client::{Drawable as BackendDrawable, Screen as BackendScreen};
use x11rb::connection::{Connection, RequestConnection};
use x11rb::protocol::shm::ConnectionExt as _;
use x11rb::protocol::xproto::{ConnectionExt as _, CreateGCAux, ImageFormat};

use crate::config::Config;
use crate::display::{DisplayState, geometry, lock};
use crate::shm::Segment;

/// What kind of X object a GLX drawable is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An X window (used directly, or through `glXCreateWindow`).
    Window,
    /// An X pixmap (`glXCreateGLXPixmap` / `glXCreatePixmap`).
    Pixmap,
    /// A pbuffer: no X resource.
    Pbuffer,
}

/// One GLX drawable.
pub struct GlxDrawable {
    /// XID the application uses.
    pub xid: u32,
    /// The X drawable presented to (same as `xid` except for pbuffers, which have none).
    pub x_target: Option<u32>,
    /// Kind.
    pub kind: Kind,
    /// Its config.
    pub config: Config,
    /// Backend storage.
    pub backend: Arc<BackendDrawable>,
    /// Current size of the storage.
    pub size: Mutex<(u32, u32)>,
    /// X depth of the target drawable.
    pub depth: u8,
    /// Graphics context used to present, created on first present.
    gc: Mutex<Option<u32>>,
    /// Swap interval (GLX_EXT_swap_control); 0 = unthrottled.
    pub swap_interval: AtomicI32,
    last_swap: Mutex<Option<Instant>>,
    shm: Mutex<ShmState>,
    /// Created by `glXCreateWindow`/`glXCreatePixmap`/`glXCreatePbuffer`
    /// (explicit GLX 1.3 drawable) rather than implicitly by make-current.
    pub explicit: bool,
    /// The window of another window system behind the storage (EGL's
    /// Wayland platform), where its size comes from instead of the X server.
    native: std::sync::OnceLock<Arc<dyn NativeWindow>>,
}

/// A window that is not an X window (a Wayland `wl_egl_window`): the storage
/// follows its size at the moments an X window's is checked (make-current,
/// `glViewport`, a size query), and after each swap.
pub trait NativeWindow: Send + Sync {
    /// The window's size now; `None` once the window is gone.
    fn size(&self) -> Option<(u32, u32)>;
}

/// MIT-SHM presentation state of a drawable.
#[derive(Default)]
struct ShmState {
    /// The segment and the server's id for it.
    segment: Option<(Segment, u32)>,
    /// A `ShmPutImage` from this segment may still be read by the server.
    pending: bool,
    /// MIT-SHM failed once for this drawable (e.g. a remote server): use PutImage.
    broken: bool,
}

/// The refresh period swap intervals count in. An X server without a display
/// (Xvfb) has no vertical blank; 60 Hz is what applications assume.
const REFRESH: Duration = Duration::from_nanos(16_666_667);

impl GlxDrawable {
    /// Creates backend storage on `screen` for a drawable of `width` x `height`.
    pub fn new(
        screen: &BackendScreen,
        xid: u32,
        kind: Kind,
        config: &Config,
        size: (u32, u32),
        depth: u8,
        explicit: bool,
    ) -> Option<GlxDrawable> {
        let backend =
            screen.create_drawable(&config.drawable_desc(size.0.max(1), size.1.max(1)))?;
        Some(GlxDrawable {
            xid,
            x_target: (kind != Kind::Pbuffer).then_some(xid),
            kind,
            config: config.clone(),
            backend: Arc::new(backend),
            size: Mutex::new((size.0.max(1), size.1.max(1))),
            depth,
            gc: Mutex::new(None),
            swap_interval: AtomicI32::new(0),
            last_swap: Mutex::new(None),
            shm: Mutex::new(ShmState::default()),
            explicit,
            native: std::sync::OnceLock::new(),
        })
    }

    /// Current size.
    pub fn size(&self) -> (u32, u32) {
        *lock(&self.size)
    }

    /// Asks the server for the window's size and resizes the storage to it.
    /// Pixmaps and pbuffers never change size.
    pub fn update_size(&self, d: &DisplayState) {
        if self.kind != Kind::Window {
            return;
        }
        if let Some((w, h, _)) = geometry(d, self.xid) {
            self.resize(w, h);
        }
    }

    /// Resizes the storage to `w` x `h` (at least 1x1) if it has another size.
    pub fn resize(&self, w: u32, h: u32) {
        let mut size = lock(&self.size);
        if *size != (w.max(1), h.max(1)) {
            let _ = self.backend.resize(w.max(1), h.max(1));
            *size = (w.max(1), h.max(1));
        }
    }

    /// Puts a non-X window behind this drawable (once).
    pub fn set_native(&self, window: Arc<dyn NativeWindow>) {
        let _ = self.native.set(window);
    }

    /// Follows the window's size: the native window's when there is one,
    /// else the X server's (when `d` is given).
    pub fn refresh_size(&self, d: Option<&DisplayState>) {
        if let Some(n) = self.native.get() {
            if let Some((w, h)) = n.size() {
                self.resize(w, h);
            }
        } else if let Some(d) = d {
            self.update_size(d);
        }
    }

    fn gc(&self, d: &DisplayState, target: u32) -> Option<u32> {
        let mut gc = lock(&self.gc);
        if let Some(g) = *gc {
            return Some(g);
        }
        let id = d.conn.generate_id().ok()?;
        d.conn
            .create_gc(id, target, &CreateGCAux::new().graphics_exposures(0))
            .ok()?
            .ignore_error();
        *gc = Some(id);
        Some(id)
    }

    /// Copies `buffer` to the X drawable.
    pub fn present(&self, d: &DisplayState, buffer: OxglBuffer) {
        let Some(target) = self.x_target else {
            return;
        };
        self.present_to(d, buffer, target);
    }

    /// Copies `buffer` to the X drawable `target`, which has this drawable's
    /// depth and screen (`eglCopyBuffers` copies to a pixmap of the
    /// application's).
    pub fn present_to(&self, d: &DisplayState, buffer: OxglBuffer, target: u32) {
        let Some(gc) = self.gc(d, target) else {
            return;
        };
        let Some(map) = self.backend.map(buffer) else {
            return;
        };
        if d.has_shm && !shm_disabled() && self.present_shm(d, target, gc, &map) {
            drop(map);
            let _ = d.conn.flush();
            return;
        }
        let (w, h) = (map.width as usize, map.height as usize);
        let row_bytes = w * 4;
        // Leave room for the request header; BIG-REQUESTS raises the limit.
        let max = d
            .conn
            .maximum_request_bytes()
            .saturating_sub(64)
            .max(row_bytes);
        let rows_per_strip = (max / row_bytes).clamp(1, h.max(1));
        let mut strip = Vec::with_capacity(rows_per_strip * row_bytes);
        let mut y = 0;
        while y < h {
            let n = rows_per_strip.min(h - y);
            strip.clear();
            for r in y..y + n {
                strip.extend_from_slice(map.row_from_top(r as u32));
            }
            if !d.lsb_first {
                for px in strip.chunks_exact_mut(4) {
                    px.reverse();
                }
            }
            if let Ok(cookie) = d.conn.put_image(
                ImageFormat::Z_PIXMAP,
                target,
                gc,
                w.min(u16::MAX as usize) as u16,
                n as u16,
                0,
                y as i16,
                0,
                self.depth,
                &strip,
            ) {
                cookie.ignore_error();
            }
            y += n;
        }
        drop(map);
        let _ = d.conn.flush();
    }

    /// Presents through MIT-SHM; false when it cannot (then PutImage is used).
    fn present_shm(
        &self,
        d: &DisplayState,
        target: u32,
        gc: u32,
        map: &oxgl_dri_interface::client::Mapped<'_>,
    ) -> bool {
        let mut shm = lock(&self.shm);
        if shm.broken {
            return false;
        }
        let (w, h) = (map.width as usize, map.height as usize);
        let row_bytes = w * 4;
        let size = row_bytes * h;
        if w > u16::MAX as usize || h > u16::MAX as usize {
            return false;
        }
        // Wait for the server to finish reading the previous image before
        // overwriting the segment (one round trip, usually already answered).
        if shm.pending {
            if let Ok(c) = d.conn.get_input_focus() {
                let _ = c.reply();
            }
            shm.pending = false;
        }
        if shm.segment.as_ref().is_none_or(|(s, _)| s.size() < size) {
            if let Some((_, old)) = shm.segment.take()
                && let Ok(c) = d.conn.shm_detach(old)
            {
                c.ignore_error();
            }
            let Some(seg) = Segment::new(size.max(4096)) else {
                shm.broken = true;
                return false;
            };
            let Ok(xid) = d.conn.generate_id() else {
                shm.broken = true;
                return false;
            };
            let attached = d
                .conn
                .shm_attach(xid, seg.shmid(), true)
                .ok()
                .map(|c| c.check());
            seg.mark_removed();
            if !matches!(attached, Some(Ok(()))) {
                oxgl_util::log!(
                    oxgl_util::log::Level::Info,
                    "MIT-SHM attach failed: presenting with PutImage"
                );
                shm.broken = true;
                return false;
            }
            shm.segment = Some((seg, xid));
        }
        let Some((seg, xid)) = shm.segment.as_mut() else {
            return false;
        };
        let xid = *xid;
        let bytes = seg.bytes_mut();
        for y in 0..h {
            let dst = &mut bytes[y * row_bytes..(y + 1) * row_bytes];
            dst.copy_from_slice(map.row_from_top(y as u32));
            if !d.lsb_first {
                for px in dst.chunks_exact_mut(4) {
                    px.reverse();
                }
            }
        }
        let put = d.conn.shm_put_image(
            target,
            gc,
            w as u16,
            h as u16,
            0,
            0,
            w as u16,
            h as u16,
            0,
            0,
            self.depth,
            ImageFormat::Z_PIXMAP.into(),
            false,
            xid,
            0,
        );
        match put {
            Ok(c) => {
                c.ignore_error();
                shm.pending = true;
                true
            }
            Err(_) => false,
        }
    }

    /// `glXSwapBuffers`: exchange the buffers, show the new front, and pace
    /// to the swap interval.
    pub fn swap(&self, d: &DisplayState) {
        if !self.config.double_buffered {
            return;
        }
        let _ = self.backend.swap();
        self.present(d, OxglBuffer::FrontColor);
        let interval = self.swap_interval.load(Ordering::Relaxed);
        if interval > 0 {
            let mut last = lock(&self.last_swap);
            if let Some(prev) = *last {
                let due = prev + REFRESH * interval as u32;
                let now = Instant::now();
                if due > now {
                    std::thread::sleep(due - now);
                }
            }
            *last = Some(Instant::now());
        }
    }

    /// Frees the presentation GC and shared-memory segment.
    pub fn release_x_resources(&self, d: &DisplayState) {
        let segment = lock(&self.shm).segment.take();
        if let Some((_, xid)) = segment
            && let Ok(c) = d.conn.shm_detach(xid)
        {
            c.ignore_error();
        }
        let gc = lock(&self.gc).take();
        if let Some(gc) = gc
            && let Ok(c) = d.conn.free_gc(gc)
        {
            c.ignore_error();
        }
    }
}

fn shm_disabled() -> bool {
    static OFF: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *OFF.get_or_init(|| oxgl_util::env::bool_var("OXGL_NO_SHM", false))
}
