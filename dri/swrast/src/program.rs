//! Shaders as swrast holds them: an `oxgl-exec` program (the SoA engine
//! running [`LANES`] invocations in lockstep), what the pipeline must know
//! about its interface (user inputs and their interpolation, outputs,
//! built-ins written, discard), and its two uses: vertices in the front
//! end, fragments (one 4×4 [`QuadBatch`]) in the tile workers.
//!
//! Varyings are indexed by location: component `c` of the fragment input
//! at location `L` is varying `4 L + c` of a [`QuadBatch`], which is exactly
//! the flat input layout of [`oxgl_exec::Env`], so fragments run without
//! copying their inputs.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::AtomicU32;

use oxgl_exec::{Chan, Env, Regs, TexModulate, TextureHost, fsat};
use oxgl_ir::{Builtin, InterpMode, Mode, Shader, Slot, Stage, VarKind};

use crate::raster::{FragmentShader, Interp, LANES, MAX_VARYINGS, QuadBatch, ShaderInfo};
use crate::texture::{Fast2d, FastLevel, Samplers};

/// Highest user varying location + 1 the rasterizer can carry.
pub const MAX_LOCATIONS: usize = MAX_VARYINGS / 4;

/// A compiled shader.
pub struct Program {
    /// Its stage (vertex or fragment).
    pub stage: Stage,
    /// Reads `gl_SampleID` or `gl_SamplePosition`, or has `sample`
    /// inputs (ARB_gpu_shader5): runs and interpolates per sample
    /// (ARB_sample_shading).
    pub reads_sample_position: bool,
    /// User inputs, by increasing location, with their interpolation.
    pub inputs: Vec<(u32, Interp)>,
    /// User output locations written, increasing.
    pub outputs: Vec<u32>,
    /// Writes `gl_PointSize`.
    pub writes_point_size: bool,
    /// Writes `gl_ClipDistance` (else enabled user clip planes clip on
    /// `gl_Position`, `OxglRasterDesc::clip_planes`).
    pub writes_clip_distance: bool,
    /// Geometry stage: writes `gl_Layer`.
    pub writes_layer: bool,
    /// Geometry stage: writes `gl_ViewportIndex`.
    pub writes_viewport_index: bool,
    /// Geometry stage: writes `gl_PrimitiveID`.
    pub writes_primitive_id: bool,
    /// Geometry stage: emits to vertex streams other than 0
    /// (ARB_gpu_shader5).
    pub emits_streams: bool,
    /// Scheduling facts for the rasterizer (fragment stage).
    pub info: ShaderInfo,
    /// Geometry stage: its primitive types and `max_vertices`.
    pub geometry: Option<crate::geometry::Layout>,
    /// Geometry and tessellation stages: the vertex record components it
    /// reads (bit `c` of entry `l`: component `c` of record location `l`).
    pub record_read: Vec<u8>,
    /// Tessellation evaluation stage: its domain, spacing and order.
    pub tess: Option<crate::tessellator::Layout>,
    /// Tessellation control stage: vertices per output patch
    /// (`layout(vertices = N)`).
    pub output_vertices: u32,
    /// Compute stage: the workgroup size (`layout(local_size_x = ...)`).
    pub local_size: [u32; 3],
    /// The shader only copies the `f32x4` input at this location to colour
    /// output 0: shaded without running it.
    copy_from: Option<usize>,
    /// The varyings (`4 L + c`) it reads, as bits.
    input_varyings: crate::raster::VaryingMask,
    /// Reads `gl_PointCoord`.
    reads_point_coord: bool,
    /// The one-texture fixed-function shape (`fsat(colour · texel)`), run
    /// natively when its texture takes the fast 2D path.
    tex_modulate: Option<TexModulate>,
    exec: oxgl_exec::Program,
    /// `exec` compiled to native code, unless `OXGL_JIT=0` or the JIT
    /// refused it.
    jit: Option<oxgl_jit::Kernel>,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program")
            .field("stage", &self.stage)
            .field("inputs", &self.inputs)
            .field("outputs", &self.outputs)
            .finish_non_exhaustive()
    }
}

impl Program {
    /// Deserializes and compiles a blob from the core.
    pub fn from_blob(blob: &[u8]) -> Result<Program, String> {
        let shader = oxgl_ir::serialize::deserialize(blob).map_err(|e| e.to_string())?;
        Program::new(&shader)
    }

