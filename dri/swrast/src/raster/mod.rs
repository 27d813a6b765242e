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
pub use scene::{DepthFormat, Plane, TILE, TargetInfo};
pub use setup::{Draw, Elements, Topology, VertexBatch};
pub use shader::{
    AtPlanes, ConstantColor, FragmentShader, InterpolatedColor, LANE_X, LANE_Y, LANES, QUADS,
    QuadBatch, ShaderInfo,
};
pub use state::{
    BlendEquation, BlendFactor, BlendFunc, BlendState, CompareFunc, Coverage, CullMode,
    DepthStencilState, FrontFace, Interp, LineStipple, LogicOp, MAX_CLIP_DISTANCES, MAX_VARYINGS,
    PolygonMode, PolygonOffset, ProvokingVertex, RasterState, Rect, StencilFace, StencilOp,
    VaryingMask, Viewport,
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
    /// Scenes handed over so far.
    handed_over: u64,
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
    /// Primitives binned since the last clear, and between the two clears
    /// before it: a clear goes to idle workers at once only when the draws
    /// after the last one were many ([`EAGER_PRIMS`]), as in the frame
    /// before. A clear followed by a few primitives is cheaper in the same
    /// scene as them, each tile cleared and drawn while it is in cache.
    prims_since_clear: usize,
    prims_last_frame: usize,
    /// Primitives a scene holds before a draw hands it to idle workers:
    /// [`EAGER_PRIMS`] after a clear or a finish, doubled by each eager
    /// hand-over up to [`EAGER_MAX`], so that the workers start early in
    /// a frame and a long draw still bins into large scenes (each scene
    /// costs a pass over every tile it touches).
    eager: usize,
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
                    let mut pending = None;
                    while let Some(msg) = pending.take().or_else(|| rx.recv().ok()) {
                        match msg {
                            Msg::Attach(p) => target = Some(p),
                            Msg::Run(mut scene) => match target.as_mut() {
                                Some(p) => {
                                    pending = run_scenes(scene, p, threads, &rx, &done_tx);
                                    if pending.is_none() {
                                        return;
                                    }
                                }
                                None => {
                                    scene.release();
                                    if done_tx.send(scene).is_err() {
                                        return;
                                    }
                                }
                            },
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
                    handed_over: 0,
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
            prims_since_clear: 0,
            prims_last_frame: 0,
            eager: EAGER_PRIMS,
        }
    }

    /// Worker threads (0 = inline).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Scenes handed to the worker threads so far (0 inline).
    pub fn scenes_handed_over(&self) -> u64 {
        match &self.exec {
            Exec::Threaded(t) => t.handed_over,
            Exec::Inline { .. } => 0,
        }
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
    ///
    /// While it bins, the draw hands what it has binned so far to the
    /// workers whenever they are idle and it holds the threshold
    /// (`Rasterizer::eager`: [`EAGER_PRIMS`], growing within a frame), so
    /// that they rasterize while this thread sets up the rest; a scene that
    /// fills up is handed over whether they are idle or not.
    pub fn draw(&mut self, state: &Arc<DrawState>, vertices: &VertexBatch, draw: &Draw) {
        if self.scene.as_ref().is_some_and(|s| s.is_full()) {
            self.flush();
        }
        let Some(scene) = self.scene.as_deref_mut() else {
            return;
        };
        let n = vertices.num_varyings.min(MAX_VARYINGS);
        let idx = state_index(scene, state, n, self.query.as_ref());
        let before = scene.prims.len();
        let mut binned = 0;
        let Rasterizer {
            front,
            exec,
            spare,
            query,
            eager: threshold,
            ..
        } = self;
        let mut pause = |scene: &mut Scene| {
            let eager = scene.prims.len() >= *threshold
                && matches!(exec, Exec::Threaded(_))
                && exec.busy(spare) < EAGER_BUSY;
            if !(eager || scene.is_full()) {
                return None;
            }
            if eager {
                *threshold = (*threshold * 2).min(EAGER_MAX);
            }
            binned += scene.prims.len();
            hand_over(exec, spare, scene);
            Some(state_index(scene, state, n, query.as_ref()))
        };
        front.draw(scene, idx, state, vertices, draw, &mut pause);
        // A scene handed over mid-draw held `before` primitives of earlier draws.
        binned = (binned + scene.prims.len()).saturating_sub(before);
        self.prims_since_clear = self.prims_since_clear.saturating_add(binned);
    }

    /// Bins a clear (`draw_buffers` is ignored: the attached colour buffer is
    /// cleared). Idle workers get it at once when the frame before drew
    /// many primitives, so that they clear while this thread runs the next
    /// draw's vertex stage.
    pub fn clear(&mut self, params: &ClearParams) {
        if self.scene.as_ref().is_some_and(|s| s.is_full()) {
            self.flush();
        }
        if let Some(scene) = self.scene.as_deref_mut() {
            scene.bin_clear(*params);
            self.eager = EAGER_PRIMS;
            self.prims_last_frame = std::mem::take(&mut self.prims_since_clear);
            if self.prims_last_frame >= EAGER_PRIMS
                && matches!(self.exec, Exec::Threaded(_))
                && self.exec.idle(&mut self.spare)
            {
                self.flush();
            }
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
        if let Some(scene) = self.scene.as_deref_mut() {
            hand_over(&mut self.exec, &mut self.spare, scene);
        }
    }

    /// Flushes and waits until every scene is rasterized.
    pub fn finish(&mut self) {
        self.flush();
        self.eager = EAGER_PRIMS;
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

/// Primitives a scene holds before a draw hands it to idle workers, at
/// the start of a frame (after a clear or a finish).
pub const EAGER_PRIMS: usize = 128;

/// The most that threshold grows to within a frame.
const EAGER_MAX: usize = 4096;

/// A draw hands its scene over while fewer scenes than this are being rasterized.
const EAGER_BUSY: usize = 2;

/// The index of `state` (drawn with `n` varyings and the query `query`) in
/// `scene`'s states, pushed unless it is the last one.
fn state_index(
    scene: &mut Scene,
    state: &Arc<DrawState>,
    n: usize,
    query: Option<&Arc<SampleCounter>>,
) -> u32 {
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
    scene.states.len() as u32 - 1
}

impl Exec {
    /// Whether every scene handed over has been rasterized (collecting the
    /// finished ones into `spare`).
    #[expect(clippy::vec_box, reason = "scenes move between threads as boxes")]
    fn idle(&mut self, spare: &mut Vec<Box<Scene>>) -> bool {
        self.busy(spare) == 0
    }

    /// Scenes handed over and not yet rasterized (collecting the finished
    /// ones into `spare`).
    #[expect(clippy::vec_box, reason = "scenes move between threads as boxes")]
    fn busy(&mut self, spare: &mut Vec<Box<Scene>>) -> usize {
        match self {
            Exec::Inline { .. } => 0,
            Exec::Threaded(t) => {
                while t.in_flight > 0 {
                    match t.done.try_recv() {
                        Ok(s) => {
                            spare.push(s);
                            t.in_flight -= 1;
                        }
                        Err(std::sync::mpsc::TryRecvError::Empty) => break,
                        Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                            t.in_flight = 0;
                        }
                    }
                }
                t.in_flight
            }
        }
    }
}

/// Moves what `scene` holds into a scene of its own and rasterizes that one
/// (on the workers, waiting while [`MAX_QUEUED`] scenes already wait; or
/// here, inline); `scene` is left empty, for the same target.
#[expect(clippy::vec_box, reason = "scenes move between threads as boxes")]
fn hand_over(exec: &mut Exec, spare: &mut Vec<Box<Scene>>, scene: &mut Scene) {
    if let Exec::Threaded(t) = exec {
        while t.in_flight > MAX_QUEUED {
            match t.done.recv() {
                Ok(s) => {
                    spare.push(s);
                    t.in_flight -= 1;
                }
                Err(_) => break,
            }
        }
    }
    let info = scene.target;
    let mut full = spare.pop().unwrap_or_else(|| Box::new(Scene::new(info)));
    full.reset(info);
    std::mem::swap(scene, &mut *full);
    match exec {
        Exec::Inline { planes, batch } => {
            if let Some(p) = planes.as_mut() {
                execute(&full, p, batch);
            }
            full.release();
            spare.push(full);
        }
        Exec::Threaded(t) => {
            if let Some(tx) = &t.tx
                && tx.send(Msg::Run(full)).is_ok()
            {
                t.in_flight += 1;
                t.handed_over += 1;
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

/// Every tile's view of `planes` (row slices per plane), in tile order;
/// `None` when the planes do not match `t`.
fn tile_views<'a>(planes: &'a mut Planes, t: &TargetInfo) -> Option<Vec<TileView<'a>>> {
    let n = (t.tiles_x() * t.tiles_y()) as usize;
    // Each list gets its tile's rows at once: grown by pushes, the lists
    // of an 800×600 target took some 2,000 allocations a frame.
    let rows = |present: bool| if present { TILE as usize } else { 0 };
    let mut color: Vec<Vec<&mut [u32]>> = (0..n).map(|_| Vec::with_capacity(rows(true))).collect();
    let mut depth: Vec<Vec<&mut [f32]>> = (0..n)
        .map(|_| Vec::with_capacity(rows(!planes.depth.is_empty())))
        .collect();
    let mut stencil: Vec<Vec<&mut [u8]>> = (0..n)
        .map(|_| Vec::with_capacity(rows(!planes.stencil.is_empty())))
        .collect();
    split_rows(&mut planes.color, t, t.color_words(), &mut color);
    split_rows(&mut planes.depth, t, 1, &mut depth);
    split_rows(&mut planes.stencil, t, 1, &mut stencil);
    // Extra colour buffers: per tile, one row list per buffer.
    let mut extra: Vec<Vec<Vec<&mut [u32]>>> = (0..n).map(|_| Vec::new()).collect();
    for plane in planes.extra.iter_mut() {
        let words = crate::framebuffer::color_words(plane.format);
        let mut lists: Vec<Vec<&mut [u32]>> =
            (0..n).map(|_| Vec::with_capacity(rows(true))).collect();
        split_rows(&mut plane.data, t, words, &mut lists);
        for (tile, r) in extra.iter_mut().zip(lists) {
            tile.push(r);
        }
    }
    if color.iter().any(|c| c.is_empty()) {
        debug_assert!(false, "target planes do not match the scene");
        return None;
    }
    let tiles_x = t.tiles_x() as usize;
    let views = color
        .into_iter()
        .zip(depth)
        .zip(stencil)
        .zip(extra)
        .enumerate()
        .map(|(i, (((color, depth), stencil), extra))| {
            let (tx, ty) = ((i % tiles_x) as i32, (i / tiles_x) as i32);
            TileView {
                x0: tx * TILE as i32,
                y0: ty * TILE as i32,
                w: (color[0].len() / t.color_words()) as i32,
                h: color.len() as i32,
                color,
                depth,
                stencil,
                extra,
            }
        })
        .collect();
    Some(views)
}

/// Rasterizes `scene` into `planes` on this thread.
fn execute(scene: &Scene, planes: &mut Planes, batch: &mut QuadBatch) {
    let Some(views) = tile_views(planes, &scene.target) else {
        return;
    };
    for (i, mut view) in views.into_iter().enumerate() {
        if !scene.bins[i].is_empty() {
            simd::run_tile(scene, i, &mut view, batch);
        }
    }
}

/// One tile of a scene for a worker.
struct Job<'a> {
    scene: Arc<Scene>,
    tile: usize,
    view: TileView<'a>,
}

/// The tiles waiting for a worker, and whether the workers should leave.
#[derive(Default)]
struct Queue<'a> {
    jobs: Mutex<(std::collections::VecDeque<Job<'a>>, bool)>,
    ready: std::sync::Condvar,
}

impl<'a> Queue<'a> {
    fn lock(&self) -> std::sync::MutexGuard<'_, (std::collections::VecDeque<Job<'a>>, bool)> {
        self.jobs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The next job; `None` when empty (`wait`: once closed).
    fn pop(&self, wait: bool) -> Option<Job<'a>> {
        let mut q = self.lock();
        loop {
            if let Some(j) = q.0.pop_front() {
                return Some(j);
            }
            if !wait || q.1 {
                return None;
            }
            q = self.ready.wait(q).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn close(&self) {
        self.lock().1 = true;
        self.ready.notify_all();
    }
}

/// Rasterizes `first`, then every scene that follows it on `rx`, into
/// `planes` with `threads` workers (this thread and `threads - 1` helpers
/// that live as long as scenes keep coming); each rasterized scene goes
/// back on `done`. Returns the first message that is not a scene for the
/// same target (`None` once `rx` or `done` is closed).
fn run_scenes(
    first: Box<Scene>,
    planes: &mut Planes,
    threads: usize,
    rx: &Receiver<Msg>,
    done: &SyncSender<Box<Scene>>,
) -> Option<Msg> {
    let target = first.target;
    let Some(mut views) =
        tile_views(planes, &target).map(|v| v.into_iter().map(Some).collect::<Vec<_>>())
    else {
        let mut first = first;
        first.release();
        return done.send(first).ok().and_then(|()| rx.recv().ok());
    };
    let queue = Queue::default();
    let (ret_tx, ret_rx) = std::sync::mpsc::channel::<(usize, TileView)>();
    std::thread::scope(|s| {
        for _ in 1..threads.min(views.len()) {
            let ret_tx = ret_tx.clone();
            let queue = &queue;
            s.spawn(move || {
                let mut batch = Box::<QuadBatch>::default();
                while let Some(Job {
                    scene,
                    tile,
                    mut view,
                }) = queue.pop(true)
                {
                    simd::run_tile(&scene, tile, &mut view, &mut batch);
                    // The scene's reference goes before its tile comes back.
                    drop(scene);
                    if ret_tx.send((tile, view)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(ret_tx);
        let next = coordinate(first, &mut views, &queue, &ret_rx, rx, done);
        queue.close();
        next
    })
}

/// [`run_scenes`]' own thread: queues each scene's tiles, works on them
/// too, collects the views back, and returns the scene.
fn coordinate<'a>(
    first: Box<Scene>,
    views: &mut [Option<TileView<'a>>],
    queue: &Queue<'a>,
    returned: &Receiver<(usize, TileView<'a>)>,
    rx: &Receiver<Msg>,
    done: &SyncSender<Box<Scene>>,
) -> Option<Msg> {
    let target = first.target;
    let mut batch = Box::<QuadBatch>::default();
    let mut scene = first;
    loop {
        let shared: Arc<Scene> = Arc::from(scene);
        let mut jobs = 0;
        {
            let mut q = queue.lock();
            for (tile, view) in views.iter_mut().enumerate() {
                if shared.bins[tile].is_empty() {
                    continue;
                }
                if let Some(view) = view.take() {
                    q.0.push_back(Job {
                        scene: shared.clone(),
                        tile,
                        view,
                    });
                    jobs += 1;
                }
            }
        }
        queue.ready.notify_all();
        while let Some(Job {
            scene,
            tile,
            mut view,
        }) = queue.pop(false)
        {
            simd::run_tile(&scene, tile, &mut view, &mut batch);
            views[tile] = Some(view);
            jobs -= 1;
        }
        while jobs > 0 {
            let Ok((tile, view)) = returned.recv() else {
                break;
            };
            views[tile] = Some(view);
            jobs -= 1;
        }
        // Every job (and its reference) is back unless a helper died.
        let mut finished = match Arc::try_unwrap(shared) {
            Ok(s) => Box::new(s),
            Err(_) => {
                debug_assert!(false, "a raster helper kept its scene");
                return None;
            }
        };
        finished.release();
        if done.send(finished).is_err() {
            return None;
        }
        match rx.recv() {
            Ok(Msg::Run(next)) if next.target == target => scene = next,
            Ok(other) => return Some(other),
            Err(_) => return None,
        }
    }
}
