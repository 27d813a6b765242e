//! The C hook table: converts the ABI's raw handles and descriptors into the
//! safe types of this crate. This is the crate's only `unsafe` code.
//!
//! Handle ownership: every handle is a `Box` leaked to the caller by a
//! `create_*` hook and reclaimed by the matching `destroy_*` hook; the core
//! never uses a handle after destroying it (dri/interface contract).
#![allow(unsafe_code, reason = "the C ABI edge of the backend")]

use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::AtomicU32;
use std::sync::{Arc, Mutex};

use oxgl_dri_interface::vertex::ElementFormat;
use oxgl_dri_interface::{
    OXGL_DRI_ABI_VERSION, OXGL_MAX_VERTEX_STREAMS, OxglBuffer, OxglBufferRange, OxglCaptureResult,
    OxglClearDesc, OxglContext, OxglContextDesc, OxglDrawDesc, OxglDrawable, OxglDrawableDesc,
    OxglDriBackend, OxglImage, OxglQuery, OxglQueryResult, OxglQueryType, OxglRendererInfo,
    OxglScreen, OxglScreenDesc, OxglShader, OxglStatus, clear_bits, draw_buffer_bits,
    write_c_string,
};

use crate::capture::{Capture, CaptureBuffer, Destination};
use crate::framebuffer::{Buffers, ClearParams};
use crate::pipeline::{DrawCall, Frontend, VertexInput};
use crate::program::Program;
use crate::raster::{ColorBuffer, Rasterizer, SampleCounter};
use crate::texture::{Source, TexView, Texels};

struct Screen {
    threads: usize,
}

/// A drawable's storage and the rasterizer drawing into it. While the
/// rasterizer holds the planes (`target` is set) `buffers` has empty
/// planes; every direct access first calls [`Surface::settle`].
struct Surface {
    buffers: Buffers,
    threads: usize,
    raster: Option<Rasterizer>,
    target: Option<ColorBuffer>,
    frontend: Frontend,
    /// Counts the locks that may have changed the contents ([`lock`]).
    version: u64,
    /// Buffers sampled as texture images (`OxglTexImage::drawable`) as
    /// last converted: what was asked, the version they were read at, the
    /// texels.
    sampled: Vec<(SampledKey, u64, SampledTexels)>,
}

/// A sampled conversion: buffer, width, height, swizzle.
type SampledKey = (OxglBuffer, u32, u32, [u8; 4]);

/// A buffer's contents converted for sampling.
type SampledTexels = Texels;

/// Sampled conversions a drawable keeps (its few buffers, two sizes).
const SAMPLED_KEPT: usize = 4;

impl Surface {
    /// Finishes queued rendering and takes the planes back.
    fn settle(&mut self) {
        if let (Some(r), Some(_)) = (self.raster.as_mut(), self.target.take()) {
            r.end(&mut self.buffers);
        }
    }

    /// Finishes queued rendering at the end of a frame (a swap or a
    /// finish) and drops the texture copies the frame did not use, so that
    /// deleted textures do not stay resident.
    fn end_frame(&mut self) {
        self.settle();
        self.frontend.end_frame();
    }

    /// `glFinish`: waits for the queued rendering and drops the texture
    /// copies the frame did not use. The planes stay with the rasterizer
    /// (and its workers with their scenes): whatever reads them settles
    /// first. Taking them back at every finish ended the workers' run
    /// each frame — a helper thread started and joined, and the planes
    /// handed back and forth, per frame.
    fn finish_frame(&mut self) {
        if let Some(r) = self.raster.as_mut() {
            r.finish();
        }
        self.frontend.end_frame();
    }

    /// Makes the rasterizer draw into `buffer`.
    fn attach(&mut self, buffer: ColorBuffer) {
        if self.target.is_some_and(|t| t != buffer) {
            self.settle();
        }
        let threads = self.threads;
        let r = self.raster.get_or_insert_with(|| Rasterizer::new(threads));
        if self.target.is_none() {
            r.begin(&mut self.buffers, buffer);
            self.target = Some(buffer);
        }
    }
}

struct Drawable {
    buffers: Mutex<Surface>,
}

struct Context {
    draw: *mut Drawable,
    read: *mut Drawable,
    /// The counter of the active occlusion query.
    query: Option<Arc<SampleCounter>>,
}

