//! Several colour attachments and draw buffers through the public API
//! (tests/clients/fbo_draw_buffers.c): limits and errors of glDrawBuffers and
//! attachments 1 to 7, clears of the draw buffers only (colour mask too),
//! fixed function and `gl_FragColor` broadcast to every draw buffer,
//! `gl_FragData[i]` to draw buffer i of a permuted list, per-buffer
//! blending, reading each attachment and sampling one back. Checked
//! against Mesa llvmpipe.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn fbo_draw_buffers() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("fbo_draw_buffers");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "fbo_draw_buffers failed:\n{out}"
    );
}
