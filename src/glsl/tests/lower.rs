//! Lowering snapshots: every shader in `tests/lower/in/` is compiled,
//! lowered to IR, validated, optimized (`passes::optimize`) and validated
//! again; `tests/lower/out/<name>.ir` holds the interface tables and the
//! optimized IR (or the "not supported yet" message). `BLESS=1` rewrites the
//! expected files.

use oxgl_glsl::lower::{UniformKind, lower};
use oxgl_glsl::{Options, Stage, compile};
use std::fmt::Write;
use std::path::Path;

fn render(name: &str, src: &str) -> String {
    let ext = name.rsplit('.').next().unwrap_or("");
    let stage = Stage::from_extension(ext).unwrap_or(Stage::Fragment);
    let c = compile(src, &Options::new(stage));
    assert!(c.success(), "{name} does not compile:\n{}", c.log);
    let mut out = String::new();
    let mut l = match lower(&c) {
        Ok(l) => l,
        Err(e) => {
            assert!(!e.internal, "{name}: {e}");
            let _ = writeln!(out, "--- error\n{e}");
            return out;
        }
    };
    oxgl_ir::valid::validate(&l.shader).unwrap_or_else(|e| panic!("{name}: lowered: {e}"));
    let _ = writeln!(out, "--- interface");
    for (what, vars) in [("in", &l.interface.inputs), ("out", &l.interface.outputs)] {
        for v in vars {
            let at = v
                .location
                .map_or("builtin".to_owned(), |l| format!("location {l}"));
            let _ = writeln!(out, "{what} {} {}: {at}", v.ty, v.name);
        }
    }
    for u in &l.interface.uniforms {
        let at = match &u.kind {
            UniformKind::Data {
                offset,
                array_stride,
                matrix_stride,
            } => {
                format!("offset {offset} array_stride {array_stride} matrix_stride {matrix_stride}")
            }
            UniformKind::Sampler { binding } => format!("binding {binding}"),
            UniformKind::Image { binding } => format!("image binding {binding}"),
            UniformKind::AtomicCounter { binding, offset } => {
                format!("counter binding {binding} offset {offset}")
            }
            UniformKind::Subroutine {
                offset,
                array_stride,
            } => format!("subroutine offset {offset} array_stride {array_stride}"),
        };
        let _ = writeln!(out, "uniform {} {} x{}: {at}", u.ty, u.name, u.count);
    }
    for f in &l.interface.subroutines {
        let _ = writeln!(
            out,
            "subroutine {} {}: {}",
            f.index,
            f.name,
            f.types.join(", ")
        );
    }
    for b in &l.interface.blocks {
        let bind = b.binding.map_or(String::new(), |x| format!(" binding {x}"));
        let _ = writeln!(
            out,
            "block {} ({}): offset {} size {}{bind}",
            b.name, b.layout, b.offset, b.size
        );
        for m in &b.members {
            let rm = if m.row_major { " row_major" } else { "" };
            let _ = writeln!(
                out,
                "  {} {} x{}: offset {} array_stride {} matrix_stride {}{rm}",
                m.ty, m.name, m.count, m.offset, m.array_stride, m.matrix_stride
            );
        }
    }
    let _ = writeln!(out, "uniform block size {}", l.interface.uniform_size);
    oxgl_ir::passes::optimize(&mut l.shader);
    oxgl_ir::valid::validate(&l.shader).unwrap_or_else(|e| panic!("{name}: optimized: {e}"));
    let _ = write!(out, "--- ir\n{}", oxgl_ir::text::print(&l.shader));
    out
}

#[test]
fn lowering_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lower");
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let mut entries: Vec<_> = std::fs::read_dir(dir.join("in"))
        .expect("tests/lower/in exists")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    assert!(!entries.is_empty(), "no lowering inputs");
    let mut failed = Vec::new();
    for path in entries {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let src = std::fs::read_to_string(&path).expect("readable input");
        let got = render(&name, &src);
        let out_path = dir.join("out").join(format!("{name}.ir"));
        if bless {
            std::fs::write(&out_path, &got).expect("writable tests/lower/out");
            continue;
        }
        let want = std::fs::read_to_string(&out_path).unwrap_or_default();
        if got != want {
            eprintln!("=== {name}: snapshot differs\n--- expected\n{want}--- got\n{got}");
            failed.push(name);
        }
    }
    assert!(
        failed.is_empty(),
        "lowering snapshots differ: {failed:?} (run with BLESS=1 to accept)"
    );
}

