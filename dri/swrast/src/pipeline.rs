//! The vertex pipeline in front of the rasterizer: one `draw_prims` call
//! (a safe [`DrawCall`]) becomes fetched attributes, vertex shader runs
//! [`LANES`] vertices at a time, SoA varyings laid out for the fragment
//! shader's inputs, GL primitives mapped to the rasterizer's topologies
//! (quads, quad strips and polygons decomposed with their edge flags and
//! provoking vertices), and the state objects translated from GL enums.

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::AtomicU32;

use oxgl_dri_interface::vertex::{ElementFormat, read_elements};
use oxgl_dri_interface::{
    OXGL_MAX_EXTRA_VIEWPORTS, OXGL_MAX_VIEWPORTS, OxglBlendDesc, OxglDepthStencilDesc, OxglPrim,
    OxglRasterDesc, OxglStencilFace, OxglVertexAttrib,
};

use crate::capture::{Capture, STREAMS};
use crate::geometry;
use crate::program::{FragmentProgram, Halves, MAX_LOCATIONS, PATCH_LANES, Program, VertexOutputs};
use crate::raster::{
    BlendEquation, BlendFactor, BlendFunc, BlendState, CompareFunc, CullMode, DepthStencilState,
    Draw, DrawState, Elements, FrontFace, LANES, LineStipple, LogicOp, MAX_VARYINGS, PolygonMode,
    PolygonOffset, ProvokingVertex, RasterState, Rasterizer, Rect, StencilFace, StencilOp,
    Topology, VertexBatch, Viewport,
};
use crate::tessellator::{Tessellation, tessellate};
use crate::texture::{Samplers, TexView, TextureCache};

// GL enum values the descriptors carry (GL 4.6 core, table of enums).
pub(crate) mod gl {
    pub const POINTS: u32 = 0x0000;
    pub const LINES: u32 = 0x0001;
    pub const LINE_LOOP: u32 = 0x0002;
    pub const LINE_STRIP: u32 = 0x0003;
    pub const TRIANGLES: u32 = 0x0004;
    pub const TRIANGLE_STRIP: u32 = 0x0005;
    pub const TRIANGLE_FAN: u32 = 0x0006;
    pub const QUADS: u32 = 0x0007;
    pub const QUAD_STRIP: u32 = 0x0008;
    pub const POLYGON: u32 = 0x0009;
    pub const LINES_ADJACENCY: u32 = 0x000A;
    pub const LINE_STRIP_ADJACENCY: u32 = 0x000B;
    pub const TRIANGLES_ADJACENCY: u32 = 0x000C;
    pub const TRIANGLE_STRIP_ADJACENCY: u32 = 0x000D;
    pub const PATCHES: u32 = 0x000E;
    pub const NEVER: u32 = 0x0200;
    pub const FRONT: u32 = 0x0404;
    pub const BACK: u32 = 0x0405;
    pub const FRONT_AND_BACK: u32 = 0x0408;
    pub const CW: u32 = 0x0900;
    pub const POINT: u32 = 0x1B00;
    pub const LINE: u32 = 0x1B01;
    pub const LOWER_LEFT: u32 = 0x8CA1;
    pub const FIRST_VERTEX_CONVENTION: u32 = 0x8E4D;
}

/// One vertex shader input the backend reads from memory (ABI 13,
/// `OxglVertexInput`): vertex `v`'s element at byte `v * stride`.
pub struct VertexInput<'a> {
    /// The vertex shader input location it feeds.
    pub location: u32,
    /// Element layout.
    pub format: ElementFormat,
    /// Bytes from one element to the next.
    pub stride: usize,
    /// From the element of the draw's first vertex on.
    pub bytes: &'a [u8],
}

/// A validated view of one `draw_prims` descriptor.
pub struct DrawCall<'a> {
    /// Interleaved vertices.
    pub vertices: &'a [f32],
    /// Vertex count.
    pub vertex_count: usize,
    /// Floats per vertex.
    pub stride: usize,
    /// Per-vertex attributes.
    pub attribs: &'a [OxglVertexAttrib],
    /// Values of the other inputs, by location.
    pub constants: &'a [[f32; 4]],
    /// Per-vertex edge flags.
    pub edge_flags: Option<&'a [u8]>,
    /// Per-vertex `gl_VertexID`, or `None`: `first_vertex` plus the
    /// vertex's index.
    pub vertex_ids: Option<&'a [i32]>,
    /// Inputs read from memory, besides those of `vertices`.
    pub inputs: &'a [VertexInput<'a>],
    /// The array index of vertex 0.
    pub first_vertex: u32,
    /// `gl_InstanceID` of the vertices.
    pub instance_id: i32,
    /// Primitives: ranges of vertices, or of `elements`.
    pub prims: &'a [OxglPrim],
    /// The vertex each primitive element names, or `None`: primitives
    /// take consecutive vertices.
    pub elements: Option<&'a [u32]>,
    /// Vertex shader.
    pub vs: &'a Arc<Program>,
    /// Fragment shader.
    pub fs: &'a Arc<Program>,
    /// Geometry shader and its uniforms (ABI 16).
    pub gs: Option<(&'a Arc<Program>, &'a [u8])>,
    /// Tessellation control shader and its uniforms (ABI 23).
    pub tcs: Option<(&'a Arc<Program>, &'a [u8])>,
    /// Tessellation evaluation shader and its uniforms (ABI 23): with it,
    /// `prims` are patches.
    pub tes: Option<(&'a Arc<Program>, &'a [u8])>,
    /// Vertices per patch.
    pub patch_vertices: u32,
    /// The outer then inner levels without a control shader.
    pub patch_levels: [f32; 6],
    /// Vertex uniforms.
    pub vs_uniforms: &'a [u8],
    /// Fragment uniforms.
    pub fs_uniforms: &'a [u8],
    /// Rasterization state.
    pub raster: &'a OxglRasterDesc,
    /// Depth/stencil state.
    pub depth_stencil: &'a OxglDepthStencilDesc,
    /// Blend state.
    pub blend: &'a OxglBlendDesc,
    /// The fragment output of each colour buffer, -1 for none
    /// (`OxglDrawDesc::color_outputs`).
    pub color_outputs: [i32; oxgl_dri_interface::OXGL_MAX_COLOR_BUFFERS],
    /// The extra colour buffers' write masks.
    pub extra_color_masks: [[u8; 4]; oxgl_dri_interface::OXGL_MAX_EXTRA_COLOR_BUFFERS],
    /// Textures of the fragment shader.
    pub textures: &'a [TexView<'a>],
    /// Buffer words the shaders read and change, by slot (ABI 24; see
    /// [`crate::program::BufferWords`]).
    pub buffers: &'a [&'static [AtomicU32]],
    /// The image units' views (ABI 25), valid for the call: the draw
    /// finishes before it returns when there are any.
    pub images: &'a Arc<Vec<crate::image::ImageView>>,
    /// `GL_RASTERIZER_DISCARD`: the vertex stage runs (and captures),
    /// nothing is rasterized.
    pub rasterizer_discard: bool,
    /// The `gl_PrimitiveID` of every primitive of each prim, when a
    /// geometry shader wrote it (`None`: the primitives counted in order).
    pub prim_ids: Option<&'a [u32]>,
}

impl DrawCall<'_> {
    /// Whether every attribute and primitive stays inside the vertex data.
    pub fn is_consistent(&self) -> bool {
        let n = self.vertex_count;
        (self.stride > 0 || self.attribs.is_empty())
            && self.vertices.len() >= n * self.stride
            && self.inputs.iter().all(|i| (1..=4).contains(&i.format.size))
            && self
                .attribs
                .iter()
                .all(|a| (1..=4).contains(&a.size) && (a.offset + a.size) as usize <= self.stride)
            && self.edge_flags.is_none_or(|e| e.len() >= n)
            && self.vertex_ids.is_none_or(|v| v.len() >= n)
            && self
                .elements
                .is_none_or(|e| e.iter().all(|&v| (v as usize) < n))
            && self.prims.iter().all(|p| {
                (p.start as u64 + p.count as u64) <= self.elements.map_or(n, |e| e.len()) as u64
            })
    }
}

/// A state object with the fragment program, uniforms and samplers it was made for.
type LastState = (
    Arc<DrawState>,
    Arc<Program>,
    Vec<u8>,
    Samplers,
    Vec<&'static [AtomicU32]>,
);

/// What a drawable keeps between draws: scratch space and the last state
/// object, reused while nothing changes.
#[derive(Default)]
pub struct Frontend {
    /// The last state object, with the fragment program and uniforms it was made for.
    last: Option<LastState>,
    textures: TextureCache,
    inputs: Vec<[f32; LANES]>,
    positions: Vec<[f32; 4]>,
    varyings: Vec<f32>,
    point_sizes: Vec<f32>,
    indices: Vec<u32>,
    edges: Vec<u8>,
    /// An indexed draw's triangles, their edge flags and its points
    /// ([`draw_elements`]), kept between draws for their capacity.
    elements: ElementScratch,
    regs: Option<(usize, oxgl_exec::Regs<LANES>)>,
    /// Transform feedback: the captured components of every vertex, and
    /// primitive assembly scratch ([`Capture`]).
    captured: Vec<f32>,
    capture_scratch: (Vec<u32>, Vec<u8>),
    /// Geometry stage: the vertex stage's records, the assembled input
    /// primitives, the emitted vertices and their strips, and the
    /// geometry shader's registers.
    records: Vec<f32>,
    gs_prims: Vec<u32>,
    emitted: Vec<f32>,
    strips: Vec<OxglPrim>,
    /// Each strip's `gl_Layer`, `gl_PrimitiveID` and `gl_ViewportIndex`.
    strip_ids: Vec<[i32; 3]>,
    /// The `gl_PrimitiveID`s of a layer's strips.
    layer_prim_ids: Vec<u32>,
    gs_regs: Option<(usize, oxgl_exec::Regs<LANES>)>,
    /// Tessellation stages: the evaluation shader's output batches (and
    /// their lane counts), spare batches for reuse, one prim per patch
    /// over the evaluated vertices, its elements and `gl_PrimitiveID`, and
    /// the shaders' registers.
    tes_out: Vec<(VertexOutputs, usize)>,
    tes_spare: Vec<VertexOutputs>,
    tess_prims: Vec<OxglPrim>,
    tess_elements: Vec<u32>,
    tess_ids: Vec<u32>,
    tcs_regs: Option<(usize, oxgl_exec::Regs<PATCH_LANES>)>,
    tes_regs: Option<(usize, oxgl_exec::Regs<LANES>)>,
}

