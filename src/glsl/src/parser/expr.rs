//! Expressions (GLSL 4.60 §5.1 precedence, §9 `expression` ...
//! `primary_expression`).
//!
//! Binary operators use precedence climbing with explicit stacks: operands
//! and pending operators are pushed, and an operator of lower or equal
//! precedence first reduces the stack. All binary operators are left-
//! associative, so `a + b + c + ...` of any length costs no recursion.
//! Prefix operators are collected in a loop and applied afterwards.
//! Assignment's left side must be a unary expression (not a binary or `?:`
//! result), as in the grammar.

use super::{PResult, Parser, Reported};
use crate::ast::{BinOp, ExprId, ExprKind, UnOp};
use crate::diag::Loc;
use crate::keywords::Kw;
use crate::lexer::Tok;
use crate::pptoken::Punct;

fn binop(t: Tok) -> Option<(BinOp, u8)> {
    let Tok::Punct(p) = t else { return None };
    Some(match p {
        Punct::OrOr => (BinOp::LogicalOr, 1),
        Punct::XorXor => (BinOp::LogicalXor, 2),
        Punct::AndAnd => (BinOp::LogicalAnd, 3),
        Punct::Pipe => (BinOp::BitOr, 4),
        Punct::Caret => (BinOp::BitXor, 5),
        Punct::Amp => (BinOp::BitAnd, 6),
        Punct::EqEq => (BinOp::Eq, 7),
        Punct::Ne => (BinOp::Ne, 7),
        Punct::Lt => (BinOp::Lt, 8),
        Punct::Gt => (BinOp::Gt, 8),
        Punct::Le => (BinOp::Le, 8),
        Punct::Ge => (BinOp::Ge, 8),
        Punct::Shl => (BinOp::Shl, 9),
        Punct::Shr => (BinOp::Shr, 9),
        Punct::Plus => (BinOp::Add, 10),
        Punct::Minus => (BinOp::Sub, 10),
        Punct::Star => (BinOp::Mul, 11),
        Punct::Slash => (BinOp::Div, 11),
        Punct::Percent => (BinOp::Mod, 11),
        _ => return None,
    })
}

fn assign_op(t: Tok) -> Option<Option<BinOp>> {
    let Tok::Punct(p) = t else { return None };
    Some(match p {
        Punct::Assign => None,
        Punct::AddAssign => Some(BinOp::Add),
        Punct::SubAssign => Some(BinOp::Sub),
        Punct::MulAssign => Some(BinOp::Mul),
        Punct::DivAssign => Some(BinOp::Div),
        Punct::ModAssign => Some(BinOp::Mod),
        Punct::ShlAssign => Some(BinOp::Shl),
        Punct::ShrAssign => Some(BinOp::Shr),
        Punct::AndAssign => Some(BinOp::BitAnd),
        Punct::XorAssign => Some(BinOp::BitXor),
        Punct::OrAssign => Some(BinOp::BitOr),
        _ => return None,
    })
}

