//! A bounded run of the GL API fuzzer (`fuzz-gl/`, docs/fuzzing.md) with a
//! fixed seed: every implemented GL 1.0-4.6 command and a set of GLX calls
//! with boundary and random arguments, two threads with shared contexts, in
//! watched child processes under a 4 GiB address-space limit. Fails on any
//! crash, abort, hang, internal problem or missing GL error that is not on
//! the fuzzer's list of known findings (`fuzz-gl/src/rules.rs`, `KNOWN`).
//!
//! The fuzzer binary is built by `cargo build --release` (a default member
//! of the workspace) next to the library directory; `OXGL_FUZZ_GL_BIN`
//! names another one.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use oxgl_tests::{lib_dir, require_gl, run_with_timeout, workspace_root};

fn fuzzer() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("OXGL_FUZZ_GL_BIN").filter(|b| !b.is_empty()) {
        return Some(PathBuf::from(bin));
    }
    let candidates = [
        lib_dir().parent().map(|d| d.join("oxgl-fuzz-gl")),
        Some(workspace_root().join("target/release/oxgl-fuzz-gl")),
    ];
    candidates.into_iter().flatten().find(|p| p.exists())
}

#[test]
fn fuzz_gl_fixed_seed() {
    let Some(lib) = require_gl() else { return };
    let Some(bin) = fuzzer() else {
        let why =
            "no oxgl-fuzz-gl binary; build it with `cargo build --release` or set OXGL_FUZZ_GL_BIN";
        if std::env::var("OXGL_REQUIRE_X").is_ok_and(|v| v == "1") {
            panic!("{why}");
        }
        eprintln!("skipped: {why}");
        return;
    };
    let mut cmd = Command::new(&bin);
    cmd.args([
        "--ci",
        "--seed",
        "1",
        "--threads",
        "2",
        "--per-child",
        "2000",
    ])
    .args([
        "--iterations",
        "150000",
        "--timeout-ms",
        "20000",
        "--mem-gib",
        "4",
    ])
    .arg("--lib-dir")
    .arg(&lib);
    let out = run_with_timeout(cmd, Duration::from_secs(170));
    println!("{}", out.stdout);
    assert!(
        out.success(),
        "the fuzzer found something (or failed):\n{out}"
    );
}
