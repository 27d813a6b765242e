//! The GLSL parser: hand-written recursive descent over the lexer's tokens,
//! following the grammar of GLSL 4.60 §9 (which is a superset of the earlier
//! versions' and of GLSL ES 3.20's; words a version does not have never reach
//! the parser as keywords).
//!
//! * Declarations and expression statements are told apart the way the
//!   grammar does it, by whether a name is a type: the parser keeps a scoped
//!   table of struct and subroutine type names (Mesa's TYPE_IDENTIFIER).
//! * Binary operators are parsed by a precedence-climbing loop with explicit
//!   operand and operator stacks, and prefix operators by a loop, so operand
//!   count never costs stack; parentheses, calls, indexing, `?:`, assignment
//!   and statements recurse with a depth limit (an error, not a crash).
//! * Error recovery: a syntax error is reported and the parser skips to the
//!   end of the statement or declaration (`;`, or a balanced `{ }` group, or
//!   before the closing `}` of the enclosing block), then goes on, so one
//!   shader can report several independent errors. A token the lexer already
//!   reported (`Tok::Error`) produces no second message.

mod decl;
mod expr;
mod stmt;

use crate::Options;
use crate::ast::{Expr, ExprId, ExprKind, ExternalDecl, TranslationUnit};
use crate::diag::{InfoLog, Loc, Phase};
use crate::extensions::{Ext, ExtSet};
use crate::keywords::Kw;
use crate::lexer::{Tok, Token};
use crate::names::{FxHashMap, Names, Sym};
use crate::pptoken::Punct;
use crate::preprocess::PpOutput;
use crate::version::{Stage, Version};

/// A syntax error was reported; the caller recovers.
#[derive(Debug)]
pub(crate) struct Reported;

pub(crate) type PResult<T> = Result<T, Reported>;

/// Deepest nesting of parentheses, calls, statements, ... before the parser
/// gives up with an error (bounded so that it runs on a 2 MiB thread stack).
const MAX_DEPTH: u32 = 256;

pub(crate) struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    log: &'a mut InfoLog,
    exprs: Vec<Expr>,
    names: Names,
    version: Version,
    enabled: ExtSet,
    #[expect(
        dead_code,
        reason = "stage-specific syntax comes with semantic analysis"
    )]
    stage: Stage,
    /// Names declared in each open scope: `true` for type names.
    scopes: Vec<FxHashMap<Sym, bool>>,
    depth: u32,
    /// The depth limit was hit and reported.
    too_deep: bool,
}

/// Parses the lexer's tokens.
pub(crate) fn parse(
    toks: &[Token],
    pp: &PpOutput,
    opts: &Options,
    names: Names,
    log: &mut InfoLog,
) -> TranslationUnit {
    let mut p = Parser {
        toks,
        pos: 0,
        log,
        exprs: Vec::new(),
        names,
        version: pp.version,
        enabled: pp.enabled,
        stage: opts.stage,
        scopes: vec![FxHashMap::default()],
        depth: 0,
        too_deep: false,
    };
    p.declare_builtin_types();
    let mut items = Vec::new();
    if p.at(Tok::Eof) {
        // GLSL §9: a translation unit holds at least one external
        // declaration.
        let loc = p.loc();
        p.error(loc, "syntax error, unexpected end of file");
    }
    while !p.at(Tok::Eof) {
        let start = p.pos;
        match p.external_declaration() {
            Ok(Some(item)) => items.push(item),
            Ok(None) => {}
            Err(Reported) => p.recover(true),
        }
        if p.pos == start {
            p.pos += 1;
        }
    }
    TranslationUnit {
        items,
        exprs: p.exprs,
        names: p.names,
    }
}

