//! Program interface queries (ARB_program_interface_query, GL 4.3; GL 4.6
//! §7.3.1): every active resource of a linked program, by interface, with
//! its name and properties, as `glGetProgramInterfaceiv`,
//! `glGetProgramResourceIndex`, `glGetProgramResourceName`,
//! `glGetProgramResourceiv` and `glGetProgramResourceLocation` see them.
//!
//! The lists are made from the executable's tables when a query asks (a
//! program's resources are few, and queries are rare): the indices agree
//! with the older commands' (`glGetActiveUniform`, `glGetUniformBlockIndex`,
//! `glGetSubroutineIndex`, ...). Names follow §7.3.1.1: an array of basic
//! types is one resource `a[0]`; a member of a block with an instance name
//! is `Block.member`, of one without `member`.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_glsl::lower::{IoVar, UniformKind};

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::program::uniform::UniformType;
use crate::program::{Executable, PROGRAM_STAGES, ProgramStage};

/// `GL_INVALID_INDEX`.
pub const INVALID_INDEX: u32 = u32::MAX;

/// The `GL_REFERENCED_BY_*_SHADER` properties, by [`ProgramStage`], then
/// the compute stage's.
const REFERENCED_BY: [GLenum; PROGRAM_STAGES + 1] = [
    GL_REFERENCED_BY_VERTEX_SHADER,
    GL_REFERENCED_BY_TESS_CONTROL_SHADER,
    GL_REFERENCED_BY_TESS_EVALUATION_SHADER,
    GL_REFERENCED_BY_GEOMETRY_SHADER,
    GL_REFERENCED_BY_FRAGMENT_SHADER,
    GL_REFERENCED_BY_COMPUTE_SHADER,
];

/// Every property a resource may have: one outside these is INVALID_ENUM,
/// one of these that the interface lacks INVALID_OPERATION.
const PROPERTIES: &[GLenum] = &[
    GL_NAME_LENGTH,
    GL_TYPE,
    GL_ARRAY_SIZE,
    GL_OFFSET,
    GL_BLOCK_INDEX,
    GL_ARRAY_STRIDE,
    GL_MATRIX_STRIDE,
    GL_IS_ROW_MAJOR,
    GL_ATOMIC_COUNTER_BUFFER_INDEX,
    GL_BUFFER_BINDING,
    GL_BUFFER_DATA_SIZE,
    GL_NUM_ACTIVE_VARIABLES,
    GL_ACTIVE_VARIABLES,
    GL_REFERENCED_BY_VERTEX_SHADER,
    GL_REFERENCED_BY_TESS_CONTROL_SHADER,
    GL_REFERENCED_BY_TESS_EVALUATION_SHADER,
    GL_REFERENCED_BY_GEOMETRY_SHADER,
    GL_REFERENCED_BY_FRAGMENT_SHADER,
    GL_REFERENCED_BY_COMPUTE_SHADER,
    GL_TOP_LEVEL_ARRAY_SIZE,
    GL_TOP_LEVEL_ARRAY_STRIDE,
    GL_LOCATION,
    GL_LOCATION_INDEX,
    GL_IS_PER_PATCH,
    GL_LOCATION_COMPONENT,
    GL_NUM_COMPATIBLE_SUBROUTINES,
    GL_COMPATIBLE_SUBROUTINES,
];

/// The subroutine interfaces and the subroutine uniform interfaces, by
/// [`ProgramStage`], then the compute stage's.
const SUBROUTINES: [GLenum; PROGRAM_STAGES + 1] = [
    GL_VERTEX_SUBROUTINE,
    GL_TESS_CONTROL_SUBROUTINE,
    GL_TESS_EVALUATION_SUBROUTINE,
    GL_GEOMETRY_SUBROUTINE,
    GL_FRAGMENT_SUBROUTINE,
    GL_COMPUTE_SUBROUTINE,
];
const SUBROUTINE_UNIFORMS: [GLenum; PROGRAM_STAGES + 1] = [
    GL_VERTEX_SUBROUTINE_UNIFORM,
    GL_TESS_CONTROL_SUBROUTINE_UNIFORM,
    GL_TESS_EVALUATION_SUBROUTINE_UNIFORM,
    GL_GEOMETRY_SUBROUTINE_UNIFORM,
    GL_FRAGMENT_SUBROUTINE_UNIFORM,
    GL_COMPUTE_SUBROUTINE_UNIFORM,
];

