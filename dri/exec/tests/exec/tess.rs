//! The tessellation stages: a control shader run per patch (one lane per
//! output vertex, per-vertex outputs read across lanes, patch outputs and
//! levels in `Env::patch`) and an evaluation shader run per domain point
//! (the patch's vertices as `Env::vertices` columns).

use oxgl_exec::{
    Env, GS_POSITION_LOCATION, MAX_PATCH_VERTICES, NoTextures, PATCH_COMPONENTS,
    PATCH_TESS_LEVEL_INNER, PATCH_TESS_LEVEL_OUTER, Program,
};
use oxgl_ir::text;

/// `layout(vertices = 3) out;` passing `gl_Position` through, scaling a
/// colour by `gl_PatchVerticesIn`, setting the levels and reading other
/// invocations' outputs after `barrier()` (the GLSL front end's lowering
/// of `src/glsl/tests/lower/in/tess.tesc`).
const TCS: &str = r#"shader tess_control
mode output_vertices 3
var v0 "color" input location 0 component 0 smooth center : [32 x f32x4]
var v1 "tc_color" output location 0 component 0 index 0 : [3 x f32x4]
var v2 "area" output location 64 component 0 index 0 : f32
var v3 "gl_out.gl_Position" output builtin position index 0 : [3 x f32x4]
var v4 "gl_in.gl_Position" input builtin position smooth center : [32 x f32x4]
var v5 "gl_TessLevelOuter" output builtin tess_level_outer index 0 : [4 x f32]
var v6 "gl_TessLevelInner" output builtin tess_level_inner index 0 : [2 x f32]
func f0 "main" () {
  %0: i32 = sysval invocation_id
  %1: f32x4 = load v4[%0]
  store v3[%0], %1
  %2: f32x4 = load v0[%0]
  %3: i32 = sysval patch_vertices
  %4: f32 = convert %3
  %5: f32x4 = construct %4, %4, %4, %4
  %6: f32x4 = fmul %2, %5
  store v1[%0], %6
  %7: f32 = const 2.0
  store v5[0], %7
  %8: f32 = const 3.0
  store v5[1], %8
  %9: f32 = const 4.0
  store v5[2], %9
  %10: f32 = const 5.0
  store v6[0], %10
  barrier control
  %11: f32x4 = load v1[0]
  %12: f32 = swizzle %11, x
  %13: f32x4 = load v1[2]
  %14: f32 = swizzle %13, y
  %15: f32 = fadd %12, %14
  %16: i32 = sysval primitive_id
  %17: f32 = convert %16
  %18: f32 = fadd %15, %17
  store v2, %18
}
entry f0
"#;

/// Barycentric interpolation of `gl_in[].gl_Position` by `gl_TessCoord`,
/// a per-vertex input of vertex 1 times a patch input plus the levels
/// (`src/glsl/tests/lower/in/tess.tese`).
const TES: &str = r#"shader tess_eval
mode tess_domain triangles
mode tess_spacing fractional_odd_spacing
mode tess_cw
mode tess_point_mode
var v0 "tc_color" input location 0 component 0 smooth center : [32 x f32x4]
var v1 "area" input location 64 component 0 smooth center : f32
var v2 "te_color" output location 0 component 0 index 0 : f32x4
var v3 "w" local f0 : f32x3
var v4 "gl_Position" output builtin position index 0 : f32x4
var v5 "gl_in.gl_Position" input builtin position smooth center : [32 x f32x4]
func f0 "main" () {
  %0: f32x3 = sysval tess_coord
  %1: f32 = swizzle %0, x
  %2: f32x4 = load v5[0]
  %3: f32x4 = construct %1, %1, %1, %1
  %4: f32x4 = fmul %3, %2
  %5: f32 = swizzle %0, y
  %6: f32x4 = load v5[1]
  %7: f32x4 = construct %5, %5, %5, %5
  %8: f32x4 = fmul %7, %6
  %9: f32x4 = fadd %4, %8
  %10: f32 = swizzle %0, z
  %11: f32x4 = load v5[2]
  %12: f32x4 = construct %10, %10, %10, %10
  %13: f32x4 = fmul %12, %11
  %14: f32x4 = fadd %9, %13
  store v4, %14
  %15: f32x4 = load v0[1]
  %16: f32 = load v1
  %17: f32x4 = construct %16, %16, %16, %16
  %18: f32x4 = fmul %15, %17
  %19: f32x4 = sysval tess_level_outer
  %20: f32 = swizzle %19, z
  %21: f32x2 = sysval tess_level_inner
  %22: f32 = swizzle %21, x
  %23: f32 = const 0.0
  %24: f32 = const 1.0
  %25: f32x4 = construct %20, %22, %23, %24
  %26: f32x4 = fadd %18, %25
  store v2, %26
}
entry f0
"#;

