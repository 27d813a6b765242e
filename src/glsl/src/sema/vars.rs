//! The built-in variables, constants and struct types: the table in
//! `vars.txt` (data), parsed once, and the lookup of one name for a shader.

use super::builtins::{Alt, Env, parse_gate};
use crate::names::FxHashMap;
use std::sync::LazyLock;

const TABLE: &str = include_str!("vars.txt");

/// How a shader may use a built-in variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// A stage input: read only.
    In,
    /// A stage output (readable as well).
    Out,
    /// A built-in uniform: read only.
    Uniform,
    /// A constant with this value (`None`: constant, value unknown here).
    Const(Option<i32>),
}

/// One built-in variable.
#[derive(Clone, Debug)]
pub(crate) struct VarDef {
    pub mode: Mode,
    /// A built-in type or built-in struct name.
    pub ty: &'static str,
    /// Array dimensions (`None`: unsized).
    pub dims: Vec<Option<u32>>,
    gate: usize,
}

/// A built-in struct: name and members (type name, member name, dims).
pub(crate) type StructDef = (
    &'static str,
    Vec<(&'static str, &'static str, Vec<Option<u32>>)>,
);

struct Table {
    gates: Vec<Vec<Alt>>,
    vars: FxHashMap<&'static str, Vec<VarDef>>,
    structs: Vec<StructDef>,
}

static PARSED: LazyLock<Table> = LazyLock::new(parse);

/// `name[4]` / `name[]` / `name` to the name and its dimensions.
fn split_dims(s: &'static str) -> (&'static str, Vec<Option<u32>>) {
    match s.split_once('[') {
        Some((n, rest)) => {
            let dims = rest
                .split('[')
                .map(|d| d.trim_end_matches(']').parse().ok())
                .collect();
            (n, dims)
        }
        None => (s, Vec::new()),
    }
}

fn parse() -> Table {
    let mut t = Table {
        gates: vec![vec![Alt::default()]],
        vars: FxHashMap::default(),
        structs: Vec::new(),
    };
    for line in TABLE.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(g) = line.strip_prefix('@') {
            t.gates.push(parse_gate(g));
            continue;
        }
        if let Some(rest) = line.strip_prefix("struct ") {
            let Some((name, members)) = rest.split_once(' ') else {
                continue;
            };
            let ms = members
                .split(';')
                .filter_map(|m| {
                    let (ty, n) = m.trim().split_once(' ')?;
                    let (n, dims) = split_dims(n);
                    Some((ty, n, dims))
                })
                .collect();
            t.structs.push((name, ms));
            continue;
        }
        let mut w = line.split_whitespace();
        let (Some(mode), Some(ty), Some(name)) = (w.next(), w.next(), w.next()) else {
            continue;
        };
        let mode = match mode {
            "in" => Mode::In,
            "out" | "inout" => Mode::Out,
            "uniform" => Mode::Uniform,
            m => Mode::Const(m.strip_prefix("const=").and_then(|v| v.parse().ok())),
        };
        let (name, dims) = split_dims(name);
        let gate = t.gates.len() - 1;
        t.vars.entry(name).or_default().push(VarDef {
            mode,
            ty,
            dims,
            gate,
        });
    }
    t
}

/// The definition of built-in variable `name` in a shader, if it has one.
pub(crate) fn lookup(name: &str, env: &Env) -> Option<&'static VarDef> {
    let t = &*PARSED;
    t.vars
        .get(name)?
        .iter()
        .find(|v| t.gates[v.gate].iter().any(|a| a.holds(env)))
}

/// The built-in struct types.
pub(crate) fn structs() -> &'static [StructDef] {
    &PARSED.structs
}
