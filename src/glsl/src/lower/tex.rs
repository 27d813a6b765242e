//! Texture built-ins (`texture*`, `texelFetch*`, `textureSize`, the GLSL
//! 1.10 `texture2D*`/`shadow2D*` family, ...) as IR `tex` operations.
//!
//! The name says the operation: after `texture`/`shadow` and an optional
//! dimension (`2D`, `Cube`, `2DRect`, ...) come `Proj`, `Lod`, `Grad` and
//! `Offset` in that order; the arguments follow the same order (coordinate,
//! [cube-array shadow reference], [lod | dPdx dPdy], [offset], [bias]).
//! The coordinate vector is split: the first `coord_lanes` lanes, then the
//! array layer, then the shadow reference at lane `max(lanes + arrayed, 2)`;
//! `Proj` divides them by the last lane. Outside the fragment stage implicit
//! LOD becomes LOD 0 and a bias is dropped (GLSL 4.60 §8.9).

use super::expr::Rv;
use super::{Lower, R, internal, num, unsupported};
use crate::ast::ExprId;
use crate::diag::Loc;
use crate::sema::{Dir, Sig};
use oxgl_ir::{Dim, TexKind, TexOp, Value};

pub(crate) fn is_texture_fn(n: &str) -> bool {
    n.starts_with("texture") || n.starts_with("shadow") || n.starts_with("texel")
}

/// Operation flags parsed from the name.
#[derive(Default)]
struct Flags {
    proj: bool,
    lod: bool,
    grad: bool,
    offset: bool,
}

fn parse_flags(name: &str) -> Option<Flags> {
    let mut f = Flags::default();
    let mut rest = name
        .strip_prefix("texture")
        .or_else(|| name.strip_prefix("shadow"))?;
    rest = [
        "1DArray", "2DArray", "2DRect", "1D", "2D", "3D", "CubeMap", "Cube", "Rect",
    ]
    .iter()
    .find_map(|d| rest.strip_prefix(d))
    .unwrap_or(rest);
    if let Some(r) = rest.strip_prefix("Proj") {
        f.proj = true;
        rest = r;
    }
    if let Some(r) = rest.strip_prefix("Lod") {
        f.lod = true;
        rest = r;
    }
    if let Some(r) = rest.strip_prefix("Grad") {
        f.grad = true;
        rest = r;
    }
    if let Some(r) = rest.strip_prefix("Offset") {
        f.offset = true;
        rest = r;
    }
    rest.is_empty().then_some(f)
}

