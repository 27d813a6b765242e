//! Rasterization and per-fragment state through the public API
//! (tests/clients/raster_state.c).

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn raster_state() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("raster_state");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "raster_state failed:\n{out}"
    );
}
