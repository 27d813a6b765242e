//! Preprocessing tokens and the raw scanner that cuts source text into them.
//!
//! GLSL 4.60 §3.1–3.3: line continuations (`\` newline) are removed first,
//! then comments become a single space (a `/* */` comment spanning lines does
//! not end a directive line), then the text is cut into identifiers,
//! pp-numbers (C's definition, so `1.0e+5` and `0x1F` are one token and the
//! GLSL lexer validates them later), punctuators and single "other"
//! characters. Each token records whether it starts a line (only such a `#`
//! can introduce a directive) and whether white space precedes it (function-
//! like `#define`s, redefinition checks, pretty printing).

use crate::diag::{InfoLog, Loc, Phase};
use crate::names::{Names, Sym};
use std::rc::Rc;

/// Punctuators of GLSL and its preprocessor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[expect(
    missing_docs,
    reason = "each variant is the punctuator its spelling() returns"
)]
pub enum Punct {
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Dot,
    Comma,
    Semicolon,
    Colon,
    Question,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Lt,
    Gt,
    Le,
    Ge,
    EqEq,
    Ne,
    AndAnd,
    OrOr,
    XorXor,
    Bang,
    Tilde,
    Amp,
    Pipe,
    Caret,
    Shl,
    Shr,
    Assign,
    AddAssign,
    SubAssign,
    MulAssign,
    DivAssign,
    ModAssign,
    ShlAssign,
    ShrAssign,
    AndAssign,
    XorAssign,
    OrAssign,
    Inc,
    Dec,
    Hash,
    HashHash,
}

impl Punct {
    /// How the punctuator is written.
    pub fn spelling(self) -> &'static str {
        use Punct::*;
        match self {
            LParen => "(",
            RParen => ")",
            LBracket => "[",
            RBracket => "]",
            LBrace => "{",
            RBrace => "}",
            Dot => ".",
            Comma => ",",
            Semicolon => ";",
            Colon => ":",
            Question => "?",
            Plus => "+",
            Minus => "-",
            Star => "*",
            Slash => "/",
            Percent => "%",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            EqEq => "==",
            Ne => "!=",
            AndAnd => "&&",
            OrOr => "||",
            XorXor => "^^",
            Bang => "!",
            Tilde => "~",
            Amp => "&",
            Pipe => "|",
            Caret => "^",
            Shl => "<<",
            Shr => ">>",
            Assign => "=",
            AddAssign => "+=",
            SubAssign => "-=",
            MulAssign => "*=",
            DivAssign => "/=",
            ModAssign => "%=",
            ShlAssign => "<<=",
            ShrAssign => ">>=",
            AndAssign => "&=",
            XorAssign => "^=",
            OrAssign => "|=",
            Inc => "++",
            Dec => "--",
            Hash => "#",
            HashHash => "##",
        }
    }
}

/// What a preprocessing token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PpKind {
    /// An identifier (or keyword: the preprocessor does not distinguish).
    Ident(Sym),
    /// A pp-number, spelled as interned.
    Number(Sym),
    /// A punctuator.
    Punct(Punct),
    /// Any other character (not valid GLSL outside skipped text).
    Other(char),
}

/// Macros a token may no longer expand (C's "hide set"); shared because most
/// tokens of one expansion carry the same set.
pub type HideSet = Option<Rc<Vec<Sym>>>;

/// A preprocessing token.
#[derive(Clone, Debug)]
pub struct PpToken {
    /// The token.
    pub kind: PpKind,
    /// Where it is (for tokens produced by a macro: the macro's use).
    pub loc: Loc,
    /// White space (or a comment) precedes it.
    pub space: bool,
    /// It is the first token of its line in the source text.
    pub bol: bool,
    /// It comes from a macro expansion (so a `#` cannot start a directive).
    pub from_macro: bool,
    /// Macros it may not expand.
    pub hide: HideSet,
}

impl PpToken {
    /// Whether this is the punctuator `p`.
    pub fn is(&self, p: Punct) -> bool {
        self.kind == PpKind::Punct(p)
    }

