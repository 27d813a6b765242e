//! One vertex through the fixed-function vertex stage on the CPU: the
//! raster position (`glRasterPos`), selection and feedback need transformed,
//! lit vertices in the core, not in the backend.
//!
//! The program is the very one draws use ([`ffgen::generate`]), run by the
//! IR's reference interpreter ([`oxgl_ir::interp`]), so lighting, texgen,
//! texture matrices and user clip distances are computed exactly as for a
//! drawn vertex. The key differs from a draw's in one way: every texture
//! unit counts as enabled, because the raster position keeps the texture
//! coordinates of every unit (GL 4.6 compatibility §14.7), and feedback
//! reports them whether or not a texture is bound.

use std::collections::HashMap;

use oxgl_glapi::generated::enums::*;
use oxgl_ir::{Builtin, Dim, Shader};

use crate::compat::ffgen::{self, FfKey, UniformLayout, UnitKey, varying};
use crate::compat::fog::MAX_CLIP_PLANES;
use crate::compat::texenv::MAX_FF_UNITS;
use crate::context::Context;
use crate::vbo::attrib::NUM_ATTRIBS;

/// A vertex after the vertex stage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CpuVertex {
    /// Clip coordinates.
    pub clip: [f32; 4],
    /// Eye coordinates.
    pub eye: [f32; 4],
    /// Front and back primary colour (equal without two-sided lighting).
    pub color: [[f32; 4]; 2],
    /// Front and back secondary colour.
    pub secondary: [[f32; 4]; 2],
    /// Texture coordinates of every unit, after texgen and the texture matrix.
    pub tex: [[f32; 4]; MAX_FF_UNITS],
    /// `gl_ClipDistance[i]` for the enabled user clip planes, 0 for the others.
    pub clip_distance: [f32; MAX_CLIP_PLANES],
}

impl CpuVertex {
    /// Whether the vertex is inside the view volume and every enabled user
    /// clip plane (a point's clip test, GL 4.6 compatibility §13.7).
    pub fn inside(&self, clip_planes: u8) -> bool {
        let [x, y, z, w] = self.clip;
        let in_volume = -w <= x && x <= w && -w <= y && y <= w && -w <= z && z <= w;
        in_volume
            && (0..MAX_CLIP_PLANES)
                .filter(|i| clip_planes & (1 << i) != 0)
                .all(|i| self.clip_distance[i] >= 0.0)
    }
}

/// Vertex programs for the CPU, by key.
#[derive(Default)]
pub struct CpuPrograms {
    programs: HashMap<FfKey, (Shader, UniformLayout)>,
}

impl std::fmt::Debug for CpuPrograms {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CpuPrograms")
            .field("programs", &self.programs.len())
            .finish()
    }
}

fn mat_vec(m: &crate::compat::matrix::Mat4, v: [f32; 4]) -> [f32; 4] {
    let mut out = [0.0; 4];
    for (r, o) in out.iter_mut().enumerate() {
        *o = (0..4).map(|c| m.0[c * 4 + r] * v[c]).sum();
    }
    out
}

/// One vertex through `shader` with the uniform `block`.
/// The textures a vertex shader run here (`glRasterPos`, selection,
/// feedback) reads with `texelFetch` and `textureSize`: per IR texture,
/// the images of its complete levels from the base level, in RGBA as the
/// shader sees them. Filtered sampling returns zeros on this path.
#[derive(Default)]
pub(crate) struct CpuTextures {
    slots: Vec<Option<CpuTexture>>,
}

/// One texture's levels: size (width, height, depth or layers) and texels.
struct CpuTexture {
    levels: Vec<([usize; 3], Vec<[f32; 4]>)>,
}

