//! GLSL programs beyond one shader per stage, through the public API
//! (tests/clients/glsl_objects.c): the ARB_shader_objects entry points,
//! several shaders of one stage, two-sided colour with
//! GL_VERTEX_PROGRAM_TWO_SIDE.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn glsl_objects() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("glsl_objects");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "glsl_objects failed:\n{out}"
    );
}
