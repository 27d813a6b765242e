//! The text form: a printer and a parser that round-trip
//! (`print(parse(print(s))) == print(s)`). Filetests, `--dump-ir` and error
//! messages use it. The grammar is line-oriented; `;` starts a comment.
//!
//! ```text
//! shader fragment
//! mode early_fragment_tests
//! texture "tex" 2d f32 binding 0                       ; texture index 0
//! var v0 "color" input location 0 component 0 smooth center : f32x4
//! var v1 "frag" output location 0 component 0 index 0 : f32x4
//! var v2 "ubo" ubo binding 0 : { f32x4 offset 0, [4 x f32 stride 16] offset 16 }
//! var v3 "t" local f0 : f32
//! func f0 "main" () {
//!   %0: f32x4 = load v0
//!   %1: f32x2 = swizzle %0, xy
//!   %2: f32x4 = tex sample t0 s0 coord %1
//!   %3: f32 = load v2[1][2]
//!   %4: f32x4 = construct %3, %3, %3, %3
//!   %5: f32x4 = fmul %2, %4
//!   %6: bool = sysval front_facing
//!   if %6 {
//!     store v1, %5
//!   } else {
//!     discard
//!   }
//! }
//! entry f0
//! ```
//!
//! Values are renumbered `%0, %1, ...` in definition order when printed, so
//! the text of a shader does not depend on arena garbage. Variables and
//! functions print with their arena index (`v3`, `f0`) and must be declared
//! in order. Finite floats print in Rust's shortest round-trip decimal form;
//! infinities and NaNs as raw bits (`0x7fc00000`), so constants are exact.

use crate::*;
use std::collections::{HashMap, HashSet};
use std::fmt::{self, Write};

// ---- printer ---------------------------------------------------------------

/// Prints the whole shader.
pub fn print(shader: &Shader) -> String {
    let mut p = Printer {
        s: shader,
        out: String::new(),
        names: HashMap::new(),
        visited: HashSet::new(),
    };
    p.shader();
    p.out
}

/// The printed line of instruction `v` of function `func`, with values
/// numbered as [`print()`] numbers them (for error messages).
pub fn inst_text(shader: &Shader, func: FuncId, v: Value) -> String {
    let Some(f) = shader.funcs.get(func) else {
        return String::new();
    };
    let mut p = Printer {
        s: shader,
        out: String::new(),
        names: HashMap::new(),
        visited: HashSet::new(),
    };
    p.block(f, f.body, 0);
    p.inst(f, v)
}

impl fmt::Display for Shader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print(self))
    }
}

struct Printer<'a> {
    s: &'a Shader,
    out: String,
    names: HashMap<Value, usize>,
    /// Blocks already printed: a malformed tree that shares or cycles
    /// blocks prints a marker instead of recursing forever.
    visited: HashSet<BlockId>,
}

/// Writes a type expression.
pub fn type_text(types: &Types, ty: TypeId) -> String {
    match types.get(ty) {
        None => format!("<bad type {}>", ty.index()),
        Some(Type::Value(v)) => v.to_string(),
        Some(Type::Array { elem, len, stride }) => {
            let mut s = String::from("[");
            if let Some(n) = len {
                write!(s, "{n} x ").unwrap();
            }
            s.push_str(&type_text(types, *elem));
            if let Some(st) = stride {
                write!(s, " stride {st}").unwrap();
            }
            s.push(']');
            s
        }
        Some(Type::Struct { members }) => {
            let parts: Vec<String> = members
                .iter()
                .map(|m| match m.offset {
                    Some(o) => format!("{} offset {o}", type_text(types, m.ty)),
                    None => type_text(types, m.ty),
                })
                .collect();
            format!("{{ {} }}", parts.join(", "))
        }
    }
}

/// Writes one lane of a constant of kind `s`.
pub fn lane_text(s: Scalar, x: u64) -> String {
    match s {
        Scalar::Bool => (if x != 0 { "true" } else { "false" }).into(),
        Scalar::F32 => {
            let f = f32::from_bits(x as u32);
            if f.is_finite() {
                format!("{f:?}")
            } else {
                format!("{:#010x}", x)
            }
        }
        Scalar::F64 => {
            let f = f64::from_bits(x);
            if f.is_finite() {
                format!("{f:?}")
            } else {
                format!("{:#018x}", x)
            }
        }
        Scalar::F16 => {
            let f = eval::f16_to_f32(x as u16);
            if f.is_finite() {
                format!("{f:?}")
            } else {
                format!("{:#06x}", x)
            }
        }
        Scalar::I32 | Scalar::I64 => eval::get_i(s, x).to_string(),
        Scalar::U32 | Scalar::U64 => x.to_string(),
    }
}

fn slot_text(slot: &Slot) -> String {
    match slot {
        Slot::Location {
            location,
            component,
        } => format!("location {location} component {component}"),
        Slot::Builtin(b) => format!("builtin {}", b.name()),
    }
}

