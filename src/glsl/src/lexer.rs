//! The GLSL lexer: preprocessing tokens to language tokens.
//!
//! Identifiers are classified by the keyword table for the shader's version
//! and enabled extensions (a reserved word is an error here, once). Pp-numbers
//! are cut into GLSL literals with the language's own rules (GLSL 4.60 §4.1.3,
//! §4.1.4): the longest literal at the start wins and the rest is lexed again,
//! so `08` is `0` `8` (an error for the parser) exactly as in Mesa, which
//! re-lexes the preprocessed text. Literal checks: 32-bit literals may not
//! exceed `0xffffffff` (an error from GLSL 1.30 / ES 3.00, a warning
//! before), `l`/`ul` suffixes need ARB_gpu_shader_int64, `lf` needs GLSL 4.00
//! or ARB_gpu_shader_fp64, `u` needs GLSL 1.30 / ES 3.00 or
//! EXT_gpu_shader4.

use crate::diag::{InfoLog, Loc, Phase};
use crate::extensions::{Ext, ExtSet};
use crate::keywords::{self, BuiltinType, Class, Kw, Word};
use crate::names::{Names, Sym};
use crate::pptoken::{PpKind, Punct};
use crate::preprocess::PpOutput;
use crate::version::Version;

/// A language token.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tok {
    /// An identifier.
    Ident(Sym),
    /// A keyword.
    Kw(Kw),
    /// A built-in type name.
    Type(BuiltinType),
    /// An `int` literal (its 32-bit pattern).
    Int(u32),
    /// A `uint` literal.
    Uint(u32),
    /// An `int64_t` literal.
    Int64(u64),
    /// A `uint64_t` literal.
    Uint64(u64),
    /// A `float` literal.
    Float(f32),
    /// A `double` literal (`lf` suffix).
    Double(f64),
    /// `true` or `false`.
    Bool(bool),
    /// A punctuator.
    Punct(Punct),
    /// Something invalid, already reported.
    Error,
    /// The end of the shader.
    Eof,
}

/// A token with its location.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// Where it starts.
    pub loc: Loc,
}

struct Lexer<'a> {
    version: Version,
    enabled: ExtSet,
    names: &'a mut Names,
    log: &'a mut InfoLog,
    out: Vec<Token>,
}

/// Lexes the preprocessor's output; the result ends with `Tok::Eof`.
pub fn lex(pp: &PpOutput, names: &mut Names, log: &mut InfoLog) -> Vec<Token> {
    let mut enabled = pp.enabled;
    if !pp.version.is_es() {
        // Mesa enables ARB_texture_rectangle by default in desktop GL: its
        // sampler types are usable without `#extension`.
        enabled.insert(Ext::ARB_texture_rectangle);
    }
    let mut lx = Lexer {
        version: pp.version,
        enabled,
        names,
        log,
        out: Vec::with_capacity(pp.tokens.len() + 1),
    };
    for t in &pp.tokens {
        match t.kind {
            PpKind::Ident(s) => lx.ident(s, t.loc),
            PpKind::Number(s) => {
                let text = lx.names.str(s).to_owned();
                lx.number(&text, t.loc);
            }
            PpKind::Punct(Punct::Hash | Punct::HashHash) => {
                let p = if t.is(Punct::Hash) { "#" } else { "##" };
                lx.error(t.loc, format!("syntax error, unexpected `{p}'"));
            }
            PpKind::Punct(p) => lx.push(Tok::Punct(p), t.loc),
            PpKind::Other(c) => {
                lx.error(t.loc, format!("syntax error, unexpected character `{c}'"))
            }
        }
    }
    lx.out.push(Token {
        tok: Tok::Eof,
        loc: pp.end,
    });
    lx.out
}

