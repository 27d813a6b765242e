//! GL_DEPTH_CLAMP (ARB_depth_clamp) through the public API
//! (tests/clients/depth_clamp.c): unclipped, clamped depths read back, the
//! raster position and feedback, enables and attribute groups.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn depth_clamp() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("depth_clamp");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "depth_clamp failed:\n{out}"
    );
}
