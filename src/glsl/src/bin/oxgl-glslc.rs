//! `oxgl-glslc`: compile GLSL files with oxgl's front end, without a GL
//! context.
//!
//! ```text
//! oxgl-glslc [options] FILE...
//!   --stage vert|tesc|tese|geom|frag|comp   stage (default: from the extension)
//!   --glsl-version N     version of a shader without #version (110; 100 = ES 1.00)
//!   --profile core|compat|es                profile / API (es: an ES context)
//!   -DNAME[=VALUE]       define a macro
//!   -E                   print the preprocessed tokens instead of compiling
//!   --dump-ast           print the syntax tree
//!   --dump-ir            lower to IR, optimize, print the IR (text form)
//!   --dump-passes        print the IR after lowering and after each pass
//!   --stats              print instruction counts before and after the passes
//!   --link               link the files (one vertex and/or one fragment
//!                        shader) as one program; with --dump-ir print the
//!                        linked stages and the program's interface
//! ```
//!
//! The info log goes to stderr; the exit status is 0 when every file
//! compiles, 1 otherwise (2 for usage errors).

use oxgl_glsl::{Api, Options, Profile, Stage, Version, compile, preprocess_to_string};
use std::process::ExitCode;

const USAGE: &str = "usage: oxgl-glslc [--stage vert|tesc|tese|geom|frag|comp] [--glsl-version N] \
[--profile core|compat|es] [-DNAME[=VALUE]] [-E] [--dump-ast] [--dump-ir] [--dump-passes] \
[--stats] [--link] FILE...";

struct Cli {
    stage: Option<Stage>,
    version: Option<u16>,
    profile: Option<Profile>,
    defines: Vec<(String, Option<String>)>,
    preprocess_only: bool,
    dump_ast: bool,
    dump_ir: bool,
    dump_passes: bool,
    stats: bool,
    link: bool,
    files: Vec<String>,
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("oxgl-glslc: {msg}\n{USAGE}");
    ExitCode::from(2)
}

fn parse_args() -> Result<Cli, String> {
    let mut cli = Cli {
        stage: None,
        version: None,
        profile: None,
        defines: Vec::new(),
        preprocess_only: false,
        dump_ast: false,
        dump_ir: false,
        dump_passes: false,
        stats: false,
        link: false,
        files: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_owned(), Some(v.to_owned())),
            _ => (a.clone(), None),
        };
        let mut value = |name: &str| {
            inline
                .clone()
                .or_else(|| it.next())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match flag.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--stage" => {
                let v = value("--stage")?;
                cli.stage = Some(Stage::from_extension(&v).ok_or(format!("unknown stage `{v}'"))?);
            }
            "--glsl-version" => {
                let v = value("--glsl-version")?;
                cli.version = Some(v.parse().map_err(|_| format!("bad version `{v}'"))?);
            }
            "--profile" => {
                let v = value("--profile")?;
                cli.profile = Some(match v.as_str() {
                    "core" => Profile::Core,
                    "compat" | "compatibility" => Profile::Compatibility,
                    "es" => Profile::Es,
                    _ => return Err(format!("unknown profile `{v}'")),
                });
            }
            "-E" => cli.preprocess_only = true,
            "--dump-ast" => cli.dump_ast = true,
            "--dump-ir" => cli.dump_ir = true,
            "--link" => cli.link = true,
            "--dump-passes" => cli.dump_passes = true,
            "--stats" => cli.stats = true,
            _ if a.starts_with("-D") => {
                let d = &a[2..];
                let (name, val) = match d.split_once('=') {
                    Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
                    None => (d.to_owned(), None),
                };
                if name.is_empty() {
                    return Err("-D needs a macro name".into());
                }
                cli.defines.push((name, val));
            }
            _ if a.starts_with('-') && a != "-" => return Err(format!("unknown option `{a}'")),
            _ => cli.files.push(a),
        }
    }
    if cli.files.is_empty() {
        return Err("no input files".into());
    }
    Ok(cli)
}

