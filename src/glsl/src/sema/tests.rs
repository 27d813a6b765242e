//! Semantic analysis, rule by rule: each test compiles valid and invalid
//! snippets and checks the lines of the errors.

use crate::{Options, Stage, compile};

/// The lines of the errors `src` produces with `opts`.
fn lines(src: &str, opts: &Options) -> Vec<u32> {
    let out = compile(src, opts);
    out.log
        .diagnostics
        .iter()
        .filter(|d| d.severity == crate::Severity::Error)
        .map(|d| d.loc.line)
        .collect()
}

fn frag(src: &str) -> Vec<u32> {
    lines(src, &Options::new(Stage::Fragment))
}

fn vert(src: &str) -> Vec<u32> {
    lines(src, &Options::new(Stage::Vertex))
}

fn geom(src: &str) -> Vec<u32> {
    lines(src, &Options::new(Stage::Geometry))
}

fn es_frag(src: &str) -> Vec<u32> {
    lines(src, &Options::es(Stage::Fragment))
}

const NONE: [u32; 0] = [];

#[test]
fn undeclared_and_redeclared() {
    assert_eq!(frag("void main() {\n float x = y;\n}\n"), [2]);
    assert_eq!(frag("float x;\nint x;\nvoid main() {}\n"), [2]);
    assert_eq!(frag("float x;\nvoid main() { int x; }\n"), NONE);
    assert_eq!(
        frag("struct S { float a; };\nvoid main() { S s; s.b = 1.0; }\n"),
        [2]
    );
}

#[test]
fn arithmetic_types() {
    let ok = "#version 120\nvoid main() {\n vec3 v = vec3(1) * 2;\n mat2x3 m;\n vec3 w = m * vec2(1);\n}\n";
    assert_eq!(frag(ok), NONE);
    // No implicit conversions in GLSL 1.10.
    assert_eq!(frag("void main() {\n float f = 1;\n}\n"), [2]);
    assert_eq!(
        frag("void main() {\n vec3 v = vec2(1) + vec3(1);\n}\n"),
        [2]
    );
    assert_eq!(
        frag("#version 120\nvoid main() {\n mat2x3 m;\n vec2 v = m * vec2(1);\n}\n"),
        [4]
    );
    assert_eq!(frag("void main() {\n bool b = 1.0 < 2;\n}\n"), [2]);
    assert_eq!(frag("void main() {\n bool b = true && 1;\n}\n"), [2]);
}

#[test]
fn integer_operators_need_130() {
    assert_eq!(frag("void main() {\n int i = 5 % 2;\n}\n"), [2]);
    assert_eq!(
        frag("#version 130\nvoid main() {\n int i = 5 % 2 << 1;\n}\n"),
        NONE
    );
    assert_eq!(
        frag("#version 130\nvoid main() {\n float f = 5.0 % 2.0;\n}\n"),
        [3]
    );
}

#[test]
fn swizzles_and_lvalues() {
    assert_eq!(
        frag("void main() {\n vec4 v;\n v.xy = v.zw;\n v.xx = vec2(1.0);\n}\n"),
        [4]
    );
    assert_eq!(frag("void main() {\n vec2 v;\n float f = v.z;\n}\n"), [3]);
    assert_eq!(frag("void main() {\n vec4 v;\n vec2 w = v.xg;\n}\n"), [3]);
    assert_eq!(frag("uniform float u;\nvoid main() {\n u = 1.0;\n}\n"), [3]);
    assert_eq!(
        frag("void main() {\n const float c = 1.0;\n c = 2.0;\n}\n"),
        [3]
    );
    assert_eq!(frag("void main() {\n float t;\n t-- = 1.0;\n}\n"), [3]);
    assert_eq!(
        vert("attribute vec4 a;\nvoid main() {\n a = vec4(0);\n}\n"),
        [3]
    );
}

#[test]
fn constant_indices() {
    assert_eq!(frag("void main() {\n float a[3];\n a[3] = 1.0;\n}\n"), [3]);
    assert_eq!(frag("void main() {\n vec2 v;\n v[-1] = 1.0;\n}\n"), [3]);
    assert_eq!(
        frag("const int n = 2;\nfloat a[n * 2];\nvoid main() { a[3] = 1.0; }\n"),
        NONE
    );
    assert_eq!(frag("float a[0];\nvoid main() {}\n"), [1]);
    assert_eq!(frag("uniform int n;\nfloat a[n];\nvoid main() {}\n"), [2]);
}

