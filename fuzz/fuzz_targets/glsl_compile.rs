//! Coverage-guided fuzz target over the whole GLSL front end.
//!
//! Input: one selector byte, then the shader source (lossy UTF-8).
//!
//! Selector byte `b`:
//! * bits 0–2: the stage, `STAGES[(b & 7) % 6]`;
//! * bits 3–6: the version/profile, `VERSIONS[((b >> 3) & 15) % 12]`: it
//!   sets `Options::{api, default_version, compat_context}` (the version a
//!   shader without `#version` gets);
//! * bit 7: also prepend that version as a `#version` line to the source.
//!
//! Invariants checked (a violation is a panic, i.e. a crash for libFuzzer):
//! * every input gets an info log or a result: a failed compile has at least
//!   one error line in its log (`Compiled::success` is false only with an
//!   error diagnostic, and the printed log has an `error:` line);
//! * a shader that compiles lowers to IR (`oxgl_glsl::lower::lower`) or is
//!   refused with a "not supported yet" error, never with an internal error;
//!   the IR it produces validates (`oxgl_ir::valid::validate`), and still
//!   validates after the standard passes (`oxgl_ir::passes::optimize`), as
//!   the GL side runs them;
//! * no panic anywhere (libfuzzer-sys turns a panic into an abort, also one
//!   that `lower` would otherwise catch), no hang (`-timeout`), no runaway
//!   memory (`-rss_limit_mb`), no stack overflow.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oxgl_glsl::{Api, Options, Profile, Severity, Stage, Version, compile};

const STAGES: [Stage; 6] = [
    Stage::Vertex,
    Stage::Fragment,
    Stage::Geometry,
    Stage::TessControl,
    Stage::TessEval,
    Stage::Compute,
];

/// (number, profile, api, compat_context, `#version` line).
const VERSIONS: [(u16, Profile, Api, bool, &str); 12] = [
    (110, Profile::Compatibility, Api::Gl, false, "#version 110\n"),
    (120, Profile::Compatibility, Api::Gl, false, "#version 120\n"),
    (130, Profile::Compatibility, Api::Gl, false, "#version 130\n"),
    (150, Profile::Core, Api::Gl, false, "#version 150\n"),
    (330, Profile::Core, Api::Gl, false, "#version 330 core\n"),
    (450, Profile::Core, Api::Gl, false, "#version 450\n"),
    (460, Profile::Core, Api::Gl, false, "#version 460 core\n"),
    (460, Profile::Compatibility, Api::Gl, true, "#version 460 compatibility\n"),
    (100, Profile::Es, Api::Gles, false, "#version 100\n"),
    (300, Profile::Es, Api::Gles, false, "#version 300 es\n"),
    (310, Profile::Es, Api::Gles, false, "#version 310 es\n"),
    (320, Profile::Es, Api::Gles, false, "#version 320 es\n"),
];

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let stage = STAGES[usize::from(sel & 7) % STAGES.len()];
    let (number, profile, api, compat_context, line) =
        VERSIONS[usize::from((sel >> 3) & 15) % VERSIONS.len()];
    let mut opts = match api {
        Api::Gl => Options::new(stage),
        Api::Gles => Options::es(stage),
    };
    opts.default_version = Version { number, profile };
    opts.compat_context = compat_context;

    let body = String::from_utf8_lossy(rest);
    let src = if sel & 0x80 != 0 {
        format!("{line}{body}")
    } else {
        body.into_owned()
    };

    let out = compile(&src, &opts);

    if !out.success() {
        // "Every input gets an info log or a result."
        assert!(
            out.log
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error),
            "a failed compile without an error diagnostic"
        );
        let text = out.log.to_string();
        assert!(
            text.lines().any(|l| l.contains("error: ")),
            "a failed compile whose printed log has no error line:\n{text}"
        );
        return;
    }

    // It compiled: lower, validate, optimize, validate.
    match oxgl_glsl::lower::lower(&out) {
        Ok(mut l) => {
            if let Err(e) = oxgl_ir::valid::validate(&l.shader) {
                panic!("lowering produced invalid IR: {e}");
            }
            oxgl_ir::passes::optimize(&mut l.shader);
            if let Err(e) = oxgl_ir::valid::validate(&l.shader) {
                panic!("the passes produced invalid IR: {e}");
            }
        }
        Err(e) => assert!(!e.internal, "internal lowering error: {e}"),
    }
});
