//! ARB_vertex_program and ARB_fragment_program through the public API
//! (tests/clients/arb_programs.c): located load errors, program objects,
//! environment and local parameters, the program queries, and draws with a
//! vertex program (relative addressing, a generic attribute), a fragment
//! program (TEX, CMP, _SAT) and a position-invariant program. Checked
//! against Mesa llvmpipe.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn arb_assembly_programs() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("arb_programs");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "arb_programs failed:\n{out}"
    );
}
