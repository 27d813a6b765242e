//! The core's side of the ABI: safe owners for backend handles.
//!
//! Every `unsafe` call into a backend hook happens here, under one contract the
//! backend accepted by returning its table: handles stay valid from `create_*`
//! until `destroy_*`, descriptors are read only during the call, and a mapped
//! buffer stays valid until it is unmapped. The owners below destroy their
//! handle exactly once (on drop), so the rest of the core stays safe code.
#![allow(unsafe_code, reason = "the ABI edge: calls into backend hooks")]

use core::ptr::NonNull;

use crate::{
    OxglBuffer, OxglClearDesc, OxglColorFormat, OxglContext, OxglContextDesc, OxglDrawDesc,
    OxglDrawable, OxglDrawableDesc, OxglDriBackend, OxglQuery, OxglQueryResult, OxglQueryType,
    OxglRendererInfo, OxglScreen, OxglScreenDesc, OxglShader, OxglStatus, empty_image,
    empty_renderer_info, read_c_string,
};

/// A bound backend table.
#[derive(Clone, Copy)]
pub struct Backend {
    table: &'static OxglDriBackend,
}

impl Backend {
    /// Wraps a table that lives for the rest of the process.
    pub fn new(table: &'static OxglDriBackend) -> Self {
        Backend { table }
    }

    /// The backend's name.
    pub fn name(&self) -> String {
        if self.table.name.is_null() {
            return String::new();
        }
        // SAFETY: `name` is a NUL-terminated static string (ABI contract).
        unsafe { core::ffi::CStr::from_ptr(self.table.name) }
            .to_string_lossy()
            .into_owned()
    }

    /// Opens a screen.
    pub fn create_screen(&self, desc: &OxglScreenDesc) -> Option<Screen> {
        // SAFETY: `desc` is valid for the call.
        let raw = unsafe { (self.table.create_screen)(desc) };
        NonNull::new(raw).map(|raw| Screen {
            backend: *self,
            raw,
        })
    }
}

/// An open backend screen.
pub struct Screen {
    backend: Backend,
    raw: NonNull<OxglScreen>,
}

// SAFETY: backend handles are not tied to a thread (ABI contract); the core
// serializes calls that the ABI requires to be serialized.
unsafe impl Send for Screen {}
// SAFETY: as above.
unsafe impl Sync for Screen {}

/// Identity of the renderer behind a screen.
#[derive(Clone, Debug)]
pub struct RendererInfo {
    /// `GL_RENDERER`.
    pub renderer: String,
    /// PCI vendor id, 0xffffffff for software.
    pub vendor_id: u32,
    /// PCI device id, 0xffffffff for software.
    pub device_id: u32,
    /// Memory in MiB.
    pub video_memory_mb: u32,
    /// Hardware accelerated.
    pub accelerated: bool,
    /// Memory shared with the CPU.
    pub unified_memory: bool,
}

impl Screen {
    /// The backend this screen belongs to.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Asks the backend who it is.
    pub fn renderer_info(&self) -> RendererInfo {
        let mut info: OxglRendererInfo = empty_renderer_info();
        // SAFETY: live screen, `info` writable.
        let status = unsafe { (self.backend.table.query_renderer)(self.raw.as_ptr(), &mut info) };
        if status != OxglStatus::Ok {
            info = empty_renderer_info();
        }
        RendererInfo {
            renderer: read_c_string(&info.renderer),
            vendor_id: info.vendor_id,
            device_id: info.device_id,
            video_memory_mb: info.video_memory_mb,
            accelerated: info.accelerated != 0,
            unified_memory: info.unified_memory != 0,
        }
    }

    /// Allocates drawable storage.
    pub fn create_drawable(&self, desc: &OxglDrawableDesc) -> Option<Drawable> {
        // SAFETY: live screen, valid descriptor.
        let raw = unsafe { (self.backend.table.create_drawable)(self.raw.as_ptr(), desc) };
        NonNull::new(raw).map(|raw| Drawable {
            backend: self.backend,
            raw,
            layers: desc.layers.max(1),
            srgb: core::sync::atomic::AtomicBool::new(false),
        })
    }

    /// Creates a context, sharing objects with `share` when given.
    pub fn create_context(
        &self,
        desc: &OxglContextDesc,
        share: Option<&Context>,
    ) -> Option<Context> {
        let mut d = *desc;
        d.share = share.map_or(core::ptr::null_mut(), |s| s.raw.as_ptr());
        // SAFETY: live screen, valid descriptor, live share context.
        let raw = unsafe { (self.backend.table.create_context)(self.raw.as_ptr(), &d) };
        NonNull::new(raw).map(|raw| Context {
            backend: self.backend,
            screen: self.raw,
            raw,
        })
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        // SAFETY: destroyed once; drawables and contexts hold no reference to
        // the screen object itself in this ABI version.
        unsafe { (self.backend.table.destroy_screen)(self.raw.as_ptr()) }
    }
}