impl Printer<'_> {
    fn shader(&mut self) {
        let s = self.s;
        writeln!(self.out, "shader {}", s.stage.name()).unwrap();
        for m in &s.modes {
            let text = match m {
                Mode::LocalSize([x, y, z]) => format!("local_size {x} {y} {z}"),
                Mode::EarlyFragmentTests => "early_fragment_tests".into(),
                Mode::InputPrimitive(p) => format!("input_primitive {}", p.name()),
                Mode::OutputPrimitive(p) => format!("output_primitive {}", p.name()),
                Mode::MaxVertices(n) => format!("max_vertices {n}"),
                Mode::Invocations(n) => format!("invocations {n}"),
                Mode::OutputVertices(n) => format!("output_vertices {n}"),
                Mode::OriginUpperLeft => "origin_upper_left".into(),
                Mode::PixelCenterInteger => "pixel_center_integer".into(),
                Mode::TessDomain(d) => format!("tess_domain {}", d.name()),
                Mode::TessSpacing(sp) => format!("tess_spacing {}", sp.name()),
                Mode::TessClockwise => "tess_cw".into(),
                Mode::TessPointMode => "tess_point_mode".into(),
            };
            writeln!(self.out, "mode {text}").unwrap();
        }
        for t in &s.textures {
            write!(self.out, "texture {:?} {}", t.name, t.dim.name()).unwrap();
            for (flag, word) in [
                (t.arrayed, "array"),
                (t.multisample, "ms"),
                (t.shadow, "shadow"),
            ] {
                if flag {
                    write!(self.out, " {word}").unwrap();
                }
            }
            writeln!(self.out, " {} binding {}", t.kind.name(), t.binding).unwrap();
        }
        for i in &s.images {
            write!(self.out, "image {:?} {}", i.name, i.dim.name()).unwrap();
            for (flag, word) in [(i.arrayed, "array"), (i.multisample, "ms")] {
                if flag {
                    write!(self.out, " {word}").unwrap();
                }
            }
            writeln!(
                self.out,
                " {} format {} binding {}",
                i.kind.name(),
                i.format,
                i.binding
            )
            .unwrap();
        }
        for (h, v) in s.vars.iter() {
            let kind = match &v.kind {
                VarKind::Local(f) => format!("local f{}", f.index()),
                VarKind::Private => "private".into(),
                VarKind::Input {
                    slot,
                    interp,
                    sampling,
                } => {
                    let i = match interp {
                        InterpMode::Smooth => "smooth",
                        InterpMode::Flat => "flat",
                        InterpMode::NoPerspective => "noperspective",
                    };
                    let p = match sampling {
                        Sampling::Center => "center",
                        Sampling::Centroid => "centroid",
                        Sampling::Sample => "sample",
                    };
                    format!("input {} {i} {p}", slot_text(slot))
                }
                VarKind::Output { slot, index } => {
                    format!("output {} index {index}", slot_text(slot))
                }
                VarKind::Uniform { offset, location } => match location {
                    Some(l) => format!("uniform offset {offset} location {l}"),
                    None => format!("uniform offset {offset}"),
                },
                VarKind::UniformBlock { binding } => format!("ubo binding {binding}"),
                VarKind::StorageBlock { binding, readonly } => {
                    format!(
                        "ssbo binding {binding}{}",
                        if *readonly { " readonly" } else { "" }
                    )
                }
                VarKind::Shared => "shared".into(),
                VarKind::AtomicCounter { binding, offset } => {
                    format!("counter binding {binding} offset {offset}")
                }
            };
            writeln!(
                self.out,
                "var v{} {:?} {kind} : {}",
                h.index(),
                v.name,
                type_text(&s.types, v.ty)
            )
            .unwrap();
        }
        for (h, f) in s.funcs.iter() {
            self.names.clear();
            self.visited.clear();
            let params: Vec<String> = f.params.iter().map(|t| t.to_string()).collect();
            write!(
                self.out,
                "func f{} {:?} ({})",
                h.index(),
                f.name,
                params.join(", ")
            )
            .unwrap();
            if let Some(r) = f.ret {
                write!(self.out, " -> {r}").unwrap();
            }
            self.out.push_str(" {\n");
            self.block(f, f.body, 1);
            self.out.push_str("}\n");
        }
        writeln!(self.out, "entry f{}", s.entry.index()).unwrap();
    }

    fn name(&mut self, v: Value) -> String {
        let n = self.names.len();
        format!("%{}", *self.names.entry(v).or_insert(n))
    }

    fn deref(&mut self, d: &Deref) -> String {
        let mut s = format!("v{}", d.var.index());
        for i in &d.path {
            match i {
                Index::Const(c) => write!(s, "[{c}]").unwrap(),
                Index::Value(v) => {
                    let n = self.name(*v);
                    write!(s, "[{n}]").unwrap()
                }
            }
        }
        s
    }

    fn list(&mut self, vs: &[Value]) -> String {
        vs.iter()
            .map(|v| self.name(*v))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn block(&mut self, f: &Function, b: BlockId, depth: usize) {
        let Some(block) = f.blocks.get(b).filter(|_| self.visited.insert(b)) else {
            writeln!(self.out, "{:1$}; <bad block {2}>", "", depth * 2, b.index()).unwrap();
            return;
        };
        for node in &block.nodes {
            let pad = " ".repeat(depth * 2);
            match node {
                Node::Inst(v) => {
                    let line = self.inst(f, *v);
                    writeln!(self.out, "{pad}{line}").unwrap();
                }
                Node::If { cond, then, else_ } => {
                    let c = self.name(*cond);
                    writeln!(self.out, "{pad}if {c} {{").unwrap();
                    self.block(f, *then, depth + 1);
                    if f.blocks.get(*else_).is_some_and(|e| !e.nodes.is_empty()) {
                        writeln!(self.out, "{pad}}} else {{").unwrap();
                        self.block(f, *else_, depth + 1);
                    }
                    writeln!(self.out, "{pad}}}").unwrap();
                }
                Node::Loop { body, cont } => {
                    writeln!(self.out, "{pad}loop {{").unwrap();
                    self.block(f, *body, depth + 1);
                    if f.blocks.get(*cont).is_some_and(|c| !c.nodes.is_empty()) {
                        writeln!(self.out, "{pad}}} continue {{").unwrap();
                        self.block(f, *cont, depth + 1);
                    }
                    writeln!(self.out, "{pad}}}").unwrap();
                }
                Node::Break => writeln!(self.out, "{pad}break").unwrap(),
                Node::Continue => writeln!(self.out, "{pad}continue").unwrap(),
                Node::Return(None) => writeln!(self.out, "{pad}return").unwrap(),
                Node::Return(Some(v)) => {
                    let n = self.name(*v);
                    writeln!(self.out, "{pad}return {n}").unwrap()
                }
                Node::Discard => writeln!(self.out, "{pad}discard").unwrap(),
            }
        }
    }

    fn inst(&mut self, f: &Function, v: Value) -> String {
        let Some(inst) = f.insts.get(v) else {
            return format!("; <bad instruction {}>", v.index());
        };
        let body = match &inst.op {
            Op::Const(bits) => {
                let t = inst.ty.unwrap_or(ValType::U32);
                let lanes: Vec<String> = bits[..t.n().min(4)]
                    .iter()
                    .map(|x| lane_text(t.scalar, *x))
                    .collect();
                format!("const {}", lanes.join(", "))
            }
            Op::Undef => "undef".into(),
            Op::Param(n) => format!("param {n}"),
            Op::Alu(op, args) => format!("{} {}", op.name(), self.list(args)),
            Op::Swizzle(a, idx) => {
                let n = inst.ty.map_or(1, |t| t.n());
                let letters: String = idx[..n]
                    .iter()
                    .map(|i| b"xyzw"[(*i & 3) as usize] as char)
                    .collect();
                format!("swizzle {}, {letters}", self.name(*a))
            }
            Op::Insert(a, s, lane) => {
                format!("insert {}, {}, {lane}", self.name(*a), self.name(*s))
            }
            Op::Construct(parts) => format!("construct {}", self.list(parts)),
            Op::Load(d) => format!("load {}", self.deref(d)),
            Op::Store(d, x) => format!("store {}, {}", self.deref(d), self.name(*x)),
            Op::ArrayLength(d) => format!("array_length {}", self.deref(d)),
            Op::Atomic(op, d, args) => format!(
                "atomic {} {}, {}",
                op.name(),
                self.deref(d),
                self.list(args)
            ),
            Op::Interpolate(at, d, args) => format!(
                "interpolate {} {}, {}",
                at.name(),
                self.deref(d),
                self.list(args)
            ),
            Op::Tex(t) => {
                let mut s = format!("tex {} t{} s{}", t.kind.name(), t.texture, t.sampler);
                for (name, operand) in TEX_OPERANDS.iter().zip(t.operands()) {
                    if let Some(x) = operand {
                        let n = self.name(x);
                        write!(s, " {name} {n}").unwrap();
                    }
                }
                if t.kind == TexKind::Gather {
                    write!(s, " component {}", t.component).unwrap();
                }
                if t.shadow_vec4 {
                    s.push_str(" shadow_vec4");
                }
                s
            }
            Op::Image(im) => {
                let mut s = format!("image {} i{}", im.kind.name(), im.image);
                for (name, operand) in IMAGE_OPERANDS.iter().zip(im.operands()) {
                    if let Some(x) = operand {
                        let n = self.name(x);
                        write!(s, " {name} {n}").unwrap();
                    }
                }
                s
            }
            Op::System(sv) => format!("sysval {}", sv.name()),
            Op::Deriv(d, a) => format!("{} {}", d.name(), self.name(*a)),
            Op::Barrier(b) => {
                let mut s = String::from("barrier");
                if b.control {
                    s.push_str(" control");
                }
                for (bit, name) in Barrier::NAMES.iter().enumerate() {
                    if b.memory & (1 << bit) != 0 {
                        write!(s, " {name}").unwrap();
                    }
                }
                s
            }
            Op::EmitVertex(n) => format!("emit_vertex {n}"),
            Op::EndPrimitive(n) => format!("end_primitive {n}"),
            Op::Demote => "demote".into(),
            Op::Call(func, args) if args.is_empty() => format!("call f{}", func.index()),
            Op::Call(func, args) => format!("call f{} {}", func.index(), self.list(args)),
        };
        match inst.ty {
            Some(t) => format!("{}: {t} = {body}", self.name(v)),
            None => body,
        }
    }
}