/// piglit's `glsl-fs-inline-explosion`: `f0` calls `f1` twice, ... down to
/// `f63`, 2^64 inlined leaves. The costly functions stay IR functions (each
/// lowered once, their cheap callees inlined into them), before and after
/// `passes::optimize`, with arguments and results of values.
#[test]
fn inline_explosion_keeps_calls() {
    let mut src = String::from(
        "#version 110\nvarying vec4 tc;\n\
         float f64(float x) { gl_FragColor = exp(gl_FragColor); return x + 1.0; }\n",
    );
    for i in (0..64).rev() {
        src += &format!(
            "float f{i}(float x) {{ if (x < 0.0) return x; return f{n}(x) * f{n}(-x); }}\n",
            n = i + 1
        );
    }
    src += "void main() { gl_FragColor = vec4(0.1); if (tc.x > 2.0) gl_FragColor.x = f0(tc.y); }\n";
    let c = compile(&src, &Options::new(Stage::Fragment));
    assert!(c.success(), "{}", c.log);
    let mut l = lower(&c).unwrap_or_else(|e| panic!("{e}"));
    oxgl_ir::valid::validate(&l.shader).unwrap_or_else(|e| panic!("lowered: {e}"));
    let lowered_funcs = l.shader.funcs.len();
    assert!(lowered_funcs > 40, "{lowered_funcs} functions");
    oxgl_ir::passes::optimize(&mut l.shader);
    oxgl_ir::valid::validate(&l.shader).unwrap_or_else(|e| panic!("optimized: {e}"));
    let insts: usize = l
        .shader
        .funcs
        .iter()
        .map(|(_, f)| f.live_insts().len())
        .sum();
    assert!(
        l.shader.funcs.len() > 40,
        "{} functions",
        l.shader.funcs.len()
    );
    assert!(insts < 200_000, "{insts} instructions");
}

/// An ordinary call tree is still inlined into one function.
#[test]
fn small_call_trees_are_inlined() {
    let src = "#version 110\nfloat sq(float x) { return x * x; }\n\
               float quad(float x) { return sq(sq(x)); }\n\
               void main() { gl_FragColor = vec4(quad(gl_FragCoord.x) + quad(2.0)); }\n";
    let c = compile(src, &Options::new(Stage::Fragment));
    let mut l = lower(&c).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(l.shader.funcs.len(), 1);
    oxgl_ir::passes::optimize(&mut l.shader);
    assert_eq!(l.shader.funcs.len(), 1);
}

/// The block members of `src` (a vertex shader) as (name, offset,
/// array stride, matrix stride, row major).
fn block_layout(src: &str) -> Vec<(String, u32, u32, u32, bool)> {
    let c = compile(src, &Options::new(Stage::Vertex));
    assert!(c.success(), "does not compile:\n{}", c.log);
    let l = lower(&c).unwrap_or_else(|e| panic!("{e}"));
    oxgl_ir::valid::validate(&l.shader).unwrap_or_else(|e| panic!("{e}"));
    l.interface
        .blocks
        .iter()
        .flat_map(|b| b.members.iter())
        .map(|m| {
            (
                m.name.clone(),
                m.offset,
                m.array_stride,
                m.matrix_stride,
                m.row_major,
            )
        })
        .collect()
}

/// The example of the ARB_uniform_buffer_object specification ("Standard
/// Uniform Block Layout"), every offset as the spec's table gives it.
#[test]
fn std140_offsets_follow_the_spec_example() {
    let src = "#version 140
        struct F { int d; bvec2 e; };
        struct O { uvec3 j; vec2 k; float l[2]; vec2 m; mat3 n[2]; };
        layout(std140) uniform Example {
            float a; vec2 b; vec3 c; F f; float g; float h[2]; mat2x3 i; O o[2];
        };
        void main() { gl_Position = vec4(a); }
    ";
    let got = block_layout(src);
    let want: &[(&str, u32, u32, u32)] = &[
        ("a", 0, 0, 0),
        ("b", 8, 0, 0),
        ("c", 16, 0, 0),
        ("f.d", 32, 0, 0),
        ("f.e", 40, 0, 0),
        ("g", 48, 0, 0),
        ("h[0]", 64, 16, 0),
        ("i", 96, 0, 16),
        ("o[0].j", 128, 0, 0),
        ("o[0].k", 144, 0, 0),
        ("o[0].l[0]", 160, 16, 0),
        ("o[0].m", 192, 0, 0),
        ("o[0].n[0]", 208, 48, 16),
        ("o[1].j", 304, 0, 0),
        ("o[1].k", 320, 0, 0),
        ("o[1].l[0]", 336, 16, 0),
        ("o[1].m", 368, 0, 0),
        ("o[1].n[0]", 384, 48, 16),
    ];
    let got: Vec<(&str, u32, u32, u32)> = got
        .iter()
        .map(|(n, o, a, m, _)| (n.as_str(), *o, *a, *m))
        .collect();
    assert_eq!(got, want);
}

/// Row-major matrices are arrays of rows (std140 rule 7); the matrix
/// layout comes from the member, else the block, else the
/// `layout(...) uniform;` default.
#[test]
fn std140_row_major_matrices() {
    let src = "#version 150
        layout(row_major) uniform;
        layout(std140) uniform A { mat2x3 m; layout(column_major) mat2x3 c; vec4 v; } a;
        layout(std140, column_major) uniform B { layout(row_major) mat3x2 r[2]; float f; };
        void main() { gl_Position = a.v + vec4(a.m[1], f) + vec4(r[1][2], a.c[0].xy); }
    ";
    let got = block_layout(src);
    let want = [
        ("A.m".to_owned(), 0, 0, 16, true),
        ("A.c".to_owned(), 48, 0, 16, false),
        ("A.v".to_owned(), 80, 0, 0, false),
        ("r[0]".to_owned(), 0, 32, 16, true),
        ("f".to_owned(), 64, 0, 0, false),
    ];
    assert_eq!(got, want);
}
