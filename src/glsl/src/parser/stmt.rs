//! Statements (GLSL 4.60 §9: `statement`, `selection_statement`,
//! `switch_statement`, `iteration_statement`, `jump_statement`).

use super::{PResult, Parser, Reported};
use crate::ast::{Condition, ExternalDecl, FullType, Stmt, StmtKind};
use crate::keywords::Kw;
use crate::lexer::Tok;
use crate::pptoken::Punct;

impl Parser<'_> {
    /// Statements up to and including the closing `}` of a block whose `{`
    /// was consumed; errors are reported and skipped.
    pub(super) fn statement_list(&mut self) -> Vec<Stmt> {
        let mut v = Vec::new();
        loop {
            match self.peek() {
                Tok::Punct(Punct::RBrace) => {
                    self.bump();
                    return v;
                }
                Tok::Eof => {
                    self.unexpected("`}'");
                    return v;
                }
                _ => {}
            }
            let start = self.pos;
            match self.statement() {
                Ok(s) => v.push(s),
                Err(Reported) => self.recover(false),
            }
            if self.pos == start {
                self.pos += 1;
            }
        }
    }

    /// Whether the tokens at the cursor start a declaration (rather than an
    /// expression): a qualifier, `struct`, `precision`, or a type not
    /// followed by `(` (a constructor) — looking past array dimensions
    /// (`float[2](...)` is a constructor, `float[2] a;` a declaration). Two
    /// identifiers in a row are taken as a declaration with an unknown type,
    /// for a better message.
    pub(super) fn at_declaration(&self) -> bool {
        if self.at_qualifier() || self.at_kw(Kw::Precision) || self.at_kw(Kw::Struct) {
            return true;
        }
        let mut k = match self.peek() {
            Tok::Kw(Kw::Void) => return true,
            Tok::Type(_) => 1,
            Tok::Kw(Kw::Unsigned) => 2,
            Tok::Ident(s) if self.is_type_name(s) => 1,
            Tok::Ident(_) => return matches!(self.peek_at(1), Tok::Ident(_)),
            _ => return false,
        };
        while self.peek_at(k) == Tok::Punct(Punct::LBracket) {
            let mut depth = 0u32;
            loop {
                match self.peek_at(k) {
                    Tok::Punct(Punct::LBracket) => depth += 1,
                    Tok::Punct(Punct::RBracket) => {
                        depth -= 1;
                        if depth == 0 {
                            k += 1;
                            break;
                        }
                    }
                    Tok::Eof => return false,
                    _ => {}
                }
                k += 1;
            }
        }
        !matches!(self.peek_at(k), Tok::Punct(Punct::LParen | Punct::Dot))
    }

    pub(super) fn statement(&mut self) -> PResult<Stmt> {
        self.enter()?;
        let r = self.statement_inner();
        self.leave();
        r
    }

    fn statement_inner(&mut self) -> PResult<Stmt> {
        let loc = self.loc();
        let kind = match self.peek() {
            Tok::Punct(Punct::LBrace) => {
                self.bump();
                self.push_scope();
                let body = self.statement_list();
                self.pop_scope();
                StmtKind::Compound(body)
            }
            Tok::Punct(Punct::Semicolon) => {
                self.bump();
                StmtKind::Expr(None)
            }
            Tok::Kw(Kw::If) => {
                let mut branches = Vec::new();
                let mut otherwise = None;
                loop {
                    self.bump(); // `if`
                    self.expect_punct(Punct::LParen)?;
                    let cond = self.expression()?;
                    self.expect_punct(Punct::RParen)?;
                    branches.push((cond, self.scoped_statement()?));
                    if !self.at_kw(Kw::Else) {
                        break;
                    }
                    self.bump();
                    if !self.at_kw(Kw::If) {
                        otherwise = Some(Box::new(self.scoped_statement()?));
                        break;
                    }
                }
                StmtKind::If {
                    branches,
                    otherwise,
                }
            }
            Tok::Kw(Kw::Switch) => {
                self.bump();
                self.expect_punct(Punct::LParen)?;
                let expr = self.expression()?;
                self.expect_punct(Punct::RParen)?;
                self.expect_punct(Punct::LBrace)?;
                self.push_scope();
                let body = self.statement_list();
                self.pop_scope();
                StmtKind::Switch { expr, body }
            }
            Tok::Kw(Kw::Case) => {
                self.bump();
                let e = self.expression()?;
                self.expect_punct(Punct::Colon)?;
                StmtKind::Case(e)
            }
            Tok::Kw(Kw::Default) => {
                self.bump();
                self.expect_punct(Punct::Colon)?;
                StmtKind::Default
            }
            Tok::Kw(Kw::While) => {
                self.bump();
                self.expect_punct(Punct::LParen)?;
                self.push_scope();
                let r = (|| {
                    let cond = self.condition()?;
                    self.expect_punct(Punct::RParen)?;
                    let body = Box::new(self.statement_no_new_scope()?);
                    Ok(StmtKind::While { cond, body })
                })();
                self.pop_scope();
                r?
            }
            Tok::Kw(Kw::Do) => {
                self.bump();
                let body = Box::new(self.scoped_statement()?);
                if !self.at_kw(Kw::While) {
                    return Err(self.unexpected("`while'"));
                }
                self.bump();
                self.expect_punct(Punct::LParen)?;
                let cond = self.expression()?;
                self.expect_punct(Punct::RParen)?;
                self.expect_punct(Punct::Semicolon)?;
                StmtKind::DoWhile { body, cond }
            }
            Tok::Kw(Kw::For) => {
                self.bump();
                self.expect_punct(Punct::LParen)?;
                self.push_scope();
                let r = self.for_rest();
                self.pop_scope();
                r?
            }
            Tok::Kw(k @ (Kw::Break | Kw::Continue | Kw::Discard | Kw::Demote)) => {
                self.bump();
                self.expect_punct(Punct::Semicolon)?;
                match k {
                    Kw::Break => StmtKind::Break,
                    Kw::Continue => StmtKind::Continue,
                    Kw::Discard => StmtKind::Discard,
                    _ => StmtKind::Demote,
                }
            }
            Tok::Kw(Kw::Return) => {
                self.bump();
                let e = if self.at_punct(Punct::Semicolon) {
                    None
                } else {
                    Some(self.expression()?)
                };
                self.expect_punct(Punct::Semicolon)?;
                StmtKind::Return(e)
            }
            _ if self.at_declaration() => match self.declaration_or_function(false)? {
                Some(ExternalDecl::Decl(d)) => StmtKind::Decl(d),
                _ => StmtKind::Expr(None),
            },
            _ => {
                let e = self.expression()?;
                self.expect_punct(Punct::Semicolon)?;
                StmtKind::Expr(Some(e))
            }
        };
        Ok(Stmt { kind, loc })
    }

    /// A sub-statement with its own scope (GLSL 4.60 §6.1: the branches and
    /// bodies of `if`, `do` form scopes even without braces).
    fn scoped_statement(&mut self) -> PResult<Stmt> {
        self.push_scope();
        let r = self.statement();
        self.pop_scope();
        r
    }

    /// A loop body: shares the scope the loop opened for its condition and
    /// init statement, except that a compound body opens its own.
    fn statement_no_new_scope(&mut self) -> PResult<Stmt> {
        self.statement()
    }

    fn for_rest(&mut self) -> PResult<StmtKind> {
        let init_loc = self.loc();
        let init = if self.at_punct(Punct::Semicolon) {
            self.bump();
            Stmt {
                kind: StmtKind::Expr(None),
                loc: init_loc,
            }
        } else if self.at_declaration() {
            match self.declaration_or_function(false)? {
                Some(ExternalDecl::Decl(d)) => Stmt {
                    kind: StmtKind::Decl(d),
                    loc: init_loc,
                },
                _ => {
                    self.error(init_loc, "syntax error in for-loop initializer");
                    return Err(Reported);
                }
            }
        } else {
            let e = self.expression()?;
            self.expect_punct(Punct::Semicolon)?;
            Stmt {
                kind: StmtKind::Expr(Some(e)),
                loc: init_loc,
            }
        };
        let cond = if self.at_punct(Punct::Semicolon) {
            None
        } else {
            Some(self.condition()?)
        };
        self.expect_punct(Punct::Semicolon)?;
        let step = if self.at_punct(Punct::RParen) {
            None
        } else {
            Some(self.expression()?)
        };
        self.expect_punct(Punct::RParen)?;
        let body = Box::new(self.statement_no_new_scope()?);
        Ok(StmtKind::For {
            init: Box::new(init),
            cond,
            step,
            body,
        })
    }

    /// A loop condition: an expression, or `type name = initializer`.
    fn condition(&mut self) -> PResult<Condition> {
        if self.at_declaration() {
            let quals = self.qualifiers()?;
            let spec = self.type_spec()?;
            let (name, loc) = self.expect_ident()?;
            self.expect_punct(Punct::Assign)?;
            let init = self.assignment()?;
            self.declare(name, false);
            return Ok(Condition::Decl {
                ty: FullType { quals, spec },
                name,
                loc,
                init,
            });
        }
        Ok(Condition::Expr(self.expression()?))
    }
}
