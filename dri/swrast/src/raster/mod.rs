//! The binning rasterizer: post-vertex-shader primitives in, pixels out.
//!
//! ```text
//! caller thread                          scene thread (+ helpers)
//! draw() -> FrontEnd: assemble, clip,    run(scene): split the target into
//!   project, cull, set up, bin  ──────▶  64×64 tiles, workers pull tiles,
//! flush(): hand the scene over, keep       each tile replays its bin:
//!   binning the next one                   coverage -> shader -> per-fragment ops
//! finish()/end(): wait, get the target back
//! ```
//!
//! [`Rasterizer::begin`] lends a [`Buffers`]' planes to the rasterizer (they
//! are *moved* out: the `Buffers` holds empty vectors until
//! [`Rasterizer::end`] puts them back), so the tile workers own the pixels
//! they write and no lock or `unsafe` guards framebuffer writes. Up to
//! [`MAX_QUEUED`] flushed scenes wait while the caller bins the next one.
//! Thread count: `OXGL_NUM_THREADS` ([`threads_from_env`]), 0 = inline on
//! the calling thread. Results are identical for every thread count: each
//! tile sees its commands in API order whoever runs it.

mod clip;
mod fragment;
mod query;
mod scene;
mod setup;
mod shader;
pub(crate) mod simd;
mod state;
mod tile;

#[cfg(test)]
mod tests;

use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

pub use query::SampleCounter;
pub use scene::{DepthFormat, TILE, TargetInfo};
pub use setup::{Draw, Elements, Topology, VertexBatch};
pub use shader::{
    ConstantColor, FragmentShader, InterpolatedColor, LANE_X, LANE_Y, LANES, QUADS, QuadBatch,
    ShaderInfo,
};
pub use state::{
    BlendEquation, BlendFactor, BlendState, CompareFunc, Coverage, CullMode, DepthStencilState,
    FrontFace, Interp, LineStipple, LogicOp, MAX_CLIP_DISTANCES, MAX_VARYINGS, PolygonMode,
    PolygonOffset, ProvokingVertex, RasterState, Rect, StencilFace, StencilOp, VaryingMask,
    Viewport,
};

use crate::framebuffer::{Buffers, ClearParams};
use fragment::TileView;
use scene::Scene;
use setup::FrontEnd;

/// Everything a draw is rasterized with: the state objects and the shader.
#[derive(Clone)]
pub struct DrawState {
    /// Rasterization state.
    pub raster: RasterState,
    /// Depth and stencil state.
    pub depth_stencil: DepthStencilState,
    /// Blend state.
    pub blend: BlendState,
    /// The fragment shader.
    pub shader: Arc<dyn FragmentShader>,
}

impl std::fmt::Debug for DrawState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DrawState")
            .field("raster", &self.raster)
            .field("depth_stencil", &self.depth_stencil)
            .field("blend", &self.blend)
            .finish_non_exhaustive()
    }
}

impl DrawState {
    /// GL's default state with `shader`.
    pub fn new(shader: Arc<dyn FragmentShader>) -> Self {
        DrawState {
            raster: RasterState::default(),
            depth_stencil: DepthStencilState::default(),
            blend: BlendState::default(),
            shader,
        }
    }
}

/// Which colour buffer of a [`Buffers`] is drawn to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorBuffer {
    /// The front buffer.
    Front,
    /// The back buffer (the front one when single-buffered).
    Back,
}

