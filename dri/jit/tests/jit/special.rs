//! What the shared corpus does not cover: the loop limit, short
//! environments (the kernel falls back to the interpreter), statistics,
//! sharing across threads.

use crate::shaders;
use oxgl_exec::{Env, LoopLimit, NoTextures, Program};
use oxgl_jit::Kernel;

/// A fragment program with only native operations and plain texture
/// calls: `gl_FragCoord`, `gl_PointCoord`, two plain 2D samples (one under
/// divergent control flow), `discard` and `gl_FragDepth`.
fn native_fragment() -> oxgl_ir::Shader {
    use oxgl_ir::*;
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let t = b.declare_texture(shaders::tex_decl(false));
    let c = b.load_input(0, ValType::F32X4);
    let uv = b.swizzle(c, "xy");
    let fc = b.system(SysVal::FragCoord);
    let pc = b.system(SysVal::PointCoord);
    let fxy = b.swizzle(fc, "xy");
    let uv2 = b.add(uv, fxy);
    let uv2 = b.add(uv2, pc);
    let col = b.sample(t, uv2);
    b.store_output(0, col);
    let w = b.lane(c, 3);
    let zero = b.f32(0.0);
    let pos = b.gt(w, zero);
    b.if_then(pos, |b| {
        let v = b.sample(t, uv);
        b.store_output(1, v);
    });
    let z = b.lane(c, 2);
    let neg = b.lt(z, zero);
    b.if_then(neg, |b| {
        b.discard();
    });
    let d = b.lane(fc, 2);
    let d = b.mul(d, w);
    b.store_builtin(Builtin::FragDepth, d);
    s
}

/// Such a program runs on `run_fragment`'s buffers without an `Env`, and
/// matches the engine (the harness compares `run`, `run_fragment` and the
/// interpreter).
#[test]
fn native_fragment_runs_without_env() {
    let s = native_fragment();
    let prog = Program::compile(&s).unwrap();
    let k = Kernel::compile(&prog).unwrap();
    assert!(k.runs_without_env(), "{k:?}");
    assert_eq!(k.step_ops, 0);
    assert!(crate::harness::check_both(&s, 41, 24) > 0);
    // The texture and the `gl_FrontFacing` read of the corpus's other
    // programs are steps: they take the `Env` path.
    let p = Program::compile(&shaders::texture()).unwrap();
    assert!(!Kernel::compile(&p).unwrap().runs_without_env());
}

/// `main` returning early for some lanes: a later output store must keep
/// those lanes' earlier value (the stores before the return, and those in
/// no branch, are the JIT's unmasked ones).
#[test]
fn early_return_keeps_outputs() {
    use oxgl_ir::*;
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let c = b.load_input(0, ValType::F32X4);
    b.store_output(0, c);
    let x = b.lane(c, 0);
    let zero = b.f32(0.0);
    let neg = b.lt(x, zero);
    b.if_then(neg, |b| b.return_(None));
    let twice = b.add(c, c);
    b.store_output(0, twice);
    let prog = Program::compile(&s).unwrap();
    let k = Kernel::compile(&prog).unwrap();
    let input: Vec<[f32; 16]> = (0..4)
        .map(|_| std::array::from_fn(|l| if l % 3 == 0 { -1.0 } else { 1.0 }))
        .collect();
    let mut out = vec![[7.0f32; 16]; 4];
    let mut env = Env::<16>::new(&input, &mut out, &[], &NoTextures);
    k.run(&prog, &mut prog.new_regs::<16>(), &mut env).unwrap();
    for (l, got) in out[0].iter().enumerate() {
        let want = if l % 3 == 0 { -1.0 } else { 2.0 };
        assert_eq!(*got, want, "lane {l}");
    }
    assert!(crate::harness::check_both(&s, 43, 8) > 0);
}

#[test]
fn runaway_loops_stop() {
    let s = shaders::runaway_loop();
    let prog = Program::compile(&s).unwrap();
    let k = Kernel::compile(&prog).unwrap();
    let mut regs = prog.new_regs::<16>();
    let input = vec![std::array::from_fn::<f32, 16, _>(|l| if l == 3 { -1.0 } else { 1.0 }); 4];
    let mut out = vec![[0.0f32; 16]; 4];
    let mut env = Env::<16>::new(&input, &mut out, &[], &NoTextures);
    assert_eq!(k.run(&prog, &mut regs, &mut env), Err(LoopLimit));
    assert_eq!(env.mask, 0);
    let input = vec![[1.0f32; 16]; 4];
    let mut env = Env::<16>::new(&input, &mut out, &[], &NoTextures);
    assert_eq!(k.run(&prog, &mut regs, &mut env), Ok(()));
    assert_eq!(env.mask, 0xffff);
    assert_eq!(out[0], [1.0; 16]);
}

