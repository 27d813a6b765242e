//! The GLSL preprocessor (GLSL 4.60 §3.3, GLSL ES 3.20 §3.4), hand-written.
//!
//! Input is source text, output is the list of preprocessing tokens the
//! parser sees, plus what the directives decided: the language version, the
//! extensions enabled, `#pragma STDGL invariant(all)`.
//!
//! The driver pulls tokens from a stack of pending tokens (macro expansions
//! waiting to be rescanned) and, when that is empty, from the raw scanner. A
//! `#` that starts a source line (never one produced by a macro) introduces a
//! directive; conditional directives are processed even inside skipped groups,
//! every other directive only outside them. Macro expansion (`macros.rs`)
//! follows C: arguments are fully expanded before substitution unless next to
//! `##`, the result is rescanned together with the rest of the input, and
//! every token carries the set of macros it may no longer expand (Prosser's
//! hide sets), which is what makes `#define f(x) x f` and friends terminate
//! exactly where C says.
//!
//! Where the specs leave room, Mesa's glcpp is the reference: undefined
//! names in `#if` are 0 in desktop GLSL (an error in ES), `##` is an error in
//! ES, names with `__` only warn, `GL_` names are errors to define or
//! undefine, `#extension` after the first non-preprocessor token is an
//! error, `#version` after anything but comments and white space is an error.

mod expr;
mod macros;

use crate::diag::{InfoLog, Loc, Phase};
use crate::extensions::{self, EXTENSIONS, Ext, ExtSet};
use crate::names::{FxHashMap, Names, Sym};
use crate::pptoken::{PpKind, PpToken, Punct, Scanner, spell};
use crate::version::{Api, DESKTOP_VERSIONS, ES_VERSIONS, Profile, Version};
use crate::{Options, Stage};
use macros::Macro;

/// What preprocessing produced.
#[derive(Debug)]
pub struct PpOutput {
    /// The tokens for the parser.
    pub tokens: Vec<PpToken>,
    /// The language version (from `#version`, or the default).
    pub version: Version,
    /// Extensions in state `require`, `enable` or `warn`.
    pub enabled: ExtSet,
    /// Extensions in state `warn`.
    pub warn: ExtSet,
    /// `#pragma STDGL invariant(all)` was seen.
    pub invariant_all: bool,
    /// Where the source ends (for "unexpected end of file").
    pub end: Loc,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum CondState {
    /// This group is being emitted.
    Active,
    /// No group of this conditional was taken yet; skipping.
    Waiting,
    /// A group was taken already, or the enclosing group is skipped.
    Done,
}

struct Cond {
    loc: Loc,
    state: CondState,
    seen_else: bool,
    /// The enclosing group is skipped (nothing here is checked).
    outer_skip: bool,
}

/// Well-known names, interned once.
struct Known {
    defined: Sym,
    line: Sym,
    file: Sym,
    version: Sym,
}

/// The preprocessor's state while it runs.
pub(crate) struct Pp<'a> {
    opts: &'a Options,
    names: &'a mut Names,
    log: &'a mut InfoLog,
    scanner: Scanner,
    /// A token read from the scanner but not consumed, with its physical
    /// location (so a `#line` in between still applies to it).
    raw_peek: Option<PpToken>,
    /// Tokens to read before the scanner, top of the stack first.
    pending: Vec<PpToken>,
    /// Whether reading may fall through to the scanner (false while
    /// expanding a token list in isolation).
    raw_ok: bool,
    macros: FxHashMap<Sym, Macro>,
    conds: Vec<Cond>,
    out: Vec<PpToken>,
    version: Option<Version>,
    /// Added to physical line numbers (`#line`).
    line_delta: i64,
    /// Source-string number (`#line L S`).
    source: u32,
    /// A non-directive token was emitted already.
    seen_code: bool,
    enabled: ExtSet,
    warn: ExtSet,
    invariant_all: bool,
    known: Known,
    /// Recursion depth of isolated expansions (macro arguments).
    depth: u32,
    /// Tokens produced by macro expansion so far (bounded).
    expanded: usize,
    /// The expansion limit was hit and reported.
    limit_hit: bool,
}

