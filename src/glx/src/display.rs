//! Per-`Display*` state: the x11rb connection under the application's Xlib
//! Display, the server facts GLX needs, the configs of every screen, the
//! backend screen, and the GLX drawables known on this display.

use std::collections::HashMap;
use std::ffi::{CStr, c_int};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use oxgl_dri_interface::OxglScreenDesc;
use oxgl_dri_interface::client::{Backend, Screen as BackendScreen};
use oxgl_util::log::Level;
use x11rb::connection::{Connection, RequestConnection};
use x11rb::protocol::xproto::{ConnectionExt as _, ImageOrder, VisualClass};
use x11rb::xcb_ffi::XCBConnection;

use crate::config::{Config, VisualKind, build_configs};
use crate::drawable::GlxDrawable;
use crate::xlib;

/// What GLX knows about one Display.
pub struct DisplayState {
    /// The application's `Display*`, as an address.
    pub dpy: usize,
    /// x11rb over the Display's XCB connection (not owned: never disconnected).
    pub conn: XCBConnection,
    /// Configs of all screens, in id order. Never modified after creation, so
    /// `GLXFBConfig` handles can point into it.
    pub configs: Vec<Config>,
    /// The server's GLX major opcode, or 0 when it has no GLX extension.
    pub glx_major_opcode: u8,
    /// The server's GLX first error code, or without a server GLX extension
    /// the base we chose above the server's extensions (`free_error_base`).
    pub glx_first_error: u8,
    /// The server's GLX first event.
    pub glx_first_event: u8,
    /// The server stores images least significant byte first.
    pub lsb_first: bool,
    /// The server has MIT-SHM.
    pub has_shm: bool,
    /// Backend screen used by every context and drawable of this display.
    pub backend_screen: Arc<BackendScreen>,
    /// GLX drawables by XID (windows used directly, GLX windows/pixmaps, pbuffers).
    pub drawables: Mutex<HashMap<u32, Arc<GlxDrawable>>>,
    /// `XVisualInfo*` returned by `glXChooseVisual` / `glXGetVisualFromFBConfig`
    /// -> the config it stands for (Mesa's fake GLX keeps the same map).
    pub chosen_visuals: Mutex<HashMap<u32, i32>>,
}

/// Locks a mutex, surviving poisoning (a panic is already reported at the boundary).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl DisplayState {
    /// The config with `GLX_FBCONFIG_ID` `id`.
    pub fn config_by_id(&self, id: i32) -> Option<&Config> {
        self.configs.iter().find(|c| c.id == id)
    }

    /// Validates a `GLXFBConfig` handle (a pointer into `configs`).
    pub fn config_from_handle(&self, handle: usize) -> Option<&Config> {
        self.configs
            .iter()
            .find(|c| std::ptr::from_ref(*c) as usize == handle)
    }

    /// The handle of a config.
    pub fn handle_of(&self, config: &Config) -> usize {
        std::ptr::from_ref(config) as usize
    }

    /// The config a visual stands for: the one `glXChooseVisual` returned it for,
    /// else the richest config of that visual.
    pub fn config_for_visual(&self, visual_id: u32) -> Option<&Config> {
        if let Some(&id) = lock(&self.chosen_visuals).get(&visual_id) {
            return self.config_by_id(id);
        }
        self.configs.iter().find(|c| c.visual_id == visual_id)
    }

    /// Number of X screens.
    pub fn screen_count(&self) -> usize {
        self.conn.setup().roots.len()
    }
}

struct Registry {
    displays: Vec<Arc<DisplayState>>,
}

fn registry() -> &'static Mutex<Registry> {
    static R: OnceLock<Mutex<Registry>> = OnceLock::new();
    R.get_or_init(|| {
        Mutex::new(Registry {
            displays: Vec::new(),
        })
    })
}

/// The process's backend, chosen once by the loader (installed by libGL).
static BACKEND: OnceLock<fn() -> Backend> = OnceLock::new();