/// Environments shorter than the generated code reads run on the
/// interpreter: zeros read, writes dropped, no panic.
#[test]
fn short_environments_fall_back() {
    let shaders = [
        shaders::fixed_function_vertex(),
        shaders::dynamic_array(),
        shaders::uniform_and_output_arrays(),
        shaders::texture(),
    ];
    for s in &shaders {
        let p = Program::compile(s).unwrap();
        let k = Kernel::compile(&p).unwrap();
        let mut regs = p.new_regs::<16>();
        for (ni, no, nu) in [(0, 0, 0), (1, 1, 3), (5, 2, 17), (64, 64, 4096)] {
            let input = vec![[1.5f32; 16]; ni];
            let mut out = vec![[0.0f32; 16]; no];
            let mut want = out.clone();
            let uni = vec![0x40u8; nu];
            let mut env = Env::<16>::new(&input, &mut out, &uni, &NoTextures);
            k.run(&p, &mut regs, &mut env).unwrap();
            let mask = env.mask;
            let mut env = Env::<16>::new(&input, &mut want, &uni, &NoTextures);
            p.run(&mut regs, &mut env).unwrap();
            assert_eq!(mask, env.mask);
            let bits = |v: &Vec<[f32; 16]>| -> Vec<u32> {
                v.iter().flatten().map(|x| x.to_bits()).collect()
            };
            assert_eq!(bits(&out), bits(&want));
        }
    }
}

/// Arithmetic-only shaders compile to native code, with no interpreter
/// steps; another program's kernel falls back to the interpreter.
#[test]
fn arithmetic_is_native() {
    let s = shaders::fixed_function_vertex();
    let p = Program::compile(&s).unwrap();
    let k = Kernel::compile(&p).unwrap();
    assert!(k.native_ops > 10, "{k:?}");
    let other = Program::compile(&s).unwrap();
    let mut regs = other.new_regs::<16>();
    let input = vec![[0.5f32; 16]; 64];
    let uni = vec![0u8; 4096];
    let mut out = vec![[0.0f32; 16]; 64];
    let mut env = Env::<16>::new(&input, &mut out, &uni, &NoTextures);
    k.run(&other, &mut regs, &mut env).unwrap();
}

#[test]
fn kernels_are_shareable() {
    fn shareable<T: Send + Sync>() {}
    shareable::<Kernel>();
}

/// Nanoseconds per 16 lanes of `pow`, `exp2`, `log2` and `sin` (vec4 each), JIT
/// and interpreter: `cargo test --release -p oxgl-jit --test jit
/// transcendental_rates -- --ignored --nocapture`.
#[test]
#[ignore = "a benchmark"]
fn transcendental_rates() {
    use oxgl_ir::*;
    for op in [
        AluOp::Pow,
        AluOp::Exp2,
        AluOp::Log2,
        AluOp::Sin,
        AluOp::FMul,
    ] {
        let mut s = Shader::new(Stage::Vertex);
        let mut b = Builder::new(&mut s);
        let x = b.load_input(0, ValType::F32X4);
        let y = b.load_input(1, ValType::F32X4);
        let args: Vec<Value> = if op.arity() == 2 { vec![x, y] } else { vec![x] };
        let r = b.alu(op, &args);
        b.store_output(0, r);
        let p = Program::compile(&s).unwrap();
        let k = Kernel::compile(&p).unwrap();
        let mut regs = p.new_regs::<16>();
        let input: Vec<[f32; 16]> = (0..8)
            .map(|c| std::array::from_fn(|l| 0.05 + 0.06 * l as f32 + c as f32))
            .collect();
        let mut out = vec![[0.0f32; 16]; 4];
        let n = 200_000;
        let mut time = |jit: bool| {
            let t = std::time::Instant::now();
            for _ in 0..n {
                let mut env = Env::<16>::new(&input, &mut out, &[], &NoTextures);
                if jit {
                    k.run(&p, &mut regs, &mut env).unwrap();
                } else {
                    p.run(&mut regs, &mut env).unwrap();
                }
            }
            t.elapsed().as_nanos() as f64 / n as f64
        };
        let (j, i) = (time(true), time(false));
        println!(
            "{}: jit {j:.1} ns, interpreter {i:.1} ns per run (4 × 16 lanes)",
            op.name()
        );
    }
}
