//! Framebuffer objects whose colour is not 8-bit unorm, through the public
//! API (tests/clients/render_targets.c): float texture and renderbuffer
//! attachments (32-bit, 16-bit, R11F_G11F_B10F) keep unclamped fragment
//! colours at their format's precision, blend in float, honour the colour
//! mask and clears, and sample back; RGB9_E5 is not colour-renderable; an
//! RGBA8 attachment clamps. Checked against Mesa llvmpipe.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn float_render_targets() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("render_targets");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "render_targets failed:\n{out}"
    );
}
