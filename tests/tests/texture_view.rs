//! Texture views (ARB_texture_view) through the public API
//! (tests/clients/texture_view.c): the view queries of storage textures,
//! views and views of views; one data store written through either side
//! (levels, 2D array layers as a 2D texture and a cube map, a cube face as
//! a 2D texture); formats reinterpreted (R8 as R8_SNORM, RGBA8 as sRGB,
//! R32F as RGBA8 and back); mipmaps generated through a view; rendering
//! into a view read through the original, sampling a view; the view
//! outliving its original; glTextureView's errors. Expectations checked
//! against Mesa llvmpipe. Runs only when the extension is advertised.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn texture_view_shares_storage() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("texture_view");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "texture_view failed:\n{out}"
    );
}
