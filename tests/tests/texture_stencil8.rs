//! Stencil textures (ARB_texture_stencil8) through the public API
//! (tests/clients/texture_stencil8.c): GL_STENCIL_INDEX8 images from
//! stencil indices and read back, their level queries, glTexStorage2D, the
//! stencil of a depth/stencil texture read as indices; a stencil texture
//! as a framebuffer's stencil attachment (cleared, drawn, driving the
//! stencil test, copied by glCopyTexImage2D); usampler2D sampling under
//! GL_DEPTH_TEXTURE_MODE; the errors. Expectations checked against Mesa
//! llvmpipe. Runs only when the extension is advertised.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn texture_stencil8_images_fbo_sampling() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("texture_stencil8");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "texture_stencil8 failed:\n{out}"
    );
}
