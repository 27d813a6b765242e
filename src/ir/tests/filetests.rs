//! Text filetests (`tests/filetests/*.ir`), in the spirit of Cranelift's.
//!
//! A file is an IR shader in text form with directives in `;` comments:
//!
//! * `; run: PASS` — apply a pass (in order; the validator runs after each);
//! * `; check: TEXT` — after the passes, some printed line contains TEXT,
//!   after the line matched by the previous check;
//! * `; not: TEXT` — no printed line contains TEXT;
//! * `; case` — starts an execution case (the first case needs none);
//! * `; input LOC: T x y ...`, `; uniform OFFSET: T x ...`,
//!   `; ubo BINDING: T x ...`, `; ssbo BINDING: T x ...`,
//!   `; sysval NAME: T x ...` — invocation inputs (T is `f32`, `i32`, `u32`
//!   or `bool`);
//! * `; expect output LOC: T [approx] x ...`, `; expect builtin NAME: T x ...`,
//!   `; expect ssbo BINDING: T x ...`, `; expect discard`,
//!   `; expect vertices N` (geometry) — results.
//!
//! Every case runs on the reference interpreter before *and* after the
//! passes: a pass that changes the result fails the test. Every file also
//! round-trips through the printer/parser and the binary form, and survives
//! every single-byte corruption of its blob without a panic.

use oxgl_ir::interp::{self, Host, Invocation, Operands};
use oxgl_ir::*;
use std::path::Path;

/// A texture host whose texels are their own operands: sampling returns
/// `(coord.x, coord.y, lod or bias or 0, 1)`, fetch returns the integer
/// coordinate and level, size queries return 4 per dimension.
struct CoordHost;

impl Host for CoordHost {
    fn texture(&mut self, decl: &TextureDecl, op: &TexOp, args: &Operands) -> Bits {
        let get = |n| args.get(&TEX_OPERANDS, n);
        let f = |x: f32| x.to_bits() as u64;
        match op.kind {
            TexKind::QuerySize => [4, 4, 4, 0],
            TexKind::QueryLevels | TexKind::QuerySamples => [3, 0, 0, 0],
            TexKind::Fetch => {
                let c = get("coord").map_or([0; 4], |c| c.1);
                [c[0], c[1], get("lod").map_or(0, |l| l.1[0]), 1]
            }
            _ => {
                let c = get("coord").map_or([0; 4], |c| c.1);
                let extra = get("lod").or(get("bias")).map_or(f(0.0), |l| l.1[0]);
                if decl.shadow {
                    let r = get("compare").map_or(0, |c| c.1[0]);
                    return [
                        f((f32::from_bits(r as u32) <= f32::from_bits(c[0] as u32)) as u32 as f32),
                        0,
                        0,
                        0,
                    ];
                }
                [c[0], c[1], extra, f(1.0)]
            }
        }
    }
    fn image(&mut self, _: &ImageDecl, _: &ImageOp, _: &Operands) -> Bits {
        [0; 4]
    }
}

#[derive(Default, Clone)]
struct Case {
    inv: Invocation,
    expects: Vec<String>,
}

fn words_to_bits(ty: &str, words: &[&str], line: &str) -> Vec<u32> {
    words
        .iter()
        .map(|w| match ty {
            "f32" => w
                .parse::<f32>()
                .unwrap_or_else(|_| panic!("bad f32 in {line}"))
                .to_bits(),
            "i32" => w
                .parse::<i32>()
                .unwrap_or_else(|_| panic!("bad i32 in {line}")) as u32,
            "u32" => w
                .parse::<u32>()
                .unwrap_or_else(|_| panic!("bad u32 in {line}")),
            "bool" => (*w == "true") as u32,
            _ => panic!("bad type {ty} in {line}"),
        })
        .collect()
}

/// Splits `KEY: T x y z` into (key, type, values).
fn split(rest: &str) -> (&str, &str, Vec<&str>) {
    let (key, vals) = rest
        .split_once(':')
        .unwrap_or_else(|| panic!("missing `:` in {rest}"));
    let mut it = vals.split_whitespace();
    let ty = it.next().unwrap_or("f32");
    (key.trim(), ty, it.collect())
}

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn add_input(case: &mut Case, directive: &str) {
    let (kind, rest) = directive.split_once(' ').unwrap_or((directive, ""));
    let (key, ty, vals) = split(rest);
    let words = words_to_bits(ty, &vals, directive);
    match kind {
        "input" => {
            let loc: u32 = key.parse().expect("input location");
            for (i, chunk) in words.chunks(4).enumerate() {
                let slot = case.inv.inputs.entry(loc + i as u32).or_default();
                slot[..chunk.len()].copy_from_slice(chunk);
            }
        }
        "uniform" => {
            let off: usize = key.parse().expect("uniform offset");
            let b = bytes(&words);
            if case.inv.uniforms.len() < off + b.len() {
                case.inv.uniforms.resize(off + b.len(), 0);
            }
            case.inv.uniforms[off..off + b.len()].copy_from_slice(&b);
        }
        "ssbo" => {
            case.inv
                .ssbos
                .insert(key.parse().expect("binding"), bytes(&words));
        }
        "ubo" => {
            case.inv
                .ubos
                .insert(key.parse().expect("binding"), bytes(&words));
        }
        "sysval" => {
            let sv = SysVal::from_name(key).unwrap_or_else(|| panic!("unknown sysval {key}"));
            let mut b = [0u64; 4];
            for (x, w) in b.iter_mut().zip(&words) {
                *x = *w as u64;
            }
            case.inv.system.insert(sv, b);
        }
        _ => panic!("unknown directive {directive}"),
    }
}