impl Frontend {
    /// Drops what only earlier frames used: texture copies no draw since
    /// the last call has sampled, and the last state object.
    pub fn end_frame(&mut self) {
        self.last = None;
        self.textures.trim();
    }

    /// Runs the vertex stage, records the primitives in `capture` (once
    /// per draw: a draw into two buffers passes it to the first only) and
    /// rasterizes every primitive of `call`.
    pub fn draw(
        &mut self,
        raster: &mut Rasterizer,
        call: &DrawCall,
        mut capture: Option<&mut Capture>,
        ms: Multisample,
    ) {
        let fs_inputs = &call.fs.inputs;
        let locations = fs_inputs.last().map_or(0, |i| i.0 as usize + 1);
        let fs_varyings = (4 * locations).min(MAX_VARYINGS);
        // Enabled clip distances ride behind the fragment shader's varyings.
        let clips: Vec<usize> = (0..8)
            .filter(|i| call.raster.clip_distance_enables & (1 << i) != 0)
            .collect();
        let num_varyings = (fs_varyings + clips.len()).min(MAX_VARYINGS);
        let call_gs_layers = call.gs.is_some_and(|g| g.0.writes_layer);
        let call_gs_viewports = call.gs.is_some_and(|g| g.0.writes_viewport_index);
        let strips;
        let gs_call;
        let prim_ids: Vec<u32>;
        let tess_prims;
        let tess_elements;
        let tess_ids;
        let tess_call;
        let call = if let (Some(tes), None) = (call.tes, call.gs) {
            // The evaluated vertices and the primitives joining them are
            // the draw's from here on.
            self.tess_stage(call, fs_varyings, &clips, capture.as_deref());
            tess_prims = std::mem::take(&mut self.tess_prims);
            tess_elements = std::mem::take(&mut self.tess_elements);
            tess_ids = std::mem::take(&mut self.tess_ids);
            tess_call = DrawCall {
                vertex_count: self.positions.len(),
                edge_flags: None,
                vertex_ids: None,
                prims: &tess_prims,
                elements: Some(&tess_elements),
                vs: tes.0,
                tcs: None,
                tes: None,
                prim_ids: Some(&tess_ids),
                ..*call
            };
            &tess_call
        } else if let Some(gs) = call.gs {
            self.geometry_stage(call, gs, fs_varyings, &clips, capture.as_deref_mut());
            strips = std::mem::take(&mut self.strips);
            // A geometry shader that writes gl_PrimitiveID gives each of
            // its strips the ID of the strip's first vertex.
            prim_ids = if gs.0.writes_primitive_id {
                self.strip_ids.iter().map(|i| i[1] as u32).collect()
            } else {
                Vec::new()
            };
            // The emitted strips are the draw's vertices and primitives
            // from here on.
            gs_call = DrawCall {
                vertex_count: self.positions.len(),
                edge_flags: None,
                vertex_ids: None,
                prims: &strips,
                elements: None,
                vs: gs.0,
                gs: None,
                tcs: None,
                tes: None,
                prim_ids: (!prim_ids.is_empty()).then_some(&prim_ids[..]),
                ..*call
            };
            &gs_call
        } else {
            self.vertex_stage(call, fs_varyings, &clips, capture.as_deref());
            call
        };
        if let Some(c) = capture {
            self.record(call, c);
        }
        if call.rasterizer_discard {
            return;
        }
        let clip_varyings = fs_varyings..num_varyings;
        let flat = fs_inputs.iter().any(|i| i.1 == crate::raster::Interp::Flat);
        let use_point_sizes = call.raster.program_point_size != 0 && call.vs.writes_point_size;
        // A layered target: each strip goes to the layer its geometry
        // shader picked (`gl_Layer`); out of range, it is dropped. A
        // geometry shader writing `gl_ViewportIndex` picks each strip's
        // viewport, depth range and scissor; out of range, viewport 0's.
        let layered = ms.layers > 1 && call_gs_layers;
        if !layered && !call_gs_viewports {
            let state = self.clipped_state(call, clip_varyings);
            let mut batch = VertexBatch::soa(&self.positions, &self.varyings, num_varyings);
            if use_point_sizes {
                batch.point_sizes = Some(&self.point_sizes);
            }
            let scratch = (&mut self.indices, &mut self.edges, &mut self.elements);
            raster_passes(raster, call, &state, &batch, flat, ms, 0, scratch);
            return;
        }
        let ids = std::mem::take(&mut self.strip_ids);
        let groups = strip_groups(call, &ids, layered, call_gs_viewports, ms.layers);
        // Each viewport's rasterization state, made before the vertex
        // batch borrows the outputs.
        let mut viewports: Vec<(usize, OxglRasterDesc, Arc<DrawState>)> = Vec::new();
        for &((viewport, _), _) in &groups {
            if viewports.iter().all(|v| v.0 != viewport) {
                let desc = viewport_raster(call.raster, viewport);
                let state = self.clipped_state(
                    &DrawCall {
                        raster: &desc,
                        ..*call
                    },
                    clip_varyings.clone(),
                );
                viewports.push((viewport, desc, state));
            }
        }
        let mut batch = VertexBatch::soa(&self.positions, &self.varyings, num_varyings);
        if use_point_sizes {
            batch.point_sizes = Some(&self.point_sizes);
        }
        let mut layer_ids = std::mem::take(&mut self.layer_prim_ids);
        for ((viewport, l), strips) in &groups {
            let Some((_, desc, state)) = viewports.iter().find(|v| v.0 == *viewport) else {
                continue;
            };
            let prims: Vec<OxglPrim> = strips.iter().map(|&i| call.prims[i]).collect();
            layer_ids.clear();
            if let Some(all) = call.prim_ids {
                layer_ids.extend(strips.iter().map(|&i| all.get(i).copied().unwrap_or(0)));
            }
            let group_call = DrawCall {
                prims: &prims,
                prim_ids: call.prim_ids.map(|_| &layer_ids[..]),
                raster: desc,
                ..*call
            };
            let scratch = (&mut self.indices, &mut self.edges, &mut self.elements);
            raster_passes(raster, &group_call, state, &batch, flat, ms, *l, scratch);
        }
        self.strip_ids = ids;
        self.layer_prim_ids = layer_ids;
    }

    /// The draw state of `call`, with the clip distances riding behind the
    /// fragment shader's varyings at `clip_varyings`.
    fn clipped_state(&mut self, call: &DrawCall, clip_varyings: Range<usize>) -> Arc<DrawState> {
        let state = self.state(call);
        if clip_varyings.is_empty() {
            return state;
        }
        let mut s = (*state).clone();
        s.raster.clip_distances = clip_varyings.map(|v| v as u8).collect();
        Arc::new(s)
    }

    /// Fetches attributes and runs the vertex shader over every vertex:
    /// fills `positions`, SoA `varyings` (component-major, `n` per
    /// component; varying `4 L + c` is component `c` of location `L`) and
    /// `point_sizes`.
    fn vertex_stage(
        &mut self,
        call: &DrawCall,
        fs_varyings: usize,
        clips: &[usize],
        capture: Option<&Capture>,
    ) {
        let n = call.vertex_count;
        let vs = call.vs;
        self.prepare_vertices(n, fs_varyings + clips.len());
        let copied = copied_locations(call, vs);
        // Vertex texture fetch: the draw's textures, as the fragment stage
        // sees them (bindings are unique across the stages).
        let samplers = self.textures.bind(call.textures).with_images(call.images);
        self.run_vertex_shader(call, &samplers, |f, out, batch| {
            f.store_batch(call, vs, out, batch, &copied, (fs_varyings, clips), capture);
        });
    }

    /// Runs the vertex shader over every vertex of `call`, [`LANES`] at a
    /// time, handing each batch's outputs and `(first vertex, count)` to
    /// `each`.
    fn run_vertex_shader(
        &mut self,
        call: &DrawCall,
        samplers: &Samplers,
        mut each: impl FnMut(&mut Self, &VertexOutputs, (usize, usize)),
    ) {
        let vs = call.vs;
        let n = call.vertex_count;
        let n_loc = self.prepare_inputs(call);
        let out_locs = vs.outputs.last().map_or(0, |o| *o as usize + 1);
        let mut out = VertexOutputs::new(out_locs);
        let mut regs = take_regs(&mut self.regs, vs);
        let mut base = 0;
        while base < n {
            let count = (n - base).min(LANES);
            let batch = (base, count);
            shade_batch(
                call,
                &mut self.inputs,
                n_loc,
                &mut regs,
                samplers,
                batch,
                &mut out,
            );
            each(self, &out, batch);
            base += count;
        }
        self.regs = Some((Arc::as_ptr(vs) as usize, regs));
    }

    /// Constant vertex inputs in every lane of `inputs`; returns the
    /// vertex shader's input locations.
    fn prepare_inputs(&mut self, call: &DrawCall) -> usize {
        let n_loc = call.vs.inputs.last().map_or(0, |i| i.0 as usize + 1);
        self.inputs.clear();
        self.inputs.resize(4 * n_loc, [0.0; LANES]);
        for loc in 0..n_loc {
            let c = call
                .constants
                .get(loc)
                .copied()
                .unwrap_or([0.0, 0.0, 0.0, 1.0]);
            for (k, x) in c.into_iter().enumerate() {
                self.inputs[4 * loc + k] = [x; LANES];
            }
        }
        n_loc
    }