impl Lower<'_> {
    fn f32_const(&mut self, x: f32) -> Value {
        self.b().f32(x)
    }

    pub(crate) fn texture_call(
        &mut self,
        name: &str,
        sig: &Sig,
        args: &[ExprId],
        loc: Loc,
    ) -> R<Rv> {
        let name = name.trim_end_matches("ARB").trim_end_matches("EXT");
        // EXT_gpu_shader4 names the dimension: `texelFetch2D`,
        // `texelFetch2DOffset`, `textureSize2D` are GLSL 1.30's functions.
        let dimless = |prefix: &str| -> Option<String> {
            let rest = name.strip_prefix(prefix)?;
            let dims = [
                "1DArray", "2DArray", "2DRect", "Buffer", "1D", "2D", "3D", "Cube", "Rect",
            ];
            let d = dims.iter().find(|d| rest.starts_with(*d))?;
            Some(format!("{prefix}{}", &rest[d.len()..]))
        };
        let gpu4 = dimless("texelFetch").or_else(|| dimless("textureSize"));
        let name = gpu4.as_deref().unwrap_or(name);
        let Some(&first) = args.first() else {
            return internal(loc, "texture call without a sampler");
        };
        let (textures, selector) = self.sampler_arg(first, name, loc)?;
        let Some(&t) = textures.first() else {
            return internal(loc, "empty sampler array");
        };
        let Some(decl) = self.shader.textures.get(t as usize).cloned() else {
            return internal(loc, "texture not declared");
        };
        if sig.params.len() != args.len() {
            return internal(loc, "argument count");
        }
        let mut vals = Vec::new();
        // textureGatherOffsets' `ivec2[4]`: its elements apart, its first
        // in `vals` to keep the positions.
        let mut offsets = Vec::new();
        for (a, (pt, dir)) in args.iter().zip(&sig.params).skip(1) {
            if *dir != Dir::In {
                return unsupported(loc, format!("`{name}'"));
            }
            match self.expr_as(*a, pt)? {
                Rv::A(elems) if name == "textureGatherOffsets" => {
                    for e in elems {
                        offsets.push(e.v(loc)?);
                    }
                    let Some(&first) = offsets.first() else {
                        return internal(loc, "empty offsets");
                    };
                    vals.push(first);
                }
                v => vals.push(v.v(loc)?),
            }
        }
        let arg = |i: usize| -> R<Value> {
            vals.get(i)
                .copied()
                .map_or_else(|| internal(loc, "missing texture argument"), Ok)
        };
        let lanes = decl.dim.coord_lanes();
        let mipmapped = !decl.multisample && !matches!(decl.dim, Dim::Buffer | Dim::Rect);
        let frag = self.stage == crate::Stage::Fragment;
        let mut op = TexOp::new(TexKind::Sample, t);
        let split = |l: &mut Self, p: Value, op: &mut TexOp| {
            let n = l.vty(p).lanes;
            op.coord = Some(if n == lanes {
                p
            } else {
                let idx: Vec<u8> = (0..lanes).collect();
                l.b().swizzle_idx(p, &idx)
            });
            if decl.arrayed && n > lanes {
                op.layer = Some(l.b().lane(p, lanes));
            }
        };
        match name {
            "textureSize" => {
                op.kind = TexKind::QuerySize;
                if mipmapped {
                    op.lod = Some(match vals.first() {
                        Some(v) => *v,
                        None => self.b().i32(0),
                    });
                }
            }
            "textureQueryLevels" => op.kind = TexKind::QueryLevels,
            "textureSamples" => op.kind = TexKind::QuerySamples,
            "textureQueryLod" | "textureQueryLOD" => {
                if !frag {
                    return unsupported(loc, "textureQueryLod outside fragment shaders");
                }
                op.kind = TexKind::QueryLod;
                op.coord = Some(arg(0)?);
            }
            "texelFetch" | "texelFetchOffset" => {
                op.kind = TexKind::Fetch;
                let p = arg(0)?;
                split(self, p, &mut op);
                let mut i = 1;
                if decl.multisample {
                    op.sample = Some(arg(1)?);
                    i = 2;
                } else if mipmapped {
                    op.lod = Some(arg(1)?);
                    i = 2;
                }
                if name == "texelFetchOffset" {
                    op.offset = Some(arg(i)?);
                }
            }
            "textureGather" | "textureGatherOffset" | "textureGatherOffsets" => {
                op.kind = TexKind::Gather;
                let p = arg(0)?;
                split(self, p, &mut op);
                let mut i = 1;
                if decl.shadow {
                    op.compare = Some(arg(1)?);
                    i = 2;
                }
                if name != "textureGather" {
                    op.offset = Some(arg(i)?);
                    i += 1;
                }
                if !decl.shadow && args.len() > i + 1 {
                    let k = self
                        .info(args[i + 1])
                        .k
                        .as_ref()
                        .and_then(|k| k.first())
                        .and_then(|c| c.as_i64());
                    match k {
                        Some(c @ 0..=3) => op.component = c as u8,
                        _ => return unsupported(loc, "a non-constant gather component"),
                    }
                }
            }
            _ => {
                let Some(f) = parse_flags(name) else {
                    return unsupported(loc, format!("the built-in function `{name}'"));
                };
                let p = arg(0)?;
                let n = self.vty(p).lanes;
                let mut i = 1;
                let cube_array_shadow = decl.shadow && decl.arrayed && decl.dim == Dim::Cube;
                if cube_array_shadow {
                    op.compare = Some(arg(1)?);
                    i = 2;
                }
                let q = if f.proj {
                    Some(self.b().lane(p, n.saturating_sub(1)))
                } else {
                    None
                };
                // Coordinate.
                let c = if n == lanes {
                    p
                } else {
                    let idx: Vec<u8> = (0..lanes).collect();
                    self.b().swizzle_idx(p, &idx)
                };
                op.coord = Some(match q {
                    Some(q) => {
                        let qs = self.b().splat(q, lanes);
                        self.b().div(c, qs)
                    }
                    None => c,
                });
                if decl.arrayed && !f.proj && n > lanes {
                    op.layer = Some(self.b().lane(p, lanes));
                }
                if decl.shadow && !cube_array_shadow {
                    let cl = (lanes + u8::from(decl.arrayed)).max(2);
                    if cl >= n {
                        return internal(loc, "shadow coordinate too short");
                    }
                    let z = self.b().lane(p, cl);
                    op.compare = Some(match q {
                        Some(q) => self.b().div(z, q),
                        None => z,
                    });
                }
                if f.lod {
                    op.kind = TexKind::SampleLod;
                    op.lod = Some(arg(i)?);
                    i += 1;
                } else if f.grad {
                    op.kind = TexKind::SampleGrad;
                    op.ddx = Some(arg(i)?);
                    op.ddy = Some(arg(i + 1)?);
                    i += 2;
                }
                if f.offset {
                    op.offset = Some(arg(i)?);
                    i += 1;
                }
                if !f.lod && !f.grad {
                    if frag {
                        op.kind = TexKind::Sample;
                        op.bias = vals.get(i).copied();
                    } else {
                        op.kind = TexKind::SampleLod;
                        op.lod = Some(self.f32_const(0.0));
                    }
                }
                if decl.multisample || decl.dim == Dim::Buffer {
                    return unsupported(loc, format!("`{name}' on this sampler"));
                }
            }
        }
        // The deprecated shadow functions return vec4: the comparison
        // spread as GL_DEPTH_TEXTURE_MODE says, which the texture's swizzle
        // carries (Mesa's sampler view does the same).
        let want = num(&sig.ret).map_or(1, |n| n.rows);
        if want == 4 && op.compare.is_some() && op.kind != TexKind::Gather {
            op.shadow_vec4 = true;
        }
        let Some(i) = selector else {
            return self.emit_tex(op, name, &offsets, loc).map(Rv::V);
        };
        // An element of a sampler array chosen at run time (ARB_gpu_shader5,
        // GLSL 4.00): every element's operation, the chosen one's result.
        let mut out = None;
        for (k, &tk) in textures.iter().enumerate() {
            let mut op_k = op.clone();
            op_k.texture = tk;
            op_k.sampler = tk;
            let v = self.emit_tex(op_k, name, &offsets, loc)?;
            out = Some(match out {
                None => v,
                Some(prev) => {
                    let kc = self.b().i32(k as i32);
                    let is_k = self.b().eq(i, kc);
                    self.b().select(is_k, v, prev)
                }
            });
        }
        out.map(Rv::V)
            .map_or_else(|| internal(loc, "empty sampler array"), Ok)
    }

    /// `op`, or for `textureGatherOffsets` its four gathers (ARB_gpu_shader5:
    /// texel k is the (i0, j0) texel, the fourth a gather returns, of the
    /// footprint at offset k, as Mesa lowers it).
    fn emit_tex(&mut self, op: TexOp, name: &str, offsets: &[Value], loc: Loc) -> R<Value> {
        if name != "textureGatherOffsets" {
            return Ok(self.b().tex(op));
        }
        let mut lanes = Vec::new();
        for &o in offsets {
            let mut op_k = op.clone();
            op_k.offset = Some(o);
            let g = self.b().tex(op_k);
            lanes.push(self.b().lane(g, 3));
        }
        if lanes.len() != 4 {
            return internal(loc, "textureGatherOffsets wants four offsets");
        }
        Ok(self.b().construct(&lanes))
    }

    /// The textures a sampler argument names: one, or every element of a
    /// sampler array and the index when it is not known at compile time.
    fn sampler_arg(&mut self, e: ExprId, name: &str, loc: Loc) -> R<(Vec<u32>, Option<Value>)> {
        let (choices, selector) = self.sampler_choices(e, loc)?;
        let ts: Option<Vec<u32>> = choices
            .iter()
            .map(|r| match r {
                Rv::Tex(t) => Some(*t),
                _ => None,
            })
            .collect();
        match ts {
            Some(ts) if !ts.is_empty() && (selector.is_some() || ts.len() == 1) => {
                Ok((ts, selector))
            }
            _ => unsupported(loc, format!("`{name}' on this sampler")),
        }
    }

    /// What a sampler expression may designate: the candidates and, when
    /// indices known only at run time pick among them (`a[i]`,
    /// `s[i].tex`, `s[i].t[j]`: ARB_gpu_shader5), the chosen one's
    /// position in the list (`i32`; row-major over the run-time indices).
    fn sampler_choices(&mut self, e: ExprId, loc: Loc) -> R<(Vec<Rv>, Option<Value>)> {
        let Some(x) = self.tu.exprs.get(e.0 as usize) else {
            return internal(loc, "bad expression");
        };
        match x.kind {
            crate::ast::ExprKind::Index(a, i) => {
                let (cands, sel) = self.sampler_choices(a, loc)?;
                let mut elems = Vec::new();
                let mut len = None;
                for c in cands {
                    let Rv::A(es) = c else {
                        return internal(loc, "index of a non-array");
                    };
                    if len.is_some_and(|n| n != es.len()) {
                        return internal(loc, "arrays of different lengths");
                    }
                    len = Some(es.len());
                    elems.push(es);
                }
                let len = len.unwrap_or(0);
                let konst = self
                    .info(i)
                    .k
                    .as_ref()
                    .and_then(|k| k.first()?.as_i64())
                    .and_then(|k| usize::try_from(k).ok());
                if let Some(k) = konst {
                    let picked: Option<Vec<Rv>> =
                        elems.into_iter().map(|es| es.into_iter().nth(k)).collect();
                    return match picked {
                        Some(p) => Ok((p, sel)),
                        None => internal(loc, "constant index out of range"),
                    };
                }
                let ix = self.expr(i)?.v(loc)?;
                let ix = if self.vty(ix).scalar == oxgl_ir::Scalar::I32 {
                    ix
                } else {
                    self.b().bitcast(ix, oxgl_ir::Scalar::I32)
                };
                let sel = match sel {
                    None => ix,
                    Some(s) => {
                        let n = self.b().i32(i32::try_from(len).unwrap_or(i32::MAX));
                        let scaled = self.b().mul(s, n);
                        self.b().add(scaled, ix)
                    }
                };
                Ok((elems.into_iter().flatten().collect(), Some(sel)))
            }
            crate::ast::ExprKind::Field(a, n)
                if matches!(self.ty_of(a).base, crate::sema::Base::Struct(_))
                    && !self.ty_of(a).is_array() =>
            {
                let crate::sema::Base::Struct(si) = self.ty_of(a).base else {
                    return internal(loc, "member of a non-struct");
                };
                let n = self.name(n).to_owned();
                let pos = self
                    .sema
                    .structs
                    .get(si as usize)
                    .and_then(|s| s.members.iter().position(|(m, _)| self.name(*m) == n));
                let Some(pos) = pos else {
                    return internal(loc, "no such member");
                };
                let (cands, sel) = self.sampler_choices(a, loc)?;
                let picked: Option<Vec<Rv>> = cands
                    .into_iter()
                    .map(|c| match c {
                        Rv::A(ms) => ms.into_iter().nth(pos),
                        _ => None,
                    })
                    .collect();
                match picked {
                    Some(p) => Ok((p, sel)),
                    None => internal(loc, "member of a non-struct value"),
                }
            }
            _ => Ok((vec![self.expr(e)?], None)),
        }
    }
}

