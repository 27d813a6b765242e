//! The C hook table: converts the ABI's raw handles and descriptors into the
//! safe types of this crate. This is the crate's only `unsafe` code.
//!
//! Handle ownership: every handle is a `Box` leaked to the caller by a
//! `create_*` hook and reclaimed by the matching `destroy_*` hook; the core
//! never uses a handle after destroying it (dri/interface contract).
#![allow(unsafe_code, reason = "the C ABI edge of the backend")]

use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;

use oxgl_dri_interface::{
    OXGL_DRI_ABI_VERSION, OxglBuffer, OxglClearDesc, OxglContext, OxglContextDesc, OxglDrawDesc,
    OxglDrawable, OxglDrawableDesc, OxglDriBackend, OxglImage, OxglRendererInfo, OxglScreen,
    OxglScreenDesc, OxglStatus, write_c_string,
};

use crate::framebuffer::{Buffers, ClearParams};

struct Screen {
    threads: usize,
}

struct Drawable {
    buffers: Mutex<Buffers>,
}

struct Context {
    draw: *mut Drawable,
    read: *mut Drawable,
}

/// The software backend's hook table.
pub static BACKEND: OxglDriBackend = OxglDriBackend {
    abi_version: OXGL_DRI_ABI_VERSION,
    name: c"swrast".as_ptr() as *const c_char,
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
    draw_prims,
    flush,
    finish,
    map_buffer,
    unmap_buffer,
    swap_buffers,
};

/// Runs `f`, turning a panic (an internal bug) into `BadArgument`.
fn guard(f: impl FnOnce() -> OxglStatus) -> OxglStatus {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(OxglStatus::BadArgument)
}

fn lock(d: &Drawable) -> std::sync::MutexGuard<'_, Buffers> {
    d.buffers
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

unsafe extern "C" fn create_screen(desc: *const OxglScreenDesc) -> *mut OxglScreen {
    // SAFETY: the core passes a valid descriptor or null.
    let threads = unsafe { desc.as_ref() }.map_or(-1, |d| d.num_threads);
    let threads = if threads < 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads as usize
    };
    Box::into_raw(Box::new(Screen { threads })) as *mut OxglScreen
}

unsafe extern "C" fn destroy_screen(screen: *mut OxglScreen) {
    if !screen.is_null() {
        // SAFETY: `screen` came from `create_screen` and is destroyed once.
        drop(unsafe { Box::from_raw(screen as *mut Screen) });
    }
}

unsafe extern "C" fn query_renderer(
    screen: *mut OxglScreen,
    info: *mut OxglRendererInfo,
) -> OxglStatus {
    // SAFETY: handles from `create_screen`; `info` points to writable storage.
    let (Some(screen), Some(info)) = (unsafe { (screen as *mut Screen).as_ref() }, unsafe {
        info.as_mut()
    }) else {
        return OxglStatus::BadArgument;
    };
    let _ = screen.threads;
    write_c_string(&mut info.renderer, &crate::renderer_name());
    info.vendor_id = 0xffff_ffff;
    info.device_id = 0xffff_ffff;
    info.video_memory_mb = system_memory_mb();
    info.accelerated = 0;
    info.unified_memory = 1;
    OxglStatus::Ok
}

/// Total system memory in MiB, as llvmpipe reports it for "Video memory".
fn system_memory_mb() -> u32 {
    let text = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| (kb / 1024).min(u32::MAX as u64) as u32)
}

unsafe extern "C" fn create_drawable(
    screen: *mut OxglScreen,
    desc: *const OxglDrawableDesc,
) -> *mut OxglDrawable {
    // SAFETY: valid descriptor or null.
    let Some(desc) = (unsafe { desc.as_ref() }) else {
        return std::ptr::null_mut();
    };
    if screen.is_null() {
        return std::ptr::null_mut();
    }
    match catch_unwind(|| Buffers::new(desc)) {
        Ok(Ok(buffers)) => Box::into_raw(Box::new(Drawable {
            buffers: Mutex::new(buffers),
        })) as *mut OxglDrawable,
        _ => std::ptr::null_mut(),
    }
}

/// # Safety
/// `d` is a live drawable handle or null.
unsafe fn drawable<'a>(d: *mut OxglDrawable) -> Option<&'a Drawable> {
    // SAFETY: per the caller's contract.
    unsafe { (d as *const Drawable).as_ref() }
}

unsafe extern "C" fn resize_drawable(d: *mut OxglDrawable, width: u32, height: u32) -> OxglStatus {
    // SAFETY: live handle.
    let Some(d) = (unsafe { drawable(d) }) else {
        return OxglStatus::BadArgument;
    };
    guard(|| match lock(d).resize(width, height) {
        Ok(()) => OxglStatus::Ok,
        Err(_) => OxglStatus::OutOfMemory,
    })
}

unsafe extern "C" fn destroy_drawable(d: *mut OxglDrawable) {
    if !d.is_null() {
        // SAFETY: from `create_drawable`, destroyed once, unbound everywhere.
        drop(unsafe { Box::from_raw(d as *mut Drawable) });
    }
}

