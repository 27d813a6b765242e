//! GLX contexts, the per-thread current binding, and make-current.
//!
//! A context is current in at most one thread (GLX 1.4 §3.3.7: BadAccess
//! otherwise). `glXDestroyContext` of a context that is current (in any
//! thread) only marks it destroyed: it stays registered, and every GLX call
//! still accepts its handle, until the thread it is current in releases it;
//! then it is forgotten (GLX 1.4 §3.3.7, "it is not destroyed until it is no
//! longer current"; Mesa sets the context's XID to None and frees it on
//! unbind, libglvnd keeps its handle mapping alive while it is current).
//! Destroying it again meanwhile is no error.
//!
//! Its GL state ([`oxgl_core::Context`]) is touched only by the thread it is
//! current in, or by GLX while it is current nowhere (under the binding
//! lock); that rule is what makes the `UnsafeCell` below sound.
#![allow(
    unsafe_code,
    reason = "GL state shared with the TLS dispatch under the one-thread rule"
)]

use std::cell::{RefCell, UnsafeCell};
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::ThreadId;

use oxgl_core::{Context as CoreContext, WindowSystemHooks};
use oxgl_dri_interface::OxglBuffer;
use oxgl_glapi::Dispatch;

use crate::config::Config;
use crate::display::{DisplayState, lock};
use crate::drawable::GlxDrawable;

/// Where a context is bound.
#[derive(Default)]
pub struct Binding {
    /// Thread it is current in.
    pub thread: Option<ThreadId>,
    /// Draw drawable while current.
    pub draw: Option<Arc<GlxDrawable>>,
    /// Read drawable while current.
    pub read: Option<Arc<GlxDrawable>>,
}

/// One GLX context (`GLXContext` points at it).
pub struct GlxContext {
    /// X display it was created on; `None` for an EGL context of a display
    /// with no X server behind it (surfaceless and device platforms).
    pub display: Option<Arc<DisplayState>>,
    /// Its config.
    pub config: Config,
    /// `GLX_RENDER_TYPE` it was created with.
    pub render_type: i32,
    /// `GLX_CONTEXT_ID_EXT` / `GLX_FBCONFIG_ID`-style identity.
    pub id: u32,
    /// The dispatch table made current with it.
    pub dispatch: &'static Dispatch,
    /// Where it is bound.
    pub binding: Mutex<Binding>,
    /// Its share group (readable whatever thread the context is current in).
    pub shared: Arc<oxgl_core::shared::Shared>,
    /// `glXDestroyContext` was called while it was current: it is forgotten
    /// when released.
    destroyed: AtomicBool,
    core: UnsafeCell<CoreContext>,
}

// SAFETY: `core` is only accessed by the one thread the context is current in
// (through the TLS pointer) or under `binding` while it is current nowhere.
unsafe impl Sync for GlxContext {}
// SAFETY: as above; every other field is Send.
unsafe impl Send for GlxContext {}

impl GlxContext {
    /// Creates a context record.
    pub fn new(
        display: Option<Arc<DisplayState>>,
        config: Config,
        render_type: i32,
        dispatch: &'static Dispatch,
        core: CoreContext,
    ) -> Arc<GlxContext> {
        static NEXT_ID: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
        let shared = core.shared().clone();
        Arc::new(GlxContext {
            display,
            config,
            render_type,
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            dispatch,
            binding: Mutex::new(Binding::default()),
            shared,
            destroyed: AtomicBool::new(false),
            core: UnsafeCell::new(core),
        })
    }

    /// Runs `f` on the GL state when the context is current nowhere, or
    /// current in the calling thread (the caller holds no other reference).
    pub fn with_core<R>(&self, f: impl FnOnce(&mut CoreContext) -> R) -> Option<R> {
        let binding = lock(&self.binding);
        let here = std::thread::current().id();
        if binding.thread.is_some_and(|t| t != here) {
            return None;
        }
        // SAFETY: not current in another thread, and the binding lock is held,
        // so no other thread can make it current meanwhile; GL calls on this
        // thread are not running (we are inside a GLX call).
        Some(f(unsafe { &mut *self.core.get() }))
    }

    /// The handle the application sees.
    pub fn handle(self: &Arc<Self>) -> usize {
        Arc::as_ptr(self) as usize
    }

    /// `glXDestroyContext` was called on it (it is still current somewhere).
    pub fn is_destroyed(&self) -> bool {
        self.destroyed.load(Ordering::Acquire)
    }
}

