//! Transform feedback (tests/clients/xfb.c, checked on llvmpipe):
//! EXT_transform_feedback advertised with llvmpipe's limits, varyings
//! recorded at link with their queries and link errors, the indexed
//! bindings and their queries, captured values in primitive order
//! (strips as triangles, indexed draws per emitted vertex, interleaved,
//! separate and offset ranges), a full buffer stopping the writes, the
//! primitive queries, rasterizer discard, the captured buffer read back
//! and drawn from, and every INVALID_* rule of binding, begin, end and of
//! what may not change while active.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn transform_feedback_captures_counts_and_checks() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("xfb");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(out.success() && out.has_line("PASS"), "xfb failed:\n{out}");
}