/// Installs the function that loads the backend (called by `libGL.so.1`).
pub fn set_backend_provider(f: fn() -> Backend) {
    let _ = BACKEND.set(f);
}

fn num_threads() -> i32 {
    oxgl_util::env::non_empty("OXGL_NUM_THREADS")
        .and_then(|v| v.parse::<i32>().ok())
        .filter(|&n| n >= 0)
        .unwrap_or(-1)
}

/// A new screen of the process's backend (one per X display; EGL displays
/// without an X server take one each too). `None` before libGL installed the
/// backend provider, or when the backend refuses.
pub fn create_backend_screen() -> Option<BackendScreen> {
    let backend = (BACKEND.get()?)();
    let desc = OxglScreenDesc {
        fd: -1,
        pci_vendor: 0,
        pci_device: 0,
        num_threads: num_threads(),
    };
    let screen = backend.create_screen(&desc);
    if screen.is_none() {
        oxgl_util::log!(
            Level::Warning,
            "backend {} failed to create a screen",
            backend.name()
        );
    }
    screen
}

/// The state of `dpy`, created on first use. `None` if `dpy` is null or its
/// connection cannot be wrapped.
#[allow(
    clippy::not_unsafe_ptr_arg_deref,
    reason = "every GLX entry point receives the application's Display; GLX 1.4 makes it the caller's duty to pass an open one"
)]
pub fn display(dpy: *mut xlib::Display) -> Option<Arc<DisplayState>> {
    if dpy.is_null() {
        return None;
    }
    let key = dpy as usize;
    let mut reg = lock(registry());
    if let Some(d) = reg.displays.iter().find(|d| d.dpy == key) {
        return Some(d.clone());
    }
    let state = Arc::new(open(dpy)?);
    reg.displays.push(state.clone());
    drop(reg);
    // SAFETY: `dpy` is the application's open Display (non-null, checked above).
    #[allow(unsafe_code, reason = "Xlib call on the application's Display")]
    unsafe {
        xlib::register_hooks(dpy, forget_display, glx_error_name)
    };
    Some(state)
}

/// Whether `d` is still the state of an open display (the application has
/// not closed it since: the close hook forgets closed displays).
pub fn is_open(d: &Arc<DisplayState>) -> bool {
    lock(registry()).displays.iter().any(|x| Arc::ptr_eq(x, d))
}

/// The GLX errors, in protocol order (offsets from the first error), named as
/// Mesa's `__glXErrorString` names them.
const GLX_ERROR_NAMES: [&CStr; 14] = [
    c"GLXBadContext",
    c"GLXBadContextState",
    c"GLXBadDrawable",
    c"GLXBadPixmap",
    c"GLXBadContextTag",
    c"GLXBadCurrentWindow",
    c"GLXBadRenderRequest",
    c"GLXBadLargeRequest",
    c"GLXUnsupportedPrivateRequest",
    c"GLXBadFBConfig",
    c"GLXBadPbuffer",
    c"GLXBadCurrentDrawable",
    c"GLXBadWindow",
    c"GLXBadProfileARB",
];

/// Names `code` when it is one of the GLX errors of display `dpy`
/// (`XGetErrorText` through the extension hook).
fn glx_error_name(dpy: usize, code: c_int) -> Option<(u8, &'static CStr)> {
    let first = {
        let reg = lock(registry());
        reg.displays.iter().find(|d| d.dpy == dpy)?.glx_first_error
    };
    let n = u8::try_from(code.checked_sub(c_int::from(first))?).ok()?;
    GLX_ERROR_NAMES.get(usize::from(n)).map(|name| (n, *name))
}

/// Room left above the highest error base the server reports: that
/// extension's own errors come first. More than any extension defines
/// (GLX's 14 are the most).
const ERROR_ROOM: u8 = 16;