/// What a new context is, once the window-system API validated the request.
#[derive(Clone, Copy, Debug)]
pub struct ContextSpec {
    /// Profile.
    pub profile: oxgl_core::Profile,
    /// Version it reports.
    pub version: (u8, u8),
    /// Backend API.
    pub api: oxgl_dri_interface::OxglApi,
    /// Context flags: debug 0x1, forward-compatible 0x2 (GLX_ARB_create_context
    /// and EGL_KHR_create_context give these bits the same values), and
    /// [`NO_ERROR_FLAG`].
    pub flags: u32,
    /// `GLX_RENDER_TYPE` (EGL: `GLX_RGBA_TYPE`).
    pub render_type: i32,
}

/// [`ContextSpec::flags`]: a no-error context (EGL_KHR_create_context_no_error;
/// `GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR` in `GL_CONTEXT_FLAGS`).
pub const NO_ERROR_FLAG: u32 = 0x8;

/// Creates a context on `screen` (GLX and EGL share this path): the backend
/// context, the core state sized from `config`, the share group. `None`
/// when the backend refuses.
pub fn create(
    display: Option<Arc<DisplayState>>,
    screen: &oxgl_dri_interface::client::Screen,
    config: &Config,
    share_group: Option<Arc<oxgl_core::shared::Shared>>,
    spec: ContextSpec,
    dispatch: &'static Dispatch,
) -> Option<Arc<GlxContext>> {
    let desc = oxgl_dri_interface::OxglContextDesc {
        api: spec.api,
        major: u32::from(spec.version.0),
        minor: u32::from(spec.version.1),
        flags: spec.flags,
        share: std::ptr::null_mut(),
    };
    let backend_ctx = screen.create_context(&desc, None)?;
    // GL_CONTEXT_FLAGS: debug 0x2, forward compatible 0x1 (GL 4.6 table 22.x).
    let mut gl_flags = 0;
    if spec.flags & 0x1 != 0 {
        gl_flags |= 0x2;
    }
    if spec.flags & 0x2 != 0 {
        gl_flags |= 0x1;
    }
    gl_flags |= spec.flags & NO_ERROR_FLAG;
    let params = oxgl_core::ContextParams {
        profile: spec.profile,
        version: spec.version,
        flags: gl_flags,
        rgba_bits: config.rgba,
        depth_bits: config.depth_size,
        stencil_bits: config.stencil_size,
        accum_bits: [config.accum_size; 4],
        double_buffered: config.double_buffered,
        core_vertex_fetch: std::env::var_os("OXGL_VERTEX_FETCH").is_some_and(|v| v == "core"),
    };
    let mut core = CoreContext::new(params, backend_ctx, screen.renderer_info());
    if let Some(group) = share_group {
        core.join_share_group(group);
    }
    Some(GlxContext::new(
        display,
        config.clone(),
        spec.render_type,
        dispatch,
        core,
    ))
}

fn contexts() -> &'static Mutex<HashMap<usize, Arc<GlxContext>>> {
    static C: OnceLock<Mutex<HashMap<usize, Arc<GlxContext>>>> = OnceLock::new();
    C.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Registers a new context and returns its handle.
pub fn register(ctx: Arc<GlxContext>) -> usize {
    let h = ctx.handle();
    lock(contexts()).insert(h, ctx);
    h
}

/// Looks up a context by handle: a live one, or one destroyed while current
/// and not yet released (GLX calls still accept it, as with Mesa).
pub fn lookup(handle: usize) -> Option<Arc<GlxContext>> {
    lock(contexts()).get(&handle).cloned()
}

/// `glXDestroyContext`: forgets the context now when it is current nowhere,
/// else marks it destroyed and leaves it registered until its thread releases
/// it ([`release_current`] forgets it then). False when `handle` names no
/// registered context (never created, or already forgotten): GLXBadContext.
///
/// Lock order: the registry, then the context's binding (never the reverse).
pub fn destroy(handle: usize) -> bool {
    let forgotten = {
        let mut map = lock(contexts());
        let Some(ctx) = map.get(&handle) else {
            return false;
        };
        ctx.destroyed.store(true, Ordering::Release);
        let current = lock(&ctx.binding).thread.is_some();
        if current { None } else { map.remove(&handle) }
    };
    // Freed (if nothing else holds it) outside the registry lock.
    drop(forgotten);
    true
}

/// Forgets `ctx` if it was destroyed while current and is current nowhere now.
fn forget_if_destroyed(ctx: &Arc<GlxContext>) {
    if !ctx.is_destroyed() {
        return;
    }
    let handle = ctx.handle();
    let forgotten = {
        let mut map = lock(contexts());
        // The handle cannot name another context: `ctx` keeps this address alive.
        let idle = lock(&ctx.binding).thread.is_none();
        if idle { map.remove(&handle) } else { None }
    };
    drop(forgotten);
}