/// A query object: the counter of its latest `begin_query` (a new one each
/// time, so scenes still counting for an earlier use never touch it).
struct Query {
    counter: Arc<SampleCounter>,
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

/// Runs `f`, turning a panic (an internal bug) into `BadArgument`.
fn guard(f: impl FnOnce() -> OxglStatus) -> OxglStatus {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(OxglStatus::BadArgument)
}

/// Locks `d`'s storage for any use that may change it (drawing, clears,
/// mappings, resizes, swaps): its contents version advances, so that
/// sampled conversions are made again ([`sampled_texels`]).
fn lock(d: &Drawable) -> std::sync::MutexGuard<'_, Surface> {
    let mut s = d
        .buffers
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    s.version = s.version.wrapping_add(1);
    s
}

/// `buffer` of `d` (`width` × `height` from the bottom left) as texels to
/// sample, after the rendering queued into it: the conversion made at an
/// earlier draw while the contents have not changed since, else a new
/// one. Locks only `d`, and only for the call, so a draw may sample the
/// drawable it renders into (a feedback loop) without deadlock.
fn sampled_texels(d: &Drawable, key: SampledKey) -> Option<SampledTexels> {
    let mut s = d
        .buffers
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    s.settle();
    let version = s.version;
    if let Some(e) = s.sampled.iter().find(|e| (e.0, e.1) == (key, version)) {
        return Some(e.2.clone());
    }
    let (buffer, width, height, swizzle) = key;
    let texels = s.buffers.sampled(buffer, width, height, swizzle)?;
    s.sampled.retain(|e| e.1 == version);
    if s.sampled.len() >= SAMPLED_KEPT {
        s.sampled.remove(0);
    }
    s.sampled.push((key, version, texels.clone()));
    Some(texels)
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
    // SAFETY: a live screen handle or null.
    let Some(screen) = (unsafe { (screen as *const Screen).as_ref() }) else {
        return std::ptr::null_mut();
    };
    // A multisample drawable keeps its sample images side by side: one
    // buffer `samples` times as wide (ABI 14).
    let mut wide = *desc;
    if desc.samples > 1 {
        wide.width = desc.width.saturating_mul(desc.samples);
    }
    // A layered one its layers one above the other (ABI 17).
    if desc.layers > 1 {
        wide.height = desc.height.saturating_mul(desc.layers);
    }
    match catch_unwind(|| Buffers::new(&wide)) {
        Ok(Ok(buffers)) => Box::into_raw(Box::new(Drawable {
            buffers: Mutex::new(Surface {
                buffers,
                threads: screen.threads,
                raster: None,
                target: None,
                frontend: Frontend::default(),
                version: 0,
                sampled: Vec::new(),
            }),
        })) as *mut OxglDrawable,
        _ => std::ptr::null_mut(),
    }
}

