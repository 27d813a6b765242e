//! Occlusion queries through the public API (tests/clients/occlusion_query.c):
//! exact GL_SAMPLES_PASSED counts through depth, scissor, alpha and stencil
//! tests and write masks, GL_ANY_SAMPLES_PASSED, availability, glGetQueryiv,
//! the error rules and display-list recording.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn occlusion_queries() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("occlusion_query");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "occlusion_query failed:\n{out}"
    );
}
