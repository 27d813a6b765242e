//! EXT_framebuffer_object through the public API (tests/clients/fbo.c):
//! renderbuffers, completeness, drawing into renderbuffers and textures
//! (2D, cube face, 3D slice, depth), per-framebuffer draw buffers, queries
//! and errors.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn framebuffer_objects() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("fbo");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(out.success() && out.has_line("PASS"), "fbo failed:\n{out}");
}
