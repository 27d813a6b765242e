//! Snapshot tests: every file in `tests/in/` is compiled and what the front
//! end says about it is compared with `tests/out/<name>.txt`. `BLESS=1`
//! rewrites the expected files.
//!
//! * `pp-*` files are only preprocessed: the snapshot holds the info log and
//!   the preprocessed tokens (one line per source line).
//! * other files are compiled: the snapshot holds the info log and, when the
//!   shader compiles, the syntax tree (`--dump-ast`).
//! * the stage comes from the extension; a name containing `.es.` compiles
//!   for an OpenGL ES context (default version ES 1.00).

use oxgl_glsl::{Options, Stage, compile, preprocess_to_string};
use std::fmt::Write;
use std::path::Path;

fn options(name: &str) -> Options {
    let ext = name.rsplit('.').next().unwrap_or("");
    let stage = Stage::from_extension(ext).unwrap_or(Stage::Fragment);
    if name.contains(".es.") {
        Options::es(stage)
    } else {
        Options::new(stage)
    }
}

fn render(name: &str, src: &str) -> String {
    let opts = options(name);
    let mut out = String::new();
    if name.starts_with("pp-") {
        let (text, log) = preprocess_to_string(src, &opts);
        let _ = write!(out, "--- log\n{log}--- tokens\n{text}");
    } else {
        let c = compile(src, &opts);
        let _ = write!(out, "--- log\n{}", c.log);
        if c.success() {
            let _ = write!(out, "--- ast\n{}", c.dump_ast());
        }
    }
    out
}

#[test]
fn snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let mut entries: Vec<_> = std::fs::read_dir(dir.join("in"))
        .expect("tests/in exists")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    assert!(!entries.is_empty(), "no snapshot inputs");
    let mut failed = Vec::new();
    for path in entries {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let src = std::fs::read_to_string(&path).expect("readable input");
        let got = render(&name, &src);
        let out_path = dir.join("out").join(format!("{name}.txt"));
        if bless {
            std::fs::write(&out_path, &got).expect("writable tests/out");
            continue;
        }
        let want = std::fs::read_to_string(&out_path).unwrap_or_default();
        if got != want {
            eprintln!("=== {name}: snapshot differs\n--- expected\n{want}--- got\n{got}");
            failed.push(name);
        }
    }
    assert!(
        failed.is_empty(),
        "snapshots differ: {failed:?} (run with BLESS=1 to accept)"
    );
}
