//! glDrawBuffers on the default framebuffer through the public API
//! (tests/clients/draw_buffers.c): `GL_MAX_DRAW_BUFFERS` and
//! `GL_DRAW_BUFFERi`, the errors of GL 2.1 §4.2.1, pixels landing in the
//! front or back buffer named, n = 0, display lists, the attribute stack
//! and `glDrawBuffersARB`.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn draw_buffers() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("draw_buffers");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "draw_buffers failed:\n{out}"
    );
}
