//! The seam between swrast and shader execution: [`Program::run`] executes
//! [`LANES`] invocations described by an [`Env`]. This version runs the IR
//! reference interpreter once per live lane (correct, slow); the SoA engine
//! (`oxgl-exec`) replaces it behind the same interface.

use std::collections::HashMap;

use oxgl_ir::interp::{self, Invocation, NoResources};
use oxgl_ir::{Builtin, Shader, SysVal};

use crate::program::Soa4;
use crate::raster::LANES;

/// A shader ready to run.
pub struct Program {
    shader: Shader,
}

/// Per-thread scratch of a program's runs.
#[derive(Default)]
pub struct Regs {
    inv: Invocation,
}

/// Inputs and outputs of one run, SoA.
pub struct Env<'a> {
    /// User inputs by location.
    pub inputs: &'a [Soa4],
    /// User outputs by location.
    pub outputs: &'a mut [Soa4],
    /// The default uniform block.
    pub uniforms: &'a [u8],
    /// Live lanes in; lanes not discarded out.
    pub mask: u32,
    /// `gl_Position` out.
    pub position: Soa4,
    /// `gl_PointSize` out.
    pub point_size: [f32; LANES],
    /// `gl_FragDepth` out.
    pub frag_depth: [f32; LANES],
    /// `gl_FragCoord` in.
    pub frag_coord: Soa4,
    /// `gl_FrontFacing` per lane (bit mask).
    pub front_facing: u32,
    /// `gl_PointCoord` in.
    pub point_coord: [[f32; LANES]; 2],
    /// +1 or −1: storage rows to GL y for `dFdy`.
    pub y_sign: f32,
}

impl<'a> Env<'a> {
    /// An environment with every lane live and zeroed built-ins.
    pub fn new(inputs: &'a [Soa4], outputs: &'a mut [Soa4], uniforms: &'a [u8]) -> Self {
        Env {
            inputs,
            outputs,
            uniforms,
            mask: u32::MAX,
            position: [[0.0; LANES]; 4],
            point_size: [1.0; LANES],
            frag_depth: [0.0; LANES],
            frag_coord: [[0.0; LANES]; 4],
            front_facing: u32::MAX,
            point_coord: [[0.0; LANES]; 2],
            y_sign: 1.0,
        }
    }
}

impl Program {
    /// Checks `shader` once.
    pub fn compile(shader: &Shader) -> Result<Program, String> {
        oxgl_ir::valid::validate(shader).map_err(|e| e.to_string())?;
        Ok(Program {
            shader: shader.clone(),
        })
    }

    /// Scratch for [`Program::run`].
    pub fn new_regs(&self) -> Regs {
        Regs::default()
    }

    /// Makes `regs` fit this program.
    pub fn ensure_regs(&self, _regs: &mut Regs) {}

    /// Runs every live lane.
    pub fn run(&self, regs: &mut Regs, env: &mut Env) {
        let inv = &mut regs.inv;
        inv.uniforms.clear();
        inv.uniforms.extend_from_slice(env.uniforms);
        let mut alive = env.mask;
        for lane in 0..LANES {
            if env.mask & (1 << lane) == 0 {
                continue;
            }
            inv.inputs.clear();
            for (loc, v) in env.inputs.iter().enumerate() {
                inv.set_input_f32(
                    loc as u32,
                    &[v[0][lane], v[1][lane], v[2][lane], v[3][lane]],
                );
            }
            let mut sys = HashMap::new();
            let fc = [0, 1, 2, 3].map(|c| u64::from(env.frag_coord[c][lane].to_bits()));
            sys.insert(SysVal::FragCoord, fc);
            sys.insert(
                SysVal::FrontFacing,
                [u64::from(env.front_facing & (1 << lane) != 0), 0, 0, 0],
            );
            let pc = env.point_coord;
            sys.insert(
                SysVal::PointCoord,
                [
                    u64::from(pc[0][lane].to_bits()),
                    u64::from(pc[1][lane].to_bits()),
                    0,
                    0,
                ],
            );
            inv.system = sys;
            inv.outputs.clear();
            inv.builtin_outputs.clear();
            inv.discarded = false;
            if interp::run(&self.shader, inv, &mut NoResources).is_err() || inv.discarded {
                alive &= !(1 << lane);
                continue;
            }
            for (loc, o) in env.outputs.iter_mut().enumerate() {
                let v = inv.output_f32(loc as u32);
                for (comp, x) in o.iter_mut().zip(v) {
                    comp[lane] = x;
                }
            }
            let p = inv.builtin_f32(Builtin::Position);
            if p.len() == 4 {
                for (comp, x) in env.position.iter_mut().zip(p) {
                    comp[lane] = x;
                }
            }
            if let Some(s) = inv.builtin_f32(Builtin::PointSize).first() {
                env.point_size[lane] = *s;
            }
            if let Some(d) = inv.builtin_f32(Builtin::FragDepth).first() {
                env.frag_depth[lane] = *d;
            }
        }
        env.mask = alive;
    }
}
