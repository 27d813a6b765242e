//! Texture objects and images through the public API
//! (tests/clients/textures.c).

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn texture_objects() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("textures");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "textures failed:\n{out}"
    );
}