/// Backend storage for a window, pixmap or pbuffer.
pub struct Drawable {
    backend: Backend,
    raw: NonNull<OxglDrawable>,
    /// Layers of each buffer (ABI 17; 1 unless layered).
    layers: u32,
    /// The colour buffers hold sRGB-encoded colour (an EGL surface of
    /// `EGL_GL_COLORSPACE_SRGB`): the core encodes what it writes there.
    srgb: core::sync::atomic::AtomicBool,
}

// SAFETY: see `Screen`.
unsafe impl Send for Drawable {}
// SAFETY: see `Screen`; the backend locks drawable storage internally.
unsafe impl Sync for Drawable {}

/// A buffer mapped for CPU access; unmapped on drop.
pub struct Mapped<'a> {
    drawable: &'a Drawable,
    buffer: OxglBuffer,
    data: *const u8,
    /// Bytes per row.
    pub stride: usize,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Colour layout.
    pub format: OxglColorFormat,
    /// Bytes per pixel of this buffer.
    pub bytes_per_pixel: usize,
}

impl Mapped<'_> {
    /// Narrows the mapping to rows `bottom .. bottom + height` counted
    /// from the bottom (clamped to the rows it has).
    pub fn keep_rows_from_bottom(&mut self, bottom: u32, height: u32) {
        let bottom = bottom.min(self.height);
        let height = height.min(self.height - bottom);
        let top = self.height - bottom - height;
        // SAFETY: `top` rows of `stride` bytes lie inside the mapping; the
        // narrowed mapping keeps `height` of the rows after them.
        self.data = unsafe { self.data.add(top as usize * self.stride) };
        self.height = height;
    }

    /// Row `y` counted from the top (X11 order), `width * bytes_per_pixel` bytes.
    pub fn row_from_top(&self, y: u32) -> &[u8] {
        assert!(
            y < self.height,
            "row {y} outside a {}-row buffer",
            self.height
        );
        // SAFETY: the mapping covers `height` rows of `stride` bytes, each with
        // at least `width * bytes_per_pixel` valid bytes, until unmapped.
        unsafe {
            core::slice::from_raw_parts(
                self.data.add(y as usize * self.stride),
                self.width as usize * self.bytes_per_pixel,
            )
        }
    }

    /// Row `y` in GL window coordinates (0 = bottom).
    pub fn row_from_bottom(&self, y: u32) -> &[u8] {
        self.row_from_top(self.height - 1 - y)
    }

    /// Row `y` in GL window coordinates (0 = bottom), for writing
    /// (`glDrawPixels` of stencil indices, `glAccum`).
    pub fn row_from_bottom_mut(&mut self, y: u32) -> &mut [u8] {
        assert!(
            y < self.height,
            "row {y} outside a {}-row buffer",
            self.height
        );
        let top = (self.height - 1 - y) as usize;
        // SAFETY: as in `row_from_top`; the backend's storage is writable
        // while mapped (`map_buffer`), and `&mut self` makes this the only
        // access through this mapping.
        unsafe {
            core::slice::from_raw_parts_mut(
                (self.data as *mut u8).add(top * self.stride),
                self.width as usize * self.bytes_per_pixel,
            )
        }
    }
}

impl Drop for Mapped<'_> {
    fn drop(&mut self) {
        // SAFETY: matches the successful map of this buffer.
        unsafe {
            (self.drawable.backend.table.unmap_buffer)(self.drawable.raw.as_ptr(), self.buffer)
        }
    }
}

impl Drawable {
    /// Marks the colour buffers as holding sRGB-encoded colour (set once,
    /// when the window system creates the surface).
    pub fn set_srgb(&self, srgb: bool) {
        self.srgb.store(srgb, core::sync::atomic::Ordering::Relaxed);
    }

    /// Whether the colour buffers hold sRGB-encoded colour.
    pub fn srgb(&self) -> bool {
        self.srgb.load(core::sync::atomic::Ordering::Relaxed)
    }

    /// Reallocates to a new size.
    pub fn resize(&self, width: u32, height: u32) -> OxglStatus {
        // SAFETY: live drawable; callers never resize while a buffer is mapped
        // (`Mapped` borrows the drawable).
        unsafe { (self.backend.table.resize_drawable)(self.raw.as_ptr(), width, height) }
    }