#[test]
fn constructors() {
    assert_eq!(
        frag("void main() {\n vec4 v = vec4(vec2(1.0), 1.0, 1.0);\n}\n"),
        NONE
    );
    assert_eq!(
        frag("void main() {\n vec4 v = vec4(vec2(1.0), 1.0);\n}\n"),
        [2]
    );
    assert_eq!(
        frag("void main() {\n vec2 v = vec2(1.0, 2.0, 3.0);\n}\n"),
        [2]
    );
    assert_eq!(frag("void main() {\n float f = float(1.0, 2.0);\n}\n"), [2]);
    assert_eq!(
        frag("struct S { float a; int b; };\nvoid main() {\n S s = S(1.0);\n}\n"),
        [3]
    );
    assert_eq!(
        frag("#version 120\nvoid main() {\n float a[2] = float[2](1.0);\n}\n"),
        [3]
    );
}

#[test]
fn functions_and_calls() {
    assert_eq!(
        frag("void f(out float x) {}\nvoid main() {\n f(1.0);\n}\n"),
        [3]
    );
    assert_eq!(frag("void main() {\n g();\n}\n"), [2]);
    assert_eq!(
        frag("float f(float x);\nint f(float x) { return 1; }\nvoid main() {}\n"),
        [2]
    );
    assert_eq!(frag("float f() {\n return;\n}\nvoid main() {}\n"), [2]);
    assert_eq!(frag("void f() {\n return 1.0;\n}\nvoid main() {}\n"), [2]);
    assert_eq!(frag("void main(int x) {}\n"), [1]);
    assert_eq!(
        frag("void main() {\n vec4 c = texture2D(1.0, vec2(0));\n}\n"),
        [2]
    );
}

#[test]
fn builtins_by_version_and_stage() {
    assert_eq!(
        frag("void main() {\n gl_FragColor = vec4(dFdx(1.0));\n}\n"),
        NONE
    );
    assert_eq!(
        vert("void main() {\n gl_Position = vec4(dFdx(1.0));\n}\n"),
        [2]
    );
    assert_eq!(vert("void main() {\n gl_FragColor = vec4(0);\n}\n"), [2]);
    assert_eq!(
        vert("#version 140\nvoid main() {\n gl_Position = gl_ModelViewMatrix * vec4(0);\n}\n"),
        [3]
    );
    assert_eq!(frag("void main() {\n gl_FragCoord = vec4(0);\n}\n"), [2]);
    assert_eq!(
        frag("void main() {\n gl_FragColor = vec4(sinh(1.0));\n}\n"),
        [2]
    );
}

#[test]
fn statements() {
    assert_eq!(frag("void main() {\n break;\n}\n"), [2]);
    assert_eq!(frag("void main() {\n if (1.0) {}\n}\n"), [2]);
    assert_eq!(vert("void main() {\n discard;\n}\n"), [2]);
    let sw = "#version 130\nuniform int u;\nvoid main() {\n switch (u) {\n case 1: break;\n case 1: break;\n case u: break;\n }\n}\n";
    assert_eq!(frag(sw), [6, 7]);
    // A label must be followed by a statement (GLSL 1.30 §6.2).
    let end = "#version 130\nuniform int u;\nvoid main() {\n switch (u) {\n case 0:\n }\n}\n";
    assert_eq!(frag(end), [5]);
    let def = "#version 130\nuniform int u;\nvoid main() {\n switch (u) {\n case 0: break;\n default:\n }\n}\n";
    assert_eq!(frag(def), [6]);
    let ok = "#version 130\nuniform int u;\nvoid main() {\n switch (u) {\n case 0:\n default: break;\n }\n switch (u) {}\n}\n";
    assert_eq!(frag(ok), NONE);
}

