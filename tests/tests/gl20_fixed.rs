//! The GL 2.0 additions outside GLSL, by their pixels, through the public
//! API (tests/clients/gl20_fixed.c): separate stencil functions,
//! operations and write masks per face, glBlendEquationSeparate, and
//! non-power-of-two textures (repeat and mipmap completeness).

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn gl20_fixed_function() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("gl20_fixed");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "gl20_fixed failed:\n{out}"
    );
}