impl oxgl_ir::interp::Host for CpuTextures {
    fn texture(
        &mut self,
        decl: &oxgl_ir::TextureDecl,
        op: &oxgl_ir::TexOp,
        args: &oxgl_ir::interp::Operands,
    ) -> oxgl_ir::Bits {
        let names = &oxgl_ir::TEX_OPERANDS;
        let Some(Some(t)) = self.slots.get(op.texture as usize) else {
            return [0; 4];
        };
        let int = |name: &str, k: usize| {
            args.get(names, name)
                .map_or(0, |(_, b)| b.get(k).copied().unwrap_or(0) as u32 as i32)
        };
        let level = usize::try_from(int("lod", 0)).ok();
        let Some((size, texels)) = level.and_then(|l| t.levels.get(l)) else {
            return [0; 4];
        };
        match op.kind {
            oxgl_ir::TexKind::Fetch => {
                let n = usize::from(decl.dim.coord_lanes());
                let mut at = [0i64; 3];
                for (k, a) in at.iter_mut().enumerate().take(n) {
                    *a = i64::from(int("coord", k));
                }
                if decl.arrayed {
                    at[n.min(2)] = i64::from(int("layer", 0));
                }
                let inside = at
                    .iter()
                    .zip(size)
                    .all(|(&a, &s)| a >= 0 && (a as usize) < s.max(1));
                let i =
                    (at[2] as usize * size[1].max(1) + at[1] as usize) * size[0] + at[0] as usize;
                match texels.get(i).filter(|_| inside) {
                    Some(v) => v.map(|x| u64::from(x.to_bits())),
                    None => [0; 4],
                }
            }
            oxgl_ir::TexKind::QuerySize => {
                let lanes = usize::from(decl.dim.coord_lanes()) + usize::from(decl.arrayed);
                std::array::from_fn(|k| if k < lanes { size[k] as u64 } else { 0 })
            }
            _ => [0; 4],
        }
    }

    fn image(
        &mut self,
        _: &oxgl_ir::ImageDecl,
        _: &oxgl_ir::ImageOp,
        _: &oxgl_ir::interp::Operands,
    ) -> oxgl_ir::Bits {
        [0; 4]
    }
}

impl Context {
    /// [`CpuTextures`] for the textures `shader` declares, from the units
    /// the program's samplers name.
    pub(crate) fn cpu_textures(
        &mut self,
        exec: &crate::program::Executable,
        shader: &Shader,
    ) -> CpuTextures {
        if shader.textures.is_empty() {
            return CpuTextures::default();
        }
        let shared = self.shared().clone();
        let named = shared.textures();
        let compat = self.params().profile == crate::context::Profile::Compat;
        let units = exec.values().units.clone();
        let mut slots = Vec::new();
        for decl in &shader.textures {
            let unit = units.get(&decl.binding).copied().unwrap_or(0) as usize;
            let target = crate::program::dim_target(decl.dim, decl.arrayed, decl.multisample);
            let slot = (|| {
                let ti = crate::texture::target_index(target).ok()?;
                let name = *self.textures.bound.get(unit)?.get(ti)?;
                let tex = if name == 0 {
                    self.textures.defaults.get(ti)?
                } else {
                    named.get(name)?
                };
                if target == GL_TEXTURE_BUFFER {
                    let buffers = shared.buffers();
                    let conv = crate::texture::buffer::convert(
                        &mut self.submit.tbo_cache,
                        name,
                        tex,
                        &buffers,
                        compat,
                    )?;
                    let (swizzle, _) = crate::texture::base_swizzle(conv.base);
                    let one = if conv.integer { f32::from_bits(1) } else { 1.0 };
                    let texels = conv
                        .texels
                        .iter()
                        .map(|&t| crate::texture::swizzle_texel(t, swizzle, one))
                        .collect();
                    return Some(CpuTexture {
                        levels: vec![([conv.texels.len(), 1, 1], texels)],
                    });
                }
                let params = crate::vbo::submit::sampled_params(tex, None);
                let (base, _) = tex.complete_with(&params)?;
                // texelFetch reads any level up to the maximum whose image
                // exists, whatever the filter (as llvmpipe).
                let max = usize::try_from(params.levels[1]).unwrap_or(base);
                let one = if decl.kind == oxgl_ir::Scalar::F32 {
                    1.0
                } else {
                    f32::from_bits(1)
                };
                let mut levels = Vec::new();
                for l in base..=max.max(base) {
                    let Some(img) = tex.images.get(&(0, l)) else {
                        break;
                    };
                    let (swizzle, _) = crate::vbo::submit::sample_swizzle(tex, img.base);
                    let texels = (0..img.texels.len())
                        .map(|i| {
                            let t = img.texels.get(i).unwrap_or_default();
                            crate::texture::swizzle_texel(t, swizzle, one)
                        })
                        .collect();
                    levels.push((img.size, texels));
                }
                Some(CpuTexture { levels })
            })();
            slots.push(slot);
        }
        CpuTextures { slots }
    }
}