    /// Room for `n` processed vertices of `num_varyings` varyings.
    fn prepare_vertices(&mut self, n: usize, num_varyings: usize) {
        let num_varyings = num_varyings.min(MAX_VARYINGS);
        self.captured.clear();
        self.positions.clear();
        self.positions.resize(n, [0.0; 4]);
        self.varyings.clear();
        self.varyings.resize(num_varyings * n, 0.0);
        self.point_sizes.clear();
        self.point_sizes.resize(n, 1.0);
    }

    /// Runs the vertex shader over every vertex into vertex records, then
    /// the geometry shader over every input primitive; the emitted
    /// vertices fill `positions`, `varyings` and `point_sizes` as
    /// [`Frontend::vertex_stage`] fills them, and their strips `strips`.
    #[allow(
        clippy::needless_range_loop,
        reason = "lanes index several arrays at once"
    )]
    fn geometry_stage(
        &mut self,
        call: &DrawCall,
        (gs, gs_uniforms): (&Arc<Program>, &[u8]),
        fs_varyings: usize,
        clips: &[usize],
        capture: Option<&mut Capture>,
    ) {
        let Some(layout) = gs.geometry else {
            self.prepare_vertices(0, 0);
            return;
        };
        let mut n = call.vertex_count;
        let samplers = self.textures.bind(call.textures).with_images(call.images);
        // The vertex stage (or the tessellation stages), into records.
        let tess = call.tes.is_some();
        if tess {
            self.run_tessellation(call, &samplers);
            let batches = std::mem::take(&mut self.tes_out);
            n = batches.iter().map(|b| b.1).sum();
            self.records.clear();
            self.records.resize(n * geometry::RECORD, 0.0);
            let mut base = 0;
            for (out, count) in &batches {
                for lane in 0..*count {
                    let rec =
                        &mut self.records[(base + lane) * geometry::RECORD..][..geometry::RECORD];
                    geometry::store_record(out, lane, rec);
                }
                base += count;
            }
            self.recycle(batches);
        } else {
            self.vertex_records(call, &samplers);
        }
        let tess_prims = std::mem::take(&mut self.tess_prims);
        let tess_elements = std::mem::take(&mut self.tess_elements);
        let (prims, elements) = if tess {
            (&tess_prims[..], Some(&tess_elements[..]))
        } else {
            (call.prims, call.elements)
        };
        // Input primitives, in draw order; after tessellation each one's
        // gl_PrimitiveIDIn is its patch's.
        let nv = layout.vertices;
        self.gs_prims.clear();
        let mut patch_ids = Vec::new();
        for (i, p) in prims.iter().enumerate() {
            let (start, count) = (p.start as usize, p.count as usize);
            match elements {
                Some(el) => {
                    let Some(el) = el.get(start..start + count) else {
                        continue;
                    };
                    geometry::assemble(
                        p.mode,
                        p.count,
                        nv,
                        &|i| el[i as usize],
                        &mut self.gs_prims,
                    );
                }
                None if start + count <= n => {
                    let at = |i: u32| p.start + i;
                    geometry::assemble(p.mode, p.count, nv, &at, &mut self.gs_prims);
                }
                None => {}
            }
            if tess {
                let id = self.tess_ids.get(i).copied().unwrap_or(0) as i32;
                patch_ids.resize(self.gs_prims.len() / nv, id);
            }
        }
        self.tess_prims = tess_prims;
        self.tess_elements = tess_elements;
        // The geometry stage, LANES invocations at a time: each input
        // primitive's `invocations` instances in turn.
        let gs_locs = gs.outputs.last().map_or(0, |o| *o as usize + 1);
        let mut collector = geometry::Collector::new(layout, gs_locs);
        let mut gs_inputs = vec![[0.0f32; LANES]; nv * geometry::RECORD];
        let mut gs_outputs = vec![[0.0f32; LANES]; 4 * gs_locs];
        let read = gs.record_components();
        let mut gs_regs = take_regs(&mut self.gs_regs, gs);
        self.emitted.clear();
        self.strips.clear();
        self.strip_ids.clear();
        // Vertex streams 1 to 3 (ARB_gpu_shader5) are only captured and
        // counted, never rasterized.
        let side_streams = capture.as_ref().is_some_and(|_| gs.emits_streams);
        let mut side: Vec<(Vec<f32>, Vec<OxglPrim>, u32)> = Vec::new();
        if side_streams {
            side.resize_with(STREAMS - 1, Default::default);
        }
        let mut side_ids = Vec::new();
        let mut total = 0u32;
        let inv = layout.invocations.max(1) as usize;
        let num_prims = self.gs_prims.len() / nv;
        let num_runs = num_prims.saturating_mul(inv);
        let mut first = 0;
        while first < num_runs {
            let count = (num_runs - first).min(LANES);
            for lane in 0..count {
                let p = (first + lane) / inv;
                let prim = &self.gs_prims[p * nv..][..nv];
                for (v, &vertex) in prim.iter().enumerate() {
                    let rec =
                        &self.records[vertex as usize * geometry::RECORD..][..geometry::RECORD];
                    for &c in &read {
                        gs_inputs[v * geometry::RECORD + c][lane] = rec[c];
                    }
                }
            }
            let prim_ids = std::array::from_fn(|lane| {
                let p = (first + lane) / inv;
                patch_ids.get(p).copied().unwrap_or(p as i32)
            });
            let inv_ids = std::array::from_fn(|lane| ((first + lane) % inv) as i32);
            let mask = crate::program::first_lanes(count);
            gs.run_primitives(
                &mut gs_regs,
                mask,
                (prim_ids, inv_ids),
                &gs_inputs,
                &mut gs_outputs,
                (gs_uniforms, &samplers, call.buffers),
                &mut collector,
            );
            collector.drain(
                0,
                &mut self.emitted,
                &mut self.strips,
                &mut self.strip_ids,
                &mut total,
            );
            for (s, (emitted, strips, total)) in side.iter_mut().enumerate() {
                collector.drain(s + 1, emitted, strips, &mut side_ids, total);
                side_ids.clear();
            }
            collector.clear();
            first += count;
        }
        self.gs_regs = Some((Arc::as_ptr(gs) as usize, gs_regs));
        // The emitted vertices, as the vertex stage stores its own.
        let m = total as usize;
        self.prepare_vertices(m, fs_varyings + clips.len());
        let copied = copied_locations(call, gs);
        let mut out = VertexOutputs::new(gs_locs);
        let mut base = 0;
        while base < m {
            let count = (m - base).min(LANES);
            collector.unpack(&self.emitted, base, count, &mut out);
            let batch = (base, count);
            self.store_batch(
                call,
                gs,
                &out,
                batch,
                &copied,
                (fs_varyings, clips),
                capture.as_deref(),
            );
            base += count;
        }
        // The other streams' points, captured and counted.
        if let Some(c) = capture {
            let first_vertex = call.raster.provoking_vertex == gl::FIRST_VERTEX_CONVENTION;
            for (s, (emitted, strips, total)) in side.iter().enumerate() {
                let stream = s + 1;
                let mut values = Vec::new();
                if c.writes(stream) {
                    let mut base = 0;
                    while base < *total as usize {
                        let count = (*total as usize - base).min(LANES);
                        collector.unpack(emitted, base, count, &mut out);
                        c.gather(&out, count, stream, &mut values);
                        base += count;
                    }
                }
                for p in strips {
                    let vertex = |i: u32| p.start + i;
                    let scratch = &mut self.capture_scratch;
                    c.record(
                        stream,
                        p.mode,
                        p.count,
                        first_vertex,
                        &vertex,
                        &values,
                        scratch,
                    );
                }
            }
        }
    }

    /// The tessellation stages of a draw without a geometry shader: the
    /// evaluated vertices fill `positions`, `varyings` and `point_sizes`
    /// as [`Frontend::vertex_stage`] fills them; `tess_prims`,
    /// `tess_elements` and `tess_ids` join them.
    fn tess_stage(
        &mut self,
        call: &DrawCall,
        fs_varyings: usize,
        clips: &[usize],
        capture: Option<&Capture>,
    ) {
        let Some((tes, _)) = call.tes else {
            return;
        };
        let samplers = self.textures.bind(call.textures).with_images(call.images);
        self.run_tessellation(call, &samplers);
        let batches = std::mem::take(&mut self.tes_out);
        let m = batches.iter().map(|b| b.1).sum();
        self.prepare_vertices(m, fs_varyings + clips.len());
        let copied = copied_locations(call, tes);
        let mut base = 0;
        for (out, count) in &batches {
            let batch = (base, *count);
            self.store_batch(
                call,
                tes,
                out,
                batch,
                &copied,
                (fs_varyings, clips),
                capture,
            );
            base += count;
        }
        self.recycle(batches);
    }

    /// Runs the vertex shader over every vertex into `records`.
    fn vertex_records(&mut self, call: &DrawCall, samplers: &Samplers) {
        self.records.clear();
        self.records
            .resize(call.vertex_count * geometry::RECORD, 0.0);
        self.run_vertex_shader(call, samplers, |f, out, (base, count)| {
            for lane in 0..count {
                let rec = &mut f.records[(base + lane) * geometry::RECORD..][..geometry::RECORD];
                geometry::store_record(out, lane, rec);
            }
        });
    }

    /// Evaluation output batches back to the spares.
    fn recycle(&mut self, batches: Vec<(VertexOutputs, usize)>) {
        self.tes_spare.extend(batches.into_iter().map(|b| b.0));
        self.tes_out.clear();
    }

    /// Runs the vertex shader over every vertex into records, then per
    /// patch of `call.prims` the tessellation control shader (or the
    /// default levels), the primitive generator and the evaluation shader
    /// over the generated points: their outputs go to `tes_out` batch by
    /// batch, one prim per patch (`GL_TRIANGLES`, `GL_LINES` or
    /// `GL_POINTS`) over them to `tess_prims` and `tess_elements`, and the
    /// patch's number to `tess_ids`.
    fn run_tessellation(&mut self, call: &DrawCall, samplers: &Samplers) {
        use oxgl_exec::{PATCH_COMPONENTS, PATCH_TESS_LEVEL_INNER, PATCH_TESS_LEVEL_OUTER};
        self.tes_out.clear();
        self.tess_prims.clear();
        self.tess_elements.clear();
        self.tess_ids.clear();
        let Some((tes, tes_uniforms)) = call.tes else {
            return;
        };
        let Some(layout) = tes.tess else {
            return;
        };
        let pv = call.patch_vertices as usize;
        if !(1..=PATCH_LANES).contains(&pv) {
            return;
        }
        let n = call.vertex_count;
        self.vertex_records(call, samplers);
        // The patches' vertices, in draw order; a prim's remainder of
        // fewer than `pv` vertices is dropped.
        let mut patches = Vec::new();
        for p in call.prims.iter().filter(|p| p.mode == gl::PATCHES) {
            let count = p.count as usize / pv * pv;
            for i in 0..count {
                let at = p.start as usize + i;
                let v = match call.elements {
                    Some(el) => el.get(at).copied(),
                    None => Some(at as u32),
                };
                match v {
                    Some(v) if (v as usize) < n => patches.push(v),
                    _ => return,
                }
            }
        }
        // The record components the first tessellation stage reads.
        let reader = call.tcs.map_or(tes, |t| t.0);
        let read = reader.record_components();
        let mut input = vec![[0.0f32; PATCH_LANES]; geometry::RECORD];
        let mut controlled = vec![[0.0f32; PATCH_LANES]; geometry::RECORD];
        let mut patch = vec![0.0f32; PATCH_COMPONENTS];
        let mut tcs_regs = match (call.tcs, self.tcs_regs.take()) {
            (Some((tcs, _)), Some((id, r))) if id == Arc::as_ptr(tcs) as usize => Some(r),
            (Some((tcs, _)), _) => Some(tcs.new_patch_regs()),
            (None, _) => None,
        };
        let mut tes_regs = take_regs(&mut self.tes_regs, tes);
        let tes_locs = tes.outputs.last().map_or(0, |o| *o as usize + 1);
        let mut generated = Tessellation::default();
        let halves = Halves(samplers);
        let mut total = 0u32;
        for (id, vertices) in patches.chunks_exact(pv).enumerate() {
            for (v, &vertex) in vertices.iter().enumerate() {
                let rec = &self.records[vertex as usize * geometry::RECORD..][..geometry::RECORD];
                for &c in &read {
                    input[c][v] = rec[c];
                }
            }
            patch.fill(0.0);
            let ids = (id as i32, pv as i32);
            let (vertices, tes_ids) = match (call.tcs, tcs_regs.as_mut()) {
                (Some((tcs, uniforms)), Some(regs)) => {
                    let p = &mut patch;
                    let env = (
                        uniforms,
                        &halves as &dyn oxgl_exec::TextureHost<PATCH_LANES>,
                        call.buffers,
                    );
                    tcs.run_patch(regs, ids, &input, &mut controlled, p, env);
                    (&controlled, (id as i32, tcs.output_vertices as i32))
                }
                _ => {
                    for (i, l) in call.patch_levels.iter().enumerate() {
                        let at = if i < 4 {
                            PATCH_TESS_LEVEL_OUTER as usize + 4 * i
                        } else {
                            PATCH_TESS_LEVEL_INNER as usize + 4 * (i - 4)
                        };
                        patch[at] = *l;
                    }
                    (&input, ids)
                }
            };
            let level = |base: u32, i: usize| patch[base as usize + 4 * i];
            let outer = std::array::from_fn(|i| level(PATCH_TESS_LEVEL_OUTER, i));
            let inner = std::array::from_fn(|i| level(PATCH_TESS_LEVEL_INNER, i));
            let modes = (layout.point_mode, layout.ccw);
            tessellate(
                layout.domain,
                layout.spacing,
                modes,
                outer,
                inner,
                &mut generated,
            );
            if generated.indices.is_empty() {
                continue;
            }
            for chunk in generated.coords.chunks(LANES) {
                let coords: [[f32; LANES]; 3] = std::array::from_fn(|c| {
                    std::array::from_fn(|l| chunk.get(l).map_or(0.0, |x| x[c]))
                });
                let mut out = self
                    .tes_spare
                    .pop()
                    .filter(|o| o.outputs.len() == 4 * tes_locs)
                    .unwrap_or_else(|| VertexOutputs::new(tes_locs));
                tes.run_domain(
                    &mut tes_regs,
                    (&coords, chunk.len()),
                    tes_ids,
                    (vertices, &mut patch),
                    (tes_uniforms, samplers, call.buffers),
                    &mut out,
                );
                self.tes_out.push((out, chunk.len()));
            }
            let start = self.tess_elements.len() as u32;
            self.tess_elements
                .extend(generated.indices.iter().map(|&i| total + i));
            self.tess_prims.push(OxglPrim {
                mode: match generated.per {
                    3 => gl::TRIANGLES,
                    2 => gl::LINES,
                    _ => gl::POINTS,
                },
                start,
                count: generated.indices.len() as u32,
            });
            self.tess_ids.push(id as u32);
            total += generated.coords.len() as u32;
        }
        if let (Some((tcs, _)), Some(r)) = (call.tcs, tcs_regs) {
            self.tcs_regs = Some((Arc::as_ptr(tcs) as usize, r));
        }
        self.tes_regs = Some((Arc::as_ptr(tes) as usize, tes_regs));
    }

    /// Stores lanes `..count` of a vertex-processing run (of `prog`, the
    /// vertex or geometry shader) as vertices `base..base + count`.
    #[allow(clippy::too_many_arguments, reason = "per batch")]
    fn store_batch(
        &mut self,
        call: &DrawCall,
        prog: &Program,
        out: &VertexOutputs,
        (base, count): (usize, usize),
        copied: &[usize],
        (fs_varyings, clips): (usize, &[usize]),
        capture: Option<&Capture>,
    ) {
        let n = self.positions.len();
        let num_varyings = (fs_varyings + clips.len()).min(MAX_VARYINGS);
        // Spelled out: `[0, 1, 2, 3].map(..)` was an out-of-line call per
        // vertex whose result, stored a float at a time and read back as
        // one vector, stalled on store forwarding.
        let p = &out.position;
        for (lane, dst) in self.positions[base..base + count].iter_mut().enumerate() {
            *dst = [p[0][lane], p[1][lane], p[2][lane], p[3][lane]];
        }
        self.point_sizes[base..base + count].copy_from_slice(&out.point_size[..count]);
        if let Some(c) = capture {
            c.gather(out, count, 0, &mut self.captured);
        }
        for &loc in copied {
            for c in 0..4 {
                let vi = 4 * loc + c;
                if vi >= num_varyings {
                    break;
                }
                copy_lanes(
                    &mut self.varyings[vi * n + base..vi * n + base + count],
                    &out.outputs[vi],
                );
            }
        }
        for (k, &c) in clips.iter().enumerate() {
            let vi = fs_varyings + k;
            if vi >= num_varyings {
                break;
            }
            let dst = &mut self.varyings[vi * n + base..vi * n + base + count];
            if prog.writes_clip_distance {
                copy_lanes(dst, &out.clip_distance[c]);
            } else {
                // GLSL 1.30 §7.1: the position is compared against the
                // planes.
                let p = call.raster.clip_planes[c];
                for (lane, d) in dst.iter_mut().enumerate() {
                    *d = (0..4).map(|k| p[k] * out.position[k][lane]).sum();
                }
            }
        }
    }
}

