//! oxgl's GLSL front end: GLSL 1.10–4.60 and GLSL ES 1.00–3.20.
//!
//! This crate turns shader source into an AST and an info log, with no GL
//! context: `preprocess` (directives, macros, `#version`, `#extension`) →
//! `lexer` (version- and extension-gated keywords, literals) → `parser`
//! (hand-written recursive descent; binary operators by precedence climbing;
//! expressions in an arena) → `sema` (scopes, types of all expressions,
//! built-in functions and variables as data tables, qualifier and layout
//! rules, constant folding) → `lower` (the checked AST to `oxgl_ir::Shader`,
//! user functions inlined, interface tables for the GL side; `docs/glsl.md`).
//!
//! ```
//! use oxgl_glsl::{compile, Options, Stage};
//! let out = compile("#version 330\nvoid main() {}\n", &Options::new(Stage::Fragment));
//! assert!(out.success(), "{}", out.log);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ast;
pub mod diag;
pub mod extensions;
pub mod keywords;
pub mod lexer;
pub mod link;
pub mod lower;
pub mod names;
mod parser;
pub mod pptoken;
pub mod preprocess;
mod print;
mod sema;
pub mod two_side;
pub mod version;

pub use diag::{Diagnostic, InfoLog, Loc, Severity};
pub use sema::{MAX_GEOMETRY_SHADER_INVOCATIONS, MAX_VERTEX_STREAMS};
pub use version::{Api, Profile, Stage, Version};

/// How to compile a shader.
#[derive(Clone, Debug)]
pub struct Options {
    /// The stage (decides stage-specific rules and messages).
    pub stage: Stage,
    /// The API of the (virtual) context: an ES context accepts only GLSL ES.
    pub api: Api,
    /// The version of a shader without `#version` (GLSL 1.10 for GL, ES 1.00
    /// for GLES).
    pub default_version: Version,
    /// Extra object-like macros (`-DNAME[=VALUE]`), defined after the
    /// built-in ones; `None` means `1`.
    pub defines: Vec<(String, Option<String>)>,
    /// The context is a compatibility-profile one (GL 3.1 with
    /// ARB_compatibility or later): GLSL 1.40 shaders then see the
    /// compatibility built-ins, as in Mesa.
    pub compat_context: bool,
    /// The highest desktop GLSL version the context supports (`#version`
    /// above it is an error listing the supported ones); 460 when not tied
    /// to a context.
    pub max_desktop_version: u16,
    /// The highest GLSL ES version accepted: under [`Api::Gl`] 0 for none,
    /// 100 with ARB_ES2_compatibility, 300 with ES3 compatibility; under
    /// [`Api::Gles`] the context's (100 for ES 2.0); 320 when not tied to a
    /// context.
    pub max_es_in_gl: u16,
    /// The source is several shaders of one stage joined
    /// ([`join_stage_sources`]): a global variable declared again with the
    /// same type and storage is the same variable, as linking makes it.
    pub joined_stage: bool,
    /// The shading-language extensions the context advertises: only these
    /// may be named in `#extension` and define their `GL_<name>` macro
    /// (Mesa's "extension `GL_X' unsupported" otherwise). `None` (not tied
    /// to a context): every extension of [`extensions::EXTENSIONS`].
    pub context_exts: Option<extensions::ExtSet>,
}

impl Options {
    /// Desktop GL defaults for `stage`.
    pub fn new(stage: Stage) -> Options {
        Options {
            stage,
            api: Api::Gl,
            default_version: Version::GLSL_110,
            defines: Vec::new(),
            compat_context: false,
            max_desktop_version: 460,
            max_es_in_gl: 320,
            joined_stage: false,
            context_exts: None,
        }
    }

    /// OpenGL ES defaults for `stage`.
    pub fn es(stage: Stage) -> Options {
        Options {
            stage,
            api: Api::Gles,
            default_version: Version::ES_100,
            defines: Vec::new(),
            compat_context: false,
            max_desktop_version: 460,
            max_es_in_gl: 320,
            joined_stage: false,
            context_exts: None,
        }
    }
}

/// The result of compiling one shader.
#[derive(Debug)]
pub struct Compiled {
    /// Errors and warnings.
    pub log: InfoLog,
    /// The syntax tree (present even when there are errors, as far as the
    /// parser recovered).
    pub ast: ast::TranslationUnit,
    /// The version the shader was compiled as.
    pub version: Version,
    /// What semantic analysis found (absent after a preprocessor error).
    pub(crate) sema: Option<sema::Checked>,
    /// The stage it was compiled for.
    pub(crate) stage: Stage,
    /// The shader uses `precise` or `invariant` (a qualifier or
    /// `#pragma STDGL invariant(all)`): its arithmetic is optimized by
    /// exact rules only.
    pub(crate) exact_math: bool,
}

