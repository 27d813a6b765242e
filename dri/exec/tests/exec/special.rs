//! What the interpreter cannot check: derivatives (it has no neighbours),
//! helper lanes, the loop limit, compile errors, [`ProgramInfo`] and
//! robustness against short environments.

use crate::shaders;
use oxgl_exec::{Env, LoopLimit, NoTextures, Program, lane_mask};
use oxgl_ir::*;

fn deriv_shader() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let v = b.load_input(0, ValType::F32X2);
    for (loc, d) in [
        Deriv::DdxFine,
        Deriv::DdyFine,
        Deriv::DdxCoarse,
        Deriv::DdyCoarse,
    ]
    .into_iter()
    .enumerate()
    {
        let r = b.deriv(d, v);
        b.store_output(loc as u32, r);
    }
    // Inside divergent control flow the neighbours are still computed.
    let x = b.lane(v, 0);
    let zero = b.f32(0.0);
    let c = b.gt(x, zero);
    b.if_then(c, |b| {
        let dx = b.deriv(Deriv::Ddx, x);
        let dy = b.deriv(Deriv::Ddy, x);
        let dxa = b.un(AluOp::FAbs, dx);
        let dya = b.un(AluOp::FAbs, dy);
        let fw = b.add(dxa, dya);
        let o = b.output(4, ValType::F32);
        b.store_var(o, fw);
    });
    s
}

fn check_derivs<const N: usize>() {
    let s = deriv_shader();
    let prog = Program::compile(&s).unwrap();
    assert!(prog.info().uses_derivatives);
    let mut regs = prog.new_regs::<N>();
    let row = if N == 4 { 2 } else { 4 };
    let input: Vec<[f32; N]> = vec![
        std::array::from_fn(|l| (l * l) as f32 * 0.5 - 3.0),
        std::array::from_fn(|l| (l as f32).sin()),
        [0.0; N],
        [0.0; N],
    ];
    for y_sign in [1.0f32, -1.0] {
        let mut out = vec![[0.0f32; N]; 20];
        let mut env = Env::<N>::new(&input, &mut out, &[], &NoTextures);
        env.y_sign = y_sign;
        env.mask = 0b0110 & lane_mask::<N>();
        env.helpers = !env.mask & lane_mask::<N>();
        prog.run(&mut regs, &mut env).unwrap();
        for c in 0..2 {
            let v = &input[c];
            for l in 0..N {
                let q = l & !(1 | row);
                let fdx = v[l | 1] - v[l & !1];
                let fdy = (v[l | row] - v[l & !row]) * y_sign;
                let cdx = v[q | 1] - v[q];
                let cdy = (v[q | row] - v[q]) * y_sign;
                let got = [0, 1, 2, 3].map(|loc| out[loc * 4 + c][l]);
                assert_eq!(got, [fdx, fdy, cdx, cdy], "lane {l} component {c}");
                if c == 0 && v[l] > 0.0 {
                    assert_eq!(out[16][l], fdx.abs() + fdy.abs(), "fwidth lane {l}");
                }
            }
        }
    }
}

#[test]
fn derivatives_use_the_quad_layout() {
    check_derivs::<16>();
    check_derivs::<4>();
    check_derivs::<8>();
    check_derivs::<32>();
}

#[test]
fn helpers_run_but_are_never_live() {
    let s = shaders::fragment_sysvals();
    let prog = Program::compile(&s).unwrap();
    let mut regs = prog.new_regs::<16>();
    let mut out = vec![[0.0f32; 16]; 12];
    let mut env = Env::<16>::new(&[], &mut out, &[], &NoTextures);
    env.frag_coord[0] = std::array::from_fn(|l| l as f32 - 4.0);
    env.mask = 0xff00;
    env.helpers = 0x00ff;
    prog.run(&mut regs, &mut env).unwrap();
    // Lanes 0..4 demote (x < 0); helpers are never live.
    assert_eq!(env.mask, 0xff00);
    let helper: Vec<u32> = (0..16).map(|l| out[8][l].to_bits()).collect();
    let want: Vec<u32> = (0..16).map(|l| (l < 8) as u32).collect();
    assert_eq!(helper, want);
}

#[test]
fn runaway_loops_stop() {
    let s = shaders::runaway_loop();
    let prog = Program::compile(&s).unwrap();
    let mut regs = prog.new_regs::<16>();
    let input = vec![std::array::from_fn::<f32, 16, _>(|l| if l == 3 { -1.0 } else { 1.0 }); 4];
    let mut out = vec![[0.0f32; 16]; 4];
    let mut env = Env::<16>::new(&input, &mut out, &[], &NoTextures);
    assert_eq!(prog.run(&mut regs, &mut env), Err(LoopLimit));
    assert_eq!(env.mask, 0);
    // Without the runaway lane it finishes.
    let input = vec![[1.0f32; 16]; 4];
    let mut env = Env::<16>::new(&input, &mut out, &[], &NoTextures);
    assert_eq!(prog.run(&mut regs, &mut env), Ok(()));
    assert_eq!(env.mask, 0xffff);
}