impl Lower<'_> {
    /// An image built-in (ARB_shader_image_load_store, GLSL 4.20 §8.12):
    /// an IR `image` operation. An element of an image array chosen at run
    /// time runs every element's operation, the others at a coordinate
    /// outside every image (no load, store or atomic reaches memory), and
    /// returns the chosen one's result.
    pub(crate) fn image_call(&mut self, name: &str, sig: &Sig, args: &[ExprId], loc: Loc) -> R<Rv> {
        use oxgl_ir::{ImageKind, ImageOp, Op, Scalar};
        let Some(&first) = args.first() else {
            return internal(loc, "image call without an image");
        };
        let (images, selector) = self.sampler_arg(first, name, loc)?;
        let Some(decl) = images
            .first()
            .and_then(|&i| self.shader.images.get(i as usize))
            .cloned()
        else {
            return internal(loc, "image not declared");
        };
        if sig.params.len() != args.len() {
            return internal(loc, "argument count");
        }
        let mut vals = Vec::new();
        for (a, (pt, dir)) in args.iter().zip(&sig.params).skip(1) {
            if *dir != Dir::In {
                return unsupported(loc, format!("`{name}'"));
            }
            vals.push(self.expr_as(*a, pt)?.v(loc)?);
        }
        let mut vals = vals.into_iter();
        let kind = match name {
            "imageLoad" => ImageKind::Load,
            "imageStore" => ImageKind::Store,
            "imageSize" => ImageKind::Size,
            "imageSamples" => ImageKind::Samples,
            "imageAtomicAdd" => ImageKind::AtomicAdd,
            "imageAtomicMin" | "imageAtomicMax" => {
                let signed = decl.kind == Scalar::I32;
                match (name == "imageAtomicMin", signed) {
                    (true, true) => ImageKind::AtomicMin,
                    (true, false) => ImageKind::AtomicUMin,
                    (false, true) => ImageKind::AtomicMax,
                    (false, false) => ImageKind::AtomicUMax,
                }
            }
            "imageAtomicAnd" => ImageKind::AtomicAnd,
            "imageAtomicOr" => ImageKind::AtomicOr,
            "imageAtomicXor" => ImageKind::AtomicXor,
            "imageAtomicExchange" => ImageKind::AtomicXchg,
            "imageAtomicCompSwap" => ImageKind::AtomicCmpXchg,
            _ => return unsupported(loc, format!("`{name}'")),
        };
        let mut op = ImageOp {
            kind,
            image: 0,
            coord: None,
            sample: None,
            value: None,
            compare: None,
        };
        if !matches!(kind, ImageKind::Size | ImageKind::Samples) {
            op.coord = vals.next();
            if decl.multisample {
                op.sample = vals.next();
            }
            if kind == ImageKind::AtomicCmpXchg {
                op.compare = vals.next();
            }
            op.value = vals.next();
            if kind == ImageKind::Store
                && let Some(v) = op.value
            {
                // A store takes a gvec4; the IR's value is the image's kind.
                op.value = Some(self.fit(v, 4));
            }
        }
        let ty = op.result_type(&decl);
        let emit = |l: &mut Self, op: ImageOp| l.b().push(Op::Image(Box::new(op)), ty);
        let Some(sel) = selector else {
            op.image = images[0];
            let v = emit(self, op);
            return Ok(if ty.is_some() { Rv::V(v) } else { Rv::Void });
        };
        let mut out = None;
        for (k, &image) in images.iter().enumerate() {
            let mut op_k = op.clone();
            op_k.image = image;
            let kc = self.b().i32(k as i32);
            let is_k = self.b().eq(sel, kc);
            if let Some(c) = op.coord {
                let lanes = self.vty(c).lanes;
                let outside = self.b().i32(-1);
                let outside = self.fit(outside, lanes);
                op_k.coord = Some(self.b().select(is_k, c, outside));
            }
            let v = emit(self, op_k);
            if ty.is_some() {
                out = Some(match out {
                    None => v,
                    Some(prev) => self.b().select(is_k, v, prev),
                });
            }
        }
        Ok(out.map_or(Rv::Void, Rv::V))
    }
}
