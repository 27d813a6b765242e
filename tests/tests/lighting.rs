//! Fixed-function lighting state through the public API
//! (tests/clients/lighting.c).

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn lighting_state() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("lighting");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "lighting failed:\n{out}"
    );
}