impl Compiled {
    /// A compute shader's `layout(local_size_*)`, the dimensions it left
    /// out 1; `None` when it declares none.
    pub fn local_size(&self) -> Option<[u32; 3]> {
        let s = self.sema.as_ref()?.local_size;
        s.iter()
            .any(Option::is_some)
            .then(|| s.map(|x| x.unwrap_or(1).clamp(0, 1 << 16) as u32))
    }

    /// Whether the shader compiled (no errors).
    pub fn success(&self) -> bool {
        !self.log.has_errors()
    }

    /// The AST as indented text (`--dump-ast`).
    pub fn dump_ast(&self) -> String {
        print::dump(&self.ast)
    }
}

/// The sources of several shaders of one stage as one translation unit, as
/// GL links them (GL 2.0 §2.15.2): their `#version` lines blanked (line
/// numbers stay) and the highest of them put first.
pub fn join_stage_sources(sources: &[&str]) -> String {
    let mut version: Option<(u32, String)> = None;
    let mut text = String::new();
    for src in sources {
        for line in src.split_inclusive('\n') {
            let t = line.trim_start();
            if let Some(rest) = t.strip_prefix('#')
                && let Some(v) = rest.trim_start().strip_prefix("version")
            {
                let v = v.split_whitespace().collect::<Vec<_>>().join(" ");
                let n: u32 = v
                    .split(' ')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
                if version.as_ref().is_none_or(|(m, _)| n > *m) {
                    version = Some((n, v));
                }
                text.push_str(if line.ends_with('\n') { "\n" } else { "" });
            } else {
                text.push_str(line);
            }
        }
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    if let Some((_, v)) = version {
        text = format!("#version {v}\n{text}");
    }
    text
}

/// Preprocesses, parses and checks `src`.
pub fn compile(src: &str, opts: &Options) -> Compiled {
    let mut names = names::Names::new();
    let mut log = InfoLog::default();
    let pp = preprocess::preprocess(src, opts, &mut names, &mut log);
    let version = pp.version;
    // As in Mesa, a preprocessor error ends the compilation: what follows
    // would only repeat it.
    let pp_failed = log
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error && d.phase == diag::Phase::Preprocessor);
    if pp_failed {
        let ast = ast::TranslationUnit::empty(names);
        return Compiled {
            log,
            ast,
            version,
            sema: None,
            stage: opts.stage,
            exact_math: pp.invariant_all,
        };
    }
    let tokens = lexer::lex(&pp, &mut names, &mut log);
    let exact_math = pp.invariant_all
        || tokens.iter().any(|t| {
            matches!(
                t.tok,
                lexer::Tok::Kw(keywords::Kw::Invariant | keywords::Kw::Precise)
            )
        });
    let mut ast = parser::parse(&tokens, &pp, opts, names, &mut log);
    let checked = sema::check(&mut ast, opts, &pp, &mut log);
    // The lexer runs before the parser here, not interleaved with it as in
    // Mesa: put the compiler's messages back in source order.
    let first_compiler = log
        .diagnostics
        .iter()
        .position(|d| d.phase == diag::Phase::Compiler)
        .unwrap_or(log.diagnostics.len());
    log.diagnostics[first_compiler..].sort_by_key(|d| (d.loc.source, d.loc.line, d.loc.col));
    Compiled {
        log,
        ast,
        version,
        sema: Some(checked),
        stage: opts.stage,
        exact_math,
    }
}

/// Only preprocesses `src`: the token stream as text (one line per source
/// line that produced tokens) and the log.
pub fn preprocess_to_string(src: &str, opts: &Options) -> (String, InfoLog) {
    let mut names = names::Names::new();
    let mut log = InfoLog::default();
    let pp = preprocess::preprocess(src, opts, &mut names, &mut log);
    let mut out = String::new();
    let mut line = None;
    for t in &pp.tokens {
        if line != Some((t.loc.source, t.loc.line)) {
            if line.is_some() {
                out.push('\n');
            }
            line = Some((t.loc.source, t.loc.line));
        } else if t.space {
            out.push(' ');
        }
        pptoken::spell(t.kind, &names, &mut out);
    }
    if line.is_some() {
        out.push('\n');
    }
    (out, log)
}