impl Parser<'_> {
    /// `expression`: assignments separated by commas.
    pub(super) fn expression(&mut self) -> PResult<ExprId> {
        let mut e = self.assignment()?;
        while self.at_punct(Punct::Comma) {
            let loc = self.bump().loc;
            let rhs = self.assignment()?;
            e = self.new_expr(ExprKind::Comma(e, rhs), loc);
        }
        Ok(e)
    }

    /// `assignment_expression`.
    pub(super) fn assignment(&mut self) -> PResult<ExprId> {
        let (lhs, is_unary) = self.conditional_ext()?;
        let Some(op) = assign_op(self.peek()) else {
            return Ok(lhs);
        };
        if !is_unary {
            return Err(self.unexpected("an operator"));
        }
        let loc = self.bump().loc;
        self.enter()?;
        let rhs = self.assignment();
        self.leave();
        let rhs = rhs?;
        Ok(self.new_expr(ExprKind::Assign(op, lhs, rhs), loc))
    }

    /// `conditional_expression` (also `constant_expression`).
    pub(super) fn conditional(&mut self) -> PResult<ExprId> {
        Ok(self.conditional_ext()?.0)
    }

    /// A conditional expression, and whether it is a bare unary expression.
    fn conditional_ext(&mut self) -> PResult<(ExprId, bool)> {
        let (cond, is_unary) = self.binary()?;
        if !self.at_punct(Punct::Question) {
            return Ok((cond, is_unary));
        }
        let loc = self.bump().loc;
        self.enter()?;
        let r = (|| {
            let a = self.expression()?;
            self.expect_punct(Punct::Colon)?;
            let b = self.assignment()?;
            Ok((a, b))
        })();
        self.leave();
        let (a, b) = r?;
        Ok((self.new_expr(ExprKind::Ternary(cond, a, b), loc), false))
    }

    /// Binary operators by precedence climbing with explicit stacks.
    fn binary(&mut self) -> PResult<(ExprId, bool)> {
        let first = self.unary()?;
        let Some(_) = binop(self.peek()) else {
            return Ok((first, true));
        };
        let mut operands: Vec<ExprId> = vec![first];
        let mut ops: Vec<(BinOp, u8, Loc)> = Vec::new();
        while let Some((op, prec)) = binop(self.peek()) {
            let loc = self.bump().loc;
            while let Some(&(top, tprec, tloc)) = ops.last()
                && tprec >= prec
            {
                ops.pop();
                self.reduce(&mut operands, top, tloc);
            }
            ops.push((op, prec, loc));
            let rhs = self.unary()?;
            operands.push(rhs);
        }
        while let Some((op, _, loc)) = ops.pop() {
            self.reduce(&mut operands, op, loc);
        }
        Ok((operands.pop().unwrap_or(first), false))
    }

    fn reduce(&mut self, operands: &mut Vec<ExprId>, op: BinOp, loc: Loc) {
        let (Some(b), Some(a)) = (operands.pop(), operands.pop()) else {
            return;
        };
        let e = self.new_expr(ExprKind::Binary(op, a, b), loc);
        operands.push(e);
    }

    /// `unary_expression`: prefix operators (a loop), then a postfix
    /// expression.
    fn unary(&mut self) -> PResult<ExprId> {
        let mut prefix: Vec<(UnOp, Loc)> = Vec::new();
        loop {
            let op = match self.peek() {
                Tok::Punct(Punct::Plus) => UnOp::Plus,
                Tok::Punct(Punct::Minus) => UnOp::Neg,
                Tok::Punct(Punct::Bang) => UnOp::Not,
                Tok::Punct(Punct::Tilde) => UnOp::BitNot,
                Tok::Punct(Punct::Inc) => UnOp::PreInc,
                Tok::Punct(Punct::Dec) => UnOp::PreDec,
                _ => break,
            };
            let loc = self.bump().loc;
            prefix.push((op, loc));
        }
        let mut e = self.postfix()?;
        while let Some((op, loc)) = prefix.pop() {
            e = self.new_expr(ExprKind::Unary(op, e), loc);
        }
        Ok(e)
    }

    fn postfix(&mut self) -> PResult<ExprId> {
        let mut e = self.primary()?;
        loop {
            let loc = self.loc();
            match self.peek() {
                Tok::Punct(Punct::LBracket) => {
                    self.bump();
                    self.enter()?;
                    let idx = self.expression();
                    self.leave();
                    let idx = idx?;
                    self.expect_punct(Punct::RBracket)?;
                    e = self.new_expr(ExprKind::Index(e, idx), loc);
                }
                Tok::Punct(Punct::Dot) => {
                    self.bump();
                    let (name, _) = self.expect_ident()?;
                    if self.at_punct(Punct::LParen) {
                        let args = self.call_args()?;
                        e = self.new_expr(ExprKind::Method(e, name, args), loc);
                    } else {
                        e = self.new_expr(ExprKind::Field(e, name), loc);
                    }
                }
                Tok::Punct(Punct::LParen) => {
                    let args = self.call_args()?;
                    e = self.new_expr(ExprKind::CallExpr(e, args), loc);
                }
                Tok::Punct(Punct::Inc) => {
                    self.bump();
                    e = self.new_expr(ExprKind::Unary(UnOp::PostInc, e), loc);
                }
                Tok::Punct(Punct::Dec) => {
                    self.bump();
                    e = self.new_expr(ExprKind::Unary(UnOp::PostDec, e), loc);
                }
                _ => return Ok(e),
            }
        }
    }

    fn primary(&mut self) -> PResult<ExprId> {
        let loc = self.loc();
        let kind = match self.peek() {
            Tok::Ident(s) if !self.is_type_name(s) => {
                self.bump();
                if self.at_punct(Punct::LParen) {
                    let args = self.call_args()?;
                    ExprKind::Call(s, args)
                } else {
                    ExprKind::Ident(s)
                }
            }
            Tok::Ident(_) | Tok::Type(_) | Tok::Kw(Kw::Unsigned) => {
                let spec = self.type_spec()?;
                if !self.at_punct(Punct::LParen) {
                    return Err(self.unexpected("`('"));
                }
                let args = self.call_args()?;
                ExprKind::Construct(Box::new(spec), args)
            }
            Tok::Int(v) => {
                self.bump();
                ExprKind::Int(v)
            }
            Tok::Uint(v) => {
                self.bump();
                ExprKind::Uint(v)
            }
            Tok::Int64(v) => {
                self.bump();
                ExprKind::Int64(v)
            }
            Tok::Uint64(v) => {
                self.bump();
                ExprKind::Uint64(v)
            }
            Tok::Float(v) => {
                self.bump();
                ExprKind::Float(v)
            }
            Tok::Double(v) => {
                self.bump();
                ExprKind::Double(v)
            }
            Tok::Bool(v) => {
                self.bump();
                ExprKind::Bool(v)
            }
            Tok::Punct(Punct::LParen) => {
                self.bump();
                self.enter()?;
                let e = self.expression();
                self.leave();
                let e = e?;
                self.expect_punct(Punct::RParen)?;
                return Ok(e);
            }
            _ => return Err(self.unexpected("an expression")),
        };
        Ok(self.new_expr(kind, loc))
    }

    /// `( args )`: empty, `(void)`, or assignment expressions.
    fn call_args(&mut self) -> PResult<Vec<ExprId>> {
        self.expect_punct(Punct::LParen)?;
        let mut args = Vec::new();
        if self.eat_punct(Punct::RParen) {
            return Ok(args);
        }
        if self.at_kw(Kw::Void) && self.peek_at(1) == Tok::Punct(Punct::RParen) {
            self.bump();
            self.bump();
            return Ok(args);
        }
        self.enter()?;
        let r = (|| {
            loop {
                args.push(self.assignment()?);
                if !self.eat_punct(Punct::Comma) {
                    break;
                }
            }
            self.expect_punct(Punct::RParen)?;
            Ok::<_, Reported>(())
        })();
        self.leave();
        r?;
        Ok(args)
    }
}