unsafe extern "C" fn create_context(
    screen: *mut OxglScreen,
    desc: *const OxglContextDesc,
) -> *mut OxglContext {
    if screen.is_null() || desc.is_null() {
        return std::ptr::null_mut();
    }
    Box::into_raw(Box::new(Context {
        draw: std::ptr::null_mut(),
        read: std::ptr::null_mut(),
    })) as *mut OxglContext
}

unsafe extern "C" fn destroy_context(ctx: *mut OxglContext) {
    if !ctx.is_null() {
        // SAFETY: from `create_context`, destroyed once, current nowhere.
        drop(unsafe { Box::from_raw(ctx as *mut Context) });
    }
}

/// # Safety
/// `c` is a live context handle or null.
unsafe fn context<'a>(c: *mut OxglContext) -> Option<&'a mut Context> {
    // SAFETY: per the caller's contract; a context is current in one thread
    // only, so no other reference exists while a hook runs.
    unsafe { (c as *mut Context).as_mut() }
}

unsafe extern "C" fn make_current(
    ctx: *mut OxglContext,
    draw: *mut OxglDrawable,
    read: *mut OxglDrawable,
) -> OxglStatus {
    // SAFETY: live handle or null (unbind).
    if let Some(c) = unsafe { context(ctx) } {
        c.draw = draw as *mut Drawable;
        c.read = read as *mut Drawable;
    }
    OxglStatus::Ok
}

unsafe extern "C" fn clear(ctx: *mut OxglContext, desc: *const OxglClearDesc) -> OxglStatus {
    // SAFETY: live handle and a valid descriptor.
    let (Some(c), Some(desc)) = (unsafe { context(ctx) }, unsafe { desc.as_ref() }) else {
        return OxglStatus::BadArgument;
    };
    // SAFETY: the bound drawable outlives its binding (core contract).
    let Some(d) = (unsafe { drawable(c.draw as *mut OxglDrawable) }) else {
        return OxglStatus::Ok; // surfaceless: nothing to clear
    };
    let params = ClearParams {
        buffers: desc.buffers,
        draw_buffers: desc.draw_buffers,
        color: desc.color,
        color_mask: desc.color_mask.map(|m| m != 0),
        depth: desc.depth,
        stencil: desc.stencil,
        stencil_mask: desc.stencil_mask,
        rect: (desc.scissor_enabled != 0).then_some(desc.scissor),
    };
    guard(|| {
        lock(d).clear(&params);
        OxglStatus::Ok
    })
}

unsafe extern "C" fn draw_prims(ctx: *mut OxglContext, desc: *const OxglDrawDesc) -> OxglStatus {
    // SAFETY: live handle and a valid descriptor.
    if unsafe { context(ctx) }.is_none() || desc.is_null() {
        return OxglStatus::BadArgument;
    }
    // The rasterizer is the next milestone: geometry is accepted and not drawn.
    oxgl_util::log!(
        oxgl_util::log::Level::Debug,
        "swrast: primitive drawing is not implemented yet"
    );
    OxglStatus::Unsupported
}

unsafe extern "C" fn flush(_ctx: *mut OxglContext) -> OxglStatus {
    OxglStatus::Ok
}

unsafe extern "C" fn finish(_ctx: *mut OxglContext) -> OxglStatus {
    OxglStatus::Ok
}

unsafe extern "C" fn map_buffer(
    d: *mut OxglDrawable,
    buffer: OxglBuffer,
    image: *mut OxglImage,
) -> OxglStatus {
    // SAFETY: live handle, writable `image`.
    let (Some(d), Some(image)) = (unsafe { drawable(d) }, unsafe { image.as_mut() }) else {
        return OxglStatus::BadArgument;
    };
    let mut b = lock(d);
    let (width, height, format) = (b.width, b.height, b.desc.color_format);
    let (data, stride) = match buffer {
        OxglBuffer::FrontColor => (b.front.as_mut_ptr() as *mut u8, width as usize * 4),
        OxglBuffer::BackColor => (
            b.back_or_front().as_mut_ptr() as *mut u8,
            width as usize * 4,
        ),
        OxglBuffer::Depth if !b.depth.is_empty() => {
            (b.depth.as_mut_ptr() as *mut u8, width as usize * 4)
        }
        OxglBuffer::Stencil if !b.stencil.is_empty() => (b.stencil.as_mut_ptr(), width as usize),
        _ => return OxglStatus::BadArgument,
    };
    // The storage stays put until the next resize or destroy, which the core
    // never issues while a buffer is mapped.
    *image = OxglImage {
        data: data as *mut _,
        stride,
        width,
        height,
        format,
    };
    OxglStatus::Ok
}

unsafe extern "C" fn unmap_buffer(_d: *mut OxglDrawable, _buffer: OxglBuffer) {}

unsafe extern "C" fn swap_buffers(d: *mut OxglDrawable) -> OxglStatus {
    // SAFETY: live handle.
    let Some(d) = (unsafe { drawable(d) }) else {
        return OxglStatus::BadArgument;
    };
    guard(|| {
        lock(d).swap();
        OxglStatus::Ok
    })
}