fn run_vertex(
    shader: &Shader,
    block: &[u8],
    key: &FfKey,
    modelview: &crate::compat::matrix::Mat4,
    attribs: &[[f32; 4]; NUM_ATTRIBS],
    host: &mut dyn oxgl_ir::interp::Host,
) -> CpuVertex {
    let mut inv = oxgl_ir::interp::Invocation::default();
    for (loc, v) in attribs.iter().enumerate() {
        inv.set_input_f32(loc as u32, v);
    }
    inv.uniforms = block.to_vec();
    if let Err(e) = oxgl_ir::interp::run(shader, &mut inv, host) {
        // The generated program always validates; stay defined anyway.
        oxgl_util::log!(
            oxgl_util::log::Level::Warning,
            "fixed-function vertex program failed on the CPU: {e}"
        );
    }
    let mut clip = [0.0; 4];
    for (c, v) in clip.iter_mut().zip(inv.builtin_f32(Builtin::Position)) {
        *c = v;
    }
    let mut clip_distance = [0.0; MAX_CLIP_PLANES];
    for (i, d) in inv
        .builtin_f32(Builtin::ClipDistance)
        .into_iter()
        .take(MAX_CLIP_PLANES)
        .enumerate()
    {
        if key.clip_planes & (1 << i) != 0 {
            clip_distance[i] = d;
        }
    }
    let front = inv.output_f32(varying::COLOR0);
    let front2 = inv.output_f32(varying::COLOR1);
    let (back, back2) = if key.two_side {
        (
            inv.output_f32(varying::BCOLOR0),
            inv.output_f32(varying::BCOLOR1),
        )
    } else {
        (front, front2)
    };
    let mut tex = [[0.0; 4]; MAX_FF_UNITS];
    for (u, t) in tex.iter_mut().enumerate() {
        *t = inv.output_f32(varying::TEX0 + u as u32);
    }
    let eye = mat_vec(modelview, attribs[0]);
    CpuVertex {
        clip,
        eye,
        color: [front, back],
        secondary: [front2, back2],
        tex,
        clip_distance,
    }
}

impl Context {
    /// The key of the CPU vertex program for the current state.
    fn cpu_vertex_key(&self) -> FfKey {
        let mut key = FfKey::from_context(self);
        // Fragment-only state does not matter here: one program serves all.
        key.alpha_func = None;
        key.fog = None;
        // The secondary colour is computed whether or not it is added:
        // the raster position keeps it (GL 4.6 compatibility §14.7).
        key.color_sum = true;
        for u in 0..MAX_FF_UNITS {
            let mut unit = UnitKey::new(Dim::D2, 3, &self.texunits.env[u]);
            let g = &self.texunits.texgen[u];
            for c in 0..4 {
                if g.enabled & (1 << c) != 0 {
                    unit.texgen[c] = g.mode[c];
                }
            }
            key.units[u] = unit;
        }
        key
    }

    /// Runs the fixed-function vertex stage for one vertex whose attributes
    /// (indexed by [`crate::vbo::Attrib`]) are `attribs`.
    pub fn cpu_vertex(&mut self, attribs: &[[f32; 4]; NUM_ATTRIBS]) -> CpuVertex {
        let mut out = Vec::with_capacity(1);
        self.cpu_vertices(std::slice::from_ref(attribs), &mut out);
        out[0]
    }

