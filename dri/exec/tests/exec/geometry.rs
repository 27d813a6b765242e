//! The geometry stage: per-vertex inputs read from vertex records
//! (`GS_VERTEX_LOCATIONS` apart), `EmitVertex` and `EndPrimitive` under
//! divergent control flow, and `gl_PrimitiveIDIn`.

use oxgl_exec::{Env, GS_VERTEX_LOCATIONS, GeometrySink, GeometryVertex, NoTextures, Program, W};
use oxgl_ir::{
    Builder, Builtin, Deref, Index, Mode, Op, Primitive, Shader, Slot, Stage, SysVal, Type,
    ValType, VarKind,
};

/// Output 0 and the position of an emitted vertex.
type Emitted = ([f32; 4], [f32; 4]);

/// Every emitted vertex as `(lane, Some(vertex))`, and strip ends as
/// `(lane, None)`.
#[derive(Default)]
struct Sink(Vec<(usize, Option<Emitted>)>);

impl GeometrySink<W> for Sink {
    fn emit_vertex(&mut self, mask: u32, _stream: u8, v: &GeometryVertex<'_, W>) {
        for lane in (0..W).filter(|l| mask & (1 << l) != 0) {
            let out = std::array::from_fn(|c| v.outputs[c][lane]);
            let pos = std::array::from_fn(|c| v.position[c][lane]);
            self.0.push((lane, Some((out, pos))));
        }
    }

    fn end_primitive(&mut self, mask: u32, _stream: u8) {
        for lane in (0..W).filter(|l| mask & (1 << l) != 0) {
            self.0.push((lane, None));
        }
    }
}

/// `in vec4 c[3]` at location 1; for each vertex `i` (a dynamic index
/// below the primitive's ID + 1, at most 3): colour = c[i] + ID,
/// position = gl_in[i].gl_Position; then `EndPrimitive`.
fn shader() -> Shader {
    let mut s = Shader::new(Stage::Geometry);
    s.modes.push(Mode::InputPrimitive(Primitive::Triangles));
    s.modes
        .push(Mode::OutputPrimitive(Primitive::TriangleStrip));
    s.modes.push(Mode::MaxVertices(3));
    let vec4 = s.types.value(ValType::F32X4);
    let mut b = Builder::new(&mut s);
    let input = |slot| VarKind::Input {
        slot,
        interp: oxgl_ir::InterpMode::Smooth,
        sampling: oxgl_ir::Sampling::Center,
    };
    let c = b.var(
        "c",
        Type::Array {
            elem: vec4,
            len: Some(3),
            stride: None,
        },
        input(Slot::Location {
            location: 1,
            component: 0,
        }),
    );
    let pos = b.var(
        "gl_Position",
        Type::Array {
            elem: vec4,
            len: Some(3),
            stride: None,
        },
        input(Slot::Builtin(Builtin::Position)),
    );
    let out = b.output(0, ValType::F32X4);
    let id = b.system(SysVal::PrimitiveId);
    let i = b.local("i", ValType::I32);
    let zero = b.i32(0);
    b.store_var(i, zero);
    b.loop_(
        |b| {
            let iv = b.load_var(i);
            let one = b.i32(1);
            let lim = b.add(id, one);
            let three = b.i32(3);
            let lim = b.min(lim, three);
            let done = b.ge(iv, lim);
            b.if_then(done, |b| {
                b.break_();
            });
            let ci = b.load(Deref {
                var: c,
                path: vec![Index::Value(iv)],
            });
            let idf = b.convert(id, oxgl_ir::Scalar::F32);
            let idv = b.splat(idf, 4);
            let v = b.add(ci, idv);
            b.store_var(out, v);
            let p = b.load(Deref {
                var: pos,
                path: vec![Index::Value(iv)],
            });
            b.store_builtin(Builtin::Position, p);
            b.push(Op::EmitVertex(0), None);
        },
        |b| {
            let iv = b.load_var(i);
            let one = b.i32(1);
            let n = b.add(iv, one);
            b.store_var(i, n);
        },
    );
    b.push(Op::EndPrimitive(0), None);
    s
}

#[test]
fn geometry_emits_per_lane_from_vertex_records() {
    let prog = Program::compile(&shader()).expect("compiles");
    let rec = 4 * GS_VERTEX_LOCATIONS as usize;
    let mut inputs = vec![[0.0f32; W]; 3 * rec];
    let p = 4 * oxgl_exec::GS_POSITION_LOCATION as usize;
    for v in 0..3 {
        for k in 0..4 {
            inputs[v * rec + 4 + k] = std::array::from_fn(|l| (100 * v + 10 * l + k) as f32);
            inputs[v * rec + p + k] = [-((v * 10 + k) as f32); W];
        }
    }
    // Position and location 1 of each vertex are read, whichever vertex.
    let info = prog.info();
    assert_eq!(info.inputs_read.get(1), Some(&0xf));
    assert_eq!(
        info.inputs_read
            .get(oxgl_exec::GS_POSITION_LOCATION as usize),
        Some(&0xf)
    );
    let mut outputs = vec![[0.0f32; W]; 4];
    let mut regs = prog.new_regs::<W>();
    let mut sink = Sink::default();
    let mut env = Env::new(&inputs, &mut outputs, &[], &NoTextures);
    env.mask = 0b1111;
    env.primitive_id = std::array::from_fn(|l| l as i32);
    env.geometry = Some(&mut sink);
    prog.run(&mut regs, &mut env).expect("runs");
    let _ = env;
    // Lane l emits min(l + 1, 3) vertices, then ends its strip.
    for lane in 0..4usize {
        let got: Vec<_> = sink.0.iter().filter(|e| e.0 == lane).map(|e| e.1).collect();
        let n = (lane + 1).min(3);
        assert_eq!(got.len(), n + 1, "lane {lane}: {got:?}");
        for (v, g) in got.iter().take(n).enumerate() {
            let (o, p) = g.expect("a vertex");
            let want: [f32; 4] =
                std::array::from_fn(|k| (100 * v + 10 * lane + k) as f32 + lane as f32);
            assert_eq!(o, want);
            assert_eq!(p, std::array::from_fn(|k| -((v * 10 + k) as f32)));
        }
        assert_eq!(got[n], None);
    }
    assert!(sink.0.iter().all(|e| e.0 < 4));
}
