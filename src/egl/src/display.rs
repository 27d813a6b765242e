//! EGL displays: one per (platform, native display, X screen), created by
//! `eglGetDisplay` / `eglGetPlatformDisplay` and never freed (as in Mesa, an
//! `EGLDisplay` stays valid for the life of the process).
//!
//! `eglInitialize` builds the display's [`Initialized`] state; calling it
//! again is no error and changes nothing, and one `eglTerminate` ends it
//! whatever the number of `eglInitialize` calls (Mesa's behaviour without
//! EGL_KHR_display_reference, which is not advertised). Contexts and
//! surfaces current in some thread when their display is terminated stay
//! usable there until released (EGL 1.5 §3.2): the current binding holds
//! them, the display's tables no longer do.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use oxgl_dri_interface::client::Screen as BackendScreen;
use oxgl_glapi::types::EGLint;
use oxgl_glx::config::{VisualKind, build_configs};
use oxgl_glx::context::GlxContext;
use oxgl_glx::display::{DisplayState, lock};
use oxgl_glx::xlib;

use crate::config::Config;
use crate::error::{BAD_ALLOC, Level, NOT_INITIALIZED, Result, log};
use crate::surface::Surface;
use crate::wayland::client::{Proxy, fourcc, lib as wl_lib, shm_format};
use crate::wayland::display::WlDisplay;

/// A platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// `EGL_PLATFORM_X11_KHR`: an Xlib `Display*`.
    X11,
    /// `EGL_PLATFORM_SURFACELESS_MESA`: no native display, pbuffers only.
    Surfaceless,
    /// `EGL_PLATFORM_DEVICE_EXT`: the software device, pbuffers only.
    Device,
    /// `EGL_PLATFORM_WAYLAND_KHR`: a `wl_display*` (or `$WAYLAND_DISPLAY`
    /// connected for `EGL_DEFAULT_DISPLAY`).
    Wayland,
    /// A platform Mesa knows and oxgl does not implement (`EGL_PLATFORM`'s
    /// name): as in a Mesa built without it, `eglGetDisplay` returns a
    /// display that `eglInitialize` fails to initialize.
    Unsupported(&'static str),
}

/// The one EGL device (EGL_EXT_device_enumeration): the software renderer.
/// Its handle is the address of this static.
pub static SOFTWARE_DEVICE: u8 = 0;

/// The `EGLDeviceEXT` handle of [`SOFTWARE_DEVICE`].
pub fn device_handle() -> usize {
    std::ptr::from_ref(&SOFTWARE_DEVICE) as usize
}

/// One EGL context.
pub struct EglContext {
    /// The GL context, shared with GLX's make-current path.
    pub glx: Arc<GlxContext>,
    /// Its config, or `None` (EGL_KHR_no_config_context).
    pub config: Option<Config>,
    /// `EGL_CONTEXT_CLIENT_TYPE`.
    pub api: EGLint,
    /// `EGL_CONTEXT_CLIENT_VERSION`: the major version asked for.
    pub client_version: EGLint,
    /// The display handle it belongs to.
    pub display: usize,
    /// Not made current yet: the first binding chooses the initial draw and
    /// read buffers (GL_FRONT for a pixmap, which has no back buffer in EGL).
    pub never_bound: std::sync::atomic::AtomicBool,
}

impl EglContext {
    /// Its `EGLContext` handle.
    pub fn handle(self: &Arc<Self>) -> usize {
        Arc::as_ptr(self) as usize
    }
}

/// The state of an initialized display.
pub struct Initialized {
    /// GLX's state for the X display (X11 platform).
    pub x11: Option<Arc<DisplayState>>,
    /// The Wayland connection state (Wayland platform).
    pub wayland: Option<Arc<WlDisplay>>,
    /// The backend screen everything renders on.
    pub screen: Arc<BackendScreen>,
    /// Configs, `EGL_CONFIG_ID` = index + 1.
    pub configs: Vec<Config>,
    /// Live surfaces by handle.
    pub surfaces: Mutex<HashMap<usize, Arc<Surface>>>,
    /// Live contexts by handle.
    pub contexts: Mutex<HashMap<usize, Arc<EglContext>>>,
    /// Live sync objects by handle (EGL 1.5 §3.8, EGL_KHR_fence_sync).
    pub syncs: Mutex<HashMap<usize, Arc<EglSync>>>,
}

/// A fence sync object. A fence is created signaled: creating it finishes
/// the current context's commands (swrast completes them on the calling
/// thread), which is when EGL_SYNC_PRIOR_COMMANDS_COMPLETE holds.
#[derive(Debug)]
pub struct EglSync {
    /// `EGL_SYNC_TYPE` (`EGL_SYNC_FENCE`).
    pub kind: i32,
}

impl EglSync {
    /// The `EGLSync` handle: the object's address.
    pub fn handle(self: &Arc<Self>) -> usize {
        Arc::as_ptr(self) as usize
    }
}