/// The first `dst.len()` lanes of `src` into `dst`: a whole batch as one
/// fixed-size copy (inline moves; a copy of a length known only at run
/// time is a `memcpy` call, per varying component of every batch).
#[inline(always)]
fn copy_lanes(dst: &mut [f32], src: &[f32; LANES]) {
    match <&mut [f32; LANES]>::try_from(&mut *dst) {
        Ok(whole) => *whole = *src,
        Err(_) => dst.copy_from_slice(&src[..dst.len()]),
    }
}

/// The registers of `prog` kept in `slot` (new ones for another program).
fn take_regs(
    slot: &mut Option<(usize, oxgl_exec::Regs<LANES>)>,
    prog: &Arc<Program>,
) -> oxgl_exec::Regs<LANES> {
    match slot.take() {
        Some((id, r)) if id == Arc::as_ptr(prog) as usize => r,
        _ => prog.new_regs(),
    }
}

/// Output locations of `prog` (the last vertex-processing stage) that the
/// fragment shader reads.
fn copied_locations(call: &DrawCall, prog: &Program) -> Vec<usize> {
    call.fs
        .inputs
        .iter()
        .map(|i| i.0 as usize)
        .filter(|&l| l < MAX_LOCATIONS && prog.outputs.contains(&(l as u32)))
        .collect()
}

/// Fetches the attributes of vertices `base..base + count` into `inputs`
/// (constant inputs already there) and runs the vertex shader on them.
#[allow(clippy::too_many_arguments, reason = "per batch")]
#[allow(
    clippy::needless_range_loop,
    reason = "lanes index several arrays at once"
)]
fn shade_batch(
    call: &DrawCall,
    inputs: &mut [[f32; LANES]],
    n_loc: usize,
    regs: &mut oxgl_exec::Regs<LANES>,
    samplers: &dyn oxgl_exec::TextureHost<LANES>,
    (base, count): (usize, usize),
    out: &mut VertexOutputs,
) {
    for a in call.attribs {
        let loc = a.location as usize;
        if loc >= n_loc {
            continue;
        }
        let (off, size) = (a.offset as usize, a.size as usize);
        for lane in 0..count {
            let v = (base + lane) * call.stride + off;
            let src = &call.vertices[v..v + size];
            for k in 0..4 {
                inputs[4 * loc + k][lane] = match src.get(k) {
                    Some(x) => *x,
                    None if k == 3 => 1.0,
                    None => 0.0,
                };
            }
        }
    }
    for input in call.inputs {
        let loc = input.location as usize;
        let Some(dst) = inputs
            .get_mut(4 * loc..4 * loc + 4)
            .filter(|_| loc < n_loc)
            .and_then(|d| <&mut [[f32; LANES]; 4]>::try_from(d).ok())
        else {
            continue;
        };
        read_elements(input.bytes, input.stride, (base, count), input.format, dst);
    }
    let ids: [i32; LANES] = std::array::from_fn(|lane| {
        let v = base + lane;
        call.vertex_ids
            .and_then(|ids| ids.get(v).copied())
            .unwrap_or((call.first_vertex as i32).wrapping_add(v as i32))
    });
    call.vs.run_vertices(
        regs,
        (&ids[..count], call.instance_id),
        inputs,
        (call.vs_uniforms, samplers, call.buffers),
        out,
    );
}