    /// The identifier, if it is one.
    pub fn ident(&self) -> Option<Sym> {
        match self.kind {
            PpKind::Ident(s) => Some(s),
            _ => None,
        }
    }

    /// Whether the hide set holds `sym`.
    pub fn hidden(&self, sym: Sym) -> bool {
        self.hide.as_ref().is_some_and(|h| h.contains(&sym))
    }
}

/// Writes a token's spelling.
pub fn spell(kind: PpKind, names: &Names, out: &mut String) {
    match kind {
        PpKind::Ident(s) | PpKind::Number(s) => out.push_str(names.str(s)),
        PpKind::Punct(p) => out.push_str(p.spelling()),
        PpKind::Other(c) => out.push(c),
    }
}

/// Source text with line continuations removed, and where each removed one
/// was (so locations still name physical lines and columns).
struct Spliced {
    text: Vec<u8>,
    /// Offsets in `text` where a continuation was removed (a new physical
    /// line starts there).
    splices: Vec<usize>,
}

fn splice(src: &str) -> Spliced {
    let b = src.as_bytes();
    if !b.contains(&b'\\') {
        return Spliced {
            text: b.to_vec(),
            splices: Vec::new(),
        };
    }
    let mut text = Vec::with_capacity(b.len());
    let mut splices = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            let n = match (b.get(i + 1), b.get(i + 2)) {
                (Some(b'\r'), Some(b'\n')) => 3,
                (Some(b'\n'), _) | (Some(b'\r'), _) => 2,
                _ => 0,
            };
            if n > 0 {
                i += n;
                splices.push(text.len());
                continue;
            }
        }
        text.push(b[i]);
        i += 1;
    }
    Spliced { text, splices }
}

/// The raw scanner: source text to preprocessing tokens, one at a time.
pub struct Scanner {
    text: Vec<u8>,
    splices: Vec<usize>,
    next_splice: usize,
    pos: usize,
    line: u32,
    line_start: usize,
    at_bol: bool,
}

impl Scanner {
    /// A scanner over `src`.
    pub fn new(src: &str) -> Scanner {
        let s = splice(src);
        Scanner {
            text: s.text,
            splices: s.splices,
            next_splice: 0,
            pos: 0,
            line: 1,
            line_start: 0,
            at_bol: true,
        }
    }

    /// The physical line the scanner is on.
    pub fn line(&self) -> u32 {
        self.line
    }

    fn peek(&self, k: usize) -> u8 {
        self.text.get(self.pos + k).copied().unwrap_or(0)
    }

    /// Advances one byte, keeping line bookkeeping (newlines and removed
    /// continuations).
    fn bump(&mut self) {
        let c = self.text[self.pos];
        self.pos += 1;
        if c == b'\n' || (c == b'\r' && self.peek(0) != b'\n') {
            self.line += 1;
            self.line_start = self.pos;
        }
        self.catch_up_splices();
    }

    fn catch_up_splices(&mut self) {
        while self.next_splice < self.splices.len() && self.splices[self.next_splice] <= self.pos {
            if self.splices[self.next_splice] == self.pos {
                self.line += 1;
                self.line_start = self.pos;
            }
            self.next_splice += 1;
        }
    }

    fn loc(&self) -> Loc {
        Loc {
            source: 0,
            line: self.line,
            col: u32::try_from(self.pos - self.line_start + 1).unwrap_or(u32::MAX),
        }
    }