// ---- parser ----------------------------------------------------------------

/// A parse error with its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Line number (1-based).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Val(u32),
    Ident(String),
    Num(String),
    Str(String),
    Punct(char),
    Arrow,
}

fn lex(line: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = line.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == ';' {
            break;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c == '%' {
            i += 1;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let n: String = chars[start + 1..i].iter().collect();
            toks.push(Tok::Val(
                n.parse().map_err(|_| format!("bad value name %{n}"))?,
            ));
        } else if c == '"' {
            i += 1;
            let mut s = String::new();
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    i += 1;
                }
                s.push(chars[i]);
                i += 1;
            }
            if i >= chars.len() {
                return Err("unterminated string".into());
            }
            i += 1;
            toks.push(Tok::Str(s));
        } else if c == '-' && chars.get(i + 1) == Some(&'>') {
            i += 2;
            toks.push(Tok::Arrow);
        } else if c.is_ascii_digit()
            || (c == '-' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            i += 1;
            while i < chars.len() {
                let d = chars[i];
                let exp_sign = (d == '-' || d == '+')
                    && matches!(chars[i - 1], 'e' | 'E')
                    && !chars[start..i].contains(&'x');
                if d.is_ascii_alphanumeric() || d == '.' || exp_sign {
                    i += 1;
                } else {
                    break;
                }
            }
            toks.push(Tok::Num(chars[start..i].iter().collect()));
        } else if c.is_ascii_alphabetic() || c == '_' {
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            toks.push(Tok::Ident(chars[start..i].iter().collect()));
        } else if "=:,(){}[]".contains(c) {
            i += 1;
            toks.push(Tok::Punct(c));
        } else {
            return Err(format!("unexpected character {c:?}"));
        }
    }
    Ok(toks)
}