/// The GLX error base to use on a server without a GLX extension. Error
/// codes are one byte and every server extension owns the codes from its
/// first error up to the next extension's; a base of 0 would make
/// GLXBadContext read as Success. So GLX gets the codes [`ERROR_ROOM`] above
/// the highest first error the server reports (ListExtensions, then
/// QueryExtension for each, pipelined), where no server error can fall; if
/// that does not leave room for the 14 GLX errors below 256, the last 14
/// codes (a collision then is possible but unlikely).
fn free_error_base(conn: &XCBConnection) -> u8 {
    let names = match conn.list_extensions().map(|c| c.reply()) {
        Ok(Ok(reply)) => reply.names,
        _ => Vec::new(),
    };
    let cookies: Vec<_> = names
        .iter()
        .filter_map(|n| conn.query_extension(&n.name).ok())
        .collect();
    // Codes below 128 belong to the core protocol.
    let highest = cookies
        .into_iter()
        .filter_map(|cookie| cookie.reply().ok())
        .filter(|reply| reply.present)
        .map(|reply| reply.first_error)
        .max()
        .unwrap_or(127)
        .max(127);
    let last_base = (256 - GLX_ERROR_NAMES.len()) as u8;
    highest.saturating_add(ERROR_ROOM).min(last_base)
}

/// Drops the state of a display the application is closing.
fn forget_display(dpy: usize) {
    let removed: Vec<Arc<DisplayState>> = {
        let mut reg = lock(registry());
        let (gone, keep) = reg.displays.drain(..).partition(|d| d.dpy == dpy);
        reg.displays = keep;
        gone
    };
    drop(removed);
}

fn open(dpy: *mut xlib::Display) -> Option<DisplayState> {
    // SAFETY: `dpy` is the application's open Display.
    #[allow(unsafe_code, reason = "Xlib call on the application's Display")]
    let conn = unsafe { xlib::xcb_connection(dpy) }?;
    let setup = conn.setup();
    let lsb_first = setup.image_byte_order == ImageOrder::LSB_FIRST;
    let mut configs = Vec::new();
    for (screen, root) in setup.roots.iter().enumerate() {
        let mut kinds: Vec<VisualKind> = Vec::new();
        for depth in &root.allowed_depths {
            if depth.depth != 24 && depth.depth != 32 {
                continue;
            }
            for v in &depth.visuals {
                let eight_bits = v.bits_per_rgb_value == 8
                    && v.red_mask == 0xff0000
                    && v.green_mask == 0xff00
                    && v.blue_mask == 0xff;
                if v.class == VisualClass::TRUE_COLOR
                    && eight_bits
                    && !kinds.iter().any(|k| k.depth == depth.depth)
                {
                    kinds.push(VisualKind {
                        visual_id: v.visual_id,
                        depth: depth.depth,
                    });
                }
            }
        }
        let first = configs.len() as i32 + 1;
        configs.extend(build_configs(screen as i32, &kinds, first));
    }
    let (glx_major_opcode, glx_first_event, glx_first_error) =
        match conn.extension_information("GLX") {
            Ok(Some(info)) => (info.major_opcode, info.first_event, info.first_error),
            _ => (0, 0, free_error_base(&conn)),
        };
    let has_shm = matches!(conn.extension_information("MIT-SHM"), Ok(Some(_)));
    let backend_screen = create_backend_screen()?;
    // Keep the socket moving: our requests interleave with Xlib's.
    let _ = conn.flush();
    Some(DisplayState {
        dpy: dpy as usize,
        conn,
        configs,
        glx_major_opcode,
        glx_first_error,
        glx_first_event,
        lsb_first,
        has_shm,
        backend_screen: Arc::new(backend_screen),
        drawables: Mutex::new(HashMap::new()),
        chosen_visuals: Mutex::new(HashMap::new()),
    })
}

/// Size and depth of an X drawable, or `None` if it does not exist.
pub fn geometry(d: &DisplayState, xid: u32) -> Option<(u32, u32, u8)> {
    let reply = d.conn.get_geometry(xid).ok()?.reply().ok()?;
    Some((u32::from(reply.width), u32::from(reply.height), reply.depth))
}