impl Frontend {
    /// Records every primitive of `call` in `capture` (after the vertex
    /// stage gathered the captured components).
    fn record(&mut self, call: &DrawCall, capture: &mut Capture) {
        let first = call.raster.provoking_vertex == gl::FIRST_VERTEX_CONVENTION;
        let n = call.vertex_count;
        for p in call.prims {
            let (start, count) = (p.start as usize, p.count as usize);
            match call.elements {
                Some(el) => {
                    let Some(el) = el.get(start..start + count) else {
                        continue;
                    };
                    let vertex = |i: u32| el[i as usize];
                    let scratch = &mut self.capture_scratch;
                    capture.record(0, p.mode, p.count, first, &vertex, &self.captured, scratch);
                }
                None => {
                    if start + count > n {
                        continue;
                    }
                    let vertex = |i: u32| p.start + i;
                    let scratch = &mut self.capture_scratch;
                    capture.record(0, p.mode, p.count, first, &vertex, &self.captured, scratch);
                }
            }
        }
    }

    /// The state object of `call`, the previous one when nothing changed.
    fn state(&mut self, call: &DrawCall) -> Arc<DrawState> {
        let mut raster = raster_state(call.raster);
        for &(loc, interp) in &call.fs.inputs {
            for c in 0..4 {
                if let Some(slot) = raster.interp.get_mut(4 * loc as usize + c) {
                    *slot = interp;
                }
            }
        }
        let samplers = self.textures.bind(call.textures).with_images(call.images);
        let depth_stencil = depth_stencil_state(call.depth_stencil);
        let mut blend = blend_state(call.blend);
        blend.output = u8::try_from(call.color_outputs[0]).unwrap_or(0);
        for (i, slot) in blend.extra.iter_mut().enumerate() {
            let mask = call.extra_color_masks[i].map(|m| m != 0);
            let func = (call.blend.extra_enabled & (1 << i) != 0)
                .then(|| blend_func(call.blend.extra_equation[i], call.blend.extra_factors[i]));
            *slot = u8::try_from(call.color_outputs[i + 1])
                .ok()
                .filter(|_| mask.contains(&true))
                .map(|o| (o, mask, func));
        }
        blend.extra_len = blend
            .extra
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |i| i as u8 + 1);
        if let Some((last, fs, uniforms, last_samplers, last_buffers)) = &self.last
            && last.raster == raster
            && last.depth_stencil == depth_stencil
            && last.blend == blend
            && Arc::ptr_eq(fs, call.fs)
            && uniforms == call.fs_uniforms
            && last_samplers.same(&samplers)
            && last_buffers.len() == call.buffers.len()
            && last_buffers
                .iter()
                .zip(call.buffers)
                .all(|(a, b)| std::ptr::eq(*a, *b))
        {
            return last.clone();
        }
        let state = Arc::new(DrawState {
            raster,
            depth_stencil,
            blend,
            shader: Arc::new(FragmentProgram::new(
                call.fs.clone(),
                call.fs_uniforms.to_vec(),
                samplers.clone(),
                call.buffers.into(),
            )),
        });
        self.last = Some((
            state.clone(),
            call.fs.clone(),
            call.fs_uniforms.to_vec(),
            samplers,
            call.buffers.to_vec(),
        ));
        state
    }
}

/// The primitives of an indexed draw (`call.elements`), whose vertices
/// were shaded once each: every polygon primitive as one list of
/// triangles (strips and fans keep GL's provoking vertex and winding),
/// points as one list, each line primitive on its own (its stipple
/// restarts per primitive).
#[allow(clippy::too_many_arguments, reason = "one call per draw")]
fn draw_elements(
    raster: &mut Rasterizer,
    state: &Arc<DrawState>,
    batch: &VertexBatch,
    call: &DrawCall,
    elements: &[u32],
    flat: bool,
    (indices, decomposed): (&mut Vec<u32>, &mut Vec<u8>),
    s: &mut ElementScratch,
) {
    let first = call.raster.provoking_vertex == gl::FIRST_VERTEX_CONVENTION;
    let ElementScratch {
        tris,
        edges,
        tri_ids,
        points,
        point_ids,
    } = s;
    tris.clear();
    edges.clear();
    tri_ids.clear();
    points.clear();
    point_ids.clear();
    // gl_PrimitiveID: the GL primitives of the draw's earlier prims, or
    // the prim's own (a tessellated patch's, `DrawCall::prim_ids`).
    let mut base = 0u32;
    for (i, p) in call.prims.iter().enumerate() {
        let Some(el) = elements.get(p.start as usize..(p.start as usize + p.count as usize)) else {
            continue;
        };
        let first_primitive = base;
        base = base.wrapping_add(gl_primitives(p.mode, p.count));
        let fixed_primitive = call.prim_ids.map(|ids| ids.get(i).copied().unwrap_or(0));
        let id = |k: u32| fixed_primitive.unwrap_or(first_primitive.wrapping_add(k));
        let line = |topology| Draw {
            first_primitive,
            fixed_primitive,
            ..Draw::new(topology, Elements::Indices(el))
        };
        match p.mode {
            gl::POINTS => {
                points.extend_from_slice(el);
                point_ids.extend((0..el.len() as u32).map(id));
            }
            gl::LINES => raster.draw(state, batch, &line(Topology::Lines)),
            gl::LINE_STRIP => raster.draw(state, batch, &line(Topology::LineStrip)),
            gl::LINE_LOOP => raster.draw(state, batch, &line(Topology::LineLoop)),
            gl::TRIANGLES if call.edge_flags.is_none() => {
                // The element list is the triangle list: drawn from it,
                // after the triangles gathered from earlier primitives.
                draw_triangles(raster, state, batch, (tris, edges, tri_ids));
                raster.draw(state, batch, &line(Topology::Triangles));
            }
            gl::TRIANGLE_STRIP => {
                for i in 0..el.len().saturating_sub(2) {
                    let (a, b, c) = (el[i], el[i + 1], el[i + 2]);
                    // Odd triangles reverse their first two vertices;
                    // the provoking one (c, or a with the first-vertex
                    // convention) keeps its place in the rotation.
                    let t = match (i % 2 == 1, first) {
                        (false, _) => [a, b, c],
                        (true, false) => [b, a, c],
                        (true, true) => [a, c, b],
                    };
                    tris.extend_from_slice(&t);
                    edges.push(7);
                    tri_ids.push(id(i as u32));
                }
            }
            gl::LINES_ADJACENCY..=gl::TRIANGLE_STRIP_ADJACENCY => {
                let mut plain = Vec::new();
                let topology = without_adjacency(p.mode, el.len() as u32, &mut plain);
                plain.iter_mut().for_each(|i| *i = el[*i as usize]);
                let d = Draw {
                    first_primitive,
                    ..Draw::new(topology, Elements::Indices(&plain))
                };
                raster.draw(state, batch, &d);
            }
            gl::TRIANGLE_FAN if call.edge_flags.is_none() => {
                for i in 1..el.len().saturating_sub(1) {
                    let (c, a, b) = (el[0], el[i], el[i + 1]);
                    tris.extend_from_slice(&if first { [a, b, c] } else { [c, a, b] });
                    edges.push(7);
                    tri_ids.push(id(i as u32 - 1));
                }
            }
            mode => {
                // Positions in `el` first, then the vertices they name.
                let range = 0..el.len() as u32;
                let flags: Option<Vec<u8>> = call.edge_flags.map(|f| {
                    el.iter()
                        .map(|&v| f.get(v as usize).copied().unwrap_or(1))
                        .collect()
                });
                decompose(
                    mode,
                    range,
                    (flat, first),
                    flags.as_deref(),
                    indices,
                    decomposed,
                );
                tris.extend(indices.iter().map(|&i| el[i as usize]));
                edges.extend_from_slice(decomposed);
                tri_ids.extend(
                    (0..decomposed.len() as u32).map(|t| id(decomposed_primitive(mode, t))),
                );
            }
        }
    }
    draw_triangles(raster, state, batch, (tris, edges, tri_ids));
    if !points.is_empty() {
        let d = Draw {
            primitive_ids: Some(point_ids),
            ..Draw::new(Topology::Points, Elements::Indices(points))
        };
        raster.draw(state, batch, &d);
    }
}

/// Draws the triangles `tris` (with their edge flags and primitive IDs)
/// gathered so far, and empties the lists.
fn draw_triangles(
    raster: &mut Rasterizer,
    state: &Arc<DrawState>,
    batch: &VertexBatch,
    (tris, edges, tri_ids): (&mut Vec<u32>, &mut Vec<u8>, &mut Vec<u32>),
) {
    if tris.is_empty() {
        return;
    }
    let d = Draw {
        edge_flags: Some(edges),
        primitive_ids: Some(tri_ids),
        ..Draw::new(Topology::Triangles, Elements::Indices(tris))
    };
    raster.draw(state, batch, &d);
    tris.clear();
    edges.clear();
    tri_ids.clear();
}