    /// The next token, or `None` at the end. Errors (an unterminated
    /// comment) go to `log`.
    pub fn next(&mut self, names: &mut Names, log: &mut InfoLog) -> Option<PpToken> {
        if self.pos == 0 {
            self.catch_up_splices();
        }
        let mut space = false;
        loop {
            let c = self.peek(0);
            if self.pos >= self.text.len() {
                return None;
            }
            match c {
                b'\n' | b'\r' => {
                    self.bump();
                    self.at_bol = true;
                    space = false;
                }
                b' ' | b'\t' | 0x0b | 0x0c => {
                    self.bump();
                    space = true;
                }
                b'/' if self.peek(1) == b'/' => {
                    while self.pos < self.text.len() && !matches!(self.peek(0), b'\n' | b'\r') {
                        self.bump();
                    }
                    space = true;
                }
                b'/' if self.peek(1) == b'*' => {
                    let start = self.loc();
                    self.bump();
                    self.bump();
                    loop {
                        if self.pos >= self.text.len() {
                            log.error(Phase::Preprocessor, start, "Unterminated comment");
                            return None;
                        }
                        if self.peek(0) == b'*' && self.peek(1) == b'/' {
                            self.bump();
                            self.bump();
                            break;
                        }
                        self.bump();
                    }
                    space = true;
                }
                _ => break,
            }
        }
        let loc = self.loc();
        let bol = std::mem::replace(&mut self.at_bol, false);
        let kind = self.token(names);
        Some(PpToken {
            kind,
            loc,
            space,
            bol,
            from_macro: false,
            hide: None,
        })
    }

    fn token(&mut self, names: &mut Names) -> PpKind {
        let c = self.peek(0);
        let start = self.pos;
        if c.is_ascii_alphabetic() || c == b'_' {
            while self.peek(0).is_ascii_alphanumeric() || self.peek(0) == b'_' {
                self.bump();
            }
            return PpKind::Ident(names.intern(self.slice(start)));
        }
        if c.is_ascii_digit() || (c == b'.' && self.peek(1).is_ascii_digit()) {
            self.bump();
            loop {
                let d = self.peek(0);
                if matches!(d, b'e' | b'E' | b'p' | b'P') && matches!(self.peek(1), b'+' | b'-') {
                    self.bump();
                    self.bump();
                } else if d.is_ascii_alphanumeric() || d == b'_' || d == b'.' {
                    self.bump();
                } else {
                    break;
                }
            }
            return PpKind::Number(names.intern(self.slice(start)));
        }
        if let Some((p, n)) = punct(&self.text[self.pos..]) {
            for _ in 0..n {
                self.bump();
            }
            return PpKind::Punct(p);
        }
        // Anything else: one character (whole UTF-8 sequence).
        let rest = &self.text[self.pos..];
        let len = match rest[0] {
            0x00..=0x7f => 1,
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            _ => 4,
        }
        .min(rest.len());
        let ch = std::str::from_utf8(&rest[..len])
            .ok()
            .and_then(|s| s.chars().next())
            .unwrap_or(char::REPLACEMENT_CHARACTER);
        for _ in 0..len {
            self.bump();
        }
        PpKind::Other(ch)
    }

    fn slice(&self, start: usize) -> &str {
        std::str::from_utf8(&self.text[start..self.pos]).unwrap_or("")
    }
}

