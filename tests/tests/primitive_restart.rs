//! NV_primitive_restart (tests/clients/primitive_restart.c): indexed strips
//! split at the restart index for every index type, from client memory and
//! element buffers; glPrimitiveRestartNV inside glBegin/glEnd and in display
//! lists; state queries and errors as Mesa gives them.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn primitive_restart() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("primitive_restart");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "primitive_restart failed:\n{out}"
    );
}
