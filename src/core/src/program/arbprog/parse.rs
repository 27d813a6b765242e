//! The parser of `!!ARBvp1.0` and `!!ARBfp1.0` programs: recursive descent
//! over [`super::lex`]'s tokens, following the grammars of
//! ARB_vertex_program §2.14.2–§2.14.4 and ARB_fragment_program
//! §3.11.2–§3.11.4, with the semantic rules Mesa's `program_parse.y`
//! applies (one name per declaration, bindings in range, write masks in
//! order, one texture target per unit, no generic attribute beside the
//! conventional one it aliases, a vertex program writes `result.position`
//! unless it is position invariant).
//!
//! Declarations are resolved while parsing: every `PARAM`, inline
//! `state.*`/`program.*` binding and literal becomes vec4 slots of the
//! program's parameter list (the uniform block), so the result
//! ([`Program`]) holds no names. The first error stops the parse; its byte
//! offset and message become `GL_PROGRAM_ERROR_POSITION_ARB` and
//! `GL_PROGRAM_ERROR_STRING_ARB`.

use std::collections::HashMap;

use oxgl_glapi::generated::enums::*;

use super::ast::*;
use super::lex::{Tok, Token, lex};
use super::limits;

/// A located parse error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset in the program string.
    pub pos: usize,
    /// What is wrong.
    pub msg: String,
}

type R<T> = Result<T, ParseError>;

#[derive(Clone, Copy, Debug)]
enum Sym {
    Temp(u32),
    Addr(u32),
    Attrib(Input),
    Param { base: u32, len: u32, array: bool },
    Output(Output),
}

struct Parser<'a> {
    toks: &'a [Token],
    i: usize,
    kind: Kind,
    syms: HashMap<String, Sym>,
    prog: Program,
    /// Vertex programs: generic attributes read (bit n).
    generic: u32,
    /// Vertex programs: conventional attributes read, as the generic index
    /// each aliases (bit n).
    conventional: u32,
}

const RESERVED: &[&str] = &[
    "ABS", "ADD", "ARL", "CMP", "COS", "DP3", "DP4", "DPH", "DST", "EX2", "EXP", "FLR", "FRC",
    "KIL", "LG2", "LIT", "LOG", "LRP", "MAD", "MAX", "MIN", "MOV", "MUL", "POW", "RCP", "RSQ",
    "SCS", "SGE", "SIN", "SLT", "SUB", "SWZ", "TEX", "TXB", "TXP", "XPD", "ADDRESS", "ALIAS",
    "ATTRIB", "END", "OPTION", "OUTPUT", "PARAM", "TEMP", "fragment", "program", "result", "state",
    "texture", "vertex",
];

/// Parses `text` as a program of `kind`.
pub fn parse(text: &[u8], kind: Kind) -> Result<Program, ParseError> {
    let header: &[u8] = match kind {
        Kind::Vertex => b"!!ARBvp1.0",
        Kind::Fragment => b"!!ARBfp1.0",
    };
    if !text.starts_with(header) {
        return Err(ParseError {
            pos: 0,
            msg: format!(
                "invalid program header, expected {}",
                String::from_utf8_lossy(header)
            ),
        });
    }
    let toks =
        lex(&text[header.len()..], header.len()).map_err(|(pos, msg)| ParseError { pos, msg })?;
    let mut p = Parser {
        toks: &toks,
        i: 0,
        kind,
        syms: HashMap::new(),
        prog: Program {
            kind,
            options: Options::default(),
            params: Vec::new(),
            insts: Vec::new(),
            num_temps: 0,
            num_addr: 0,
            counts: Counts::default(),
            mvp_cols: None,
            fog_params: None,
            clip_params: None,
        },
        generic: 0,
        conventional: 0,
    };
    p.program()?;
    Ok(p.prog)
}

