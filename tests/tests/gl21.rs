//! The GL 2.1 additions through the public API (tests/clients/gl21.c): the
//! version strings, pixel buffer objects on every pixel command that reads
//! or writes client memory (with their INVALID_OPERATION cases), sRGB
//! textures sampled as linear colour and read back as given, and GLSL 1.20
//! uniform initializers and non-square matrices. It runs in a GL 2.1
//! context (`MESA_GL_VERSION_OVERRIDE=2.1`), where `#version 130` is
//! refused.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn gl21_pbo_srgb_glsl120() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("gl21");
    let out = run_client(
        &client,
        &[] as &[&str],
        &[("MESA_GL_VERSION_OVERRIDE", "2.1")],
    );
    println!("{out}");
    assert!(out.success() && out.has_line("PASS"), "gl21 failed:\n{out}");
}
