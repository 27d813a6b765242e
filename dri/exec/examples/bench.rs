//! Microbenchmark: nanoseconds per 16-lane run of small shaders.
//!
//! `cargo run --release -p oxgl-exec --example bench [FILTER]`; set
//! `OXGL_BENCH_ITERS` to change the iteration count (e.g. for callgrind).

use oxgl_exec::{Env, NoTextures, Program, W};
use oxgl_ir::*;
use std::hint::black_box;
use std::time::Instant;

fn passthrough() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let c = b.load_input(0, ValType::F32X4);
    b.store_output(0, c);
    s
}

/// `gl_Position = mvp * in0` with the matrix columns from uniforms.
fn transform() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut s);
    let e = b.shader.types.value(ValType::F32X4);
    let mvp = b.var(
        "mvp",
        Type::Array {
            elem: e,
            len: Some(4),
            stride: Some(16),
        },
        VarKind::Uniform {
            offset: 0,
            location: None,
        },
    );
    let pos = b.load_input(0, ValType::F32X4);
    let mut acc = None;
    for i in 0..4u8 {
        let col = b.load(Deref {
            var: mvp,
            path: vec![Index::Const(i as u32)],
        });
        let x = b.lane(pos, i);
        let xs = b.splat(x, 4);
        acc = Some(match acc {
            None => b.mul(col, xs),
            Some(a) => b.fma(col, xs, a),
        });
    }
    b.store_builtin(Builtin::Position, acc.unwrap());
    s
}

/// Transform plus a diffuse + specular light (normalize, dot, max, pow).
fn lit() -> Shader {
    let mut s = transform();
    let mut b = Builder::new(&mut s);
    let n = b.load_input(1, ValType::F32X3);
    let n = b.un(AluOp::Normalize, n);
    let l = b.uniform(64, ValType::F32X3);
    let ndotl = b.dot(n, l);
    let zero = b.f32(0.0);
    let d = b.max(ndotl, zero);
    let sh = b.uniform(76, ValType::F32);
    let sp = b.bin(AluOp::Pow, d, sh);
    let one = b.f32(1.0);
    let c = b.construct(&[d, d, sp, one]);
    b.store_output(0, c);
    s
}

fn bench(name: &str, s: &Shader) {
    let mut s = s.clone();
    passes::optimize(&mut s);
    let prog = Program::compile(&s).expect("compile");
    let mut regs = prog.new_regs::<W>();
    let inputs: Vec<[f32; W]> = (0..8)
        .map(|c| std::array::from_fn(|l| (c * 16 + l) as f32 * 0.01))
        .collect();
    let uniforms: Vec<u8> = (0..32u32)
        .flat_map(|i| (1.0 + i as f32 * 0.125).to_le_bytes())
        .collect();
    let mut outputs = vec![[0.0f32; W]; 8];
    let iters: u32 = std::env::var("OXGL_BENCH_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000_000);
    let mut best = f64::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..iters {
            let mut env = Env::<W>::new(black_box(&inputs), &mut outputs, &uniforms, &NoTextures);
            prog.run(&mut regs, &mut env).expect("run");
            black_box(&env.position);
        }
        let ns = start.elapsed().as_nanos() as f64 / iters as f64;
        best = best.min(ns);
    }
    black_box(&outputs);
    println!(
        "{name:<34} {best:7.1} ns / {W}-lane run  ({:.2} ns / lane, {} ops, {} regs)",
        best / W as f64,
        prog.info().num_ops,
        prog.info().num_regs
    );
}

fn main() {
    let only = std::env::args().nth(1).unwrap_or_default();
    let all = [
        ("(a) fragment out0 = in0", passthrough()),
        ("(b) vertex mat4 x vec4", transform()),
        ("(c) vertex transform + lighting", lit()),
    ];
    for (name, s) in &all {
        if name.contains(only.as_str()) {
            bench(name, s);
        }
    }
}