    /// Compiles `shader` (vertex or fragment).
    pub fn new(shader: &Shader) -> Result<Program, String> {
        let exec = oxgl_exec::Program::compile(shader).map_err(|e| e.to_string())?;
        let mut inputs = Vec::new();
        let mut outputs = Vec::new();
        for (_, var) in shader.vars.iter() {
            match var.kind {
                VarKind::Input {
                    slot: Slot::Location { location, .. },
                    interp,
                    ..
                } => {
                    let i = match interp {
                        InterpMode::Smooth => Interp::Smooth,
                        InterpMode::Flat => Interp::Flat,
                        InterpMode::NoPerspective => Interp::NoPerspective,
                    };
                    let n = if matches!(
                        shader.stage,
                        Stage::Geometry | Stage::TessControl | Stage::TessEval
                    ) && location < oxgl_ir::PATCH_LOCATION0
                    {
                        // One record location per vertex: the vertex is
                        // the outer index.
                        match shader.types.get(var.ty) {
                            Some(oxgl_ir::Type::Array { elem, .. }) => slots(&shader.types, *elem),
                            _ => 1,
                        }
                    } else {
                        slots(&shader.types, var.ty)
                    };
                    inputs.extend((location..location + n).map(|l| (l, i)));
                }
                VarKind::Output {
                    slot: Slot::Location { location, .. },
                    ..
                } => {
                    let n = slots(&shader.types, var.ty);
                    outputs.extend(location..location + n);
                }
                _ => {}
            }
        }
        inputs.sort_by_key(|i| i.0);
        inputs.dedup_by_key(|i| i.0);
        outputs.sort_unstable();
        outputs.dedup();
        if shader.stage == Stage::Fragment
            && inputs.last().is_some_and(|i| i.0 as usize >= MAX_LOCATIONS)
        {
            return Err(format!(
                "fragment inputs beyond location {} are not supported",
                MAX_LOCATIONS - 1
            ));
        }
        let info = exec.info();
        // The components the compiled program reads (dynamic indexing
        // counts the whole variable), as varying bits.
        let input_varyings = info
            .inputs_read
            .iter()
            .take(MAX_LOCATIONS)
            .enumerate()
            .fold(0, |m: crate::raster::VaryingMask, (l, c)| {
                m | crate::raster::VaryingMask::from(c & 0xf) << (4 * l)
            });
        let writes_point_size = shader.vars.iter().any(|(_, v)| {
            matches!(
                v.kind,
                VarKind::Output {
                    slot: Slot::Builtin(Builtin::PointSize),
                    ..
                }
            )
        });
        let writes_clip_distance = shader.vars.iter().any(|(_, v)| {
            matches!(
                v.kind,
                VarKind::Output {
                    slot: Slot::Builtin(Builtin::ClipDistance),
                    ..
                }
            )
        });
        // The layouts the pipeline needs: the linker refuses programs
        // without them.
        let geometry = (shader.stage == Stage::Geometry)
            .then(|| {
                crate::geometry::Layout::of(shader)
                    .ok_or("a geometry shader without primitive types")
            })
            .transpose()?;
        let tess = (shader.stage == Stage::TessEval)
            .then(|| {
                crate::tessellator::Layout::of(shader)
                    .ok_or("a tessellation evaluation shader without a domain")
            })
            .transpose()?;
        let output_vertices = shader
            .modes
            .iter()
            .find_map(|m| match m {
                Mode::OutputVertices(n) => Some(*n),
                _ => None,
            })
            .unwrap_or(0);
        if shader.stage == Stage::TessControl
            && !(1..=oxgl_exec::MAX_PATCH_VERTICES as u32).contains(&output_vertices)
        {
            return Err("a tessellation control shader without a valid vertex count".into());
        }
        let tex_modulate = exec.tex_modulate();
        // The tessellation stages run on the interpreter (their vertices
        // and patch live in an `Env`, and the control stage is 32 lanes),
        // and so does the compute stage (its fibers stop at barriers).
        let jit = if matches!(
            shader.stage,
            Stage::TessControl | Stage::TessEval | Stage::Compute
        ) {
            None
        } else {
            compile_jit(&exec)
        };
        Ok(Program {
            stage: shader.stage,
            reads_sample_position: info
                .system_values
                .iter()
                .any(|s| matches!(s, oxgl_ir::SysVal::SampleId | oxgl_ir::SysVal::SamplePos))
                || shader.vars.iter().any(|(_, v)| {
                    matches!(
                        v.kind,
                        VarKind::Input {
                            sampling: oxgl_ir::Sampling::Sample,
                            ..
                        }
                    )
                }),
            copy_from: copy_input(shader),
            tex_modulate,
            input_varyings,
            reads_point_coord: info.reads_point_coord,
            inputs,
            outputs,
            writes_point_size,
            writes_clip_distance,
            writes_layer: info.writes_layer,
            writes_viewport_index: info.writes_viewport_index,
            writes_primitive_id: info.writes_primitive_id,
            emits_streams: shader.funcs.iter().any(|(_, f)| {
                f.insts.iter().any(|(_, i)| {
                    matches!(i.op, oxgl_ir::Op::EmitVertex(s) | oxgl_ir::Op::EndPrimitive(s) if s > 0)
                })
            }),
            geometry,
            record_read: if matches!(
                shader.stage,
                Stage::Geometry | Stage::TessControl | Stage::TessEval
            ) {
                info.inputs_read.clone()
            } else {
                Vec::new()
            },
            tess,
            output_vertices,
            local_size: shader
                .modes
                .iter()
                .find_map(|m| match m {
                    Mode::LocalSize(s) => Some(*s),
                    _ => None,
                })
                .unwrap_or([1; 3]),
            info: ShaderInfo {
                writes_depth: info.writes_depth,
                may_discard: info.uses_discard,
                reads_frag_coord: info.reads_frag_coord,
                origin_upper_left: shader.modes.contains(&Mode::OriginUpperLeft),
                pixel_center_integer: shader.modes.contains(&Mode::PixelCenterInteger),
                interpolates_at: info.interpolates_at,
                has_side_effects: info.writes_memory,
                early_fragment_tests: shader.modes.contains(&Mode::EarlyFragmentTests),
            },
            exec,
            jit,
        })
    }

    /// Runs the program (native code when it has some) for the lanes of
    /// `env.mask | env.helpers`; `false` when it stopped a runaway loop.
    fn run(&self, regs: &mut Regs<LANES>, env: &mut Env<'_, LANES>) -> bool {
        match &self.jit {
            Some(k) => k.run(&self.exec, regs, env).is_ok(),
            None => crate::raster::simd::run_program(&self.exec, regs, env),
        }
    }