const RECORD: usize = 4 * oxgl_exec::GS_VERTEX_LOCATIONS as usize;
const POS: usize = 4 * GS_POSITION_LOCATION as usize;

fn position(v: usize) -> [f32; 4] {
    [v as f32, 10.0 + v as f32, 20.0 * v as f32, 1.0]
}

fn color(v: usize) -> [f32; 4] {
    [1.0, 2.0, 3.0, 4.0].map(|c| c * (v + 1) as f32)
}

/// The control stage over one patch of 3 vertices (4 lanes: lane 3 is
/// not an invocation), then the evaluation stage over 4 domain points.
#[test]
#[allow(clippy::needless_range_loop, reason = "vertices index several arrays")]
fn control_then_evaluation() {
    let tcs = Program::compile(&text::parse(TCS).unwrap()).unwrap();
    assert_eq!(
        tcs.info().inputs_read.len(),
        GS_POSITION_LOCATION as usize + 1
    );
    assert_eq!(tcs.info().inputs_read[0], 0xf);
    assert_eq!(tcs.info().inputs_read[GS_POSITION_LOCATION as usize], 0xf);
    let mut vertices = vec![[0.0f32; MAX_PATCH_VERTICES]; RECORD];
    for v in 0..3 {
        for c in 0..4 {
            vertices[c][v] = color(v)[c];
            vertices[POS + c][v] = position(v)[c];
        }
    }
    let mut outputs = vec![[0.0f32; 4]; RECORD];
    let mut patch = vec![0.0f32; PATCH_COMPONENTS];
    let mut regs = tcs.new_regs::<4>();
    let mut env = Env::<4>::new(&[], &mut outputs, &[], &NoTextures);
    env.vertices = &vertices;
    env.patch = &mut patch;
    env.patch_vertices = 3;
    env.invocation_id = [0, 1, 2, 3];
    env.primitive_id = [7; 4];
    env.mask = 0b111;
    tcs.run(&mut regs, &mut env).unwrap();
    for v in 0..3 {
        for c in 0..4 {
            assert_eq!(
                outputs[POS + c][v],
                position(v)[c],
                "gl_out[{v}].gl_Position"
            );
            assert_eq!(outputs[c][v], color(v)[c] * 3.0, "tc_color[{v}]");
        }
    }
    let outer = PATCH_TESS_LEVEL_OUTER as usize;
    let inner = PATCH_TESS_LEVEL_INNER as usize;
    // One location per level element.
    assert_eq!(
        [patch[outer], patch[outer + 4], patch[outer + 8]],
        [2.0, 3.0, 4.0]
    );
    assert_eq!(patch[inner], 5.0);
    // area = tc_color[0].x + tc_color[2].y + gl_PrimitiveID, read by
    // every invocation from the others' outputs.
    let area = 3.0 + 2.0 * 3.0 * 3.0 + 7.0;
    assert_eq!(patch[0], area);

    // The evaluation stage reads the control stage's outputs.
    let tes = Program::compile(&text::parse(TES).unwrap()).unwrap();
    let mut tcs_out = vec![[0.0f32; MAX_PATCH_VERTICES]; RECORD];
    for (c, row) in outputs.iter().enumerate() {
        tcs_out[c][..4].copy_from_slice(row);
    }
    let coords = [
        [1.0, 0.0, 0.5, 0.25],
        [0.0, 1.0, 0.25, 0.25],
        [0.0, 0.0, 0.25, 0.5],
    ];
    let mut out = vec![[0.0f32; 4]; 4];
    let mut regs = tes.new_regs::<4>();
    let mut env = Env::<4>::new(&[], &mut out, &[], &NoTextures);
    env.vertices = &tcs_out;
    env.patch = &mut patch;
    env.tess_coord = Some(&coords);
    tes.run(&mut regs, &mut env).unwrap();
    let pos = env.position;
    for l in 0..4 {
        for c in 0..4 {
            // The shader's order: ((x·p0 + y·p1) + z·p2).
            let want = coords[0][l] * position(0)[c]
                + coords[1][l] * position(1)[c]
                + coords[2][l] * position(2)[c];
            assert_eq!(pos[c][l], want, "gl_Position lane {l}");
            let levels = [4.0, 5.0, 0.0, 1.0];
            assert_eq!(
                out[c][l],
                color(1)[c] * 3.0 * area + levels[c],
                "te_color lane {l}"
            );
        }
    }
}