/// Whether `interface` is a program interface this context knows.
fn known_interface(interface: GLenum) -> bool {
    matches!(
        interface,
        GL_UNIFORM
            | GL_UNIFORM_BLOCK
            | GL_ATOMIC_COUNTER_BUFFER
            | GL_PROGRAM_INPUT
            | GL_PROGRAM_OUTPUT
            | GL_TRANSFORM_FEEDBACK_VARYING
            | GL_BUFFER_VARIABLE
            | GL_SHADER_STORAGE_BLOCK
    ) || SUBROUTINES.contains(&interface)
        || SUBROUTINE_UNIFORMS.contains(&interface)
}

/// One active resource: its name and its properties' values.
#[derive(Clone, Debug, Default)]
pub(crate) struct Resource {
    pub name: String,
    pub props: Vec<(GLenum, Vec<i32>)>,
}

impl Resource {
    fn new(name: String) -> Self {
        let n = name.len() as i32 + 1;
        Resource {
            name,
            props: vec![(GL_NAME_LENGTH, vec![n])],
        }
    }

    fn with(mut self, prop: GLenum, v: i32) -> Self {
        self.props.push((prop, vec![v]));
        self
    }

    fn with_all(mut self, prop: GLenum, v: Vec<i32>) -> Self {
        self.props.push((prop, v));
        self
    }

    /// The `GL_REFERENCED_BY_*` properties of stage bits `stages`.
    fn referenced(mut self, stages: u8) -> Self {
        for (s, p) in REFERENCED_BY.iter().enumerate() {
            self.props
                .push((*p, vec![i32::from(stages & (1 << s) != 0)]));
        }
        self
    }
}

/// The API name, type and array size of an interface variable: an array
/// of basic types is named `a[0]`, with its element type and length.
/// The resources an input or output makes: one, or for an array of
/// arrays one per innermost array (`a[1][0]`, GL 4.6 §7.3.1.1) — each
/// with its element offset in the variable.
fn io_resources(io: &IoVar) -> Vec<(String, GLenum, i32, u32)> {
    let dims = crate::program::type_dims(&io.ty);
    let elem = io.ty.split_once('[').map_or(io.ty.as_str(), |(e, _)| e);
    if dims.len() < 2 {
        let (name, ty, size) = io_resource(io);
        return vec![(name, ty, size, 0)];
    }
    let name = resource_name(io);
    let gl = UniformType::parse(elem).map_or(GL_NONE, |t| t.gl);
    let inner = *dims.last().unwrap_or(&1);
    let outer: u32 = dims[..dims.len() - 1].iter().product();
    (0..outer)
        .map(|k| {
            let mut subs = String::new();
            let mut rest = k;
            for &d in dims[..dims.len() - 1].iter().rev() {
                subs.insert_str(0, &format!("[{}]", rest % d.max(1)));
                rest /= d.max(1);
            }
            (format!("{name}{subs}[0]"), gl, inner as i32, k * inner)
        })
        .collect()
}

/// An input's or output's resource name: a member of a block without an
/// instance name by its own name.
fn resource_name(io: &IoVar) -> &str {
    match io.name.split_once('.') {
        Some((_, member)) if io.anonymous => member,
        _ => io.name.as_str(),
    }
}

fn io_resource(io: &IoVar) -> (String, GLenum, i32) {
    let name = resource_name(io).to_owned();
    match io.ty.strip_suffix(']').and_then(|t| t.rsplit_once('[')) {
        Some((elem, n)) => (
            format!("{name}[0]"),
            UniformType::parse(elem).map_or(GL_NONE, |t| t.gl),
            n.parse().unwrap_or(0),
        ),
        None => (
            name,
            UniformType::parse(&io.ty).map_or(GL_NONE, |t| t.gl),
            1,
        ),
    }
}

impl Executable {
    /// The stage bits of the stages this program has.
    fn stage_mask(&self) -> u8 {
        let mut m = 0;
        for (s, sh) in [&self.vs, &self.tcs, &self.tes, &self.gs, &self.fs]
            .into_iter()
            .enumerate()
        {
            if sh.is_some() {
                m |= 1 << s;
            }
        }
        m
    }

