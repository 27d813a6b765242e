//! ARB_shader_texture_lod and the depth texture mode of the deprecated GLSL
//! shadow functions (tests/clients/shader_texture_lod.c): explicit LOD and
//! gradient lookups in fragment shaders pick the mipmap level they name,
//! the extension directive gates them, and `shadow2D` spreads its
//! comparison as luminance, intensity, alpha or red.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn shader_texture_lod() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("shader_texture_lod");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "shader_texture_lod failed:\n{out}"
    );
}