impl Lexer<'_> {
    fn push(&mut self, tok: Tok, loc: Loc) {
        self.out.push(Token { tok, loc });
    }

    fn error(&mut self, loc: Loc, msg: String) {
        self.log.error(Phase::Compiler, loc, msg);
        self.push(Tok::Error, loc);
    }

    fn ident(&mut self, s: Sym, loc: Loc) {
        let text = self.names.str(s);
        match keywords::classify(text, self.version, &self.enabled) {
            Class::Word(Word::Kw(Kw::True)) => self.push(Tok::Bool(true), loc),
            Class::Word(Word::Kw(Kw::False)) => self.push(Tok::Bool(false), loc),
            Class::Word(Word::Kw(k)) => self.push(Tok::Kw(k), loc),
            Class::Word(Word::Type(t)) => self.push(Tok::Type(t), loc),
            Class::Reserved => {
                let msg = format!("illegal use of reserved word `{text}'");
                self.error(loc, msg);
            }
            Class::Ident => {
                if self.version.is_es() && text.len() > 1024 {
                    let msg = format!("Identifier `{text}' exceeds 1024 characters");
                    self.log.error(Phase::Compiler, loc, msg);
                }
                self.push(Tok::Ident(s), loc);
            }
        }
    }

    /// Lexes a pp-number, which may hold several GLSL tokens.
    fn number(&mut self, text: &str, loc: Loc) {
        let mut rest = text;
        let mut col = loc.col;
        while !rest.is_empty() {
            let here = Loc { col, ..loc };
            let b = rest.as_bytes();
            let len = if b[0].is_ascii_digit()
                || (b[0] == b'.' && b.get(1).is_some_and(u8::is_ascii_digit))
            {
                let (len, lit) = scan_literal(rest);
                self.literal(&rest[..len], lit, here);
                len
            } else if b[0].is_ascii_alphabetic() || b[0] == b'_' {
                let len = b
                    .iter()
                    .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                    .unwrap_or(b.len());
                let s = self.names.intern(&rest[..len]);
                self.ident(s, here);
                len
            } else if let Some((p, n)) = crate::pptoken::punct(b) {
                self.push(Tok::Punct(p), here);
                n
            } else {
                let c = rest.chars().next().unwrap_or('?');
                self.error(here, format!("syntax error, unexpected character `{c}'"));
                c.len_utf8()
            };
            rest = &rest[len..];
            col += u32::try_from(len).unwrap_or(0);
        }
    }

    fn literal(&mut self, text: &str, lit: Lit, loc: Loc) {
        let v = self.version;
        match lit {
            Lit::Float { suffix } => {
                let body = &text[..text.len() - suffix.len()];
                let value = parse_float(body);
                match suffix {
                    "lf" | "LF" => {
                        if !v.at_least(400, 0) && !self.enabled.contains(Ext::ARB_gpu_shader_fp64) {
                            self.error(
                                loc,
                                format!("double literal `{text}' requires GLSL 4.00 or GL_ARB_gpu_shader_fp64"),
                            );
                            return;
                        }
                        self.push(Tok::Double(value), loc);
                    }
                    "hf" | "HF" => {
                        self.error(loc, format!("half-float literal `{text}' is not supported"));
                    }
                    _ => {
                        if !suffix.is_empty() && !v.at_least(120, 300) {
                            self.log.warning(
                                Phase::Compiler,
                                loc,
                                "Float suffixes are invalid in GLSL 1.10",
                            );
                        }
                        self.push(Tok::Float(value as f32), loc);
                    }
                }
            }
            Lit::Int {
                radix,
                digits,
                suffix,
            } => {
                let digits = &text[digits.0..digits.1];
                let (value, overflow) = parse_u64(digits, radix);
                let is_unsigned = suffix.contains(['u', 'U']);
                let is_long = suffix.contains(['l', 'L']);
                if is_long {
                    if !self.enabled.contains(Ext::ARB_gpu_shader_int64) {
                        self.error(
                            loc,
                            format!(
                                "64-bit integer literal `{text}' requires GL_ARB_gpu_shader_int64"
                            ),
                        );
                        return;
                    }
                    if overflow {
                        self.log.error(
                            Phase::Compiler,
                            loc,
                            format!("literal value `{text}' out of range"),
                        );
                    }
                    let t = if is_unsigned {
                        Tok::Uint64(value)
                    } else {
                        Tok::Int64(value)
                    };
                    self.push(t, loc);
                    return;
                }
                if is_unsigned
                    && !v.at_least(130, 300)
                    && !self.enabled.contains(Ext::EXT_gpu_shader4)
                {
                    self.error(
                        loc,
                        format!(
                            "unsigned integer literal `{text}' requires GLSL 1.30 or GLSL ES 3.00"
                        ),
                    );
                    return;
                }
                if overflow || value > u64::from(u32::MAX) {
                    // Note that signed 0xffffffff is valid, not out of range.
                    let msg = format!("literal value `{text}' out of range");
                    if v.at_least(130, 300) {
                        self.log.error(Phase::Compiler, loc, msg);
                    } else {
                        self.log.warning(Phase::Compiler, loc, msg);
                    }
                }
                let bits = value as u32;
                let t = if is_unsigned {
                    Tok::Uint(bits)
                } else {
                    Tok::Int(bits)
                };
                self.push(t, loc);
            }
        }
    }
}

/// The kind of literal found at the start of a pp-number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lit {
    /// A floating-point literal with its suffix (`""`, `f`, `F`, `lf`, `LF`,
    /// `hf`, `HF`).
    Float { suffix: &'static str },
    /// An integer literal: radix, the digits' byte range, and the suffix.
    Int {
        radix: u32,
        digits: (usize, usize),
        suffix: &'static str,
    },
}

fn digits_len(b: &[u8], i: usize) -> usize {
    b[i..].iter().take_while(|c| c.is_ascii_digit()).count()
}

