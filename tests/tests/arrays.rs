//! Vertex arrays and array draws through the public API
//! (tests/clients/arrays.c): pointer validation, client state, VAOs,
//! interleaved arrays, draw errors, and refusal to read past a buffer.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn vertex_arrays() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("arrays");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "arrays failed:\n{out}"
    );
}