/// Primitives with adjacency drawn without a geometry shader: the plain
/// primitive, the adjacent vertices ignored (GL 3.2 §2.6.1–2.6.3). Fills
/// `out` with the positions (in `0..n`) of the vertices drawn and returns
/// the topology they form; a strip keeps its winding and provoking vertex
/// (strip triangle `i` is vertices `2i`, `2i + 2`, `2i + 4`).
fn without_adjacency(mode: u32, n: u32, out: &mut Vec<u32>) -> Topology {
    out.clear();
    match mode {
        gl::LINES_ADJACENCY => {
            out.extend((0..n / 4).flat_map(|l| [4 * l + 1, 4 * l + 2]));
            Topology::Lines
        }
        gl::LINE_STRIP_ADJACENCY => {
            out.extend(1..n.saturating_sub(1));
            Topology::LineStrip
        }
        gl::TRIANGLES_ADJACENCY => {
            out.extend((0..n / 6).flat_map(|t| [6 * t, 6 * t + 2, 6 * t + 4]));
            Topology::Triangles
        }
        _ => {
            if n >= 6 {
                out.extend((0..(n - 4) / 2 + 2).map(|i| 2 * i));
            }
            Topology::TriangleStrip
        }
    }
}

/// Triangles (with edge flags) for `mode` over `range`: independent
/// triangles with per-vertex flags, fans, quads, quad strips and polygons.
/// With `flat` inputs each triangle's last vertex — its first with
/// `first` (the first-vertex convention, where the rasterizer takes a
/// triangle's first) — is GL's provoking vertex for the primitive (quad
/// `i`: its last vertex; quad strip: vertex `2i + 3`; polygon: the first;
/// for these the convention does not matter, GL 4.6 compat table 13.2 and
/// `QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION` false as llvmpipe);
/// otherwise quads split along their first vertex's diagonal, as llvmpipe
/// does. Independent triangles and fans keep their order: the rasterizer
/// picks their provoking vertex by the convention.
pub(crate) fn decompose(
    mode: u32,
    range: std::ops::Range<u32>,
    (flat, first): (bool, bool),
    flags: Option<&[u8]>,
    indices: &mut Vec<u32>,
    edges: &mut Vec<u8>,
) {
    indices.clear();
    edges.clear();
    let flag = |v: u32| flags.is_none_or(|f| f.get(v as usize).is_none_or(|x| *x != 0));
    // A triangle a, b, c whose edges a→b, b→c, c→a are boundary edges when
    // `boundary` says so and the edge's first vertex has its flag set.
    let mut tri = |a: u32, b: u32, c: u32, boundary: [bool; 3]| {
        indices.extend_from_slice(&[a, b, c]);
        let e = u8::from(boundary[0] && flag(a))
            | u8::from(boundary[1] && flag(b)) << 1
            | u8::from(boundary[2] && flag(c)) << 2;
        edges.push(e);
    };
    let s = range.start;
    let n = range.end - range.start;
    match mode {
        gl::TRIANGLES => {
            for t in 0..n / 3 {
                let v = s + 3 * t;
                tri(v, v + 1, v + 2, [true; 3]);
            }
        }
        gl::TRIANGLE_FAN => {
            for i in 1..n.saturating_sub(1) {
                tri(s, s + i, s + i + 1, [i == 1, true, i + 2 == n]);
            }
        }
        gl::QUADS if !flat => {
            for q in 0..n / 4 {
                let v = s + 4 * q;
                tri(v, v + 1, v + 2, [true, true, false]);
                tri(v, v + 2, v + 3, [false, true, true]);
            }
        }
        gl::QUADS => {
            for q in 0..n / 4 {
                let v = s + 4 * q;
                tri(v, v + 1, v + 3, [true, false, true]);
                tri(v + 1, v + 2, v + 3, [true, true, false]);
            }
        }
        gl::QUAD_STRIP => {
            for q in 0..n.saturating_sub(2) / 2 {
                let (p0, p1, p2, p3) = (s + 2 * q, s + 2 * q + 1, s + 2 * q + 3, s + 2 * q + 2);
                tri(p0, p1, p2, [true, true, false]);
                tri(p3, p0, p2, [true, false, true]);
            }
        }
        gl::POLYGON => {
            // Fan around the first vertex, rotated so it is each triangle's last.
            for i in 1..n.saturating_sub(1) {
                tri(s + i, s + i + 1, s, [true, i + 2 == n, i == 1]);
            }
        }
        _ => {}
    }
    // The first-vertex convention: each triangle rotated (same winding) so
    // that its provoking vertex leads; the edge flags rotate with it.
    if flat && first && matches!(mode, gl::QUADS | gl::QUAD_STRIP | gl::POLYGON) {
        for (t, e) in indices.chunks_exact_mut(3).zip(edges.iter_mut()) {
            t.rotate_right(1);
            *e = (*e >> 2 & 1) | (*e & 1) << 1 | (*e >> 1 & 1) << 2;
        }
    }
}

fn compare(f: u32) -> CompareFunc {
    match f.wrapping_sub(gl::NEVER) {
        0 => CompareFunc::Never,
        1 => CompareFunc::Less,
        2 => CompareFunc::Equal,
        3 => CompareFunc::LessEqual,
        4 => CompareFunc::Greater,
        5 => CompareFunc::NotEqual,
        6 => CompareFunc::GreaterEqual,
        _ => CompareFunc::Always,
    }
}

fn polygon_mode(m: u32) -> PolygonMode {
    match m {
        gl::POINT => PolygonMode::Point,
        gl::LINE => PolygonMode::Line,
        _ => PolygonMode::Fill,
    }
}

/// Scratch buffers of [`rasterize`].
struct Scratch<'a> {
    indices: &'a mut Vec<u32>,
    edges: &'a mut Vec<u8>,
    elements: &'a mut ElementScratch,
}

/// What an indexed draw gathers before rasterizing: triangles with their
/// edge flags and `gl_PrimitiveID`s, points with theirs.
#[derive(Default)]
struct ElementScratch {
    tris: Vec<u32>,
    edges: Vec<u8>,
    tri_ids: Vec<u32>,
    points: Vec<u32>,
    point_ids: Vec<u32>,
}

/// The GL primitives (what `gl_PrimitiveID` counts) a prim of `mode` over
/// `n` vertices forms.
fn gl_primitives(mode: u32, n: u32) -> u32 {
    match mode {
        gl::POINTS => n,
        gl::LINES => n / 2,
        gl::LINE_LOOP if n >= 2 => n,
        gl::LINE_STRIP => n.saturating_sub(1),
        gl::TRIANGLES => n / 3,
        gl::TRIANGLE_STRIP | gl::TRIANGLE_FAN => n.saturating_sub(2),
        gl::QUADS => n / 4,
        gl::QUAD_STRIP => n.saturating_sub(2) / 2,
        gl::POLYGON => u32::from(n >= 3),
        gl::LINES_ADJACENCY => n / 4,
        gl::LINE_STRIP_ADJACENCY => n.saturating_sub(3),
        gl::TRIANGLES_ADJACENCY => n / 6,
        gl::TRIANGLE_STRIP_ADJACENCY if n >= 6 => (n - 4) / 2,
        _ => 0,
    }
}

/// The GL primitive of triangle `t` of [`decompose`]'s output for `mode`,
/// counted from the prim's first: a quad is two triangles, a polygon all
/// of them.
fn decomposed_primitive(mode: u32, t: u32) -> u32 {
    match mode {
        gl::QUADS | gl::QUAD_STRIP => t / 2,
        gl::POLYGON => 0,
        _ => t,
    }
}

/// Rasterizes every primitive of `call` (its vertices processed into
/// `batch`) with `state`.
fn rasterize(
    raster: &mut Rasterizer,
    call: &DrawCall,
    state: &Arc<DrawState>,
    batch: &VertexBatch,
    flat: bool,
    scratch: Scratch,
) {
    let n = call.vertex_count;
    let batch = *batch;
    if let Some(elements) = call.elements {
        let pair = (&mut *scratch.indices, &mut *scratch.edges);
        draw_elements(
            raster,
            state,
            &batch,
            call,
            elements,
            flat,
            pair,
            scratch.elements,
        );
        return;
    }
    // gl_PrimitiveID: the GL primitives of the draw's earlier prims.
    let mut base = 0u32;
    for (i, p) in call.prims.iter().enumerate() {
        let (start, count) = (p.start, p.count);
        if (start as usize + count as usize) > n {
            continue;
        }
        let first_primitive = base;
        base = base.wrapping_add(gl_primitives(p.mode, count));
        // A geometry shader's gl_PrimitiveID: one for the whole strip.
        let fixed_primitive = call.prim_ids.map(|ids| ids.get(i).copied().unwrap_or(0));
        let range = start..start + count;
        let simple = |topology| Draw {
            first_primitive,
            fixed_primitive,
            ..Draw::new(topology, Elements::Range(range.clone()))
        };
        match p.mode {
            gl::POINTS => raster.draw(state, &batch, &simple(Topology::Points)),
            gl::LINES => raster.draw(state, &batch, &simple(Topology::Lines)),
            gl::LINE_STRIP => raster.draw(state, &batch, &simple(Topology::LineStrip)),
            gl::LINE_LOOP => raster.draw(state, &batch, &simple(Topology::LineLoop)),
            gl::TRIANGLE_STRIP => raster.draw(state, &batch, &simple(Topology::TriangleStrip)),
            gl::TRIANGLE_FAN if call.edge_flags.is_none() => {
                raster.draw(state, &batch, &simple(Topology::TriangleFan))
            }
            gl::TRIANGLES if call.edge_flags.is_none() => {
                raster.draw(state, &batch, &simple(Topology::Triangles))
            }
            gl::LINES_ADJACENCY..=gl::TRIANGLE_STRIP_ADJACENCY => {
                let topology = without_adjacency(p.mode, count, scratch.indices);
                scratch.indices.iter_mut().for_each(|i| *i += start);
                let d = Draw {
                    first_primitive,
                    ..Draw::new(topology, Elements::Indices(scratch.indices))
                };
                raster.draw(state, &batch, &d);
            }
            mode => {
                let first = call.raster.provoking_vertex == gl::FIRST_VERTEX_CONVENTION;
                decompose(
                    mode,
                    range,
                    (flat, first),
                    call.edge_flags,
                    scratch.indices,
                    scratch.edges,
                );
                let ids = &mut scratch.elements.tri_ids;
                ids.clear();
                ids.extend(
                    (0..scratch.edges.len() as u32)
                        .map(|t| first_primitive.wrapping_add(decomposed_primitive(mode, t))),
                );
                let d = Draw {
                    edge_flags: Some(scratch.edges),
                    primitive_ids: Some(ids),
                    ..Draw::new(Topology::Triangles, Elements::Indices(scratch.indices))
                };
                raster.draw(state, &batch, &d);
            }
        }
    }
}

