//! The piglit corpus harness: runs piglit's glslparser tests (and, with
//! `--shader-test`, the shader stages of its `*.shader_test` files) through
//! the front end and compares with what the tests expect.
//!
//! ```text
//! cargo run --release -p oxgl-glsl --bin oxgl-glsl-corpus -- [--piglit DIR]
//!     [--filter SUBSTR] [--list] [--log] [--dirs] [--shader-test]
//! ```
//!
//! A glslparser test is a shader with a `[config]` header (`expect_result`,
//! `glsl_version`, `require_extensions`). It is compiled for the header's
//! API (ES when the version says so) with the default version that API gives
//! a shader without `#version`; it is skipped when it requires an extension
//! the front end does not support (or, with `!`, one it does). The harness
//! prints agreement per directory (`--dirs`), must-compile and must-fail
//! agreement, the overall count and skipped count, compile speed, and the
//! disagreements (`--list`, with info logs with `--log`).
//!
//! With `--shader-test`, every stage that compiles is also lowered to IR,
//! validated, optimized and validated again; the harness prints "N/M stages
//! lowered and validated" and the most frequent reasons for not lowering.
//! `--glmark2 DIR` does the same for glmark2's shaders (Debian's
//! `glmark2-data`, `/usr/share/glmark2/shaders`) with the constants and
//! placeholders glmark2 fills in at run time (see [`glmark2_source`]).
//!
//! `--meet GL_VERSION EXTENSIONS`, with `--shader-test`, keeps only the
//! `*.shader_test` files whose `[require]` section an oxgl context meets: a
//! compatibility context of `GL_VERSION` (e.g. `2.1`) with that version's
//! GLSL, GLSL ES 1.00 only with `GL_ARB_ES2_compatibility`, and the GL
//! extensions listed (whitespace-separated, as `glxinfo` prints them) in the
//! file `EXTENSIONS`; `#version` above the context's GLSL is then an error,
//! as in the GL.
//!
//! Without piglit installed it says so and exits 0 (CI must not need it).

use oxgl_glsl::extensions::{self, ExtKind};
use oxgl_glsl::{Api, Options, Stage, Version, compile};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

const DEFAULT_PIGLIT: &str = "/usr/lib/x86_64-linux-gnu/piglit";

struct Test {
    path: PathBuf,
    rel: String,
    src: String,
    stage: Stage,
    api: Api,
    /// The version a shader without `#version` gets (shader_runner
    /// prepends `#version` from the `GLSL >= X` requirement).
    default_version: Option<Version>,
    /// The test asks for a compatibility context (`GL COMPAT >= X`).
    compat_context: bool,
    expect_pass: bool,
    check_link: bool,
    /// With other shaders of its stage in the file: all of them as one
    /// translation unit, which is what is lowered (as the GL links them).
    together: Option<String>,
}

/// What an oxgl context offers (`--meet`): its GL version, GLSL version
/// (100 x major + minor) and GL extensions.
struct Meet {
    gl: (u32, u32),
    glsl: u16,
    extensions: BTreeSet<String>,
}

impl Meet {
    /// Why a `[require]` section asks for more than the context offers.
    fn unmet(&self, require: &str) -> Option<String> {
        for l in require.lines() {
            let w: Vec<&str> = l.split_whitespace().collect();
            let version = |v: &str| -> Option<(u32, u32)> {
                let (a, b) = v.split_once('.')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            };
            match w.as_slice() {
                ["GL", "ES", ..] => return Some("needs OpenGL ES".into()),
                ["GL", "CORE", ..] => return Some("needs a core context".into()),
                ["GL", ">=", v] | ["GL", "COMPAT", ">=", v]
                    if version(v).is_none_or(|v| v > self.gl) =>
                {
                    return Some(format!("needs GL {v}"));
                }
                ["GLSL", ">=", v] => {
                    let n = version(v).map_or(u32::MAX, |(a, b)| a * 100 + b);
                    if n > u32::from(self.glsl) {
                        return Some(format!("needs GLSL {v}"));
                    }
                }
                ["GLSL", "ES", ">=", v] => {
                    let es2 = self.extensions.contains("GL_ARB_ES2_compatibility");
                    if *v != "1.00" || !es2 {
                        return Some(format!("needs GLSL ES {v}"));
                    }
                }
                [ext, ..]
                    if ext.starts_with("GL_")
                        && !l.contains(['<', '>', '='])
                        && !self.extensions.contains(*ext) =>
                {
                    return Some(format!("needs {ext} (not advertised)"));
                }
                _ => {}
            }
        }
        None
    }
}

