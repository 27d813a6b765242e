//! glProvokingVertex (EXT/ARB_provoking_vertex) through the public API
//! (tests/clients/provoking_vertex.c): flat-shaded primitives of every mode
//! under both conventions, through glBegin/glEnd and indexed
//! glDrawElements, the queries, errors and display-list compilation.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn provoking_vertex() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("provoking_vertex");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "provoking_vertex failed:\n{out}"
    );
}
