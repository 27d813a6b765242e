//! The comparison harness: random per-lane inputs, one SoA run, one
//! interpreter run per live lane, bit-exact comparison.

use oxgl_exec::{Env, Program, TexArgs, TextureHost, lane_mask};
use oxgl_ir::interp::{self, Host, Invocation, Operands};
use oxgl_ir::*;
use std::collections::HashMap;

/// A small xorshift generator (deterministic tests, no dependencies).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut s = self.0;
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        self.0 = s;
        s
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// A float: mostly in [-4, 4), sometimes special.
    pub fn f32(&mut self) -> f32 {
        match self.below(24) {
            0 => 0.0,
            1 => -0.0,
            2 => 1.0,
            3 => [f32::INFINITY, -1.0, 0.5, 1e-40, 3e38, -2.0][self.below(6) as usize],
            4 => ((self.below(20) as f32) - 10.0) * 0.5,
            _ => (self.below(1 << 24) as f32 / (1 << 24) as f32) * 8.0 - 4.0,
        }
    }

    /// A double: [`Rng::f32`]'s values, often with low bits no `f32` has.
    pub fn f64(&mut self) -> f64 {
        let x = self.f32() as f64;
        if x.is_finite() && self.below(2) == 0 {
            x + (self.below(1 << 20) as f64) * 2f64.powi(-44)
        } else {
            x
        }
    }

    /// The 32-bit words of a random value of scalar kind `s`: one, or a
    /// 64-bit value's low and high words.
    pub fn words(&mut self, s: Scalar) -> Vec<u32> {
        if s == Scalar::F64 {
            let b = self.f64().to_bits();
            vec![b as u32, (b >> 32) as u32]
        } else {
            vec![self.bits(s)]
        }
    }

    /// Bits of a random value of scalar kind `s` (small integers).
    pub fn bits(&mut self, s: Scalar) -> u32 {
        match s {
            Scalar::F32 => self.f32().to_bits(),
            Scalar::Bool => self.below(2) as u32,
            Scalar::I32 => (self.below(46) as i32 - 6) as u32,
            _ => self.below(40) as u32,
        }
    }
}

/// The texel function both texture hosts compute per lane: sampling gives
/// `(coord.x, coord.y, lod or bias or 0, coord.x * 2)`, a shadow sample
/// `compare <= coord.x`, fetch `(coord.x, coord.y, lod, 1)` (bits), size
/// queries `(4, 4, 4, 0)`.
fn texel(decl: &TextureDecl, op: &TexOp, get: &dyn Fn(usize) -> Option<[u32; 4]>) -> [u32; 4] {
    let f = |x: f32| x.to_bits();
    let c = get(0).unwrap_or([0; 4]);
    match op.kind {
        TexKind::QuerySize => [4, 4, 4, 0],
        TexKind::QueryLevels | TexKind::QuerySamples => [3, 0, 0, 0],
        TexKind::Fetch => [c[0], c[1], get(3).map_or(0, |l| l[0]), 1],
        _ => {
            if decl.shadow {
                let r = get(2).map_or(0.0, |x| f32::from_bits(x[0]));
                return [f((r <= f32::from_bits(c[0])) as u32 as f32), 0, 0, 0];
            }
            let extra = get(3).or(get(4)).map_or(f(0.0), |l| l[0]);
            [c[0], c[1], extra, f(f32::from_bits(c[0]) * 2.0)]
        }
    }
}

/// The interpreter's side of [`texel`].
pub struct InterpTex;

impl Host for InterpTex {
    fn texture(&mut self, decl: &TextureDecl, op: &TexOp, args: &Operands) -> Bits {
        let get = |i: usize| {
            args.get(&TEX_OPERANDS, TEX_OPERANDS[i])
                .map(|(_, b)| b.map(|x| x as u32))
        };
        texel(decl, op, &get).map(|x| x as u64)
    }
    fn image(&mut self, _: &ImageDecl, _: &ImageOp, _: &Operands) -> Bits {
        [0; 4]
    }
}

/// The SoA side of [`texel`].
pub struct SoaTex;

impl<const N: usize> TextureHost<N> for SoaTex {
    fn plain_2d(&self, decl: &TextureDecl) -> Option<&dyn oxgl_exec::Plain2d<N>> {
        (!decl.shadow).then_some(&PlainSoa as &dyn oxgl_exec::Plain2d<N>)
    }

