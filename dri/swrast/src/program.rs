//! Shaders as swrast holds them: a deserialized IR shader, what the
//! pipeline must know about its interface (user inputs and their
//! interpolation, outputs, built-ins written, discard), and its execution
//! for [`LANES`] invocations at a time — vertices in the front end,
//! fragments (one 4×4 [`QuadBatch`]) in the tile workers.

use std::sync::Arc;

use oxgl_ir::{Builtin, InterpMode, Op, Shader, Slot, Stage, SysVal, VarKind};

use crate::raster::{FragmentShader, Interp, LANES, QuadBatch, ShaderInfo};

/// SoA values of one location: `[component][lane]`.
pub type Soa4 = [[f32; LANES]; 4];

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
    exec: crate::exec::Program,
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
        if !matches!(shader.stage, Stage::Vertex | Stage::Fragment) {
            return Err(format!(
                "swrast runs vertex and fragment shaders, not {}",
                shader.stage.name()
            ));
        }
        let exec = crate::exec::Program::compile(shader)?;
        let mut inputs = Vec::new();
        let mut outputs = Vec::new();
        let mut writes_point_size = false;
        let mut writes_depth = false;
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
                    inputs.push((location, i));
                }
                VarKind::Output {
                    slot: Slot::Location { location, .. },
                    ..
                } => outputs.push(location),
                VarKind::Output {
                    slot: Slot::Builtin(b),
                    ..
                } => match b {
                    Builtin::PointSize => writes_point_size = true,
                    Builtin::FragDepth => writes_depth = true,
                    _ => {}
                },
                _ => {}
            }
        }
        inputs.sort_by_key(|i| i.0);
        inputs.dedup_by_key(|i| i.0);
        outputs.sort_unstable();
        outputs.dedup();
        let mut may_discard = false;
        let mut reads_frag_coord = false;
        for (_, f) in shader.funcs.iter() {
            f.walk(&mut |_, _, node| {
                if matches!(node, oxgl_ir::Node::Discard) {
                    may_discard = true;
                }
            });
            for (_, inst) in f.insts.iter() {
                match inst.op {
                    Op::Demote => may_discard = true,
                    Op::System(SysVal::FragCoord) => reads_frag_coord = true,
                    _ => {}
                }
            }
        }
        Ok(Program {
            stage: shader.stage,
            inputs,
            outputs,
            writes_point_size,
            info: ShaderInfo {
                writes_depth,
                may_discard,
                reads_frag_coord,
            },
            exec,
        })
    }

    /// Runs the vertex shader for `count` (≤ [`LANES`]) vertices.
    /// `inputs[location]` holds the attributes; results go to `position`,
    /// `outputs[location]` and `point_size`.
    pub fn run_vertices(
        &self,
        regs: &mut crate::exec::Regs,
        count: usize,
        inputs: &[Soa4],
        uniforms: &[u8],
        out: &mut VertexOutputs,
    ) {
        let mask = if count >= 32 {
            u32::MAX
        } else {
            (1u32 << count) - 1
        };
        let mut env = crate::exec::Env::new(inputs, &mut out.outputs, uniforms);
        env.mask = mask;
        self.exec.run(regs, &mut env);
        out.position = env.position;
        out.point_size = env.point_size;
    }

    /// A register file for this program's runs.
    pub fn new_regs(&self) -> crate::exec::Regs {
        self.exec.new_regs()
    }
}

/// What a vertex shader run produces.
pub struct VertexOutputs {
    /// `gl_Position`.
    pub position: Soa4,
    /// `gl_PointSize`.
    pub point_size: [f32; LANES],
    /// User outputs by location.
    pub outputs: Vec<Soa4>,
}

impl VertexOutputs {
    /// Room for outputs at locations below `locations`.
    pub fn new(locations: usize) -> Self {
        VertexOutputs {
            position: [[0.0; LANES]; 4],
            point_size: [1.0; LANES],
            outputs: vec![[[0.0; LANES]; 4]; locations],
        }
    }
}

/// A fragment program bound to its uniforms and to the varying layout of a
/// draw: varying `4 k + c` of a [`QuadBatch`] is component `c` of the
/// program's `k`-th input.
pub struct FragmentProgram {
    /// The program.
    pub program: Arc<Program>,
    /// Its default uniform block.
    pub uniforms: Vec<u8>,
}

thread_local! {
    static FS_SCRATCH: std::cell::RefCell<Option<FsScratch>> = const { std::cell::RefCell::new(None) };
}

struct FsScratch {
    regs: crate::exec::Regs,
    inputs: Vec<Soa4>,
    outputs: Vec<Soa4>,
}

impl FragmentShader for FragmentProgram {
    fn info(&self) -> ShaderInfo {
        self.program.info
    }

    fn shade(&self, q: &mut QuadBatch) {
        let p = &self.program;
        FS_SCRATCH.with(|cell| {
            let mut cell = cell.borrow_mut();
            let s = cell.get_or_insert_with(|| FsScratch {
                regs: p.exec.new_regs(),
                inputs: Vec::new(),
                outputs: Vec::new(),
            });
            let n_in = p.inputs.last().map_or(0, |i| i.0 as usize + 1);
            let n_out = p.outputs.last().map_or(1, |o| *o as usize + 1);
            s.inputs.resize(n_in, [[0.0; LANES]; 4]);
            s.outputs.resize(n_out, [[0.0; LANES]; 4]);
            for (k, &(loc, _)) in p.inputs.iter().enumerate() {
                for c in 0..4 {
                    s.inputs[loc as usize][c] = q.inputs[4 * k + c];
                }
            }
            p.exec.ensure_regs(&mut s.regs);
            let mut env = crate::exec::Env::new(&s.inputs, &mut s.outputs, &self.uniforms);
            env.mask = u32::from(q.mask);
            env.frag_coord = q.frag_coord;
            env.front_facing = if q.front_facing { u32::MAX } else { 0 };
            env.point_coord = q.point_coord;
            env.y_sign = q.y_sign;
            p.exec.run(&mut s.regs, &mut env);
            let mask = env.mask;
            let depth = env.frag_depth;
            q.mask &= mask as u16;
            if p.info.writes_depth {
                q.depth = depth;
            }
            q.color = s.outputs[0];
        });
    }
}
