//! The syntax tree the parser builds: declarations, statements, and
//! expressions in an arena.
//!
//! Expressions live in `TranslationUnit::exprs` and refer to each other by
//! `ExprId` (a `u32` index), so a 262,144-operand expression is a flat vector
//! — dropping or walking it needs no deep recursion (walk with an explicit
//! stack). Statements nest as ordinary owned values; the parser bounds their
//! depth. Names are interned `Sym`s resolved through `TranslationUnit::names`.
//! Nothing here is typed yet: qualifiers are kept as written (in order, with
//! locations) so that semantic analysis can apply each version's ordering
//! and repetition rules and report them at the right place.

use crate::diag::Loc;
use crate::keywords::BuiltinType;
use crate::names::{Names, Sym};

/// A handle to an expression in `TranslationUnit::exprs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExprId(pub u32);

/// A whole shader.
#[derive(Debug)]
pub struct TranslationUnit {
    /// Top-level declarations and function definitions, in order.
    pub items: Vec<ExternalDecl>,
    /// The expression arena.
    pub exprs: Vec<Expr>,
    /// Interned names.
    pub names: Names,
}

impl TranslationUnit {
    /// A translation unit with nothing in it.
    pub fn empty(names: Names) -> TranslationUnit {
        TranslationUnit {
            items: Vec::new(),
            exprs: Vec::new(),
            names,
        }
    }

    /// The expression `id`.
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.0 as usize]
    }
}

/// A top-level item.
#[derive(Debug)]
pub enum ExternalDecl {
    /// A function with a body.
    Function(FunctionDef),
    /// Any declaration.
    Decl(Declaration),
}

/// A function definition.
#[derive(Debug)]
pub struct FunctionDef {
    /// Its prototype.
    pub proto: FunctionProto,
    /// Its body.
    pub body: Vec<Stmt>,
}

/// A function prototype (`vec4 f(in float x, out int y[2])`).
#[derive(Debug)]
pub struct FunctionProto {
    /// Return type with qualifiers.
    pub ret: FullType,
    /// The function's name.
    pub name: Sym,
    /// Where the name is.
    pub loc: Loc,
    /// Parameters (empty for `()` and `(void)`).
    pub params: Vec<Param>,
}

/// A function parameter.
#[derive(Debug)]
pub struct Param {
    /// Type and qualifiers.
    pub ty: FullType,
    /// Name, if given.
    pub name: Option<Sym>,
    /// Array dimensions after the name.
    pub array: Option<ArraySpec>,
    /// Where.
    pub loc: Loc,
}

/// A type with its qualifiers.
#[derive(Debug)]
pub struct FullType {
    /// Qualifiers in written order.
    pub quals: Vec<Qualifier>,
    /// The type.
    pub spec: TypeSpec,
}

/// A type specifier (`vec4`, `S`, `struct { ... }`, `float[3]`).
#[derive(Debug)]
pub struct TypeSpec {
    /// Which type.
    pub kind: TypeKind,
    /// Array dimensions written after the type.
    pub array: Option<ArraySpec>,
    /// Where.
    pub loc: Loc,
}

/// The type named by a type specifier.
#[derive(Debug)]
pub enum TypeKind {
    /// `void`.
    Void,
    /// A built-in type.
    Builtin(BuiltinType),
    /// A struct definition.
    Struct(StructDef),
    /// A struct or subroutine type by name.
    Named(Sym),
}

/// Array dimensions: `[3][]` is `[Some(3), None]`.
#[derive(Debug)]
pub struct ArraySpec {
    /// Sizes, outermost first; `None` for `[]`.
    pub dims: Vec<Option<ExprId>>,
    /// Where the first `[` is.
    pub loc: Loc,
}

/// `struct name { members };`
#[derive(Debug)]
pub struct StructDef {
    /// Tag (absent for anonymous structs).
    pub name: Option<Sym>,
    /// Members.
    pub members: Vec<Member>,
    /// Where `struct` is.
    pub loc: Loc,
}

/// A struct or block member declaration (`layout(offset = 4) vec4 a, b[2];`).
#[derive(Debug)]
pub struct Member {
    /// Type and qualifiers.
    pub ty: FullType,
    /// Declared names with their array dimensions.
    pub names: Vec<(Sym, Option<ArraySpec>, Loc)>,
}