/// Parses the text form. The result is not validated: run
/// [`crate::valid::validate`] on it.
pub fn parse(src: &str) -> Result<Shader, ParseError> {
    let mut lines = Vec::new();
    for (n, line) in src.lines().enumerate() {
        let toks = lex(line).map_err(|message| ParseError {
            line: n + 1,
            message,
        })?;
        if !toks.is_empty() {
            lines.push((n + 1, toks));
        }
    }
    let mut p = Parser {
        lines,
        line: 0,
        pos: 0,
        shader: Shader::new(Stage::Vertex),
        values: HashMap::new(),
        func: None,
    };
    p.shader.funcs = Arena::new();
    p.parse_shader().map_err(|message| ParseError {
        line: p.lines.get(p.line).map_or(src.lines().count(), |l| l.0),
        message,
    })?;
    Ok(p.shader)
}

type PResult<T> = Result<T, String>;

struct Parser {
    lines: Vec<(usize, Vec<Tok>)>,
    line: usize,
    pos: usize,
    shader: Shader,
    values: HashMap<u32, Value>,
    func: Option<FuncId>,
}

/// How a block's last line closed it.
#[derive(PartialEq)]
enum Closer {
    End,
    Else,
    Continue,
}

impl Parser {
    fn toks(&self) -> &[Tok] {
        self.lines.get(self.line).map_or(&[], |l| &l.1)
    }
    fn peek(&self) -> Option<&Tok> {
        self.toks().get(self.pos)
    }
    fn next(&mut self) -> PResult<Tok> {
        let t = self.peek().cloned().ok_or("unexpected end of line")?;
        self.pos += 1;
        Ok(t)
    }
    fn next_line(&mut self) {
        self.line += 1;
        self.pos = 0;
    }
    fn at_end(&self) -> bool {
        self.pos >= self.toks().len()
    }
    fn end_line(&mut self) -> PResult<()> {
        if !self.at_end() {
            return Err(format!("unexpected {:?}", self.peek().unwrap()));
        }
        self.next_line();
        Ok(())
    }
    fn ident(&mut self) -> PResult<String> {
        match self.next()? {
            Tok::Ident(s) => Ok(s),
            // Words that start with a digit: `2d`, `3d`.
            Tok::Num(s) if s.bytes().any(|b| b.is_ascii_alphabetic()) => Ok(s),
            t => Err(format!("expected a word, got {t:?}")),
        }
    }
    fn is_ident(&self, word: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(s)) if s == word)
    }
    fn eat_ident(&mut self, word: &str) -> bool {
        let yes = self.is_ident(word);
        if yes {
            self.pos += 1;
        }
        yes
    }
    fn expect_ident(&mut self, word: &str) -> PResult<()> {
        if self.eat_ident(word) {
            Ok(())
        } else {
            Err(format!("expected `{word}`"))
        }
    }
    fn punct(&mut self, c: char) -> PResult<()> {
        match self.next()? {
            Tok::Punct(p) if p == c => Ok(()),
            t => Err(format!("expected `{c}`, got {t:?}")),
        }
    }
    fn eat_punct(&mut self, c: char) -> bool {
        let yes = self.peek() == Some(&Tok::Punct(c));
        if yes {
            self.pos += 1;
        }
        yes
    }
    fn string(&mut self) -> PResult<String> {
        match self.next()? {
            Tok::Str(s) => Ok(s),
            t => Err(format!("expected a string, got {t:?}")),
        }
    }
    fn num<T: std::str::FromStr>(&mut self) -> PResult<T> {
        match self.next()? {
            Tok::Num(s) => s.parse().map_err(|_| format!("bad number {s}")),
            t => Err(format!("expected a number, got {t:?}")),
        }
    }
    /// A word with a one-letter prefix and an index: `v3`, `f0`, `t1`.
    fn indexed(&mut self, prefix: char) -> PResult<u32> {
        let w = self.ident()?;
        w.strip_prefix(prefix)
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("expected {prefix}N, got {w}"))
    }
    fn enum_word<T>(&mut self, what: &str, f: impl Fn(&str) -> Option<T>) -> PResult<T> {
        let w = self.ident()?;
        f(&w).ok_or_else(|| format!("unknown {what} `{w}`"))
    }

    fn val_type(&mut self) -> PResult<ValType> {
        let w = self.ident()?;
        w.parse().map_err(|_| format!("unknown type `{w}`"))
    }

    fn type_expr(&mut self) -> PResult<TypeId> {
        let ty = if self.eat_punct('[') {
            let len = if matches!(self.peek(), Some(Tok::Num(_))) {
                let n = self.num()?;
                self.expect_ident("x")?;
                Some(n)
            } else {
                None
            };
            let elem = self.type_expr()?;
            let stride = if self.eat_ident("stride") {
                Some(self.num()?)
            } else {
                None
            };
            self.punct(']')?;
            Type::Array { elem, len, stride }
        } else if self.eat_punct('{') {
            let mut members = Vec::new();
            loop {
                let ty = self.type_expr()?;
                let offset = if self.eat_ident("offset") {
                    Some(self.num()?)
                } else {
                    None
                };
                members.push(Member { ty, offset });
                if !self.eat_punct(',') {
                    break;
                }
            }
            self.punct('}')?;
            Type::Struct { members }
        } else {
            Type::Value(self.val_type()?)
        };
        Ok(self.shader.types.intern(ty))
    }

    fn parse_shader(&mut self) -> PResult<()> {
        self.expect_ident("shader")?;
        self.shader.stage = self.enum_word("stage", |w| {
            Stage::ALL.iter().copied().find(|s| s.name() == w)
        })?;
        self.end_line()?;
        let mut entry = None;
        while self.line < self.lines.len() {
            let w = self.ident()?;
            match w.as_str() {
                "mode" => self.mode()?,
                "texture" => self.texture()?,
                "image" => self.image_decl()?,
                "var" => self.var()?,
                "func" => {
                    self.func()?;
                    continue;
                }
                "entry" => entry = Some(Handle::new(self.indexed('f')?)),
                _ => return Err(format!("unexpected `{w}` at top level")),
            }
            self.end_line()?;
        }
        if self.shader.funcs.is_empty() {
            return Err("no functions".into());
        }
        self.shader.entry = entry.unwrap_or(Handle::new(0));
        Ok(())
    }

    fn mode(&mut self) -> PResult<()> {
        let w = self.ident()?;
        let m = match w.as_str() {
            "local_size" => Mode::LocalSize([self.num()?, self.num()?, self.num()?]),
            "early_fragment_tests" => Mode::EarlyFragmentTests,
            "input_primitive" => {
                Mode::InputPrimitive(self.enum_word("primitive", Primitive::from_name)?)
            }
            "output_primitive" => {
                Mode::OutputPrimitive(self.enum_word("primitive", Primitive::from_name)?)
            }
            "max_vertices" => Mode::MaxVertices(self.num()?),
            "invocations" => Mode::Invocations(self.num()?),
            "output_vertices" => Mode::OutputVertices(self.num()?),
            "origin_upper_left" => Mode::OriginUpperLeft,
            "pixel_center_integer" => Mode::PixelCenterInteger,
            "tess_domain" => Mode::TessDomain(self.enum_word("domain", TessDomain::from_name)?),
            "tess_spacing" => Mode::TessSpacing(self.enum_word("spacing", TessSpacing::from_name)?),
            "tess_cw" => Mode::TessClockwise,
            "tess_point_mode" => Mode::TessPointMode,
            _ => return Err(format!("unknown mode `{w}`")),
        };
        self.shader.modes.push(m);
        Ok(())
    }

    fn texture(&mut self) -> PResult<()> {
        let name = self.string()?;
        let dim = self.enum_word("dimension", Dim::from_name)?;
        let arrayed = self.eat_ident("array");
        let multisample = self.eat_ident("ms");
        let shadow = self.eat_ident("shadow");
        let kind = self.enum_word("scalar", Scalar::from_name)?;
        self.expect_ident("binding")?;
        let binding = self.num()?;
        self.shader.textures.push(TextureDecl {
            name,
            dim,
            arrayed,
            multisample,
            shadow,
            kind,
            binding,
        });
        Ok(())
    }

    fn image_decl(&mut self) -> PResult<()> {
        let name = self.string()?;
        let dim = self.enum_word("dimension", Dim::from_name)?;
        let arrayed = self.eat_ident("array");
        let multisample = self.eat_ident("ms");
        let kind = self.enum_word("scalar", Scalar::from_name)?;
        self.expect_ident("format")?;
        let format = self.num()?;
        self.expect_ident("binding")?;
        let binding = self.num()?;
        self.shader.images.push(ImageDecl {
            name,
            dim,
            arrayed,
            multisample,
            kind,
            format,
            binding,
        });
        Ok(())
    }

    fn slot(&mut self) -> PResult<Slot> {
        if self.eat_ident("builtin") {
            return Ok(Slot::Builtin(
                self.enum_word("builtin", Builtin::from_name)?,
            ));
        }
        self.expect_ident("location")?;
        let location = self.num()?;
        self.expect_ident("component")?;
        Ok(Slot::Location {
            location,
            component: self.num()?,
        })
    }

    fn var(&mut self) -> PResult<()> {
        let index = self.indexed('v')?;
        if index as usize != self.shader.vars.len() {
            return Err(format!(
                "variables must be numbered in order: expected v{}",
                self.shader.vars.len()
            ));
        }
        let name = self.string()?;
        let w = self.ident()?;
        let kind = match w.as_str() {
            "local" => VarKind::Local(Handle::new(self.indexed('f')?)),
            "private" => VarKind::Private,
            "input" => {
                let slot = self.slot()?;
                let interp = match self.ident()?.as_str() {
                    "smooth" => InterpMode::Smooth,
                    "flat" => InterpMode::Flat,
                    "noperspective" => InterpMode::NoPerspective,
                    w => return Err(format!("unknown interpolation `{w}`")),
                };
                let sampling = match self.ident()?.as_str() {
                    "center" => Sampling::Center,
                    "centroid" => Sampling::Centroid,
                    "sample" => Sampling::Sample,
                    w => return Err(format!("unknown sampling `{w}`")),
                };
                VarKind::Input {
                    slot,
                    interp,
                    sampling,
                }
            }
            "output" => {
                let slot = self.slot()?;
                self.expect_ident("index")?;
                VarKind::Output {
                    slot,
                    index: self.num()?,
                }
            }
            "uniform" => {
                self.expect_ident("offset")?;
                let offset = self.num()?;
                let location = if self.eat_ident("location") {
                    Some(self.num()?)
                } else {
                    None
                };
                VarKind::Uniform { offset, location }
            }
            "ubo" => {
                self.expect_ident("binding")?;
                VarKind::UniformBlock {
                    binding: self.num()?,
                }
            }
            "ssbo" => {
                self.expect_ident("binding")?;
                let binding = self.num()?;
                VarKind::StorageBlock {
                    binding,
                    readonly: self.eat_ident("readonly"),
                }
            }
            "shared" => VarKind::Shared,
            "counter" => {
                self.expect_ident("binding")?;
                let binding = self.num()?;
                self.expect_ident("offset")?;
                VarKind::AtomicCounter {
                    binding,
                    offset: self.num()?,
                }
            }
            _ => return Err(format!("unknown variable kind `{w}`")),
        };
        self.punct(':')?;
        let ty = self.type_expr()?;
        self.shader.add_var(&name, ty, kind);
        Ok(())
    }

    fn func(&mut self) -> PResult<()> {
        let index = self.indexed('f')?;
        if index as usize != self.shader.funcs.len() {
            return Err(format!(
                "functions must be numbered in order: expected f{}",
                self.shader.funcs.len()
            ));
        }
        let name = self.string()?;
        self.punct('(')?;
        let mut params = Vec::new();
        if !self.eat_punct(')') {
            loop {
                params.push(self.val_type()?);
                if self.eat_punct(')') {
                    break;
                }
                self.punct(',')?;
            }
        }
        let ret = if self.peek() == Some(&Tok::Arrow) {
            self.pos += 1;
            Some(self.val_type()?)
        } else {
            None
        };
        self.punct('{')?;
        self.end_line()?;
        let id = self.shader.funcs.append(Function::new(&name, params, ret));
        self.func = Some(id);
        self.values.clear();
        let body = self.shader.funcs[id].body;
        if self.block(body)? != Closer::End {
            return Err("function body closed by else/continue".into());
        }
        Ok(())
    }

    fn f(&mut self) -> &mut Function {
        let id = self.func.expect("inside a function");
        &mut self.shader.funcs[id]
    }

    fn new_block(&mut self) -> BlockId {
        self.f().blocks.append(Block::default())
    }

    fn push_node(&mut self, b: BlockId, node: Node) {
        self.f().blocks[b].nodes.push(node);
    }

    /// Parses lines into block `b` up to its closing line (consumed).
    fn block(&mut self, b: BlockId) -> PResult<Closer> {
        loop {
            if self.line >= self.lines.len() {
                return Err("unexpected end of input inside a block".into());
            }
            if self.eat_punct('}') {
                let closer = if self.eat_ident("else") {
                    self.punct('{')?;
                    Closer::Else
                } else if self.eat_ident("continue") {
                    self.punct('{')?;
                    Closer::Continue
                } else {
                    Closer::End
                };
                self.end_line()?;
                return Ok(closer);
            }
            match self.peek().cloned() {
                Some(Tok::Val(n)) => {
                    self.pos += 1;
                    self.punct(':')?;
                    let ty = self.val_type()?;
                    self.punct('=')?;
                    let op = self.op(Some(ty))?;
                    let v = self.f().insts.append(Inst { op, ty: Some(ty) });
                    if self.values.insert(n, v).is_some() {
                        return Err(format!("%{n} defined twice"));
                    }
                    self.push_node(b, Node::Inst(v));
                }
                Some(Tok::Ident(w)) if w == "if" => {
                    self.pos += 1;
                    let cond = self.value()?;
                    self.punct('{')?;
                    self.end_line()?;
                    let (then, else_) = (self.new_block(), self.new_block());
                    self.push_node(b, Node::If { cond, then, else_ });
                    match self.block(then)? {
                        Closer::End => {}
                        Closer::Else => {
                            if self.block(else_)? != Closer::End {
                                return Err("else block closed by else/continue".into());
                            }
                        }
                        Closer::Continue => return Err("`continue {` after an if block".into()),
                    }
                    continue;
                }
                Some(Tok::Ident(w)) if w == "loop" => {
                    self.pos += 1;
                    self.punct('{')?;
                    self.end_line()?;
                    let (body, cont) = (self.new_block(), self.new_block());
                    self.push_node(b, Node::Loop { body, cont });
                    match self.block(body)? {
                        Closer::End => {}
                        Closer::Continue => {
                            if self.block(cont)? != Closer::End {
                                return Err("continue block closed by else/continue".into());
                            }
                        }
                        Closer::Else => return Err("`else {` after a loop body".into()),
                    }
                    continue;
                }
                Some(Tok::Ident(w))
                    if matches!(w.as_str(), "break" | "continue" | "return" | "discard") =>
                {
                    self.pos += 1;
                    let node = match w.as_str() {
                        "break" => Node::Break,
                        "continue" => Node::Continue,
                        "discard" => Node::Discard,
                        _ if self.at_end() => Node::Return(None),
                        _ => Node::Return(Some(self.value()?)),
                    };
                    self.push_node(b, node);
                }
                Some(_) => {
                    let op = self.op(None)?;
                    let v = self.f().insts.append(Inst { op, ty: None });
                    self.push_node(b, Node::Inst(v));
                }
                None => return Err("empty line".into()),
            }
            self.end_line()?;
        }
    }

    fn value(&mut self) -> PResult<Value> {
        match self.next()? {
            Tok::Val(n) => self
                .values
                .get(&n)
                .copied()
                .ok_or_else(|| format!("%{n} is not defined")),
            t => Err(format!("expected a value, got {t:?}")),
        }
    }

    fn values_list(&mut self) -> PResult<Vec<Value>> {
        let mut vs = Vec::new();
        if self.at_end() {
            return Ok(vs);
        }
        loop {
            vs.push(self.value()?);
            if !self.eat_punct(',') {
                return Ok(vs);
            }
        }
    }

    fn deref(&mut self) -> PResult<Deref> {
        let var = Handle::new(self.indexed('v')?);
        let mut path = Vec::new();
        while self.eat_punct('[') {
            path.push(match self.peek() {
                Some(Tok::Val(_)) => Index::Value(self.value()?),
                _ => Index::Const(self.num()?),
            });
            self.punct(']')?;
        }
        Ok(Deref { var, path })
    }

    fn lane(&mut self, s: Scalar) -> PResult<u64> {
        let t = self.next()?;
        let text = match &t {
            Tok::Num(n) => n.clone(),
            Tok::Ident(w) if s == Scalar::Bool => {
                return match w.as_str() {
                    "true" => Ok(1),
                    "false" => Ok(0),
                    _ => Err(format!("bad bool {w}")),
                };
            }
            _ => return Err(format!("expected a constant, got {t:?}")),
        };
        let bad = || format!("bad {} constant {text}", s.name());
        if s.is_float()
            && let Some(hex) = text.strip_prefix("0x")
        {
            return u64::from_str_radix(hex, 16).map_err(|_| bad());
        }
        Ok(match s {
            Scalar::F32 => text.parse::<f32>().map_err(|_| bad())?.to_bits() as u64,
            Scalar::F64 => text.parse::<f64>().map_err(|_| bad())?.to_bits(),
            Scalar::F16 => eval::f32_to_f16(text.parse::<f32>().map_err(|_| bad())?) as u64,
            Scalar::I32 => text.parse::<i32>().map_err(|_| bad())? as u32 as u64,
            Scalar::I64 => text.parse::<i64>().map_err(|_| bad())? as u64,
            Scalar::U32 => text.parse::<u32>().map_err(|_| bad())? as u64,
            Scalar::U64 => text.parse::<u64>().map_err(|_| bad())?,
            Scalar::Bool => return Err(bad()),
        })
    }

    fn op(&mut self, ty: Option<ValType>) -> PResult<Op> {
        let w = self.ident()?;
        if let Some(op) = AluOp::from_name(&w) {
            return Ok(Op::Alu(op, self.values_list()?));
        }
        if let Some(d) = Deriv::from_name(&w) {
            return Ok(Op::Deriv(d, self.value()?));
        }
        Ok(match w.as_str() {
            "const" => {
                let t = ty.ok_or("const needs a type")?;
                let mut bits = [0; 4];
                for (i, b) in bits.iter_mut().enumerate().take(t.n().min(4)) {
                    if i > 0 {
                        self.punct(',')?;
                    }
                    *b = self.lane(t.scalar)?;
                }
                Op::Const(bits)
            }
            "undef" => Op::Undef,
            "param" => Op::Param(self.num()?),
            "swizzle" => {
                let v = self.value()?;
                self.punct(',')?;
                let letters = self.ident()?;
                if letters.is_empty() || letters.len() > 4 {
                    return Err(format!("bad swizzle {letters}"));
                }
                let mut idx = [0u8; 4];
                for (i, c) in letters.chars().enumerate() {
                    idx[i] = "xyzw"
                        .find(c)
                        .ok_or_else(|| format!("bad swizzle {letters}"))?
                        as u8;
                }
                Op::Swizzle(v, idx)
            }
            "insert" => {
                let v = self.value()?;
                self.punct(',')?;
                let s = self.value()?;
                self.punct(',')?;
                Op::Insert(v, s, self.num()?)
            }
            "construct" => Op::Construct(self.values_list()?),
            "load" => Op::Load(self.deref()?),
            "store" => {
                let d = self.deref()?;
                self.punct(',')?;
                Op::Store(d, self.value()?)
            }
            "array_length" => Op::ArrayLength(self.deref()?),
            "atomic" => {
                let op = self.enum_word("atomic op", AtomicOp::from_name)?;
                let d = self.deref()?;
                self.punct(',')?;
                Op::Atomic(op, d, self.values_list()?)
            }
            "interpolate" => {
                let at = self.enum_word("interpolation", InterpAt::from_name)?;
                let d = self.deref()?;
                self.punct(',')?;
                Op::Interpolate(at, d, self.values_list()?)
            }
            "tex" => {
                let kind = self.enum_word("texture op", TexKind::from_name)?;
                let mut t = TexOp::new(kind, self.indexed('t')?);
                t.sampler = self.indexed('s')?;
                while !self.at_end() {
                    let name = self.ident()?;
                    if name == "component" {
                        t.component = self.num()?;
                        continue;
                    }
                    if name == "shadow_vec4" {
                        t.shadow_vec4 = true;
                        continue;
                    }
                    let k = TEX_OPERANDS
                        .iter()
                        .position(|n| *n == name)
                        .ok_or_else(|| format!("unknown texture operand `{name}`"))?;
                    let v = self.value()?;
                    *t.operands_mut()[k] = Some(v);
                }
                Op::Tex(Box::new(t))
            }
            "image" => {
                let kind = self.enum_word("image op", ImageKind::from_name)?;
                let mut im = ImageOp {
                    kind,
                    image: self.indexed('i')?,
                    coord: None,
                    sample: None,
                    value: None,
                    compare: None,
                };
                while !self.at_end() {
                    let name = self.ident()?;
                    let k = IMAGE_OPERANDS
                        .iter()
                        .position(|n| *n == name)
                        .ok_or_else(|| format!("unknown image operand `{name}`"))?;
                    let v = self.value()?;
                    *im.operands_mut()[k] = Some(v);
                }
                Op::Image(Box::new(im))
            }
            "sysval" => Op::System(self.enum_word("system value", SysVal::from_name)?),
            "barrier" => {
                let mut b = Barrier {
                    control: false,
                    memory: 0,
                };
                while !self.at_end() {
                    let w = self.ident()?;
                    if w == "control" {
                        b.control = true;
                    } else {
                        let bit = Barrier::NAMES
                            .iter()
                            .position(|n| *n == w)
                            .ok_or_else(|| format!("unknown barrier memory `{w}`"))?;
                        b.memory |= 1 << bit;
                    }
                }
                Op::Barrier(b)
            }
            "emit_vertex" => Op::EmitVertex(self.num()?),
            "end_primitive" => Op::EndPrimitive(self.num()?),
            "demote" => Op::Demote,
            "call" => {
                let f = Handle::new(self.indexed('f')?);
                Op::Call(f, self.values_list()?)
            }
            _ => return Err(format!("unknown instruction `{w}`")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"shader fragment
mode early_fragment_tests
texture "tex" 2d f32 binding 0
texture "shadow" 2d array shadow f32 binding 1
image "img" 2d u32 format 7 binding 0
var v0 "color" input location 0 component 0 smooth center : f32x4
var v1 "frag" output location 0 component 0 index 0 : f32x4
var v2 "ubo" ubo binding 0 : { f32x4 offset 0, [4 x f32 stride 16] offset 16 }
var v3 "t" local f0 : f32
var v4 "depth" output builtin frag_depth index 0 : f32
func f0 "main" () {
  %0: f32x4 = load v0
  %1: f32x2 = swizzle %0, xy
  %2: f32x4 = tex sample t0 s0 coord %1 bias %3
  %3: f32 = load v2[1][2]
  %4: f32x4 = construct %3, %3, %3, %3
  %5: f32x4 = fmul %2, %4
  %6: bool = sysval front_facing
  %7: f32 = const -0.0
  %8: f32x2 = const 0x7fc00001, 1e-7
  %9: i32 = const -5
  %10: f32 = tex sample_lod t1 s1 coord %1 layer %7 compare %7 lod %7
  %11: u32x4 = image load i0 coord %12
  if %6 {
    store v1, %5
    store v3, %3
  } else {
    discard
  }
  loop {
    %13: bool = flt %3, %7
    if %13 {
      break
    }
  } continue {
    barrier buffer image
  }
  %14: f32 = ddx_fine %3
  store v4, %14
}
entry f0
"#;

    #[test]
    fn parse_errors_have_lines() {
        let e =
            parse("shader fragment\nfunc f0 \"main\" () {\n  %0: f32 = bogus\n}\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("bogus"));
        // Use of an undefined value is a parse error (values are defined by name).
        let e = parse(SAMPLE).unwrap_err();
        assert!(e.message.contains("%3 is not defined"), "{e}");
    }

    /// Deleting any line or character of a valid program gives a parse
    /// error or a shader that validates or not — and never a panic in the
    /// parser, validator, printer or serializer.
    #[test]
    fn mutations_never_panic() {
        let src = valid_sample();
        let lines: Vec<&str> = src.lines().collect();
        let mut inputs = Vec::new();
        for i in 0..lines.len() {
            let mut l = lines.clone();
            l.remove(i);
            inputs.push(l.join("\n"));
        }
        for (i, _) in src.char_indices().step_by(3) {
            let mut m = src.clone();
            m.remove(i);
            inputs.push(m);
        }
        for input in inputs {
            if let Ok(s) = parse(&input) {
                let printed = print(&s);
                if crate::valid::validate(&s).is_ok() {
                    let blob = crate::serialize::serialize(&s);
                    crate::serialize::deserialize(&blob).unwrap();
                    let _ = crate::interp::run(
                        &s,
                        &mut crate::interp::Invocation::default(),
                        &mut crate::interp::NoResources,
                    );
                }
                assert!(printed.starts_with("shader"));
            }
        }
    }

    fn valid_sample() -> String {
        let src = SAMPLE
            .replace("bias %3", "bias %7")
            .replace("coord %12", "coord %9")
            .replace("%9: i32 = const -5", "%9: i32x2 = const -5, 7");
        src.replace("  %7: f32 = const -0.0\n", "").replace(
            "  %2: f32x4 = tex sample",
            "  %7: f32 = const -0.0\n  %2: f32x4 = tex sample",
        )
    }

    #[test]
    fn round_trip() {
        let src = valid_sample();
        let s = parse(&src).unwrap_or_else(|e| panic!("{e}"));
        let printed = print(&s);
        let again = parse(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        assert_eq!(printed, print(&again));
        assert!(printed.contains("const -0.0"));
        assert!(printed.contains("const 0x7fc00001, 1e-7"));
        assert!(printed.contains("} continue {"));
        assert!(printed.contains("[4 x f32 stride 16] offset 16"));
        crate::valid::validate(&s).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    }
}
