//! `#if` / `#elif` expressions: integer constant expressions with C's
//! precedence, evaluated in `i64` (Mesa's glcpp uses `intmax_t`).
//!
//! GLSL 4.60 §3.3: the operators are `defined` (handled before macro
//! expansion by the caller), unary `+ - ~ !`, `* / %`, `+ -`, `<< >>`,
//! `< > <= >=`, `== !=`, `&`, `^`, `|`, `&&`, `||` and parentheses; there is
//! no `?:`. Operands are integer literals (decimal, octal, hex, optional
//! `u`/`U`) and identifiers left after expansion: 0 in desktop GLSL (C's
//! rule, which GLSL 4.30 adopted and implementations use for every version),
//! an error in GLSL ES ("Undefined identifiers not consumed by the defined
//! operator do not default to '0'", ES 3.00 §3.4). `&&` and `||` short-
//! circuit like C: an unevaluated operand can neither divide by zero nor use
//! an undefined name.
//!
//! Binary operators use a precedence-climbing loop; only parentheses and
//! unary operators recurse, with a depth limit.

use crate::diag::Loc;
use crate::names::Names;
use crate::pptoken::{PpKind, PpToken, Punct};

/// Why an expression could not be evaluated.
#[derive(Debug, PartialEq, Eq)]
pub struct ExprError {
    /// Where.
    pub loc: Loc,
    /// The message for the info log.
    pub message: String,
}

const MAX_DEPTH: u32 = 200;

struct Eval<'a> {
    toks: &'a [PpToken],
    pos: usize,
    names: &'a Names,
    es: bool,
    end: Loc,
    depth: u32,
}

/// Evaluates the (expanded, `defined`-resolved) tokens of an `#if`.
pub fn evaluate(toks: &[PpToken], names: &Names, es: bool, end: Loc) -> Result<i64, ExprError> {
    let mut e = Eval {
        toks,
        pos: 0,
        names,
        es,
        end,
        depth: 0,
    };
    let v = e.binary(0, true)?;
    if let Some(t) = e.toks.get(e.pos) {
        return Err(e.unexpected(t));
    }
    Ok(v)
}

fn precedence(p: Punct) -> Option<u8> {
    use Punct::*;
    Some(match p {
        OrOr => 1,
        AndAnd => 2,
        Pipe => 3,
        Caret => 4,
        Amp => 5,
        EqEq | Ne => 6,
        Lt | Gt | Le | Ge => 7,
        Shl | Shr => 8,
        Plus | Minus => 9,
        Star | Slash | Percent => 10,
        _ => return None,
    })
}