struct Args {
    root: PathBuf,
    filter: Option<String>,
    list: bool,
    log: bool,
    dirs: bool,
    shader_test: bool,
    glmark2: Option<PathBuf>,
    meet: Option<Meet>,
}

fn parse_args() -> Args {
    let mut a = Args {
        root: std::env::var_os("PIGLIT_DIR")
            .map_or_else(|| PathBuf::from(DEFAULT_PIGLIT), PathBuf::from),
        filter: None,
        list: false,
        log: false,
        dirs: false,
        shader_test: false,
        glmark2: None,
        meet: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--piglit" => a.root = it.next().map(PathBuf::from).unwrap_or(a.root),
            "--filter" => a.filter = it.next(),
            "--list" => a.list = true,
            "--log" => {
                a.list = true;
                a.log = true;
            }
            "--dirs" => a.dirs = true,
            "--shader-test" => a.shader_test = true,
            "--glmark2" => a.glmark2 = it.next().map(PathBuf::from),
            "--meet" => {
                let gl = it.next().and_then(|v| {
                    let (x, y) = v.split_once('.')?;
                    Some((x.parse::<u32>().ok()?, y.parse::<u32>().ok()?))
                });
                let exts = it.next().and_then(|f| std::fs::read_to_string(f).ok());
                let (Some(gl), Some(exts)) = (gl, exts) else {
                    eprintln!("corpus: --meet GL_VERSION EXTENSIONS_FILE");
                    std::process::exit(2);
                };
                let glsl = oxgl_glsl::version::for_gl((
                    u8::try_from(gl.0).unwrap_or(0),
                    u8::try_from(gl.1).unwrap_or(0),
                ));
                a.meet = Some(Meet {
                    gl,
                    glsl,
                    extensions: exts.split_whitespace().map(str::to_owned).collect(),
                });
            }
            other => {
                eprintln!("corpus: unknown argument {other}");
                std::process::exit(2);
            }
        }
    }
    a
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The `[config]` block of a glslparser test, as piglit's
/// `glsl_parser_test.py` reads it.
fn config(src: &str) -> Option<BTreeMap<String, String>> {
    let strip = |l: &str| {
        let l = l.trim();
        for p in ["//", "/*", "*"] {
            if let Some(r) = l.strip_prefix(p) {
                return Some(r.trim().to_owned());
            }
        }
        None
    };
    let mut lines = src.lines();
    lines.find(|l| strip(l).is_some_and(|r| r == "[config]"))?;
    let mut m = BTreeMap::new();
    for l in lines {
        let Some(r) = strip(l) else { continue };
        if r == "[end config]" {
            return Some(m);
        }
        if let Some((k, v)) = r.split_once(':') {
            m.insert(k.trim().to_owned(), v.trim().to_owned());
        }
    }
    None
}

fn is_es_version(v: &str) -> bool {
    v.ends_with("es") || matches!(v, "1.00" | "3.00" | "3.10" | "3.20")
}

/// Whether an extension named in a test's requirements is supported by a
/// context of `api`.
fn supported(name: &str, api: Api) -> bool {
    extensions::lookup(name).is_some_and(|e| e.available(api))
}

fn skip_reason(reqs: &str, api: Api) -> Option<String> {
    for r in reqs.split_whitespace() {
        if let Some(neg) = r.strip_prefix('!') {
            if supported(neg, api) {
                return Some(format!("needs {neg} absent"));
            }
        } else if !supported(r, api) {
            return Some(format!("needs {r}"));
        }
    }
    None
}

fn stage_of(p: &Path) -> Option<Stage> {
    Stage::from_extension(p.extension()?.to_str()?)
}

