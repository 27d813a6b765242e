//! Lowered shaders run on the reference interpreter (`oxgl_ir::interp`):
//! the values of built-ins the GL side does not advertise yet (ARB_gpu_shader5's
//! `umulExtended` and `imulExtended`) and of calls through subroutine
//! uniforms, checked against Rust's arithmetic over many operands.

use oxgl_glsl::lower::{UniformKind, lower};
use oxgl_glsl::{Options, Stage, compile};
use oxgl_ir::interp::{Invocation, NoResources, run};

/// The fragment shader `src` lowered, with its uniforms' byte offsets.
fn lowered(src: &str) -> (oxgl_ir::Shader, Vec<(String, u32)>, u32) {
    let c = compile(src, &Options::new(Stage::Fragment));
    assert!(c.success(), "{}", c.log);
    let l = lower(&c).unwrap_or_else(|e| panic!("{e}"));
    let offsets = l
        .interface
        .uniforms
        .iter()
        .filter_map(|u| match u.kind {
            UniformKind::Data { offset, .. } | UniformKind::Subroutine { offset, .. } => {
                Some((u.name.clone(), offset))
            }
            UniformKind::Sampler { .. }
            | UniformKind::Image { .. }
            | UniformKind::AtomicCounter { .. } => None,
        })
        .collect();
    (l.shader, offsets, l.interface.uniform_size)
}

/// Runs `shader` with the 32-bit uniforms `values` set; output 0's bits.
fn run_with(
    shader: &oxgl_ir::Shader,
    offsets: &[(String, u32)],
    size: u32,
    values: &[(&str, u32)],
) -> [u32; 4] {
    let mut inv = Invocation {
        uniforms: vec![0; size as usize],
        ..Default::default()
    };
    for (name, v) in values {
        let at = offsets
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no uniform {name}"))
            .1 as usize;
        inv.uniforms[at..at + 4].copy_from_slice(&v.to_ne_bytes());
    }
    run(shader, &mut inv, &mut NoResources).unwrap();
    inv.outputs.get(&0).copied().unwrap_or_default()
}

const OPERANDS: [u32; 12] = [
    0,
    1,
    2,
    0xffff,
    0x1_0000,
    0x1234_5678,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xdead_beef,
    0xffff_fffe,
    0xffff_ffff,
];

#[test]
fn mul_extended_gives_the_64_bit_product() {
    let src = "#version 150\n#extension GL_ARB_gpu_shader5 : require\n\
        uniform uint a, b; uniform int c, d; out uvec4 o;\n\
        void main() {\n\
          uint hi, lo; int shi, slo;\n\
          umulExtended(a, b, hi, lo);\n\
          imulExtended(c, d, shi, slo);\n\
          o = uvec4(hi, lo, uint(shi), uint(slo));\n\
        }\n";
    let (s, offsets, size) = lowered(src);
    for x in OPERANDS {
        for y in OPERANDS {
            let out = run_with(
                &s,
                &offsets,
                size,
                &[("a", x), ("b", y), ("c", x), ("d", y)],
            );
            let u = u64::from(x) * u64::from(y);
            let i = i64::from(x as i32) * i64::from(y as i32);
            assert_eq!(
                out,
                [(u >> 32) as u32, u as u32, (i >> 32) as u32, i as u32],
                "{x:#x} * {y:#x}"
            );
        }
    }
}

#[test]
fn subroutine_calls_run_the_chosen_function() {
    let src = "#version 150\n#extension GL_ARB_shader_subroutine : require\n\
        subroutine uint op(uint x);\n\
        subroutine uniform op Op;\n\
        subroutine uniform op Ops[2];\n\
        uniform uint x; uniform int pick;\n\
        subroutine(op) uint twice(uint v) { return 2u * v; }\n\
        subroutine(op) uint plus_one(uint v) { return v + 1u; }\n\
        subroutine(op) uint square(uint v) { return v * v; }\n\
        out uvec4 o;\n\
        void main() { o = uvec4(Op(x), Ops[pick](x), Ops[1 - pick](x), 0u); }\n";
    let (s, offsets, size) = lowered(src);
    let f = [|v: u32| 2 * v, |v: u32| v + 1, |v: u32| v * v];
    for op in 0..3u32 {
        for (k0, k1) in [(0u32, 1u32), (2, 0), (1, 2)] {
            for pick in 0..2u32 {
                let vals = [("x", 7), ("pick", pick), ("Op", op), ("Ops[0]", k0)];
                // Ops[1] follows Ops[0] one std140 array stride (16 bytes) on.
                let ops1 = offsets.iter().find(|(n, _)| n == "Ops[0]").unwrap().1 + 16;
                let mut offsets = offsets.clone();
                offsets.push(("Ops[1]".into(), ops1));
                let mut all = vals.to_vec();
                all.push(("Ops[1]", k1));
                let out = run_with(&s, &offsets, size, &all);
                let (a, b) = if pick == 0 { (k0, k1) } else { (k1, k0) };
                assert_eq!(
                    out,
                    [f[op as usize](7), f[a as usize](7), f[b as usize](7), 0],
                    "Op {op}, Ops {k0} {k1}, pick {pick}"
                );
            }
        }
    }
}