impl Parser<'_> {
    // ---- token cursor -------------------------------------------------------

    fn peek(&self) -> Tok {
        self.peek_at(0)
    }

    fn peek_at(&self, k: usize) -> Tok {
        self.toks
            .get(self.pos + k)
            .or(self.toks.last())
            .map_or(Tok::Eof, |t| t.tok)
    }

    fn loc(&self) -> Loc {
        self.toks
            .get(self.pos)
            .or(self.toks.last())
            .map_or(Loc::default(), |t| t.loc)
    }

    fn at(&self, t: Tok) -> bool {
        self.peek() == t
    }

    fn at_punct(&self, p: Punct) -> bool {
        self.peek() == Tok::Punct(p)
    }

    fn at_kw(&self, k: Kw) -> bool {
        self.peek() == Tok::Kw(k)
    }

    fn bump(&mut self) -> Token {
        let t = self.toks.get(self.pos).copied().unwrap_or(Token {
            tok: Tok::Eof,
            loc: Loc::default(),
        });
        if t.tok != Tok::Eof {
            self.pos += 1;
        }
        t
    }

    fn eat_punct(&mut self, p: Punct) -> bool {
        if self.at_punct(p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_punct(&mut self, p: Punct) -> PResult<Loc> {
        let loc = self.loc();
        if self.eat_punct(p) {
            Ok(loc)
        } else {
            Err(self.unexpected(&format!("`{}'", p.spelling())))
        }
    }

    fn expect_ident(&mut self) -> PResult<(Sym, Loc)> {
        match self.peek() {
            Tok::Ident(s) => {
                let loc = self.bump().loc;
                Ok((s, loc))
            }
            _ => Err(self.unexpected("an identifier")),
        }
    }

    // ---- diagnostics --------------------------------------------------------

    fn error(&mut self, loc: Loc, msg: impl Into<String>) {
        self.log.error(Phase::Compiler, loc, msg);
    }

    /// Describes a token for messages.
    fn describe(&self, t: Tok) -> String {
        match t {
            Tok::Ident(s) => format!("`{}'", self.names.str(s)),
            Tok::Kw(k) => format!("`{}'", kw_spelling(k)),
            Tok::Type(t) => format!("`{}'", t.name()),
            Tok::Int(v) => format!("`{v}'"),
            Tok::Uint(v) => format!("`{v}u'"),
            Tok::Int64(v) => format!("`{v}l'"),
            Tok::Uint64(v) => format!("`{v}ul'"),
            Tok::Float(v) => format!("`{v:?}'"),
            Tok::Double(v) => format!("`{v:?}lf'"),
            Tok::Bool(b) => format!("`{b}'"),
            Tok::Punct(p) => format!("`{}'", p.spelling()),
            Tok::Error => "invalid token".into(),
            Tok::Eof => "end of file".into(),
        }
    }

    /// Reports "syntax error, unexpected X, expecting Y" at the current token
    /// (unless the lexer already reported it).
    fn unexpected(&mut self, expecting: &str) -> Reported {
        let t = self.peek();
        if t != Tok::Error {
            let loc = self.loc();
            let what = self.describe(t);
            self.error(
                loc,
                format!("syntax error, unexpected {what}, expecting {expecting}"),
            );
        }
        Reported
    }

    /// Skips to the end of the current statement or declaration.
    fn recover(&mut self, global: bool) {
        let mut depth = 0i32;
        loop {
            match self.peek() {
                Tok::Eof => return,
                Tok::Punct(Punct::LParen | Punct::LBracket) => depth += 1,
                Tok::Punct(Punct::RParen | Punct::RBracket) => depth = (depth - 1).max(0),
                Tok::Punct(Punct::Semicolon) if depth == 0 => {
                    self.pos += 1;
                    return;
                }
                Tok::Punct(Punct::LBrace) => {
                    self.skip_braces();
                    if depth == 0 {
                        // A `{ }` group ends a declaration or statement, but a
                        // `;` may follow (a struct or block declaration).
                        self.eat_punct(Punct::Semicolon);
                        return;
                    }
                    continue;
                }
                Tok::Punct(Punct::RBrace) => {
                    if global {
                        self.pos += 1;
                    }
                    return;
                }
                _ => {}
            }
            self.pos += 1;
        }
    }

    fn skip_braces(&mut self) {
        let mut depth = 0u32;
        loop {
            match self.peek() {
                Tok::Eof => return,
                Tok::Punct(Punct::LBrace) => depth += 1,
                Tok::Punct(Punct::RBrace) => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += 1;
                        return;
                    }
                }
                _ => {}
            }
            self.pos += 1;
        }
    }

    /// Enters one nesting level; errors out past `MAX_DEPTH`.
    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            if !self.too_deep {
                self.too_deep = true;
                let loc = self.loc();
                self.error(loc, "nesting too deep (more than 256 levels)");
            }
            return Err(Reported);
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- scopes -------------------------------------------------------------

    fn push_scope(&mut self) {
        self.scopes.push(FxHashMap::default());
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    fn declare(&mut self, name: Sym, is_type: bool) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name, is_type);
        }
    }

    /// The built-in struct types: `gl_DepthRangeParameters` everywhere, the
    /// fixed-function state structs where the compatibility language is
    /// (GLSL before 1.40, `compatibility` profiles, ARB_compatibility).
    fn declare_builtin_types(&mut self) {
        let compat = !self.version.is_es()
            && (self.version.number < 140
                || self.version.is_compat()
                || self.has(Ext::ARB_compatibility));
        let mut names = vec!["gl_DepthRangeParameters"];
        if compat {
            names.extend([
                "gl_PointParameters",
                "gl_MaterialParameters",
                "gl_LightSourceParameters",
                "gl_LightModelParameters",
                "gl_LightModelProducts",
                "gl_LightProducts",
                "gl_FogParameters",
            ]);
        }
        for n in names {
            let s = self.names.intern(n);
            self.declare(s, true);
        }
    }

    fn is_type_name(&self, name: Sym) -> bool {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.get(&name).copied())
            .unwrap_or(false)
    }

    // ---- helpers ------------------------------------------------------------

    fn new_expr(&mut self, kind: ExprKind, loc: Loc) -> ExprId {
        let id = ExprId(u32::try_from(self.exprs.len()).unwrap_or(u32::MAX));
        self.exprs.push(Expr { kind, loc });
        id
    }

    fn has(&self, ext: Ext) -> bool {
        self.enabled.contains(ext)
    }

    fn external_declaration(&mut self) -> PResult<Option<ExternalDecl>> {
        if self.at_punct(Punct::Semicolon) {
            // GLSL 4.60 allows an empty declaration at global scope; Mesa
            // accepts it in every version.
            self.bump();
            return Ok(None);
        }
        self.declaration_or_function(true)
    }
}

