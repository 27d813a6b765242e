//! Pixel transfer and pixel maps through the public API
//! (tests/clients/pixel_transfer.c): scale, bias and maps on every pixel
//! path, colour indices, depth and stencil operations, queries, lists.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn pixel_transfer_and_maps() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("pixel_transfer");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "pixel_transfer failed:\n{out}"
    );
}
