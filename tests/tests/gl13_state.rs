//! The GL 1.3 compressed-texture API and multisample state through the
//! public API (tests/clients/gl13_state.c).

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn compressed_api_and_multisample_state() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("gl13_state");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "gl13_state failed:\n{out}"
    );
}
