//! The raster position and pixel rectangles through the public API
//! (tests/clients/drawpix.c): glRasterPos/glWindowPos state, glDrawPixels
//! (RGBA with zoom, depth, stencil), glBitmap, glCopyPixels, display lists,
//! errors — checked by reading pixels back.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn raster_pos_and_pixel_rectangles() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("drawpix");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "drawpix failed:\n{out}"
    );
}
