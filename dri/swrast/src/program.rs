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

use oxgl_exec::{Env, Regs, TextureHost};
use oxgl_ir::{Builtin, InterpMode, Shader, Slot, Stage, VarKind};

use crate::raster::{FragmentShader, Interp, LANES, MAX_VARYINGS, QuadBatch, ShaderInfo};
use crate::texture::Samplers;

/// Highest user varying location + 1 the rasterizer can carry.
pub const MAX_LOCATIONS: usize = MAX_VARYINGS / 4;

/// A compiled shader.
pub struct Program {
    /// Its stage (vertex or fragment).
    pub stage: Stage,
    /// User inputs, by increasing location, with their interpolation.
    pub inputs: Vec<(u32, Interp)>,
    /// User output locations written, increasing.
    pub outputs: Vec<u32>,
    /// Writes `gl_PointSize`.
    pub writes_point_size: bool,
    /// Scheduling facts for the rasterizer (fragment stage).
    pub info: ShaderInfo,
    /// The shader only copies the `f32x4` input at this location to colour
    /// output 0: shaded without running it.
    copy_from: Option<usize>,
    /// The varyings (`4 L + c`) it reads, as bits.
    input_varyings: u64,
    /// Reads `gl_PointCoord`.
    reads_point_coord: bool,
    exec: oxgl_exec::Program,
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
                    let n = slots(&shader.types, var.ty);
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
            .fold(0u64, |m, (l, c)| m | u64::from(c & 0xf) << (4 * l));
        let writes_point_size = shader.vars.iter().any(|(_, v)| {
            matches!(
                v.kind,
                VarKind::Output {
                    slot: Slot::Builtin(Builtin::PointSize),
                    ..
                }
            )
        });
        Ok(Program {
            stage: shader.stage,
            copy_from: copy_input(shader),
            input_varyings,
            reads_point_coord: info.reads_point_coord,
            inputs,
            outputs,
            writes_point_size,
            info: ShaderInfo {
                writes_depth: info.writes_depth,
                may_discard: info.uses_discard,
                reads_frag_coord: info.reads_frag_coord,
            },
            exec,
        })
    }

    /// Registers for this program's runs.
    pub fn new_regs(&self) -> Regs<LANES> {
        self.exec.new_regs()
    }

    /// Runs the vertex shader for `count` (≤ [`LANES`]) vertices.
    /// `inputs[4 * location + component]` holds the attributes; results go
    /// to `out`.
    pub fn run_vertices(
        &self,
        regs: &mut Regs<LANES>,
        count: usize,
        inputs: &[[f32; LANES]],
        uniforms: &[u8],
        textures: &dyn TextureHost<LANES>,
        out: &mut VertexOutputs,
    ) {
        let mut env = Env::new(inputs, &mut out.outputs, uniforms, textures);
        env.mask = if count >= 32 {
            u32::MAX
        } else {
            (1u32 << count) - 1
        };
        env.point_size = [1.0; LANES];
        let ok = crate::raster::simd::run_program(&self.exec, regs, &mut env);
        out.position = env.position;
        out.point_size = env.point_size;
        out.clip_distance = env.clip_distance;
        if !ok {
            // A runaway loop: the vertices are dropped (clipped away).
            out.position = [[0.0; LANES]; 4];
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
        _ => 1,
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
    pub program: Arc<Program>,
    /// Its default uniform block.
    pub uniforms: Vec<u8>,
    /// Its textures.
    pub samplers: Samplers,
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

    fn input_varyings(&self) -> u64 {
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
        FS_SCRATCH.with(|cell| {
            let mut cell = cell.borrow_mut();
            let (regs, spill) = cell.get_or_insert_with(|| (p.exec.new_regs(), Vec::new()));
            let n_out = p.outputs.last().map_or(1, |o| *o as usize + 1);
            let QuadBatch {
                inputs,
                num_inputs,
                color,
                ..
            } = q;
            // Colour output 0 lands in the batch directly; more outputs
            // (other locations) go to scratch space after it.
            let outputs: &mut [[f32; LANES]] = if n_out == 1 {
                &mut color[..]
            } else {
                spill.resize(4 * n_out, [0.0; LANES]);
                &mut spill[..]
            };
            let inputs = &inputs[..(*num_inputs).min(MAX_VARYINGS)];
            let mut env = Env::new(inputs, outputs, &self.uniforms, &self.samplers);
            env.mask = u32::from(q.mask);
            env.helpers = u32::from(quad_lanes(q.mask) & !q.mask);
            // 384 bytes per batch: only when the program reads them.
            if p.info.reads_frag_coord {
                env.frag_coord = q.frag_coord;
            }
            env.front_facing = if q.front_facing { u32::MAX } else { 0 };
            if p.reads_point_coord {
                env.point_coord = q.point_coord;
            }
            env.y_sign = q.y_sign;
            let ok = crate::raster::simd::run_program(&p.exec, regs, &mut env);
            let mask = if ok { env.mask } else { 0 };
            let depth = env.frag_depth;
            if n_out > 1 {
                q.color.copy_from_slice(&spill[..4]);
            }
            q.mask &= mask as u16;
            if p.info.writes_depth {
                q.depth = depth;
            }
        });
    }
}
