//! Parser and lowering tests: programs that load, and errors at the right
//! offsets.

use super::ast::*;
use super::lower::{FsVariant, lower};
use super::parse::parse;

fn ok(text: &str, kind: Kind) -> Program {
    match parse(text.as_bytes(), kind) {
        Ok(p) => {
            for two_side in [false, true] {
                let s = lower(
                    &p,
                    FsVariant {
                        two_side,
                        flat: false,
                    },
                );
                oxgl_ir::valid::validate(&s).unwrap();
            }
            p
        }
        Err(e) => panic!("{text}: {e:?}"),
    }
}

/// The error offset of `text`, which must fail at the marker `@`
/// (removed before parsing).
fn fails_at(text: &str, kind: Kind) {
    let at = text.find('@').expect("marker");
    let src = text.replacen('@', "", 1);
    match parse(src.as_bytes(), kind) {
        Ok(_) => panic!("{src}: parsed"),
        Err(e) => assert_eq!(e.pos, at, "{src}: {e:?}"),
    }
}

#[test]
fn vertex_programs_load() {
    let p = ok(
        "!!ARBvp1.0\n\
         # transform\n\
         ATTRIB pos = vertex.position;\n\
         PARAM mvp[4] = { state.matrix.mvp };\n\
         PARAM c = { 1, 2.5, -3, .5 };\n\
         PARAM arr[] = { program.env[0..3], program.local[2], 1.0 };\n\
         TEMP t, u;\n\
         ADDRESS a;\n\
         OUTPUT o = result.position;\n\
         ALIAS p2 = pos;\n\
         DP4 o.x, mvp[0], p2;\n\
         DP4 o.y, mvp[1], pos;\n\
         DP4 o.z, mvp[2], pos;\n\
         DP4 o.w, mvp[3], pos;\n\
         ARL a.x, vertex.attrib[3].x;\n\
         MOV t, arr[a.x + 1];\n\
         SWZ u, t, -x, 1, 0, y;\n\
         EXP t, u.x; LOG t.xy, u.y; LIT u, t; DST t, u, t; XPD u, t, u; DPH t, u, c;\n\
         RCP t.x, -u.w; RSQ t.y, u.z; POW t.z, u.x, c.y; SGE u, t, c; SLT u, t, -c;\n\
         MAD result.color, t, state.light[0].diffuse, state.lightprod[1].back.ambient;\n\
         MOV result.texcoord[2], state.matrix.texture[1].invtrans.row[3];\n\
         MOV result.fogcoord.x, state.fog.params;\n\
         MOV result.color.back.secondary, state.material.back.shininess;\n\
         END\n\
         this is ignored",
        Kind::Vertex,
    );
    assert_eq!(p.counts.instructions, 23);
    assert_eq!(p.counts.temps, 2);
    assert_eq!(p.counts.address, 1);
    assert!(p.writes(Output::TexCoord(2)));
    assert_eq!(p.params[4], ParamSource::Const([1.0, 2.5, -3.0, 0.5]));
}

#[test]
fn fragment_programs_load() {
    let p = ok(
        "!!ARBfp1.0\n\
         OPTION ARB_precision_hint_fastest;\n\
         OPTION ARB_fog_exp2;\n\
         OPTION ARB_draw_buffers;\n\
         TEMP t, u;\n\
         TEX t, fragment.texcoord[1], texture[1], 2D;\n\
         TXP u, t, texture[2], CUBE;\n\
         TXB u.rgb, fragment.texcoord, texture, 3D;\n\
         KIL -t;\n\
         CMP_SAT t, t, u, fragment.color.secondary;\n\
         LRP u, t, u, {0.5};\n\
         SCS t.xy, u.x; SIN t.z, u.y; COS t.w, u.z;\n\
         MOV result.color[1], fragment.position;\n\
         MOV result.color, t;\n\
         MOV result.depth.z, u.w;\n\
         END",
        Kind::Fragment,
    );
    assert_eq!(p.counts.tex, 4);
    assert_eq!(p.counts.alu, 8);
    assert_eq!(p.counts.indirections, 2);
    assert!(p.fog_params.is_some());
}

#[test]
fn position_invariant_adds_the_mvp() {
    let p = ok(
        "!!ARBvp1.0 OPTION ARB_position_invariant; MOV result.color, vertex.color; END",
        Kind::Vertex,
    );
    assert_eq!(p.mvp_cols, Some(0));
    assert_eq!(p.params.len(), 16);
    assert_eq!(p.clip_params, Some(4));
}

#[test]
fn errors_are_located() {
    use Kind::*;
    fails_at("@!!ARBfp1.0 END", Vertex);
    fails_at(
        "!!ARBvp1.0\n@NOTANOPCODE;\nMOV result.position, vertex.position;\n",
        Vertex,
    );
    fails_at("!!ARBvp1.0 MOV result.position, vertex.position;@", Vertex);
    fails_at("!!ARBvp1.0 MOV result.position, @undefined; END", Vertex);
    fails_at("!!ARBvp1.0 TEMP a; TEMP @a; END", Vertex);
    fails_at("!!ARBvp1.0 MOV result.color, vertex.color; @END", Vertex);
    fails_at(
        "!!ARBvp1.0 TEMP t; MOV t.@yx, t; MOV result.position, t; END",
        Vertex,
    );
    fails_at(
        "!!ARBvp1.0 TEMP t; RCP t, t@; MOV result.position, t; END",
        Vertex,
    );
    fails_at("!!ARBvp1.0 PARAM a[2] = { 1, 2, 3 @}; END", Vertex);
    fails_at(
        "!!ARBvp1.0 PARAM a[2] = { 1, 2 }; TEMP t; MOV t, a[@2]; END",
        Vertex,
    );
    fails_at(
        "!!ARBvp1.0 MOV result.position, vertex.normal; MOV result.color, vertex.@attrib[2]; END",
        Vertex,
    );
    fails_at("!!ARBvp1.0 OPTION @ARB_fog_linear; END", Vertex);
    fails_at(
        "!!ARBvp1.0 OPTION ARB_position_invariant; MOV result.@position, vertex.position; END",
        Vertex,
    );
    fails_at("!!ARBfp1.0 TEMP t; @ARL t.x, t.x; END", Fragment);
    fails_at(
        "!!ARBfp1.0 TEMP t; TEX t, t, texture[0], 2D; TEX t, t, texture[0], @3D; END",
        Fragment,
    );
    fails_at(
        "!!ARBfp1.0 TEMP t; TEX t, t, texture[@99], 2D; END",
        Fragment,
    );
    fails_at(
        "!!ARBfp1.0 MOV result.color@[1], fragment.color; END",
        Fragment,
    );
    fails_at("!!ARBfp1.0 TEMP t; @SCS t, t.x; END", Fragment);
    fails_at(
        "!!ARBfp1.0 MOV @vertex.color, fragment.color; END",
        Fragment,
    );
    fails_at("!!ARBfp1.0 MOV result.color, state.@bogus; END", Fragment);
    fails_at(
        "!!ARBfp1.0 MOV result.color, fragment.color; MOV result.color, @$; END",
        Fragment,
    );
}
