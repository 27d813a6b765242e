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
