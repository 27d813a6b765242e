//! Draw submission: a normalized [`DrawBatch`] plus the context's state
//! becomes one backend `draw_prims` call — the fixed-function program for
//! the state (generated and compiled once per [`FfKey`]), its uniform
//! blocks, and the rasterization, depth/stencil and blend descriptors.

use std::collections::HashMap;
use std::sync::Arc;

use oxgl_dri_interface::client::Shader;
use oxgl_dri_interface::{
    OxglBlendDesc, OxglBuffer, OxglDepthStencilDesc, OxglDrawDesc, OxglPrim, OxglRasterDesc,
    OxglRect, OxglStencilFace, OxglTexImage, OxglTextureDesc, OxglVertexAttrib, OxglVertexInput,
};

use super::arrays::HIGH_WORDS;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_ir::Dim;

use crate::compat::ffgen::{self, FfKey, UniformLayout, UnitKey};
use crate::compat::texenv::MAX_FF_UNITS;
use crate::context::Context;
use crate::program::{PROGRAM_STAGES, ProgramStage};
use std::borrow::Cow;

use crate::texture::{
    LiveImage, TexParams, Texels, Texture, base_swizzle, depth_swizzle, target_index, to_base,
};
use crate::vbo::arrays::{DirectArrays, DirectBytes};
use crate::vbo::{Attrib, DrawBatch};

/// A fixed-function program compiled by the backend.
pub struct Compiled {
    vs: Shader,
    fs: Shader,
    vs_uniforms: UniformLayout,
    fs_uniforms: UniformLayout,
}

/// Per-context draw submission state.
#[derive(Default)]
pub struct Submit {
    /// Compiled programs by key; `None` when the backend refused one (not retried).
    programs: HashMap<FfKey, Option<Arc<Compiled>>>,
    vs_block: Vec<u8>,
    tcs_block: Vec<u8>,
    tes_block: Vec<u8>,
    gs_block: Vec<u8>,
    fs_block: Vec<u8>,
    edge_flags: Vec<u8>,
    /// The index list of the last array draw, kept for the next one: a
    /// large mesh's list allocated anew each draw costs its pages' faults.
    pub(crate) indices: Vec<u32>,
    /// Set while a pixel rectangle is drawn ([`crate::pixel::draw`]).
    pub(crate) pixel: Option<PixelDraw>,
    /// Buffer textures' texels as last converted, by texture name.
    pub(crate) tbo_cache: crate::texture::buffer::ConvertedCache,
    /// Samples of the draw framebuffer for the draw in progress
    /// (`gl_NumSamples`), found before the share group's textures are
    /// locked for it.
    pub(crate) draw_samples: u32,
}

/// A pixel rectangle being drawn: the image and where it goes.
#[derive(Clone, Debug)]
pub(crate) struct PixelDraw {
    /// What the image holds.
    pub op: ffgen::PixelOp,
    /// RGBA texels, rows bottom first.
    pub texels: Vec<[f32; 4]>,
    /// Image width and height.
    pub size: [u32; 2],
    /// Window origin of the image and 1 / zoom ([`ffgen::Source::PixelXform`]).
    pub xform: [f32; 4],
    /// The window rectangle covered: the draw's viewport.
    pub viewport: [f32; 4],
    /// The depth range of the draw: the raster z twice, or [0, 1] when the
    /// image gives the depth.
    pub depth_range: [f32; 2],
}

impl Submit {
    /// The [`ffgen::Source::PixelXform`] value of the pixel draw in progress.
    pub(crate) fn pixel_xform(&self) -> [f32; 4] {
        self.pixel.as_ref().map_or([0.0; 4], |p| p.xform)
    }
}

impl std::fmt::Debug for Submit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Submit")
            .field("programs", &self.programs.len())
            .finish_non_exhaustive()
    }
}

impl Context {
    /// Fills `out` with a GLSL stage's uniform block: the values the
    /// application set and the compatibility built-ins from the state.
    pub(crate) fn program_block(
        &self,
        exec: &crate::program::Executable,
        stage: ProgramStage,
        out: &mut Vec<u8>,
    ) {
        out.clear();
        out.extend_from_slice(&exec.values().blocks[stage as usize]);
        for u in exec.uniforms.iter().filter(|u| u.location < 0) {
            let Some(kind) = &u.kinds[stage as usize] else {
                continue;
            };
            for e in 0..u.count as usize {
                let Some(v) = self.builtin_uniform(&u.name, e) else {
                    continue;
                };
                for (c, x) in v.iter().enumerate().take(u.ty.components()) {
                    crate::program::uniform::store(out, kind, &u.ty, e, c, u64::from(x.to_bits()));
                }
            }
        }
        self.fill_uniform_blocks(exec, stage, out);
    }

    /// The compiled fixed-function program for `key`.
    fn ff_program(&mut self, key: FfKey) -> Option<Arc<Compiled>> {
        if let Some(p) = self.submit.programs.get(&key) {
            return p.clone();
        }
        let program = ffgen::generate(&key);
        let vs = self.backend_shader(&oxgl_ir::serialize::serialize(&program.vs));
        let fs = self.backend_shader(&oxgl_ir::serialize::serialize(&program.fs));
        let compiled = match (vs, fs) {
            (Ok(vs), Ok(fs)) => Some(Arc::new(Compiled {
                vs,
                fs,
                vs_uniforms: program.vs_uniforms,
                fs_uniforms: program.fs_uniforms,
            })),
            (Err(e), _) | (_, Err(e)) => {
                oxgl_util::log!(
                    oxgl_util::log::Level::Warning,
                    "the backend could not compile a fixed-function program ({key:?}): {e}"
                );
                None
            }
        };
        self.submit.programs.insert(key, compiled.clone());
        compiled
    }

    /// Hands a normalized batch to the backend with the current state.
    pub(crate) fn submit_batch(&mut self, batch: &DrawBatch) {
        self.submit_draw(batch, None);
    }

    /// Hands an array draw to the backend as its arrays (ABI 13): `batch`
    /// has the primitives, elements and constants and no vertices;
    /// `arrays` says where the backend reads them.
    pub(crate) fn submit_arrays(&mut self, batch: &DrawBatch, arrays: &DirectArrays<'_>) {
        self.submit_draw(batch, Some(arrays));
    }

