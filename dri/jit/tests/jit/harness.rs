//! `oxgl-exec`'s harness (reference interpreter against the engine) with
//! the JIT compared against the engine on the same inputs at 16 lanes.

pub use crate::exec_harness::{GARBAGE, Inputs, Rng, random_inputs, same, set_up_env};
use oxgl_exec::{Env, Program, Regs};
use oxgl_ir::Shader;
use oxgl_jit::Kernel;

/// What one run produced.
struct Run {
    outputs: Vec<[f32; 16]>,
    position: [[f32; 16]; 4],
    point_size: [f32; 16],
    clip: [[f32; 16]; 8],
    depth: [f32; 16],
    mask: u32,
    ok: bool,
}

/// How [`run_one`] runs the program.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Engine,
    Jit,
    /// [`Kernel::run_fragment`], on buffers of its own.
    JitFragment,
}

fn run_one(
    s: &Shader,
    prog: &Program,
    kernel: Option<&Kernel>,
    mode: Mode,
    inp: &Inputs<16>,
) -> Run {
    let info = prog.info();
    let flat_in: Vec<[f32; 16]> = inp.flat.iter().map(|c| c.map(f32::from_bits)).collect();
    let mut outputs = vec![[GARBAGE; 16]; info.outputs_written.len() * 4];
    let tex = crate::exec_harness::SoaTex;
    if let (Mode::JitFragment, Some(k)) = (mode, kernel) {
        let mut depth = [GARBAGE; 16];
        let mut sample_mask = [GARBAGE; 16];
        let mut io = oxgl_jit::FragmentIo {
            inputs: &flat_in,
            outputs: &mut outputs,
            buffers: &[],
            uniforms: &inp.uniforms,
            textures: &tex,
            plain: &[],
            frag_coord: &inp.frag_coord,
            point_coord: &inp.point_coord,
            front_facing: inp.front_facing != 0,
            primitive_id: 0,
            y_sign: 1.0,
            mask: inp.mask,
            helpers: !inp.mask & 0xffff,
            frag_depth: &mut depth,
            sample: (0, [0.5; 2], 1),
            sample_mask: &mut sample_mask,
        };
        let mut regs: Regs<16> = prog.new_regs();
        let ok = k.run_fragment(prog, &mut regs, &mut io).is_ok();
        let mask = io.mask;
        return Run {
            outputs,
            position: [[GARBAGE; 16]; 4],
            point_size: [GARBAGE; 16],
            clip: [[0.0; 16]; 8],
            depth,
            mask,
            ok,
        };
    }
    let mut env = Env::<16>::new(&flat_in, &mut outputs, &inp.uniforms, &tex);
    set_up_env(&mut env, s.stage, inp);
    let mut regs: Regs<16> = prog.new_regs();
    let ok = match kernel {
        Some(k) => k.run(prog, &mut regs, &mut env).is_ok(),
        None => prog.run(&mut regs, &mut env).is_ok(),
    };
    let (position, point_size, clip, depth, mask) = (
        env.position,
        env.point_size,
        env.clip_distance,
        env.frag_depth,
        env.mask,
    );
    Run {
        outputs,
        position,
        point_size,
        clip,
        depth,
        mask,
        ok,
    }
}

/// Compiles `prog` and compares the JIT with the engine on `inp`; for a
/// fragment program, [`Kernel::run_fragment`] too (with every lane facing
/// the same way, as a rasterizer's block does).
pub fn compare_jit(s: &Shader, prog: &Program, inp: &Inputs<16>, what: &str) {
    let kernel = match Kernel::compile(prog) {
        Ok(k) => k,
        Err(e) => {
            assert!(
                e.0.contains("out-of-line"),
                "{what}: JIT compile failed: {e}"
            );
            return;
        }
    };
    let want = run_one(s, prog, None, Mode::Engine, inp);
    let got = run_one(s, prog, Some(&kernel), Mode::Jit, inp);
    assert_same(s, &got, &want, what);
    if s.stage == oxgl_ir::Stage::Fragment
        && let Some(mut one_way) = as16(inp)
    {
        one_way.front_facing = if inp.front_facing & 1 != 0 {
            u32::MAX
        } else {
            0
        };
        let want = run_one(s, prog, None, Mode::Engine, &one_way);
        let got = run_one(s, prog, Some(&kernel), Mode::JitFragment, &one_way);
        // The vertex built-ins are not a fragment run's.
        let got = Run {
            position: want.position,
            point_size: want.point_size,
            clip: want.clip,
            ..got
        };
        assert_same(s, &got, &want, &format!("{what} (run_fragment)"));
    }
}

