//! Macro definitions and expansion (C99 §6.10.3 semantics, which GLSL's
//! preprocessor follows).
//!
//! Algorithm (Prosser's, as in most C preprocessors): every token carries a
//! hide set. Expanding macro `M` from name token `N` gives the substituted
//! body, each token's hide set extended by `N`'s hide set plus `M` (for a
//! function-like macro: the intersection of the hide sets of `N` and of the
//! closing parenthesis, plus `M`). The result is pushed back onto the input
//! and rescanned with what follows, so a function-like macro name produced by
//! an expansion can take its arguments from the source after it. A name whose
//! own hide set holds it is never expanded again — that is what stops
//! recursion, and it stays blocked even when the token travels further.
//!
//! Arguments are expanded completely, in isolation, before substitution,
//! except where they are operands of `##`; `##` pastes spellings and
//! re-scans them, and must make exactly one token. Expansion is bounded
//! (nesting depth and total tokens) so hostile input cannot exhaust memory.

use super::Pp;
use crate::names::Sym;
use crate::pptoken::{HideSet, PpKind, PpToken, Punct, scan_all, spell};
use std::rc::Rc;

/// One element of a macro body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Item {
    /// A token copied as is (its kind and whether space precedes it).
    Tok(PpKind, bool),
    /// The n-th parameter.
    Param(usize, bool),
    /// `##` between two items.
    Paste,
}

/// A macro definition.
#[derive(Clone, Debug)]
pub(super) struct Macro {
    /// Parameter names of a function-like macro.
    pub params: Option<Vec<Sym>>,
    /// The replacement list.
    pub body: Vec<Item>,
    /// Predefined (cannot be redefined or undefined).
    pub builtin: bool,
}

impl Macro {
    pub fn new(params: Option<Vec<Sym>>, body: &[PpToken]) -> Macro {
        let items = body
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let space = i > 0 && t.space;
                if t.is(Punct::HashHash) {
                    return Item::Paste;
                }
                if let (Some(ps), Some(name)) = (&params, t.ident())
                    && let Some(n) = ps.iter().position(|&p| p == name)
                {
                    return Item::Param(n, space);
                }
                Item::Tok(t.kind, space)
            })
            .collect();
        Macro {
            params,
            body: items,
            builtin: false,
        }
    }

    /// C99 §6.10.3p2: a redefinition must be identical (same parameters,
    /// same tokens, same white-space separation).
    pub fn same_as(&self, other: &Macro) -> bool {
        self.params == other.params && self.body == other.body
    }
}

/// Most tokens expanded by the preprocessor of one shader.
const MAX_EXPANDED: usize = 1 << 20;
/// Deepest nesting of macro calls inside macro arguments.
const MAX_DEPTH: u32 = 100;

fn hide_add(h: &HideSet, sym: Sym) -> HideSet {
    let mut v: Vec<Sym> = h.as_ref().map_or_else(Vec::new, |h| h.as_ref().clone());
    if !v.contains(&sym) {
        v.push(sym);
    }
    Some(Rc::new(v))
}

fn hide_union(a: &HideSet, b: &HideSet) -> HideSet {
    match (a, b) {
        (None, _) => b.clone(),
        (_, None) => a.clone(),
        (Some(x), Some(y)) => {
            if Rc::ptr_eq(x, y) {
                return a.clone();
            }
            let mut v = x.as_ref().clone();
            for s in y.iter() {
                if !v.contains(s) {
                    v.push(*s);
                }
            }
            Some(Rc::new(v))
        }
    }
}

fn hide_intersect(a: &HideSet, b: &HideSet) -> HideSet {
    match (a, b) {
        (Some(x), Some(y)) => {
            let v: Vec<Sym> = x.iter().filter(|s| y.contains(s)).copied().collect();
            if v.is_empty() { None } else { Some(Rc::new(v)) }
        }
        _ => None,
    }
}