    /// The interpreter's program.
    pub fn exec(&self) -> &oxgl_exec::Program {
        &self.exec
    }

    /// Registers for this program's runs.
    pub fn new_regs(&self) -> Regs<LANES> {
        self.exec.new_regs()
    }

    /// Runs the vertex shader for one vertex per entry of `vertex_ids` (their
    /// `gl_VertexID`, at most [`LANES`]), all of instance `instance_id`. `inputs[4 * location + component]`
    /// holds the attributes; results go to `out`.
    pub fn run_vertices(
        &self,
        regs: &mut Regs<LANES>,
        (vertex_ids, instance_id): (&[i32], i32),
        inputs: &[[f32; LANES]],
        (uniforms, textures, buffers): Resources<'_, LANES>,
        out: &mut VertexOutputs,
    ) {
        let count = vertex_ids.len().min(LANES);
        let vertex_ids = &vertex_ids[..count];
        let mut env = Env::new(inputs, &mut out.outputs, uniforms, textures);
        env.buffers = buffers;
        env.mask = first_lanes(count);
        env.vertex_id[..count].copy_from_slice(vertex_ids);
        env.instance_id = instance_id;
        // By reference: moving the 2 KiB environment cost a copy a batch.
        (out.position, out.point_size, out.clip_distance) = self.run_batch(regs, &mut env);
    }

    /// Runs a batch of vertices (`env`, its point sizes set to 1 here)
    /// and returns their `gl_Position`, `gl_PointSize` and
    /// `gl_ClipDistance`; a runaway loop drops the vertices (clipped away).
    #[inline(always)]
    fn run_batch(&self, regs: &mut Regs<LANES>, env: &mut Env<'_, LANES>) -> VertexBuiltins {
        env.point_size = [1.0; LANES];
        let ok = self.run(regs, env);
        let position = if ok { env.position } else { [[0.0; LANES]; 4] };
        (position, env.point_size, env.clip_distance)
    }
}

impl Program {
    /// Runs the geometry shader once per lane of `mask`: `inputs` holds
    /// each lane's input vertex records, `ids` their `gl_PrimitiveIDIn`
    /// and `gl_InvocationID`; emitted vertices go to `sink`.
    #[allow(clippy::too_many_arguments, reason = "one call per batch")]
    pub fn run_primitives(
        &self,
        regs: &mut Regs<LANES>,
        mask: u32,
        (primitive_ids, invocation_ids): ([i32; LANES], [i32; LANES]),
        inputs: &[[f32; LANES]],
        outputs: &mut [[f32; LANES]],
        (uniforms, textures, buffers): Resources<'_, LANES>,
        sink: &mut dyn oxgl_exec::GeometrySink<LANES>,
    ) {
        let mut env = Env::new(inputs, outputs, uniforms, textures);
        env.buffers = buffers;
        env.mask = mask;
        env.point_size = [1.0; LANES];
        env.primitive_id = primitive_ids;
        env.invocation_id = invocation_ids;
        env.geometry = Some(sink);
        // A runaway loop keeps what was emitted before it.
        let _ = self.run(regs, &mut env);
    }
}

impl Program {
    /// The flat vertex record components the program reads
    /// ([`Program::record_read`]), in increasing order.
    pub fn record_components(&self) -> Vec<usize> {
        let record = 4 * oxgl_exec::GS_VERTEX_LOCATIONS as usize;
        self.record_read
            .iter()
            .enumerate()
            .flat_map(|(l, &bits)| {
                (0..4)
                    .filter(move |c| bits & (1 << c) != 0)
                    .map(move |c| 4 * l + c)
            })
            .filter(|&c| c < record)
            .collect()
    }

    /// Registers for the tessellation control stage's 32-lane runs.
    pub fn new_patch_regs(&self) -> Regs<PATCH_LANES> {
        self.exec.new_regs()
    }

    /// Runs the tessellation control shader over one patch: one
    /// invocation per output vertex (lane), the input patch's vertices as
    /// the columns of `vertices`, the output vertices into the columns of
    /// `outputs` (flat vertex record components), the patch outputs and
    /// levels into `patch`. `ids`: `gl_PrimitiveID` and
    /// `gl_PatchVerticesIn`.
    #[allow(clippy::too_many_arguments, reason = "one call per patch")]
    pub fn run_patch(
        &self,
        regs: &mut Regs<PATCH_LANES>,
        (primitive_id, patch_vertices): (i32, i32),
        vertices: &[[f32; PATCH_LANES]],
        outputs: &mut [[f32; PATCH_LANES]],
        patch: &mut [f32],
        (uniforms, textures, buffers): Resources<'_, PATCH_LANES>,
    ) {
        let mut env = Env::new(&[], outputs, uniforms, textures);
        env.buffers = buffers;
        env.vertices = vertices;
        env.patch = patch;
        env.patch_vertices = patch_vertices;
        env.primitive_id = [primitive_id; PATCH_LANES];
        env.invocation_id = std::array::from_fn(|l| l as i32);
        env.mask = first_lanes(self.output_vertices as usize);
        // A runaway loop leaves the outputs as they are.
        let _ = self.exec.run(regs, &mut env);
    }

