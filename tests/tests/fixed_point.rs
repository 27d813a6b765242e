//! The fixed-point and single-precision commands of OpenGL ES 1.x
//! (GL_OES_fixed_point, GL_OES_single_precision) in a compatibility
//! context (tests/clients/fixed_point.c): scaling in and out, enum-valued
//! parameters unscaled, the float commands' errors.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn fixed_point_commands() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("fixed_point");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "fixed_point failed:\n{out}"
    );
}