/// The longest GLSL literal at the start of `s` (which starts with a digit
/// or `.digit`), and its length.
fn scan_literal(s: &str) -> (usize, Lit) {
    let b = s.as_bytes();
    // Floating point: digits? (. digits?)? exponent?, needing a dot or an
    // exponent.
    let int_len = digits_len(b, 0);
    let mut i = int_len;
    let mut is_float = false;
    if b.get(i) == Some(&b'.') {
        let frac = digits_len(b, i + 1);
        if int_len > 0 || frac > 0 {
            is_float = true;
            i += 1 + frac;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let e = digits_len(b, j);
        if e > 0 && (int_len > 0 || is_float) {
            is_float = true;
            i = j + e;
        }
    }
    if is_float {
        for suffix in ["lf", "LF", "hf", "HF", "f", "F"] {
            if s[i..].starts_with(suffix) {
                return (i + suffix.len(), Lit::Float { suffix });
            }
        }
        return (i, Lit::Float { suffix: "" });
    }
    // Integers.
    let (radix, start, end) = if b[0] == b'0' && matches!(b.get(1), Some(b'x' | b'X')) {
        let n = b[2..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
        if n == 0 {
            // `0x` alone: the literal is `0`.
            return (
                1,
                Lit::Int {
                    radix: 8,
                    digits: (0, 1),
                    suffix: "",
                },
            );
        }
        (16, 2, 2 + n)
    } else if b[0] == b'0' {
        let n = b[1..]
            .iter()
            .take_while(|c| (b'0'..=b'7').contains(c))
            .count();
        (8, 0, 1 + n)
    } else {
        (10, 0, int_len)
    };
    for suffix in ["ul", "UL", "u", "U", "l", "L"] {
        if s[end..].starts_with(suffix) {
            return (
                end + suffix.len(),
                Lit::Int {
                    radix,
                    digits: (start, end),
                    suffix,
                },
            );
        }
    }
    (
        end,
        Lit::Int {
            radix,
            digits: (start, end),
            suffix: "",
        },
    )
}

fn parse_u64(digits: &str, radix: u32) -> (u64, bool) {
    let mut v: u64 = 0;
    let mut overflow = false;
    for c in digits.chars() {
        let d = u64::from(c.to_digit(radix).unwrap_or(0));
        match v
            .checked_mul(u64::from(radix))
            .and_then(|x| x.checked_add(d))
        {
            Some(n) => v = n,
            None => {
                overflow = true;
                v = v.wrapping_mul(u64::from(radix)).wrapping_add(d);
            }
        }
    }
    (v, overflow)
}

fn parse_float(body: &str) -> f64 {
    if let Ok(v) = body.parse::<f64>() {
        return v;
    }
    // Forms Rust does not take (`1.e5`): insert the missing fraction digit.
    body.replacen(".e", ".0e", 1)
        .replacen(".E", ".0E", 1)
        .parse::<f64>()
        .unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;
    use crate::version::Stage;

    fn toks(src: &str) -> (Vec<Tok>, String) {
        let mut names = Names::new();
        let mut log = InfoLog::default();
        let opts = Options::new(Stage::Vertex);
        let pp = crate::preprocess::preprocess(src, &opts, &mut names, &mut log);
        let t = lex(&pp, &mut names, &mut log);
        (t.into_iter().map(|t| t.tok).collect(), log.to_string())
    }

    #[test]
    fn literals() {
        let (t, log) = toks("#version 450\n1 0x10 010 3u 0xffffffff 1.5 .5 2. 1e3 1.5lf 2.0f 1.e5");
        assert_eq!(log, "");
        assert_eq!(
            t,
            [
                Tok::Int(1),
                Tok::Int(16),
                Tok::Int(8),
                Tok::Uint(3),
                Tok::Int(u32::MAX),
                Tok::Float(1.5),
                Tok::Float(0.5),
                Tok::Float(2.0),
                Tok::Float(1000.0),
                Tok::Double(1.5),
                Tok::Float(2.0),
                Tok::Float(100000.0),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn split_numbers() {
        let (t, _) = toks("#version 450\n08 0x1e+5");
        assert_eq!(
            t,
            [
                Tok::Int(0),
                Tok::Int(8),
                Tok::Int(0x1e),
                Tok::Punct(Punct::Plus),
                Tok::Int(5),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn literal_errors() {
        let (_, log) = toks("#version 450\n4294967296");
        assert!(log.contains("out of range"), "{log}");
        let (_, log) = toks("#version 120\n4294967296");
        assert!(log.contains("warning"), "{log}");
        let (_, log) = toks("#version 450\n1ul");
        assert!(log.contains("int64"), "{log}");
        let (_, log) = toks("#version 330\n1.0lf");
        assert!(log.contains("4.00"), "{log}");
        let (_, log) = toks("#version 120\n1u");
        assert!(log.contains("1.30"), "{log}");
    }

    #[test]
    fn reserved_words() {
        let (t, log) = toks("#version 130\ngoto x");
        assert_eq!(t[0], Tok::Error);
        assert!(log.contains("illegal use of reserved word `goto'"), "{log}");
    }
}