    fn sample(
        &self,
        decl: &TextureDecl,
        op: &TexOp,
        a: &TexArgs<N>,
        _mask: u32,
        out: &mut [[f32; N]; 4],
    ) {
        for l in 0..N {
            let vec = |v: &[[f32; N]; 4]| [0, 1, 2, 3].map(|c| v[c][l].to_bits());
            let one = |v: &[f32; N]| [v[l].to_bits(), 0, 0, 0];
            let ops = op.operands();
            let get = |i: usize| -> Option<[u32; 4]> {
                ops[i]?;
                Some(match i {
                    0 => vec(&a.coord),
                    1 => one(&a.layer),
                    2 => one(&a.compare),
                    3 => one(&a.lod),
                    4 => one(&a.bias),
                    5 => vec(&a.ddx),
                    6 => vec(&a.ddy),
                    7 => vec(&a.offset),
                    _ => one(&a.sample),
                })
            };
            let t = texel(decl, op, &get);
            for c in 0..4 {
                out[c][l] = f32::from_bits(t[c]);
            }
        }
    }
}

/// [`SoaTex`]'s plain 2D sampler: [`texel`] of a plain sample, `(s, t, 0,
/// s * 2)`, so that the engine's plain path (`TexCall::plain_2d`) meets the
/// interpreter's general one.
pub struct PlainSoa;

impl<const N: usize> oxgl_exec::Plain2d<N> for PlainSoa {
    fn sample(&self, s: &[f32; N], t: &[f32; N], _mask: u32, out: &mut [[f32; N]; 4]) {
        *out = [*s, *t, [0.0; N], s.map(|x| x * 2.0)];
    }
}

/// Per-lane inputs of one comparison run.
pub struct Inputs<const N: usize> {
    /// `inputs[4 * location + component][lane]` as bits.
    pub flat: Vec<[u32; N]>,
    pub uniforms: Vec<u8>,
    pub frag_coord: [[f32; N]; 4],
    pub front_facing: u32,
    pub point_coord: [[f32; N]; 2],
    pub vertex_id: [i32; N],
    pub instance_id: i32,
    pub base_vertex: i32,
    pub base_instance: i32,
    pub draw_id: i32,
    pub mask: u32,
}

/// Fills `buf` at `off` with random values for a uniform of type `ty`.
fn fill_uniform(s: &Shader, ty: TypeId, off: u32, buf: &mut Vec<u8>, rng: &mut Rng) {
    match s.types.get(ty) {
        Some(Type::Value(v)) => {
            let words: Vec<u32> = (0..v.n()).flat_map(|_| rng.words(v.scalar)).collect();
            for (k, w) in words.iter().enumerate() {
                let at = off as usize + 4 * k;
                if buf.len() < at + 4 {
                    buf.resize(at + 4, 0);
                }
                buf[at..at + 4].copy_from_slice(&w.to_le_bytes());
            }
        }
        Some(Type::Array {
            elem, len: Some(n), ..
        }) => {
            let stride = s.types.stride(ty).unwrap_or(0);
            for i in 0..*n {
                fill_uniform(s, *elem, off + i * stride, buf, rng);
            }
        }
        Some(Type::Struct { members }) => {
            for (i, m) in members.iter().enumerate() {
                let o = s.types.member_offset(ty, i).unwrap_or(0);
                fill_uniform(s, m.ty, off + o, buf, rng);
            }
        }
        _ => {}
    }
}

