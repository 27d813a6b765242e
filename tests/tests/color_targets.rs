//! GL 3.0's colour buffer features (issue 16), one C client each (each also
//! passes on Mesa llvmpipe):
//! * `integer_fbo.c`: integer colour attachments (EXT_texture_integer) —
//!   completeness, `uvec4`/`ivec4` outputs stored exactly (32-bit values
//!   included), no blending, glClearBuffer{iv,uiv}, integer glReadPixels
//!   and its errors, integer blits and their errors, a float and an
//!   integer attachment drawn by one shader, texelFetch of the result.
//! * `color_buffer_float.c`: glClampColor (ARB_color_buffer_float) — the
//!   three clamps' defaults, errors and attribute groups; vertex colours
//!   (fixed function and a vertex shader), fragment colours, reads and
//!   clears of a float framebuffer clamped or not.
//! * `framebuffer_srgb.c`: GL_FRAMEBUFFER_SRGB — the enable, the colour
//!   encoding query, encoding of drawn and cleared colour, blending in
//!   linear terms, linear attachments beside sRGB ones untouched.
//! * `multisample.c`: multisample renderbuffers — GL_MAX_SAMPLES, the
//!   storage command and its errors, completeness of mixed sample counts,
//!   GL_SAMPLES, edges resolving between their two sides (one side with
//!   GL_MULTISAMPLE off), per-sample depth, clears, and the errors of
//!   reading a multisample framebuffer.

use oxgl_tests::assert_client_passes;

#[test]
fn integer_attachments() {
    assert_client_passes("integer_fbo", &[]);
}

#[test]
fn clamp_color() {
    assert_client_passes("color_buffer_float", &[]);
}

#[test]
fn framebuffer_srgb() {
    assert_client_passes("framebuffer_srgb", &[]);
}

#[test]
fn multisample() {
    assert_client_passes("multisample", &[]);
}
