//! The C clients of `tests/clients/`, compiled against the built `libGL.so.1`
//! and run on it: window clears read back from the X server, one core behind
//! every library name, and the GLX error paths.

use oxgl_tests::{compile_client, require_gl, run_client};

const NO_ARGS: &[&str] = &[];

/// Clear, swap, read back through XGetImage and glReadPixels(GL_FRONT);
/// resize and do it again.
#[test]
fn clear_readback() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("clear_readback");
    let out = run_client(&client, NO_ARGS, &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "clear_readback failed:\n{out}"
    );
}

/// libGL, libEGL, libGLESv2, libOpenGL and libGLESv1_CM are one core: state
/// set through one is seen through another, and every name resolves to the
/// same function.
#[test]
fn same_core() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("same_core");
    let out = run_client(&client, NO_ARGS, &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "same_core failed:\n{out}"
    );
}

/// Every case glx_errors.c runs; each must produce exactly one line.
const GLX_ERROR_CASES: &[&str] = &[
    "query_version",
    "create_attribs_gl99",
    "create_attribs_core32",
    "create_attribs_bad_profile_mask",
    "create_attribs_core_and_compat",
    "create_attribs_es2_20",
    "create_attribs_es2_32",
    "create_attribs_es2_40",
    "create_attribs_unknown_attrib",
    "create_attribs_bad_flags",
    "make_current_bogus_drawable",
    "make_current_ctx_without_drawable",
    "make_current_release",
    "make_current_other_thread",
];

/// GLX error behaviour. The client prints `case: result error=...` lines
/// (format in tests/clients/glx_errors.c); this test prints them and checks
/// that every case ran to completion (no crash, no hang).
///
/// TODO(lead): decide the expected line for each case and assert it. What the
/// specs say, and what Mesa 22.3 llvmpipe prints here (M:):
///
/// | case | spec | Mesa |
/// |---|---|---|
/// | query_version | `1.4` | `1.4` |
/// | create_attribs_gl99 | `null error=GLXBadFBConfig` (ARB_create_context rev. 10; BadMatch before) | same |
/// | create_attribs_core32 | `context` only if 3.2 core is really implemented, else `null error=GLXBadFBConfig` | `context` |
/// | create_attribs_bad_profile_mask | `null error=GLXBadProfileARB` | same |
/// | create_attribs_core_and_compat | `null error=GLXBadProfileARB` | same |
/// | create_attribs_es2_20 / es2_32 | `context` if GLX_EXT_create_context_es2_profile is advertised | `context` |
/// | create_attribs_es2_40 | `null error=...` (not an ES version) | `null error=GLXBadFBConfig` |
/// | create_attribs_unknown_attrib | `null error=BadValue` | same |
/// | create_attribs_bad_flags | `null error=BadValue` | same |
/// | make_current_bogus_drawable | `False error=GLXBadDrawable` (or BadDrawable) | `True error=BadDrawable` x3 |
/// | make_current_ctx_without_drawable | `False error=BadMatch` (GLX 1.4 §3.3.7, legacy context) | `True` |
/// | make_current_release | `True` | `True` |
/// | make_current_other_thread | `False error=BadAccess` (GLX 1.4 §3.3.7) | `True (now current in both threads)` |
#[test]
fn glx_errors() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("glx_errors");
    let out = run_client(&client, NO_ARGS, &[]);
    println!("{out}");
    assert!(
        out.success(),
        "glx_errors did not run every case to completion:\n{out}"
    );
    for case in GLX_ERROR_CASES {
        let prefix = format!("{case}: ");
        let lines = out
            .stdout
            .lines()
            .filter(|l| l.starts_with(&prefix))
            .count();
        assert_eq!(lines, 1, "expected one `{prefix}...` line:\n{out}");
    }
    // GLX 1.4 is what oxgl implements (and what Mesa reports too).
    assert!(
        out.has_line("query_version: 1.4"),
        "glXQueryVersion is not 1.4:\n{out}"
    );
    // TODO(lead): assert the expected line of every other case (table above).
}
