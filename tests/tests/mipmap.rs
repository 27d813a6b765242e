//! Mipmap generation through the public API (tests/clients/mipmap.c):
//! glGenerateMipmap and GL_GENERATE_MIPMAP, level sizes and texels as
//! llvmpipe makes them, errors, and sampling of a generated level.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn generate_mipmap() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("mipmap");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "mipmap failed:\n{out}"
    );
}
