//! The built-in functions: the table in `builtins.txt` (data, one signature
//! a line, grouped under availability gates), parsed once into concrete
//! signatures, and the availability test for a shader.
//!
//! Generic placeholders expand when the table is read: `genType` to `float`
//! … `vec4` (every generic of a line takes the same size), `vec` to `vec2` …
//! `vec4`, `gsampler2D`/`gvec4` to the float, int and uint variants, `IMG`
//! to each image dimension with its coordinate (and sample) parameters.

use super::types::{Base, Num, Scalar, Type, builtin};
use crate::extensions::{self, Ext, ExtSet};
use crate::keywords::{self, BuiltinType, Class, Word};
use crate::names::FxHashMap;
use crate::version::{Stage, Version};
use std::sync::LazyLock;

const TABLE: &str = include_str!("builtins.txt");

/// How an argument is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    In,
    Out,
    Inout,
}

/// One concrete signature.
#[derive(Clone, Debug)]
pub(crate) struct Sig {
    pub ret: Type,
    pub params: Vec<(Type, Dir)>,
    gate: usize,
}

/// One alternative of a gate: all of its conditions hold.
#[derive(Clone, Debug, Default)]
pub(crate) struct Alt {
    desktop: u16,
    es: u16,
    exts: Vec<Ext>,
    /// Bit per `Stage as u8`; 0 = every stage.
    stages: u8,
    deprecated: bool,
    compat: bool,
}

/// What decides availability: the shader's language and stage.
pub(crate) struct Env {
    pub version: Version,
    pub exts: ExtSet,
    pub stage: Stage,
    pub compat: bool,
}

impl Alt {
    pub(crate) fn holds(&self, env: &Env) -> bool {
        let v = env.version;
        let versioned = self.desktop != 0 || self.es != 0;
        let version_ok = if versioned {
            v.at_least(self.desktop, self.es)
        } else {
            self.exts.is_empty()
        };
        if !(version_ok || env.exts.any(&self.exts)) {
            return false;
        }
        if self.stages != 0 && self.stages & (1 << env.stage as u8) == 0 {
            return false;
        }
        if self.deprecated && !env.compat && v.at_least(420, 300) {
            return false;
        }
        if self.compat && !env.compat {
            return false;
        }
        true
    }
}

struct Table {
    gates: Vec<Vec<Alt>>,
    funcs: FxHashMap<&'static str, Vec<Sig>>,
}

static PARSED: LazyLock<Table> = LazyLock::new(parse);

/// The signatures of built-in function `name` available to a shader.
pub(crate) fn lookup(name: &str, env: &Env) -> Vec<&'static Sig> {
    let t = &*PARSED;
    t.funcs.get(name).map_or_else(Vec::new, |sigs| {
        sigs.iter()
            .filter(|s| t.gates[s.gate].iter().any(|a| a.holds(env)))
            .collect()
    })
}

/// Whether some version or stage has a built-in function `name`.
pub(crate) fn exists(name: &str) -> bool {
    PARSED.funcs.contains_key(name)
}

pub(crate) fn parse_gate(line: &str) -> Vec<Alt> {
    line.split('|')
        .map(|alt| {
            let mut a = Alt::default();
            for w in alt.split_whitespace() {
                if let Some(n) = w.strip_prefix('d').and_then(|n| n.parse().ok()) {
                    a.desktop = n;
                } else if let Some(n) = w.strip_prefix('e').and_then(|n| n.parse().ok()) {
                    a.es = n;
                } else if let Some(x) = w.strip_prefix("x:") {
                    if let Some(e) = extensions::lookup(&format!("GL_{x}")) {
                        a.exts.push(e);
                    } else {
                        debug_assert!(false, "unknown extension {x} in builtins.txt");
                    }
                } else if let Some(s) = w.strip_prefix("s:") {
                    for c in s.chars() {
                        let st = match c {
                            'v' => Stage::Vertex,
                            'f' => Stage::Fragment,
                            'g' => Stage::Geometry,
                            'c' => Stage::Compute,
                            't' => Stage::TessControl,
                            _ => Stage::TessEval,
                        };
                        a.stages |= 1 << st as u8;
                    }
                } else if w == "dep" {
                    a.deprecated = true;
                } else if w == "compat" {
                    a.compat = true;
                }
            }
            a
        })
        .collect()
}

