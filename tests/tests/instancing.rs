//! Instanced draws (tests/clients/instancing.c, checked on llvmpipe):
//! glDrawArraysInstanced and glDrawElementsInstanced draw every instance,
//! gl_InstanceIDARB counts them, glVertexAttribDivisor arrays give each
//! instance its element (from a buffer object and from client memory), a
//! non-instanced draw is instance 0, and the errors for negative instance
//! counts and attribute indices past the limit.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn instanced_draws_draw_every_instance() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("instancing");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "instancing failed:\n{out}"
    );
}
