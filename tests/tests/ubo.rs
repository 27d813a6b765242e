//! Uniform buffer objects (ARB_uniform_buffer_object) through the public
//! API (tests/clients/ubo.c): std140 blocks in both stages read from the
//! bound buffers' current contents (whole buffers and a range at an
//! offset, changed between draws, rebound to another binding point),
//! row-major matrices, the block and uniform introspection queries, the
//! indexed binding state, the limits and the spec's errors, and a block
//! declared differently in the two stages failing to link. Runs only when
//! the extension is advertised.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn uniform_buffer_objects_draws_queries_errors() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("ubo");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS") && !out.has_line("SKIP GL_ARB_uniform_buffer_object"),
        "ubo failed:\n{out}"
    );
}