pub(crate) fn all_exts() -> ExtSet {
    let mut s = ExtSet::default();
    for e in extensions::EXTENSIONS {
        s.insert(e.ext);
    }
    s
}

/// A concrete type name to a type (`ivec2[4]` included).
pub(crate) fn concrete(name: &str, all: &ExtSet) -> Option<Type> {
    let (base, dims) = match name.split_once('[') {
        Some((b, rest)) => (b, rest.trim_end_matches(']').parse::<u32>().ok()),
        None => (name, None),
    };
    if base == "void" {
        return Some(Type::VOID);
    }
    let t = match keywords::classify(base, Version::desktop(460), all) {
        Class::Word(Word::Type(b)) => builtin(b),
        _ => return None,
    };
    Some(match dims {
        Some(n) => t.array_of(&[Some(n)]),
        None => t,
    })
}

const IMAGES: &[(&str, &str)] = &[
    ("image1D", "int"),
    ("image2D", "ivec2"),
    ("image3D", "ivec3"),
    ("image2DRect", "ivec2"),
    ("imageCube", "ivec3"),
    ("imageBuffer", "int"),
    ("image1DArray", "ivec2"),
    ("image2DArray", "ivec3"),
    ("imageCubeArray", "ivec3"),
    ("image2DMS", "ivec2, int"),
    ("image2DMSArray", "ivec3, int"),
];

fn generic(tok: &str, n: u8, g: &str) -> Option<String> {
    let vec = |p: &str| {
        if n == 1 {
            None
        } else {
            Some(format!("{p}vec{n}"))
        }
    };
    let scalar_or_vec = |s: &str, p: &str| vec(p).unwrap_or_else(|| s.to_owned());
    Some(match tok {
        "genType" => scalar_or_vec("float", ""),
        "genIType" => scalar_or_vec("int", "i"),
        "genUType" => scalar_or_vec("uint", "u"),
        "genBType" => scalar_or_vec("bool", "b"),
        "genDType" => scalar_or_vec("double", "d"),
        "genI64Type" => scalar_or_vec("int64_t", "i64"),
        "genU64Type" => scalar_or_vec("uint64_t", "u64"),
        "vec" => vec("")?,
        "ivec" => vec("i")?,
        "uvec" => vec("u")?,
        "bvec" => vec("b")?,
        "dvec" => vec("d")?,
        "i64vec" => vec("i64")?,
        "u64vec" => vec("u64")?,
        "gvec4" => format!("{g}vec4"),
        "gscalar" => match g {
            "i" => "int".to_owned(),
            "u" => "uint".to_owned(),
            _ => "float".to_owned(),
        },
        t if t.starts_with("gsampler") || t.starts_with("gimage") => format!("{g}{}", &t[1..]),
        _ => return None,
    })
}

