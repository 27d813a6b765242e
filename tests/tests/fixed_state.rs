//! Fixed-function vertex state through the public API: current attributes
//! (with their integer conversions), the matrix stacks and their errors, and
//! the Begin/End rules (tests/clients/fixed_state.c).

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn fixed_function_state() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("fixed_state");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "fixed_state failed:\n{out}"
    );
}