fn swizzle_index(c: char, fragment: bool) -> Option<u8> {
    match c {
        'x' => Some(0),
        'y' => Some(1),
        'z' => Some(2),
        'w' => Some(3),
        'r' if fragment => Some(0),
        'g' if fragment => Some(1),
        'b' if fragment => Some(2),
        'a' if fragment => Some(3),
        _ => None,
    }
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.i].tok
    }

    fn peek_at(&self, n: usize) -> &Tok {
        &self.toks[(self.i + n).min(self.toks.len() - 1)].tok
    }

    fn pos(&self) -> usize {
        self.toks[self.i].pos
    }

    fn err<T>(&self, msg: impl Into<String>) -> R<T> {
        Err(ParseError {
            pos: self.pos(),
            msg: msg.into(),
        })
    }

    fn next(&mut self) -> Tok {
        let t = self.toks[self.i].tok.clone();
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
        t
    }

    fn is_punct(&self, c: char) -> bool {
        *self.peek() == Tok::Punct(c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.next();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> R<()> {
        if self.eat(c) {
            Ok(())
        } else {
            self.err(format!("expected `{c}`"))
        }
    }

    fn ident(&mut self) -> R<String> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err("expected an identifier"),
        }
    }

    fn keyword(&mut self, k: &str) -> R<()> {
        match self.peek() {
            Tok::Ident(s) if s == k => {
                self.next();
                Ok(())
            }
            _ => self.err(format!("expected `{k}`")),
        }
    }

    /// `.word` when the next two tokens are `.` and `word`.
    fn eat_suffix(&mut self, word: &str) -> bool {
        if self.is_punct('.') && *self.peek_at(1) == Tok::Ident(word.into()) {
            self.i += 2;
            true
        } else {
            false
        }
    }

    /// The word after a `.`, when it is one of `words`.
    fn eat_any_suffix(&mut self, words: &[&'static str]) -> Option<&'static str> {
        words.iter().copied().find(|w| self.eat_suffix(w))
    }

    fn uint(&mut self) -> R<u32> {
        match *self.peek() {
            Tok::Num(v, true) if v <= f64::from(u32::MAX) => {
                self.next();
                Ok(v as u32)
            }
            _ => self.err("expected an integer"),
        }
    }

    /// `[n]`, checked against `max`.
    fn index(&mut self, max: u32, what: &str) -> R<u32> {
        self.expect('[')?;
        let at = self.pos();
        let n = self.uint()?;
        if n >= max {
            return Err(ParseError {
                pos: at,
                msg: format!("{what} index {n} out of range"),
            });
        }
        self.expect(']')?;
        Ok(n)
    }

    /// An optional `[n]` (default 0).
    fn opt_index(&mut self, max: u32, what: &str) -> R<u32> {
        if self.is_punct('[') {
            self.index(max, what)
        } else {
            Ok(0)
        }
    }

    fn program(&mut self) -> R<()> {
        let mut seen_statement = false;
        loop {
            let word = match self.peek().clone() {
                Tok::Ident(s) => s,
                Tok::Eof => return self.err("missing END"),
                _ => return self.err("expected a statement"),
            };
            match word.as_str() {
                "END" => break,
                "OPTION" => {
                    if seen_statement {
                        return self.err("OPTION after the first statement");
                    }
                    self.next();
                    self.option()?;
                }
                _ => {
                    seen_statement = true;
                    match word.as_str() {
                        "ATTRIB" | "PARAM" | "TEMP" | "ADDRESS" | "OUTPUT" | "ALIAS" => {
                            self.next();
                            self.declaration(&word)?;
                        }
                        _ => self.instruction(&word)?,
                    }
                }
            }
            self.expect(';')?;
        }
        self.finish()
    }

    fn option(&mut self) -> R<()> {
        let at = self.pos();
        let name = self.ident()?;
        let o = &mut self.prog.options;
        let ok = match (self.kind, name.as_str()) {
            (Kind::Vertex, "ARB_position_invariant") => {
                o.position_invariant = true;
                true
            }
            (Kind::Fragment, "ARB_precision_hint_fastest" | "ARB_precision_hint_nicest") => true,
            (Kind::Fragment, "ARB_fog_linear" | "ARB_fog_exp" | "ARB_fog_exp2") => {
                if o.fog.is_some() {
                    false
                } else {
                    o.fog = Some(match name.as_str() {
                        "ARB_fog_linear" => GL_LINEAR,
                        "ARB_fog_exp" => GL_EXP,
                        _ => GL_EXP2,
                    });
                    true
                }
            }
            (Kind::Fragment, "ARB_draw_buffers") => {
                o.draw_buffers = true;
                true
            }
            _ => false,
        };
        if !ok {
            return Err(ParseError {
                pos: at,
                msg: format!("invalid option `{name}`"),
            });
        }
        Ok(())
    }

    fn new_name(&mut self) -> R<(String, usize)> {
        let at = self.pos();
        let name = self.ident()?;
        if RESERVED.contains(&name.as_str()) || self.syms.contains_key(&name) {
            return Err(ParseError {
                pos: at,
                msg: format!("`{name}` already declared or reserved"),
            });
        }
        Ok((name, at))
    }

    fn declaration(&mut self, word: &str) -> R<()> {
        match word {
            "TEMP" | "ADDRESS" => loop {
                let (name, at) = self.new_name()?;
                let sym = if word == "TEMP" {
                    self.prog.num_temps += 1;
                    Sym::Temp(self.prog.num_temps - 1)
                } else {
                    if self.kind != Kind::Vertex {
                        return Err(ParseError {
                            pos: at,
                            msg: "ADDRESS in a fragment program".into(),
                        });
                    }
                    if self.prog.num_addr >= limits::MAX_ADDRESS_REGISTERS {
                        return Err(ParseError {
                            pos: at,
                            msg: "too many address registers".into(),
                        });
                    }
                    self.prog.num_addr += 1;
                    Sym::Addr(self.prog.num_addr - 1)
                };
                self.syms.insert(name, sym);
                if !self.eat(',') {
                    return Ok(());
                }
            },
            "ATTRIB" => {
                let (name, _) = self.new_name()?;
                self.expect('=')?;
                let input = self.attrib_binding()?;
                self.syms.insert(name, Sym::Attrib(input));
                Ok(())
            }
            "OUTPUT" => {
                let (name, _) = self.new_name()?;
                self.expect('=')?;
                let out = self.result_binding()?;
                self.syms.insert(name, Sym::Output(out));
                Ok(())
            }
            "ALIAS" => {
                let (name, _) = self.new_name()?;
                self.expect('=')?;
                let at = self.pos();
                let other = self.ident()?;
                let Some(sym) = self.syms.get(&other).copied() else {
                    return Err(ParseError {
                        pos: at,
                        msg: format!("undefined `{other}`"),
                    });
                };
                self.syms.insert(name, sym);
                Ok(())
            }
            _ => self.param_declaration(),
        }
    }

    fn param_declaration(&mut self) -> R<()> {
        let (name, _) = self.new_name()?;
        if self.eat('[') {
            let size_at = self.pos();
            let size = if self.is_punct(']') {
                None
            } else {
                let n = self.uint()?;
                if n == 0 || n > limits::MAX_PARAMETERS {
                    return Err(ParseError {
                        pos: size_at,
                        msg: "invalid parameter array size".into(),
                    });
                }
                Some(n)
            };
            self.expect(']')?;
            self.expect('=')?;
            self.expect('{')?;
            let base = self.prog.params.len() as u32;
            loop {
                let items = self.param_item(true)?;
                self.prog.params.extend(items);
                if !self.eat(',') {
                    break;
                }
            }
            let end_at = self.pos();
            self.expect('}')?;
            let len = self.prog.params.len() as u32 - base;
            if size.is_some_and(|n| n != len) {
                return Err(ParseError {
                    pos: end_at,
                    msg: "parameter array size does not match its initializers".into(),
                });
            }
            self.syms.insert(
                name,
                Sym::Param {
                    base,
                    len,
                    array: true,
                },
            );
        } else {
            self.expect('=')?;
            let items = self.param_item(false)?;
            let base = self.prog.params.len() as u32;
            self.prog.params.extend(items);
            self.syms.insert(
                name,
                Sym::Param {
                    base,
                    len: 1,
                    array: false,
                },
            );
        }
        self.check_params()
    }

    fn check_params(&self) -> R<()> {
        if self.prog.params.len() as u32 > limits::MAX_PARAMETERS {
            return self.err("too many program parameters");
        }
        Ok(())
    }

    /// One initializer: a `state.*` or `program.*` binding (several slots
    /// when `multiple`), or a constant.
    fn param_item(&mut self, multiple: bool) -> R<Vec<ParamSource>> {
        let at = self.pos();
        let items = match self.peek().clone() {
            Tok::Ident(s) if s == "state" => {
                self.next();
                self.state_binding()?
                    .into_iter()
                    .map(ParamSource::State)
                    .collect()
            }
            Tok::Ident(s) if s == "program" => {
                self.next();
                self.program_binding()?
            }
            _ => vec![ParamSource::Const(self.constant(true)?)],
        };
        if !multiple && items.len() != 1 {
            return Err(ParseError {
                pos: at,
                msg: "binding of several parameters where one is expected".into(),
            });
        }
        Ok(items)
    }

    /// A signed number.
    fn number(&mut self) -> R<f32> {
        let neg = if self.eat('-') {
            true
        } else {
            self.eat('+');
            false
        };
        match *self.peek() {
            Tok::Num(v, _) => {
                self.next();
                Ok(if neg { -v } else { v } as f32)
            }
            _ => self.err("expected a number"),
        }
    }

    /// `{a[, b[, c[, d]]]}` (missing components 0, 0, 1), or, when
    /// `scalar`, a number replicated.
    fn constant(&mut self, scalar: bool) -> R<[f32; 4]> {
        if self.eat('{') {
            let mut v = [0.0, 0.0, 0.0, 1.0];
            for (n, slot) in v.iter_mut().enumerate() {
                *slot = self.number()?;
                if n == 3 || !self.eat(',') {
                    break;
                }
            }
            self.expect('}')?;
            return Ok(v);
        }
        if !scalar {
            return self.err("expected a vector constant");
        }
        let x = self.number()?;
        Ok([x; 4])
    }

    /// After `program`: `.env[...]` or `.local[...]`, one index or a range.
    fn program_binding(&mut self) -> R<Vec<ParamSource>> {
        self.expect('.')?;
        let at = self.pos();
        let which = self.ident()?;
        let (max, env) = match which.as_str() {
            "env" => (limits::MAX_ENV_PARAMETERS, true),
            "local" => (limits::MAX_LOCAL_PARAMETERS, false),
            _ => {
                return Err(ParseError {
                    pos: at,
                    msg: format!("invalid program binding `{which}`"),
                });
            }
        };
        let (a, b) = self.range(max, "program parameter")?;
        Ok((a..=b)
            .map(|n| {
                if env {
                    ParamSource::Env(n)
                } else {
                    ParamSource::Local(n)
                }
            })
            .collect())
    }

    /// `[a]` or `[a..b]`, both below `max`.
    fn range(&mut self, max: u32, what: &str) -> R<(u32, u32)> {
        self.expect('[')?;
        let at = self.pos();
        let a = self.uint()?;
        let b = if *self.peek() == Tok::DotDot {
            self.next();
            self.uint()?
        } else {
            a
        };
        if a >= max || b >= max || b < a {
            return Err(ParseError {
                pos: at,
                msg: format!("invalid {what} range"),
            });
        }
        self.expect(']')?;
        Ok((a, b))
    }

    fn face(&mut self) -> bool {
        matches!(self.eat_any_suffix(&["front", "back"]), Some("back"))
    }

    /// After `state`: the slots of one state binding.
    fn state_binding(&mut self) -> R<Vec<StateVar>> {
        self.expect('.')?;
        let at = self.pos();
        let what = self.ident()?;
        let bad =
            |p: &Self| p.err::<Vec<StateVar>>(format!("invalid state binding after `{what}`"));
        let one = |v: StateVar| Ok(vec![v]);
        match what.as_str() {
            "material" => {
                let back = self.face();
                self.expect('.')?;
                let p = match self.ident()?.as_str() {
                    "ambient" => 0,
                    "diffuse" => 1,
                    "specular" => 2,
                    "emission" => 3,
                    "shininess" => 4,
                    _ => return bad(self),
                };
                one(StateVar::Material { back, param: p })
            }
            "light" => {
                let light = self.index(limits::MAX_LIGHTS, "light")? as u8;
                self.expect('.')?;
                let param = match self.ident()?.as_str() {
                    "ambient" => LightState::Ambient,
                    "diffuse" => LightState::Diffuse,
                    "specular" => LightState::Specular,
                    "position" => LightState::Position,
                    "attenuation" => LightState::Attenuation,
                    "half" => LightState::Half,
                    "spot" => {
                        if !self.eat_suffix("direction") {
                            return bad(self);
                        }
                        LightState::SpotDirection
                    }
                    _ => return bad(self),
                };
                one(StateVar::Light { light, param })
            }
            "lightmodel" => {
                if self.eat_suffix("ambient") {
                    return one(StateVar::LightModelAmbient);
                }
                let back = self.face();
                if !self.eat_suffix("scenecolor") {
                    return bad(self);
                }
                one(StateVar::SceneColor { back })
            }
            "lightprod" => {
                let light = self.index(limits::MAX_LIGHTS, "light")? as u8;
                let back = self.face();
                self.expect('.')?;
                let param = match self.ident()?.as_str() {
                    "ambient" => 0,
                    "diffuse" => 1,
                    "specular" => 2,
                    _ => return bad(self),
                };
                one(StateVar::LightProd { light, back, param })
            }
            "texgen" => {
                let unit = self.opt_index(limits::MAX_TEXTURE_COORDS, "texture unit")? as u8;
                self.expect('.')?;
                let eye = match self.ident()?.as_str() {
                    "eye" => true,
                    "object" => false,
                    _ => return bad(self),
                };
                self.expect('.')?;
                let coord = match self.ident()?.as_str() {
                    "s" => 0,
                    "t" => 1,
                    "r" => 2,
                    "q" => 3,
                    _ => return bad(self),
                };
                one(StateVar::TexGen { unit, eye, coord })
            }
            "fog" => match self.eat_any_suffix(&["color", "params"]) {
                Some("color") => one(StateVar::FogColor),
                Some(_) => one(StateVar::FogParams),
                None => bad(self),
            },
            "clip" => {
                let i = self.index(limits::MAX_CLIP_PLANES, "clip plane")? as u8;
                if !self.eat_suffix("plane") {
                    return bad(self);
                }
                one(StateVar::ClipPlane(i))
            }
            "point" => match self.eat_any_suffix(&["size", "attenuation"]) {
                Some("size") => one(StateVar::PointSize),
                Some(_) => one(StateVar::PointAttenuation),
                None => bad(self),
            },
            "texenv" => {
                let unit = self.opt_index(limits::MAX_TEXTURE_UNITS, "texture unit")? as u8;
                if !self.eat_suffix("color") {
                    return bad(self);
                }
                one(StateVar::TexEnvColor(unit))
            }
            "depth" => {
                if !self.eat_suffix("range") {
                    return bad(self);
                }
                one(StateVar::DepthRange)
            }
            "matrix" => self.matrix_binding(),
            _ => Err(ParseError {
                pos: at,
                msg: format!("invalid state binding `{what}`"),
            }),
        }
    }

    /// After `state.matrix`.
    fn matrix_binding(&mut self) -> R<Vec<StateVar>> {
        self.expect('.')?;
        let at = self.pos();
        let name = self.ident()?;
        let m = match name.as_str() {
            "modelview" => {
                self.opt_index(1, "modelview matrix")?;
                MatrixKind::Modelview
            }
            "projection" => MatrixKind::Projection,
            "mvp" => MatrixKind::Mvp,
            "texture" => MatrixKind::Texture(
                self.opt_index(limits::MAX_TEXTURE_COORDS, "texture matrix")? as u8,
            ),
            "program" => MatrixKind::Program(
                self.index(limits::MAX_PROGRAM_MATRICES, "program matrix")? as u8,
            ),
            _ => {
                return Err(ParseError {
                    pos: at,
                    msg: format!("invalid matrix `{name}`"),
                });
            }
        };
        let modifier = match self.eat_any_suffix(&["inverse", "transpose", "invtrans"]) {
            Some("inverse") => 1,
            Some("transpose") => 2,
            Some(_) => 3,
            None => 0,
        };
        let (a, b) = if self.eat_suffix("row") {
            self.range(4, "matrix row")?
        } else {
            (0, 3)
        };
        Ok((a..=b)
            .map(|row| StateVar::MatrixRow {
                m,
                modifier,
                row: row as u8,
            })
            .collect())
    }

    /// After the keyword: `vertex.*` or `fragment.*`.
    fn attrib_binding(&mut self) -> R<Input> {
        let at = self.pos();
        let prefix = self.ident()?;
        match (self.kind, prefix.as_str()) {
            (Kind::Vertex, "vertex") => self.vertex_attrib(),
            (Kind::Fragment, "fragment") => self.fragment_attrib(),
            _ => Err(ParseError {
                pos: at,
                msg: format!("invalid attribute binding `{prefix}`"),
            }),
        }
    }

    fn vertex_attrib(&mut self) -> R<Input> {
        use crate::vbo::Attrib;
        self.expect('.')?;
        let at = self.pos();
        let what = self.ident()?;
        // (location, the generic index it aliases)
        let (loc, alias) = match what.as_str() {
            "position" => (Attrib::POS.0, 0),
            "normal" => (Attrib::NORMAL.0, 2),
            "color" => match self.eat_any_suffix(&["primary", "secondary"]) {
                Some("secondary") => (Attrib::COLOR1.0, 4),
                _ => (Attrib::COLOR0.0, 3),
            },
            "fogcoord" => (Attrib::FOG.0, 5),
            "texcoord" => {
                let n = self.opt_index(limits::MAX_TEXTURE_COORDS, "texture coordinate")?;
                (Attrib::tex(n as usize).0, 8 + n)
            }
            "attrib" => {
                let n = self.index(limits::MAX_VERTEX_ATTRIBS, "generic attribute")?;
                if self.conventional & (1 << n) != 0 {
                    return Err(ParseError {
                        pos: at,
                        msg: "generic attribute aliases a conventional one in use".into(),
                    });
                }
                self.generic |= 1 << n;
                let loc = if n == 0 {
                    Attrib::POS.0
                } else {
                    Attrib::generic(n as usize).0
                };
                return Ok(Input::Vertex(loc));
            }
            _ => {
                return Err(ParseError {
                    pos: at,
                    msg: format!("unsupported vertex attribute `{what}`"),
                });
            }
        };
        if self.generic & (1 << alias) != 0 {
            return Err(ParseError {
                pos: at,
                msg: "conventional attribute aliases a generic one in use".into(),
            });
        }
        self.conventional |= 1 << alias;
        Ok(Input::Vertex(loc))
    }

    fn fragment_attrib(&mut self) -> R<Input> {
        self.expect('.')?;
        let at = self.pos();
        let what = self.ident()?;
        Ok(match what.as_str() {
            "color" => match self.eat_any_suffix(&["primary", "secondary"]) {
                Some("secondary") => Input::Color1,
                _ => Input::Color0,
            },
            "texcoord" => Input::TexCoord(
                self.opt_index(limits::MAX_TEXTURE_COORDS, "texture coordinate")? as u8,
            ),
            "fogcoord" => Input::FogCoord,
            "position" => Input::Position,
            _ => {
                return Err(ParseError {
                    pos: at,
                    msg: format!("invalid fragment attribute `{what}`"),
                });
            }
        })
    }

    /// After the keyword `result`.
    fn result_binding(&mut self) -> R<Output> {
        self.keyword("result")?;
        self.expect('.')?;
        let at = self.pos();
        let what = self.ident()?;
        let out = match (self.kind, what.as_str()) {
            (Kind::Vertex, "position") => Output::Position,
            (Kind::Vertex, "fogcoord") => Output::FogCoord,
            (Kind::Vertex, "pointsize") => Output::PointSize,
            (Kind::Vertex, "texcoord") => Output::TexCoord(
                self.opt_index(limits::MAX_TEXTURE_COORDS, "texture coordinate")? as u8,
            ),
            (Kind::Vertex, "color") => {
                let back = self.face();
                let secondary = self.eat_any_suffix(&["primary", "secondary"]) == Some("secondary");
                Output::VertexColor { back, secondary }
            }
            (Kind::Fragment, "color") => {
                if self.is_punct('[') {
                    if !self.prog.options.draw_buffers {
                        return self.err("result.color[n] needs OPTION ARB_draw_buffers");
                    }
                    Output::Color(self.index(limits::MAX_DRAW_BUFFERS, "draw buffer")? as u8)
                } else {
                    Output::Color(0)
                }
            }
            (Kind::Fragment, "depth") => Output::Depth,
            _ => {
                return Err(ParseError {
                    pos: at,
                    msg: format!("invalid result binding `{what}`"),
                });
            }
        };
        if out == Output::Position && self.prog.options.position_invariant {
            return Err(ParseError {
                pos: at,
                msg: "result.position written by a position-invariant program".into(),
            });
        }
        Ok(out)
    }

    fn instruction(&mut self, word: &str) -> R<()> {
        let at = self.pos();
        let (base, sat) = match word.strip_suffix("_SAT") {
            Some(b) if self.kind == Kind::Fragment => (b, true),
            _ => (word, false),
        };
        use Opcode::*;
        let fragment = self.kind == Kind::Fragment;
        // (opcode, operand shape): 'v' vector sources, 's' scalar sources.
        let (op, shape): (Opcode, &str) = match base {
            "ABS" => (Abs, "v"),
            "ADD" => (Add, "vv"),
            "ARL" if !fragment => (Arl, "s"),
            "CMP" if fragment => (Cmp, "vvv"),
            "COS" if fragment => (Cos, "s"),
            "DP3" => (Dp3, "vv"),
            "DP4" => (Dp4, "vv"),
            "DPH" => (Dph, "vv"),
            "DST" => (Dst, "vv"),
            "EX2" => (Ex2, "s"),
            "EXP" if !fragment => (Exp, "s"),
            "FLR" => (Flr, "v"),
            "FRC" => (Frc, "v"),
            "KIL" if fragment => (Kil, "v"),
            "LG2" => (Lg2, "s"),
            "LIT" => (Lit, "v"),
            "LOG" if !fragment => (Log, "s"),
            "LRP" if fragment => (Lrp, "vvv"),
            "MAD" => (Mad, "vvv"),
            "MAX" => (Max, "vv"),
            "MIN" => (Min, "vv"),
            "MOV" => (Mov, "v"),
            "MUL" => (Mul, "vv"),
            "POW" => (Pow, "ss"),
            "RCP" => (Rcp, "s"),
            "RSQ" => (Rsq, "s"),
            "SCS" if fragment => (Scs, "s"),
            "SGE" => (Sge, "vv"),
            "SIN" if fragment => (Sin, "s"),
            "SLT" => (Slt, "vv"),
            "SUB" => (Sub, "vv"),
            "SWZ" => (Swz, ""),
            "TEX" if fragment => (Tex, "v"),
            "TXB" if fragment => (Txb, "v"),
            "TXP" if fragment => (Txp, "v"),
            "XPD" => (Xpd, "vv"),
            _ => return self.err(format!("invalid instruction `{word}`")),
        };
        self.next();
        let dst = if op == Kil {
            None
        } else {
            let d = self.dst(op == Arl)?;
            self.expect(',')?;
            Some(d)
        };
        if op == Scs && dst.is_some_and(|d| d.mask & 0b1100 != 0) {
            return Err(ParseError {
                pos: at,
                msg: "SCS writes only x and y".into(),
            });
        }
        let mut src = Vec::new();
        if op == Swz {
            src.push(self.ext_swizzle_src()?);
        }
        for (n, kind) in shape.chars().enumerate() {
            if n > 0 {
                self.expect(',')?;
            }
            src.push(self.src(kind == 's')?);
        }
        let mut tex = None;
        if matches!(op, Tex | Txb | Txp) {
            self.expect(',')?;
            self.keyword("texture")?;
            let unit = self.opt_index(limits::MAX_TEXTURE_IMAGE_UNITS, "texture image unit")? as u8;
            self.expect(',')?;
            let t_at = self.pos();
            let target = match self.ident()?.as_str() {
                "1D" => TexTarget::D1,
                "2D" => TexTarget::D2,
                "3D" => TexTarget::D3,
                "CUBE" => TexTarget::Cube,
                "RECT" => TexTarget::Rect,
                t => {
                    return Err(ParseError {
                        pos: t_at,
                        msg: format!("invalid texture target `{t}`"),
                    });
                }
            };
            // ARB_fragment_program §3.11.6: one target per texture unit.
            if self
                .prog
                .insts
                .iter()
                .filter_map(|i| i.tex)
                .any(|(u, t)| u == unit && t != target)
            {
                return Err(ParseError {
                    pos: t_at,
                    msg: "texture unit sampled with two targets".into(),
                });
            }
            tex = Some((unit, target));
        }
        self.prog.insts.push(Inst {
            op,
            sat,
            dst,
            src,
            tex,
        });
        Ok(())
    }

    /// A destination register and write mask.
    fn dst(&mut self, address: bool) -> R<Dst> {
        let at = self.pos();
        let reg = match self.peek().clone() {
            Tok::Ident(s) if s == "result" => Reg::Output(self.result_binding()?),
            Tok::Ident(s) => {
                self.next();
                match self.syms.get(&s) {
                    Some(Sym::Temp(n)) if !address => Reg::Temp(*n),
                    Some(Sym::Output(o)) if !address => Reg::Output(*o),
                    Some(Sym::Addr(n)) if address => Reg::Addr(*n),
                    Some(_) => {
                        return Err(ParseError {
                            pos: at,
                            msg: format!("`{s}` is not a valid destination"),
                        });
                    }
                    None => {
                        return Err(ParseError {
                            pos: at,
                            msg: format!("undefined `{s}`"),
                        });
                    }
                }
            }
            _ => return self.err("expected a destination register"),
        };
        let mut mask = 0xf;
        if self.is_punct('.') {
            self.next();
            let m_at = self.pos();
            let s = self.ident()?;
            mask = 0;
            let mut last: i32 = -1;
            for c in s.chars() {
                match swizzle_index(c, self.kind == Kind::Fragment) {
                    Some(i) if i32::from(i) > last && s.len() <= 4 => {
                        last = i32::from(i);
                        mask |= 1 << i;
                    }
                    _ => {
                        return Err(ParseError {
                            pos: m_at,
                            msg: format!("invalid write mask `{s}`"),
                        });
                    }
                }
            }
        }
        if address && mask != 1 {
            return Err(ParseError {
                pos: at,
                msg: "an address register has only x".into(),
            });
        }
        Ok(Dst { reg, mask })
    }

    /// A source register with its optional sign and swizzle; a scalar
    /// source must select one component.
    fn src(&mut self, scalar: bool) -> R<Src> {
        let neg = if self.eat('-') {
            true
        } else {
            self.eat('+');
            false
        };
        let reg = self.src_reg()?;
        let mut swizzle = [0, 1, 2, 3];
        if self.is_punct('.') {
            self.next();
            let at = self.pos();
            let s = self.ident()?;
            let lanes: Option<Vec<u8>> = s
                .chars()
                .map(|c| swizzle_index(c, self.kind == Kind::Fragment))
                .collect();
            match lanes {
                Some(l) if l.len() == 1 => swizzle = [l[0]; 4],
                Some(l) if l.len() == 4 && !scalar => swizzle = [l[0], l[1], l[2], l[3]],
                _ => {
                    return Err(ParseError {
                        pos: at,
                        msg: format!("invalid swizzle `{s}`"),
                    });
                }
            }
        } else if scalar {
            return self.err("a scalar operand needs a component selector");
        }
        Ok(Src {
            reg,
            swizzle,
            negate: [neg; 4],
        })
    }

    /// `SWZ`'s source and extended swizzle: `reg, c, c, c, c` with each `c`
    /// an optionally signed `0`, `1` or component.
    fn ext_swizzle_src(&mut self) -> R<Src> {
        let reg = self.src_reg()?;
        let mut swizzle = [0; 4];
        let mut negate = [false; 4];
        for n in 0..4 {
            self.expect(',')?;
            negate[n] = if self.eat('-') {
                true
            } else {
                self.eat('+');
                false
            };
            let at = self.pos();
            swizzle[n] = match self.next() {
                Tok::Num(0.0, true) => 4,
                Tok::Num(1.0, true) => 5,
                Tok::Ident(s) if s.len() == 1 => {
                    match swizzle_index(s.as_bytes()[0] as char, self.kind == Kind::Fragment) {
                        Some(i) => i,
                        None => {
                            return Err(ParseError {
                                pos: at,
                                msg: "invalid extended swizzle component".into(),
                            });
                        }
                    }
                }
                _ => {
                    return Err(ParseError {
                        pos: at,
                        msg: "invalid extended swizzle component".into(),
                    });
                }
            };
        }
        Ok(Src {
            reg,
            swizzle,
            negate,
        })
    }

    fn add_param(&mut self, p: ParamSource) -> R<u32> {
        if let Some(i) = self.prog.params.iter().position(|q| *q == p) {
            return Ok(i as u32);
        }
        self.prog.params.push(p);
        self.check_params()?;
        Ok(self.prog.params.len() as u32 - 1)
    }

    fn src_reg(&mut self) -> R<Reg> {
        let at = self.pos();
        match self.peek().clone() {
            Tok::Punct('{') | Tok::Num(..) => {
                let c = self.constant(true)?;
                Ok(Reg::Param(self.add_param(ParamSource::Const(c))?))
            }
            Tok::Ident(s) if s == "vertex" || s == "fragment" => {
                Ok(Reg::Input(self.attrib_binding()?))
            }
            Tok::Ident(s) if s == "state" || s == "program" => {
                let items = self.param_item(false)?;
                Ok(Reg::Param(self.add_param(items[0])?))
            }
            Tok::Ident(s) => {
                self.next();
                match self.syms.get(&s).copied() {
                    Some(Sym::Temp(n)) => Ok(Reg::Temp(n)),
                    Some(Sym::Attrib(i)) => Ok(Reg::Input(i)),
                    Some(Sym::Param {
                        base, array: false, ..
                    }) => Ok(Reg::Param(base)),
                    Some(Sym::Param { base, len, .. }) => self.array_element(base, len),
                    Some(_) => Err(ParseError {
                        pos: at,
                        msg: format!("`{s}` cannot be read"),
                    }),
                    None => Err(ParseError {
                        pos: at,
                        msg: format!("undefined `{s}`"),
                    }),
                }
            }
            _ => self.err("expected a source register"),
        }
    }

    /// `[n]`, or in vertex programs `[A.x]`, `[A.x + n]`, `[A.x - n]`.
    fn array_element(&mut self, base: u32, len: u32) -> R<Reg> {
        self.expect('[')?;
        let at = self.pos();
        if let Tok::Num(..) = self.peek() {
            let n = self.uint()?;
            if n >= len {
                return Err(ParseError {
                    pos: at,
                    msg: "array index out of bounds".into(),
                });
            }
            self.expect(']')?;
            return Ok(Reg::Param(base + n));
        }
        let name = self.ident()?;
        let Some(Sym::Addr(addr)) = self.syms.get(&name).copied() else {
            return Err(ParseError {
                pos: at,
                msg: format!("`{name}` is not an address register"),
            });
        };
        self.expect('.')?;
        let c_at = self.pos();
        if self.ident()? != "x" {
            return Err(ParseError {
                pos: c_at,
                msg: "an address register has only x".into(),
            });
        }
        let mut offset = 0i32;
        if self.is_punct('+') || self.is_punct('-') {
            let neg = self.eat('-');
            if !neg {
                self.next();
            }
            let o_at = self.pos();
            let n = self.uint()? as i32;
            offset = if neg { -n } else { n };
            if !(-64..=63).contains(&offset) {
                return Err(ParseError {
                    pos: o_at,
                    msg: "relative address offset out of range".into(),
                });
            }
        }
        self.expect(']')?;
        Ok(Reg::ParamRel {
            base,
            len,
            addr,
            offset,
        })
    }

    /// Checks of the whole program and the counts of the queries.
    fn finish(&mut self) -> R<()> {
        let p = &mut self.prog;
        if p.kind == Kind::Vertex && !p.options.position_invariant && !p.writes(Output::Position) {
            return self.err("vertex program does not write result.position");
        }
        if p.insts.len() as u32 > limits::MAX_INSTRUCTIONS {
            return self.err("too many instructions");
        }
        let mut c = Counts {
            // END counts, as Mesa counts it.
            instructions: p.insts.len() as u32 + 1,
            temps: p.num_temps,
            params: p.params.len() as u32,
            address: p.num_addr,
            ..Counts::default()
        };
        let mut inputs: Vec<Input> = Vec::new();
        // Texture indirections (ARB_fragment_program §3.11.6): a texture
        // instruction whose coordinate temporary was written since the
        // current group of texture instructions began starts a new group.
        let mut written_in_phase: Vec<u32> = Vec::new();
        for inst in &p.insts {
            for s in &inst.src {
                if let Reg::Input(i) = s.reg
                    && !inputs.contains(&i)
                {
                    inputs.push(i);
                }
            }
            if inst.op == Opcode::Kil {
                c.tex += 1;
            } else if inst.tex.is_some() {
                c.tex += 1;
                let dep = inst.src.iter().any(|s| match s.reg {
                    Reg::Temp(t) => written_in_phase.contains(&t),
                    _ => false,
                });
                if c.indirections == 0 || dep {
                    c.indirections += 1;
                    written_in_phase.clear();
                }
            } else {
                c.alu += 1;
            }
            if let Some(Dst {
                reg: Reg::Temp(t), ..
            }) = inst.dst
            {
                written_in_phase.push(t);
            }
        }
        // Hidden parameters: the state the options need.
        if p.options.position_invariant {
            p.mvp_cols = Some(p.params.len() as u32);
            for row in 0..4 {
                p.params.push(ParamSource::State(StateVar::MatrixRow {
                    m: MatrixKind::Mvp,
                    modifier: 2,
                    row,
                }));
            }
            // User clip planes clip a position-invariant program's
            // vertices as fixed function's (ARB_vertex_program §2.14.1).
            p.clip_params = Some(p.params.len() as u32);
            for row in 0..4 {
                p.params.push(ParamSource::State(StateVar::MatrixRow {
                    m: MatrixKind::Modelview,
                    modifier: 2,
                    row,
                }));
            }
            for i in 0..limits::MAX_CLIP_PLANES as u8 {
                p.params.push(ParamSource::State(StateVar::ClipPlane(i)));
            }
        }
        if p.options.fog.is_some() {
            p.fog_params = Some(p.params.len() as u32);
            p.params.push(ParamSource::State(StateVar::FogColor));
            p.params.push(ParamSource::State(StateVar::FogParams));
        }
        if p.kind == Kind::Fragment && c.tex == 0 {
            c.indirections = 1;
        }
        if p.kind == Kind::Vertex {
            c.alu = 0;
        }
        c.attribs = inputs.len() as u32;
        p.counts = c;
        Ok(())
    }
}