    /// Runs the tessellation evaluation shader for `count` domain points
    /// (`coords[c][lane]`, at most [`LANES`]) of one patch: its vertices
    /// are the columns of `vertices`, its patch variables and levels
    /// `patch`; `ids`: `gl_PrimitiveID` and `gl_PatchVerticesIn`.
    #[allow(clippy::too_many_arguments, reason = "one call per batch")]
    pub fn run_domain(
        &self,
        regs: &mut Regs<LANES>,
        (coords, count): (&[[f32; LANES]; 3], usize),
        (primitive_id, patch_vertices): (i32, i32),
        (vertices, patch): (&[[f32; PATCH_LANES]], &mut [f32]),
        (uniforms, textures, buffers): Resources<'_, LANES>,
        out: &mut VertexOutputs,
    ) {
        let mut env = Env::new(&[], &mut out.outputs, uniforms, textures);
        env.buffers = buffers;
        env.mask = first_lanes(count);
        env.vertices = vertices;
        env.patch = patch;
        env.tess_coord = Some(coords);
        env.patch_vertices = patch_vertices;
        env.primitive_id = [primitive_id; LANES];
        // By reference: moving the 2 KiB environment cost a copy a batch.
        (out.position, out.point_size, out.clip_distance) = self.run_batch(regs, &mut env);
    }
}

/// What a stage's runs read and change besides their inputs and outputs:
/// its default uniform block, its textures and the draw's buffer words.
pub type Resources<'a, const N: usize> = (&'a [u8], &'a dyn TextureHost<N>, &'a [&'a [AtomicU32]]);

/// A draw's buffer words by slot (ABI 24's `OxglDrawDesc::buffers`, as
/// `oxgl_exec::Env::buffers` takes them), for the fragment stage's runs
/// on the raster workers. The `'static` is the draw call's: a draw with
/// buffers finishes rasterizing before `draw_prims` returns, and a later
/// draw reuses a fragment state only with the same words (the
/// frontend's last state keeps them to compare).
pub type BufferWords = Arc<[&'static [AtomicU32]]>;

/// What a batch of vertices gives besides its user outputs: `gl_Position`,
/// `gl_PointSize` and `gl_ClipDistance`.
type VertexBuiltins = ([[f32; LANES]; 4], [f32; LANES], [[f32; LANES]; 8]);

/// The lanes below `count` (all 32 from 32 on) as a mask.
pub fn first_lanes(count: usize) -> u32 {
    if count >= 32 {
        u32::MAX
    } else {
        (1 << count) - 1
    }
}

/// Lanes of a tessellation control run: one per output vertex, up to
/// `GL_MAX_PATCH_VERTICES`.
pub const PATCH_LANES: usize = oxgl_exec::MAX_PATCH_VERTICES;

/// Half `h` (0 or 1) of the lanes of a [`PATCH_LANES`]-lane operand.
fn half_of<T: Copy>(x: &[T; PATCH_LANES], h: usize) -> [T; LANES] {
    std::array::from_fn(|l| x[LANES * h + l])
}

/// Texture operations of [`PATCH_LANES`]-lane runs through a [`LANES`]-lane
/// host: each half of the lanes in turn.
pub struct Halves<'a>(pub &'a dyn TextureHost<LANES>);

impl TextureHost<PATCH_LANES> for Halves<'_> {
    fn image(
        &self,
        decl: &oxgl_ir::ImageDecl,
        op: &oxgl_ir::ImageOp,
        args: &oxgl_exec::ImageArgs<PATCH_LANES>,
        mask: u32,
        out: &mut [[u32; PATCH_LANES]; 4],
    ) {
        *out = [[0; PATCH_LANES]; 4];
        for h in 0..2 {
            let m = (mask >> (LANES * h)) & 0xffff;
            if m == 0 {
                continue;
            }
            let a = oxgl_exec::ImageArgs::<LANES> {
                coord: args.coord.each_ref().map(|c| half_of(c, h)),
                sample: half_of(&args.sample, h),
                value: args.value.each_ref().map(|v| half_of(v, h)),
                compare: half_of(&args.compare, h),
            };
            let mut o = [[0u32; LANES]; 4];
            self.0.image(decl, op, &a, m, &mut o);
            for (dst, src) in out.iter_mut().zip(&o) {
                dst[LANES * h..LANES * (h + 1)].copy_from_slice(src);
            }
        }
    }

    fn sample(
        &self,
        decl: &oxgl_ir::TextureDecl,
        op: &oxgl_ir::TexOp,
        args: &oxgl_exec::TexArgs<PATCH_LANES>,
        mask: u32,
        out: &mut [[f32; PATCH_LANES]; 4],
    ) {
        const { assert!(PATCH_LANES == 2 * LANES) };
        for h in 0..2 {
            let m = (mask >> (LANES * h)) & 0xffff;
            if m == 0 {
                continue;
            }
            let half = |x: &[f32; PATCH_LANES]| -> [f32; LANES] {
                std::array::from_fn(|l| x[LANES * h + l])
            };
            let quad = |x: &[[f32; PATCH_LANES]; 4]| x.each_ref().map(half);
            let a = oxgl_exec::TexArgs::<LANES> {
                coord: quad(&args.coord),
                layer: half(&args.layer),
                compare: half(&args.compare),
                lod: half(&args.lod),
                bias: half(&args.bias),
                ddx: quad(&args.ddx),
                ddy: quad(&args.ddy),
                offset: quad(&args.offset),
                sample: half(&args.sample),
            };
            let mut o = [[0.0f32; LANES]; 4];
            self.0.sample(decl, op, &a, m, &mut o);
            for (dst, src) in out.iter_mut().zip(&o) {
                dst[LANES * h..LANES * (h + 1)].copy_from_slice(src);
            }
        }
    }
}