/// Worker threads from `OXGL_NUM_THREADS`, else one per core.
pub fn threads_from_env() -> usize {
    std::env::var("OXGL_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(64)
}

/// Flushed scenes that may wait behind the one being rasterized.
pub const MAX_QUEUED: usize = 1;

/// The pixels of a target while the rasterizer holds them.
struct Planes {
    color: Vec<u32>,
    depth: Vec<f32>,
    stencil: Vec<u8>,
    extra: Vec<crate::framebuffer::ColorPlane>,
}

enum Msg {
    Attach(Planes),
    Run(Box<Scene>),
    Detach,
}

struct Threaded {
    tx: Option<SyncSender<Msg>>,
    done: Receiver<Box<Scene>>,
    planes: Receiver<Option<Planes>>,
    in_flight: usize,
    handle: Option<JoinHandle<()>>,
}

enum Exec {
    Inline {
        planes: Option<Planes>,
        batch: Box<QuadBatch>,
    },
    Threaded(Threaded),
}

/// One context's rasterizer: the front end, the scene being binned, and the
/// threads rasterizing earlier scenes.
pub struct Rasterizer {
    threads: usize,
    front: FrontEnd,
    scene: Option<Box<Scene>>,
    target: Option<(TargetInfo, ColorBuffer)>,
    #[expect(clippy::vec_box, reason = "scenes move between threads as boxes")]
    spare: Vec<Box<Scene>>,
    exec: Exec,
    /// The active occlusion query's counter, tagged onto later draws.
    query: Option<Arc<SampleCounter>>,
}

impl Rasterizer {
    /// A rasterizer with `threads` workers (0 = rasterize on the calling thread).
    pub fn new(threads: usize) -> Self {
        let exec = if threads == 0 {
            Exec::Inline {
                planes: None,
                batch: Box::default(),
            }
        } else {
            let (tx, rx) = sync_channel::<Msg>(MAX_QUEUED);
            let (done_tx, done) = sync_channel(MAX_QUEUED + 2);
            let (planes_tx, planes) = sync_channel(1);
            let handle = std::thread::Builder::new()
                .name("oxgl-raster".into())
                .spawn(move || {
                    let mut target: Option<Planes> = None;
                    for msg in rx {
                        match msg {
                            Msg::Attach(p) => target = Some(p),
                            Msg::Run(mut scene) => {
                                if let Some(p) = target.as_mut() {
                                    execute(&scene, p, threads, None);
                                }
                                scene.release();
                                if done_tx.send(scene).is_err() {
                                    return;
                                }
                            }
                            Msg::Detach => {
                                if planes_tx.send(target.take()).is_err() {
                                    return;
                                }
                            }
                        }
                    }
                })
                .ok();
            match handle {
                Some(handle) => Exec::Threaded(Threaded {
                    tx: Some(tx),
                    done,
                    planes,
                    in_flight: 0,
                    handle: Some(handle),
                }),
                None => Exec::Inline {
                    planes: None,
                    batch: Box::default(),
                },
            }
        };
        Rasterizer {
            threads,
            front: FrontEnd::default(),
            scene: None,
            target: None,
            spare: Vec::new(),
            exec,
            query: None,
        }
    }

    /// Worker threads (0 = inline).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The target being drawn to, if any.
    pub fn target(&self) -> Option<TargetInfo> {
        self.target.map(|t| t.0)
    }

    /// Starts drawing into `fb`'s `buffer` (plus its depth and stencil): the
    /// planes move into the rasterizer until [`Rasterizer::end`]. A target
    /// still attached is an internal bug (its planes stay with us).
    pub fn begin(&mut self, fb: &mut Buffers, buffer: ColorBuffer) {
        debug_assert!(self.target.is_none(), "begin() without end()");
        // Single-buffered: the back buffer is the front one.
        let buffer = if fb.back.is_empty() {
            ColorBuffer::Front
        } else {
            buffer
        };
        let color = match buffer {
            ColorBuffer::Front => std::mem::take(&mut fb.front),
            ColorBuffer::Back => std::mem::take(&mut fb.back),
        };
        let info = TargetInfo {
            width: fb.width,
            height: fb.height,
            flip_y: true,
            has_alpha: fb.desc.color_format != oxgl_dri_interface::OxglColorFormat::B8G8R8X8,
            format: fb.desc.color_format,
            depth: (!fb.depth.is_empty()).then(|| DepthFormat::from_bits(fb.desc.depth_bits)),
            stencil: !fb.stencil.is_empty(),
            extra: fb.extra.len() as u8,
            extra_formats: std::array::from_fn(|i| {
                fb.extra
                    .get(i)
                    .map_or(oxgl_dri_interface::OxglColorFormat::B8G8R8A8, |p| p.format)
            }),
        };
        let planes = Planes {
            color,
            depth: std::mem::take(&mut fb.depth),
            stencil: std::mem::take(&mut fb.stencil),
            extra: std::mem::take(&mut fb.extra),
        };
        self.target = Some((info, buffer));
        match &mut self.exec {
            Exec::Inline { planes: p, .. } => *p = Some(planes),
            Exec::Threaded(t) => {
                if let Some(tx) = &t.tx {
                    let _ = tx.send(Msg::Attach(planes));
                }
            }
        }
        let mut scene = self
            .spare
            .pop()
            .unwrap_or_else(|| Box::new(Scene::new(info)));
        scene.reset(info);
        self.scene = Some(scene);
    }

    /// Makes later draws count their passing samples into `counter` (`None`:
    /// into nothing). Draws binned before keep the counter they had.
    pub fn set_query(&mut self, counter: Option<&Arc<SampleCounter>>) {
        let same = match (&self.query, counter) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.query = counter.cloned();
        }
    }

    /// Bins one draw. Nothing happens without a target.
    pub fn draw(&mut self, state: &Arc<DrawState>, vertices: &VertexBatch, draw: &Draw) {
        if self.scene.as_ref().is_some_and(|s| s.is_full()) {
            self.flush();
        }
        let Some(scene) = self.scene.as_deref_mut() else {
            return;
        };
        let n = vertices.num_varyings.min(MAX_VARYINGS);
        let query = self.query.as_ref();
        let same = scene.states.last().is_some_and(|s| {
            Arc::ptr_eq(&s.draw, state)
                && s.num_varyings == n
                && match (&s.query, query) {
                    (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                    (None, None) => true,
                    _ => false,
                }
        });
        if !same {
            let mut st = setup::scene_state(state, n, &scene.target);
            if let Some(q) = query {
                if !scene.queries.iter().any(|p| p.holds(q)) {
                    scene.queries.push(query::Pending::new(q));
                }
                st.query = Some(q.clone());
            }
            scene.states.push(st);
        }
        let idx = scene.states.len() as u32 - 1;
        self.front.draw(scene, idx, state, vertices, draw);
    }

    /// Bins a clear (`draw_buffers` is ignored: the attached colour buffer is cleared).
    pub fn clear(&mut self, params: &ClearParams) {
        if self.scene.as_ref().is_some_and(|s| s.is_full()) {
            self.flush();
        }
        if let Some(scene) = self.scene.as_deref_mut() {
            scene.bin_clear(*params);
        }
    }

    /// Hands the scene binned so far to the workers.
    pub fn flush(&mut self) {
        let Some((info, _)) = self.target else {
            return;
        };
        if self.scene.as_ref().is_none_or(|s| s.is_empty()) {
            // Draws that binned nothing still hold their queries: let go,
            // and forget their states so that a later draw with the same
            // state and query takes the query again.
            if let Some(s) = self.scene.as_mut() {
                s.reset(info);
            }
            return;
        }
        let next = match &mut self.exec {
            Exec::Threaded(t) => {
                while t.in_flight > MAX_QUEUED {
                    match t.done.recv() {
                        Ok(s) => {
                            self.spare.push(s);
                            t.in_flight -= 1;
                        }
                        Err(_) => break,
                    }
                }
                self.spare.pop()
            }
            Exec::Inline { .. } => self.spare.pop(),
        };
        let mut next = next.unwrap_or_else(|| Box::new(Scene::new(info)));
        next.reset(info);
        let Some(scene) = self.scene.replace(next) else {
            return;
        };
        match &mut self.exec {
            Exec::Inline { planes, batch } => {
                if let Some(p) = planes.as_mut() {
                    execute(&scene, p, 0, Some(batch));
                }
                let mut scene = scene;
                scene.release();
                self.spare.push(scene);
            }
            Exec::Threaded(t) => {
                if let Some(tx) = &t.tx
                    && tx.send(Msg::Run(scene)).is_ok()
                {
                    t.in_flight += 1;
                }
            }
        }
    }

    /// Flushes and waits until every scene is rasterized.
    pub fn finish(&mut self) {
        self.flush();
        if let Exec::Threaded(t) = &mut self.exec {
            while t.in_flight > 0 {
                match t.done.recv() {
                    Ok(s) => self.spare.push(s),
                    Err(_) => {
                        t.in_flight = 0;
                        break;
                    }
                }
                t.in_flight -= 1;
            }
        }
        self.spare.truncate(MAX_QUEUED + 2);
    }

    /// Finishes and gives the planes back to `fb` (the `Buffers` passed to
    /// [`Rasterizer::begin`]); call it before reading, mapping, resizing or
    /// clearing `fb` directly.
    pub fn end(&mut self, fb: &mut Buffers) {
        self.finish();
        let Some((_, buffer)) = self.target.take() else {
            return;
        };
        if let Some(mut s) = self.scene.take() {
            s.release();
            self.spare.push(s);
        }
        let planes = match &mut self.exec {
            Exec::Inline { planes, .. } => planes.take(),
            Exec::Threaded(t) => match &t.tx {
                Some(tx) if tx.send(Msg::Detach).is_ok() => t.planes.recv().ok().flatten(),
                _ => None,
            },
        };
        let Some(p) = planes else {
            debug_assert!(false, "rasterizer lost its target");
            return;
        };
        match buffer {
            ColorBuffer::Front => fb.front = p.color,
            ColorBuffer::Back => fb.back = p.color,
        }
        fb.depth = p.depth;
        fb.stencil = p.stencil;
        fb.extra = p.extra;
    }
}

impl Drop for Rasterizer {
    fn drop(&mut self) {
        if let Exec::Threaded(t) = &mut self.exec {
            t.tx = None;
            while t.done.try_recv().is_ok() {}
            if let Some(h) = t.handle.take() {
                // Unblock a thread waiting to hand back a finished scene.
                drop(std::mem::replace(&mut t.done, sync_channel(0).1));
                let _ = h.join();
            }
        }
    }
}

/// Splits `data` (row-major, `width` pixels of `words` elements wide) into
/// per-tile row slices.
fn split_rows<'a, T>(
    data: &'a mut [T],
    target: &TargetInfo,
    words: usize,
    out: &mut [Vec<&'a mut [T]>],
) {
    let w = target.width as usize * words;
    if data.len() < w * target.height as usize || w == 0 {
        return;
    }
    let tiles_x = target.tiles_x() as usize;
    for (y, row) in data.chunks_mut(w).take(target.height as usize).enumerate() {
        let ty = y / TILE as usize;
        for (tx, chunk) in row.chunks_mut(TILE as usize * words).enumerate() {
            out[ty * tiles_x + tx].push(chunk);
        }
    }
}

/// Rasterizes `scene` into `planes` with `threads` workers (≤ 1: this thread).
fn execute(scene: &Scene, planes: &mut Planes, threads: usize, batch: Option<&mut Box<QuadBatch>>) {
    let t = scene.target;
    let n = (t.tiles_x() * t.tiles_y()) as usize;
    let mut color: Vec<Vec<&mut [u32]>> = (0..n).map(|_| Vec::new()).collect();
    let mut depth: Vec<Vec<&mut [f32]>> = (0..n).map(|_| Vec::new()).collect();
    let mut stencil: Vec<Vec<&mut [u8]>> = (0..n).map(|_| Vec::new()).collect();
    split_rows(&mut planes.color, &t, t.color_words(), &mut color);
    split_rows(&mut planes.depth, &t, 1, &mut depth);
    split_rows(&mut planes.stencil, &t, 1, &mut stencil);
    // Extra colour buffers: per tile, one row list per buffer.
    let mut extra: Vec<Vec<Vec<&mut [u32]>>> = (0..n).map(|_| Vec::new()).collect();
    for plane in planes.extra.iter_mut() {
        let words = crate::framebuffer::color_words(plane.format);
        let mut rows: Vec<Vec<&mut [u32]>> = (0..n).map(|_| Vec::new()).collect();
        split_rows(&mut plane.data, &t, words, &mut rows);
        for (tile, r) in extra.iter_mut().zip(rows) {
            tile.push(r);
        }
    }
    if color.iter().any(|c| c.is_empty()) {
        debug_assert!(false, "target planes do not match the scene");
        return;
    }
    let tiles_x = t.tiles_x() as usize;
    let views: Vec<(usize, TileView)> = color
        .into_iter()
        .zip(depth)
        .zip(stencil)
        .zip(extra)
        .enumerate()
        .filter(|(i, _)| !scene.bins[*i].is_empty())
        .map(|(i, (((color, depth), stencil), extra))| {
            let (tx, ty) = ((i % tiles_x) as i32, (i / tiles_x) as i32);
            let view = TileView {
                x0: tx * TILE as i32,
                y0: ty * TILE as i32,
                w: (color[0].len() / t.color_words()) as i32,
                h: color.len() as i32,
                color,
                depth,
                stencil,
                extra,
            };
            (i, view)
        })
        .collect();
    if threads <= 1 || views.len() <= 1 {
        let mut own;
        let batch = match batch {
            Some(b) => b,
            None => {
                own = Box::<QuadBatch>::default();
                &mut own
            }
        };
        for (i, mut view) in views {
            simd::run_tile(scene, i, &mut view, batch);
        }
        return;
    }
    let queue = Mutex::new(views.into_iter());
    let work = || {
        let mut batch = Box::<QuadBatch>::default();
        loop {
            let next = queue.lock().unwrap_or_else(|e| e.into_inner()).next();
            let Some((i, mut view)) = next else {
                break;
            };
            simd::run_tile(scene, i, &mut view, &mut batch);
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads {
            s.spawn(work);
        }
        work();
    });
}
