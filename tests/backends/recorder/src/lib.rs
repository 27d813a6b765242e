//! `librecorder_dri.so`: a test backend for the loader and the core (after
//! libglvnd's `tests/dummy`).
//!
//! It exports `oxgl_dri_get_backend` like any backend. Every hook appends its
//! own name and a newline to the file named by `OXGL_RECORDER_LOG` (when set,
//! read at each call) and then forwards to the software backend
//! (`oxgl_dri_swrast::BACKEND`), so a test can render through it and then check
//! which hooks the core called, in which order. Its table's `name` is
//! `recorder`, and `query_renderer` reports `oxgl recorder test backend`.
//!
//! `OXGL_RECORDER_ABI=<n>` makes `oxgl_dri_get_backend` answer a table whose
//! `abi_version` is `n` (the loader must refuse it); `OXGL_RECORDER_ABI=null`
//! makes it answer null.
//!
//! This whole crate is a C ABI edge: each `unsafe` forwards pointers the core
//! gave us, unchanged, to the hook of the same name in swrast, whose contract
//! is the same as ours (`oxgl-dri-interface`).

use std::ffi::c_char;
use std::io::Write;
use std::sync::{Mutex, OnceLock};

use oxgl_dri_interface::{
    OXGL_DRI_ABI_VERSION, OxglBuffer, OxglClearDesc, OxglContext, OxglContextDesc, OxglDrawDesc,
    OxglDrawable, OxglDrawableDesc, OxglDriBackend, OxglImage, OxglQuery, OxglQueryResult,
    OxglQueryType, OxglRendererInfo, OxglScreen, OxglScreenDesc, OxglShader, OxglStatus,
    write_c_string,
};
use oxgl_dri_swrast::BACKEND as SWRAST;

/// The renderer string `query_renderer` reports.
pub const RENDERER: &str = "oxgl recorder test backend";

/// Appends `hook` and a newline to `$OXGL_RECORDER_LOG`; errors are ignored
/// (a test that cares reads the file and sees the line missing).
fn record(hook: &str) {
    static LOCK: Mutex<()> = Mutex::new(());
    let Some(path) = std::env::var_os("OXGL_RECORDER_LOG") else {
        return;
    };
    let _guard = LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = file.write_all(format!("{hook}\n").as_bytes());
    }
}

unsafe extern "C" fn create_screen(desc: *const OxglScreenDesc) -> *mut OxglScreen {
    record("create_screen");
    // SAFETY: forwarded unchanged; same contract (see the crate comment).
    unsafe { (SWRAST.create_screen)(desc) }
}

unsafe extern "C" fn destroy_screen(screen: *mut OxglScreen) {
    record("destroy_screen");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.destroy_screen)(screen) }
}

unsafe extern "C" fn query_renderer(
    screen: *mut OxglScreen,
    info: *mut OxglRendererInfo,
) -> OxglStatus {
    record("query_renderer");
    // SAFETY: forwarded unchanged; same contract.
    let status = unsafe { (SWRAST.query_renderer)(screen, info) };
    if status == OxglStatus::Ok && !info.is_null() {
        // SAFETY: the core passes a valid, writable `OxglRendererInfo` (the
        // hook's contract), which swrast has just filled; checked non-null.
        let info = unsafe { &mut *info };
        write_c_string(&mut info.renderer, RENDERER);
    }
    status
}

unsafe extern "C" fn create_drawable(
    screen: *mut OxglScreen,
    desc: *const OxglDrawableDesc,
) -> *mut OxglDrawable {
    record("create_drawable");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.create_drawable)(screen, desc) }
}

unsafe extern "C" fn resize_drawable(
    drawable: *mut OxglDrawable,
    width: u32,
    height: u32,
) -> OxglStatus {
    record("resize_drawable");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.resize_drawable)(drawable, width, height) }
}

unsafe extern "C" fn destroy_drawable(drawable: *mut OxglDrawable) {
    record("destroy_drawable");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.destroy_drawable)(drawable) }
}

unsafe extern "C" fn create_context(
    screen: *mut OxglScreen,
    desc: *const OxglContextDesc,
) -> *mut OxglContext {
    record("create_context");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.create_context)(screen, desc) }
}

unsafe extern "C" fn destroy_context(context: *mut OxglContext) {
    record("destroy_context");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.destroy_context)(context) }
}

unsafe extern "C" fn make_current(
    context: *mut OxglContext,
    draw: *mut OxglDrawable,
    read: *mut OxglDrawable,
) -> OxglStatus {
    record("make_current");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.make_current)(context, draw, read) }
}