fn check_expect(inv: &Invocation, e: &str, when: &str, file: &str) {
    if e == "discard" {
        assert!(inv.discarded, "{file}: expected discard {when}");
        return;
    }
    if let Some(n) = e.strip_prefix("vertices ") {
        let got = inv
            .emitted
            .iter()
            .filter(|e| matches!(e, interp::GsEvent::Vertex { .. }))
            .count();
        assert_eq!(
            got.to_string(),
            n.trim(),
            "{file}: {when}: emitted vertices"
        );
        return;
    }
    let (kind, rest) = e.split_once(' ').unwrap_or((e, ""));
    let (key, ty, mut vals) = split(rest);
    let approx = vals.first() == Some(&"approx");
    if approx {
        vals.remove(0);
    }
    let want = words_to_bits(ty, &vals, e);
    let got: Vec<u32> = match kind {
        "output" => {
            let loc: u32 = key.parse().expect("location");
            (0..want.len().div_ceil(4) as u32)
                .flat_map(|i| inv.outputs.get(&(loc + i)).copied().unwrap_or_default())
                .take(want.len())
                .collect()
        }
        "builtin" | "ssbo" => {
            let raw = if kind == "builtin" {
                let b = Builtin::from_name(key).unwrap_or_else(|| panic!("unknown builtin {key}"));
                inv.builtin_outputs.get(&b).cloned().unwrap_or_default()
            } else {
                inv.ssbos
                    .get(&key.parse().expect("binding"))
                    .cloned()
                    .unwrap_or_default()
            };
            raw.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .take(want.len())
                .collect()
        }
        _ => panic!("{file}: unknown expectation {e}"),
    };
    assert!(!inv.discarded, "{file}: discarded {when}, expected {e}");
    let ok = got.len() == want.len()
        && got.iter().zip(&want).all(|(g, w)| {
            if approx && ty == "f32" {
                let (g, w) = (f32::from_bits(*g), f32::from_bits(*w));
                (g - w).abs() <= 1e-5 * w.abs().max(1.0)
            } else {
                g == w
            }
        });
    let show = |v: &[u32]| -> Vec<String> {
        v.iter()
            .map(|x| {
                if ty == "f32" {
                    format!("{}", f32::from_bits(*x))
                } else {
                    format!("{}", *x as i32)
                }
            })
            .collect()
    };
    assert!(ok, "{file}: {when}: `{e}`: got {:?}", show(&got));
}

fn run_file(path: &Path) {
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let src = std::fs::read_to_string(path).unwrap();
    let mut passes = Vec::new();
    let mut checks = Vec::new();
    let mut nots = Vec::new();
    let mut cases = vec![Case::default()];
    for line in src.lines() {
        let Some(d) = line.trim().strip_prefix(';') else {
            continue;
        };
        let d = d.trim();
        if let Some(p) = d.strip_prefix("run:") {
            passes.push(p.trim().to_owned());
        } else if let Some(c) = d.strip_prefix("check:") {
            checks.push(c.trim().to_owned());
        } else if let Some(c) = d.strip_prefix("not:") {
            nots.push(c.trim().to_owned());
        } else if d == "case" {
            if !cases.last().unwrap().expects.is_empty() {
                cases.push(Case::default());
            }
        } else if let Some(e) = d.strip_prefix("expect ") {
            cases.last_mut().unwrap().expects.push(e.trim().to_owned());
        } else if ["input ", "uniform ", "ubo ", "ssbo ", "sysval "]
            .iter()
            .any(|p| d.starts_with(p))
        {
            add_input(cases.last_mut().unwrap(), d);
        }
    }
    let cases: Vec<Case> = cases
        .into_iter()
        .filter(|c| !c.expects.is_empty())
        .collect();

    let mut shader = text::parse(&src).unwrap_or_else(|e| panic!("{file}: {e}"));
    valid::validate(&shader).unwrap_or_else(|e| panic!("{file}: input does not validate: {e}"));
    let execute = |s: &Shader, when: &str| {
        for c in &cases {
            let mut inv = c.inv.clone();
            interp::run(s, &mut inv, &mut CoordHost)
                .unwrap_or_else(|e| panic!("{file}: {when}: {e}"));
            for e in &c.expects {
                check_expect(&inv, e, when, &file);
            }
        }
    };
    execute(&shader, "before the passes");

    for p in &passes {
        let pass = passes::by_name(p).unwrap_or_else(|| panic!("{file}: unknown pass {p}"));
        pass(&mut shader);
        valid::validate(&shader)
            .unwrap_or_else(|e| panic!("{file}: invalid after {p}: {e}\n{shader}"));
    }
    let printed = text::print(&shader);
    let mut lines = printed.lines();
    for c in &checks {
        assert!(
            lines.any(|l| l.contains(c.as_str())),
            "{file}: check `{c}` not found (in order) in:\n{printed}"
        );
    }
    for n in &nots {
        assert!(
            !printed.contains(n.as_str()),
            "{file}: `{n}` found in:\n{printed}"
        );
    }
    execute(&shader, "after the passes");

    // Round trips: text and binary.
    let reparsed =
        text::parse(&printed).unwrap_or_else(|e| panic!("{file}: reparse: {e}\n{printed}"));
    assert_eq!(text::print(&reparsed), printed, "{file}: text round trip");
    let blob = serialize::serialize(&shader);
    let back = serialize::deserialize(&blob).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(text::print(&back), printed, "{file}: binary round trip");
    assert_eq!(
        serialize::serialize(&back),
        blob,
        "{file}: deterministic bytes"
    );
}

#[test]
fn filetests() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for f in &files {
        run_file(f);
    }
    eprintln!("{} filetests passed", files.len());
}