fn load_glslparser(a: &Args, skipped: &mut BTreeMap<String, usize>) -> Vec<Test> {
    let mut files = Vec::new();
    walk(&a.root.join("tests"), &mut files);
    walk(&a.root.join("generated_tests"), &mut files);
    let mut tests = Vec::new();
    for path in files {
        let Some(stage) = stage_of(&path) else {
            continue;
        };
        let rel = path
            .strip_prefix(&a.root)
            .unwrap_or(&path)
            .display()
            .to_string();
        if a.filter.as_ref().is_some_and(|f| !rel.contains(f.as_str())) {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Some(cfg) = config(&src) else { continue };
        let (Some(expect), Some(ver)) = (cfg.get("expect_result"), cfg.get("glsl_version")) else {
            continue;
        };
        let api = if is_es_version(ver) {
            Api::Gles
        } else {
            Api::Gl
        };
        if let Some(why) = skip_reason(
            cfg.get("require_extensions").map_or("", String::as_str),
            api,
        ) {
            *skipped.entry(why).or_default() += 1;
            continue;
        }
        tests.push(Test {
            path: path.clone(),
            rel,
            src,
            stage,
            api,
            default_version: None,
            compat_context: false,
            expect_pass: expect == "pass",
            check_link: cfg.get("check_link").is_some_and(|v| v == "true"),
            together: None,
        });
    }
    tests
}

/// The shader stages of `*.shader_test` files whose requirements we meet
/// and which are not written to fail.
fn load_shader_tests(a: &Args, skipped: &mut BTreeMap<String, usize>) -> Vec<Test> {
    let mut files = Vec::new();
    walk(&a.root.join("tests"), &mut files);
    walk(&a.root.join("generated_tests"), &mut files);
    let mut tests = Vec::new();
    for path in files {
        if path.extension().and_then(|e| e.to_str()) != Some("shader_test") {
            continue;
        }
        let rel = path
            .strip_prefix(&a.root)
            .unwrap_or(&path)
            .display()
            .to_string();
        if a.filter.as_ref().is_some_and(|f| !rel.contains(f.as_str())) {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        let mut sections: Vec<(String, String)> = Vec::new();
        for line in src.lines() {
            let t = line.trim();
            if t.starts_with('[') && t.ends_with(']') {
                sections.push((t[1..t.len() - 1].to_owned(), String::new()));
            } else if let Some((_, body)) = sections.last_mut() {
                body.push_str(line);
                body.push('\n');
            }
        }
        let require = sections
            .iter()
            .find(|s| s.0 == "require")
            .map_or("", |s| s.1.as_str());
        let test = sections
            .iter()
            .find(|s| s.0 == "test")
            .map_or("", |s| s.1.as_str());
        if test.contains("link error") || test.contains("compile error") {
            *skipped.entry("written to fail".into()).or_default() += 1;
            continue;
        }
        let es = require
            .lines()
            .any(|l| l.contains("GL ES") || l.contains("GLSL ES"));
        let api = if es { Api::Gles } else { Api::Gl };
        let compat_context = require.lines().any(|l| l.contains("GL COMPAT"));
        let default_version = require.lines().find_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let (es, num) = match w.as_slice() {
                ["GLSL", ">=", n, ..] => (false, *n),
                ["GLSL", "ES", ">=", n, ..] => (true, *n),
                _ => return None,
            };
            let n = (num.parse::<f64>().ok()? * 100.0).round() as u16;
            Some(if es || n == 100 {
                Version::es(n)
            } else {
                Version::desktop(n)
            })
        });
        let mut why = None;
        for l in require.lines() {
            // `GL_MAX_... >= N` lines are limits, not extensions.
            if l.contains(['<', '>', '=']) {
                continue;
            }
            let w = l.split_whitespace().next().unwrap_or("");
            if w.starts_with("GL_") && !supported(w, api) {
                why = Some(format!("needs {w}"));
            } else if let Some(neg) = w.strip_prefix('!')
                && neg.starts_with("GL_")
                && supported(neg, api)
            {
                why = Some(format!("needs {neg} absent"));
            }
        }
        if let Some(m) = &a.meet
            && why.is_none()
        {
            why = m.unmet(require);
        }
        if let Some(why) = why {
            *skipped.entry(why).or_default() += 1;
            continue;
        }
        let stage_of_section = |name: &str| match name {
            "vertex shader" => Some(Stage::Vertex),
            "fragment shader" => Some(Stage::Fragment),
            "geometry shader" => Some(Stage::Geometry),
            "tessellation control shader" => Some(Stage::TessControl),
            "tessellation evaluation shader" => Some(Stage::TessEval),
            "compute shader" => Some(Stage::Compute),
            _ => None,
        };
        for (name, body) in &sections {
            let same: Vec<&str> = sections
                .iter()
                .filter(|(n, _)| n == name)
                .map(|(_, b)| b.as_str())
                .collect();
            let together = (same.len() > 1 && stage_of_section(name).is_some())
                .then(|| oxgl_glsl::join_stage_sources(&same));
            let stage = match name.as_str() {
                "vertex shader" => Stage::Vertex,
                "fragment shader" => Stage::Fragment,
                "geometry shader" => Stage::Geometry,
                "tessellation control shader" => Stage::TessControl,
                "tessellation evaluation shader" => Stage::TessEval,
                "compute shader" => Stage::Compute,
                _ => continue,
            };
            tests.push(Test {
                path: path.clone(),
                rel: format!("{rel} [{name}]"),
                src: body.clone(),
                stage,
                api,
                default_version,
                compat_context,
                expect_pass: true,
                check_link: false,
                together,
            });
        }
    }
    tests
}