/// The multisampling of a drawable's buffers (ABI 14: sample images side
/// by side).
fn multisample(b: &Buffers) -> crate::pipeline::Multisample {
    let samples = b.desc.samples.max(1);
    let layers = b.desc.layers.max(1);
    crate::pipeline::Multisample {
        samples,
        width: b.width / samples,
        layers,
        height: b.height / layers,
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
    guard(|| {
        let mut s = lock(d);
        s.settle();
        match s.buffers.resize(width, height) {
            Ok(()) => OxglStatus::Ok,
            Err(_) => OxglStatus::OutOfMemory,
        }
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
        query: None,
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
    let Some(c) = (unsafe { context(ctx) }) else {
        return OxglStatus::Ok;
    };
    let old = c.draw;
    c.draw = draw as *mut Drawable;
    c.read = read as *mut Drawable;
    // Draws an occlusion query counts may wait in the scene of the drawable
    // we leave: hand it to the workers so the query's result arrives.
    if old != c.draw
        // SAFETY: the previous draw drawable is still alive: the core
        // destroys a drawable only once it is bound nowhere, and it is
        // bound here until this call returns.
        && let Some(d) = unsafe { drawable(old as *mut OxglDrawable) }
    {
        return guard(|| {
            if let Some(r) = lock(d).raster.as_mut() {
                r.flush();
            }
            OxglStatus::Ok
        });
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
        color_int: desc.color_int,
        srgb: desc.srgb_buffers,
        color_mask: desc.color_mask.map(|m| m != 0),
        depth: desc.depth,
        stencil: desc.stencil,
        stencil_mask: desc.stencil_mask,
        rect: (desc.scissor_enabled != 0).then_some(desc.scissor),
        extra: desc.extra_color_buffers,
        extra_masks: desc.extra_color_masks.map(|m| m.map(|c| c != 0)),
    };
    guard(|| {
        let mut s = lock(d);
        let buffer = match desc.draw_buffers {
            draw_buffer_bits::DRAW_FRONT => Some(ColorBuffer::Front),
            draw_buffer_bits::DRAW_BACK => Some(ColorBuffer::Back),
            _ => None,
        };
        // A scissored clear of a multisample or layered drawable: the
        // rectangle in each sample image of each layer.
        let ms = multisample(&s.buffers);
        let mut all = vec![params];
        if let (true, Some(r)) = (ms.samples > 1 || ms.layers > 1, params.rect) {
            all = (0..ms.layers as i32)
                .flat_map(|l| (0..ms.samples as i32).map(move |k| (l, k)))
                .map(|(l, k)| {
                    let left = k * ms.width as i32;
                    let bottom = l * ms.height as i32;
                    let x0 = (r.x + left).max(left);
                    let x1 = (r.x + left)
                        .saturating_add(r.width)
                        .min(left + ms.width as i32);
                    let y0 = (r.y + bottom).max(bottom);
                    let y1 = (r.y + bottom)
                        .saturating_add(r.height)
                        .min(bottom + ms.height as i32);
                    let rect = oxgl_dri_interface::OxglRect {
                        x: x0,
                        y: y0,
                        width: (x1 - x0).max(0),
                        height: (y1 - y0).max(0),
                    };
                    let mut p = params;
                    p.rect = Some(rect);
                    p
                })
                .collect();
        }
        for params in &all {
            match buffer {
                // One colour buffer (or none): the clear joins the scene of
                // that buffer, cleared tile by tile on the workers.
                Some(b) => {
                    s.attach(b);
                    if let Some(r) = s.raster.as_mut() {
                        r.clear(params);
                    }
                }
                None if desc.buffers & clear_bits::CLEAR_COLOR == 0 => {
                    let b = s.target.unwrap_or(ColorBuffer::Back);
                    s.attach(b);
                    if let Some(r) = s.raster.as_mut() {
                        r.clear(params);
                    }
                }
                // Front and back together: on the whole buffers.
                None => {
                    s.settle();
                    s.buffers.clear(params);
                }
            }
        }
        OxglStatus::Ok
    })
}

unsafe extern "C" fn create_shader(
    screen: *mut OxglScreen,
    ir: *const u8,
    ir_size: usize,
    log: *mut c_char,
    log_size: usize,
) -> *mut OxglShader {
    let result = if screen.is_null() || ir.is_null() {
        Err("no screen or no IR".to_string())
    } else {
        // SAFETY: the core passes `ir_size` readable bytes (ABI contract).
        let blob = unsafe { std::slice::from_raw_parts(ir, ir_size) };
        catch_unwind(|| Program::from_blob(blob))
            .unwrap_or_else(|_| Err("internal error while compiling".to_string()))
    };
    match result {
        Ok(p) => Box::into_raw(Box::new(Arc::new(p))) as *mut OxglShader,
        Err(e) => {
            if !log.is_null() && log_size > 0 {
                let n = e.len().min(log_size - 1);
                // SAFETY: `log` has `log_size` writable bytes (ABI contract).
                unsafe {
                    std::ptr::copy_nonoverlapping(e.as_ptr(), log as *mut u8, n);
                    *log.add(n) = 0;
                }
            }
            std::ptr::null_mut()
        }
    }
}

unsafe extern "C" fn destroy_shader(shader: *mut OxglShader) {
    if !shader.is_null() {
        // SAFETY: from `create_shader`, destroyed once. Scenes in flight keep
        // their own `Arc`.
        drop(unsafe { Box::from_raw(shader as *mut Arc<Program>) });
    }
}

/// # Safety
/// `s` is a live shader handle or null.
unsafe fn shader<'a>(s: *mut OxglShader) -> Option<&'a Arc<Program>> {
    // SAFETY: per the caller's contract.
    unsafe { (s as *const Arc<Program>).as_ref() }
}

/// `len` elements at `p`; empty when `len` is 0, `None` when `p` is null otherwise.
///
/// # Safety
/// `p` points to `len` readable elements (ABI contract) or is null.
unsafe fn slice<'a, T>(p: *const T, len: usize) -> Option<&'a [T]> {
    if len == 0 {
        Some(&[])
    } else if p.is_null() {
        None
    } else {
        // SAFETY: per the caller's contract.
        Some(unsafe { std::slice::from_raw_parts(p, len) })
    }
}

unsafe extern "C" fn draw_prims(ctx: *mut OxglContext, desc: *const OxglDrawDesc) -> OxglStatus {
    // SAFETY: live handle and a valid descriptor.
    let (Some(c), Some(desc)) = (unsafe { context(ctx) }, unsafe { desc.as_ref() }) else {
        return OxglStatus::BadArgument;
    };
    // SAFETY: the bound drawable outlives its binding (core contract).
    let d = unsafe { drawable(c.draw as *mut OxglDrawable) };
    if d.is_none() && desc.compute == 0 {
        return OxglStatus::Ok; // surfaceless: nothing to draw into
    }
    let n = desc.vertex_count as usize;
    let stride = desc.stride as usize;
    // SAFETY: every pointer of the descriptor is valid for its count during
    // the call (ABI contract); `slice` rejects null with a non-zero count.
    let parts = unsafe {
        (
            slice(desc.vertices, n.saturating_mul(stride)),
            slice(desc.attribs, desc.num_attribs as usize),
            slice(desc.constants, desc.num_constants as usize),
            slice(desc.prims, desc.num_prims as usize),
            slice(desc.vs_uniforms, desc.vs_uniforms_size),
            slice(desc.fs_uniforms, desc.fs_uniforms_size),
            shader(desc.vs),
            // A compute dispatch has no fragment stage.
            shader(if desc.compute != 0 { desc.vs } else { desc.fs }),
        )
    };
    let (
        Some(vertices),
        Some(attribs),
        Some(constants),
        Some(prims),
        Some(vs_uniforms),
        Some(fs_uniforms),
        Some(vs),
        Some(fs),
    ) = parts
    else {
        return OxglStatus::BadArgument;
    };
    // SAFETY: a non-null geometry shader is live and its uniforms valid
    // for their size (ABI 16).
    let gs = if desc.gs.is_null() {
        None
    } else {
        match unsafe {
            (
                shader(desc.gs),
                slice(desc.gs_uniforms, desc.gs_uniforms_size),
            )
        } {
            (Some(p), Some(u)) if p.stage == oxgl_ir::Stage::Geometry => Some((p, u)),
            _ => return OxglStatus::BadArgument,
        }
    };
    // SAFETY: non-null tessellation shaders are live and their uniforms
    // valid for their sizes (ABI 23).
    let tess_stage = |sh: *mut OxglShader, u: *const u8, size: usize, stage| {
        if sh.is_null() {
            return Ok(None);
        }
        match unsafe { (shader(sh), slice(u, size)) } {
            (Some(p), Some(u)) if p.stage == stage => Ok(Some((p, u))),
            _ => Err(()),
        }
    };
    let tcs = tess_stage(
        desc.tcs,
        desc.tcs_uniforms,
        desc.tcs_uniforms_size,
        oxgl_ir::Stage::TessControl,
    );
    let tes = tess_stage(
        desc.tes,
        desc.tes_uniforms,
        desc.tes_uniforms_size,
        oxgl_ir::Stage::TessEval,
    );
    let (Ok(tcs), Ok(tes)) = (tcs, tes) else {
        return OxglStatus::BadArgument;
    };
    if tcs.is_some() && tes.is_none() {
        return OxglStatus::BadArgument;
    }
    let edge_flags = if desc.edge_flags.is_null() {
        None
    } else {
        // SAFETY: non-null edge flags hold one byte per vertex (ABI contract).
        Some(unsafe { std::slice::from_raw_parts(desc.edge_flags, n) })
    };
    let elements = if desc.elements.is_null() {
        None
    } else {
        // SAFETY: non-null elements are `num_elements` u32s (ABI contract).
        match unsafe { slice(desc.elements, desc.num_elements as usize) } {
            Some(e) => Some(e),
            None => return OxglStatus::BadArgument,
        }
    };
    // ABI 13: the arrays read in place. SAFETY: non-null inputs are
    // `num_inputs` descriptors, each with `len` readable bytes at `data`
    // (ABI contract); `slice` rejects null with a non-zero count.
    let Some(input_descs) = (unsafe { slice(desc.inputs, desc.num_inputs as usize) }) else {
        return OxglStatus::BadArgument;
    };
    let mut inputs = Vec::with_capacity(input_descs.len());
    for i in input_descs {
        // SAFETY: as above.
        let Some(bytes) = (unsafe { slice(i.data, i.len) }) else {
            return OxglStatus::BadArgument;
        };
        inputs.push(VertexInput {
            location: i.location,
            format: ElementFormat::of(i),
            stride: i.stride as usize,
            bytes,
        });
    }
    let vertex_ids = if desc.vertex_ids.is_null() {
        None
    } else {
        // SAFETY: non-null vertex ids hold one i32 per vertex (ABI contract).
        Some(unsafe { std::slice::from_raw_parts(desc.vertex_ids, n) })
    };
    // SAFETY: as above: `num_textures` descriptors, each with
    // `num_levels * num_faces` images of `width * height * depth` texels.
    let Some(tex_descs) = (unsafe { slice(desc.textures, desc.num_textures as usize) }) else {
        return OxglStatus::BadArgument;
    };
    // Images held by drawables (ABI 10), converted first: each source is
    // locked on its own, before the draw locks its target.
    let mut held: Vec<SampledTexels> = Vec::new();
    let mut image_lists = Vec::with_capacity(tex_descs.len());
    for t in tex_descs {
        let n = (t.num_levels as usize).saturating_mul(t.num_faces.max(1) as usize);
        // SAFETY: see above.
        let Some(images) = (unsafe { slice(t.images, n) }) else {
            return OxglStatus::BadArgument;
        };
        for i in images.iter().filter(|i| !i.drawable.is_null()) {
            // SAFETY: a non-null image drawable is live for the call.
            let Some(src) = (unsafe { drawable(i.drawable) }) else {
                return OxglStatus::BadArgument;
            };
            if i.depth != 1 {
                return OxglStatus::BadArgument;
            }
            let key = (
                i.buffer,
                i.width,
                i.height,
                crate::texture::storage_swizzle(t),
            );
            let Some(texels) = sampled_texels(src, key) else {
                return OxglStatus::BadArgument;
            };
            held.push(texels);
        }
        image_lists.push(images);
    }
    let mut held_texels = held.iter();
    let mut views = Vec::with_capacity(tex_descs.len());
    for (t, images) in tex_descs.iter().zip(image_lists) {
        let mut imgs = Vec::with_capacity(images.len());
        let mut shared = Vec::with_capacity(images.len());
        for i in images {
            let (w, h, d) = (i.width as usize, i.height as usize, i.depth as usize);
            let len = w.saturating_mul(h).saturating_mul(d);
            let (texels, arc) = if !i.drawable.is_null() {
                // The held texels are the view's `shared` entry.
                let held = held_texels.next();
                (held.map(|_| Source::F32(&[])), held.cloned())
            } else if !i.rgba8.is_null() {
                // SAFETY: see above (ABI 12: bytes instead of `texels`).
                (unsafe { slice(i.rgba8, len) }.map(Source::Rgba8), None)
            } else {
                // SAFETY: see above.
                (unsafe { slice(i.texels, len) }.map(Source::F32), None)
            };
            let Some(texels) = texels else {
                return OxglStatus::BadArgument;
            };
            imgs.push((texels, w, h, d));
            shared.push(arc);
        }
        views.push(TexView {
            desc: t,
            images: imgs,
            shared,
        });
    }
    let buffer = if desc.draw_buffers & draw_buffer_bits::DRAW_BACK != 0 {
        Some(ColorBuffer::Back)
    } else if desc.draw_buffers & draw_buffer_bits::DRAW_FRONT != 0 {
        Some(ColorBuffer::Front)
    } else {
        None
    };
    // GL_NONE writes no colour, but the fragments still go through the
    // depth and stencil tests, update those buffers and count for
    // occlusion queries (as llvmpipe).
    let mut blend = desc.blend;
    if buffer.is_none() || desc.color_outputs[0] < 0 {
        blend.color_mask = [0; 4];
    }
    // ABI 24: the shader-visible buffer ranges, as atomic words.
    // SAFETY: non-null ranges are `num_buffers` descriptors (ABI contract).
    let Some(ranges) = (unsafe { slice(desc.buffers, desc.num_buffers as usize) }) else {
        return OxglStatus::BadArgument;
    };
    let mut buffers: Vec<&'static [AtomicU32]> = Vec::with_capacity(ranges.len());
    for r in ranges {
        // SAFETY: see `buffer_words`.
        buffers.push(unsafe { buffer_words(r) });
    }
    // ABI 25: the image units' texture images.
    // SAFETY: non-null images are `num_images` descriptors (ABI contract).
    let Some(image_descs) = (unsafe { slice(desc.images, desc.num_images as usize) }) else {
        return OxglStatus::BadArgument;
    };
    let mut images = Vec::with_capacity(image_descs.len());
    for d in image_descs {
        // SAFETY: the planes are valid for the call (ABI contract); see
        // `ImageView::new`.
        images.extend(unsafe { crate::image::ImageView::new(d) });
    }
    let images = Arc::new(images);
    // ABI 27: a compute dispatch runs the compute shader (`vs`) and
    // draws nothing.
    if desc.compute != 0 {
        return guard(|| {
            let samplers = crate::texture::TextureCache::default()
                .bind(&views)
                .with_images(&images);
            vs.dispatch(vs_uniforms, &samplers, &buffers, desc.compute_groups);
            OxglStatus::Ok
        });
    }
    let Some(d) = d else {
        return OxglStatus::Ok;
    };
    let call = DrawCall {
        vertices,
        vertex_count: n,
        stride,
        attribs,
        constants,
        edge_flags,
        vertex_ids,
        inputs: &inputs,
        first_vertex: desc.first_vertex,
        instance_id: desc.instance_id,
        prims,
        elements,
        vs,
        fs,
        gs,
        tcs,
        tes,
        patch_vertices: desc.patch_vertices,
        patch_levels: desc.patch_default_levels,
        vs_uniforms,
        fs_uniforms,
        raster: &desc.raster,
        depth_stencil: &desc.depth_stencil,
        blend: &blend,
        color_outputs: desc.color_outputs,
        extra_color_masks: desc.extra_color_masks,
        textures: &views,
        rasterizer_discard: desc.rasterizer_discard != 0,
        prim_ids: None,
        buffers: &buffers,
        images: &images,
    };
    if !call.is_consistent() {
        return OxglStatus::BadArgument;
    }
    // SAFETY: a non-null capture descriptor is valid for the call, its
    // buffers and sources for their counts (ABI contract).
    let capture_desc = unsafe { desc.capture.as_ref() };
    let mut dsts: Vec<RawDestination> = Vec::new();
    let mut capture = None;
    if let Some(cd) = capture_desc {
        // SAFETY: see above.
        let Some(bufs) = (unsafe { slice(cd.buffers, cd.num_buffers as usize) }) else {
            return OxglStatus::BadArgument;
        };
        let mut sources = Vec::with_capacity(bufs.len());
        for b in bufs {
            // SAFETY: see above.
            let Some(src) = (unsafe { slice(b.sources, b.num_sources as usize) }) else {
                return OxglStatus::BadArgument;
            };
            if b.data.is_null() && b.size != 0 || b.stream as usize >= OXGL_MAX_VERTEX_STREAMS {
                return OxglStatus::BadArgument;
            }
            sources.push(src);
            dsts.push(RawDestination {
                data: b.data,
                size: b.size,
            });
        }
        let buffers = dsts
            .iter_mut()
            .zip(bufs.iter().zip(sources))
            .map(|(dst, (b, sources))| CaptureBuffer {
                dst,
                stride: b.stride as usize,
                sources,
                stream: b.stream as usize,
            })
            .collect();
        capture = Some(Capture::new(cd.primitive, buffers));
    }
    guard(|| {
        let mut s = lock(d);
        let s = &mut *s;
        // GL_FRONT_AND_BACK (or GL_LEFT) of a double-buffered drawable: the
        // primitives are drawn into each buffer in turn. A single-buffered
        // drawable's back buffer is its front one. GL_NONE: whichever colour
        // buffer is attached, masked off. Occlusion queries count the
        // fragments once.
        let ms = multisample(&s.buffers);
        let double = s.buffers.desc.double_buffered != 0;
        let back = desc.draw_buffers & draw_buffer_bits::DRAW_BACK != 0;
        let front = desc.draw_buffers & draw_buffer_bits::DRAW_FRONT != 0 && (double || !back);
        let targets = match (back, front) {
            (true, true) => [Some(ColorBuffer::Back), Some(ColorBuffer::Front)],
            (true, false) => [Some(ColorBuffer::Back), None],
            (false, true) => [Some(ColorBuffer::Front), None],
            (false, false) => [Some(buffer.or(s.target).unwrap_or(ColorBuffer::Back)), None],
        };
        for (i, buffer) in targets.into_iter().flatten().enumerate() {
            s.attach(buffer);
            if let Some(raster) = s.raster.as_mut() {
                raster.set_query(if i == 0 { c.query.as_ref() } else { None });
                let capture = if i == 0 { capture.as_mut() } else { None };
                s.frontend.draw(raster, &call, capture, ms);
                // The buffers are the core's for this call only: every
                // fragment that reads or changes them is shaded now.
                if buffers.iter().any(|b| !b.is_empty()) || !images.is_empty() {
                    raster.finish();
                }
            }
        }
        if let (Some(cd), Some(cap)) = (capture_desc, &capture) {
            let result = OxglCaptureResult {
                primitives_generated: cap.generated,
                primitives_written: cap.written,
            };
            // SAFETY: a non-null result pointer is writable for the call
            // (ABI contract).
            if let Some(r) = unsafe { cd.result.as_mut() } {
                *r = result;
            }
        }
        OxglStatus::Ok
    })
}

// The ABI's counter buffer slots are the engine's.
const _: () = assert!(
    oxgl_exec::COUNTER_SLOT0 == 0
        && oxgl_exec::MAX_COUNTER_BUFFERS == oxgl_dri_interface::OXGL_MAX_COUNTER_BUFFERS
        && oxgl_exec::STORAGE_SLOT0 == oxgl_dri_interface::OXGL_STORAGE_SLOT0
        && oxgl_exec::MAX_STORAGE_BLOCKS == oxgl_dri_interface::OXGL_MAX_STORAGE_BLOCKS
);

/// The 32-bit words of a shader-visible buffer range (ABI 24): empty for
/// a null or misaligned range.
///
/// # Safety
/// A non-null `r.data` is valid for reads and writes of `r.size` bytes
/// for the draw call (ABI contract). The `'static` is the call's: every
/// use of the words ends before `draw_prims` returns (the draw finishes
/// its rasterization first), and only atomic accesses are made, so
/// ranges of one buffer may overlap.
unsafe fn buffer_words(r: &OxglBufferRange) -> &'static [AtomicU32] {
    if r.data.is_null() || !(r.data as usize).is_multiple_of(std::mem::align_of::<AtomicU32>()) {
        return &[];
    }
    // SAFETY: per the function's contract; the pointer is aligned for
    // `AtomicU32`, which has the size and layout of `u32`.
    unsafe { std::slice::from_raw_parts(r.data.cast::<AtomicU32>(), r.size / 4) }
}

/// A transform feedback binding's bytes (`OxglCaptureBuffer::data`,
/// `size`). Bindings may share storage, so no Rust reference to it is
/// ever made: every write is a raw copy, checked against `size`.
struct RawDestination {
    data: *mut u8,
    size: usize,
}

impl Destination for RawDestination {
    fn size(&self) -> usize {
        self.size
    }

    fn write(&mut self, offset: usize, values: &[f32]) {
        let len = 4 * values.len();
        if offset.checked_add(len).is_none_or(|end| end > self.size) {
            return;
        }
        // SAFETY: `[data, data + size)` is writable for the call (ABI
        // contract) and the range was checked to lie inside it; raw
        // copies may overlap other bindings' writes without UB.
        unsafe {
            std::ptr::copy_nonoverlapping(values.as_ptr().cast::<u8>(), self.data.add(offset), len);
        }
    }
}

/// Runs `f` on the context's draw surface, if any.
///
/// # Safety
/// `ctx` is a live context handle or null.
unsafe fn with_draw_surface(ctx: *mut OxglContext, f: impl FnOnce(&mut Surface)) -> OxglStatus {
    // SAFETY: per the caller's contract.
    let Some(c) = (unsafe { context(ctx) }) else {
        return OxglStatus::BadArgument;
    };
    // SAFETY: the bound drawable outlives its binding (core contract).
    let Some(d) = (unsafe { drawable(c.draw as *mut OxglDrawable) }) else {
        return OxglStatus::Ok;
    };
    guard(|| {
        f(&mut lock(d));
        OxglStatus::Ok
    })
}

unsafe extern "C" fn flush(ctx: *mut OxglContext) -> OxglStatus {
    // SAFETY: live handle or null.
    unsafe {
        with_draw_surface(ctx, |s| {
            if let Some(r) = s.raster.as_mut() {
                r.flush();
            }
        })
    }
}

unsafe extern "C" fn finish(ctx: *mut OxglContext) -> OxglStatus {
    // SAFETY: live handle or null.
    unsafe { with_draw_surface(ctx, Surface::finish_frame) }
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
    let mut s = lock(d);
    s.settle();
    let b = &mut s.buffers;
    let (width, height, format) = (b.width, b.height, b.desc.color_format);
    let color_stride = width as usize * format.bytes_per_pixel();
    let (data, stride) = match buffer {
        OxglBuffer::FrontColor => (b.front.as_mut_ptr() as *mut u8, color_stride),
        OxglBuffer::BackColor => (b.back_or_front().as_mut_ptr() as *mut u8, color_stride),
        OxglBuffer::Depth if !b.depth.is_empty() => {
            (b.depth.as_mut_ptr() as *mut u8, width as usize * 4)
        }
        OxglBuffer::Stencil if !b.stencil.is_empty() => (b.stencil.as_mut_ptr(), width as usize),
        other => match other.extra_index().and_then(|i| b.extra.get_mut(i - 1)) {
            Some(plane) => {
                let f = plane.format;
                let stride = width as usize * f.bytes_per_pixel();
                *image = OxglImage {
                    data: plane.data.as_mut_ptr() as *mut _,
                    stride,
                    width,
                    height,
                    format: f,
                };
                return OxglStatus::Ok;
            }
            None => return OxglStatus::BadArgument,
        },
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
        let mut s = lock(d);
        s.end_frame();
        s.buffers.swap();
        OxglStatus::Ok
    })
}

unsafe extern "C" fn create_query(ctx: *mut OxglContext, kind: OxglQueryType) -> *mut OxglQuery {
    if ctx.is_null() {
        return std::ptr::null_mut();
    }
    match kind {
        OxglQueryType::SamplesPassed => Box::into_raw(Box::new(Query {
            counter: SampleCounter::new(),
        })) as *mut OxglQuery,
    }
}

unsafe extern "C" fn destroy_query(query: *mut OxglQuery) {
    if !query.is_null() {
        // SAFETY: from `create_query`, destroyed once. Scenes in flight keep
        // their own reference to the counter.
        drop(unsafe { Box::from_raw(query as *mut Query) });
    }
}

/// # Safety
/// `q` is a live query handle or null.
unsafe fn query<'a>(q: *mut OxglQuery) -> Option<&'a mut Query> {
    // SAFETY: per the caller's contract; a query is used only through its
    // context, which is current in one thread only.
    unsafe { (q as *mut Query).as_mut() }
}

/// Hands the scene binned so far for the context's draw surface to the workers.
///
/// # Safety
/// `ctx` is a live context handle or null.
unsafe fn flush_draw_surface(ctx: *mut OxglContext) -> OxglStatus {
    // SAFETY: per the caller's contract.
    unsafe {
        with_draw_surface(ctx, |s| {
            if let Some(r) = s.raster.as_mut() {
                r.flush();
            }
        })
    }
}

unsafe extern "C" fn begin_query(ctx: *mut OxglContext, q: *mut OxglQuery) -> OxglStatus {
    // SAFETY: live handles.
    let (Some(c), Some(q)) = (unsafe { context(ctx) }, unsafe { query(q) }) else {
        return OxglStatus::BadArgument;
    };
    q.counter = SampleCounter::new();
    c.query = Some(q.counter.clone());
    OxglStatus::Ok
}

unsafe extern "C" fn end_query(ctx: *mut OxglContext, q: *mut OxglQuery) -> OxglStatus {
    // SAFETY: live handles.
    let (Some(c), Some(q)) = (unsafe { context(ctx) }, unsafe { query(q) }) else {
        return OxglStatus::BadArgument;
    };
    if c.query.as_ref().is_some_and(|a| Arc::ptr_eq(a, &q.counter)) {
        c.query = None;
    }
    // SAFETY: live handle.
    unsafe { flush_draw_surface(ctx) }
}

unsafe extern "C" fn get_query_result(
    ctx: *mut OxglContext,
    q: *mut OxglQuery,
    wait: u32,
    result: *mut OxglQueryResult,
) -> OxglStatus {
    // SAFETY: live handles and a writable result.
    let (Some(q), Some(result)) = (unsafe { query(q) }, unsafe { result.as_mut() }) else {
        return OxglStatus::BadArgument;
    };
    let value = match q.counter.try_result() {
        Some(v) => Some(v),
        None => {
            // The scene holding the query's last draws may still be binning.
            // SAFETY: live handle or null.
            let status = unsafe { flush_draw_surface(ctx) };
            if status != OxglStatus::Ok {
                return status;
            }
            if wait != 0 {
                let counter = q.counter.clone();
                match catch_unwind(AssertUnwindSafe(|| counter.wait())) {
                    Ok(v) => Some(v),
                    Err(_) => return OxglStatus::BadArgument,
                }
            } else {
                q.counter.try_result()
            }
        }
    };
    *result = OxglQueryResult {
        available: u32::from(value.is_some()),
        value: value.unwrap_or(0),
    };
    OxglStatus::Ok
}