/// Runs the preprocessor over `src`.
pub fn preprocess(src: &str, opts: &Options, names: &mut Names, log: &mut InfoLog) -> PpOutput {
    let known = Known {
        defined: names.intern("defined"),
        line: names.intern("__LINE__"),
        file: names.intern("__FILE__"),
        version: names.intern("__VERSION__"),
    };
    let mut pp = Pp {
        opts,
        names,
        log,
        scanner: Scanner::new(src),
        raw_peek: None,
        pending: Vec::new(),
        raw_ok: true,
        macros: FxHashMap::default(),
        conds: Vec::new(),
        out: Vec::new(),
        version: None,
        line_delta: 0,
        source: 0,
        seen_code: false,
        enabled: ExtSet::default(),
        warn: ExtSet::default(),
        invariant_all: false,
        known,
        depth: 0,
        expanded: 0,
        limit_hit: false,
    };
    pp.run();
    let end = Loc {
        source: pp.source,
        line: pp.fix_line(pp.scanner.line()),
        col: 1,
    };
    if pp.version.is_none() {
        pp.resolve_version(end);
    }
    for c in std::mem::take(&mut pp.conds) {
        pp.log.error(Phase::Preprocessor, c.loc, "Unterminated #if");
    }
    PpOutput {
        tokens: pp.out,
        version: pp.version.unwrap_or(pp.opts.default_version),
        enabled: pp.enabled,
        warn: pp.warn,
        invariant_all: pp.invariant_all,
        end,
    }
}

