//! Display lists through the public API (tests/clients/lists.c): compile and
//! compile-and-execute, replayed state, nesting, glCallLists, deferred errors.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn display_lists() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("lists");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "lists failed:\n{out}"
    );
}