    /// Exchanges front and back buffers.
    pub fn swap(&self) -> OxglStatus {
        // SAFETY: live drawable.
        unsafe { (self.backend.table.swap_buffers)(self.raw.as_ptr()) }
    }

    /// Maps one buffer for reading; `None` if the drawable has no such buffer.
    /// Its layers (1 unless it was made for a layered framebuffer).
    pub fn layers(&self) -> u32 {
        self.layers
    }

    /// Maps layer 0 of `buffer` — the whole buffer unless the drawable is
    /// layered: what reading, copying and drawing pixels see of a layered
    /// framebuffer (GL 4.6 §9.8).
    pub fn map(&self, buffer: OxglBuffer) -> Option<Mapped<'_>> {
        let mut m = self.map_layers(buffer)?;
        if self.layers > 1 {
            let h = m.height / self.layers;
            m.keep_rows_from_bottom(0, h);
        }
        Some(m)
    }

    /// Maps every layer of `buffer`: layer `l` is rows `l * height` to
    /// `(l + 1) * height - 1` from the bottom ([`OxglDrawableDesc::layers`]).
    pub fn map_layers(&self, buffer: OxglBuffer) -> Option<Mapped<'_>> {
        let mut image = empty_image();
        // SAFETY: live drawable, writable `image`.
        let status =
            unsafe { (self.backend.table.map_buffer)(self.raw.as_ptr(), buffer, &mut image) };
        if status != OxglStatus::Ok || image.data.is_null() {
            return None;
        }
        let bytes_per_pixel = match buffer {
            OxglBuffer::Stencil => 1,
            OxglBuffer::Depth => 4,
            _ => image.format.bytes_per_pixel(),
        };
        Some(Mapped {
            drawable: self,
            buffer,
            data: image.data as *const u8,
            stride: image.stride,
            width: image.width,
            height: image.height,
            format: image.format,
            bytes_per_pixel,
        })
    }

    /// The backend's handle, for descriptors that name this drawable
    /// (`OxglTexImage::drawable`); valid while `self` lives.
    pub fn raw(&self) -> *mut OxglDrawable {
        self.raw.as_ptr()
    }
}

impl core::fmt::Debug for Drawable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Drawable").field(&self.raw).finish()
    }
}

impl Drop for Drawable {
    fn drop(&mut self) {
        // SAFETY: destroyed once; owners unbind drawables before dropping them.
        unsafe { (self.backend.table.destroy_drawable)(self.raw.as_ptr()) }
    }
}

/// A backend rendering context.
pub struct Context {
    backend: Backend,
    /// The screen the context was created on; screens outlive their
    /// contexts (ABI contract of `destroy_screen`).
    screen: NonNull<OxglScreen>,
    raw: NonNull<OxglContext>,
}

/// A compiled backend shader.
pub struct Shader {
    backend: Backend,
    raw: NonNull<OxglShader>,
}

// SAFETY: shaders are immutable once created and not tied to a thread.
unsafe impl Send for Shader {}
// SAFETY: as above.
unsafe impl Sync for Shader {}

impl Shader {
    /// The raw handle, for [`OxglDrawDesc`].
    pub fn raw(&self) -> *mut OxglShader {
        self.raw.as_ptr()
    }
}

impl Drop for Shader {
    fn drop(&mut self) {
        // SAFETY: created by this backend, destroyed once.
        unsafe { (self.backend.table.destroy_shader)(self.raw.as_ptr()) }
    }
}

/// A backend query object, destroyed on drop. The core drops a context's
/// queries before the context (the field order of `oxgl_core::Context`).
pub struct Query {
    backend: Backend,
    raw: NonNull<OxglQuery>,
}

// SAFETY: a query is used only through the context it belongs to, which is
// current in at most one thread at a time.
unsafe impl Send for Query {}
// SAFETY: as above.
unsafe impl Sync for Query {}

impl Drop for Query {
    fn drop(&mut self) {
        // SAFETY: created by this backend, destroyed once; the core ends an
        // active query before dropping it.
        unsafe { (self.backend.table.destroy_query)(self.raw.as_ptr()) }
    }
}

// SAFETY: see `Screen`; a context is current in at most one thread at a time
// (enforced by the window-system layer).
unsafe impl Send for Context {}
// SAFETY: as above.
unsafe impl Sync for Context {}