fn assert_same(s: &Shader, got: &Run, want: &Run, what: &str) {
    assert_eq!(got.ok, want.ok, "{what}: loop limit");
    assert_eq!(got.mask, want.mask, "{what}: surviving lanes");
    let text = || oxgl_ir::text::print(s);
    for l in 0..16 {
        if want.mask & (1 << l) == 0 {
            continue;
        }
        for (c, (g, w)) in got.outputs.iter().zip(&want.outputs).enumerate() {
            let (g, w) = (g[l].to_bits(), w[l].to_bits());
            assert!(
                same(g, w),
                "{what}: lane {l}: output component {c}: jit {g:#x}, engine {w:#x}\n{}",
                text()
            );
        }
        let pairs = (0..4)
            .map(|c| (got.position[c][l], want.position[c][l], "position"))
            .chain((0..8).map(|c| (got.clip[c][l], want.clip[c][l], "clip distance")))
            .chain([
                (got.point_size[l], want.point_size[l], "point size"),
                (got.depth[l], want.depth[l], "frag depth"),
            ]);
        for (g, w, name) in pairs {
            assert!(
                same(g.to_bits(), w.to_bits()),
                "{what}: lane {l}: {name}: jit {g:?}, engine {w:?}\n{}",
                text()
            );
        }
    }
}

fn as16<const N: usize>(inp: &Inputs<N>) -> Option<Inputs<16>> {
    let a = |x: &[f32; N]| <[f32; 16]>::try_from(&x[..]).ok();
    Some(Inputs {
        flat: inp
            .flat
            .iter()
            .map(|x| <[u32; 16]>::try_from(&x[..]).ok())
            .collect::<Option<_>>()?,
        uniforms: inp.uniforms.clone(),
        frag_coord: [
            a(&inp.frag_coord[0])?,
            a(&inp.frag_coord[1])?,
            a(&inp.frag_coord[2])?,
            a(&inp.frag_coord[3])?,
        ],
        front_facing: inp.front_facing,
        point_coord: [a(&inp.point_coord[0])?, a(&inp.point_coord[1])?],
        vertex_id: <[i32; 16]>::try_from(&inp.vertex_id[..]).ok()?,
        instance_id: inp.instance_id,
        base_vertex: inp.base_vertex,
        base_instance: inp.base_instance,
        draw_id: inp.draw_id,
        mask: inp.mask,
    })
}

/// `oxgl-exec`'s check (engine against the reference interpreter), then
/// the JIT against the engine when `N` is 16.
pub fn check_inputs<const N: usize>(
    s: &Shader,
    prog: &Program,
    regs: &mut Regs<N>,
    inp: &Inputs<N>,
    what: &str,
) -> usize {
    let n = crate::exec_harness::check_inputs(s, prog, regs, inp, what);
    if let Some(inp16) = as16(inp) {
        compare_jit(s, prog, &inp16, what);
    }
    n
}

/// `runs` random input sets at 16 lanes, JIT against engine, and the
/// engine against the interpreter.
pub fn check_both(s: &Shader, seed: u64, runs: usize) -> usize {
    let prog = Program::compile(s).unwrap_or_else(|e| panic!("compile: {e}"));
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut regs = prog.new_regs::<16>();
    let mut compared = 0;
    for run in 0..runs {
        let inp = random_inputs::<16>(s, &mut rng);
        compared += check_inputs(s, &prog, &mut regs, &inp, &format!("seed {seed} run {run}"));
    }
    compared
}