fn parse() -> Table {
    let all = all_exts();
    let mut gates: Vec<Vec<Alt>> = vec![vec![Alt::default()]];
    let mut funcs: FxHashMap<&'static str, Vec<Sig>> = FxHashMap::default();
    for line in TABLE.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(g) = line.strip_prefix('@') {
            gates.push(parse_gate(g));
            continue;
        }
        let gate = gates.len() - 1;
        let Some((head, rest)) = line.split_once('(') else {
            continue;
        };
        let Some((ret, name)) = head.trim().split_once(' ') else {
            continue;
        };
        let params_src = rest.trim_end_matches(')');
        // Image placeholders expand to whole parameter lists.
        let image_kind = ["IMGI", "IMGF", "IMG"]
            .into_iter()
            .find(|k| params_src.split([',', ' ']).any(|w| w == *k));
        let lists: Vec<(String, &str)> = match image_kind {
            Some(k) => {
                let gs: &[&str] = match k {
                    "IMGI" => &["i", "u"],
                    "IMGF" => &[""],
                    _ => &["", "i", "u"],
                };
                let mut v = Vec::new();
                for (img, coord) in IMAGES {
                    for g in gs {
                        let p = params_src.replacen(k, &format!("g{img}, {coord}"), 1);
                        v.push((p, *g));
                    }
                }
                v
            }
            None => vec![(params_src.to_owned(), "")],
        };
        let words = line.split(|c: char| !c.is_alphanumeric() && c != '_');
        let has_gen = words.clone().any(|w| w.starts_with("gen"));
        let has_vec = words.clone().any(|w| {
            matches!(
                w,
                "vec" | "ivec" | "uvec" | "bvec" | "dvec" | "i64vec" | "u64vec"
            )
        });
        let has_g = image_kind.is_none()
            && words.clone().any(|w| {
                w == "gvec4"
                    || w.starts_with("gsampler")
                    || w.starts_with("gimage")
                    || w == "gscalar"
            });
        let sizes: &[u8] = if has_gen {
            &[1, 2, 3, 4]
        } else if has_vec {
            &[2, 3, 4]
        } else {
            &[1]
        };
        for (params, img_g) in &lists {
            let gs: &[&str] = if has_g { &["", "i", "u"] } else { &[img_g] };
            for &n in sizes {
                for g in gs {
                    let ty = |tok: &str| -> Option<Type> {
                        let tok = tok.trim();
                        match generic(tok, n, g) {
                            Some(c) => concrete(&c, &all),
                            None => concrete(tok, &all),
                        }
                    };
                    let Some(ret) = ty(ret) else {
                        debug_assert!(false, "bad return type in {line}");
                        continue;
                    };
                    let mut ps = Vec::new();
                    let mut ok = true;
                    for p in params.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                        let (dir, t) = if let Some(t) = p.strip_prefix("out ") {
                            (Dir::Out, t)
                        } else if let Some(t) = p.strip_prefix("inout ") {
                            (Dir::Inout, t)
                        } else {
                            (Dir::In, p)
                        };
                        match ty(t) {
                            Some(t) => ps.push((t, dir)),
                            None => ok = false,
                        }
                    }
                    debug_assert!(ok, "bad parameter in {line}");
                    if ok {
                        let name: &'static str = leak_name(name, &mut funcs);
                        funcs.entry(name).or_default().push(Sig {
                            ret,
                            params: ps,
                            gate,
                        });
                    }
                }
            }
        }
    }
    add_matrix_functions(&mut gates, &mut funcs);
    Table { gates, funcs }
}