/// A type qualifier as written.
#[derive(Debug, Clone)]
pub enum Qualifier {
    /// Storage and auxiliary storage qualifiers.
    Storage(Storage, Loc),
    /// `layout(...)`.
    Layout(Vec<LayoutId>, Loc),
    /// `lowp`, `mediump`, `highp`.
    Precision(Precision, Loc),
    /// `smooth`, `flat`, `noperspective`.
    Interp(Interp, Loc),
    /// `invariant`.
    Invariant(Loc),
    /// `precise`.
    Precise(Loc),
    /// `coherent`, `volatile`, `restrict`, `readonly`, `writeonly`.
    Memory(Memory, Loc),
    /// `subroutine` or `subroutine(type, ...)`.
    Subroutine(Vec<Sym>, Loc),
}

impl Qualifier {
    /// Where the qualifier is.
    pub fn loc(&self) -> Loc {
        match self {
            Qualifier::Storage(_, l)
            | Qualifier::Layout(_, l)
            | Qualifier::Precision(_, l)
            | Qualifier::Interp(_, l)
            | Qualifier::Invariant(l)
            | Qualifier::Precise(l)
            | Qualifier::Memory(_, l)
            | Qualifier::Subroutine(_, l) => *l,
        }
    }
}

/// Storage and auxiliary qualifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[expect(missing_docs, reason = "each variant is the keyword of the same name")]
pub enum Storage {
    Const,
    In,
    Out,
    Inout,
    Uniform,
    Buffer,
    Shared,
    Attribute,
    Varying,
    Centroid,
    Patch,
    Sample,
}

/// Precision qualifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[expect(missing_docs, reason = "each variant is the keyword of the same name")]
pub enum Precision {
    Lowp,
    Mediump,
    Highp,
}

/// Interpolation qualifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[expect(missing_docs, reason = "each variant is the keyword of the same name")]
pub enum Interp {
    Smooth,
    Flat,
    Noperspective,
}

/// Memory qualifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[expect(missing_docs, reason = "each variant is the keyword of the same name")]
pub enum Memory {
    Coherent,
    Volatile,
    Restrict,
    Readonly,
    Writeonly,
}

/// One `layout` identifier, with its value if it has one.
#[derive(Debug, Clone)]
pub struct LayoutId {
    /// The identifier (`shared`, `packed` and `row_major` included).
    pub name: Sym,
    /// `= value`.
    pub value: Option<ExprId>,
    /// Where.
    pub loc: Loc,
}

/// A declaration (global or in a function).
#[derive(Debug)]
pub enum Declaration {
    /// A function prototype.
    Prototype(FunctionProto),
    /// Variables (possibly none: `struct S { ... };`, `float;`).
    Vars {
        /// The type of all declarators.
        ty: FullType,
        /// The declarators.
        vars: Vec<InitDeclarator>,
    },
    /// `precision highp float;`
    Precision {
        /// The precision.
        precision: Precision,
        /// The type it applies to.
        ty: TypeSpec,
        /// Where `precision` is.
        loc: Loc,
    },
    /// An interface block.
    Block(Block),
    /// Qualifiers applied to existing names (`invariant gl_Position;`,
    /// `precise x, y;`).
    Redeclare {
        /// The qualifiers.
        quals: Vec<Qualifier>,
        /// The names.
        names: Vec<(Sym, Loc)>,
    },
    /// Qualifiers alone (`layout(triangles) in;`, `layout(std140) uniform;`).
    Defaults {
        /// The qualifiers.
        quals: Vec<Qualifier>,
        /// Where.
        loc: Loc,
    },
}

/// One declarator of a variable declaration.
#[derive(Debug)]
pub struct InitDeclarator {
    /// The name.
    pub name: Sym,
    /// Array dimensions after the name.
    pub array: Option<ArraySpec>,
    /// Initializer.
    pub init: Option<Initializer>,
    /// Where the name is.
    pub loc: Loc,
}

/// An initializer.
#[derive(Debug)]
pub enum Initializer {
    /// `= expr`.
    Expr(ExprId),
    /// `= { ... }` (GLSL 4.20 / ARB_shading_language_420pack).
    List(Vec<Initializer>, Loc),
}

/// An interface block (`uniform Block { ... } name[2];`).
#[derive(Debug)]
pub struct Block {
    /// Qualifiers before the block name.
    pub quals: Vec<Qualifier>,
    /// The block name.
    pub name: Sym,
    /// Members.
    pub members: Vec<Member>,
    /// Instance name and its array dimensions.
    pub instance: Option<(Sym, Option<ArraySpec>, Loc)>,
    /// Where the block name is.
    pub loc: Loc,
}