impl Context {
    /// Allocates drawable storage on the context's screen (framebuffer
    /// objects: the core keeps their images there while they are bound).
    pub fn create_drawable(&self, desc: &OxglDrawableDesc) -> Option<Drawable> {
        // SAFETY: the screen outlives its contexts; valid descriptor.
        let raw = unsafe { (self.backend.table.create_drawable)(self.screen.as_ptr(), desc) };
        NonNull::new(raw).map(|raw| Drawable {
            backend: self.backend,
            raw,
            layers: desc.layers.max(1),
            srgb: core::sync::atomic::AtomicBool::new(false),
        })
    }

    /// Binds drawables (callers keep them alive while bound).
    pub fn make_current(&self, draw: Option<&Drawable>, read: Option<&Drawable>) -> OxglStatus {
        let d = draw.map_or(core::ptr::null_mut(), Drawable::raw);
        let r = read.map_or(core::ptr::null_mut(), Drawable::raw);
        // SAFETY: live handles.
        unsafe { (self.backend.table.make_current)(self.raw.as_ptr(), d, r) }
    }

    /// Unbinds everything.
    pub fn release(&self) -> OxglStatus {
        // SAFETY: live handle; null drawables mean unbound.
        unsafe {
            (self.backend.table.make_current)(
                self.raw.as_ptr(),
                core::ptr::null_mut(),
                core::ptr::null_mut(),
            )
        }
    }

    /// Clears buffers of the bound draw drawable.
    pub fn clear(&self, desc: &OxglClearDesc) -> OxglStatus {
        // SAFETY: live handle, valid descriptor.
        unsafe { (self.backend.table.clear)(self.raw.as_ptr(), desc) }
    }

    /// Compiles a serialized IR shader on the context's screen; the
    /// backend's reason on failure.
    pub fn create_shader(&self, ir: &[u8]) -> Result<Shader, String> {
        let mut log = [0 as core::ffi::c_char; 512];
        // SAFETY: live screen; `ir` and `log` valid for the call with the sizes given.
        let raw = unsafe {
            (self.backend.table.create_shader)(
                self.screen.as_ptr(),
                ir.as_ptr(),
                ir.len(),
                log.as_mut_ptr(),
                log.len(),
            )
        };
        NonNull::new(raw)
            .map(|raw| Shader {
                backend: self.backend,
                raw,
            })
            .ok_or_else(|| read_c_string(&log))
    }

    /// Draws primitives.
    pub fn draw(&self, desc: &OxglDrawDesc) -> OxglStatus {
        // SAFETY: live handle, valid descriptor.
        unsafe { (self.backend.table.draw_prims)(self.raw.as_ptr(), desc) }
    }

    /// `glFlush`.
    pub fn flush(&self) -> OxglStatus {
        // SAFETY: live handle.
        unsafe { (self.backend.table.flush)(self.raw.as_ptr()) }
    }

    /// `glFinish`.
    pub fn finish(&self) -> OxglStatus {
        // SAFETY: live handle.
        unsafe { (self.backend.table.finish)(self.raw.as_ptr()) }
    }

    /// Creates a query object counting `kind`; `None` when the backend cannot.
    pub fn create_query(&self, kind: OxglQueryType) -> Option<Query> {
        // SAFETY: live handle.
        let raw = unsafe { (self.backend.table.create_query)(self.raw.as_ptr(), kind) };
        NonNull::new(raw).map(|raw| Query {
            backend: self.backend,
            raw,
        })
    }

    /// Starts `query` counting (it is not active).
    pub fn begin_query(&self, query: &Query) -> OxglStatus {
        // SAFETY: live handles; the query belongs to this context.
        unsafe { (self.backend.table.begin_query)(self.raw.as_ptr(), query.raw.as_ptr()) }
    }

    /// Stops `query` (it is active).
    pub fn end_query(&self, query: &Query) -> OxglStatus {
        // SAFETY: live handles; the query belongs to this context.
        unsafe { (self.backend.table.end_query)(self.raw.as_ptr(), query.raw.as_ptr()) }
    }

    /// The result of an ended query, waiting for it when `wait`; `None`
    /// while it is not available (or when the backend failed).
    pub fn query_result(&self, query: &Query, wait: bool) -> Option<u64> {
        let mut r = OxglQueryResult::default();
        // SAFETY: live handles; `r` writable for the call.
        let status = unsafe {
            (self.backend.table.get_query_result)(
                self.raw.as_ptr(),
                query.raw.as_ptr(),
                u32::from(wait),
                &mut r,
            )
        };
        (status == OxglStatus::Ok && r.available != 0).then_some(r.value)
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: destroyed once; owners make sure it is current nowhere.
        unsafe { (self.backend.table.destroy_context)(self.raw.as_ptr()) }
    }
}