fn options(cli: &Cli, stage: Stage) -> Result<Options, String> {
    let es = cli.profile == Some(Profile::Es) || cli.version == Some(100);
    let mut opts = if es {
        Options::es(stage)
    } else {
        Options::new(stage)
    };
    if let Some(n) = cli.version {
        let v = if es {
            Version::es(n)
        } else {
            let mut v = Version::desktop(n);
            if cli.profile == Some(Profile::Compatibility) {
                v.profile = Profile::Compatibility;
            }
            v
        };
        let known = if es {
            oxgl_glsl::version::ES_VERSIONS.contains(&n)
        } else {
            oxgl_glsl::version::DESKTOP_VERSIONS.contains(&n)
        };
        if !known {
            return Err(format!(
                "--glsl-version {n}: no such {} version",
                if es { "GLSL ES" } else { "GLSL" }
            ));
        }
        opts.default_version = v;
    }
    if es {
        opts.api = Api::Gles;
    }
    opts.defines = cli.defines.clone();
    Ok(opts)
}

/// Number of live instructions in every function.
fn inst_count(s: &oxgl_ir::Shader) -> usize {
    s.funcs.iter().map(|(_, f)| f.live_insts().len()).sum()
}

/// Lowers, validates and optimizes one shader, printing what `cli` asks
/// for; false on failure (reported like a compile error).
fn lower(out: &oxgl_glsl::Compiled, cli: &Cli) -> bool {
    let mut l = match oxgl_glsl::lower::lower(out) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            return false;
        }
    };
    let before = inst_count(&l.shader);
    if cli.dump_passes {
        println!("; after lowering\n{}", oxgl_ir::text::print(&l.shader));
        oxgl_ir::passes::inline(&mut l.shader);
        println!("; after inline\n{}", oxgl_ir::text::print(&l.shader));
        for round in 0..16 {
            let mut progress = false;
            for (name, pass) in [
                (
                    "opt_constant_fold",
                    oxgl_ir::passes::opt_constant_fold as fn(&mut _) -> bool,
                ),
                ("opt_copy_prop_vars", oxgl_ir::passes::opt_copy_prop_vars),
                ("opt_copy_prop", oxgl_ir::passes::opt_copy_prop),
                if l.interface.exact {
                    ("opt_algebraic", oxgl_ir::passes::opt_algebraic)
                } else {
                    (
                        "opt_algebraic_inexact",
                        oxgl_ir::passes::opt_algebraic_inexact,
                    )
                },
                if l.interface.exact {
                    ("opt_pow (not run: exact)", |_: &mut _| false)
                } else {
                    ("opt_pow", oxgl_ir::passes::opt_pow)
                },
                ("opt_cse", oxgl_ir::passes::opt_cse),
                ("opt_dce", oxgl_ir::passes::opt_dce),
            ] {
                if pass(&mut l.shader) {
                    progress = true;
                    println!(
                        "; after {name} (round {round})\n{}",
                        oxgl_ir::text::print(&l.shader)
                    );
                    if let Err(e) = oxgl_ir::valid::validate(&l.shader) {
                        eprintln!("0:0(0): error: internal error: {name} produced invalid IR: {e}");
                        return false;
                    }
                }
            }
            if !progress {
                break;
            }
        }
    } else if l.interface.exact {
        oxgl_ir::passes::optimize(&mut l.shader);
    } else {
        // As the linker does: every algebraic rule unless the shader uses
        // `precise` or `invariant`.
        oxgl_ir::passes::optimize_inexact(&mut l.shader);
    }
    if let Err(e) = oxgl_ir::valid::validate(&l.shader) {
        eprintln!("0:0(0): error: internal error: the passes produced invalid IR: {e}");
        return false;
    }
    if cli.dump_ir {
        print!("{}", oxgl_ir::text::print(&l.shader));
    }
    if cli.stats {
        println!(
            "instructions: {before} lowered, {} optimized; {} variables, {} textures, {} uniform bytes",
            inst_count(&l.shader),
            l.shader.vars.len(),
            l.shader.textures.len(),
            l.interface.uniform_size
        );
    }
    true
}