    fn submit_draw(&mut self, batch: &DrawBatch, arrays: Option<&DirectArrays<'_>>) {
        self.ff.batches_flushed += 1;
        // NV_conditional_render: draws, pixel rectangles and bitmaps.
        if self.render_discarded() {
            return;
        }
        if self.select.mode != GL_RENDER {
            // Selection and feedback report primitives instead (of batches
            // with vertices: array draws in these modes have them).
            if !batch.prims.is_empty() && arrays.is_none() {
                self.select_batch(&batch.expanded());
                self.track_color_material();
            }
            return;
        }
        let vertex_count = arrays.map_or(batch.vertex_count(), |a| a.count as usize);
        if batch.prims.is_empty() || vertex_count == 0 {
            return;
        }
        if let Err(e) = self.fbo_prepare() {
            self.record::<()>(Err(e));
            return;
        }
        if self.draw_drawable().is_none() {
            return;
        }
        let fb_bits = self.prepared_fb_bits();
        if self
            .stage_exec(ProgramStage::Fragment)
            .is_some_and(|e| e.reads_num_samples)
        {
            self.submit.draw_samples = self.fb_samples(self.fbo.draw_binding).max(1);
        }
        // ARB_shader_image_load_store: the image units the programs use,
        // their textures made current in the core first.
        let image_units = if self.submit.pixel.is_some() {
            Vec::new()
        } else {
            let decls = self.draw_image_decls();
            self.image_bindings(&decls)
        };
        // The textures of enabled units: the default objects live in the
        // context, named ones in the share group (locked for the draw).
        let shared = self.shared().clone();
        let mut named = shared.textures();
        // The images: the textures' own storage, for the draw.
        let (draw_images, image_descs) = if image_units.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            crate::texture::image_unit::draw_images(&image_units, &mut named, &mut shared.buffers())
        };
        // Each stage's executable: the current program's, or a program
        // pipeline's (ARB_separate_shader_objects).
        // A compute program has no stage that draws: fixed function draws
        // (no error, as Mesa).
        let [exec_vs, exec_tcs, exec_tes, exec_gs, exec_fs] = self
            .stage_execs()
            .map(|e| e.filter(|e| e.compute.is_none()));
        let glsl_vs = exec_vs.as_ref().is_some_and(|e| e.vs.is_some());
        let glsl_fs = exec_fs.as_ref().is_some_and(|e| e.fs.is_some());
        let exec_tcs = exec_tcs.filter(|e| e.tcs.is_some());
        let exec_tes = exec_tes.filter(|e| e.tes.is_some());
        let exec_gs = exec_gs.filter(|e| e.gs.is_some());
        // Assembly programs (ARB_vertex_program, ARB_fragment_program),
        // where no GLSL stage replaces them; pixel rectangles keep fixed
        // function.
        let pixel_draw = self.submit.pixel.is_some();
        let arb_vs_on = !pixel_draw && self.arb_enabled(0);
        let arb_fs_on = !pixel_draw && self.arb_enabled(1);
        let arb_vs = if arb_vs_on {
            match self.arb_stage(0, Default::default()) {
                Some(s) => Some(s),
                None => return,
            }
        } else {
            None
        };
        let prog_vs = glsl_vs || arb_vs.is_some();
        let prog_fs = glsl_fs || arb_fs_on;
        let mut key = FfKey::from_context(self);
        if key.lighting {
            // Materials given between Begin and End are per-vertex attributes.
            key.vertex_material = batch
                .layout
                .iter()
                .filter_map(|l| l.attrib.0.checked_sub(Attrib::MAT0.0))
                .fold(0, |m, i| m | 1 << i);
        }
        // A sampler object bound to a unit replaces the texture's sampler
        // state (ARB_sampler_objects).
        let sampler = |unit: usize| {
            self.textures
                .samplers
                .get(unit)
                .and_then(|&s| named.sampler(s))
        };
        let mut units: Vec<SampledUnit<'_>> = Vec::new();
        for u in 0..MAX_FF_UNITS {
            let Some(target) = self.texunits.effective_target(u) else {
                continue;
            };
            let Ok(ti) = target_index(target) else {
                continue;
            };
            let name = self.textures.bound[u][ti];
            let tex = if name == 0 {
                &self.textures.defaults[ti]
            } else {
                match named.get(name) {
                    Some(t) => t,
                    None => continue,
                }
            };
            let params = sampled_params(tex, sampler(u));
            // GL 4.6 compat §16.2: an incomplete texture disables the unit.
            let Some((base, levels)) = tex.complete_with(&params) else {
                continue;
            };
            let Some(img) = tex.images.get(&(0, base)) else {
                continue;
            };
            let dim = match target {
                GL_TEXTURE_1D => Dim::D1,
                GL_TEXTURE_3D => Dim::D3,
                GL_TEXTURE_CUBE_MAP => Dim::Cube,
                GL_TEXTURE_RECTANGLE => Dim::Rect,
                _ => Dim::D2,
            };
            let (_, format) = sample_swizzle(tex, img.base);
            key.units[u] = UnitKey::new(dim, format, &self.texunits.env[u]);
            if params.compares(img.base) {
                key.units[u].shadow = tex.params.depth_mode;
            }
            let g = &self.texunits.texgen[u];
            for c in 0..4 {
                if g.enabled & (1 << c) != 0 {
                    key.units[u].texgen[c] = g.mode[c];
                }
            }
            units.push((u, name, tex, params, base, levels));
        }
        if prog_fs {
            // The program's fragment stage samples through its samplers;
            // a fixed-function vertex stage passes every unit's coordinates.
            units.clear();
            if !prog_vs {
                for u in 0..MAX_FF_UNITS {
                    if key.units[u].dim != 0 {
                        continue;
                    }
                    key.units[u] = UnitKey::new(Dim::D2, 0, &self.texunits.env[u]);
                    let g = &self.texunits.texgen[u];
                    for c in 0..4 {
                        if g.enabled & (1 << c) != 0 {
                            key.units[u].texgen[c] = g.mode[c];
                        }
                    }
                }
            }
        }
        let mut images: Vec<Vec<OxglTexImage>> = Vec::with_capacity(units.len());
        let mut textures: Vec<OxglTextureDesc> = Vec::with_capacity(units.len());
        for (u, name, tex, params, base, levels) in &units {
            let (u, base, levels) = (*u, *base, *levels);
            let lod_bias = self.texunits.env[u].lod_bias;
            let src = (*name, &named.live);
            let (desc, imgs) = texture_desc(tex, src, params, base, levels, u as u32, lod_bias);
            textures.push(desc);
            images.push(imgs);
        }
        // The textures an assembly fragment program samples: the unit's
        // texture of the instruction's target, enabled or not.
        let arb_fs_program = if arb_fs_on {
            self.arb.bound_object(1).and_then(|o| o.program.clone())
        } else {
            None
        };
        if let Some(p) = &arb_fs_program {
            for (unit, target) in p.textures() {
                let unit = usize::from(unit);
                let target = match target {
                    crate::program::arbprog::ast::TexTarget::D1 => GL_TEXTURE_1D,
                    crate::program::arbprog::ast::TexTarget::D2 => GL_TEXTURE_2D,
                    crate::program::arbprog::ast::TexTarget::D3 => GL_TEXTURE_3D,
                    crate::program::arbprog::ast::TexTarget::Cube => GL_TEXTURE_CUBE_MAP,
                    crate::program::arbprog::ast::TexTarget::Rect => GL_TEXTURE_RECTANGLE,
                };
                let (Ok(ti), Some(bound)) = (target_index(target), self.textures.bound.get(unit))
                else {
                    continue;
                };
                let name = bound[ti];
                let tex = if name == 0 {
                    &self.textures.defaults[ti]
                } else {
                    match named.get(name) {
                        Some(t) => t,
                        None => continue,
                    }
                };
                let params = sampled_params(tex, sampler(unit));
                // An incomplete texture samples as (0, 0, 0, 1): left unbound.
                let Some((base, levels)) = tex.complete_with(&params) else {
                    continue;
                };
                let lod_bias = self.texunits.env.get(unit).map_or(0.0, |e| e.lod_bias);
                let src = (name, &named.live);
                let (desc, imgs) =
                    texture_desc(tex, src, &params, base, levels, unit as u32, lod_bias);
                textures.push(desc);
                images.push(imgs);
            }
            if !prog_vs {
                // The fixed-function vertex stage writes what the program reads.
                use crate::program::arbprog::ast::Input;
                if p.reads(Input::FogCoord) || p.options.fog.is_some() {
                    key.fog = Some((GL_LINEAR, self.fog.coord_src == GL_FOG_COORD));
                }
                if p.reads(Input::Color1) {
                    key.color_sum = true;
                }
            }
        }
        // The executables of the stages drawn (one for a current program),
        // with the stages each runs.
        let mut drawn: Vec<(&Arc<crate::program::Executable>, [bool; PROGRAM_STAGES])> = Vec::new();
        for (i, e) in [
            exec_vs.as_ref().filter(|_| glsl_vs),
            exec_tcs.as_ref(),
            exec_tes.as_ref(),
            exec_gs.as_ref(),
            exec_fs.as_ref().filter(|_| glsl_fs),
        ]
        .into_iter()
        .enumerate()
        {
            let Some(e) = e else { continue };
            match drawn.iter_mut().find(|(x, _)| Arc::ptr_eq(x, e)) {
                Some((_, stages)) => stages[i] = true,
                None => {
                    let mut stages = [false; PROGRAM_STAGES];
                    stages[i] = true;
                    drawn.push((e, stages));
                }
            }
        }
        for (exec, stages) in &drawn {
            self.program_textures(exec, stages, &named, &mut textures, &mut images);
        }
        // GL_TEXTURE_CUBE_MAP_SEAMLESS applies to every cube map sampled.
        let seamless = u32::from(self.state.enabled(GL_TEXTURE_CUBE_MAP_SEAMLESS));
        for d in &mut textures {
            d.seamless = seamless;
        }
        let pixel_image;
        if let Some(p) = &self.submit.pixel {
            // Pixel rectangles: fragments take the raster position's values,
            // no lighting, texgen or clipping applies (they were applied to
            // the raster position).
            key.pixel_op = p.op;
            key.lighting = false;
            key.lights = 0;
            key.positional = 0;
            key.spot = 0;
            key.two_side = false;
            key.color_material = Default::default();
            key.normalize = false;
            key.clip_planes = 0;
            key.flat = false;
            key.point_attenuated = false;
            key.point_size_array = false;
            for unit in &mut key.units {
                unit.texgen = [0; 4];
            }
            pixel_image = [OxglTexImage {
                texels: p.texels.as_ptr(),
                width: p.size[0],
                height: p.size[1],
                depth: 1,
                drawable: std::ptr::null_mut(),
                buffer: OxglBuffer::FrontColor,
                rgba8: std::ptr::null(),
            }];
            textures.push(OxglTextureDesc {
                unit: ffgen::PIXEL_IMAGE_UNIT,
                target: GL_TEXTURE_RECTANGLE,
                serial: crate::texture::next_serial(),
                images: pixel_image.as_ptr(),
                num_levels: 1,
                num_faces: 1,
                swizzle: [0, 1, 2, 3],
                min_filter: GL_NEAREST,
                mag_filter: GL_NEAREST,
                wrap: [GL_CLAMP_TO_EDGE; 3],
                border_color: [0.0; 4],
                min_lod: -1000.0,
                max_lod: 1000.0,
                lod_bias: 0.0,
                max_anisotropy: 1.0,
                compare_func: 0,
                samples: 0,
                seamless: 0,
            });
        }
        // GL 2.0 §2.15.3: with a vertex shader, GL_VERTEX_PROGRAM_TWO_SIDE
        // selects the back colours for back faces; without one, two-sided
        // lighting does.
        let two_side = if prog_vs {
            self.state.enabled(GL_VERTEX_PROGRAM_TWO_SIDE) && self.submit.pixel.is_none()
        } else {
            key.two_side
        };
        if prog_vs && !prog_fs {
            key.two_side = two_side;
        }
        let arb_fs = if arb_fs_on {
            let variant = crate::program::arbprog::FsVariant {
                two_side,
                flat: self.ff.shade_model == GL_FLAT,
            };
            match self.arb_stage(1, variant) {
                Some(s) => Some(s),
                None => return,
            }
        } else {
            None
        };
        let ff = if prog_vs && prog_fs {
            None
        } else {
            match self.ff_program(key) {
                Some(p) => Some(p),
                None => return,
            }
        };
        let mut vs_block = std::mem::take(&mut self.submit.vs_block);
        let mut tcs_block = std::mem::take(&mut self.submit.tcs_block);
        let mut tes_block = std::mem::take(&mut self.submit.tes_block);
        let mut gs_block = std::mem::take(&mut self.submit.gs_block);
        let mut fs_block = std::mem::take(&mut self.submit.fs_block);
        let mut edge_flags = std::mem::take(&mut self.submit.edge_flags);
        let fs_variant = match &exec_fs {
            Some(e) if glsl_fs => self.fs_variant(
                e,
                crate::program::FsVariant {
                    two_side,
                    flat: self.ff.shade_model == GL_FLAT,
                },
            ),
            _ => None,
        };
        fn glsl_fs_of<'a>(
            e: &'a crate::program::Executable,
            variant: &'a Option<Arc<Shader>>,
        ) -> Option<&'a Shader> {
            variant.as_deref().or(e.fs.as_ref())
        }
        // GL_CLAMP_VERTEX_COLOR off: the last stage before rasterization
        // unclamped.
        // (The variant is of the program's last stage before
        // rasterization: the geometry stage's program, else the
        // tessellation evaluation stage's, else the vertex stage's when
        // that program has neither of its own.)
        let unclamped = match (exec_gs.as_ref().or(exec_tes.as_ref()), &exec_vs) {
            _ if !glsl_vs || self.vertex_clamping() => None,
            (Some(last), _) => self.unclamped(last),
            (None, Some(v)) if v.gs.is_none() && v.tes.is_none() => self.unclamped(v),
            _ => None,
        };
        let gs = exec_gs.as_ref().and_then(|e| {
            let gs = e.gs.as_ref()?;
            Some(unclamped.as_deref().unwrap_or(gs))
        });
        let tes = exec_tes.as_ref().and_then(|e| {
            let tes = e.tes.as_ref()?;
            Some(match gs {
                Some(_) => tes,
                None => unclamped.as_deref().unwrap_or(tes),
            })
        });
        let tcs = exec_tcs.as_ref().and_then(|e| e.tcs.as_ref());
        let vs = match (&exec_vs, &arb_vs, &ff) {
            (Some(e), _, _) if glsl_vs && (gs.is_some() || tes.is_some()) => e.vs.as_ref(),
            (Some(e), _, _) if glsl_vs => unclamped.as_deref().or(e.vs.as_ref()),
            (_, Some(a), _) => Some(&*a.shader),
            (_, _, Some(f)) => Some(&f.vs),
            _ => None,
        };
        let fs = match (&exec_fs, &arb_fs, &ff) {
            (Some(e), _, _) if glsl_fs => glsl_fs_of(e, &fs_variant),
            (_, Some(a), _) => Some(&*a.shader),
            (_, _, Some(f)) => Some(&f.fs),
            _ => None,
        };
        let (Some(vs), Some(fs)) = (vs, fs) else {
            return;
        };
        match (&exec_vs, &arb_vs, &ff) {
            (Some(e), _, _) if glsl_vs => {
                self.program_block(e, ProgramStage::Vertex, &mut vs_block)
            }
            (_, Some(a), _) => self.arb_block(0, a, &mut vs_block),
            (_, _, Some(f)) => ffgen::pack(self, &f.vs_uniforms, &mut vs_block),
            _ => {}
        }
        match (&exec_fs, &arb_fs, &ff) {
            (Some(e), _, _) if glsl_fs => {
                self.program_block(e, ProgramStage::Fragment, &mut fs_block)
            }
            (_, Some(a), _) => self.arb_block(1, a, &mut fs_block),
            (_, _, Some(f)) => ffgen::pack(self, &f.fs_uniforms, &mut fs_block),
            _ => {}
        }
        for (exec, stage, block) in [
            (&exec_tcs, ProgramStage::TessControl, &mut tcs_block),
            (&exec_tes, ProgramStage::TessEvaluation, &mut tes_block),
            (&exec_gs, ProgramStage::Geometry, &mut gs_block),
        ] {
            block.clear();
            if let Some(e) = exec {
                self.program_block(e, stage, block);
            }
        }

        // Where each vertex slot's data goes: its own location, except for
        // the generic attributes of dual-slot inputs (dvec3, dvec4:
        // ARB_vertex_attrib_64bit), whose low and high words have IR
        // locations of their own (`Executable::dual_inputs`).
        let duals = exec_vs
            .as_ref()
            .filter(|e| glsl_vs && !e.dual_inputs.is_empty());
        let locations = |slot: u8| match duals {
            Some(e) => e.input_locations(slot),
            None => (u32::from(slot), u32::from(slot) + 1),
        };
        let attribs: Vec<OxglVertexAttrib> = batch
            .layout
            .iter()
            .map(|l| OxglVertexAttrib {
                // The high words of a split double array (`fetch`).
                location: if l.attrib.0 & HIGH_WORDS != 0 {
                    locations(l.attrib.0 & !HIGH_WORDS).1
                } else {
                    locations(l.attrib.0).0
                },
                offset: u32::from(l.offset),
                size: u32::from(l.size),
            })
            .collect();
        // Their current values, at those locations.
        let mut constants_dual = Vec::new();
        if let Some(e) = duals {
            constants_dual.extend_from_slice(&batch.constant);
            for d in &e.dual_inputs {
                let end = d.location as usize + 2;
                if constants_dual.len() < end {
                    constants_dual.resize(end, [0.0, 0.0, 0.0, 1.0]);
                }
                let current = &self.ff.current;
                constants_dual[end - 2] = current.values[usize::from(d.slot)];
                constants_dual[end - 1] = current.long_high[d.index as usize];
            }
        }
        let constants: &[[f32; 4]] = if duals.is_some() {
            &constants_dual
        } else {
            &batch.constant
        };
        edge_flags.clear();
        if let Some(l) = batch.layout.iter().find(|l| l.attrib == Attrib::EDGEFLAG) {
            let off = usize::from(l.offset);
            edge_flags.extend(
                batch
                    .vertices
                    .chunks_exact(batch.stride)
                    .map(|v| u8::from(v[off] != 0.0)),
            );
        } else if batch.constant[Attrib::EDGEFLAG.index()][0] == 0.0 {
            // A constant FALSE edge flag hides every edge.
            edge_flags.resize(vertex_count, 0);
        }
        let prims: Vec<OxglPrim> = batch
            .prims
            .iter()
            .map(|p| OxglPrim {
                mode: p.mode,
                start: p.start,
                count: p.count,
            })
            .collect();
        let broadcast = match (&exec_fs, &arb_fs) {
            (Some(e), _) if glsl_fs => e.fs_broadcast,
            // ARB_draw_buffers: with the option, result.color[n] goes to
            // draw buffer n.
            (_, Some(a)) => !a.program.options.draw_buffers,
            _ => true,
        };
        let (color_outputs, _, extra_color_masks) = self.color_routing(broadcast);
        // EXT_transform_feedback: what the draw captures and counts (pixel
        // rectangles neither); the buffers written stay locked until the
        // draw is done.
        let mut xfb_lock = None;
        let mut capture = None;
        if !pixel_draw && (self.xfb.capturing() || self.queries.primitive_queries_active()) {
            let mut b = shared.buffers();
            capture = self.xfb_capture(&mut b);
            xfb_lock = Some(b);
        }
        let capture_desc = capture.as_mut().map(|c| c.desc());
        // ABI 13: the arrays the backend reads, buffer objects' ranges
        // resolved under the buffers' lock, held until the draw returns.
        let mut inputs = Vec::new();
        if let Some(a) = arrays {
            let needs_lock = a
                .inputs
                .iter()
                .any(|i| matches!(i.bytes, DirectBytes::Buffer { .. }));
            if needs_lock && xfb_lock.is_none() {
                xfb_lock = Some(shared.buffers());
            }
            for i in &a.inputs {
                let bytes: &[u8] = match i.bytes {
                    DirectBytes::Client(b) => b,
                    DirectBytes::Buffer { name, start, len } => xfb_lock
                        .as_ref()
                        .and_then(|b| b.get(name))
                        .and_then(|b| b.data.get(start..start.checked_add(len)?))
                        .unwrap_or(&[]),
                };
                // A three- or four-component array of doubles passed on
                // as such fills two locations (ABI 22, OXGL_VERTEX_LONG).
                let (low, high) = locations(i.attrib.0);
                for (part, skip, format) in super::arrays::format_parts(i.format) {
                    let bytes = bytes.get(skip..).unwrap_or(&[]);
                    inputs.push(OxglVertexInput {
                        location: if part == 1 { high } else { low },
                        type_: format.type_,
                        size: format.size,
                        flags: format.flags,
                        stride: i.stride as u32,
                        data: bytes.as_ptr(),
                        len: bytes.len(),
                    });
                }
            }
        }
        // ARB_shader_atomic_counters: the ranges bound at the binding
        // points of the stages' counters, under the buffers' lock too.
        let mut counter_points = drawn
            .iter()
            .flat_map(|(e, _)| e.counter_buffers.iter().map(|b| b.binding))
            .peekable();
        let mut buffer_ranges = Vec::new();
        if counter_points.peek().is_some() && !pixel_draw {
            let lock = xfb_lock.get_or_insert_with(|| shared.buffers());
            buffer_ranges = self.counter_ranges(counter_points, lock);
        }
        // ARB_shader_storage_buffer_object: the ranges bound for the
        // stages' storage blocks, in the slots after the counters'.
        if drawn.iter().any(|(e, _)| !e.storage_blocks.is_empty()) && !pixel_draw {
            let lock = xfb_lock.get_or_insert_with(|| shared.buffers());
            self.storage_ranges(drawn.iter().map(|(e, _)| &***e), lock, &mut buffer_ranges);
        }
        let desc = OxglDrawDesc {
            vertices: if arrays.is_some() {
                std::ptr::null()
            } else {
                batch.vertices.as_ptr()
            },
            vertex_count: vertex_count as u32,
            stride: batch.stride as u32,
            attribs: attribs.as_ptr(),
            num_attribs: attribs.len() as u32,
            constants: constants.as_ptr(),
            num_constants: constants.len() as u32,
            edge_flags: if edge_flags.is_empty() {
                std::ptr::null()
            } else {
                edge_flags.as_ptr()
            },
            vertex_ids: if arrays.is_none() && batch.vertex_ids.len() == vertex_count {
                batch.vertex_ids.as_ptr()
            } else {
                std::ptr::null()
            },
            prims: prims.as_ptr(),
            num_prims: prims.len() as u32,
            elements: if batch.elements.is_empty() {
                std::ptr::null()
            } else {
                batch.elements.as_ptr()
            },
            num_elements: batch.elements.len() as u32,
            instance_count: 1,
            instance_id: batch.instance_id,
            vs: vs.raw(),
            fs: fs.raw(),
            vs_uniforms: vs_block.as_ptr(),
            vs_uniforms_size: vs_block.len(),
            fs_uniforms: fs_block.as_ptr(),
            fs_uniforms_size: fs_block.len(),
            textures: textures.as_ptr(),
            num_textures: textures.len() as u32,
            draw_buffers: self.draw_buffer_bits(),
            color_outputs,
            extra_color_masks,
            raster: {
                let mut r = self.pixel_raster_desc();
                // ES 2.0 §3.3: the point size is always the vertex
                // shader's gl_PointSize, and points are always sprites.
                let es = self.params().is_es2();
                if prog_vs {
                    r.program_point_size =
                        u32::from(es || self.state.enabled(GL_VERTEX_PROGRAM_POINT_SIZE));
                }
                if es {
                    r.point_sprite = 1;
                }
                r
            },
            depth_stencil: self.depth_stencil_desc(fb_bits),
            blend: self.blend_desc(),
            capture: capture_desc
                .as_ref()
                .map_or(std::ptr::null(), std::ptr::from_ref),
            rasterizer_discard: u32::from(self.state.enabled(GL_RASTERIZER_DISCARD)),
            inputs: if inputs.is_empty() {
                std::ptr::null()
            } else {
                inputs.as_ptr()
            },
            num_inputs: inputs.len() as u32,
            first_vertex: arrays.map_or(0, |a| a.first),
            gs: gs.map_or(std::ptr::null_mut(), Shader::raw),
            gs_uniforms: gs_block.as_ptr(),
            gs_uniforms_size: gs_block.len(),
            tcs: tcs.map_or(std::ptr::null_mut(), Shader::raw),
            tcs_uniforms: tcs_block.as_ptr(),
            tcs_uniforms_size: tcs_block.len(),
            tes: tes.map_or(std::ptr::null_mut(), Shader::raw),
            tes_uniforms: tes_block.as_ptr(),
            tes_uniforms_size: tes_block.len(),
            patch_vertices: self.programs.patch.vertices,
            patch_default_levels: self.programs.patch.default_levels(),
            buffers: if buffer_ranges.is_empty() {
                std::ptr::null()
            } else {
                buffer_ranges.as_ptr()
            },
            num_buffers: buffer_ranges.len() as u32,
            images: if image_descs.is_empty() {
                std::ptr::null()
            } else {
                image_descs.as_ptr()
            },
            num_images: image_descs.len() as u32,
            compute: 0,
            compute_groups: [0; 3],
        };
        let _ = self.backend_draw(&desc);
        if let (Some(c), Some(b)) = (&capture, &mut xfb_lock) {
            self.xfb_done(c, b);
        }
        drop(xfb_lock);
        // What the draw's images wrote is the textures' (buffers') new
        // contents.
        if !draw_images.is_empty() {
            crate::texture::image_unit::touch_written(
                &draw_images,
                &mut named,
                &mut shared.buffers(),
            );
        }
        drop(images);
        drop(named);
        self.track_color_material();
        self.submit.vs_block = vs_block;
        self.submit.tcs_block = tcs_block;
        self.submit.tes_block = tes_block;
        self.submit.gs_block = gs_block;
        self.submit.fs_block = fs_block;
        self.submit.edge_flags = edge_flags;
    }

    /// The textures `exec`'s `stages` sample, appended to `textures` and
    /// their images to `images`: each sampler's unit's texture of its
    /// target, with the unit's sampler object; incomplete textures are
    /// left unbound (they sample as (0, 0, 0, 1)).
    pub(crate) fn program_textures(
        &mut self,
        exec: &crate::program::Executable,
        stages: &[bool; PROGRAM_STAGES],
        named: &crate::texture::Textures,
        textures: &mut Vec<OxglTextureDesc>,
        images: &mut Vec<Vec<OxglTexImage>>,
    ) {
        let shared = self.shared().clone();
        let compat = self.params().profile == crate::context::Profile::Compat;
        let sampler = |unit: usize| {
            self.textures
                .samplers
                .get(unit)
                .and_then(|&s| named.sampler(s))
        };
        let vals = exec.values();
        for decl in &exec.textures {
            // A separable program's stages sample from ranges of their
            // own: only the drawn stages' textures are bound.
            if exec.separable {
                let stage = oxgl_glsl::link::SEPARABLE_SAMPLER_BASES
                    .iter()
                    .enumerate()
                    .filter(|&(_, &base)| decl.binding >= base)
                    .max_by_key(|&(_, &base)| base)
                    .map_or(ProgramStage::Fragment as usize, |(i, _)| i);
                if !stages[stage] {
                    continue;
                }
            }
            let unit = vals.units.get(&decl.binding).copied().unwrap_or(0) as usize;
            let target = crate::program::dim_target(decl.dim, decl.arrayed, decl.multisample);
            let (Ok(ti), Some(bound)) = (target_index(target), self.textures.bound.get(unit))
            else {
                continue;
            };
            let name = bound[ti];
            let tex = if name == 0 {
                &self.textures.defaults[ti]
            } else {
                match named.get(name) {
                    Some(t) => t,
                    None => continue,
                }
            };
            // A buffer texture: texels from its buffer's current
            // contents (none: left unbound, every fetch is out of
            // range).
            if target == GL_TEXTURE_BUFFER {
                let buffers = shared.buffers();
                let cache = &mut self.submit.tbo_cache;
                let Some(conv) =
                    crate::texture::buffer::convert(cache, name, tex, &buffers, compat)
                else {
                    continue;
                };
                let (desc, imgs) = buffer_texture_desc(conv, decl.binding);
                textures.push(desc);
                images.push(imgs);
                continue;
            }
            let params = sampled_params(tex, sampler(unit));
            // An incomplete texture samples as (0, 0, 0, 1): left unbound.
            let Some((base, levels)) = tex.complete_with(&params) else {
                continue;
            };
            let lod_bias = self.texunits.env.get(unit).map_or(0.0, |e| e.lod_bias);
            let src = (name, &named.live);
            let (desc, imgs) =
                texture_desc(tex, src, &params, base, levels, decl.binding, lod_bias);
            textures.push(desc);
            images.push(imgs);
        }
    }

    /// The rasterization state of the draw: a pixel rectangle covers its
    /// window rectangle exactly (its own viewport and depth range) and is
    /// neither culled, offset, stippled nor clipped by user planes.
    fn pixel_raster_desc(&self) -> OxglRasterDesc {
        let mut r = self.raster_desc();
        if let Some(p) = &self.submit.pixel {
            // Pixel rectangles give every sample of a pixel the same value.
            r.multisample = 0;
            r.viewport = p.viewport;
            r.depth_range = p.depth_range;
            r.cull_face = 0;
            r.polygon_mode = [GL_FILL, GL_FILL];
            r.polygon_offset_enables = 0;
            r.polygon_stipple_enabled = 0;
            r.clip_distance_enables = 0;
            r.program_point_size = 0;
        }
        r
    }

    pub(crate) fn raster_desc(&self) -> OxglRasterDesc {
        let s = &self.state;
        let r = &self.raster;
        let on = |cap| u32::from(s.enabled(cap));
        let [sx, sy, sw, sh] = s.scissors[0];
        let (extra_viewports, extra_depth_ranges, extra_scissors, extra_scissor_enables) =
            self.extra_viewports();
        let (factor, pattern) = r.line_stipple;
        OxglRasterDesc {
            viewport: s.viewports[0],
            depth_range: s.depth_ranges[0],
            scissor_enabled: on(GL_SCISSOR_TEST),
            scissor: OxglRect {
                x: sx,
                y: sy,
                width: sw,
                height: sh,
            },
            cull_face: if s.enabled(GL_CULL_FACE) {
                r.cull_face
            } else {
                0
            },
            front_face: r.front_face,
            polygon_mode: r.polygon_mode,
            polygon_offset: r.polygon_offset,
            polygon_offset_enables: on(GL_POLYGON_OFFSET_FILL)
                | on(GL_POLYGON_OFFSET_LINE) << 1
                | on(GL_POLYGON_OFFSET_POINT) << 2,
            point_size: self.fixed_point_size(),
            point_smooth: on(GL_POINT_SMOOTH),
            point_sprite: on(GL_POINT_SPRITE),
            point_sprite_origin: r.point.sprite_origin,
            sprite_coord_enable: self.sprite_coord_enable(),
            line_width: r.line_width,
            line_smooth: on(GL_LINE_SMOOTH),
            line_stipple_enabled: on(GL_LINE_STIPPLE),
            line_stipple_factor: factor.clamp(1, 256) as u32,
            line_stipple_pattern: u32::from(pattern),
            polygon_stipple_enabled: on(GL_POLYGON_STIPPLE),
            polygon_stipple: r.polygon_stipple,
            provoking_vertex: self.ff.provoking_vertex,
            clip_distance_enables: (0..crate::compat::fog::MAX_CLIP_PLANES)
                .filter(|&i| s.enabled(GL_CLIP_PLANE0 + i as u32))
                .fold(0, |m, i| m | 1 << i),
            depth_clamp: u32::from(self.state.enabled(GL_DEPTH_CLAMP)),
            // Attenuated points: the fixed-function vertex stage writes
            // the size (`FfKey::point_attenuated`).
            program_point_size: u32::from(r.point.attenuated() || self.point_size_array_on()),
            multisample: u32::from(s.enabled(GL_MULTISAMPLE)),
            sample_coverage: [
                GL_SAMPLE_ALPHA_TO_COVERAGE,
                GL_SAMPLE_ALPHA_TO_ONE,
                GL_SAMPLE_COVERAGE,
            ]
            .iter()
            .enumerate()
            .filter(|&(_, &cap)| s.enabled(cap))
            .fold(u32::from(s.sample_coverage.1) << 3, |m, (i, _)| m | 1 << i),
            sample_coverage_value: s.sample_coverage.0,
            sample_mask: self.draw_sample_mask(),
            min_sample_shading: if s.enabled(GL_SAMPLE_SHADING) {
                s.min_sample_shading
            } else {
                0.0
            },
            clip_planes: std::array::from_fn(|i| {
                self.clip_planes
                    .get(i)
                    .map_or([0.0; 4], |p| p.map(|x| x as f32))
            }),
            extra_viewports,
            extra_depth_ranges,
            extra_scissors,
            extra_scissor_enables,
        }
    }

    /// `bits`: [`Context::fb_bits`], read before the draw locks the
    /// textures (framebuffer objects' bits come from texture images).
    pub(crate) fn depth_stencil_desc(&self, bits: [u8; 6]) -> OxglDepthStencilDesc {
        let s = &self.state;
        let r = &self.raster;
        let has_depth = bits[4] > 0;
        let has_stencil = bits[5] > 0;
        let max = (1u32 << bits[5].min(8)) - 1;
        let face = |i: usize| {
            let f = &r.stencil[i];
            OxglStencilFace {
                func: f.func,
                reference: f.reference.clamp(0, max as i32) as u32,
                value_mask: f.value_mask & max,
                write_mask: s.stencil_writemask[i] & max,
                fail: f.ops[0],
                zfail: f.ops[1],
                zpass: f.ops[2],
            }
        };
        // glDrawPixels of depth with the depth test off writes the depth
        // anyway, as Mesa (and the programs written against it) do; with
        // the test on, it is the test the program set (GL 4.6 compat §18.1).
        let pixel_depth = self
            .submit
            .pixel
            .as_ref()
            .is_some_and(|p| p.op == crate::compat::ffgen::PixelOp::Depth)
            && !s.enabled(GL_DEPTH_TEST);
        OxglDepthStencilDesc {
            depth_test: u32::from(has_depth && (s.enabled(GL_DEPTH_TEST) || pixel_depth)),
            depth_func: if pixel_depth { GL_ALWAYS } else { r.depth_func },
            depth_write: u32::from(s.depth_mask || pixel_depth),
            stencil_test: u32::from(has_stencil && s.enabled(GL_STENCIL_TEST)),
            stencil: [face(0), face(1)],
        }
    }

    pub(crate) fn blend_desc(&self) -> OxglBlendDesc {
        let s = &self.state;
        let r = &self.raster;
        let first = self.first_buffer_index();
        let (extra_equation, extra_factors) = self.extra_blend_funcs();
        OxglBlendDesc {
            enabled: u32::from(self.draw_buffer_blend(first)),
            equation: r.blend_equation[first],
            factors: r.blend_factors[first],
            constant: r.blend_color,
            logic_op_enabled: u32::from(s.enabled(GL_COLOR_LOGIC_OP)),
            logic_op: r.logic_op,
            color_mask: self.fb_color_mask(),
            extra_enabled: self.extra_blend_bits(),
            // FIXED_ONLY clamps only where no float buffer is drawn, which
            // the fixed-point buffers do as they store.
            clamp_color: u32::from(s.clamp_color[1] == GL_TRUE),
            srgb_buffers: self.srgb_buffer_bits(),
            extra_equation,
            extra_factors,
        }
    }
}