/// The spelling of a keyword.
pub(crate) fn kw_spelling(k: Kw) -> &'static str {
    match k {
        Kw::Const => "const",
        Kw::In => "in",
        Kw::Out => "out",
        Kw::Inout => "inout",
        Kw::Uniform => "uniform",
        Kw::Buffer => "buffer",
        Kw::Shared => "shared",
        Kw::Attribute => "attribute",
        Kw::Varying => "varying",
        Kw::Centroid => "centroid",
        Kw::Patch => "patch",
        Kw::Sample => "sample",
        Kw::Flat => "flat",
        Kw::Smooth => "smooth",
        Kw::Noperspective => "noperspective",
        Kw::Invariant => "invariant",
        Kw::Precise => "precise",
        Kw::Coherent => "coherent",
        Kw::Volatile => "volatile",
        Kw::Restrict => "restrict",
        Kw::Readonly => "readonly",
        Kw::Writeonly => "writeonly",
        Kw::Subroutine => "subroutine",
        Kw::Layout => "layout",
        Kw::Struct => "struct",
        Kw::Void => "void",
        Kw::Break => "break",
        Kw::Continue => "continue",
        Kw::Do => "do",
        Kw::While => "while",
        Kw::Else => "else",
        Kw::For => "for",
        Kw::If => "if",
        Kw::Discard => "discard",
        Kw::Demote => "demote",
        Kw::Return => "return",
        Kw::Switch => "switch",
        Kw::Case => "case",
        Kw::Default => "default",
        Kw::Lowp => "lowp",
        Kw::Mediump => "mediump",
        Kw::Highp => "highp",
        Kw::Precision => "precision",
        Kw::True => "true",
        Kw::False => "false",
        Kw::Unsigned => "unsigned",
        Kw::Packed => "packed",
        Kw::RowMajor => "row_major",
    }
}

#[cfg(test)]
mod tests;
