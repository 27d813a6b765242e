//! Cube map arrays (ARB_texture_cube_map_array) through the public API
//! (tests/clients/cube_array.c): the binding query, glTexImage3D and
//! glTexStorage3D errors (depth not a multiple of 6, faces not square,
//! the 2D entry point), proxies, layer-faces read back, replaced and
//! copied into; GLSL samplerCubeArray picking face and rounded, clamped
//! layer, textureSize, textureLod, textureGrad, an integer and a shadow
//! cube map array; mipmap generation keeping every layer-face; a
//! layer-face as a framebuffer attachment. Runs only when the extension
//! is advertised.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn cube_map_array_images_sampling_fbo() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("cube_array");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success()
            && out.has_line("PASS")
            && !out.has_line("SKIP GL_ARB_texture_cube_map_array"),
        "cube_array failed:\n{out}"
    );
}