unsafe extern "C" fn clear(context: *mut OxglContext, desc: *const OxglClearDesc) -> OxglStatus {
    record("clear");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.clear)(context, desc) }
}

unsafe extern "C" fn create_shader(
    screen: *mut OxglScreen,
    ir: *const u8,
    ir_size: usize,
    log: *mut c_char,
    log_size: usize,
) -> *mut OxglShader {
    record("create_shader");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.create_shader)(screen, ir, ir_size, log, log_size) }
}

unsafe extern "C" fn destroy_shader(shader: *mut OxglShader) {
    record("destroy_shader");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.destroy_shader)(shader) }
}

unsafe extern "C" fn draw_prims(
    context: *mut OxglContext,
    desc: *const OxglDrawDesc,
) -> OxglStatus {
    record("draw_prims");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.draw_prims)(context, desc) }
}

unsafe extern "C" fn flush(context: *mut OxglContext) -> OxglStatus {
    record("flush");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.flush)(context) }
}

unsafe extern "C" fn finish(context: *mut OxglContext) -> OxglStatus {
    record("finish");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.finish)(context) }
}

unsafe extern "C" fn map_buffer(
    drawable: *mut OxglDrawable,
    buffer: OxglBuffer,
    image: *mut OxglImage,
) -> OxglStatus {
    record("map_buffer");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.map_buffer)(drawable, buffer, image) }
}

unsafe extern "C" fn unmap_buffer(drawable: *mut OxglDrawable, buffer: OxglBuffer) {
    record("unmap_buffer");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.unmap_buffer)(drawable, buffer) }
}

unsafe extern "C" fn swap_buffers(drawable: *mut OxglDrawable) -> OxglStatus {
    record("swap_buffers");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.swap_buffers)(drawable) }
}

unsafe extern "C" fn create_query(
    context: *mut OxglContext,
    kind: OxglQueryType,
) -> *mut OxglQuery {
    record("create_query");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.create_query)(context, kind) }
}

unsafe extern "C" fn destroy_query(query: *mut OxglQuery) {
    record("destroy_query");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.destroy_query)(query) }
}

unsafe extern "C" fn begin_query(context: *mut OxglContext, query: *mut OxglQuery) -> OxglStatus {
    record("begin_query");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.begin_query)(context, query) }
}

unsafe extern "C" fn end_query(context: *mut OxglContext, query: *mut OxglQuery) -> OxglStatus {
    record("end_query");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.end_query)(context, query) }
}

unsafe extern "C" fn get_query_result(
    context: *mut OxglContext,
    query: *mut OxglQuery,
    wait: u32,
    result: *mut OxglQueryResult,
) -> OxglStatus {
    record("get_query_result");
    // SAFETY: forwarded unchanged; same contract.
    unsafe { (SWRAST.get_query_result)(context, query, wait, result) }
}

/// The recorder's hook table.
static RECORDER: OxglDriBackend = OxglDriBackend {
    abi_version: OXGL_DRI_ABI_VERSION,
    name: c"recorder".as_ptr() as *const c_char,
    create_screen,
    destroy_screen,
    query_renderer,
    create_drawable,
    resize_drawable,
    destroy_drawable,
    create_context,
    destroy_context,
    make_current,
    clear,
    create_shader,
    destroy_shader,
    draw_prims,
    flush,
    finish,
    map_buffer,
    unmap_buffer,
    swap_buffers,
    create_query,
    destroy_query,
    begin_query,
    end_query,
    get_query_result,
};

/// The backend entry point (`OXGL_DRI_ENTRY_POINT`).
///
/// # Safety
/// Callable with any version number; the returned table is static.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oxgl_dri_get_backend(abi_version: u32) -> *const OxglDriBackend {
    static FORCED: OnceLock<OxglDriBackend> = OnceLock::new();
    match std::env::var("OXGL_RECORDER_ABI")
        .ok()
        .as_deref()
        .map(str::trim)
    {
        Some("null") => std::ptr::null(),
        Some(forced) => match forced.parse::<u32>() {
            // First forced value wins for the life of this copy of the library.
            Ok(v) => FORCED.get_or_init(|| OxglDriBackend {
                abi_version: v,
                ..RECORDER
            }),
            Err(_) => &RECORDER,
        },
        None if abi_version != OXGL_DRI_ABI_VERSION => std::ptr::null(),
        None => &RECORDER,
    }
}
