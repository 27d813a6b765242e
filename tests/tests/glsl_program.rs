//! GLSL shader and program objects through the public API
//! (tests/clients/glsl_program.c): compile and link status and logs,
//! attributes, uniforms of every basic type, varyings, samplers,
//! compatibility built-ins, programs with one stage, deletion rules.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn glsl_program() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("glsl_program");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "glsl_program failed:\n{out}"
    );
}
