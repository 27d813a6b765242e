//! Selection and feedback through the public API (tests/clients/select.c):
//! glRenderMode results, hit records and the name stack, feedback tokens and
//! vertices (clipping, polygon decomposition, polygon mode, colours),
//! glPassThrough and pixel-rectangle tokens, vertex arrays, display lists,
//! errors, and that nothing is drawn outside GL_RENDER.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn selection_and_feedback() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("select");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "select failed:\n{out}"
    );
}
