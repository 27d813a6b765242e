//! The GL 2.1 additions through the public API (tests/clients/gl21.c): the
//! version strings, pixel buffer objects on every pixel command that reads
//! or writes client memory (with their INVALID_OPERATION cases), sRGB
//! textures sampled as linear colour and read back as given, and GLSL 1.20
//! uniform initializers and non-square matrices. It runs in a GL 2.1
//! context (`MESA_GL_VERSION_OVERRIDE=2.1`), where `#version 130` is
//! refused.

use oxgl_tests::assert_client_passes;

#[test]
fn gl21_pbo_srgb_glsl120() {
    assert_client_passes("gl21", &[("MESA_GL_VERSION_OVERRIDE", "2.1")]);
}
