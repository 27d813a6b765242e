//! GL_KHR_debug through the built library: `tests/clients/khr_debug.c` runs
//! a debug and a plain GL 1.0 context through the callback, the message log,
//! filtering, debug groups, the label errors, labels on every object type
//! and the KHR/ARB aliases, and
//! prints one `ok:` line per check.

use oxgl_tests::{compile_client, require_gl, run_client};

const NO_ARGS: &[&str] = &[];

#[test]
fn khr_debug() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("khr_debug");
    let out = run_client(&client, NO_ARGS, &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "khr_debug failed:\n{out}"
    );
    // The central checks, by their lines.
    for line in [
        "ok: GL_KHR_debug is advertised",
        "ok: the message names the error and the command",
        "ok: glGetError inside the callback sees the error",
        "ok: glGetDebugMessageLog returns the error message",
        "ok: the log keeps 10 messages",
        "ok: groups scope the filter; push and pop messages",
        "ok: one more push overflows",
        "ok: glObjectLabel of a nonexistent name: INVALID_VALUE",
        "ok: labels on every object type",
        "ok: glPopClientAttrib leaves a vertex array's label",
        "ok: glGetObjectLabel(bufSize 5)",
        "ok: a label of MAX_LABEL_LENGTH characters",
        "ok: a label of MAX_LABEL_LENGTH - 1 characters",
        "ok: labels removed by NULL and by an empty label",
        "ok: deleted objects and name 0 are no objects",
        "ok: glEnable(DEBUG_OUTPUT) in a plain context",
    ] {
        assert!(out.has_line(line), "missing `{line}`:\n{out}");
    }
}

/// `MESA_DEBUG`: every API error on stderr as Mesa writes it, with the
/// reason the core gives (`glEnable(0xdead)`: the enum not accepted).
#[test]
fn mesa_debug_prints_errors_with_their_reason() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("khr_debug");
    let out = run_client(&client, NO_ARGS, &[("MESA_DEBUG", "1")]);
    assert!(out.success(), "khr_debug failed:\n{out}");
    for want in [
        "Mesa: User error: GL_INVALID_ENUM in glEnable(0xdead)",
        "Mesa: User error: GL_INVALID_VALUE in glClear",
    ] {
        assert!(
            out.stderr.lines().any(|l| l == want),
            "no MESA_DEBUG line {want:?}:\n{}",
            out.stderr
        );
    }
}