/// The geometry stage's strips (`ids`: each one's layer, primitive ID
/// and viewport index) by the viewport and layer they go to, each with
/// the indices of its strips. Strips are drawn in their order where it can
/// show: grouped by viewport and layer when no pixel sees two viewports
/// (layers never share one), else in runs of consecutive strips.
fn strip_groups(
    call: &DrawCall,
    ids: &[[i32; 3]],
    layered: bool,
    viewports: bool,
    layers: u32,
) -> Vec<((usize, u32), Vec<usize>)> {
    let mut keyed = Vec::with_capacity(call.prims.len());
    let mut used = 0u32;
    for (i, id) in ids.iter().enumerate().take(call.prims.len()) {
        let layer = match u32::try_from(id[0]) {
            _ if !layered => 0,
            Ok(l) if l < layers => l,
            _ => continue,
        };
        let viewport = usize::try_from(id[2])
            .ok()
            .filter(|&v| viewports && v < OXGL_MAX_VIEWPORTS)
            .unwrap_or(0);
        used |= 1 << viewport;
        keyed.push(((viewport, layer), i));
    }
    if viewports_disjoint(call.raster, used) {
        let mut map: std::collections::BTreeMap<(usize, u32), Vec<usize>> = Default::default();
        for (key, i) in keyed {
            map.entry(key).or_default().push(i);
        }
        return map.into_iter().collect();
    }
    let mut runs: Vec<((usize, u32), Vec<usize>)> = Vec::new();
    for (key, i) in keyed {
        match runs.last_mut() {
            Some((k, strips)) if *k == key => strips.push(i),
            _ => runs.push((key, vec![i])),
        }
    }
    runs
}

/// `raster` with viewport `index`'s viewport, depth range and scissor
/// (ARB_viewport_array) as viewport 0's.
fn viewport_raster(raster: &OxglRasterDesc, index: usize) -> OxglRasterDesc {
    let mut out = *raster;
    if let Some(i) = index
        .checked_sub(1)
        .filter(|&i| i < OXGL_MAX_EXTRA_VIEWPORTS)
    {
        out.viewport = raster.extra_viewports[i];
        out.depth_range = raster.extra_depth_ranges[i];
        out.scissor = raster.extra_scissors[i];
        out.scissor_enabled = (raster.extra_scissor_enables >> i) & 1;
    }
    out
}

/// Whether the viewports of mask `used` cover no pixel twice: their
/// rectangles, grown by half the widest point or line of the draw
/// (clipping keeps primitives inside their viewport, save for that), meet
/// nowhere. Sizes a shader writes are unbounded: then they may meet.
fn viewports_disjoint(raster: &OxglRasterDesc, used: u32) -> bool {
    if used.count_ones() <= 1 {
        return true;
    }
    if raster.program_point_size != 0 {
        return false;
    }
    let grow = raster.point_size.max(raster.line_width) / 2.0 + 1.0;
    let rects: Vec<[f32; 4]> = (0..OXGL_MAX_VIEWPORTS)
        .filter(|&i| used & (1 << i) != 0)
        .map(|i| {
            let [x, y, w, h] = viewport_raster(raster, i).viewport;
            [x - grow, y - grow, x + w + grow, y + h + grow]
        })
        .collect();
    rects.iter().enumerate().all(|(i, a)| {
        rects[i + 1..]
            .iter()
            .all(|b| a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1])
    })
}

/// Rasterizes `call`'s primitives into layer `layer` of the target:
/// once, or once per sample image of a multisample target.
#[allow(clippy::too_many_arguments, reason = "the draw's parts")]
fn raster_passes(
    raster: &mut Rasterizer,
    call: &DrawCall,
    state: &Arc<DrawState>,
    batch: &VertexBatch,
    flat: bool,
    ms: Multisample,
    layer: u32,
    (indices, edges, elements): (&mut Vec<u32>, &mut Vec<u8>, &mut ElementScratch),
) {
    if ms.samples <= 1 && ms.layers <= 1 {
        let scratch = Scratch {
            indices,
            edges,
            elements,
        };
        rasterize(raster, call, state, batch, flat, scratch);
        return;
    }
    // A multisample or layered target: once per sample image of the
    // layer, the sample's position moved onto the pixel centre, cut to
    // that image.
    let bottom = (layer * ms.height) as i32;
    for k in 0..ms.samples.max(1) {
        let mut s = (**state).clone();
        let [dx, dy] = if ms.samples > 1 && call.raster.multisample != 0 {
            let [px, py] = oxgl_dri_interface::OXGL_SAMPLE_POSITIONS[k as usize % 4];
            [0.5 - px, 0.5 - py]
        } else {
            [0.0, 0.0]
        };
        // GL_SAMPLE_MASK and GL_SAMPLE_COVERAGE leave out whole samples;
        // alpha to coverage and alpha to one act per fragment.
        if ms.samples > 1
            && call.raster.multisample != 0
            && call.raster.sample_mask & (1 << (k % 32)) == 0
        {
            continue;
        }
        let sc = call.raster.sample_coverage;
        if ms.samples > 1 && call.raster.multisample != 0 && sc & 4 != 0 {
            let n = (call.raster.sample_coverage_value.clamp(0.0, 1.0) * 4.0).round() as u32;
            if (k < n) == (sc & 8 != 0) {
                continue;
            }
        }
        if ms.samples > 1 && call.raster.multisample != 0 {
            s.raster.sample = Some(k as u8);
            s.raster.centre_shift = [dx, dy];
            s.raster.samples = ms.samples.min(255) as u8;
            // Without sample shading, inputs at the pixel centre (the
            // viewport moved the sample's position there).
            let shading = call.raster.min_sample_shading * ms.samples as f32 > 1.0
                || call.fs.reads_sample_position;
            if !shading {
                s.raster.interp_shift = [dx, dy];
            }
        }
        if ms.samples > 1 && call.raster.multisample != 0 && sc & 3 != 0 {
            s.raster.coverage = Some(crate::raster::Coverage {
                sample: k as u8,
                alpha_to_coverage: sc & 1 != 0,
                alpha_to_one: sc & 2 != 0,
            });
        }
        let left = (k * ms.width) as i32;
        s.raster.viewport.x += left as f32 + dx;
        s.raster.viewport.y += bottom as f32 + dy;
        s.raster.frag_x_bias = left as f32;
        s.raster.frag_y_bias = bottom as f32;
        s.raster.layer_height = if ms.layers > 1 { ms.height as f32 } else { 0.0 };
        let image = crate::raster::Rect {
            x: left,
            y: bottom,
            width: ms.width as i32,
            height: if ms.layers > 1 {
                ms.height as i32
            } else {
                i32::MAX / 2
            },
        };
        s.raster.scissor = Some(match s.raster.scissor {
            None => image,
            Some(r) => {
                let x0 = (r.x + left).max(left);
                let x1 = (r.x + left).saturating_add(r.width).min(left + image.width);
                let y0 = (r.y + bottom).max(bottom);
                let y1 = (r.y + bottom)
                    .saturating_add(r.height)
                    .min(bottom.saturating_add(image.height));
                crate::raster::Rect {
                    x: x0,
                    y: y0,
                    width: (x1 - x0).max(0),
                    height: (y1 - y0).max(0),
                }
            }
        });
        let scratch = Scratch {
            indices: &mut *indices,
            edges: &mut *edges,
            elements: &mut *elements,
        };
        rasterize(raster, call, &Arc::new(s), batch, flat, scratch);
    }
}

/// The sample and layer images of the target a draw goes to (ABI 14,
/// ABI 17).
#[derive(Clone, Copy, Debug, Default)]
pub struct Multisample {
    /// Samples per pixel (0 or 1: single-sampled).
    pub samples: u32,
    /// Width of one sample image (the drawable's width in pixels).
    pub width: u32,
    /// Layers (0 or 1: one).
    pub layers: u32,
    /// Height of one layer (the drawable's height in pixels).
    pub height: u32,
}

