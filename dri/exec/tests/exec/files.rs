//! The IR crate's text filetests (`src/ir/tests/filetests/*.ir`): every
//! vertex or fragment shader that compiles runs with its own `; input` and
//! `; uniform` values in lane 0 and random values elsewhere, before and
//! after the standard passes.

use crate::harness::{Inputs, Rng, check_inputs, random_inputs};
use oxgl_exec::Program;
use oxgl_ir::*;
use std::path::Path;

fn words(ty: &str, vals: &str) -> Vec<u32> {
    vals.split_whitespace()
        .map(|w| match ty {
            "f32" => w.parse::<f32>().map(f32::to_bits).unwrap_or(0),
            "i32" => w.parse::<i32>().unwrap_or(0) as u32,
            "u32" => w.parse::<u32>().unwrap_or(0),
            _ => (w == "true") as u32,
        })
        .collect()
}

/// Applies the first case's `; input` and `; uniform` directives.
fn apply_directives<const N: usize>(src: &str, inp: &mut Inputs<N>) {
    for line in src.lines() {
        let Some(d) = line.trim().strip_prefix(';') else {
            continue;
        };
        let d = d.trim();
        if d == "case" {
            break;
        }
        let Some((head, rest)) = d.split_once(':') else {
            continue;
        };
        let mut it = rest.split_whitespace();
        let ty = it.next().unwrap_or("f32");
        let vals = words(ty, &it.collect::<Vec<_>>().join(" "));
        if let Some(loc) = head.strip_prefix("input ") {
            let base = loc.trim().parse::<usize>().unwrap() * 4;
            for (k, w) in vals.iter().enumerate() {
                if inp.flat.len() <= base + k {
                    inp.flat.resize((base + k + 1).next_multiple_of(4), [0; N]);
                }
                inp.flat[base + k][0] = *w;
            }
        } else if let Some(off) = head.strip_prefix("uniform ") {
            let off = off.trim().parse::<usize>().unwrap();
            for (k, w) in vals.iter().enumerate() {
                let at = off + 4 * k;
                if inp.uniforms.len() < at + 4 {
                    inp.uniforms.resize(at + 4, 0);
                }
                inp.uniforms[at..at + 4].copy_from_slice(&w.to_le_bytes());
            }
        }
    }
}

fn run_file<const N: usize>(src: &str, s: &Shader, name: &str) -> usize {
    let prog = match Program::compile(s) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{name}: not supported: {e}");
            return 0;
        }
    };
    let mut regs = prog.new_regs::<N>();
    let mut rng = Rng(0x5eed ^ name.len() as u64);
    let mut n = 0;
    for run in 0..8 {
        let mut inp = random_inputs::<N>(s, &mut rng);
        inp.mask |= 1;
        apply_directives(src, &mut inp);
        n += check_inputs(s, &prog, &mut regs, &inp, &format!("{name} run {run}"));
    }
    n
}

#[test]
fn filetests_match_the_interpreter() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src/ir/tests/filetests");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    files.sort();
    let mut ran = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(f).unwrap();
        let mut s = text::parse(&src).unwrap();
        if !matches!(s.stage, Stage::Vertex | Stage::Fragment) {
            continue;
        }
        let mut n = run_file::<16>(&src, &s, &name) + run_file::<4>(&src, &s, &name);
        passes::optimize(&mut s);
        n += run_file::<16>(&src, &s, &format!("{name} (optimized)"));
        if n > 0 {
            ran.push(name);
        }
    }
    eprintln!("filetests run: {ran:?}");
    for must in ["fixed_function.ir", "loops.ir", "inline.ir", "texture.ir"] {
        assert!(ran.iter().any(|n| n == must), "{must} did not run");
    }
}