impl Initialized {
    /// The config an `EGLConfig` handle names.
    pub fn config(&self, handle: usize) -> Option<&Config> {
        let i = handle.checked_sub(1)?;
        self.configs.get(i)
    }

    /// A live surface.
    pub fn surface(&self, handle: usize) -> Option<Arc<Surface>> {
        lock(&self.surfaces).get(&handle).cloned()
    }

    /// A live context.
    pub fn context(&self, handle: usize) -> Option<Arc<EglContext>> {
        lock(&self.contexts).get(&handle).cloned()
    }
}

/// One `EGLDisplay`.
pub struct EglDisplay {
    /// Platform.
    pub platform: Platform,
    /// Native display (`Display*`, device handle, or 0).
    pub native: usize,
    /// X screen (`EGL_PLATFORM_X11_SCREEN_KHR`, else the default screen).
    pub x_screen: Option<i32>,
    /// Initialized state, `None` before `eglInitialize` and after `eglTerminate`.
    state: Mutex<Option<Arc<Initialized>>>,
    /// The `Display*` (X11) or `wl_display*` (Wayland) opened for
    /// `EGL_DEFAULT_DISPLAY` (kept open).
    opened: Mutex<usize>,
    /// The backend screen of a display without X, kept across terminate.
    screen: OnceLock<Option<Arc<BackendScreen>>>,
}

impl EglDisplay {
    /// Its `EGLDisplay` handle.
    pub fn handle(&'static self) -> usize {
        std::ptr::from_ref(self) as usize
    }

    /// The initialized state, or `EGL_NOT_INITIALIZED`. An X11 display whose
    /// `Display*` the application closed counts as terminated: its
    /// connection is gone (and the same address may be reused by a later
    /// `XOpenDisplay`, which then needs a new `eglInitialize`).
    pub fn state(&self) -> Result<Arc<Initialized>> {
        let mut state = lock(&self.state);
        if let Some(x) = state.as_ref().and_then(|s| s.x11.as_ref())
            && !oxgl_glx::display::is_open(x)
        {
            *state = None;
        }
        state.clone().ok_or(NOT_INITIALIZED)
    }

    /// `eglInitialize`.
    pub fn initialize(&'static self) -> Result<()> {
        let mut state = lock(&self.state);
        if state.is_some() {
            return Ok(());
        }
        let init = match self.platform {
            Platform::X11 => self.init_x11()?,
            Platform::Surfaceless | Platform::Device => self.init_headless()?,
            Platform::Wayland => self.init_wayland()?,
            Platform::Unsupported(name) => {
                log(
                    Level::Warning,
                    &format!("the {name} platform is not supported by oxgl"),
                );
                return Err(NOT_INITIALIZED);
            }
        };
        log(
            Level::Info,
            &format!(
                "initialized {:?} display with {} configs",
                self.platform,
                init.configs.len()
            ),
        );
        *state = Some(Arc::new(init));
        Ok(())
    }

    fn init_x11(&self) -> Result<Initialized> {
        let mut dpy = self.native;
        if dpy == 0 {
            let mut opened = lock(&self.opened);
            if *opened == 0 {
                // SAFETY: XOpenDisplay(NULL) opens $DISPLAY; null if it cannot.
                #[allow(unsafe_code, reason = "Xlib call")]
                let p = unsafe { xlib::XOpenDisplay(std::ptr::null()) };
                if p.is_null() {
                    log(
                        Level::Warning,
                        "X11: cannot open the default display ($DISPLAY)",
                    );
                    return Err(NOT_INITIALIZED);
                }
                *opened = p as usize;
            }
            dpy = *opened;
        }
        let Some(x) = oxgl_glx::display::display(dpy as *mut xlib::Display) else {
            log(Level::Warning, "oxgl: cannot use the X display");
            return Err(NOT_INITIALIZED);
        };
        let screen = match self.x_screen {
            Some(s) => s,
            // SAFETY: `dpy` is an open Display (the application's or ours).
            #[allow(unsafe_code, reason = "Xlib call")]
            None => unsafe { xlib::XDefaultScreen(dpy as *mut xlib::Display) },
        };
        if screen < 0 || screen as usize >= x.screen_count() {
            return Err(NOT_INITIALIZED);
        }
        let glx: Vec<_> = x
            .configs
            .iter()
            .filter(|c| c.screen == screen)
            .cloned()
            .collect();
        Ok(Initialized {
            screen: x.backend_screen.clone(),
            configs: Config::from_glx(&glx, true),
            x11: Some(x),
            wayland: None,
            surfaces: Mutex::new(HashMap::new()),
            contexts: Mutex::new(HashMap::new()),
            syncs: Mutex::new(HashMap::new()),
        })
    }