/// The calling thread's binding.
#[derive(Clone)]
pub struct Current {
    /// The context.
    pub ctx: Arc<GlxContext>,
    /// `Display*` it was made current with.
    pub dpy: usize,
    /// Draw drawable XID.
    pub draw: u32,
    /// Read drawable XID.
    pub read: u32,
    /// Made current through EGL: the `glXGetCurrent*` queries do not see it
    /// (EGL keeps its own current display and surfaces).
    pub egl: bool,
}

thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
}

/// Runs `f` with the calling thread's binding. During thread teardown (an
/// application releasing its context from an exit handler) the slot is gone
/// and nothing is current.
pub fn with_current<R>(f: impl FnOnce(Option<&Current>) -> R) -> R {
    let cur = CURRENT.try_with(|c| c.borrow().clone()).ok().flatten();
    f(cur.as_ref())
}

/// What `make_current` may fail with.
#[derive(Debug, PartialEq, Eq)]
pub enum BindError {
    /// The context is current in another thread.
    Busy,
    /// The backend refused.
    Backend,
}

struct Hooks {
    display: Option<Arc<DisplayState>>,
    draw: Arc<GlxDrawable>,
}

impl WindowSystemHooks for Hooks {
    fn flush_front(&self) {
        if let Some(d) = &self.display {
            self.draw.present(d, OxglBuffer::FrontColor);
        }
    }

    fn check_drawable_size(&self) {
        self.draw.refresh_size(self.display.as_deref());
    }
}

/// Releases the calling thread's current context (flushing it first).
pub fn release_current() {
    let old = CURRENT.try_with(|c| c.borrow_mut().take()).ok().flatten();
    // SAFETY: nothing is current on this thread any more.
    unsafe { oxgl_glapi::current::set(std::ptr::null(), std::ptr::null_mut()) };
    if let Some(old) = old {
        let ctx = old.ctx;
        let mut binding = lock(&ctx.binding);
        // SAFETY: current in this thread until now; the binding lock is held.
        let core = unsafe { &mut *ctx.core.get() };
        let _ = core.flush();
        core.unbind();
        *binding = Binding::default();
        drop(binding);
        forget_if_destroyed(&ctx);
    }
}

/// Makes `ctx` current on the calling thread with `draw`/`read` (None: surfaceless).
pub fn make_current(
    dpy: usize,
    ctx: &Arc<GlxContext>,
    draw: Option<Arc<GlxDrawable>>,
    read: Option<Arc<GlxDrawable>>,
) -> Result<(), BindError> {
    bind(dpy, ctx, draw, read, false)
}

/// [`make_current`] for GLX (`egl` false) or EGL (`egl` true): one path, one
/// TLS dispatch, whichever window-system API binds the context.
pub fn bind(
    dpy: usize,
    ctx: &Arc<GlxContext>,
    draw: Option<Arc<GlxDrawable>>,
    read: Option<Arc<GlxDrawable>>,
    egl: bool,
) -> Result<(), BindError> {
    let here = std::thread::current().id();
    {
        let binding = lock(&ctx.binding);
        if binding.thread.is_some_and(|t| t != here) {
            return Err(BindError::Busy);
        }
    }
    let same = with_current(|cur| cur.is_some_and(|cur| Arc::ptr_eq(&cur.ctx, ctx)));
    if !same {
        release_current();
    }
    for d in draw.iter().chain(read.iter()) {
        d.refresh_size(ctx.display.as_deref());
    }
    let mut binding = lock(&ctx.binding);
    if binding.thread.is_some_and(|t| t != here) {
        return Err(BindError::Busy);
    }
    // SAFETY: current nowhere else (checked under the lock we hold).
    let core = unsafe { &mut *ctx.core.get() };
    let hooks = draw.clone().map(|d| {
        Box::new(Hooks {
            display: ctx.display.clone(),
            draw: d,
        }) as Box<dyn WindowSystemHooks>
    });
    let size = draw.as_ref().map(|d| d.size());
    core.bind(
        draw.as_ref().map(|d| d.backend.clone()),
        read.as_ref().map(|d| d.backend.clone()),
        size,
        hooks,
    )
    .map_err(|_| BindError::Backend)?;
    binding.thread = Some(here);
    binding.draw = draw.clone();
    binding.read = read.clone();
    drop(binding);
    // SAFETY: the table is static; the context stays alive while CURRENT holds
    // its Arc, and is current in this thread only.
    unsafe { oxgl_glapi::current::set(ctx.dispatch, ctx.core.get() as *mut c_void) };
    let current = Current {
        ctx: ctx.clone(),
        dpy,
        draw: draw.as_ref().map_or(0, |d| d.xid),
        read: read.as_ref().map_or(0, |d| d.xid),
        egl,
    };
    let _ = CURRENT.try_with(|c| *c.borrow_mut() = Some(current));
    Ok(())
}
