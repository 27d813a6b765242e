//! GL 1.2-1.4 features not covered by other clients
//! (tests/clients/gl1x_misc.c): transpose matrices, glMultiDrawArrays,
//! RESCALE_NORMAL, glBlendFuncSeparate, the secondary colour.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn gl_1x_features() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("gl1x_misc");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "gl1x_misc failed:\n{out}"
    );
}
