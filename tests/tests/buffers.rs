//! Buffer objects through the public API (tests/clients/buffers.c): data,
//! mapping, copies, errors, and sharing between contexts of a share group.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn buffer_objects() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("buffers");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "buffers failed:\n{out}"
    );
}