#[test]
fn unsupported_features_are_compile_errors() {
    let msg = |s: &Shader| Program::compile(s).unwrap_err().message;
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut s);
    let x = b.load_input(0, ValType::scalar(Scalar::I64));
    b.store_output(0, x);
    assert!(msg(&s).contains("i64"), "{}", msg(&s));

    let src = "shader fragment
var v0 \"u\" ubo binding 0 : { f32x4 offset 0 }
var v1 \"o\" output location 0 component 0 index 0 : f32x4
func f0 \"main\" () {
  %0: f32x4 = load v0[0]
  store v1, %0
}
entry f0
";
    let s = text::parse(src).unwrap();
    assert!(msg(&s).contains("uniform blocks"), "{}", msg(&s));

    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let id = b.system(SysVal::TessCoord);
    let o = b.output(0, ValType::F32X4);
    b.store_var(o, id);
    assert!(msg(&s).contains("tess_coord"), "{}", msg(&s));

    let mut s = Shader::new(Stage::Vertex);
    Builder::new(&mut s).break_();
    assert!(msg(&s).contains("invalid shader"), "{}", msg(&s));
}

#[test]
fn program_info() {
    let p = Program::compile(&shaders::fixed_function_vertex()).unwrap();
    let i = p.info();
    assert_eq!(i.stage, Stage::Vertex);
    assert_eq!(i.inputs_read, vec![0b1111, 0b0111]);
    assert_eq!(i.outputs_written, vec![0b1111, 0b0001]);
    assert!(i.writes_position && i.writes_point_size && !i.writes_depth);
    assert_eq!(i.uniform_bytes, 164);
    assert!(!i.uses_discard);

    let p = Program::compile(&shaders::fragment_sysvals()).unwrap();
    let i = p.info();
    assert!(i.uses_discard && i.writes_depth && i.reads_frag_coord);
    assert!(i.reads_front_facing && i.reads_point_coord);
    assert!(i.system_values.contains(&SysVal::HelperInvocation));

    let p = Program::compile(&shaders::texture()).unwrap();
    assert_eq!((p.info().num_textures, p.info().textures_used), (2, 0b11));

    let p = Program::compile(&shaders::uniform_and_output_arrays()).unwrap();
    assert_eq!(p.info().clip_distances, 2);
    assert_eq!(
        p.info().outputs_written,
        vec![0b1111, 0, 0b0011, 0b0011, 0b0011]
    );
}

/// Short or empty environments read zeros and drop writes; registers made
/// for another program are re-initialized.
#[test]
fn short_environments_do_not_panic() {
    let shaders = [
        shaders::fixed_function_vertex(),
        shaders::dynamic_array(),
        shaders::uniform_and_output_arrays(),
        shaders::calls(),
        shaders::texture(),
    ];
    let progs: Vec<Program> = shaders
        .iter()
        .map(|s| Program::compile(s).unwrap())
        .collect();
    let mut regs = progs[0].new_regs::<16>();
    for p in progs.iter().chain(progs.iter().rev()) {
        for (ni, no, nu) in [(0, 0, 0), (1, 1, 3), (5, 2, 17)] {
            let input = vec![[1.5f32; 16]; ni];
            let mut out = vec![[0.0f32; 16]; no];
            let uni = vec![0x40u8; nu];
            let mut env = Env::<16>::new(&input, &mut out, &uni, &NoTextures);
            p.run(&mut regs, &mut env).unwrap();
        }
    }
}

/// One compiled program is shared by the rasterizer's worker threads.
#[test]
fn programs_are_shareable() {
    fn shareable<T: Send + Sync>() {}
    shareable::<Program>();
    shareable::<oxgl_exec::Regs<16>>();
}