    /// The active resources of `interface`, in index order.
    pub(crate) fn resources(&self, interface: GLenum) -> Vec<Resource> {
        let mut list = self.stage_resources(interface);
        // A compute program's stage sits in the vertex stage's tables.
        if self.compute.is_some() {
            for r in &mut list {
                let vertex = r
                    .props
                    .iter()
                    .find(|(p, _)| *p == GL_REFERENCED_BY_VERTEX_SHADER)
                    .map(|(_, v)| v.clone());
                for (p, v) in &mut r.props {
                    match *p {
                        GL_REFERENCED_BY_VERTEX_SHADER => *v = vec![0],
                        GL_REFERENCED_BY_COMPUTE_SHADER => {
                            if let Some(x) = &vertex {
                                v.clone_from(x);
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        list
    }

    fn stage_resources(&self, interface: GLenum) -> Vec<Resource> {
        match interface {
            GL_UNIFORM => self.uniform_resources(),
            GL_UNIFORM_BLOCK => {
                let bindings = self.values().block_bindings.clone();
                self.blocks
                    .iter()
                    .enumerate()
                    .map(|(i, b)| {
                        let stages = b
                            .regions
                            .iter()
                            .enumerate()
                            .filter(|(_, r)| r.is_some())
                            .fold(0u8, |m, (s, _)| m | 1 << s);
                        Resource::new(b.name.clone())
                            .with(GL_BUFFER_BINDING, bindings.get(i).map_or(0, |&x| x as i32))
                            .with(GL_BUFFER_DATA_SIZE, b.size as i32)
                            .with(GL_NUM_ACTIVE_VARIABLES, b.uniforms.len() as i32)
                            .with_all(
                                GL_ACTIVE_VARIABLES,
                                b.uniforms.iter().map(|&u| u as i32).collect(),
                            )
                            .referenced(stages)
                    })
                    .collect()
            }
            GL_ATOMIC_COUNTER_BUFFER => self
                .counter_buffers
                .iter()
                .map(|b| {
                    Resource {
                        name: String::new(),
                        props: Vec::new(),
                    }
                    .with(GL_BUFFER_BINDING, b.binding as i32)
                    .with(GL_BUFFER_DATA_SIZE, b.size as i32)
                    .with(GL_NUM_ACTIVE_VARIABLES, b.uniforms.len() as i32)
                    .with_all(
                        GL_ACTIVE_VARIABLES,
                        b.uniforms.iter().map(|&u| u as i32).collect(),
                    )
                    .referenced(b.stages)
                })
                .collect(),
            GL_SHADER_STORAGE_BLOCK => {
                let bindings = self.values().storage_bindings.clone();
                let vars = self.buffer_variables();
                self.storage_blocks
                    .iter()
                    .enumerate()
                    .map(|(i, b)| {
                        let members: Vec<i32> = b
                            .members
                            .iter()
                            .filter_map(|m| vars.iter().position(|v| v.0 == m.name))
                            .map(|v| v as i32)
                            .collect();
                        Resource::new(b.name.clone())
                            .with(GL_BUFFER_BINDING, bindings.get(i).map_or(0, |&x| x as i32))
                            .with(GL_BUFFER_DATA_SIZE, b.size as i32)
                            .with(GL_NUM_ACTIVE_VARIABLES, members.len() as i32)
                            .with_all(GL_ACTIVE_VARIABLES, members)
                            .referenced(b.stages)
                    })
                    .collect()
            }
            GL_BUFFER_VARIABLE => self
                .buffer_variables()
                .into_iter()
                .map(|(_, block, m)| {
                    let b = &self.storage_blocks[block];
                    Resource::new(m.name.clone())
                        .with(
                            GL_TYPE,
                            UniformType::parse(&m.ty).map_or(GL_NONE, |t| t.gl) as i32,
                        )
                        .with(GL_ARRAY_SIZE, m.count as i32)
                        .with(GL_OFFSET, m.offset as i32)
                        .with(GL_BLOCK_INDEX, block as i32)
                        .with(GL_ARRAY_STRIDE, m.array_stride as i32)
                        .with(GL_MATRIX_STRIDE, m.matrix_stride as i32)
                        .with(GL_IS_ROW_MAJOR, i32::from(m.row_major))
                        .referenced(b.stages)
                        .with(GL_TOP_LEVEL_ARRAY_SIZE, m.top_level_size as i32)
                        .with(GL_TOP_LEVEL_ARRAY_STRIDE, m.top_level_stride as i32)
                })
                .collect(),
            GL_PROGRAM_INPUT => self.input_resources(),
            GL_PROGRAM_OUTPUT => self.output_resources(),
            GL_TRANSFORM_FEEDBACK_VARYING => {
                // Byte offsets within each buffer: separate varyings each
                // start their own, interleaved ones follow one another
                // up to a gl_NextBuffer.
                let mut offset = 0i32;
                let mut buffer = None;
                let mut out = Vec::new();
                for c in &self.captured {
                    if buffer != Some(c.buffer) {
                        offset = 0;
                        buffer = Some(c.buffer);
                    }
                    let ty = UniformType::parse(&c.ty);
                    let bytes = match ty {
                        // gl_SkipComponentsN: N floats.
                        None => 4 * c.size as i32,
                        Some(t) => {
                            let word = if matches!(t.base, crate::program::uniform::Base::Double) {
                                8
                            } else {
                                4
                            };
                            (t.components() as i32) * word * c.size as i32
                        }
                    };
                    out.push(
                        Resource::new(c.name.clone())
                            .with(GL_TYPE, ty.map_or(GL_NONE, |t| t.gl) as i32)
                            .with(GL_ARRAY_SIZE, c.size as i32)
                            .with(GL_OFFSET, offset),
                    );
                    offset += bytes;
                }
                out
            }
            i => {
                if let Some(s) = SUBROUTINES.iter().position(|&x| x == i) {
                    let Some(stage) = self.subroutine_stage(s) else {
                        return Vec::new();
                    };
                    let mut fns = self.stage_subroutines(*stage).functions.clone();
                    fns.sort_by_key(|f| f.index);
                    return fns.into_iter().map(|f| Resource::new(f.name)).collect();
                }
                if let Some(s) = SUBROUTINE_UNIFORMS.iter().position(|&x| x == i) {
                    let Some(stage) = self.subroutine_stage(s) else {
                        return Vec::new();
                    };
                    let subs = self.stage_subroutines(*stage);
                    return subs
                        .uniforms
                        .iter()
                        .map(|u| {
                            let compatible: Vec<i32> =
                                subs.compatible(u).into_iter().map(|x| x as i32).collect();
                            let name = if u.is_array {
                                format!("{}[0]", u.name)
                            } else {
                                u.name.clone()
                            };
                            Resource::new(name)
                                .with(GL_ARRAY_SIZE, u.count as i32)
                                .with(GL_NUM_COMPATIBLE_SUBROUTINES, compatible.len() as i32)
                                .with_all(GL_COMPATIBLE_SUBROUTINES, compatible)
                                .with(GL_LOCATION, u.location as i32)
                        })
                        .collect();
                }
                Vec::new()
            }
        }
    }

    /// The tables of the stage of subroutine interface `s` (in
    /// [`SUBROUTINES`] order): a compute program's are the vertex
    /// stage's, and it has no other stage.
    fn subroutine_stage(&self, s: usize) -> Option<&'static ProgramStage> {
        match (self.compute.is_some(), s == PROGRAM_STAGES) {
            (true, true) => Some(&ProgramStage::ALL[0]),
            (false, false) => ProgramStage::ALL.get(s),
            _ => None,
        }
    }

    /// The active uniforms, as `glGetActiveUniformsiv` describes them.
    fn uniform_resources(&self) -> Vec<Resource> {
        self.uniforms
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let counter = u.kinds.iter().flatten().find_map(|k| match k {
                    UniformKind::AtomicCounter { offset, .. } => Some(*offset),
                    _ => None,
                });
                let (offset, block, array_stride, matrix_stride, row_major, stages) =
                    match (u.block, counter) {
                        (Some(b), _) => {
                            let regions = self.blocks.get(b.block as usize).map(|x| x.regions);
                            let stages = regions.map_or(0, |r| {
                                r.iter()
                                    .enumerate()
                                    .filter(|(_, r)| r.is_some())
                                    .fold(0u8, |m, (s, _)| m | 1 << s)
                            });
                            (
                                b.offset as i32,
                                b.block as i32,
                                b.array_stride as i32,
                                b.matrix_stride as i32,
                                b.row_major,
                                stages,
                            )
                        }
                        (None, Some(o)) => (
                            o as i32,
                            -1,
                            if u.is_array { 4 } else { 0 },
                            0,
                            false,
                            kinds_mask(u),
                        ),
                        (None, None) => (-1, -1, -1, -1, false, kinds_mask(u)),
                    };
                Resource::new(u.name.clone())
                    .with(GL_TYPE, u.ty.gl as i32)
                    .with(GL_ARRAY_SIZE, u.count as i32)
                    .with(GL_OFFSET, offset)
                    .with(GL_BLOCK_INDEX, block)
                    .with(GL_ARRAY_STRIDE, array_stride)
                    .with(GL_MATRIX_STRIDE, matrix_stride)
                    .with(GL_IS_ROW_MAJOR, i32::from(row_major))
                    .with(
                        GL_ATOMIC_COUNTER_BUFFER_INDEX,
                        crate::program::atomic::buffer_index(&self.counter_buffers, i as u32),
                    )
                    .referenced(stages)
                    .with(GL_LOCATION, u.location)
            })
            .collect()
    }

    /// The buffer variables: name, block index and member, each name once
    /// (the elements of an array of blocks share their members).
    fn buffer_variables(&self) -> Vec<(String, usize, oxgl_glsl::lower::BlockMember)> {
        let mut out: Vec<(String, usize, oxgl_glsl::lower::BlockMember)> = Vec::new();
        for (bi, b) in self.storage_blocks.iter().enumerate() {
            for m in &b.members {
                if !out.iter().any(|v| v.0 == m.name) {
                    out.push((m.name.clone(), bi, m.clone()));
                }
            }
        }
        out
    }

    /// The first stage's inputs: the vertex stage's attributes at their
    /// generic indices, or another stage's inputs at their locations.
    fn input_resources(&self) -> Vec<Resource> {
        let first = (0..PROGRAM_STAGES)
            .find(|s| self.stage_mask() & (1 << s) != 0)
            .unwrap_or(0);
        let stages = 1u8 << first;
        self.program_io
            .0
            .iter()
            .flat_map(|io| io_resources(io).into_iter().map(move |r| (io, r)))
            .map(|(io, (name, ty, size, offset))| {
                let location = if first == ProgramStage::Vertex as usize {
                    let base = name.strip_suffix("[0]").unwrap_or(&name);
                    let root = io.name.as_str();
                    self.attributes
                        .iter()
                        .find(|a| a.name == base || a.name == name || a.name == root)
                        .and_then(|a| {
                            let per = a.slots / crate::program::type_elements(&a.ty).max(1);
                            a.index.map(|x| x + offset * per)
                        })
                        .map_or(-1, |x| x as i32)
                } else {
                    io.location.map_or(-1, |l| (l + offset) as i32)
                };
                let patch = io
                    .location
                    .is_some_and(|l| l >= oxgl_ir::PATCH_LOCATION0 && first != 0);
                Resource::new(name)
                    .with(GL_TYPE, ty as i32)
                    .with(GL_ARRAY_SIZE, size)
                    .referenced(stages)
                    .with(GL_LOCATION, location)
                    .with(GL_IS_PER_PATCH, i32::from(patch))
                    .with(GL_LOCATION_COMPONENT, 0)
            })
            .collect()
    }

    /// The last stage's outputs: the fragment stage's at their colour
    /// numbers and indices, another stage's at their locations.
    fn output_resources(&self) -> Vec<Resource> {
        let last = (0..PROGRAM_STAGES)
            .rev()
            .find(|s| self.stage_mask() & (1 << s) != 0)
            .unwrap_or(PROGRAM_STAGES - 1);
        let stages = 1u8 << last;
        let fragment = last == ProgramStage::Fragment as usize;
        self.program_io
            .1
            .iter()
            .map(|io| {
                let (name, ty, size) = io_resource(io);
                let base = name.strip_suffix("[0]").unwrap_or(&name);
                let (location, index) = if fragment {
                    self.frag_outputs
                        .iter()
                        .find(|(n, _, _)| n == base || *n == name)
                        .map_or((-1, -1), |&(_, l, i)| (l as i32, i as i32))
                } else {
                    (io.location.map_or(-1, |l| l as i32), -1)
                };
                let patch = io
                    .location
                    .is_some_and(|l| l >= oxgl_ir::PATCH_LOCATION0 && last == 1);
                // Patch outputs have no location an application can name
                // (Mesa gives -1).
                let location = if patch { -1 } else { location };
                let r = Resource::new(name)
                    .with(GL_TYPE, ty as i32)
                    .with(GL_ARRAY_SIZE, size)
                    .referenced(stages)
                    .with(GL_LOCATION, location)
                    .with(GL_IS_PER_PATCH, i32::from(patch))
                    .with(GL_LOCATION_COMPONENT, 0);
                // Outputs of other stages have index -1 (Mesa's answer).
                r.with(GL_LOCATION_INDEX, index)
            })
            .collect()
    }
}

/// The stages a uniform outside blocks is used in.
fn kinds_mask(u: &crate::program::ProgramUniform) -> u8 {
    u.kinds
        .iter()
        .enumerate()
        .filter(|(_, k)| k.is_some())
        .fold(0u8, |m, (s, _)| m | 1 << s)
}

/// Whether `name` names resource `r`: exactly, or as `r`'s array with
/// `[0]` left off (GL 4.6 §7.3.1.1).
fn names(r: &Resource, name: &str) -> bool {
    r.name == name || r.name.strip_suffix("[0]") == Some(name)
}

impl Context {
    /// The executable of `program` for a resource query: INVALID_VALUE for
    /// a name that is no object, INVALID_OPERATION for a shader; `None`
    /// when it has not linked.
    fn resource_exec(&self, program: u32) -> ApiResult<Option<std::sync::Arc<Executable>>> {
        Ok(self.objects().program(program)?.exec.clone())
    }

    fn check_interface(&self, interface: GLenum) -> ApiResult {
        if self.params().is_es() && self.params().version < (3, 1) || !known_interface(interface) {
            return Err(ApiError::InvalidEnum);
        }
        Ok(())
    }

    /// `glGetProgramInterfaceiv` (GL 4.6 §7.3.1): `GL_ACTIVE_RESOURCES`,
    /// `GL_MAX_NAME_LENGTH` (INVALID_OPERATION for the atomic counter
    /// buffers, which have no names), `GL_MAX_NUM_ACTIVE_VARIABLES` (the
    /// block interfaces only) and `GL_MAX_NUM_COMPATIBLE_SUBROUTINES` (the
    /// subroutine uniform interfaces only); INVALID_OPERATION for another
    /// interface or pname (Mesa's codes). A
    /// program that has not linked has none.
    pub fn get_program_interface(
        &mut self,
        program: u32,
        interface: GLenum,
        pname: GLenum,
    ) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let exec = self.resource_exec(program)?;
        // An unknown interface: INVALID_OPERATION here, as Mesa (piglit's
        // getprograminterfaceiv).
        self.check_interface(interface)
            .map_err(|_| ApiError::InvalidOperation)?;
        let list = exec.map_or_else(Vec::new, |e| e.resources(interface));
        let max_of = |prop: GLenum| {
            list.iter()
                .filter_map(|r| r.props.iter().find(|(p, _)| *p == prop))
                .filter_map(|(_, v)| v.first().copied())
                .max()
                .unwrap_or(0)
        };
        match pname {
            GL_ACTIVE_RESOURCES => Ok(list.len() as i32),
            GL_MAX_NAME_LENGTH if interface == GL_ATOMIC_COUNTER_BUFFER => {
                Err(ApiError::InvalidOperation)
            }
            GL_MAX_NAME_LENGTH => Ok(max_of(GL_NAME_LENGTH)),
            GL_MAX_NUM_ACTIVE_VARIABLES
                if matches!(
                    interface,
                    GL_UNIFORM_BLOCK | GL_ATOMIC_COUNTER_BUFFER | GL_SHADER_STORAGE_BLOCK
                ) =>
            {
                Ok(max_of(GL_NUM_ACTIVE_VARIABLES))
            }
            GL_MAX_NUM_COMPATIBLE_SUBROUTINES if SUBROUTINE_UNIFORMS.contains(&interface) => {
                Ok(max_of(GL_NUM_COMPATIBLE_SUBROUTINES))
            }
            // Another pname: INVALID_OPERATION, as Mesa (and piglit's
            // getprograminterfaceiv) has it.
            _ => Err(ApiError::InvalidOperation),
        }
    }

    /// `glGetProgramResourceIndex`: the index of the resource `name`
    /// names, or `GL_INVALID_INDEX`; INVALID_ENUM for the atomic counter
    /// buffers (no names) or an unknown interface.
    pub fn get_program_resource_index(
        &mut self,
        program: u32,
        interface: GLenum,
        name: &str,
    ) -> ApiResult<u32> {
        self.outside_begin_end()?;
        let exec = self.resource_exec(program)?;
        self.check_interface(interface)?;
        if interface == GL_ATOMIC_COUNTER_BUFFER {
            return Err(ApiError::InvalidEnum);
        }
        let list = exec.map_or_else(Vec::new, |e| e.resources(interface));
        Ok(list
            .iter()
            .position(|r| names(r, name))
            .map_or(INVALID_INDEX, |i| i as u32))
    }

    /// `glGetProgramResourceName`: INVALID_ENUM for the atomic counter
    /// buffers or an unknown interface, INVALID_VALUE for an index past
    /// the resources.
    pub fn get_program_resource_name(
        &mut self,
        program: u32,
        interface: GLenum,
        index: u32,
    ) -> ApiResult<String> {
        self.outside_begin_end()?;
        let exec = self.resource_exec(program)?;
        self.check_interface(interface)?;
        if interface == GL_ATOMIC_COUNTER_BUFFER {
            return Err(ApiError::InvalidEnum);
        }
        let list = exec.map_or_else(Vec::new, |e| e.resources(interface));
        list.into_iter()
            .nth(index as usize)
            .map(|r| r.name)
            .ok_or(ApiError::InvalidValue)
    }

    /// `glGetProgramResourceiv`: the values of `props` for resource
    /// `index`, one after the other (several for `GL_ACTIVE_VARIABLES` and
    /// `GL_COMPATIBLE_SUBROUTINES`). INVALID_VALUE for an index past the
    /// resources; INVALID_ENUM for an unknown property, INVALID_OPERATION
    /// for one the interface's resources lack.
    pub fn get_program_resource(
        &mut self,
        program: u32,
        interface: GLenum,
        index: u32,
        props: &[GLenum],
    ) -> ApiResult<Vec<i32>> {
        self.outside_begin_end()?;
        let exec = self.resource_exec(program)?;
        self.check_interface(interface)?;
        let list = exec.map_or_else(Vec::new, |e| e.resources(interface));
        let r = list.get(index as usize).ok_or(ApiError::InvalidValue)?;
        let mut out = Vec::new();
        for &p in props {
            if !PROPERTIES.contains(&p) {
                return Err(ApiError::InvalidEnum);
            }
            let (_, v) = r
                .props
                .iter()
                .find(|(x, _)| *x == p)
                .ok_or(ApiError::InvalidOperation)?;
            out.extend_from_slice(v);
        }
        Ok(out)
    }

    /// `glGetProgramResourceLocation`: the location `name` names in
    /// `GL_UNIFORM`, `GL_PROGRAM_INPUT`, `GL_PROGRAM_OUTPUT` or a
    /// subroutine uniform interface, as the older commands find it (`a`,
    /// `a[0]` and `a[i]` of arrays), -1 for other names. INVALID_ENUM for
    /// another interface; INVALID_OPERATION when the program has not
    /// linked.
    pub fn get_program_resource_location(
        &mut self,
        program: u32,
        interface: GLenum,
        name: &str,
    ) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let exec = self.resource_exec(program)?;
        self.check_interface(interface)?;
        let stage_uniform = SUBROUTINE_UNIFORMS.iter().position(|&x| x == interface);
        if !matches!(interface, GL_UNIFORM | GL_PROGRAM_INPUT | GL_PROGRAM_OUTPUT)
            && stage_uniform.is_none()
        {
            return Err(ApiError::InvalidEnum);
        }
        let exec = exec.ok_or(ApiError::InvalidOperation)?;
        if name.starts_with("gl_") {
            return Ok(-1);
        }
        if interface == GL_UNIFORM {
            return self.get_uniform_location(program, name);
        }
        // An array element `a[i]`: the array's location plus i.
        let (base, element) = match name.strip_suffix(']').and_then(|n| n.rsplit_once('[')) {
            Some((b, i)) if !i.is_empty() && i.bytes().all(|c| c.is_ascii_digit()) => {
                match i.parse::<i32>() {
                    Ok(i) => (b, i),
                    Err(_) => return Ok(-1),
                }
            }
            Some(_) => return Ok(-1),
            None => (name, 0),
        };
        let list = exec.resources(interface);
        let Some(r) = list.iter().find(|r| names(r, base)) else {
            return Ok(-1);
        };
        let get = |p: GLenum| {
            r.props
                .iter()
                .find(|(x, _)| *x == p)
                .and_then(|(_, v)| v.first().copied())
                .unwrap_or(-1)
        };
        let (location, size) = (get(GL_LOCATION), get(GL_ARRAY_SIZE));
        if location < 0 || element >= size.max(1) {
            return Ok(-1);
        }
        Ok(location + element)
    }
}
