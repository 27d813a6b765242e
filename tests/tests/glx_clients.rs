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
    "create_attribs_core43",
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

/// What oxgl answers for each case, with the rule it follows. oxgl implements
/// GL 3.1 (compatibility) and ES 2.0, and advertises
/// GLX_EXT_create_context_es2_profile, which decides the ES lines.
///
/// | case | rule |
/// |---|---|
/// | create_attribs_gl99 | 9.9 is not a defined GL version: BadMatch (GLX_ARB_create_context) |
/// | create_attribs_core43 | a defined version we cannot provide: GLXBadFBConfig (rev. 10) |
/// | create_attribs_bad_profile_mask / core_and_compat | GLXBadProfileARB (GLX_ARB_create_context_profile) |
/// | create_attribs_es2_20 | an ES 2.0 context (GLX_EXT_create_context_es2_profile) |
/// | create_attribs_es2_32 / es2_40 | ES 3.0 and later are versions we cannot provide: GLXBadFBConfig (Mesa's reading: 4.0 is GLXBadFBConfig there too) |
/// | create_attribs_unknown_attrib / bad_flags | BadValue |
/// | make_current_bogus_drawable | GLXBadDrawable, returns False |
/// | make_current_ctx_without_drawable | GLX_ARB_create_context: a GL 3.0 context may be current without drawables (below 3.0 BadMatch, GLX 1.4 §3.3.7); its default framebuffer is then GL_FRAMEBUFFER_UNDEFINED and glClear INVALID_FRAMEBUFFER_OPERATION, as on llvmpipe |
/// | make_current_other_thread | GLX 1.4 §3.3.7: BadAccess |
const GLX_ERROR_EXPECTED: &[&str] = &[
    "query_version: 1.4",
    "create_attribs_gl99: null error=BadMatch",
    "create_attribs_core43: null error=GLXBadFBConfig",
    "create_attribs_bad_profile_mask: null error=GLXBadProfileARB",
    "create_attribs_core_and_compat: null error=GLXBadProfileARB",
    "create_attribs_es2_20: context",
    "create_attribs_es2_32: null error=GLXBadFBConfig",
    "create_attribs_es2_40: null error=GLXBadFBConfig",
    "create_attribs_unknown_attrib: null error=BadValue",
    "create_attribs_bad_flags: null error=BadValue",
    "make_current_bogus_drawable: False error=GLXBadDrawable",
    "make_current_ctx_without_drawable: True status=0x8219 clear=0x506",
    "make_current_release: True",
    "make_current_other_thread: False error=BadAccess",
];

/// GLX error behaviour: every case of glx_errors.c prints one line, which must
/// be the expected one (the X error delivered through the application's
/// handler, and the return value).
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
    for line in GLX_ERROR_EXPECTED {
        assert!(out.has_line(line), "expected `{line}`:\n{out}");
    }
}