/// The longest punctuator at the start of `s`, with its length.
pub fn punct(s: &[u8]) -> Option<(Punct, usize)> {
    use Punct::*;
    let c0 = *s.first()?;
    let c1 = s.get(1).copied().unwrap_or(0);
    let c2 = s.get(2).copied().unwrap_or(0);
    Some(match (c0, c1, c2) {
        (b'<', b'<', b'=') => (ShlAssign, 3),
        (b'>', b'>', b'=') => (ShrAssign, 3),
        (b'<', b'<', _) => (Shl, 2),
        (b'>', b'>', _) => (Shr, 2),
        (b'<', b'=', _) => (Le, 2),
        (b'>', b'=', _) => (Ge, 2),
        (b'=', b'=', _) => (EqEq, 2),
        (b'!', b'=', _) => (Ne, 2),
        (b'&', b'&', _) => (AndAnd, 2),
        (b'|', b'|', _) => (OrOr, 2),
        (b'^', b'^', _) => (XorXor, 2),
        (b'+', b'=', _) => (AddAssign, 2),
        (b'-', b'=', _) => (SubAssign, 2),
        (b'*', b'=', _) => (MulAssign, 2),
        (b'/', b'=', _) => (DivAssign, 2),
        (b'%', b'=', _) => (ModAssign, 2),
        (b'&', b'=', _) => (AndAssign, 2),
        (b'^', b'=', _) => (XorAssign, 2),
        (b'|', b'=', _) => (OrAssign, 2),
        (b'+', b'+', _) => (Inc, 2),
        (b'-', b'-', _) => (Dec, 2),
        (b'#', b'#', _) => (HashHash, 2),
        (b'(', _, _) => (LParen, 1),
        (b')', _, _) => (RParen, 1),
        (b'[', _, _) => (LBracket, 1),
        (b']', _, _) => (RBracket, 1),
        (b'{', _, _) => (LBrace, 1),
        (b'}', _, _) => (RBrace, 1),
        (b'.', _, _) => (Dot, 1),
        (b',', _, _) => (Comma, 1),
        (b';', _, _) => (Semicolon, 1),
        (b':', _, _) => (Colon, 1),
        (b'?', _, _) => (Question, 1),
        (b'+', _, _) => (Plus, 1),
        (b'-', _, _) => (Minus, 1),
        (b'*', _, _) => (Star, 1),
        (b'/', _, _) => (Slash, 1),
        (b'%', _, _) => (Percent, 1),
        (b'<', _, _) => (Lt, 1),
        (b'>', _, _) => (Gt, 1),
        (b'!', _, _) => (Bang, 1),
        (b'~', _, _) => (Tilde, 1),
        (b'&', _, _) => (Amp, 1),
        (b'|', _, _) => (Pipe, 1),
        (b'^', _, _) => (Caret, 1),
        (b'=', _, _) => (Assign, 1),
        (b'#', _, _) => (Hash, 1),
        _ => return None,
    })
}

/// Cuts `text` (a pasted token's spelling) into preprocessing tokens;
/// used by `##` to check that pasting made exactly one token.
pub fn scan_all(text: &str, names: &mut Names) -> Vec<PpKind> {
    let mut log = InfoLog::default();
    let mut sc = Scanner::new(text);
    let mut out = Vec::new();
    while let Some(t) = sc.next(names, &mut log) {
        if t.space && !out.is_empty() {
            // White space inside: not one token.
            out.push(t.kind);
            out.push(t.kind);
            break;
        }
        out.push(t.kind);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(src: &str) -> (Vec<(String, u32, u32, bool)>, InfoLog) {
        let mut names = Names::new();
        let mut log = InfoLog::default();
        let mut sc = Scanner::new(src);
        let mut v = Vec::new();
        while let Some(t) = sc.next(&mut names, &mut log) {
            let mut s = String::new();
            spell(t.kind, &names, &mut s);
            v.push((s, t.loc.line, t.loc.col, t.bol));
        }
        (v, log)
    }

    #[test]
    fn numbers_are_pp_numbers() {
        let (v, _) = scan("1.0e+5 0x1F .5 3u 1.5lf");
        let s: Vec<_> = v.iter().map(|t| t.0.as_str()).collect();
        assert_eq!(s, ["1.0e+5", "0x1F", ".5", "3u", "1.5lf"]);
    }

    #[test]
    fn continuation_and_comments() {
        let (v, log) = scan("a\\\nb /* x\n y */ c\n// d\ne");
        let s: Vec<_> = v.iter().map(|t| (t.0.as_str(), t.1, t.3)).collect();
        assert_eq!(
            s,
            [("ab", 1, true), ("c", 3, false), ("e", 5, true)],
            "{log}"
        );
    }

    #[test]
    fn unterminated_comment() {
        let (_, log) = scan("a /* b");
        assert_eq!(
            log.to_string(),
            "0:1(3): preprocessor error: Unterminated comment\n"
        );
    }

    #[test]
    fn punctuators_longest_match() {
        let (v, _) = scan("a<<=b>>c^^d##e");
        let s: Vec<_> = v.iter().map(|t| t.0.as_str()).collect();
        assert_eq!(s, ["a", "<<=", "b", ">>", "c", "^^", "d", "##", "e"]);
    }
}
