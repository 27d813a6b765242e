//! Point parameters through the public API (tests/clients/pointparams.c):
//! defaults, queries, errors, display lists, GL_POINT_BIT, and the drawn
//! size of clamped and distance-attenuated points.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn point_parameters() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("pointparams");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "pointparams failed:\n{out}"
    );
}