/// The rasterizer's state for `r` (interpolation filled in by the caller).
pub fn raster_state(r: &OxglRasterDesc) -> RasterState {
    let [x, y, w, h] = r.viewport;
    RasterState {
        viewport: Viewport {
            x,
            y,
            width: w,
            height: h,
            near: r.depth_range[0],
            far: r.depth_range[1],
        },
        scissor: (r.scissor_enabled != 0).then_some(Rect {
            x: r.scissor.x,
            y: r.scissor.y,
            width: r.scissor.width.max(0),
            height: r.scissor.height.max(0),
        }),
        cull: match r.cull_face {
            gl::FRONT => CullMode::Front,
            gl::BACK => CullMode::Back,
            gl::FRONT_AND_BACK => CullMode::FrontAndBack,
            _ => CullMode::None,
        },
        front_face: if r.front_face == gl::CW {
            FrontFace::Cw
        } else {
            FrontFace::Ccw
        },
        polygon_mode_front: polygon_mode(r.polygon_mode[0]),
        polygon_mode_back: polygon_mode(r.polygon_mode[1]),
        offset: PolygonOffset {
            factor: r.polygon_offset[0],
            units: r.polygon_offset[1],
            clamp: r.polygon_offset[2],
            fill: r.polygon_offset_enables & 1 != 0,
            line: r.polygon_offset_enables & 2 != 0,
            point: r.polygon_offset_enables & 4 != 0,
        },
        point_size: r.point_size,
        // Sprites are squares: POINT_SPRITE wins over POINT_SMOOTH (as
        // Mesa's state tracker has it).
        point_smooth: r.point_smooth != 0 && r.point_sprite == 0,
        point_sprite: r.point_sprite != 0,
        point_sprite_upper_left: r.point_sprite_origin != gl::LOWER_LEFT,
        sprite_coord_enable: if r.point_sprite != 0 {
            r.sprite_coord_enable
        } else {
            0
        },
        line_width: r.line_width,
        line_smooth: r.line_smooth != 0,
        line_stipple: (r.line_stipple_enabled != 0).then_some(LineStipple {
            factor: r.line_stipple_factor.clamp(1, 256),
            pattern: r.line_stipple_pattern as u16,
        }),
        // The ABI has the leftmost pixel in bit 31, the rasterizer in bit 0.
        polygon_stipple: (r.polygon_stipple_enabled != 0)
            .then(|| r.polygon_stipple.map(u32::reverse_bits)),
        provoking_vertex: if r.provoking_vertex == gl::FIRST_VERTEX_CONVENTION {
            ProvokingVertex::First
        } else {
            ProvokingVertex::Last
        },
        interp: [crate::raster::Interp::Smooth; MAX_VARYINGS],
        clip_distances: (0..8)
            .filter(|i| r.clip_distance_enables & (1 << i) != 0)
            .collect(),
        depth_clamp: r.depth_clamp != 0,
        frag_x_bias: 0.0,
        frag_y_bias: 0.0,
        layer_height: 0.0,
        coverage: None,
        sample: None,
        interp_shift: [0.0; 2],
        centre_shift: [0.0; 2],
        samples: 0,
    }
}

fn stencil_op(op: u32) -> StencilOp {
    match op {
        0 => StencilOp::Zero,
        0x1E01 => StencilOp::Replace,
        0x1E02 => StencilOp::Incr,
        0x1E03 => StencilOp::Decr,
        0x150A => StencilOp::Invert,
        0x8507 => StencilOp::IncrWrap,
        0x8508 => StencilOp::DecrWrap,
        _ => StencilOp::Keep,
    }
}

fn stencil_face(f: &OxglStencilFace) -> StencilFace {
    StencilFace {
        func: compare(f.func),
        reference: f.reference.min(255) as u8,
        value_mask: f.value_mask as u8,
        write_mask: f.write_mask as u8,
        fail: stencil_op(f.fail),
        zfail: stencil_op(f.zfail),
        zpass: stencil_op(f.zpass),
    }
}

/// The rasterizer's depth/stencil state for `d`.
pub fn depth_stencil_state(d: &OxglDepthStencilDesc) -> DepthStencilState {
    DepthStencilState {
        depth_test: d.depth_test != 0,
        depth_func: compare(d.depth_func),
        depth_write: d.depth_test != 0 && d.depth_write != 0,
        stencil_test: d.stencil_test != 0,
        front: stencil_face(&d.stencil[0]),
        back: stencil_face(&d.stencil[1]),
    }
}

fn blend_equation(e: u32) -> BlendEquation {
    match e {
        0x800A => BlendEquation::Subtract,
        0x800B => BlendEquation::ReverseSubtract,
        0x8007 => BlendEquation::Min,
        0x8008 => BlendEquation::Max,
        _ => BlendEquation::Add,
    }
}

fn blend_factor(f: u32) -> BlendFactor {
    match f {
        0 => BlendFactor::Zero,
        0x0300 => BlendFactor::SrcColor,
        0x0301 => BlendFactor::OneMinusSrcColor,
        0x0302 => BlendFactor::SrcAlpha,
        0x0303 => BlendFactor::OneMinusSrcAlpha,
        0x0304 => BlendFactor::DstAlpha,
        0x0305 => BlendFactor::OneMinusDstAlpha,
        0x0306 => BlendFactor::DstColor,
        0x0307 => BlendFactor::OneMinusDstColor,
        0x0308 => BlendFactor::SrcAlphaSaturate,
        0x8001 => BlendFactor::ConstantColor,
        0x8002 => BlendFactor::OneMinusConstantColor,
        0x8003 => BlendFactor::ConstantAlpha,
        0x8004 => BlendFactor::OneMinusConstantAlpha,
        0x88F9 => BlendFactor::Src1Color,
        0x88FA => BlendFactor::OneMinusSrc1Color,
        0x8589 => BlendFactor::Src1Alpha,
        0x88FB => BlendFactor::OneMinusSrc1Alpha,
        _ => BlendFactor::One,
    }
}

fn logic_op(op: u32) -> LogicOp {
    const OPS: [LogicOp; 16] = [
        LogicOp::Clear,
        LogicOp::And,
        LogicOp::AndReverse,
        LogicOp::Copy,
        LogicOp::AndInverted,
        LogicOp::Noop,
        LogicOp::Xor,
        LogicOp::Or,
        LogicOp::Nor,
        LogicOp::Equiv,
        LogicOp::Invert,
        LogicOp::OrReverse,
        LogicOp::CopyInverted,
        LogicOp::OrInverted,
        LogicOp::Nand,
        LogicOp::Set,
    ];
    // GL_CLEAR = 0x1500 ... GL_SET = 0x150F.
    OPS.get(op.wrapping_sub(0x1500) as usize)
        .copied()
        .unwrap_or(LogicOp::Copy)
}

/// The rasterizer's blend state for `b`.
/// A colour buffer's equations and factors.
fn blend_func(equation: [u32; 2], factors: [u32; 4]) -> BlendFunc {
    BlendFunc {
        eq_rgb: blend_equation(equation[0]),
        eq_alpha: blend_equation(equation[1]),
        src_rgb: blend_factor(factors[0]),
        dst_rgb: blend_factor(factors[1]),
        src_alpha: blend_factor(factors[2]),
        dst_alpha: blend_factor(factors[3]),
    }
}

pub fn blend_state(b: &OxglBlendDesc) -> BlendState {
    BlendState {
        enabled: b.enabled != 0,
        func: blend_func(b.equation, b.factors),
        constant: b.constant,
        logic_op: (b.logic_op_enabled != 0).then(|| logic_op(b.logic_op)),
        color_mask: b.color_mask.map(|m| m != 0),
        clamp_color: b.clamp_color != 0,
        srgb: (b.srgb_buffers & 0xff) as u8,
        output: 0,
        extra: [None; oxgl_dri_interface::OXGL_MAX_EXTRA_COLOR_BUFFERS],
        extra_len: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_without_a_geometry_shader_drops_the_adjacent_vertices() {
        let mut out = Vec::new();
        let t = without_adjacency(gl::LINES_ADJACENCY, 9, &mut out);
        assert!(matches!(t, Topology::Lines));
        assert_eq!(out, [1, 2, 5, 6]);
        let t = without_adjacency(gl::LINE_STRIP_ADJACENCY, 5, &mut out);
        assert!(matches!(t, Topology::LineStrip));
        assert_eq!(out, [1, 2, 3]);
        let t = without_adjacency(gl::TRIANGLES_ADJACENCY, 12, &mut out);
        assert!(matches!(t, Topology::Triangles));
        assert_eq!(out, [0, 2, 4, 6, 8, 10]);
        // Eight vertices: two strip triangles (0 2 4, 2 4 6); 7 is adjacent.
        let t = without_adjacency(gl::TRIANGLE_STRIP_ADJACENCY, 8, &mut out);
        assert!(matches!(t, Topology::TriangleStrip));
        assert_eq!(out, [0, 2, 4, 6]);
        without_adjacency(gl::TRIANGLE_STRIP_ADJACENCY, 5, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn quads_keep_the_last_vertex_provoking_and_hide_diagonals() {
        let (mut i, mut e) = (Vec::new(), Vec::new());
        decompose(gl::QUADS, 0..8, (true, false), None, &mut i, &mut e);
        assert_eq!(i, [0, 1, 3, 1, 2, 3, 4, 5, 7, 5, 6, 7]);
        assert_eq!(e, [0b101, 0b011, 0b101, 0b011]);
    }

    #[test]
    fn first_vertex_convention_leads_with_the_provoking_vertex() {
        let (mut i, mut e) = (Vec::new(), Vec::new());
        decompose(gl::QUADS, 0..4, (true, true), None, &mut i, &mut e);
        // The quad's last vertex first; the diagonal 1-3 still hidden.
        assert_eq!(i, [3, 0, 1, 3, 1, 2]);
        assert_eq!(e, [0b011, 0b110]);
        decompose(gl::POLYGON, 0..4, (true, true), None, &mut i, &mut e);
        assert_eq!(i, [0, 1, 2, 0, 2, 3]);
        decompose(gl::TRIANGLES, 0..3, (true, true), None, &mut i, &mut e);
        assert_eq!(i, [0, 1, 2]);
    }

    #[test]
    fn polygons_fan_with_the_first_vertex_last() {
        let (mut i, mut e) = (Vec::new(), Vec::new());
        decompose(gl::POLYGON, 0..5, (false, false), None, &mut i, &mut e);
        assert_eq!(i, [1, 2, 0, 2, 3, 0, 3, 4, 0]);
        assert_eq!(e, [0b101, 0b001, 0b011]);
    }

    #[test]
    fn edge_flags_clear_edges_starting_at_flagged_vertices() {
        let (mut i, mut e) = (Vec::new(), Vec::new());
        decompose(
            gl::TRIANGLES,
            0..3,
            (false, false),
            Some(&[1, 0, 1]),
            &mut i,
            &mut e,
        );
        assert_eq!(e, [0b101]);
    }

    #[test]
    fn quad_strips_walk_the_perimeter() {
        let (mut i, mut e) = (Vec::new(), Vec::new());
        decompose(gl::QUAD_STRIP, 0..4, (true, false), None, &mut i, &mut e);
        assert_eq!(i, [0, 1, 3, 2, 0, 3]);
        assert_eq!(e, [0b011, 0b101]);
    }
}
