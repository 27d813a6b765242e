//! A deterministic fuzz smoke test of the whole front end: the snapshot
//! inputs are mutated (byte flips, deletions, duplications, inserted tokens
//! from a GLSL dictionary) tens of thousands of times, and every result must
//! compile or fail with an info log — never panic, hang or run away. This is
//! the quick, always-run companion of the coverage-guided cargo-fuzz target
//! in `fuzz/` (nightly toolchain; see fuzz/README.md).

use std::path::Path;
use std::time::{Duration, Instant};

use oxgl_glsl::{Options, Stage, compile};

/// xorshift64*: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const DICTIONARY: &[&str] = &[
    "#define X(a) a a\n",
    "#if 1\n",
    "#endif\n",
    "#else\n",
    "#version 450\n",
    "#version 300 es\n",
    "#extension GL_ARB_gpu_shader5 : enable\n",
    "#line 0 1\n",
    "__LINE__",
    "X(X(1))",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "uniform",
    "layout(location=0)",
    "struct S { float f; };",
    "vec4",
    "mat3",
    "float[2][3]",
    "if(",
    "for(;;)",
    "switch(x){case 1:}",
    "return",
    "discard;",
    "0xffffffff",
    "1e38",
    "1.0lf",
    "precision highp float;",
    "buffer B { int a[]; };",
    "#",
    "##",
    "\\\n",
    "/*",
    "*/",
    "//",
    "\"",
    "'",
    "\u{0}",
    "\u{ff}",
    "gl_FragColor",
    "texture2D(",
    "#pragma STDGL invariant(all)\n",
];

fn mutate(src: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut s = src.to_vec();
    for _ in 0..1 + rng.below(4) {
        let len = s.len();
        match rng.below(5) {
            0 if len > 0 => {
                let i = rng.below(len);
                s[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let a = rng.below(len);
                let b = (a + rng.below(64)).min(len);
                s.drain(a..b);
            }
            2 if len > 0 => {
                let a = rng.below(len);
                let b = (a + rng.below(128)).min(len);
                let chunk = s[a..b].to_vec();
                let at = rng.below(len + 1);
                s.splice(at..at, chunk);
            }
            _ => {
                let word = DICTIONARY[rng.below(DICTIONARY.len())].as_bytes();
                let at = rng.below(len + 1);
                s.splice(at..at, word.iter().copied());
            }
        }
    }
    s
}

#[test]
fn mutated_shaders_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut seeds: Vec<(Vec<u8>, Stage)> = Vec::new();
    let entries = std::fs::read_dir(root.join("in"))
        .expect("tests/in")
        .chain(std::fs::read_dir(root.join("lower/in")).expect("tests/lower/in"));
    for entry in entries {
        let path = entry.expect("entry").path();
        let stage = match path.extension().and_then(|e| e.to_str()) {
            Some("vert") => Stage::Vertex,
            Some("frag") => Stage::Fragment,
            _ => continue,
        };
        seeds.push((std::fs::read(&path).expect("seed"), stage));
    }
    assert!(!seeds.is_empty());
    // OXGL_FUZZ_RUNS / OXGL_FUZZ_SEED / OXGL_FUZZ_SECONDS: longer runs by hand.
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let max_runs = env("OXGL_FUZZ_RUNS", 50_000) as usize;
    let budget = Duration::from_secs(env("OXGL_FUZZ_SECONDS", 60));
    let mut rng = Rng(env("OXGL_FUZZ_SEED", 0x9e37_79b9_7f4a_7c15) | 1);
    let start = Instant::now();
    let mut runs = 0usize;
    let mut compiled = 0usize;
    let mut lowered = 0usize;
    while runs < max_runs && start.elapsed() < budget {
        let (seed, stage) = &seeds[rng.below(seeds.len())];
        let input = mutate(seed, &mut rng);
        let text = String::from_utf8_lossy(&input);
        let opts = Options::new(*stage);
        let one = Instant::now();
        let out = compile(&text, &opts);
        assert!(
            one.elapsed() < Duration::from_secs(5),
            "slow input (>5 s):\n{text}"
        );
        if out.success() {
            compiled += 1;
            // What compiles is lowered: never a panic nor invalid IR.
            match oxgl_glsl::lower::lower(&out) {
                Ok(mut l) => {
                    oxgl_ir::passes::optimize(&mut l.shader);
                    if let Err(e) = oxgl_ir::valid::validate(&l.shader) {
                        panic!("the passes broke lowered IR: {e}\n{text}");
                    }
                    lowered += 1;
                }
                Err(e) => assert!(!e.internal, "{e}\n{text}"),
            }
        } else {
            assert!(
                out.log.has_errors(),
                "a failed compile without an error in its log:\n{text}"
            );
        }
        runs += 1;
    }
    println!(
        "{runs} mutated shaders in {:.1} s, {compiled} compiled, {lowered} lowered",
        start.elapsed().as_secs_f64()
    );
    assert!(runs >= 1000, "too few inputs ran: {runs}");
}