#[derive(Default, Clone, Copy)]
struct Count {
    agree: usize,
    total: usize,
}

impl Count {
    fn add(&mut self, ok: bool) {
        self.total += 1;
        if ok {
            self.agree += 1;
        }
    }

    fn pct(self) -> f64 {
        if self.total == 0 {
            100.0
        } else {
            100.0 * self.agree as f64 / self.total as f64
        }
    }
}

/// Lowers, validates, optimizes and validates one compiled stage; the
/// reason when it fails.
fn lower_stage(out: &oxgl_glsl::Compiled) -> Result<(), String> {
    let mut l = oxgl_glsl::lower::lower(out).map_err(|e| {
        if e.internal {
            let w: String = e.what.chars().take(70).collect();
            format!("internal: {w}")
        } else {
            e.what.clone()
        }
    })?;
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        oxgl_ir::passes::optimize(&mut l.shader);
        oxgl_ir::valid::validate(&l.shader)
    }));
    match r {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(format!("invalid after the passes: {e}")),
        Err(_) => Err("a pass panicked".to_owned()),
    }
}

/// Counts lowering results and prints them with the top reasons.
fn report_lowering(what: &str, results: &[Result<(), String>], list: bool) {
    let ok = results.iter().filter(|r| r.is_ok()).count();
    println!(
        "  {ok}/{} {what} lowered and validated ({:.2}%)",
        results.len(),
        if results.is_empty() {
            100.0
        } else {
            100.0 * ok as f64 / results.len() as f64
        }
    );
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for r in results.iter().filter_map(|r| r.as_ref().err()) {
        let key: String = r.split(['`', '\'']).next().unwrap_or(r).trim().to_owned();
        let key = if key.is_empty() { r.clone() } else { key };
        *reasons.entry(key).or_default() += 1;
    }
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by_key(|r| std::cmp::Reverse(r.1));
    let n = if list { reasons.len() } else { 12 };
    for (r, k) in reasons.iter().take(n) {
        println!("    {k:6} {r}");
    }
}

