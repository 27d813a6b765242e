//! Depth textures and shadow comparison through the public API
//! (tests/clients/depth_texture.c): depth images from every client type and
//! back, copies from the depth buffer, `GL_DEPTH_TEXTURE_MODE`, every
//! comparison function, percentage-closer linear filtering, state and errors.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn depth_texture() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("depth_texture");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "depth_texture failed:\n{out}"
    );
}