impl Pp<'_> {
    fn error(&mut self, loc: Loc, msg: impl Into<String>) {
        self.log.error(Phase::Preprocessor, loc, msg);
    }

    fn warning(&mut self, loc: Loc, msg: impl Into<String>) {
        self.log.warning(Phase::Preprocessor, loc, msg);
    }

    fn es(&self) -> bool {
        self.version.is_some_and(Version::is_es)
    }

    fn skipping(&self) -> bool {
        self.conds
            .last()
            .is_some_and(|c| c.state != CondState::Active)
    }

    fn fix_line(&self, phys: u32) -> u32 {
        u32::try_from((i64::from(phys) + self.line_delta).max(0)).unwrap_or(u32::MAX)
    }

    /// The next token from the scanner, located as `#line` says.
    fn raw_next(&mut self) -> Option<PpToken> {
        let mut t = match self.raw_peek.take() {
            Some(t) => t,
            None => self.scanner.next(self.names, self.log)?,
        };
        t.loc.line = self.fix_line(t.loc.line);
        t.loc.source = self.source;
        Some(t)
    }

    /// Whether the next scanner token starts a new line (or there is none).
    fn raw_at_line_end(&mut self) -> bool {
        if self.raw_peek.is_none() {
            self.raw_peek = self.scanner.next(self.names, self.log);
        }
        self.raw_peek.as_ref().is_none_or(|t| t.bol)
    }

    /// The next input token: pending ones first, then (if allowed) the
    /// scanner.
    fn next_input(&mut self) -> Option<PpToken> {
        if let Some(t) = self.pending.pop() {
            return Some(t);
        }
        if self.raw_ok { self.raw_next() } else { None }
    }

    /// The rest of the current directive line.
    fn read_line(&mut self) -> Vec<PpToken> {
        let mut v = Vec::new();
        while !self.raw_at_line_end() {
            if let Some(t) = self.raw_next() {
                v.push(t);
            }
        }
        v
    }

    fn run(&mut self) {
        while let Some(tok) = self.next_input() {
            if tok.bol && !tok.from_macro && tok.is(Punct::Hash) {
                self.directive(tok);
                continue;
            }
            if self.skipping() {
                continue;
            }
            if self.version.is_none() {
                self.resolve_version(tok.loc);
            }
            if let Some(t) = self.expand_token(tok) {
                self.seen_code = true;
                self.out.push(t);
            }
        }
    }

    // ---- directives -------------------------------------------------------

    fn directive(&mut self, hash: PpToken) {
        let line = self.read_line();
        let Some(first) = line.first() else {
            return; // the null directive
        };
        let name = match first.kind {
            PpKind::Ident(s) => self.names.str(s).to_owned(),
            _ => String::new(),
        };
        let args = &line[1..];
        match name.as_str() {
            "if" | "ifdef" | "ifndef" | "elif" | "else" | "endif" => {
                if self.version.is_none() {
                    self.resolve_version(hash.loc);
                }
                self.conditional(&name, first.loc, args);
                return;
            }
            _ if self.skipping() => return,
            "version" => {
                self.version_directive(hash.loc, args);
                return;
            }
            _ => {}
        }
        if self.version.is_none() {
            self.resolve_version(hash.loc);
        }
        match name.as_str() {
            "define" => self.define(first.loc, args),
            "undef" => self.undef(first.loc, args),
            "error" => {
                let text = self.spell_tokens(args);
                self.error(hash.loc, format!("#error {text}"));
            }
            "pragma" => self.pragma(hash.loc, args),
            "extension" => self.extension(hash.loc, args),
            "line" => self.line_directive(hash.loc, args),
            "include" => self.error(
                hash.loc,
                "#include requires ARB_shading_language_include, which is not supported",
            ),
            _ => self.error(hash.loc, "Illegal non-directive after #"),
        }
    }

    fn spell_tokens(&self, toks: &[PpToken]) -> String {
        let mut s = String::new();
        for (i, t) in toks.iter().enumerate() {
            if i > 0 && t.space {
                s.push(' ');
            }
            spell(t.kind, self.names, &mut s);
        }
        s
    }

    fn conditional(&mut self, name: &str, loc: Loc, args: &[PpToken]) {
        match name {
            "if" | "ifdef" | "ifndef" => {
                if self.skipping() {
                    self.conds.push(Cond {
                        loc,
                        state: CondState::Done,
                        seen_else: false,
                        outer_skip: true,
                    });
                    return;
                }
                let taken = if name == "if" {
                    self.if_expression(loc, args, "#if")
                } else {
                    let def = match args.first().map(|t| t.kind) {
                        Some(PpKind::Ident(s)) => {
                            if args.len() > 1 {
                                self.warning(args[1].loc, format!("extra tokens after #{name}"));
                            }
                            self.macros.contains_key(&s) || self.dynamic_macro(s)
                        }
                        _ => {
                            self.error(loc, format!("#{name} needs a macro name"));
                            false
                        }
                    };
                    def == (name == "ifdef")
                };
                self.conds.push(Cond {
                    loc,
                    state: if taken {
                        CondState::Active
                    } else {
                        CondState::Waiting
                    },
                    seen_else: false,
                    outer_skip: false,
                });
            }
            "elif" => {
                let Some((state, seen_else, outer_skip)) = self
                    .conds
                    .last()
                    .map(|c| (c.state, c.seen_else, c.outer_skip))
                else {
                    self.error(loc, "#elif without #if");
                    return;
                };
                if seen_else && !outer_skip {
                    self.error(loc, "#elif after #else");
                }
                let new = match state {
                    CondState::Waiting => {
                        let taken = self.if_expression(loc, args, "#elif");
                        if taken {
                            CondState::Active
                        } else {
                            CondState::Waiting
                        }
                    }
                    _ => CondState::Done,
                };
                if let Some(c) = self.conds.last_mut() {
                    c.state = new;
                }
            }
            "else" => {
                let Some(c) = self.conds.last_mut() else {
                    self.error(loc, "#else without #if");
                    return;
                };
                let outer_skip = c.outer_skip;
                let dup = c.seen_else && !outer_skip;
                c.seen_else = true;
                c.state = match c.state {
                    CondState::Waiting => CondState::Active,
                    _ => CondState::Done,
                };
                if dup {
                    self.error(loc, "multiple #else");
                }
                if let Some(t) = args.first()
                    && !outer_skip
                {
                    self.error(t.loc, "extra tokens after #else");
                }
            }
            _ => match self.conds.pop() {
                None => self.error(loc, "#endif without #if"),
                Some(c) => {
                    if let Some(t) = args.first()
                        && !c.outer_skip
                    {
                        self.error(t.loc, "extra tokens after #endif");
                    }
                }
            },
        }
    }

    /// `__LINE__` and `__FILE__` are defined without being in the table.
    fn dynamic_macro(&self, s: Sym) -> bool {
        s == self.known.line || s == self.known.file
    }

    /// Evaluates an `#if`/`#elif` expression; errors count as false.
    fn if_expression(&mut self, loc: Loc, args: &[PpToken], what: &str) -> bool {
        if args.is_empty() {
            self.error(loc, format!("{what} with no expression"));
            return false;
        }
        // `defined X` / `defined ( X )` before expansion.
        let mut toks = Vec::with_capacity(args.len());
        let mut i = 0;
        while i < args.len() {
            let t = &args[i];
            if t.ident() == Some(self.known.defined) {
                let (name, used) = match (args.get(i + 1), args.get(i + 2), args.get(i + 3)) {
                    (Some(a), _, _) if a.ident().is_some() => (a.ident(), 2),
                    (Some(p), Some(a), Some(r))
                        if p.is(Punct::LParen) && a.ident().is_some() && r.is(Punct::RParen) =>
                    {
                        (a.ident(), 4)
                    }
                    _ => (None, 1),
                };
                let Some(name) = name else {
                    self.error(t.loc, "defined without macro name");
                    return false;
                };
                let v = self.macros.contains_key(&name) || self.dynamic_macro(name);
                let num = self.names.intern(if v { "1" } else { "0" });
                toks.push(PpToken {
                    kind: PpKind::Number(num),
                    ..t.clone()
                });
                i += used;
            } else {
                toks.push(t.clone());
                i += 1;
            }
        }
        let toks = self.expand_list(toks);
        let end = args.last().map_or(loc, |t| t.loc);
        match expr::evaluate(&toks, self.names, self.es(), end) {
            Ok(v) => v != 0,
            Err(e) => {
                self.error(e.loc, e.message);
                false
            }
        }
    }

    fn define(&mut self, loc: Loc, args: &[PpToken]) {
        let Some(name_tok) = args.first() else {
            self.error(loc, "#define without macro name");
            return;
        };
        let Some(name) = name_tok.ident() else {
            let mut s = String::new();
            spell(name_tok.kind, self.names, &mut s);
            self.error(
                name_tok.loc,
                format!("#define followed by a non-identifier: {s}"),
            );
            return;
        };
        if !self.check_macro_name(name_tok.loc, name, "define") {
            return;
        }
        let mut rest = &args[1..];
        let mut params = None;
        if let Some(p) = rest.first()
            && p.is(Punct::LParen)
            && !p.space
        {
            let mut list: Vec<Sym> = Vec::new();
            let mut i = 1;
            let mut ok = false;
            if rest.get(1).is_some_and(|t| t.is(Punct::RParen)) {
                i = 2;
                ok = true;
            } else {
                while let Some(t) = rest.get(i) {
                    let Some(pn) = t.ident() else { break };
                    if list.contains(&pn) {
                        let s = self.names.str(pn).to_owned();
                        self.error(t.loc, format!("Duplicate macro parameter \"{s}\""));
                        return;
                    }
                    list.push(pn);
                    match rest.get(i + 1) {
                        Some(c) if c.is(Punct::Comma) => i += 2,
                        Some(c) if c.is(Punct::RParen) => {
                            i += 2;
                            ok = true;
                            break;
                        }
                        _ => break,
                    }
                }
            }
            if !ok {
                self.error(p.loc, "Invalid macro parameter list");
                return;
            }
            params = Some(list);
            rest = &rest[i..];
        }
        if let Some(t) = rest.iter().find(|t| t.is(Punct::Hash)) {
            self.error(
                t.loc,
                "'#' (stringification) is not supported in GLSL macros",
            );
            return;
        }
        if self.es()
            && let Some(t) = rest.iter().find(|t| t.is(Punct::HashHash))
        {
            self.error(t.loc, "Token pasting (##) is illegal in GLES");
            return;
        }
        if rest.first().is_some_and(|t| t.is(Punct::HashHash))
            || rest.last().is_some_and(|t| t.is(Punct::HashHash))
        {
            self.error(loc, "'##' cannot appear at either end of a macro expansion");
            return;
        }
        let m = Macro::new(params, rest);
        if let Some(old) = self.macros.get(&name) {
            if old.builtin || !old.same_as(&m) {
                let s = self.names.str(name).to_owned();
                self.error(name_tok.loc, format!("Redefinition of macro {s}"));
            }
            return;
        }
        self.macros.insert(name, m);
    }

    /// GLSL 4.60 §3.3: names with `__` are reserved (defining one is not an
    /// error); `GL_` names may not be defined or undefined; `defined` is no
    /// macro name. Returns whether to go on.
    fn check_macro_name(&mut self, loc: Loc, name: Sym, what: &str) -> bool {
        let s = self.names.str(name).to_owned();
        if name == self.known.line || name == self.known.file || name == self.known.version {
            let msg = if what == "define" {
                format!("Redefinition of macro {s}")
            } else {
                "Built-in (pre-defined) macro names cannot be undefined.".to_owned()
            };
            self.error(loc, msg);
            return false;
        }
        if s.starts_with("GL_") {
            let msg = if what == "define" {
                "Macro names starting with \"GL_\" are reserved."
            } else {
                "Built-in (pre-defined) macro names cannot be undefined."
            };
            self.error(loc, msg);
            return false;
        }
        if name == self.known.defined {
            self.error(
                loc,
                format!("\"defined\" cannot be used as a macro name ({what})"),
            );
            return false;
        }
        if s.contains("__") {
            self.warning(
                loc,
                "Macro names containing \"__\" are reserved for use by the implementation.",
            );
        }
        true
    }

    fn undef(&mut self, loc: Loc, args: &[PpToken]) {
        let Some(name) = args.first().and_then(PpToken::ident) else {
            self.error(loc, "#undef without macro name");
            return;
        };
        if !self.check_macro_name(args[0].loc, name, "undef") {
            return;
        }
        if self.macros.get(&name).is_some_and(|m| m.builtin) {
            self.error(
                loc,
                "Built-in (pre-defined) macro names cannot be undefined.",
            );
            return;
        }
        self.macros.remove(&name);
    }

    fn pragma(&mut self, loc: Loc, args: &[PpToken]) {
        let words: Vec<String> = args
            .iter()
            .map(|t| {
                let mut s = String::new();
                spell(t.kind, self.names, &mut s);
                s
            })
            .collect();
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        if w == ["STDGL", "invariant", "(", "all", ")"] {
            // GLSL 1.20 §4.6.1 / ES 3.00 §4.6.1: "It is an error to use this
            // pragma in a fragment shader."
            let v = self.version.unwrap_or(self.opts.default_version);
            if self.opts.stage == Stage::Fragment && v.at_least(120, 300) {
                self.log.error(
                    Phase::Compiler,
                    loc,
                    "pragma `invariant(all)' cannot be used in a fragment shader.",
                );
            }
            self.invariant_all = true;
        }
        // `optimize`, `debug` and unknown pragmas are accepted and ignored.
    }

    fn extension(&mut self, loc: Loc, args: &[PpToken]) {
        let syntax = |s: &mut Self| {
            s.log.error(
                Phase::Compiler,
                loc,
                "syntax error in #extension: expected `#extension name : behavior'",
            );
        };
        let (Some(name), Some(colon), Some(behavior)) = (
            args.first().and_then(PpToken::ident),
            args.get(1),
            args.get(2).and_then(PpToken::ident),
        ) else {
            return syntax(self);
        };
        if !colon.is(Punct::Colon) || args.len() > 3 {
            return syntax(self);
        }
        // Shaders of one stage compiled as one text (`Options::joined_stage`)
        // may each begin with their own `#extension`s.
        if self.seen_code && !self.opts.joined_stage {
            self.log.error(
                Phase::Compiler,
                loc,
                "#extension directive is not allowed in the middle of a shader",
            );
        }
        let name = self.names.str(name).to_owned();
        let behavior = self.names.str(behavior).to_owned();
        if !matches!(behavior.as_str(), "require" | "enable" | "warn" | "disable") {
            self.log.error(
                Phase::Compiler,
                args[2].loc,
                format!("unknown extension behavior `{behavior}'"),
            );
            return;
        }
        let es = self.es();
        if name == "all" {
            if matches!(behavior.as_str(), "require" | "enable") {
                self.log.error(
                    Phase::Compiler,
                    loc,
                    format!("cannot {behavior} all extensions"),
                );
                return;
            }
            for e in EXTENSIONS {
                if self.offered(e.ext, es) {
                    self.set_behavior(e.ext, &behavior);
                }
            }
            return;
        }
        match extensions::lookup(&name).filter(|&e| self.offered(e, es)) {
            Some(ext) => self.set_behavior(ext, &behavior),
            None => {
                let stage = self.opts.stage.name();
                let msg = format!("extension `{name}' unsupported in {stage}");
                match behavior.as_str() {
                    "require" => self.log.error(Phase::Compiler, loc, msg),
                    "disable" => {}
                    _ => self.log.warning(Phase::Compiler, loc, msg),
                }
            }
        }
    }

    /// Whether a shader of this language may name `ext`: a shading-language
    /// extension of its API that the context (if any) advertises.
    fn offered(&self, ext: Ext, es_shader: bool) -> bool {
        extensions::usable_in_shader(ext, es_shader)
            && self.opts.context_exts.is_none_or(|s| s.contains(ext))
    }

    fn set_behavior(&mut self, ext: Ext, behavior: &str) {
        match behavior {
            "disable" => {
                self.enabled.remove(ext);
                self.warn.remove(ext);
            }
            "warn" => {
                self.enabled.insert(ext);
                self.warn.insert(ext);
            }
            _ => {
                self.enabled.insert(ext);
                self.warn.remove(ext);
            }
        }
        // Extensions that are defined as a bundle of others.
        if ext == Ext::ANDROID_extension_pack_es31a && behavior != "disable" {
            for e in [
                Ext::KHR_blend_equation_advanced,
                Ext::OES_sample_variables,
                Ext::OES_shader_image_atomic,
                Ext::OES_shader_multisample_interpolation,
                Ext::OES_texture_storage_multisample_2d_array,
                Ext::EXT_geometry_shader,
                Ext::EXT_gpu_shader5,
                Ext::EXT_primitive_bounding_box,
                Ext::EXT_shader_io_blocks,
                Ext::EXT_tessellation_shader,
                Ext::EXT_texture_buffer,
                Ext::EXT_texture_cube_map_array,
            ] {
                self.enabled.insert(e);
            }
        }
    }

    fn line_directive(&mut self, loc: Loc, args: &[PpToken]) {
        let toks = self.expand_list(args.to_vec());
        let nums: Vec<Option<i64>> = toks
            .iter()
            .map(|t| match t.kind {
                PpKind::Number(s) => expr::parse_int(self.names.str(s)),
                _ => None,
            })
            .collect();
        let (line, source) = match nums.as_slice() {
            [Some(l)] => (*l, None),
            [Some(l), Some(s)] => (*l, Some(*s)),
            _ => {
                self.error(
                    loc,
                    "#line must be followed by a line number and an optional source string number",
                );
                return;
            }
        };
        // The directive's last physical line; the next line gets `line`
        // (GLSL 3.30+ and ES) or `line + 1` (before 3.30).
        let last_phys = i64::from(args.last().map_or(loc.line, |t| t.loc.line)) - self.line_delta;
        let v = self.version.unwrap_or(self.opts.default_version);
        let next = if v.at_least(330, 100) { line } else { line + 1 };
        self.line_delta = next - (last_phys + 1);
        if let Some(s) = source {
            self.source = u32::try_from(s).unwrap_or(0);
        }
    }

    // ---- #version -----------------------------------------------------------

    fn version_directive(&mut self, loc: Loc, args: &[PpToken]) {
        if self.version.is_some() {
            self.error(loc, "#version must appear on the first line");
            return;
        }
        let number = match args.first().map(|t| t.kind) {
            Some(PpKind::Number(s)) => self.names.str(s).parse::<u16>().ok(),
            _ => None,
        };
        let Some(number) = number else {
            self.log.error(
                Phase::Compiler,
                loc,
                "syntax error in #version: expected a version number",
            );
            self.resolve_version(loc);
            return;
        };
        let word = args.get(1).map(|t| match t.kind {
            PpKind::Ident(s) => self.names.str(s).to_owned(),
            k => {
                let mut s = String::new();
                spell(k, self.names, &mut s);
                s
            }
        });
        if args.len() > 2 {
            self.log.error(
                Phase::Compiler,
                args[2].loc,
                "illegal text following version number",
            );
        }
        match self.version_from(number, word.as_deref()) {
            Ok(v) => self.set_version(v),
            Err(msg) => {
                // At the number, as Mesa's grammar locates it (`0:1(10)`).
                let at = args.first().map_or(loc, |t| t.loc);
                self.log.error(Phase::Compiler, at, msg);
                self.set_version(self.opts.default_version);
            }
        }
    }

    /// The version `#version number word` selects, or the message why none.
    fn version_from(&self, number: u16, word: Option<&str>) -> Result<Version, String> {
        let es = match word {
            None => number == 100,
            Some("es") => {
                if number == 100 {
                    return Err("GLSL 1.00 ES should be selected using `#version 100'".into());
                }
                true
            }
            Some("core" | "compatibility") if number >= 150 && number != 300 => false,
            Some(w @ ("core" | "compatibility")) => {
                return Err(format!(
                    "`{w}' profile is only valid for GLSL 1.50 and later"
                ));
            }
            Some(w) => {
                return Err(format!(
                    "\"{w}\" is not a valid shading language profile; if present, it must be \"core\", \"compatibility\" or \"es\""
                ));
            }
        };
        let valid = if es {
            ES_VERSIONS.contains(&number) && number <= self.opts.max_es_in_gl
        } else {
            self.opts.api == Api::Gl
                && DESKTOP_VERSIONS.contains(&number)
                && number <= self.opts.max_desktop_version
        };
        if !valid {
            let (ma, mi) = (number / 100, number % 100);
            let es_s = if es { " ES" } else { "" };
            let list = self.supported_versions();
            return Err(format!(
                "GLSL{es_s} {ma}.{mi:02} is not supported. Supported versions are: {list}"
            ));
        }
        Ok(match word {
            Some("compatibility") => Version {
                number,
                profile: Profile::Compatibility,
            },
            _ if es => Version::es(number),
            _ => Version::desktop(number),
        })
    }

    fn supported_versions(&self) -> String {
        let mut v: Vec<String> = Vec::new();
        if self.opts.api == Api::Gl {
            v.extend(
                DESKTOP_VERSIONS
                    .iter()
                    .filter(|&&n| n <= self.opts.max_desktop_version)
                    .map(|n| format!("{}.{:02}", n / 100, n % 100)),
            );
        }
        for (n, name) in [
            (100, "1.00 ES"),
            (300, "3.00 ES"),
            (310, "3.10 ES"),
            (320, "3.20 ES"),
        ] {
            if n <= self.opts.max_es_in_gl {
                v.push(name.into());
            }
        }
        v.join(", ")
    }

    /// No `#version` came before the first token: the default applies.
    fn resolve_version(&mut self, _loc: Loc) {
        self.set_version(self.opts.default_version);
    }

    fn set_version(&mut self, v: Version) {
        self.version = Some(v);
        let es = v.is_es();
        let mut defs: Vec<(String, String)> = vec![("__VERSION__".into(), v.number.to_string())];
        if es {
            defs.push(("GL_ES".into(), "1".into()));
        }
        if !es && v.number >= 150 {
            let p = if v.is_compat() {
                "GL_compatibility_profile"
            } else {
                "GL_core_profile"
            };
            defs.push((p.into(), "1".into()));
        }
        if es || v.number >= 130 {
            defs.push(("GL_FRAGMENT_PRECISION_HIGH".into(), "1".into()));
        }
        for e in EXTENSIONS {
            if self.offered(e.ext, es) {
                defs.push((e.name.into(), "1".into()));
            }
        }
        for (name, value) in defs {
            self.predefine(&name, &value, true);
        }
        for (name, value) in &self.opts.defines {
            let value = value.as_deref().unwrap_or("1");
            self.predefine(name, value, false);
        }
    }

    /// Defines an object-like macro from text (built-ins and `-D`).
    fn predefine(&mut self, name: &str, value: &str, builtin: bool) {
        let sym = self.names.intern(name);
        let mut sc = Scanner::new(value);
        let mut body = Vec::new();
        let mut scratch = InfoLog::default();
        while let Some(t) = sc.next(self.names, &mut scratch) {
            body.push(t);
        }
        let mut m = Macro::new(None, &body);
        m.builtin = builtin;
        self.macros.insert(sym, m);
    }
}

#[cfg(test)]
mod tests;