/// glmark2's shader files with what glmark2 adds at run time
/// (`ShaderSource::add_const`, `replace("$NAME$", ...)`): the constants
/// its scenes define, placeholder bodies, and for the `.all` loop shaders
/// nothing (they are templates of templates and are skipped).
fn glmark2_source(name: &str, src: &str) -> String {
    let mut pre = String::new();
    let consts: &[(&str, &str)] = &[
        ("LightSourcePosition", "vec4(0.0, 1.0, 1.0, 1.0)"),
        ("LightSourceHalfVector", "vec3(0.0, 0.5, 0.5)"),
        ("LightColor", "vec4(1.0)"),
        ("MaterialDiffuse", "vec4(0.7, 0.7, 0.7, 1.0)"),
        ("MaterialAmbient", "vec4(0.1, 0.1, 0.1, 1.0)"),
        ("MaterialSpecular", "vec4(0.8, 0.8, 0.8, 1.0)"),
        ("MaterialColor", "vec4(0.7, 0.7, 0.7, 1.0)"),
        ("TextureStepX", "0.01"),
        ("TextureStepY", "0.01"),
        ("FogColor", "vec4(0.5)"),
        ("FogStart", "1.0"),
        ("FogEnd", "10.0"),
        ("CurrentTime", "0.0"),
        ("TextureSize", "vec2(256.0, 256.0)"),
        ("RefractiveIndex", "1.2"),
        ("PI", "3.14159265"),
    ];
    for (n, v) in consts {
        let word = |t: &str| {
            t.match_indices(n).any(|(i, _)| {
                let before = t[..i].chars().next_back();
                let after = t[i + n.len()..].chars().next();
                let id = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                !id(before) && !id(after)
            })
        };
        if word(src) {
            let ty = if v.starts_with("vec4") {
                "vec4"
            } else if v.starts_with("vec3") {
                "vec3"
            } else if v.starts_with("vec2") {
                "vec2"
            } else {
                "float"
            };
            let declared = src.contains(&format!("{ty} {n}"));
            if !declared {
                pre.push_str(&format!("const {ty} {n} = {v};\n"));
            }
        }
    }
    for i in 0..10 {
        let n = format!("Kernel{i}");
        if src.contains(&n) {
            pre.push_str(&format!("const float {n} = 0.1;\n"));
        }
    }
    let body = src
        .replace("$MAIN$", "")
        .replace("$PROCESS$", "")
        .replace(
            "$CONVOLUTION$",
            "result = texture2D(Texture0, TextureCoord);",
        )
        .replace("$NLOOPS$", "4")
        .replace("$DO_LIGHTS$", "");
    let _ = name;
    // Desktop GL: glmark2 defines its precision macros away.
    format!("#define HIGHP_OR_DEFAULT\n#define MEDIUMP_OR_DEFAULT\n{pre}{body}")
}

fn run_glmark2(dir: &Path, list: bool) {
    let mut files = Vec::new();
    walk(dir, &mut files);
    files.sort();
    let mut compiled = 0;
    let mut total = 0;
    let mut results = Vec::new();
    for f in &files {
        let Some(stage) = stage_of(f) else { continue };
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        total += 1;
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let text = glmark2_source(name, &src);
        let out = compile(&text, &Options::new(stage));
        if !out.success() {
            if list {
                println!("  does not compile: {}\n{}", f.display(), out.log);
            }
            continue;
        }
        compiled += 1;
        let r = lower_stage(&out);
        if list && let Err(e) = &r {
            println!("  not lowered: {}: {e}", f.display());
        }
        results.push(r);
    }
    println!("glmark2 shaders: {compiled}/{total} compile");
    report_lowering("glmark2 shaders", &results, list);
}