/// A control shader writing another invocation's output is refused; any
/// vertex index may be read, and one out of range reads 0.
#[test]
#[allow(
    clippy::needless_range_loop,
    reason = "components index several arrays"
)]
fn vertex_indices() {
    let bad = TCS.replace("store v1[%0], %6", "store v1[1], %6");
    let e = Program::compile(&text::parse(&bad).unwrap()).unwrap_err();
    assert!(e.message.contains("gl_InvocationID"), "{}", e.message);

    // te_color = tc_color[i] for i = gl_PrimitiveID (dynamic).
    let src = r#"shader tess_eval
mode tess_domain quads
var v0 "tc_color" input location 0 component 0 smooth center : [32 x f32x4]
var v1 "te_color" output location 0 component 0 index 0 : f32x4
func f0 "main" () {
  %0: i32 = sysval primitive_id
  %1: f32x4 = load v0[%0]
  store v1, %1
}
entry f0
"#;
    let tes = Program::compile(&text::parse(src).unwrap()).unwrap();
    let mut vertices = vec![[0.0f32; MAX_PATCH_VERTICES]; 4];
    for v in 0..MAX_PATCH_VERTICES {
        for (c, row) in vertices.iter_mut().enumerate() {
            row[v] = (10 * v + c) as f32;
        }
    }
    let mut out = vec![[0.0f32; 4]; 4];
    let mut regs = tes.new_regs::<4>();
    let mut env = Env::<4>::new(&[], &mut out, &[], &NoTextures);
    env.vertices = &vertices;
    env.primitive_id = [0, 31, 32, -1];
    tes.run(&mut regs, &mut env).unwrap();
    for c in 0..4 {
        assert_eq!(out[c], [c as f32, (310 + c) as f32, 0.0, 0.0]);
    }
}

/// Invocations writing different components of one patch vector
/// (`v[gl_InvocationID] = gl_InvocationID`, lowered as load, insert,
/// store of the whole vector) each land; a component no running
/// invocation writes keeps its value (the zero patch outputs start with).
#[test]
fn patch_components_from_several_invocations() {
    let src = r#"shader tess_control
mode output_vertices 4
var v0 "v" output location 64 component 0 index 0 : i32x4
func f0 "main" () {
  %0: i32 = sysval invocation_id
  %1: i32x4 = load v0
  %2: i32x4 = vinsert %1, %0, %0
  store v0, %2
}
entry f0
"#;
    let tcs = Program::compile(&text::parse(src).unwrap()).unwrap();
    let mut outputs = vec![[0.0f32; 4]; RECORD];
    let mut patch = vec![0.0f32; PATCH_COMPONENTS];
    let mut regs = tcs.new_regs::<4>();
    let mut env = Env::<4>::new(&[], &mut outputs, &[], &NoTextures);
    env.patch = &mut patch;
    env.invocation_id = [0, 1, 2, 3];
    // Invocation 2 does not run; 3 writes 3, which lane 3 alone changes.
    env.mask = 0b1011;
    tcs.run(&mut regs, &mut env).unwrap();
    let got: Vec<i32> = patch[..4].iter().map(|x| x.to_bits() as i32).collect();
    assert_eq!(got, [0, 1, 0, 3]);
}