impl Pp<'_> {
    /// Handles one input token outside directives: a macro name is expanded
    /// (its result pushed back for rescanning) and `None` returned; any other
    /// token is returned to be emitted.
    pub(super) fn expand_token(&mut self, tok: PpToken) -> Option<PpToken> {
        let PpKind::Ident(sym) = tok.kind else {
            return Some(tok);
        };
        if sym == self.known.line {
            let n = self.names.intern(&tok.loc.line.to_string());
            return Some(PpToken {
                kind: PpKind::Number(n),
                ..tok
            });
        }
        if sym == self.known.file {
            let n = self.names.intern(&tok.loc.source.to_string());
            return Some(PpToken {
                kind: PpKind::Number(n),
                ..tok
            });
        }
        if tok.hidden(sym) || self.limit_hit {
            return Some(tok);
        }
        let Some(m) = self.macros.get(&sym) else {
            return Some(tok);
        };
        let is_function = m.params.is_some();
        if !is_function {
            let body = m.body.clone();
            let hs = hide_add(&tok.hide, sym);
            let result = self.substitute(&tok, &body, &[], hs);
            self.push_expansion(&tok, result);
            return None;
        }
        // Function-like: only a name followed by `(` is an invocation.
        let Some(next) = self.next_input() else {
            return Some(tok);
        };
        let is_directive = next.bol && !next.from_macro && next.is(Punct::Hash);
        if !next.is(Punct::LParen) || is_directive {
            self.pending.push(next);
            return Some(tok);
        }
        let m = self.macros.get(&sym).cloned()?;
        let (args, rparen) = self.collect_args(&tok, sym)?;
        let nparams = m.params.as_ref().map_or(0, Vec::len);
        let nargs = if nparams == 0 && args.len() == 1 && args[0].is_empty() {
            0
        } else {
            args.len()
        };
        if nargs != nparams {
            let name = self.names.str(sym).to_owned();
            self.error(
                tok.loc,
                format!("Error: macro {name} invoked with {nargs} arguments (expected {nparams})"),
            );
            return None;
        }
        let hs = hide_add(&hide_intersect(&tok.hide, &rparen.hide), sym);
        let result = self.substitute(&tok, &m.body, &args, hs);
        self.push_expansion(&tok, result);
        None
    }

    fn push_expansion(&mut self, tok: &PpToken, mut result: Vec<PpToken>) {
        self.expanded += result.len();
        if self.expanded > MAX_EXPANDED && !self.limit_hit {
            self.limit_hit = true;
            self.error(tok.loc, "macro expansion produces too many tokens");
            return;
        }
        if let Some(first) = result.first_mut() {
            first.space = tok.space;
        }
        self.pending.extend(result.into_iter().rev());
    }

    /// Reads the arguments of an invocation whose `(` was consumed; returns
    /// them and the closing parenthesis.
    fn collect_args(&mut self, tok: &PpToken, sym: Sym) -> Option<(Vec<Vec<PpToken>>, PpToken)> {
        let mut args: Vec<Vec<PpToken>> = vec![Vec::new()];
        let mut depth = 0u32;
        loop {
            let Some(t) = self.next_input() else {
                let name = self.names.str(sym).to_owned();
                self.error(
                    tok.loc,
                    format!("Macro {name} call has unterminated argument list"),
                );
                return None;
            };
            match t.kind {
                PpKind::Punct(Punct::LParen) => depth += 1,
                PpKind::Punct(Punct::RParen) => {
                    if depth == 0 {
                        return Some((args, t));
                    }
                    depth -= 1;
                }
                PpKind::Punct(Punct::Comma) if depth == 0 => {
                    args.push(Vec::new());
                    continue;
                }
                _ => {}
            }
            if let Some(a) = args.last_mut() {
                a.push(t);
            }
        }
    }

    /// The replacement list of a macro with arguments substituted and `##`
    /// applied, every token located at the invocation and hidden by `hs`.
    fn substitute(
        &mut self,
        tok: &PpToken,
        body: &[Item],
        args: &[Vec<PpToken>],
        hs: HideSet,
    ) -> Vec<PpToken> {
        let mut expanded: Vec<Option<Vec<PpToken>>> = vec![None; args.len()];
        let mut out: Vec<PpToken> = Vec::new();
        let mut glue = false;
        let mut placemarker = false;
        let mk = |kind: PpKind, space: bool| PpToken {
            kind,
            loc: tok.loc,
            space,
            bol: false,
            from_macro: true,
            hide: None,
        };
        for (i, item) in body.iter().enumerate() {
            match item {
                Item::Paste => glue = true,
                Item::Tok(kind, space) => {
                    let t = mk(*kind, *space);
                    self.emit(&mut out, t, &mut glue, &mut placemarker);
                }
                Item::Param(n, space) => {
                    let near_paste = matches!(body.get(i + 1), Some(Item::Paste))
                        || (i > 0 && matches!(body[i - 1], Item::Paste));
                    let toks = if near_paste {
                        args[*n].clone()
                    } else {
                        if expanded[*n].is_none() {
                            expanded[*n] = Some(self.expand_list(args[*n].clone()));
                        }
                        expanded[*n].clone().unwrap_or_default()
                    };
                    if toks.is_empty() {
                        if glue {
                            glue = false;
                        } else {
                            placemarker = true;
                        }
                        continue;
                    }
                    for (k, mut t) in toks.into_iter().enumerate() {
                        t.loc = tok.loc;
                        t.bol = false;
                        t.from_macro = true;
                        if k == 0 {
                            t.space = *space;
                        }
                        self.emit(&mut out, t, &mut glue, &mut placemarker);
                    }
                }
            }
        }
        for t in &mut out {
            t.hide = hide_union(&t.hide, &hs);
        }
        out
    }

    /// Appends `t`, pasting it onto the previous token after a `##`.
    fn emit(
        &mut self,
        out: &mut Vec<PpToken>,
        t: PpToken,
        glue: &mut bool,
        placemarker: &mut bool,
    ) {
        if std::mem::take(glue)
            && !std::mem::take(placemarker)
            && let Some(lhs) = out.pop()
        {
            let pasted = self.paste(&lhs, &t);
            out.extend(pasted);
            return;
        }
        *placemarker = false;
        out.push(t);
    }

    fn paste(&mut self, lhs: &PpToken, rhs: &PpToken) -> Vec<PpToken> {
        let mut a = String::new();
        spell(lhs.kind, self.names, &mut a);
        let mut b = String::new();
        spell(rhs.kind, self.names, &mut b);
        let joined = format!("{a}{b}");
        let kinds = scan_all(&joined, self.names);
        if let [kind] = kinds.as_slice() {
            return vec![PpToken {
                kind: *kind,
                hide: hide_union(&lhs.hide, &rhs.hide),
                ..lhs.clone()
            }];
        }
        self.error(
            lhs.loc,
            format!("Pasting \"{a}\" and \"{b}\" does not give a valid preprocessing token."),
        );
        vec![lhs.clone(), rhs.clone()]
    }

    /// Fully expands `toks` on their own (macro arguments, `#if` and `#line`
    /// operands): nothing after them is read.
    pub(super) fn expand_list(&mut self, toks: Vec<PpToken>) -> Vec<PpToken> {
        if self.depth >= MAX_DEPTH {
            if !self.limit_hit {
                self.limit_hit = true;
                let loc = toks.first().map(|t| t.loc).unwrap_or_default();
                self.error(loc, "macro invocations nested too deeply");
            }
            return toks;
        }
        self.depth += 1;
        let saved = std::mem::replace(&mut self.pending, toks.into_iter().rev().collect());
        let saved_raw = std::mem::replace(&mut self.raw_ok, false);
        let mut out = Vec::new();
        while let Some(t) = self.next_input() {
            if let Some(t) = self.expand_token(t) {
                out.push(t);
            }
        }
        self.pending = saved;
        self.raw_ok = saved_raw;
        self.depth -= 1;
        out
    }
}