    /// Runs the fixed-function vertex stage for many vertices of the same
    /// state, appending them to `out`: the program and its uniforms are
    /// looked up and packed once.
    pub fn cpu_vertices(&mut self, vertices: &[[[f32; 4]; NUM_ATTRIBS]], out: &mut Vec<CpuVertex>) {
        let mut key = self.cpu_vertex_key();
        // A GLSL vertex shader runs instead (GL 2.1 §2.15.4: the raster
        // position, selection and feedback see its outputs).
        if let Some(exec) = self.stage_exec(crate::program::ProgramStage::Vertex)
            && let Some(vs) = &exec.vs_ir
        {
            key.two_side = self.state.enabled(GL_VERTEX_PROGRAM_TWO_SIDE);
            let mut block = Vec::new();
            self.program_block(&exec, crate::program::ProgramStage::Vertex, &mut block);
            let modelview = *self.ff.matrices.modelview.top();
            let mut host = self.cpu_textures(&exec, vs);
            out.reserve(vertices.len());
            for attribs in vertices {
                out.push(run_vertex(vs, &block, &key, &modelview, attribs, &mut host));
            }
            return;
        }
        // An assembly vertex program likewise (ARB_vertex_program §2.14:
        // the raster position is a vertex).
        if self.arb_enabled(0)
            && let Some(stage) = self.arb_stage(0, Default::default())
            && let Some(vs) = self.arb_ir(0, Default::default())
        {
            key.two_side = self.state.enabled(GL_VERTEX_PROGRAM_TWO_SIDE);
            let mut block = Vec::new();
            self.arb_block(0, &stage, &mut block);
            let modelview = *self.ff.matrices.modelview.top();
            out.reserve(vertices.len());
            for attribs in vertices {
                out.push(run_vertex(
                    &vs,
                    &block,
                    &key,
                    &modelview,
                    attribs,
                    &mut oxgl_ir::interp::NoResources,
                ));
            }
            return;
        }
        let mut programs = std::mem::take(&mut self.cpu_programs.programs);
        let (shader, layout) = programs.entry(key).or_insert_with(|| {
            let p = ffgen::generate(&key);
            (p.vs, p.vs_uniforms)
        });
        let mut block = Vec::new();
        ffgen::pack(self, layout, &mut block);
        let modelview = *self.ff.matrices.modelview.top();
        out.reserve(vertices.len());
        for attribs in vertices {
            out.push(run_vertex(
                shader,
                &block,
                &key,
                &modelview,
                attribs,
                &mut oxgl_ir::interp::NoResources,
            ));
        }
        self.cpu_programs.programs = programs;
    }

    /// Enabled user clip planes as a bit set.
    pub fn enabled_clip_planes(&self) -> u8 {
        (0..MAX_CLIP_PLANES)
            .filter(|&i| self.state.enabled(GL_CLIP_PLANE0 + i as u32))
            .fold(0, |m, i| m | (1 << i))
    }

    /// Window coordinates of clip coordinates: the perspective division and
    /// the viewport and depth-range transforms (GL 4.6 §13.8.1), computed as
    /// Mesa does (`ndc * scale + translate`) so that positions such as
    /// integer raster positions land on the same float.
    pub fn window_coords(&self, clip: [f32; 4]) -> [f32; 3] {
        let d = if clip[3] == 0.0 { 1.0 } else { 1.0 / clip[3] };
        let [vx, vy, vw, vh] = self.state.viewports[0];
        let [n, f] = self.state.depth_ranges[0];
        let (sx, sy, sz) = (vw * 0.5, vh * 0.5, (f - n) * 0.5);
        [
            clip[0] * d * sx + (vx + sx),
            clip[1] * d * sy + (vy + sy),
            clip[2] * d * sz + (n + sz),
        ]
    }
}
