//! glCopyTexImage*/glCopyTexSubImage* and texture residency through the
//! public API (tests/clients/copytex.c): texels copied from the framebuffer,
//! read back and drawn; errors; glPrioritizeTextures, glAreTexturesResident.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn copy_tex_image() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("copytex");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "copytex failed:\n{out}"
    );
}
