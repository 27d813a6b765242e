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
//! Without piglit installed it says so and exits 0 (CI must not need it).

use oxgl_glsl::extensions::{self, ExtKind};
use oxgl_glsl::{Api, Options, Stage, Version, compile};
use std::collections::BTreeMap;
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
}

struct Args {
    root: PathBuf,
    filter: Option<String>,
    list: bool,
    log: bool,
    dirs: bool,
    shader_test: bool,
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
        if let Some(why) = why {
            *skipped.entry(why).or_default() += 1;
            continue;
        }
        for (name, body) in &sections {
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

fn main() {
    let a = parse_args();
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
            let out = compile(&t.src, &opts);
            (out.success(), out.log.to_string())
        })
        .collect();
    let secs = start.elapsed().as_secs_f64();

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
    let _ = extensions::EXTENSIONS
        .iter()
        .filter(|e| e.kind == ExtKind::Glsl)
        .count();
}
