//! The tokens of the assembly program languages (ARB_vertex_program §2.14.1,
//! ARB_fragment_program §3.11.1): identifiers, numbers, punctuation; `#`
//! starts a comment that runs to the end of the line. Every token keeps its
//! byte offset, which becomes `GL_PROGRAM_ERROR_POSITION_ARB` when the
//! parser rejects it.
//!
//! Two shapes need care: a texture target such as `2D` lexes as one
//! identifier (digits glued to letters), and `0..3` is a number, `..`, a
//! number (a `.` after digits is a decimal point only when no second `.`
//! follows).

/// One token.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// A name, keyword or texture target (`MOV`, `state`, `2D`).
    Ident(String),
    /// A number; `true` when it was written as an integer.
    Num(f64, bool),
    /// One of `; , . [ ] { } = + - :`.
    Punct(char),
    /// `..` (ranges in bindings).
    DotDot,
    /// The end of the text.
    Eof,
}

/// A token and where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// Byte offset in the program string.
    pub pos: usize,
}

/// Splits `text` (after the header) into tokens; `base` is the offset of
/// `text` in the program string. An unknown character is an error at its
/// offset.
pub fn lex(text: &[u8], base: usize) -> Result<Vec<Token>, (usize, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'#' {
            while i < text.len() && text[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let pos = base + i;
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'_') {
                i += 1;
            }
            let s = String::from_utf8_lossy(&text[start..i]).into_owned();
            out.push(Token {
                tok: Tok::Ident(s),
                pos,
            });
            // `END` ends the program: what follows is ignored.
            if out
                .last()
                .is_some_and(|t| t.tok == Tok::Ident("END".into()))
            {
                break;
            }
            continue;
        }
        let starts_number =
            c.is_ascii_digit() || (c == b'.' && text.get(i + 1).is_some_and(u8::is_ascii_digit));
        if starts_number {
            let start = i;
            let mut int = true;
            while i < text.len() && text[i].is_ascii_digit() {
                i += 1;
            }
            // Digits glued to letters: a texture target (`1D`, `2D`, `3D`).
            if i < text.len() && text[i].is_ascii_alphabetic() && !matches!(text[i], b'e' | b'E') {
                while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'_') {
                    i += 1;
                }
                let s = String::from_utf8_lossy(&text[start..i]).into_owned();
                out.push(Token {
                    tok: Tok::Ident(s),
                    pos,
                });
                continue;
            }
            if i < text.len() && text[i] == b'.' && text.get(i + 1) != Some(&b'.') {
                int = false;
                i += 1;
                while i < text.len() && text[i].is_ascii_digit() {
                    i += 1;
                }
            }
            if i < text.len() && matches!(text[i], b'e' | b'E') {
                let mut j = i + 1;
                if j < text.len() && matches!(text[j], b'+' | b'-') {
                    j += 1;
                }
                if j < text.len() && text[j].is_ascii_digit() {
                    int = false;
                    i = j;
                    while i < text.len() && text[i].is_ascii_digit() {
                        i += 1;
                    }
                }
            }
            let s = std::str::from_utf8(&text[start..i]).unwrap_or("0");
            let v: f64 = s.parse().map_err(|_| (pos, format!("bad number `{s}`")))?;
            out.push(Token {
                tok: Tok::Num(v, int),
                pos,
            });
            continue;
        }
        if c == b'.' && text.get(i + 1) == Some(&b'.') {
            out.push(Token {
                tok: Tok::DotDot,
                pos,
            });
            i += 2;
            continue;
        }
        if b";,.[]{}=+-:".contains(&c) {
            out.push(Token {
                tok: Tok::Punct(c as char),
                pos,
            });
            i += 1;
            continue;
        }
        return Err((pos, format!("unexpected character `{}`", c as char)));
    }
    out.push(Token {
        tok: Tok::Eof,
        pos: base + text.len(),
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_targets_and_ranges() {
        let t = lex(b"TEX r, t, texture[1], 2D; # c\n x[0..3] 1.5e2 .5 2.", 0).unwrap();
        let toks: Vec<Tok> = t.into_iter().map(|t| t.tok).collect();
        assert!(toks.contains(&Tok::Ident("2D".into())));
        assert!(toks.contains(&Tok::DotDot));
        assert!(toks.contains(&Tok::Num(150.0, false)));
        assert!(toks.contains(&Tok::Num(0.5, false)));
        assert!(toks.contains(&Tok::Num(2.0, false)));
        assert!(!toks.contains(&Tok::Ident("c".into())));
    }
}