#[test]
fn qualifier_order_before_420pack() {
    // GLSL 1.30 §4.7: invariant, interpolation, storage, precision.
    let ok = "#version 130\ninvariant smooth centroid out highp float x;\n\
              float f(const in highp float y) { return y; }\nvoid main() {}\n";
    assert_eq!(vert(ok), NONE);
    assert_eq!(
        vert("#version 130\nsmooth invariant out float x;\nvoid main() {}\n"),
        [2]
    );
    // Both `smooth` and `out` come before `invariant`.
    assert_eq!(
        vert("#version 130\nsmooth out invariant float x;\nvoid main() {}\n"),
        [2, 2]
    );
    assert_eq!(
        vert("#version 130\nhighp smooth out float x;\nvoid main() {}\n"),
        [2]
    );
    assert_eq!(
        vert("#version 130\nout centroid float x;\nvoid main() {}\n"),
        [2]
    );
    assert_eq!(
        vert("#version 130\nfloat f(highp in float x) { return x; }\nvoid main() {}\n"),
        [2]
    );
    assert_eq!(
        vert("#version 130\nfloat f(in const float x) { return x; }\nvoid main() {}\n"),
        [2]
    );
    // ARB_shading_language_420pack lifts it.
    let pack = "#version 130\n#extension GL_ARB_shading_language_420pack : enable\n\
                smooth invariant out float x;\nvoid main() {}\n";
    assert_eq!(vert(pack), NONE);
    // Struct members take precision qualifiers only.
    assert_eq!(
        frag("#version 130\nstruct s {\n smooth float a;\n};\nvoid main() {}\n"),
        [3]
    );
}

#[test]
fn glsl130_interpolation_and_centroid() {
    // Interpolation qualifiers do not apply to `varying` (GLSL 1.30 §4.3).
    assert_eq!(
        frag("#version 130\nsmooth varying float x;\nvoid main() {}\n"),
        [2]
    );
    // Also out of order: `centroid` after `varying`.
    assert_eq!(
        frag("#version 130\nsmooth varying centroid float x;\nvoid main() {}\n"),
        [2, 2]
    );
    assert_eq!(
        vert("#version 130\nflat centroid varying float x;\nvoid main() {}\n"),
        [2]
    );
    assert_eq!(
        frag("#version 130\nsmooth in float x;\nvoid main() {}\n"),
        NONE
    );
    assert_eq!(
        frag("#version 130\ncentroid varying float x;\nvoid main() {}\n"),
        NONE
    );
    // `centroid in` is not for vertex shaders (GLSL 1.30 §4.3.4).
    assert_eq!(
        vert("#version 130\ncentroid in float x;\nvoid main() {}\n"),
        [2]
    );
    assert_eq!(
        vert("#version 130\ncentroid out float x;\nvoid main() {}\n"),
        NONE
    );
    assert_eq!(
        frag("#version 130\ncentroid in float x;\nvoid main() {}\n"),
        NONE
    );
}

#[test]
fn qualifiers() {
    assert_eq!(frag("const float c;\nvoid main() {}\n"), [1]);
    assert_eq!(
        frag("uniform float u;\nconst float c = u;\nvoid main() {}\n"),
        [2]
    );
    assert_eq!(frag("void main() {\n sampler2D s;\n}\n"), [2]);
    assert_eq!(vert("attribute bool b;\nvoid main() {}\n"), [1]);
    assert_eq!(frag("#version 130\nin int i;\nvoid main() {}\n"), [2]);
    assert_eq!(frag("#version 130\nflat in int i;\nvoid main() {}\n"), NONE);
    assert_eq!(
        frag("#version 130\nvoid main() {\n uniform float u;\n}\n"),
        [3]
    );
}

#[test]
fn es_precision() {
    assert_eq!(es_frag("uniform float u;\nvoid main() {}\n"), [1]);
    assert_eq!(
        es_frag("precision mediump float;\nuniform float u;\nvoid main() {}\n"),
        NONE
    );
    assert_eq!(es_frag("uniform lowp float u;\nvoid main() {}\n"), NONE);
}

#[test]
fn layout_qualifiers() {
    let gs = "#version 150\nlayout(points) in;\nlayout(line_strip, max_vertices = 2) out;\nvoid main() {}\n";
    assert_eq!(geom(gs), NONE);
    let bad = "#version 150\nlayout(points) in;\nlayout(triangles) in;\nlayout(max_vertices = 2) in;\nvoid main() {}\n";
    assert_eq!(geom(bad), [3, 4]);
    assert_eq!(
        frag("#version 150\nlayout(location = 0) out vec4 c;\nvoid main() {}\n"),
        NONE
    );
    assert_eq!(
        frag("#version 150\nlayout(location = 0.0) out vec4 c;\nvoid main() {}\n"),
        [2]
    );
    assert_eq!(
        frag("#version 150\nlayout(bogus) out vec4 c;\nvoid main() {}\n"),
        [2]
    );
}

#[test]
fn deep_expressions_do_not_recurse() {
    let mut src = String::from("void main() {\n float x = 1.0");
    for _ in 0..100_000 {
        src.push_str(" + 1.0");
    }
    src.push_str(";\n}\n");
    assert_eq!(frag(&src), NONE);
}

