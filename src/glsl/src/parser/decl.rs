//! Declarations: qualifiers, type specifiers, structs, interface blocks,
//! variables with initializers, precision statements, prototypes and
//! function definitions (GLSL 4.60 §9: `declaration`,
//! `fully_specified_type`, `type_qualifier`, `struct_specifier`,
//! `function_prototype`, `init_declarator_list`).

use super::{PResult, Parser, Reported};
use crate::ast::{
    ArraySpec, Block, Declaration, ExternalDecl, FullType, FunctionDef, FunctionProto,
    InitDeclarator, Initializer, Interp, LayoutId, Member, Memory, Param, Precision, Qualifier,
    Storage, StructDef, TypeKind, TypeSpec,
};
use crate::extensions::Ext;
use crate::keywords::{BuiltinType, Kw};
use crate::lexer::Tok;
use crate::pptoken::Punct;

impl Parser<'_> {
    /// Whether the current token starts a qualifier.
    pub(super) fn at_qualifier(&self) -> bool {
        matches!(
            self.peek(),
            Tok::Kw(
                Kw::Const
                    | Kw::In
                    | Kw::Out
                    | Kw::Inout
                    | Kw::Uniform
                    | Kw::Buffer
                    | Kw::Shared
                    | Kw::Attribute
                    | Kw::Varying
                    | Kw::Centroid
                    | Kw::Patch
                    | Kw::Sample
                    | Kw::Flat
                    | Kw::Smooth
                    | Kw::Noperspective
                    | Kw::Invariant
                    | Kw::Precise
                    | Kw::Coherent
                    | Kw::Volatile
                    | Kw::Restrict
                    | Kw::Readonly
                    | Kw::Writeonly
                    | Kw::Subroutine
                    | Kw::Layout
                    | Kw::Lowp
                    | Kw::Mediump
                    | Kw::Highp
            )
        )
    }

    /// Qualifiers in any order (their order rules are semantic).
    pub(super) fn qualifiers(&mut self) -> PResult<Vec<Qualifier>> {
        let mut q = Vec::new();
        loop {
            let loc = self.loc();
            let Tok::Kw(k) = self.peek() else { break };
            let item = match k {
                Kw::Const => Qualifier::Storage(Storage::Const, loc),
                Kw::In => Qualifier::Storage(Storage::In, loc),
                Kw::Out => Qualifier::Storage(Storage::Out, loc),
                Kw::Inout => Qualifier::Storage(Storage::Inout, loc),
                Kw::Uniform => Qualifier::Storage(Storage::Uniform, loc),
                Kw::Buffer => Qualifier::Storage(Storage::Buffer, loc),
                Kw::Shared => Qualifier::Storage(Storage::Shared, loc),
                Kw::Attribute => Qualifier::Storage(Storage::Attribute, loc),
                Kw::Varying => Qualifier::Storage(Storage::Varying, loc),
                Kw::Centroid => Qualifier::Storage(Storage::Centroid, loc),
                Kw::Patch => Qualifier::Storage(Storage::Patch, loc),
                Kw::Sample => Qualifier::Storage(Storage::Sample, loc),
                Kw::Flat => Qualifier::Interp(Interp::Flat, loc),
                Kw::Smooth => Qualifier::Interp(Interp::Smooth, loc),
                Kw::Noperspective => Qualifier::Interp(Interp::Noperspective, loc),
                Kw::Invariant => Qualifier::Invariant(loc),
                Kw::Precise => Qualifier::Precise(loc),
                Kw::Coherent => Qualifier::Memory(Memory::Coherent, loc),
                Kw::Volatile => Qualifier::Memory(Memory::Volatile, loc),
                Kw::Restrict => Qualifier::Memory(Memory::Restrict, loc),
                Kw::Readonly => Qualifier::Memory(Memory::Readonly, loc),
                Kw::Writeonly => Qualifier::Memory(Memory::Writeonly, loc),
                Kw::Lowp => Qualifier::Precision(Precision::Lowp, loc),
                Kw::Mediump => Qualifier::Precision(Precision::Mediump, loc),
                Kw::Highp => Qualifier::Precision(Precision::Highp, loc),
                Kw::Layout => {
                    self.bump();
                    let ids = self.layout_ids()?;
                    q.push(Qualifier::Layout(ids, loc));
                    continue;
                }
                Kw::Subroutine => {
                    self.bump();
                    let mut types = Vec::new();
                    if self.eat_punct(Punct::LParen) {
                        loop {
                            let (s, _) = self.expect_ident()?;
                            types.push(s);
                            if !self.eat_punct(Punct::Comma) {
                                break;
                            }
                        }
                        self.expect_punct(Punct::RParen)?;
                    }
                    q.push(Qualifier::Subroutine(types, loc));
                    continue;
                }
                _ => break,
            };
            self.bump();
            q.push(item);
        }
        Ok(q)
    }

    fn layout_ids(&mut self) -> PResult<Vec<LayoutId>> {
        self.expect_punct(Punct::LParen)?;
        let mut ids = Vec::new();
        loop {
            let loc = self.loc();
            let name = match self.peek() {
                Tok::Ident(s) => s,
                Tok::Kw(k @ (Kw::Shared | Kw::Packed | Kw::RowMajor)) => {
                    self.names.intern(super::kw_spelling(k))
                }
                _ => return Err(self.unexpected("a layout qualifier identifier")),
            };
            self.bump();
            let value = if self.eat_punct(Punct::Assign) {
                Some(self.conditional()?)
            } else {
                None
            };
            ids.push(LayoutId { name, value, loc });
            if !self.eat_punct(Punct::Comma) {
                break;
            }
        }
        self.expect_punct(Punct::RParen)?;
        Ok(ids)
    }

    /// A type specifier, with array dimensions written after it.
    pub(super) fn type_spec(&mut self) -> PResult<TypeSpec> {
        let loc = self.loc();
        let kind = match self.peek() {
            Tok::Type(t) => {
                self.bump();
                TypeKind::Builtin(t)
            }
            Tok::Kw(Kw::Void) => {
                self.bump();
                TypeKind::Void
            }
            Tok::Kw(Kw::Unsigned) => {
                // EXT_gpu_shader4: `unsigned int`.
                self.bump();
                if self.peek() != Tok::Type(BuiltinType::Int) {
                    return Err(self.unexpected("`int'"));
                }
                self.bump();
                TypeKind::Builtin(BuiltinType::Uint)
            }
            Tok::Kw(Kw::Struct) => TypeKind::Struct(self.struct_def()?),
            Tok::Ident(s) if self.is_type_name(s) => {
                self.bump();
                TypeKind::Named(s)
            }
            Tok::Ident(s) => {
                let name = self.names.str(s).to_owned();
                self.error(loc, format!("syntax error, `{name}' is not a type name"));
                return Err(Reported);
            }
            _ => return Err(self.unexpected("a type")),
        };
        let array = self.array_spec_opt()?;
        Ok(TypeSpec { kind, array, loc })
    }

    /// `[n][]...` if present.
    pub(super) fn array_spec_opt(&mut self) -> PResult<Option<ArraySpec>> {
        if !self.at_punct(Punct::LBracket) {
            return Ok(None);
        }
        let loc = self.loc();
        let mut dims = Vec::new();
        while self.eat_punct(Punct::LBracket) {
            if self.eat_punct(Punct::RBracket) {
                dims.push(None);
                continue;
            }
            let e = self.conditional()?;
            self.expect_punct(Punct::RBracket)?;
            dims.push(Some(e));
        }
        if dims.len() > 1
            && !self.version.at_least(430, 310)
            && !self.has(Ext::ARB_arrays_of_arrays)
        {
            self.error(
                loc,
                "arrays of arrays require GLSL 4.30, GLSL ES 3.10 or GL_ARB_arrays_of_arrays",
            );
        }
        Ok(Some(ArraySpec { dims, loc }))
    }

    fn struct_def(&mut self) -> PResult<StructDef> {
        let loc = self.bump().loc; // `struct`
        let name = match self.peek() {
            Tok::Ident(s) => {
                self.bump();
                Some(s)
            }
            _ => None,
        };
        self.expect_punct(Punct::LBrace)?;
        let members = self.members()?;
        if let Some(n) = name {
            self.declare(n, true);
        }
        Ok(StructDef { name, members, loc })
    }

    /// Member declarations up to and including the closing `}`.
    fn members(&mut self) -> PResult<Vec<Member>> {
        let mut members = Vec::new();
        if self.at_punct(Punct::RBrace) {
            return Err(self.unexpected("a member declaration"));
        }
        while !self.eat_punct(Punct::RBrace) {
            if self.at(Tok::Eof) {
                return Err(self.unexpected("`}'"));
            }
            let quals = self.qualifiers()?;
            let spec = self.type_spec()?;
            let mut names = Vec::new();
            loop {
                let (n, loc) = self.expect_ident()?;
                let arr = self.array_spec_opt()?;
                names.push((n, arr, loc));
                if !self.eat_punct(Punct::Comma) {
                    break;
                }
            }
            self.expect_punct(Punct::Semicolon)?;
            members.push(Member {
                ty: FullType { quals, spec },
                names,
            });
        }
        Ok(members)
    }

    /// A declaration, or (at global scope) a function definition.
    pub(super) fn declaration_or_function(
        &mut self,
        global: bool,
    ) -> PResult<Option<ExternalDecl>> {
        if self.at_kw(Kw::Precision) {
            let loc = self.bump().loc;
            let precision = match self.peek() {
                Tok::Kw(Kw::Lowp) => Precision::Lowp,
                Tok::Kw(Kw::Mediump) => Precision::Mediump,
                Tok::Kw(Kw::Highp) => Precision::Highp,
                _ => return Err(self.unexpected("a precision qualifier")),
            };
            self.bump();
            let ty = self.type_spec()?;
            self.expect_punct(Punct::Semicolon)?;
            return Ok(Some(ExternalDecl::Decl(Declaration::Precision {
                precision,
                ty,
                loc,
            })));
        }
        let qloc = self.loc();
        let quals = self.qualifiers()?;
        if !quals.is_empty() {
            if self.at_punct(Punct::Semicolon) {
                self.bump();
                return Ok(Some(ExternalDecl::Decl(Declaration::Defaults {
                    quals,
                    loc: qloc,
                })));
            }
            if let Tok::Ident(s) = self.peek()
                && !self.is_type_name(s)
            {
                match self.peek_at(1) {
                    Tok::Punct(Punct::LBrace) => {
                        return Ok(Some(ExternalDecl::Decl(Declaration::Block(
                            self.block(quals)?,
                        ))));
                    }
                    Tok::Punct(Punct::Semicolon | Punct::Comma) => {
                        let mut names = Vec::new();
                        loop {
                            names.push(self.expect_ident()?);
                            if !self.eat_punct(Punct::Comma) {
                                break;
                            }
                        }
                        self.expect_punct(Punct::Semicolon)?;
                        return Ok(Some(ExternalDecl::Decl(Declaration::Redeclare {
                            quals,
                            names,
                        })));
                    }
                    _ => {}
                }
            }
        }
        let spec = self.type_spec()?;
        let ty = FullType { quals, spec };
        if self.eat_punct(Punct::Semicolon) {
            return Ok(Some(ExternalDecl::Decl(Declaration::Vars {
                ty,
                vars: Vec::new(),
            })));
        }
        let (name, loc) = self.expect_ident()?;
        if self.at_punct(Punct::LParen) {
            let params = self.params()?;
            // `subroutine void f();` declares a subroutine type.
            let is_subroutine_type = ty
                .quals
                .iter()
                .any(|q| matches!(q, crate::ast::Qualifier::Subroutine(v, _) if v.is_empty()));
            self.declare(name, is_subroutine_type);
            let proto = FunctionProto {
                ret: ty,
                name,
                loc,
                params,
            };
            if self.at_punct(Punct::LBrace) {
                if !global {
                    self.error(
                        self.loc(),
                        "function definitions are not allowed inside functions",
                    );
                    return Err(Reported);
                }
                let body = self.function_body(&proto)?;
                return Ok(Some(ExternalDecl::Function(FunctionDef { proto, body })));
            }
            self.expect_punct(Punct::Semicolon)?;
            return Ok(Some(ExternalDecl::Decl(Declaration::Prototype(proto))));
        }
        let vars = self.init_declarators(name, loc)?;
        Ok(Some(ExternalDecl::Decl(Declaration::Vars { ty, vars })))
    }

    /// The declarators after the first name, through the closing `;`.
    fn init_declarators(
        &mut self,
        first: crate::names::Sym,
        first_loc: crate::Loc,
    ) -> PResult<Vec<InitDeclarator>> {
        let mut vars = Vec::new();
        let (mut name, mut loc) = (first, first_loc);
        loop {
            let array = self.array_spec_opt()?;
            let init = if self.eat_punct(Punct::Assign) {
                Some(self.initializer()?)
            } else {
                None
            };
            self.declare(name, false);
            vars.push(InitDeclarator {
                name,
                array,
                init,
                loc,
            });
            if !self.eat_punct(Punct::Comma) {
                break;
            }
            (name, loc) = self.expect_ident()?;
        }
        self.expect_punct(Punct::Semicolon)?;
        Ok(vars)
    }

    fn initializer(&mut self) -> PResult<Initializer> {
        if !self.at_punct(Punct::LBrace) {
            return Ok(Initializer::Expr(self.assignment()?));
        }
        let loc = self.bump().loc;
        if !self.version.at_least(420, 0) && !self.has(Ext::ARB_shading_language_420pack) {
            self.error(
                loc,
                "initializer lists require GLSL 4.20 or GL_ARB_shading_language_420pack",
            );
        }
        self.enter()?;
        let mut items = Vec::new();
        loop {
            match self.initializer() {
                Ok(i) => items.push(i),
                Err(e) => {
                    self.leave();
                    return Err(e);
                }
            }
            if !self.eat_punct(Punct::Comma) || self.at_punct(Punct::RBrace) {
                break;
            }
        }
        self.leave();
        self.expect_punct(Punct::RBrace)?;
        Ok(Initializer::List(items, loc))
    }

    fn block(&mut self, quals: Vec<Qualifier>) -> PResult<Block> {
        let (name, loc) = self.expect_ident()?;
        self.expect_punct(Punct::LBrace)?;
        let members = self.members()?;
        let instance = match self.peek() {
            Tok::Ident(s) => {
                let iloc = self.bump().loc;
                let arr = self.array_spec_opt()?;
                self.declare(s, false);
                Some((s, arr, iloc))
            }
            _ => {
                for m in &members {
                    for (n, _, _) in &m.names {
                        self.declare(*n, false);
                    }
                }
                None
            }
        };
        self.expect_punct(Punct::Semicolon)?;
        Ok(Block {
            quals,
            name,
            members,
            instance,
            loc,
        })
    }

    /// `( params )` of a prototype.
    fn params(&mut self) -> PResult<Vec<Param>> {
        self.expect_punct(Punct::LParen)?;
        let mut params = Vec::new();
        if self.eat_punct(Punct::RParen) {
            return Ok(params);
        }
        if self.at_kw(Kw::Void) && self.peek_at(1) == Tok::Punct(Punct::RParen) {
            self.bump();
            self.bump();
            return Ok(params);
        }
        loop {
            let loc = self.loc();
            let quals = self.qualifiers()?;
            let spec = self.type_spec()?;
            let (name, array) = match self.peek() {
                Tok::Ident(s) => {
                    self.bump();
                    (Some(s), self.array_spec_opt()?)
                }
                _ => (None, None),
            };
            params.push(Param {
                ty: FullType { quals, spec },
                name,
                array,
                loc,
            });
            if !self.eat_punct(Punct::Comma) {
                break;
            }
        }
        self.expect_punct(Punct::RParen)?;
        Ok(params)
    }

    fn function_body(&mut self, proto: &FunctionProto) -> PResult<Vec<crate::ast::Stmt>> {
        self.expect_punct(Punct::LBrace)?;
        self.push_scope();
        for p in &proto.params {
            if let Some(n) = p.name {
                self.declare(n, false);
            }
        }
        let body = self.statement_list();
        self.pop_scope();
        Ok(body)
    }
}