#[test]
fn atomic_counters_count_live_lanes_once_each() {
    use std::sync::atomic::{AtomicU32, Ordering};
    // c at byte 4 of binding 1; d[2] at byte 8; o = (inc c, dec d[idx], read c).
    let src = "shader fragment
var v0 \"c\" counter binding 1 offset 4 : u32
var v1 \"d\" counter binding 1 offset 8 : [2 x u32 stride 4]
var v2 \"o\" output location 0 component 0 index 0 : u32x4
var v3 \"i\" uniform offset 0 location 0 : i32
func f0 \"main\" () {
  %0: u32 = const 1
  %1: u32 = atomic add v0, %0
  %2: i32 = load v3
  %3: u32 = const 4294967295
  %4: u32 = atomic add v1[%2], %3
  %5: u32 = load v0
  %6: u32 = atomic xchg v1[%2], %4
  %7: u32x4 = construct %1, %4, %5, %6
  store v2, %7
}
entry f0
";
    let s = text::parse(src).unwrap();
    let prog = Program::compile(&s).unwrap();
    assert!(prog.info().writes_memory);
    assert_eq!(
        prog.info().buffers_used,
        1 << (oxgl_exec::COUNTER_SLOT0 + 1)
    );
    let words: Vec<AtomicU32> = [7, 100, 50, 60].into_iter().map(AtomicU32::new).collect();
    let empty: &[AtomicU32] = &[];
    let buffers = [empty, &words[..]];
    let mut regs = prog.new_regs::<16>();
    let mut out = vec![[0.0f32; 16]; 4];
    // Index 1: d[1] (word 3).
    let uniforms = 1i32.to_le_bytes();
    let mut env = Env::<16>::new(&[], &mut out, &uniforms, &NoTextures);
    env.buffers = &buffers;
    env.mask = 0x0ff0;
    env.helpers = 0x000f;
    prog.run(&mut regs, &mut env).unwrap();
    // Eight live lanes: c 100 -> 108, each lane an old value once;
    // helpers change nothing.
    assert_eq!(words[1].load(Ordering::SeqCst), 108);
    let mut olds: Vec<u32> = (4..12).map(|l| out[0][l].to_bits()).collect();
    olds.sort_unstable();
    assert_eq!(olds, (100..108).collect::<Vec<_>>());
    assert!((0..4).all(|l| out[0][l].to_bits() == 0));
    // d[1] went 60 -> 52 and then took each lane's old d[1] (the last
    // lane's exchange stays); d[0] and word 0 untouched.
    assert_eq!(words[0].load(Ordering::SeqCst), 7);
    assert_eq!(words[2].load(Ordering::SeqCst), 50);
    let mut dec: Vec<u32> = (4..12).map(|l| out[1][l].to_bits()).collect();
    dec.sort_unstable();
    assert_eq!(dec, (53..61).collect::<Vec<_>>());
    assert_eq!(words[3].load(Ordering::SeqCst), out[1][11].to_bits());
    // The load saw every increment (lanes run the loads after them).
    assert!((4..12).all(|l| out[2][l].to_bits() == 108));
    // A slot past the buffers reads 0 and changes nothing.
    let mut env = Env::<16>::new(&[], &mut out, &uniforms, &NoTextures);
    env.buffers = &buffers[..1];
    prog.run(&mut regs, &mut env).unwrap();
    assert!((0..16).all(|l| out[0][l].to_bits() == 0 && out[2][l].to_bits() == 0));
}

#[test]
fn storage_blocks_load_store_and_measure_their_buffers() {
    use std::sync::atomic::{AtomicU32, Ordering};
    // Block 1: { u32 n; u32 data[] } — each live lane stores its index
    // plus n at data[lane], adds one to n atomically and reads the
    // array's length; a flag bool at word 0 of block 0 reads as 1.
    let src = "shader fragment
var v0 \"A\" ssbo binding 0 : { bool offset 0 }
var v1 \"B\" ssbo binding 1 : { u32 offset 0, [u32 stride 4] offset 4 }
var v2 \"o\" output location 0 component 0 index 0 : u32x4
var v3 \"i\" uniform offset 0 location 0 : i32
func f0 \"main\" () {
  %0: i32 = load v3
  %1: u32 = load v1[0]
  %2: u32 = convert %0
  %3: u32 = iadd %1, %2
  store v1[1][%0], %3
  %4: u32 = const 1
  %5: u32 = atomic add v1[0], %4
  %6: u32 = array_length v1[1]
  %7: bool = load v0[0]
  %8: u32 = convert %7
  %9: u32x4 = construct %5, %6, %8, %3
  store v2, %9
}
entry f0
";
    let s = text::parse(src).unwrap();
    let prog = Program::compile(&s).unwrap();
    assert!(prog.info().writes_memory);
    let slot = oxgl_exec::STORAGE_SLOT0;
    assert_eq!(prog.info().buffers_used, 0b11 << slot);
    let flag: Vec<AtomicU32> = vec![AtomicU32::new(7)];
    let words: Vec<AtomicU32> = (0..6)
        .map(|i| AtomicU32::new(if i == 0 { 10 } else { 0 }))
        .collect();
    let empty: &[AtomicU32] = &[];
    let mut buffers = vec![empty; slot];
    buffers.push(&flag[..]);
    buffers.push(&words[..]);
    let mut regs = prog.new_regs::<16>();
    let mut out = vec![[0.0f32; 16]; 4];
    // Index 3: data[3] is word 4.
    let uniforms = 3i32.to_le_bytes();
    let mut env = Env::<16>::new(&[], &mut out, &uniforms, &NoTextures);
    env.buffers = &buffers;
    env.mask = 0x0ff0;
    env.helpers = 0x000f;
    prog.run(&mut regs, &mut env).unwrap();
    // Eight live lanes added one each; helpers changed nothing.
    assert_eq!(words[0].load(Ordering::SeqCst), 18);
    assert_eq!(words[4].load(Ordering::SeqCst), 13);
    assert!(
        [1, 2, 3, 5]
            .iter()
            .all(|&w| words[w].load(Ordering::SeqCst) == 0)
    );
    let mut olds: Vec<u32> = (4..12).map(|l| out[0][l].to_bits()).collect();
    olds.sort_unstable();
    assert_eq!(olds, (10..18).collect::<Vec<_>>());
    // Five words after the first: five elements; the bool reads 1.
    assert!((4..12).all(|l| out[1][l].to_bits() == 5 && out[2][l].to_bits() == 1));
    // An index past the buffer stores nothing.
    let uniforms = 5i32.to_le_bytes();
    let mut env = Env::<16>::new(&[], &mut out, &uniforms, &NoTextures);
    env.buffers = &buffers;
    prog.run(&mut regs, &mut env).unwrap();
    assert!(
        [1, 2, 3, 5]
            .iter()
            .all(|&w| words[w].load(Ordering::SeqCst) == 0)
    );
}