/// `exec` compiled by the JIT, unless `OXGL_JIT` is false; the time it
/// took and what was compiled are logged under `LIBGL_DEBUG=verbose`.
fn compile_jit(exec: &oxgl_exec::Program) -> Option<oxgl_jit::Kernel> {
    use oxgl_util::log::Level;
    static ENABLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if !*ENABLED.get_or_init(|| oxgl_util::env::bool_var("OXGL_JIT", true)) {
        return None;
    }
    // `interpolateAt*` needs the rasterizer's planes, which only the
    // interpreter's environment carries.
    if exec.info().interpolates_at {
        return None;
    }
    static DUMP: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let dump = *DUMP.get_or_init(|| oxgl_util::env::bool_var("OXGL_JIT_DUMP", false));
    let stage = exec.info().stage.name();
    let start = std::time::Instant::now();
    // On a thread of its own: Cranelift's many short-lived allocations then
    // come from another malloc arena and leave the application's heap as
    // it was. (On the calling thread they made glibc return freed image
    // buffers to the system and fault them in again: piglit's
    // streaming-texture-leak ran 2.5 times slower.)
    let compiled = std::thread::scope(|s| {
        s.spawn(|| oxgl_jit::Kernel::compile_with(exec, dump))
            .join()
            .unwrap_or_else(|_| Err(oxgl_jit::JitError("the compiler panicked".into())))
    });
    match compiled {
        Ok(k) => {
            oxgl_util::log!(
                Level::Debug,
                "jit: {stage} shader, {} ops ({} native, {} interpreted{}) compiled in {:.2} ms",
                exec.ops().len(),
                k.native_ops,
                k.step_ops,
                k.step_kinds
                    .iter()
                    .map(|(name, n)| format!(" {name}×{n}"))
                    .collect::<String>(),
                start.elapsed().as_secs_f64() * 1e3
            );
            if let Some(code) = &k.disasm {
                // OXGL_JIT_DUMP: the flat program, then the machine code.
                let mut text = format!("libGL: jit: {stage} shader program:\n");
                for (pc, op) in exec.ops().iter().enumerate() {
                    text.push_str(&format!("  {pc:4}: {op:?}\n"));
                }
                text.push_str(&format!("libGL: jit: {stage} shader code:\n{code}"));
                eprintln!("{text}");
            }
            Some(k)
        }
        Err(e) => {
            oxgl_util::log!(
                Level::Debug,
                "jit: {stage} shader stays on the interpreter: {e}"
            );
            None
        }
    }
}

/// `Some(L)` when `shader` is a fragment shader whose whole body is
/// `out0 = load(input at location L)` on `f32x4` values.
/// Locations a variable of type `ty` takes: one per vector, array
/// element and matrix column.
fn slots(types: &oxgl_ir::Types, ty: oxgl_ir::TypeId) -> u32 {
    match types.get(ty) {
        Some(oxgl_ir::Type::Array { elem, len, .. }) => {
            len.unwrap_or(1).saturating_mul(slots(types, *elem))
        }
        Some(oxgl_ir::Type::Struct { members }) => members.iter().map(|m| slots(types, m.ty)).sum(),
        // A dvec3 or dvec4 takes two locations.
        Some(oxgl_ir::Type::Value(v)) => v.size().div_ceil(16).max(1),
        None => 1,
    }
}

fn copy_input(shader: &Shader) -> Option<usize> {
    use oxgl_ir::{Node, Op, ValType};
    if shader.stage != Stage::Fragment || shader.funcs.len() != 1 {
        return None;
    }
    let f = &shader.funcs[shader.entry];
    let body = &f.blocks[f.body].nodes;
    let [Node::Inst(load), Node::Inst(store)] = body.as_slice() else {
        return None;
    };
    let (Op::Load(src), Op::Store(dst, v)) = (&f.insts[*load].op, &f.insts[*store].op) else {
        return None;
    };
    if v != load || !src.path.is_empty() || !dst.path.is_empty() {
        return None;
    }
    if f.insts[*load].ty != Some(ValType::F32X4) {
        return None;
    }
    let input = &shader.vars[src.var];
    let output = &shader.vars[dst.var];
    match (&input.kind, &output.kind) {
        (
            VarKind::Input {
                slot:
                    Slot::Location {
                        location,
                        component: 0,
                    },
                ..
            },
            VarKind::Output {
                slot:
                    Slot::Location {
                        location: 0,
                        component: 0,
                    },
                index: 0,
            },
        ) if (*location as usize) < MAX_LOCATIONS => Some(*location as usize),
        _ => None,
    }
}

/// Runs a [`TexModulate`] program on `q` (all lanes) with its texture's
/// fast 2D level: the same operations as the engine in the same order, so
/// the same bits (`ROUND` as for [`FastLevel::sample`]).
#[inline(always)]
pub fn tex_modulate<const ROUND: bool>(
    k: &TexModulate,
    level: &FastLevel,
    linear: bool,
    q: &mut QuadBatch,
) {
    let QuadBatch { inputs, color, .. } = q;
    let input = |i: u32| inputs.get(i as usize).copied().unwrap_or([0.0; LANES]);
    let (mut s, mut t) = (input(k.coord[0]), input(k.coord[1]));
    if let Some(qi) = k.q {
        let w = input(qi);
        // As the engine: no division when every divisor is exactly 1.
        if !w.iter().all(|x| x.to_bits() == 1f32.to_bits()) {
            for l in 0..LANES {
                s[l] /= w[l];
                t[l] /= w[l];
            }
        }
    }
    let mut texel = [[0f32; LANES]; 4];
    if ROUND {
        // The AVX2 build: 8-bit textures through the gathering kernel.
        crate::raster::simd::sample_2d(level, linear, &s, &t, &mut texel);
    } else {
        level.sample::<false>(linear, &s, &t, &mut texel);
    }
    for (c, out) in color.iter_mut().enumerate() {
        let (x, tx) = (input(k.inputs[c]), &texel[c]);
        match k.chans[c] {
            Chan::Modulate => {
                for l in 0..LANES {
                    out[l] = fsat(x[l] * tx[l]);
                }
            }
            Chan::Input => {
                for l in 0..LANES {
                    out[l] = fsat(x[l]);
                }
            }
            Chan::Texel => {
                for l in 0..LANES {
                    out[l] = fsat(tx[l]);
                }
            }
        }
    }
}

