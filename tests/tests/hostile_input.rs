//! Calls an application may get wrong, each of which once brought the
//! process down (tests/clients/hostile_input.c): glUniform*v counts larger
//! than the uniform, over guard-paged client arrays, with INT_MAX and in a
//! display list; glDrawArrays of INT_MAX vertices without arrays;
//! glGenLists(INT_MAX); glShaderSource with count 0 and NULL strings. The
//! expected errors and values were checked on Mesa llvmpipe, except where
//! the client says Mesa itself faults or runs for minutes.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn hostile_counts_and_pointers() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("hostile_input");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "hostile_input failed:\n{out}"
    );
}
