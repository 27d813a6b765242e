//! Evaluators through the public API (tests/clients/eval.c): glMap1/glMap2
//! state and errors, glMapGrid, glEvalMesh1/2, glEvalCoord and glEvalPoint
//! drawn and read back (curves, a coloured patch, automatic normals),
//! current attributes left unchanged, display lists.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn evaluators() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("eval");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(out.success() && out.has_line("PASS"), "eval failed:\n{out}");
}