/// A statement.
#[derive(Debug)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Where it starts.
    pub loc: Loc,
}

/// Statement kinds.
#[derive(Debug)]
pub enum StmtKind {
    /// `{ ... }`.
    Compound(Vec<Stmt>),
    /// A declaration.
    Decl(Declaration),
    /// `expr;` or `;`.
    Expr(Option<ExprId>),
    /// `if (c1) s1 else if (c2) s2 ... else s`: an else-if chain is kept
    /// flat (any length costs no nesting).
    If {
        /// Conditions and their branches, in order.
        branches: Vec<(ExprId, Stmt)>,
        /// The final `else` branch.
        otherwise: Option<Box<Stmt>>,
    },
    /// `switch (e) { ... }`.
    Switch {
        /// Selector.
        expr: ExprId,
        /// Body statements, `case` labels included.
        body: Vec<Stmt>,
    },
    /// `case e:`.
    Case(ExprId),
    /// `default:`.
    Default,
    /// `while (c) body`.
    While {
        /// Condition.
        cond: Condition,
        /// Body.
        body: Box<Stmt>,
    },
    /// `do body while (c);`.
    DoWhile {
        /// Body.
        body: Box<Stmt>,
        /// Condition.
        cond: ExprId,
    },
    /// `for (init; cond; step) body`.
    For {
        /// Initialization statement (declaration or expression).
        init: Box<Stmt>,
        /// Condition.
        cond: Option<Condition>,
        /// Step expression.
        step: Option<ExprId>,
        /// Body.
        body: Box<Stmt>,
    },
    /// `break;`
    Break,
    /// `continue;`
    Continue,
    /// `return;` / `return e;`
    Return(Option<ExprId>),
    /// `discard;`
    Discard,
    /// `demote;` (EXT_demote_to_helper_invocation).
    Demote,
}

/// A loop condition: an expression or a declaration with initializer.
#[derive(Debug)]
pub enum Condition {
    /// An expression.
    Expr(ExprId),
    /// `type name = init`.
    Decl {
        /// Its type.
        ty: FullType,
        /// Its name.
        name: Sym,
        /// Where the name is.
        loc: Loc,
        /// Its initializer.
        init: ExprId,
    },
}

/// An expression node.
#[derive(Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where (the operator for operations, the token for leaves).
    pub loc: Loc,
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[expect(missing_docs, reason = "each variant is the operator of the same name")]
pub enum BinOp {
    Mul,
    Div,
    Mod,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogicalAnd,
    LogicalXor,
    LogicalOr,
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[expect(missing_docs, reason = "each variant is the operator of the same name")]
pub enum UnOp {
    Plus,
    Neg,
    Not,
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

/// Assignment operators (`None` is plain `=`).
pub type AssignOp = Option<BinOp>;

/// Expression kinds.
#[derive(Debug)]
pub enum ExprKind {
    /// A name.
    Ident(Sym),
    /// `int` literal.
    Int(u32),
    /// `uint` literal.
    Uint(u32),
    /// `int64_t` literal.
    Int64(u64),
    /// `uint64_t` literal.
    Uint64(u64),
    /// `float` literal.
    Float(f32),
    /// `double` literal.
    Double(f64),
    /// `true` / `false`.
    Bool(bool),
    /// A unary operation.
    Unary(UnOp, ExprId),
    /// A binary operation.
    Binary(BinOp, ExprId, ExprId),
    /// `a = b`, `a += b`, ...
    Assign(AssignOp, ExprId, ExprId),
    /// `c ? a : b`.
    Ternary(ExprId, ExprId, ExprId),
    /// `a, b`.
    Comma(ExprId, ExprId),
    /// `a[i]`.
    Index(ExprId, ExprId),
    /// `a.name` (field or swizzle).
    Field(ExprId, Sym),
    /// `f(args)`: a function call.
    Call(Sym, Vec<ExprId>),
    /// `T(args)`: a constructor of a built-in, struct or array type.
    Construct(Box<TypeSpec>, Vec<ExprId>),
    /// `e(args)` where `e` is not a name: calls through subroutine uniform
    /// arrays (`f[i]()`, ARB_shader_subroutine).
    CallExpr(ExprId, Vec<ExprId>),
    /// `a.f(args)`: a method (`length()`).
    Method(ExprId, Sym, Vec<ExprId>),
    /// Something that did not parse (already reported).
    Error,
}