/// Random inputs for every input variable and uniform of `s`.
pub fn random_inputs<const N: usize>(s: &Shader, rng: &mut Rng) -> Inputs<N> {
    let mut flat: Vec<[u32; N]> = Vec::new();
    let mut uniforms = Vec::new();
    for (_, var) in s.vars.iter() {
        match &var.kind {
            VarKind::Input {
                slot:
                    Slot::Location {
                        location,
                        component,
                    },
                ..
            } => {
                let (vt, len, slots) = match s.types.get(var.ty) {
                    Some(Type::Value(v)) => (*v, 1, 1),
                    Some(Type::Array {
                        elem, len: Some(n), ..
                    }) => {
                        let v = s.types.val_type(*elem).expect("array of values");
                        (v, *n, v.size().div_ceil(16).max(1))
                    }
                    _ => continue,
                };
                let words = vt.size() as usize / 4;
                for e in 0..len {
                    let at = ((location + e * slots) * 4 + *component as u32) as usize;
                    if flat.len() < at + words {
                        flat.resize(at + words, [0; N]);
                    }
                    let lanes: Vec<Vec<u32>> = (0..N)
                        .map(|_| (0..vt.n()).flat_map(|_| rng.words(vt.scalar)).collect())
                        .collect();
                    for (k, slot) in flat[at..at + words].iter_mut().enumerate() {
                        *slot = std::array::from_fn(|l| lanes[l][k]);
                    }
                }
            }
            VarKind::Uniform { offset, .. } => fill_uniform(s, var.ty, *offset, &mut uniforms, rng),
            _ => {}
        }
    }
    flat.resize(flat.len().next_multiple_of(4), [0; N]);
    let mut fl = || std::array::from_fn(|_| rng.f32());
    let frag_coord = [fl(), fl(), fl(), fl()];
    let point_coord = [fl(), fl()];
    Inputs {
        flat,
        uniforms,
        frag_coord,
        front_facing: rng.next() as u32 & lane_mask::<N>(),
        point_coord,
        vertex_id: std::array::from_fn(|_| rng.below(1000) as i32),
        instance_id: rng.below(10) as i32,
        base_vertex: rng.below(10) as i32,
        base_instance: rng.below(10) as i32,
        draw_id: rng.below(4) as i32,
        mask: (rng.next() as u32 | 1) & lane_mask::<N>(),
    }
}

/// Whether two 32-bit results agree (any NaN equals any NaN).
pub fn same(a: u32, b: u32) -> bool {
    a == b || (f32::from_bits(a).is_nan() && f32::from_bits(b).is_nan())
}

/// What outputs and built-ins hold before a run (a NaN no run writes).
pub const GARBAGE: f32 = f32::from_bits(0x7fc0_dead);

/// Gives `env` the system values, mask and helpers of `inp` (helpers: every
/// other lane, for fragment shaders) and [`GARBAGE`] built-in outputs.
pub fn set_up_env<const N: usize>(env: &mut Env<'_, N>, stage: Stage, inp: &Inputs<N>) {
    env.frag_coord = inp.frag_coord;
    env.front_facing = inp.front_facing;
    env.point_coord = inp.point_coord;
    env.vertex_id = inp.vertex_id;
    env.instance_id = inp.instance_id;
    env.base_vertex = inp.base_vertex;
    env.base_instance = inp.base_instance;
    env.draw_id = inp.draw_id;
    env.mask = inp.mask;
    if stage == Stage::Fragment {
        env.helpers = !inp.mask & lane_mask::<N>();
    }
    env.position = [[GARBAGE; N]; 4];
    env.point_size = [GARBAGE; N];
    env.frag_depth = [GARBAGE; N];
}

/// Compiles `s` and checks `runs` random input sets with `N` lanes against
/// the interpreter. Returns the number of live lanes compared.
pub fn check<const N: usize>(s: &Shader, seed: u64, runs: usize) -> usize {
    let prog = Program::compile(s).unwrap_or_else(|e| panic!("compile: {e}\n{}", text::print(s)));
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut regs = prog.new_regs::<N>();
    let mut compared = 0;
    for run in 0..runs {
        let inp = random_inputs::<N>(s, &mut rng);
        compared += check_inputs(s, &prog, &mut regs, &inp, &format!("seed {seed} run {run}"));
    }
    compared
}

