//! Array textures (EXT_texture_array) through the public API
//! (tests/clients/texture_array.c): 2D arrays from glTexImage3D and 1D
//! arrays from glTexImage2D read back layer by layer, replaced one layer at
//! a time, their level queries, binding, limit and proxy; GLSL 1.10
//! texture2DArray and texture1DArray picking the rounded, clamped layer;
//! glGenerateMipmapEXT keeping the layer count at every level; layers of
//! both kinds as framebuffer attachments (glFramebufferTextureLayerEXT)
//! with their queries and errors; the fixed-function enable refused,
//! bordered array images, and a depth 2D array compared by shadow2DArray.
//! Runs only when the extension is advertised.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn texture_array_layers_mipmaps_fbo_glsl() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("texture_array");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "texture_array failed:\n{out}"
    );
}