/// The table's names are `'static` slices of `TABLE` itself.
fn leak_name(name: &str, funcs: &mut FxHashMap<&'static str, Vec<Sig>>) -> &'static str {
    if let Some((k, _)) = funcs.get_key_value(name) {
        return k;
    }
    // `name` points into TABLE; find it there to borrow it for 'static.
    match TABLE.find(&format!(" {name}(")) {
        Some(i) => &TABLE[i + 1..i + 1 + name.len()],
        None => "",
    }
}

fn mat(s: Scalar, cols: u8, rows: u8) -> Type {
    Type::num(Num::new(s, rows, cols))
}

/// The matrix functions, whose shapes the generic notation cannot say.
fn add_matrix_functions(gates: &mut Vec<Vec<Alt>>, funcs: &mut FxHashMap<&'static str, Vec<Sig>>) {
    let all = gates.len();
    gates.push(vec![Alt {
        desktop: 110,
        es: 100,
        ..Alt::default()
    }]);
    let v120 = gates.len();
    gates.push(vec![Alt {
        desktop: 120,
        es: 300,
        ..Alt::default()
    }]);
    let v150 = gates.len();
    gates.push(vec![Alt {
        desktop: 140,
        es: 300,
        ..Alt::default()
    }]);
    let fp64 = gates.len();
    gates.push(vec![
        Alt {
            desktop: 400,
            ..Alt::default()
        },
        Alt {
            exts: vec![Ext::ARB_gpu_shader_fp64],
            ..Alt::default()
        },
    ]);
    let mut add = |name: &'static str, ret: Type, params: Vec<Type>, gate: usize| {
        funcs.entry(name).or_default().push(Sig {
            ret,
            params: params.into_iter().map(|t| (t, Dir::In)).collect(),
            gate,
        });
    };
    for (s, g_all, g120, g150) in [
        (Scalar::Float, all, v120, v150),
        (Scalar::Double, fp64, fp64, fp64),
    ] {
        for c in 2..=4u8 {
            for r in 2..=4u8 {
                let m = mat(s, c, r);
                let square = c == r;
                if square || g_all != all {
                    add(
                        "matrixCompMult",
                        m.clone(),
                        vec![m.clone(), m.clone()],
                        g_all,
                    );
                } else {
                    add(
                        "matrixCompMult",
                        m.clone(),
                        vec![m.clone(), m.clone()],
                        g120,
                    );
                }
                add(
                    "outerProduct",
                    m.clone(),
                    vec![Type::num(Num::vec(s, r)), Type::num(Num::vec(s, c))],
                    g120,
                );
                add("transpose", mat(s, r, c), vec![m.clone()], g120);
                if square {
                    let scalar = Type::num(Num::scalar(s));
                    add("determinant", scalar, vec![m.clone()], g150);
                    add("inverse", m.clone(), vec![m], g150);
                }
            }
        }
    }
}

/// Whether `t` is a sampler type (for messages and qualifier rules).
pub(crate) fn is_sampler(t: &Type) -> bool {
    matches!(t.base, Base::Opaque(b) if super::types::opaque_kind(b) == super::types::OpaqueKind::Sampler)
}

/// Whether `b` is an image type.
pub(crate) fn is_image(b: BuiltinType) -> bool {
    super::types::opaque_kind(b) == super::types::OpaqueKind::Image
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(v: Version, stage: Stage) -> Env {
        Env {
            version: v,
            exts: ExtSet::default(),
            stage,
            compat: v.is_compat(),
        }
    }

    #[test]
    fn table_parses_and_expands() {
        let e = env(Version::desktop(460), Stage::Fragment);
        assert_eq!(lookup("radians", &e).len(), 4);
        assert!(!lookup("texture", &e).is_empty());
        assert!(!lookup("imageAtomicAdd", &e).is_empty());
        assert!(!lookup("inverse", &e).is_empty());
        assert!(exists("textureGatherOffsets"));
    }

    #[test]
    fn extension_functions() {
        let mut exts = ExtSet::default();
        exts.insert(Ext::EXT_gpu_shader4);
        let e = Env {
            version: Version::desktop(110),
            exts,
            stage: Stage::Fragment,
            compat: true,
        };
        assert!(!lookup("shadow1DArrayOffset", &e).is_empty());
        assert!(!lookup("texelFetch2D", &e).is_empty());
        let plain = env(Version::desktop(110), Stage::Fragment);
        assert!(lookup("texelFetch2D", &plain).is_empty());
    }

    #[test]
    fn gates() {
        let es = env(Version::es(100), Stage::Fragment);
        assert!(lookup("dFdx", &es).is_empty());
        assert!(!lookup("texture2D", &es).is_empty());
        assert!(lookup("texture", &es).is_empty());
        let v110 = env(Version::desktop(110), Stage::Fragment);
        assert!(lookup("texture2DLod", &v110).is_empty());
        let v110v = env(Version::desktop(110), Stage::Vertex);
        assert!(!lookup("texture2DLod", &v110v).is_empty());
        assert!(!lookup("ftransform", &v110v).is_empty());
        let core = env(Version::desktop(420), Stage::Vertex);
        assert!(lookup("texture2D", &core).is_empty());
        assert!(lookup("ftransform", &core).is_empty());
    }
}