impl Eval<'_> {
    fn err(&self, loc: Loc, message: impl Into<String>) -> ExprError {
        ExprError {
            loc,
            message: message.into(),
        }
    }

    fn unexpected(&self, t: &PpToken) -> ExprError {
        let mut s = String::new();
        crate::pptoken::spell(t.kind, self.names, &mut s);
        self.err(
            t.loc,
            format!("syntax error, unexpected `{s}' in #if expression"),
        )
    }

    fn peek_punct(&self) -> Option<(Punct, Loc)> {
        match self.toks.get(self.pos) {
            Some(PpToken {
                kind: PpKind::Punct(p),
                loc,
                ..
            }) => Some((*p, *loc)),
            _ => None,
        }
    }

    /// Operators of precedence above `min`, left-associative. `live` is false
    /// inside an operand a short-circuit skipped.
    fn binary(&mut self, min: u8, live: bool) -> Result<i64, ExprError> {
        let mut lhs = self.unary(live)?;
        while let Some((op, loc)) = self.peek_punct() {
            let Some(prec) = precedence(op) else { break };
            if prec <= min {
                break;
            }
            self.pos += 1;
            let rhs_live = live
                && match op {
                    Punct::AndAnd => lhs != 0,
                    Punct::OrOr => lhs == 0,
                    _ => true,
                };
            let rhs = self.binary(prec, rhs_live)?;
            lhs = self.apply(op, lhs, rhs, loc, live)?;
        }
        Ok(lhs)
    }

    fn apply(&self, op: Punct, a: i64, b: i64, loc: Loc, live: bool) -> Result<i64, ExprError> {
        use Punct::*;
        Ok(match op {
            OrOr => i64::from(a != 0 || b != 0),
            AndAnd => i64::from(a != 0 && b != 0),
            Pipe => a | b,
            Caret => a ^ b,
            Amp => a & b,
            EqEq => i64::from(a == b),
            Ne => i64::from(a != b),
            Lt => i64::from(a < b),
            Gt => i64::from(a > b),
            Le => i64::from(a <= b),
            Ge => i64::from(a >= b),
            Shl => a.wrapping_shl(b as u32),
            Shr => a.wrapping_shr(b as u32),
            Plus => a.wrapping_add(b),
            Minus => a.wrapping_sub(b),
            Star => a.wrapping_mul(b),
            Slash | Percent => {
                if b == 0 {
                    if live {
                        let what = if op == Slash { "division" } else { "modulo" };
                        return Err(self.err(loc, format!("{what} by 0 in preprocessor directive")));
                    }
                    0
                } else if op == Slash {
                    a.wrapping_div(b)
                } else {
                    a.wrapping_rem(b)
                }
            }
            _ => 0,
        })
    }

    fn unary(&mut self, live: bool) -> Result<i64, ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let loc = self.toks.get(self.pos).map_or(self.end, |t| t.loc);
            return Err(self.err(loc, "#if expression nested too deeply"));
        }
        let r = self.unary_inner(live);
        self.depth -= 1;
        r
    }

    fn unary_inner(&mut self, live: bool) -> Result<i64, ExprError> {
        let Some(t) = self.toks.get(self.pos) else {
            return Err(self.err(self.end, "#if expression ends unexpectedly"));
        };
        self.pos += 1;
        match t.kind {
            PpKind::Punct(Punct::Plus) => self.unary(live),
            PpKind::Punct(Punct::Minus) => Ok(self.unary(live)?.wrapping_neg()),
            PpKind::Punct(Punct::Tilde) => Ok(!self.unary(live)?),
            PpKind::Punct(Punct::Bang) => Ok(i64::from(self.unary(live)? == 0)),
            PpKind::Punct(Punct::LParen) => {
                let v = self.binary(0, live)?;
                match self.toks.get(self.pos) {
                    Some(c) if c.is(Punct::RParen) => {
                        self.pos += 1;
                        Ok(v)
                    }
                    Some(c) => Err(self.unexpected(c)),
                    None => Err(self.err(self.end, "missing `)' in #if expression")),
                }
            }
            PpKind::Number(s) => parse_int(self.names.str(s)).ok_or_else(|| {
                self.err(
                    t.loc,
                    format!(
                        "invalid integer `{}' in preprocessor expression",
                        self.names.str(s)
                    ),
                )
            }),
            PpKind::Ident(s) => {
                if self.es && live {
                    Err(self.err(
                        t.loc,
                        format!(
                            "undefined macro {} in expression (illegal in GLES)",
                            self.names.str(s)
                        ),
                    ))
                } else {
                    Ok(0)
                }
            }
            _ => Err(self.unexpected(t)),
        }
    }
}

/// Parses a preprocessor integer: decimal, octal (leading 0) or hex, with an
/// optional `u`/`U` suffix. Values wrap like C's `strtoll` into `i64`.
pub fn parse_int(s: &str) -> Option<i64> {
    let s = s.strip_suffix(['u', 'U']).unwrap_or(s);
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if s.len() > 1 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let mut v: u64 = 0;
    for c in digits.chars() {
        v = v
            .wrapping_mul(u64::from(radix))
            .wrapping_add(u64::from(c.to_digit(radix)?));
    }
    Some(v as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::InfoLog;
    use crate::pptoken::Scanner;

    fn eval(src: &str, es: bool) -> Result<i64, String> {
        let mut names = Names::new();
        let mut log = InfoLog::default();
        let mut sc = Scanner::new(src);
        let mut toks = Vec::new();
        while let Some(t) = sc.next(&mut names, &mut log) {
            toks.push(t);
        }
        evaluate(&toks, &names, es, Loc::new(1, 1)).map_err(|e| e.message)
    }

    #[test]
    fn precedence_and_values() {
        assert_eq!(eval("1 + 2 * 3", false), Ok(7));
        assert_eq!(eval("(1 + 2) * 3", false), Ok(9));
        assert_eq!(eval("1 << 2 + 1", false), Ok(8));
        assert_eq!(eval("0x10 | 010", false), Ok(24));
        assert_eq!(eval("-1 < 0 && !0", false), Ok(1));
        assert_eq!(eval("~0", false), Ok(-1));
        assert_eq!(eval("7 % 4 == 3", false), Ok(1));
        assert_eq!(eval("10 - 2 - 3", false), Ok(5));
        assert_eq!(eval("4u", false), Ok(4));
    }

    #[test]
    fn undefined_names_and_division() {
        assert_eq!(eval("FOO", false), Ok(0));
        assert!(eval("FOO", true).is_err());
        assert_eq!(eval("0 && FOO", true), Ok(0));
        assert_eq!(eval("1 || 1 / 0", false), Ok(1));
        assert_eq!(
            eval("1 / 0", false),
            Err("division by 0 in preprocessor directive".into())
        );
        assert!(eval("1 % 0", false).is_err());
    }

    #[test]
    fn syntax_errors() {
        assert!(eval("", false).is_err());
        assert!(eval("1 +", false).is_err());
        assert!(eval("(1", false).is_err());
        assert!(eval("1 2", false).is_err());
        assert!(eval("1.5", false).is_err());
        assert!(eval("1 ? 2 : 3", false).is_err());
    }
}