/// What a vertex shader run produces.
pub struct VertexOutputs {
    /// `gl_Position`.
    pub position: [[f32; LANES]; 4],
    /// `gl_PointSize`.
    pub point_size: [f32; LANES],
    /// `gl_ClipDistance[i]`.
    pub clip_distance: [[f32; LANES]; 8],
    /// User outputs by `4 * location + component`.
    pub outputs: Vec<[f32; LANES]>,
}

impl VertexOutputs {
    /// Room for outputs at locations below `locations`.
    pub fn new(locations: usize) -> Self {
        VertexOutputs {
            position: [[0.0; LANES]; 4],
            point_size: [1.0; LANES],
            clip_distance: [[0.0; LANES]; 8],
            outputs: vec![[0.0; LANES]; 4 * locations],
        }
    }
}

/// A fragment program bound to its uniforms and textures for a draw.
pub struct FragmentProgram {
    /// The program.
    program: Arc<Program>,
    /// Its default uniform block.
    uniforms: Vec<u8>,
    /// Its textures.
    samplers: Samplers,
    /// The program's [`TexModulate`] shape and its texture, when that
    /// texture takes the fast 2D path: shaded by the native kernel.
    kernel: Option<(TexModulate, Fast2d)>,
    /// For the JIT, per texture call of the program: the unit whose
    /// sampler serves it as a plain 2D call, resolved for the draw. Empty
    /// without a JIT kernel or with more than [`oxgl_jit::MAX_PLAIN`] calls.
    plain: Vec<Option<usize>>,
    /// The draw's buffer words.
    buffers: BufferWords,
}

impl FragmentProgram {
    /// `program` bound to `uniforms`, `samplers` and `buffers` for a draw.
    pub fn new(
        program: Arc<Program>,
        uniforms: Vec<u8>,
        samplers: Samplers,
        buffers: BufferWords,
    ) -> Self {
        let kernel = program
            .tex_modulate
            .as_ref()
            .and_then(|k| Some((k.clone(), samplers.fast_2d(&k.decl, &k.op)?)));
        let calls = program.exec.tex_calls();
        let plain = if program.jit.is_some() && calls.len() <= oxgl_jit::MAX_PLAIN {
            calls
                .iter()
                .map(|t| {
                    t.plain_2d()
                        .then(|| samplers.plain_2d_unit(&t.decl))
                        .flatten()
                })
                .collect()
        } else {
            Vec::new()
        };
        FragmentProgram {
            program,
            uniforms,
            samplers,
            kernel,
            plain,
            buffers,
        }
    }
}

thread_local! {
    /// Each tile worker's registers and output space, reused across batches.
    static FS_SCRATCH: RefCell<Option<FsScratch>> =
        const { RefCell::new(None) };
}

/// A worker's registers and room for outputs beyond colour output 0.
type FsScratch = (Regs<LANES>, Vec<[f32; LANES]>);

/// Lanes of the 2×2 quads that have at least one lane in `mask`.
fn quad_lanes(mask: u16) -> u16 {
    let mut all = 0;
    for base in [0, 2, 8, 10] {
        let quad = 0b11_0011u16 << base;
        if mask & quad != 0 {
            all |= quad;
        }
    }
    all
}

impl FragmentShader for FragmentProgram {
    fn info(&self) -> ShaderInfo {
        self.program.info
    }

    fn input_varyings(&self) -> crate::raster::VaryingMask {
        self.program.input_varyings
    }

    fn copied_varyings(&self) -> Option<usize> {
        self.program.copy_from.map(|l| 4 * l)
    }

