//! Array draws read every component type, interleaved buffers, first
//! vertices past 0, element buffers and client memory as GL says
//! (tests/clients/vertex_formats.c, checked on llvmpipe) — both as the
//! backend reads the arrays in place (ABI 13, `OxglDrawDesc::inputs`) and
//! as the core fetches them into floats (`OXGL_VERTEX_FETCH=core`).

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn array_formats_read_alike_in_the_backend_and_the_core() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("vertex_formats");
    for env in [&[] as &[(&str, &str)], &[("OXGL_VERTEX_FETCH", "core")]] {
        let out = run_client(&client, &[] as &[&str], env);
        println!("{env:?}\n{out}");
        assert!(
            out.success() && out.has_line("PASS"),
            "vertex_formats failed with {env:?}:\n{out}"
        );
    }
}
