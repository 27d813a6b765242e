//! ARB_framebuffer_object, EXT_packed_depth_stencil and ARB_texture_float
//! through the public API (tests/clients/arb_fbo.c): binds, completeness
//! with mixed sizes and missing draw/read buffers, multisample storage,
//! texture layers, attachment queries (objects and the window's),
//! depth/stencil pixels through glReadPixels, glDrawPixels and
//! glCopyPixels, and unclamped float textures.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn arb_framebuffer_object_packed_depth_stencil_float_textures() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("arb_fbo");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "arb_fbo failed:\n{out}"
    );
}