/// The parameters `tex` is sampled with: its own, or with the sampler
/// state of the sampler object bound to its unit.
pub(crate) fn sampled_params<'t>(
    tex: &'t Texture,
    sampler: Option<&TexParams>,
) -> Cow<'t, TexParams> {
    match sampler {
        Some(s) => Cow::Owned(tex.params.with_sampler(s)),
        None => Cow::Borrowed(&tex.params),
    }
}

/// A fixed-function unit a draw samples: unit, texture name (0: the
/// default texture), the texture, its sampler state, base level, levels.
type SampledUnit<'a> = (usize, u32, &'a Texture, Cow<'a, TexParams>, usize, usize);

/// The backend's description of `tex` (levels `base..base + levels`) at
/// texture binding `unit`, and the images it points to. `src`: the
/// texture's name (0 for a default texture) and the share group's live
/// images, which the backend reads from the drawables holding them.
fn texture_desc(
    tex: &Texture,
    (name, live): (u32, &HashMap<(u32, usize, usize), LiveImage>),
    p: &TexParams,
    base: usize,
    levels: usize,
    unit: u32,
    unit_lod_bias: f32,
) -> (OxglTextureDesc, Vec<OxglTexImage>) {
    let faces = if tex.target == GL_TEXTURE_CUBE_MAP {
        6
    } else {
        1
    };
    let mut imgs = Vec::with_capacity(levels * faces);
    for l in base..base + levels {
        for f in 0..faces {
            let Some(i) = tex.images.get(&(f, l)) else {
                continue;
            };
            // (Nearly always no live image: no lookup then.)
            let held = if name == 0 || live.is_empty() {
                None
            } else {
                live.get(&(name, f, l))
            };
            let (texels, rgba8) = match &i.texels {
                _ if held.is_some() => (std::ptr::null(), std::ptr::null()),
                Texels::F32(t) => (t.as_ptr(), std::ptr::null()),
                Texels::Unorm8(t) => (std::ptr::null(), t.as_ptr()),
            };
            imgs.push(OxglTexImage {
                texels,
                rgba8,
                width: i.size[0] as u32,
                height: i.size[1] as u32,
                depth: i.size[2] as u32,
                drawable: held.map_or(std::ptr::null_mut(), |h| h.drawable.raw()),
                buffer: held.map_or(OxglBuffer::FrontColor, |h| h.buffer),
            });
        }
    }
    let base_img = &tex.images[&(0, base)];
    // A depth/stencil texture sampled for its stencil indices
    // (ARB_stencil_texturing): swizzle 7 turns the normalized stencil
    // each texel keeps into the unsigned integer, spread as the depth
    // mode spreads a depth (as Mesa). The drawables holding live images
    // give their stencil buffers.
    let stencil = p.samples_stencil(base_img.base, base_img.bits);
    if stencil {
        for img in &mut imgs {
            if !img.drawable.is_null() && img.buffer == OxglBuffer::Depth {
                img.buffer = OxglBuffer::Stencil;
            }
        }
    }
    // A comparing texture's swizzle applies to the comparison's result
    // (c, 0, 0, 1): the depth mode spreads it (docs/backend-abi.md).
    let (swizzle, _) = sample_swizzle(tex, base_img.base);
    let swizzle = if stencil {
        swizzle.map(|c| match c {
            0 => 7,
            5 => 6,
            c => c,
        })
    } else {
        swizzle
    };
    let mut swizzle = p.apply_swizzle(swizzle);
    // Stencil textures are sampled as unsigned integers (ARB_texture_stencil8).
    let integer = crate::texture::integer_kind(base_img.internal_format).is_some()
        || base_img.base == GL_STENCIL_INDEX
        || stencil;
    if integer {
        swizzle = swizzle.map(|c| if c == 5 { 6 } else { c });
    }
    let border_color = if stencil {
        // The border's integer red, where swizzle 7 finds a stencil index.
        let s = p.border_color[0].to_bits().min(255) as f32 / 255.0;
        [0.0, s, 0.0, 1.0]
    } else if integer {
        // The border's integer bits (glTexParameterI*), in the base
        // format's channels with an integer one.
        crate::texture::base_channels(p.border_color, base_img.base, f32::from_bits(1))
    } else {
        to_base(p.border_color, base_img.base, [0; 4])
    };
    let desc = OxglTextureDesc {
        unit,
        target: tex.target,
        serial: tex.serial,
        images: imgs.as_ptr(),
        num_levels: (imgs.len() / faces) as u32,
        num_faces: faces as u32,
        swizzle,
        min_filter: p.min_filter,
        mag_filter: p.mag_filter,
        wrap: p.wrap,
        border_color,
        min_lod: p.lod[0],
        max_lod: p.lod[1],
        lod_bias: p.lod_bias + unit_lod_bias,
        max_anisotropy: p.max_anisotropy,
        compare_func: if p.compares(base_img.base) && !stencil {
            p.compare_func
        } else {
            0
        },
        samples: tex.samples,
        seamless: 0,
    };
    (desc, imgs)
}

