//! The GL 3.0 formats and shader integers that came as EXT extensions,
//! through the public API (tests/clients/gl30_formats.c): signed normalized
//! textures (EXT_texture_snorm), R11F_G11F_B10F (EXT_packed_float) and
//! RGB9_E5 (EXT_texture_shared_exponent) texels from floats and packed
//! words, integer textures with their errors, border colours and queries
//! (EXT_texture_integer), and EXT_gpu_shader4 programs reading unsigned
//! textures and attributes exactly. Each part runs only when its extension
//! is advertised.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn gl30_formats_integer_snorm_packed() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("gl30_formats");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "gl30_formats failed:\n{out}"
    );
}