#[test]
fn array_out_parameters_need_glsl_120() {
    // GLSL 1.10 §5.8: arrays are no l-values, so no out/inout parameters.
    assert_eq!(frag("void f(inout float x[2]) {}\nvoid main() {}\n"), [1]);
    assert_eq!(frag("void f(out float x[2]) {}\nvoid main() {}\n"), [1]);
    assert_eq!(frag("void f(in float x[2]) {}\nvoid main() {}\n"), NONE);
    assert_eq!(
        frag("#version 120\nvoid f(inout float x[2]) {}\nvoid main() {}\n"),
        NONE
    );
    assert_eq!(
        es_frag("precision mediump float;\nvoid f(inout float x[2]) {}\nvoid main() {}\n"),
        NONE
    );
}

#[test]
fn es100_prototypes_once() {
    // GLSL ES 1.00 §4.2.7: one prototype plus the definition.
    let twice = "precision mediump float;\nint f(int a);\nint f(int a);\nvoid main() {}\n";
    assert_eq!(es_frag(twice), [3]);
    let once =
        "precision mediump float;\nint f(int a);\nint f(int a) { return a; }\nvoid main() {}\n";
    assert_eq!(es_frag(once), NONE);
    // Desktop GLSL allows repeated prototypes.
    assert_eq!(frag("int f(int a);\nint f(int a);\nvoid main() {}\n"), NONE);
}

#[test]
fn control_outputs_written_at_the_invocation() {
    let tcs = |body: &str| {
        let src = format!(
            "#version 400\nlayout(vertices = 3) out;\nout vec4 c[];\npatch out vec4 p;\n\
             out Block {{ vec4 x; }} b[];\nvoid main() {{\n{body}\n}}\n"
        );
        lines(&src, &Options::new(Stage::TessControl))
    };
    assert_eq!(
        tcs("gl_out[gl_InvocationID].gl_Position = vec4(1.0);\n\
             c[gl_InvocationID].x = 1.0;\nb[gl_InvocationID].x = vec4(0.0);\n\
             p = c[0];\ngl_TessLevelOuter[1] = 2.0;\nvec4 r = gl_out[2].gl_Position;"),
        NONE
    );
    // The index nearest the variable decides; a copy of the ID is not it.
    assert_eq!(tcs("gl_out[0].gl_Position = vec4(1.0);"), [7]);
    assert_eq!(tcs("int i = gl_InvocationID;\nc[i] = vec4(0.0);"), [8]);
    assert_eq!(tcs("b[gl_InvocationID + 0].x.y = 1.0;"), [7]);
}

#[test]
fn tessellation_declaration_rules() {
    let tcs = |src: &str| lines(src, &Options::new(Stage::TessControl));
    let tes = |src: &str| lines(src, &Options::new(Stage::TessEval));
    // barrier(): in main, outside control flow, before any return.
    assert_eq!(
        tcs(
            "#version 400\nlayout(vertices = 3) out;\nvoid f() { barrier(); }\n\
             void main() {\nif (true) barrier();\nbarrier();\nreturn;\nbarrier();\n}\n"
        ),
        [3, 5, 8]
    );
    // A function of the application named barrier is no built-in.
    assert_eq!(
        tcs(
            "#version 400\nlayout(vertices = 3) out;\nvoid barrier() {}\n\
             void main() { if (true) barrier(); }\n"
        ),
        NONE
    );
    // Per-vertex blocks are arrays; patch ones need not be.
    assert_eq!(
        tes(
            "#version 400\nlayout(triangles) in;\nin B { vec4 x; };\nin C { vec4 y; } c;\n\
             patch in P { vec4 z; };\nin D { vec4 w; } d[];\nvoid main() {}\n"
        ),
        [3, 4]
    );
    // Output arrays have the `vertices` size, declared before or after.
    assert_eq!(
        tcs(
            "#version 400\nout vec4 a[4];\nlayout(vertices = 3) out;\nout vec4 b[3];\n\
             out vec4 c[2];\nvoid main() {}\n"
        ),
        [3, 5]
    );
    // length(): none for unsized patch arrays, nor for outputs before
    // `vertices`.
    assert_eq!(
        tcs(
            "#version 400\nint a[gl_out.length()];\nlayout(vertices = 3) out;\n\
             int b[gl_out.length()];\npatch out float p[];\nint c[p.length()];\nvoid main() {}\n"
        ),
        [2, 6]
    );
}