#[test]
fn compute_fibers_meet_at_barriers_through_shared_memory() {
    use std::sync::atomic::{AtomicU32, Ordering};
    // Workgroup of 16 as two fibers of 8 lanes: each invocation writes
    // its index to shared memory, waits, and stores its mirror's value
    // (plus 100 × the workgroup) at its global index.
    let src = "shader compute
mode local_size 16 1 1
var v0 \"B\" ssbo binding 0 : { [u32 stride 4] offset 0 }
var v1 \"tmp\" shared : [16 x u32]
func f0 \"main\" () {
  %0: u32 = sysval local_invocation_index
  store v1[%0], %0
  barrier control shared
  %1: u32 = const 15
  %2: u32 = isub %1, %0
  %3: u32 = load v1[%2]
  %4: u32x3 = sysval workgroup_id
  %5: u32 = swizzle %4, x
  %6: u32 = const 100
  %7: u32 = imul %5, %6
  %8: u32 = iadd %3, %7
  %9: u32x3 = sysval global_invocation_id
  %10: u32 = swizzle %9, x
  store v0[0][%10], %8
}
entry f0
";
    let s = text::parse(src).unwrap();
    let prog = Program::compile(&s).unwrap();
    assert!(prog.info().barriers);
    assert_eq!(prog.info().shared_bytes, 64);
    let out: Vec<AtomicU32> = (0..32).map(|_| AtomicU32::new(0)).collect();
    for wg in 0..2u32 {
        let shared: Vec<AtomicU32> = (0..16).map(|_| AtomicU32::new(0)).collect();
        let empty: &[AtomicU32] = &[];
        let mut buffers = vec![empty; oxgl_exec::SHARED_SLOT + 1];
        buffers[oxgl_exec::STORAGE_SLOT0] = &out;
        buffers[oxgl_exec::SHARED_SLOT] = &shared;
        let mut regs = [prog.new_regs::<8>(), prog.new_regs::<8>()];
        let mut fibers = [oxgl_exec::Fiber::default(), oxgl_exec::Fiber::default()];
        let mut done = [false; 2];
        let mut rounds = 0;
        while done.contains(&false) {
            rounds += 1;
            for f in 0..2 {
                if done[f] {
                    continue;
                }
                let mut o = vec![[0.0f32; 8]; 0];
                let mut env = Env::<8>::new(&[], &mut o, &[], &NoTextures);
                env.buffers = &buffers;
                env.workgroup_id = [wg, 0, 0];
                env.num_workgroups = [2, 1, 1];
                env.workgroup_size = [16, 1, 1];
                env.local_id[0] = std::array::from_fn(|l| (8 * f + l) as u32);
                done[f] = prog
                    .run_fiber(&mut regs[f], &mut env, &mut fibers[f])
                    .unwrap();
            }
        }
        assert_eq!(rounds, 2);
    }
    let got: Vec<u32> = out.iter().map(|w| w.load(Ordering::SeqCst)).collect();
    let want: Vec<u32> = (0..32).map(|i| (15 - i % 16) + 100 * (i / 16)).collect();
    assert_eq!(got, want);
}