    fn shade(&self, q: &mut QuadBatch) {
        let p = &self.program;
        if let Some(l) = p.copy_from {
            for c in 0..4 {
                q.color[c] = if 4 * l + c < q.num_inputs {
                    q.inputs[4 * l + c]
                } else {
                    [0.0; LANES]
                };
            }
            return;
        }
        if let Some((k, tex)) = &self.kernel
            && k.reads_below(q.num_inputs)
        {
            crate::raster::simd::shade_tex_modulate(k, &tex.level(), tex.linear(), q);
            return;
        }
        FS_SCRATCH.with(|cell| {
            let mut cell = cell.borrow_mut();
            let (regs, spill) = cell.get_or_insert_with(|| (p.exec.new_regs(), Vec::new()));
            let n_out = p.outputs.last().map_or(1, |o| *o as usize + 1);
            let QuadBatch {
                inputs,
                num_inputs,
                color,
                mask,
                frag_coord,
                point_coord,
                front_facing,
                primitive_id,
                y_sign,
                depth,
                sample,
                at,
                ..
            } = q;
            // gl_SampleID, gl_SamplePosition, gl_SampleMaskIn: the pass's
            // sample, which this run alone covers (every fragment shader
            // runs per sample on a multisample target).
            let sample_in = match *sample {
                Some(k) => (
                    i32::from(k),
                    oxgl_dri_interface::OXGL_SAMPLE_POSITIONS[usize::from(k) % 4],
                    1 << k,
                ),
                None => (0, [0.5, 0.5], 1),
            };
            let mut sample_mask = [f32::from_bits(u32::MAX); LANES];
            // Colour output 0 lands in the batch directly; more outputs
            // (other locations) go to scratch space after it.
            let outputs: &mut [[f32; LANES]] = if n_out == 1 {
                &mut color[..]
            } else {
                spill.resize(4 * n_out, [0.0; LANES]);
                &mut spill[..]
            };
            let inputs = &inputs[..(*num_inputs).min(MAX_VARYINGS)];
            let live = u32::from(*mask);
            let helpers = u32::from(quad_lanes(*mask) & !*mask);
            let mut fd = [0.0; LANES];
            let mask = if let Some(k) = &p.jit {
                // Native code on the batch's own buffers (no `Env` to
                // build), its texture calls on the draw's samplers.
                // (Only programs with texture calls fill a table.)
                let mut slots: [oxgl_jit::PlainSlot; oxgl_jit::MAX_PLAIN];
                let plain: &[oxgl_jit::PlainSlot] = if self.plain.is_empty() {
                    &[]
                } else {
                    slots = [None; oxgl_jit::MAX_PLAIN];
                    for (s, u) in slots.iter_mut().zip(&self.plain) {
                        *s = u.and_then(|u| self.samplers.plain_2d_of(u));
                    }
                    &slots[..self.plain.len()]
                };
                let mut io = oxgl_jit::FragmentIo {
                    inputs,
                    outputs,
                    buffers: &self.buffers,
                    uniforms: &self.uniforms,
                    textures: &self.samplers,
                    plain,
                    frag_coord,
                    point_coord,
                    front_facing: *front_facing,
                    primitive_id: *primitive_id as i32,
                    y_sign: *y_sign,
                    mask: live,
                    helpers,
                    frag_depth: &mut fd,
                    sample: sample_in,
                    sample_mask: &mut sample_mask,
                };
                let ok = k.run_fragment(&p.exec, regs, &mut io).is_ok();
                if ok { io.mask } else { 0 }
            } else {
                let mut env = Env::new(inputs, outputs, &self.uniforms, &self.samplers);
                env.buffers = &self.buffers;
                env.mask = live;
                env.helpers = helpers;
                // 384 bytes per batch: only when the program reads them.
                if p.info.reads_frag_coord {
                    env.frag_coord = *frag_coord;
                }
                env.front_facing = if *front_facing { u32::MAX } else { 0 };
                env.primitive_id = [*primitive_id as i32; LANES];
                if p.reads_point_coord {
                    env.point_coord = *point_coord;
                }
                env.y_sign = *y_sign;
                (env.sample_id, env.sample_pos, env.sample_mask_in) = sample_in;
                let planes = AtView(at);
                if p.info.interpolates_at {
                    env.interpolator = Some(&planes);
                }
                let ok = p.run(regs, &mut env);
                fd = env.frag_depth;
                sample_mask = env.sample_mask;
                if ok { env.mask } else { 0 }
            };
            if p.info.writes_depth {
                *depth = fd;
            }
            if n_out > 1 {
                q.color.copy_from_slice(&spill[..4]);
                for (k, out) in q.extra_color.iter_mut().enumerate() {
                    if let Some(v) = spill.get(4 * (k + 1)..4 * (k + 2)) {
                        out.copy_from_slice(v);
                    }
                }
            }
            // gl_SampleMask: a lane whose mask leaves out the pass's sample
            // writes nothing (GL 4.6 §17.3.3; no effect outside
            // multisample rasterization).
            let mut mask = mask;
            if p.exec.info().writes_sample_mask
                && let Some(k) = *sample
            {
                for (l, m) in sample_mask.iter().enumerate() {
                    if m.to_bits() >> k & 1 == 0 {
                        mask &= !(1 << l);
                    }
                }
            }
            q.mask &= mask as u16;
        });
    }
}

/// The primitive's planes as `interpolateAt*` reads them.
struct AtView<'a>(&'a crate::raster::AtPlanes);

