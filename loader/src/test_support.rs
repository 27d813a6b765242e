//! Helpers for the unit tests: temporary directories, fake sysfs entries and a
//! dummy built-in backend table.

use std::ffi::c_char;
use std::path::{Path, PathBuf};
use std::ptr::null_mut;
use std::sync::atomic::{AtomicU32, Ordering};

use oxgl_dri_interface::*;

/// A directory under the system temp dir, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("oxgl-loader-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes `<root>/bus/pci/devices/<slot>/{class,vendor,device}`.
pub fn fake_pci(root: &Path, slot: &str, class: &str, vendor: &str, device: &str) -> PathBuf {
    let dir = root.join("bus/pci/devices").join(slot);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("class"), format!("{class}\n")).unwrap();
    std::fs::write(dir.join("vendor"), format!("{vendor}\n")).unwrap();
    std::fs::write(dir.join("device"), format!("{device}\n")).unwrap();
    dir
}

/// A fake render node for the device at `<root>/bus/pci/devices/<slot>`: a
/// regular file `<root>/dev-dri/renderD128` (its `st_rdev` is 0:0) and the
/// sysfs link `<root>/dev/char/0:0/device` to the device. Returns the fake
/// `/dev/dri`.
pub fn fake_render_node(root: &Path, slot: &str) -> PathBuf {
    let char_dir = root.join("dev/char/0:0");
    std::fs::create_dir_all(&char_dir).unwrap();
    std::os::unix::fs::symlink(
        root.join("bus/pci/devices").join(slot),
        char_dir.join("device"),
    )
    .unwrap();
    let dev_dri = root.join("dev-dri");
    std::fs::create_dir_all(&dev_dri).unwrap();
    std::fs::write(dev_dri.join("renderD128"), "").unwrap();
    dev_dri
}

/// The C library's file, a shared object that is surely loaded and is not a backend.
pub fn libc_path() -> PathBuf {
    let candidates = [
        "/lib/x86_64-linux-gnu/libc.so.6",
        "/lib/aarch64-linux-gnu/libc.so.6",
        "/usr/lib64/libc.so.6",
        "/lib64/libc.so.6",
        "/usr/lib/libc.so.6",
    ];
    candidates
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .expect("libc.so.6 in a standard location")
}

extern "C" fn create_screen(_: *const OxglScreenDesc) -> *mut OxglScreen {
    null_mut()
}
extern "C" fn destroy_screen(_: *mut OxglScreen) {}
extern "C" fn query_renderer(_: *mut OxglScreen, _: *mut OxglRendererInfo) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn create_drawable(_: *mut OxglScreen, _: *const OxglDrawableDesc) -> *mut OxglDrawable {
    null_mut()
}
extern "C" fn resize_drawable(_: *mut OxglDrawable, _: u32, _: u32) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn destroy_drawable(_: *mut OxglDrawable) {}
extern "C" fn create_context(_: *mut OxglScreen, _: *const OxglContextDesc) -> *mut OxglContext {
    null_mut()
}
extern "C" fn destroy_context(_: *mut OxglContext) {}
extern "C" fn make_current(
    _: *mut OxglContext,
    _: *mut OxglDrawable,
    _: *mut OxglDrawable,
) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn clear(_: *mut OxglContext, _: *const OxglClearDesc) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn create_shader(
    _: *mut OxglScreen,
    _: *const u8,
    _: usize,
    _: *mut c_char,
    _: usize,
) -> *mut OxglShader {
    null_mut()
}
extern "C" fn destroy_shader(_: *mut OxglShader) {}
extern "C" fn draw_prims(_: *mut OxglContext, _: *const OxglDrawDesc) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn flush(_: *mut OxglContext) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn map_buffer(_: *mut OxglDrawable, _: OxglBuffer, _: *mut OxglImage) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn unmap_buffer(_: *mut OxglDrawable, _: OxglBuffer) {}
extern "C" fn swap_buffers(_: *mut OxglDrawable) -> OxglStatus {
    OxglStatus::Unsupported
}

extern "C" fn create_query(_: *mut OxglContext, _: OxglQueryType) -> *mut OxglQuery {
    null_mut()
}
extern "C" fn destroy_query(_: *mut OxglQuery) {}
extern "C" fn begin_query(_: *mut OxglContext, _: *mut OxglQuery) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn get_query_result(
    _: *mut OxglContext,
    _: *mut OxglQuery,
    _: u32,
    _: *mut OxglQueryResult,
) -> OxglStatus {
    OxglStatus::Unsupported
}

/// A built-in table whose hooks all fail; only its address matters.
pub static DUMMY: OxglDriBackend = OxglDriBackend {
    abi_version: OXGL_DRI_ABI_VERSION,
    name: c"dummy".as_ptr() as *const c_char,
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
    finish: flush,
    map_buffer,
    unmap_buffer,
    swap_buffers,
    create_query,
    destroy_query,
    begin_query,
    end_query: begin_query,
    get_query_result,
};