impl Context {
    /// Drops the converted texels of deleted buffer textures.
    pub(crate) fn forget_buffer_texels(&mut self, names: &[u32]) {
        for n in names {
            self.submit.tbo_cache.remove(n);
        }
    }
}

/// The backend's description of a buffer texture's converted texels
/// (one level, `texels.len()` wide, never filtered), and its image.
fn buffer_texture_desc(
    conv: &crate::texture::buffer::Converted,
    unit: u32,
) -> (OxglTextureDesc, Vec<OxglTexImage>) {
    let imgs = vec![OxglTexImage {
        texels: conv.texels.as_ptr(),
        width: conv.texels.len() as u32,
        height: 1,
        depth: 1,
        drawable: std::ptr::null_mut(),
        buffer: OxglBuffer::FrontColor,
        rgba8: std::ptr::null(),
    }];
    let (mut swizzle, _) = base_swizzle(conv.base);
    if conv.integer {
        swizzle = swizzle.map(|c| if c == 5 { 6 } else { c });
    }
    let desc = OxglTextureDesc {
        unit,
        target: GL_TEXTURE_BUFFER,
        serial: conv.serial,
        images: imgs.as_ptr(),
        num_levels: 1,
        num_faces: 1,
        swizzle,
        min_filter: GL_NEAREST,
        mag_filter: GL_NEAREST,
        wrap: [GL_CLAMP_TO_EDGE; 3],
        border_color: [0.0; 4],
        min_lod: 0.0,
        max_lod: 0.0,
        lod_bias: 0.0,
        max_anisotropy: 1.0,
        compare_func: 0,
        samples: 0,
        seamless: 0,
    };
    (desc, imgs)
}

/// The swizzle and format bits (see [`base_swizzle`]) of `tex` sampled with
/// an image of `base`: depth textures follow `GL_DEPTH_TEXTURE_MODE`.
pub(crate) fn sample_swizzle(tex: &Texture, base: GLenum) -> ([u8; 4], u8) {
    // A stencil index as a depth value (Mesa: luminance by default).
    if matches!(base, GL_DEPTH_COMPONENT | GL_STENCIL_INDEX) {
        depth_swizzle(tex.params.depth_mode)
    } else {
        base_swizzle(base)
    }
}