impl oxgl_exec::Interpolator<LANES> for AtView<'_> {
    fn at(&self, c: &[u32; LANES], dx: &[f32; LANES], dy: &[f32; LANES]) -> [f32; LANES] {
        use crate::raster::Interp;
        let a = self.0;
        let n = a.interp.len();
        // As the rasterizer evaluates the planes, so that the centre gives
        // the inputs' own bits.
        let eval = |p: &crate::raster::Plane, l: usize, x: f32, y: f32| {
            let base = p.c + p.dx * a.x + p.dy * a.y;
            let (lx, ly) = (
                crate::raster::LANE_X[l] as f32,
                crate::raster::LANE_Y[l] as f32,
            );
            base + p.dx * (lx + x) + p.dy * (ly + y)
        };
        std::array::from_fn(|l| {
            let i = c[l] as usize;
            let (Some(&interp), Some(&v0)) = (a.interp.get(i), a.attrs.get(i)) else {
                return 0.0;
            };
            let (d1, d2) = (a.attrs[n + i], a.attrs[2 * n + i]);
            let (x, y) = (dx[l], dy[l] * a.y_dir);
            let (b1, b2) = match interp {
                Interp::Flat => return v0,
                Interp::Smooth => {
                    let rw = 1.0 / eval(&a.w, l, x, y);
                    (eval(&a.p1, l, x, y) * rw, eval(&a.p2, l, x, y) * rw)
                }
                Interp::NoPerspective => (eval(&a.l1, l, x, y), eval(&a.l2, l, x, y)),
            };
            v0 + b1 * d1 + b2 * d2
        })
    }

    fn sample_offset(&self, i: i32) -> [f32; 2] {
        match usize::try_from(i) {
            Ok(i) if self.0.samples > 1 && i < usize::from(self.0.samples) => {
                let [x, y] = oxgl_dri_interface::OXGL_SAMPLE_POSITIONS[i % 4];
                [x - 0.5, y - 0.5]
            }
            _ => [0.0, 0.0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxgl_ir::{AluOp, Builder, Dim, Scalar, TextureDecl, ValType};

    /// Fixed function's `GL_MODULATE` of an RGBA texture on unit 0, as
    /// `ffgen` writes it: colour at location 0, coordinates at 1.
    fn modulate_shader(projective: bool, extra_add: bool) -> Shader {
        let mut shader = Shader::new(Stage::Fragment);
        let mut b = Builder::new(&mut shader);
        let color = b.load_input(0, ValType::F32X4);
        let t = b.declare_texture(TextureDecl {
            name: "texture0".into(),
            dim: Dim::D2,
            arrayed: false,
            multisample: false,
            shadow: false,
            kind: Scalar::F32,
            binding: 0,
        });
        let tc = b.load_input(1, ValType::F32X4);
        let c = b.swizzle(tc, "xy");
        let coord = if projective {
            let q = b.lane(tc, 3);
            let qs = b.splat(q, 2);
            b.div(c, qs)
        } else {
            c
        };
        let tex = b.sample(t, coord);
        let (cf, af) = (b.swizzle(color, "xyz"), b.lane(color, 3));
        let (ct, at) = (b.swizzle(tex, "xyz"), b.lane(tex, 3));
        let mut rgb = b.mul(cf, ct);
        if extra_add {
            rgb = b.add(rgb, ct);
        }
        let a = b.mul(af, at);
        let v = b.construct(&[rgb, a]);
        let v = b.un(AluOp::FSat, v);
        b.store_output(0, v);
        shader
    }

    #[test]
    fn modulate_is_recognized() {
        let p = Program::new(&modulate_shader(true, false)).unwrap();
        let k = p.tex_modulate.as_ref().expect("recognized");
        assert_eq!(k.coord, [4, 5]);
        assert_eq!(k.q, Some(7));
        assert_eq!(k.inputs, [0, 1, 2, 3]);
        assert_eq!(k.chans, [Chan::Modulate; 4]);
        let p = Program::new(&modulate_shader(false, false)).unwrap();
        assert_eq!(p.tex_modulate.as_ref().unwrap().q, None);
        // Anything more is not this shape.
        let p = Program::new(&modulate_shader(true, true)).unwrap();
        assert!(p.tex_modulate.is_none());
    }

    /// The native kernel gives the engine's bits: random colours (some out
    /// of [0, 1], to reach the clamp), coordinates and divisors (some lanes
    /// 1, some batches all 1), every filter and wrap of the fast path.
    #[test]
    fn modulate_kernel_matches_the_engine() {
        let mut seed = 0x2545_f491u32;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed as f32 / u32::MAX as f32
        };
        let texels: Vec<[f32; 4]> = (0..16 * 8)
            .map(|_| std::array::from_fn(|_| (rnd() * 255.0).round() / 255.0))
            .collect();
        let prog = Arc::new(Program::new(&modulate_shader(true, false)).unwrap());
        for (filter, wrap) in [(0x2601, 0x2901), (0x2600, 0x2901), (0x2601, 0x812F)] {
            let samplers = crate::texture::test_samplers(16, 8, texels.clone(), filter, wrap);
            let fp = FragmentProgram::new(prog.clone(), Vec::new(), samplers.clone(), Arc::new([]));
            assert!(fp.kernel.is_some());
            for batch in 0..64 {
                let mut q = QuadBatch {
                    mask: 0xffff,
                    num_inputs: 8,
                    ..QuadBatch::default()
                };
                for l in 0..LANES {
                    for c in 0..4 {
                        q.inputs[c][l] = rnd() * 1.5 - 0.25;
                    }
                    q.inputs[4][l] = rnd() * 4.0 - 2.0;
                    q.inputs[5][l] = rnd() * 4.0 - 2.0;
                    q.inputs[7][l] = match batch % 3 {
                        0 => 1.0,
                        _ if l % 3 == 0 => 1.0,
                        _ => rnd() * 2.0 + 0.5,
                    };
                }
                // The engine, as `shade` runs it without the kernel.
                let mut expect = q.clone();
                let mut regs = prog.new_regs();
                let mut env = Env::new(&q.inputs[..8], &mut expect.color[..], &[], &samplers);
                env.mask = 0xffff;
                assert!(prog.exec.run(&mut regs, &mut env).is_ok());
                fp.shade(&mut q);
                for c in 0..4 {
                    for l in 0..LANES {
                        assert_eq!(
                            q.color[c][l].to_bits(),
                            expect.color[c][l].to_bits(),
                            "filter {filter:#x} wrap {wrap:#x} batch {batch} channel {c} lane {l}"
                        );
                    }
                }
            }
        }
    }
}