fn main() {
    let a = parse_args();
    if let Some(dir) = &a.glmark2 {
        if !dir.is_dir() {
            println!(
                "corpus: {} not found (install glmark2-data); skipping",
                dir.display()
            );
            return;
        }
        run_glmark2(dir, a.list);
        return;
    }
    if !a.root.join("tests").is_dir() {
        println!(
            "corpus: piglit not found at {} (install Debian's `piglit` or set PIGLIT_DIR); skipping",
            a.root.display()
        );
        return;
    }
    let mut skipped: BTreeMap<String, usize> = BTreeMap::new();
    let tests = if a.shader_test {
        load_shader_tests(&a, &mut skipped)
    } else {
        load_glslparser(&a, &mut skipped)
    };
    let bytes: usize = tests.iter().map(|t| t.src.len()).sum();
    let start = Instant::now();
    let mut lowered: Vec<Result<(), String>> = Vec::new();
    // OXGL_CORPUS_TRACE=1 names each stage before lowering it.
    let trace = std::env::var_os("OXGL_CORPUS_TRACE").is_some();
    let mut lower_secs = 0.0;
    let results: Vec<(bool, String)> = tests
        .iter()
        .map(|t| {
            let mut opts = match t.api {
                Api::Gl => Options::new(t.stage),
                Api::Gles => Options::es(t.stage),
            };
            if let Some(v) = t.default_version {
                opts.default_version = v;
            }
            opts.compat_context = t.compat_context;
            if let Some(m) = &a.meet {
                // The GL's `#version` limits (`Context::glsl_options`).
                opts.max_desktop_version = m.glsl;
                opts.max_es_in_gl = if m.extensions.contains("GL_ARB_ES2_compatibility") {
                    100
                } else {
                    0
                };
            }
            let out = compile(&t.src, &opts);
            if a.shader_test && out.success() {
                if trace {
                    eprintln!("lowering {}", t.path.display());
                }
                let t0 = Instant::now();
                let r = match &t.together {
                    Some(text) => {
                        let joined = Options {
                            joined_stage: true,
                            ..opts.clone()
                        };
                        let all = compile(text, &joined);
                        if all.success() {
                            lower_stage(&all)
                        } else {
                            Err(format!(
                                "the stage's shaders do not compile as one:\n{}",
                                all.log
                            ))
                        }
                    }
                    None => lower_stage(&out),
                };
                if a.list
                    && let Err(e) = &r
                {
                    println!("  not lowered: {}: {e}", t.path.display());
                }
                lowered.push(r);
                lower_secs += t0.elapsed().as_secs_f64();
            }
            (out.success(), out.log.to_string())
        })
        .collect();
    let secs = start.elapsed().as_secs_f64() - lower_secs;

    let mut by_dir: BTreeMap<String, Count> = BTreeMap::new();
    let (mut pass, mut fail, mut link) = (Count::default(), Count::default(), Count::default());
    let mut disagreements = Vec::new();
    for (t, (ok, log)) in tests.iter().zip(&results) {
        let agree = *ok == t.expect_pass;
        let dir = Path::new(&t.rel)
            .parent()
            .map_or(String::new(), |p| p.display().to_string());
        by_dir.entry(dir).or_default().add(agree);
        if t.check_link {
            link.add(agree);
        }
        if t.expect_pass {
            pass.add(agree);
        } else {
            fail.add(agree);
        }
        if !agree {
            disagreements.push((t, log));
        }
    }
    if a.dirs {
        println!("agreement per directory:");
        for (dir, c) in &by_dir {
            println!("  {:6.1}% {:5}/{:<5} {dir}", c.pct(), c.agree, c.total);
        }
    }
    if a.list {
        println!("disagreements:");
        for (t, log) in &disagreements {
            let want = if t.expect_pass { "pass" } else { "fail" };
            println!("  expected {want}: {}", t.path.display());
            if a.log {
                for l in log.lines() {
                    println!("      {l}");
                }
            }
        }
    }
    let total_skipped: usize = skipped.values().sum();
    let mut reasons: Vec<_> = skipped.iter().collect();
    reasons.sort_by(|x, y| y.1.cmp(x.1));
    let top: Vec<String> = reasons
        .iter()
        .take(8)
        .map(|(r, n)| format!("{r} ({n})"))
        .collect();
    let all = Count {
        agree: pass.agree + fail.agree,
        total: pass.total + fail.total,
    };
    let kind = if a.shader_test {
        "shader_test stages"
    } else {
        "glslparser tests"
    };
    println!(
        "{kind}: {} run, {total_skipped} skipped ({})",
        all.total,
        top.join(", ")
    );
    println!(
        "  must compile: {}/{} agree ({:.2}%)",
        pass.agree,
        pass.total,
        pass.pct()
    );
    if !a.shader_test {
        println!(
            "  must fail:    {}/{} agree ({:.2}%)",
            fail.agree,
            fail.total,
            fail.pct()
        );
        println!(
            "  check_link tests among them: {}/{} agree",
            link.agree, link.total
        );
    }
    println!(
        "  overall:      {}/{} agree ({:.2}%)",
        all.agree,
        all.total,
        all.pct()
    );
    println!(
        "  speed: {:.0} shaders/s, {:.1} MB/s (compile only, one thread)",
        tests.len() as f64 / secs,
        bytes as f64 / secs / 1e6
    );
    if a.shader_test {
        report_lowering("stages", &lowered, a.list);
        println!(
            "  lowering speed: {:.0} stages/s (lower + validate + optimize + validate)",
            lowered.len() as f64 / lower_secs.max(1e-9)
        );
    }
    let _ = extensions::EXTENSIONS
        .iter()
        .filter(|e| e.kind == ExtKind::Glsl)
        .count();
}