/// One comparison with given inputs.
pub fn check_inputs<const N: usize>(
    s: &Shader,
    prog: &Program,
    regs: &mut oxgl_exec::Regs<N>,
    inp: &Inputs<N>,
    what: &str,
) -> usize {
    let info = prog.info();
    let flat_in: Vec<[f32; N]> = inp.flat.iter().map(|c| c.map(f32::from_bits)).collect();
    let nout = info.outputs_written.len() * 4;
    let mut outputs = vec![[GARBAGE; N]; nout];
    let soa_tex = SoaTex;
    let mut env = Env::<N>::new(&flat_in, &mut outputs, &inp.uniforms, &soa_tex);
    set_up_env(&mut env, s.stage, inp);
    prog.run(regs, &mut env)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let alive = env.mask;
    let (position, point_size, clip, depth) = (
        env.position,
        env.point_size,
        env.clip_distance,
        env.frag_depth,
    );
    let mut compared = 0;
    for l in 0..N {
        if inp.mask & (1 << l) == 0 {
            continue;
        }
        let mut inv = Invocation::default();
        for (c, comp) in inp.flat.iter().enumerate() {
            inv.inputs.entry((c / 4) as u32).or_default()[c % 4] = comp[l];
        }
        inv.uniforms = inp.uniforms.clone();
        let f4 = |v: [f32; 4]| v.map(|x| x.to_bits() as u64);
        let sys: HashMap<SysVal, Bits> = [
            (
                SysVal::FragCoord,
                f4([0, 1, 2, 3].map(|c| inp.frag_coord[c][l])),
            ),
            (
                SysVal::FrontFacing,
                [((inp.front_facing >> l) & 1) as u64, 0, 0, 0],
            ),
            (
                SysVal::PointCoord,
                f4([inp.point_coord[0][l], inp.point_coord[1][l], 0.0, 0.0]),
            ),
            (SysVal::VertexId, [inp.vertex_id[l] as u32 as u64, 0, 0, 0]),
            (SysVal::InstanceId, [inp.instance_id as u32 as u64, 0, 0, 0]),
            (SysVal::BaseVertex, [inp.base_vertex as u32 as u64, 0, 0, 0]),
            (
                SysVal::BaseInstance,
                [inp.base_instance as u32 as u64, 0, 0, 0],
            ),
            (SysVal::DrawId, [inp.draw_id as u32 as u64, 0, 0, 0]),
        ]
        .into_iter()
        .collect();
        inv.system = sys;
        interp::run(s, &mut inv, &mut InterpTex).unwrap_or_else(|e| panic!("{what}: interp: {e}"));
        let interp_alive = !(inv.discarded || inv.demoted);
        let soa_alive = alive & (1 << l) != 0;
        assert_eq!(
            soa_alive,
            interp_alive,
            "{what}: lane {l}: alive (discarded {}, demoted {})\n{}",
            inv.discarded,
            inv.demoted,
            text::print(s)
        );
        if !interp_alive {
            continue;
        }
        compared += 1;
        for (loc, bits) in info.outputs_written.iter().enumerate() {
            for c in 0..4 {
                if bits & (1 << c) == 0 {
                    continue;
                }
                let want = inv.outputs.get(&(loc as u32)).map_or(0, |o| o[c]);
                let got = outputs[loc * 4 + c][l].to_bits();
                assert!(
                    same(got, want),
                    "{what}: lane {l}: output {loc}.{c}: got {:?} ({got:#x}), want {:?} ({want:#x})\n{}",
                    f32::from_bits(got),
                    f32::from_bits(want),
                    text::print(s)
                );
            }
        }
        for (b, bytes) in &inv.builtin_outputs {
            let want: Vec<u32> = bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let got: Vec<u32> = match b {
                Builtin::Position => (0..4).map(|c| position[c][l].to_bits()).collect(),
                Builtin::PointSize => vec![point_size[l].to_bits()],
                Builtin::FragDepth => vec![depth[l].to_bits()],
                Builtin::ClipDistance => (0..want.len()).map(|c| clip[c][l].to_bits()).collect(),
                _ => panic!("unexpected built-in {b:?}"),
            };
            assert!(
                got.len() == want.len() && got.iter().zip(&want).all(|(g, w)| same(*g, *w)),
                "{what}: lane {l}: built-in {}: got {:?}, want {:?}\n{}",
                b.name(),
                got.iter().map(|x| f32::from_bits(*x)).collect::<Vec<_>>(),
                want.iter().map(|x| f32::from_bits(*x)).collect::<Vec<_>>(),
                text::print(s)
            );
        }
    }
    compared
}

/// Checks with 16 lanes and with 4.
pub fn check_both(s: &Shader, seed: u64, runs: usize) -> usize {
    check::<16>(s, seed, runs) + check::<4>(s, seed ^ 0xabcd, runs)
}