    /// The backend screen of a display without X (made once, kept across
    /// terminate).
    fn own_screen(&self) -> Result<Arc<BackendScreen>> {
        self.screen
            .get_or_init(|| oxgl_glx::display::create_backend_screen().map(Arc::new))
            .clone()
            .ok_or(NOT_INITIALIZED)
    }

    fn init_wayland(&self) -> Result<Initialized> {
        let mut native = self.native;
        if native == 0 {
            let mut opened = lock(&self.opened);
            if *opened == 0 {
                let Some(d) = wl_lib()
                    .filter(|_| wayland_socket_named())
                    .and_then(|l| l.connect())
                else {
                    // Silent at the default level, as Mesa (eglinfo tries
                    // every platform).
                    log(
                        Level::Info,
                        "wayland: cannot connect to the compositor ($WAYLAND_DISPLAY)",
                    );
                    return Err(NOT_INITIALIZED);
                };
                *opened = d.as_ptr() as usize;
            }
            native = *opened;
        }
        let display = Proxy::from_ptr(native as *mut std::ffi::c_void).ok_or(NOT_INITIALIZED)?;
        let wl = WlDisplay::new(display)?;
        let screen = self.own_screen()?;
        // XRGB8888 and ARGB8888 (the backend's two layouts), with the DRM
        // fourcc as the native visual id.
        let mut kinds = Vec::new();
        if wl.has_format(shm_format::XRGB8888) {
            kinds.push(VisualKind {
                visual_id: fourcc::XRGB8888,
                depth: 24,
            });
        }
        if wl.has_format(shm_format::ARGB8888) {
            kinds.push(VisualKind {
                visual_id: fourcc::ARGB8888,
                depth: 32,
            });
        }
        Ok(Initialized {
            x11: None,
            wayland: Some(Arc::new(wl)),
            screen,
            configs: Config::for_wayland(&build_configs(0, &kinds, 1)),
            surfaces: Mutex::new(HashMap::new()),
            contexts: Mutex::new(HashMap::new()),
            syncs: Mutex::new(HashMap::new()),
        })
    }

    fn init_headless(&self) -> Result<Initialized> {
        let screen = self.own_screen()?;
        // The two colour layouts the backend renders (XRGB and ARGB, 8 bits a
        // channel), with no visual behind them.
        let kinds = [
            VisualKind {
                visual_id: 0,
                depth: 24,
            },
            VisualKind {
                visual_id: 0,
                depth: 32,
            },
        ];
        Ok(Initialized {
            x11: None,
            wayland: None,
            screen,
            configs: Config::from_glx(&build_configs(0, &kinds, 1), false),
            surfaces: Mutex::new(HashMap::new()),
            contexts: Mutex::new(HashMap::new()),
            syncs: Mutex::new(HashMap::new()),
        })
    }

    /// `eglTerminate`: forgets every context and surface (those current in a
    /// thread live on in that binding until released).
    pub fn terminate(&self) {
        let old = lock(&self.state).take();
        drop(old);
    }
}

/// Whether `wl_display_connect(NULL)` has a socket to try: `WAYLAND_SOCKET`,
/// an absolute `WAYLAND_DISPLAY`, or `XDG_RUNTIME_DIR` for a relative one
/// (`wayland-0` by default). Without, libwayland-client would print
/// "error: XDG_RUNTIME_DIR is invalid or not set" (eglinfo tries every
/// platform, also where there is no compositor).
fn wayland_socket_named() -> bool {
    let set = |v: &str| std::env::var_os(v).is_some_and(|s| !s.is_empty());
    set("WAYLAND_SOCKET")
        || std::env::var("WAYLAND_DISPLAY").is_ok_and(|d| d.starts_with('/'))
        || set("XDG_RUNTIME_DIR")
}

fn registry() -> &'static Mutex<Vec<&'static EglDisplay>> {
    static R: OnceLock<Mutex<Vec<&'static EglDisplay>>> = OnceLock::new();
    R.get_or_init(|| Mutex::new(Vec::new()))
}

/// The display for (platform, native, screen): the existing one, or a new one.
pub fn get(
    platform: Platform,
    native: usize,
    x_screen: Option<i32>,
) -> Result<&'static EglDisplay> {
    let mut reg = lock(registry());
    if let Some(d) = reg
        .iter()
        .find(|d| d.platform == platform && d.native == native && d.x_screen == x_screen)
    {
        return Ok(d);
    }
    if reg.len() >= 4096 {
        return Err(BAD_ALLOC);
    }
    let d: &'static EglDisplay = Box::leak(Box::new(EglDisplay {
        platform,
        native,
        x_screen,
        state: Mutex::new(None),
        opened: Mutex::new(0),
        screen: OnceLock::new(),
    }));
    reg.push(d);
    Ok(d)
}

/// The display an `EGLDisplay` handle names, if any.
pub fn lookup(handle: usize) -> Option<&'static EglDisplay> {
    lock(registry())
        .iter()
        .find(|d| d.handle() == handle)
        .copied()
}