/// Links the lowered stages (GL's generic attribute `i` at IR location
/// `i`), printing the program when `cli.dump_ir`; false on a link error.
fn link(stages: &[oxgl_glsl::lower::Lowered], cli: &Cli) -> bool {
    use oxgl_glsl::link::{LinkOptions, link};
    let vs = stages
        .iter()
        .find(|l| l.shader.stage == oxgl_ir::Stage::Vertex);
    let gs = stages
        .iter()
        .find(|l| l.shader.stage == oxgl_ir::Stage::Geometry);
    let fs = stages
        .iter()
        .find(|l| l.shader.stage == oxgl_ir::Stage::Fragment);
    let found = [vs.is_some(), gs.is_some(), fs.is_some()];
    if stages.len() != found.iter().filter(|&&f| f).count() || stages.is_empty() {
        eprintln!("error: --link takes at most one vertex, geometry and fragment shader");
        return false;
    }
    let opts = LinkOptions {
        frag_bindings: &[],
        max_draw_buffers: 8,
        bindings: &[],
        max_vertex_attribs: 16,
        max_varying_locations: 16,
        attrib_slot: &|i| i,
        dual_slot_base: 64,
        vs_alone_sampler_base: 32,
        es: cli.profile == Some(Profile::Es) || cli.version == Some(100),
        feedback: Default::default(),
        separable: false,
        user_varying_base: 13,
    };
    match link(vs, gs, fs, &opts) {
        Ok(p) => {
            if cli.dump_ir {
                for a in &p.attributes {
                    println!("; attribute {} {} index {:?}", a.ty, a.name, a.index);
                }
                for u in &p.uniforms {
                    println!(
                        "; uniform {} {} x{}: vs {:?} gs {:?} fs {:?}",
                        u.ty, u.name, u.count, u.vs, u.gs, u.fs
                    );
                }
                for s in p.vs.iter().chain(p.gs.iter()).chain(p.fs.iter()) {
                    print!("{}", oxgl_ir::text::print(s));
                }
            }
            true
        }
        Err(log) => {
            eprint!("{log}");
            false
        }
    }
}

fn main() -> ExitCode {
    let cli = match parse_args() {
        Ok(c) => c,
        Err(m) if m.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(m) => return usage(&m),
    };
    let mut ok = true;
    let mut lowered = Vec::new();
    for file in &cli.files {
        let stage = cli.stage.or_else(|| {
            std::path::Path::new(file)
                .extension()
                .and_then(|e| e.to_str())
                .and_then(Stage::from_extension)
        });
        let Some(stage) = stage else {
            return usage(&format!(
                "{file}: cannot tell the stage from the name; use --stage"
            ));
        };
        let opts = match options(&cli, stage) {
            Ok(o) => o,
            Err(m) => return usage(&m),
        };
        let src = match std::fs::read(file) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                eprintln!("oxgl-glslc: {file}: {e}");
                ok = false;
                continue;
            }
        };
        if cli.preprocess_only {
            let (text, log) = preprocess_to_string(&src, &opts);
            print!("{text}");
            eprint!("{log}");
            ok &= !log.has_errors();
            continue;
        }
        let out = compile(&src, &opts);
        if cli.files.len() > 1 && !out.log.diagnostics.is_empty() {
            eprintln!("{file}:");
        }
        eprint!("{}", out.log);
        if cli.dump_ast {
            print!("{}", out.dump_ast());
        }
        ok &= out.success();
        if cli.link && out.success() {
            match oxgl_glsl::lower::lower(&out) {
                Ok(l) => lowered.push(l),
                Err(e) => {
                    eprintln!("{e}");
                    ok = false;
                }
            }
        } else if out.success() && (cli.dump_ir || cli.dump_passes || cli.stats) {
            ok &= lower(&out, &cli);
        }
    }
    if cli.link && ok {
        ok = link(&lowered, &cli);
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
