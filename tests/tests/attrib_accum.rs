//! The attribute stacks and the accumulation buffer through the public API
//! (tests/clients/attrib_accum.c): glPushAttrib/glPopAttrib group by group,
//! glPushClientAttrib, stack depths and errors, display lists; visuals with
//! accumulation bits, the five glAccum operations, glClearAccum, scissor
//! and colour mask — checked by queries and by reading pixels back.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn attribute_stacks_and_accumulation() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("attrib_accum");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "attrib_accum failed:\n{out}"
    );
}
