//! Interface blocks. `in` and `out` blocks (GLSL 1.50 §4.3.7) are a stage
//! input or output per member ([`Lower::io_block`]). Uniform blocks
//! (ARB_uniform_buffer_object, GLSL 1.40 §4.3.5.1): each
//! block gets a region of the default uniform block, laid out by the
//! standard (std140) rules, which the GL side fills from the buffer bound
//! to the block's binding point before each draw.
//!
//! Why a region of the default block rather than an IR `UniformBlock`
//! variable: the backends already read the default block (its bytes
//! travel with every draw, reads past its end give 0), so a uniform block
//! needs nothing new from the backend ABI, the engine or the JIT. The cost
//! is a copy of each block's bytes per draw, bounded by
//! `GL_MAX_UNIFORM_BLOCK_SIZE`.
//!
//! `shared` and `packed` blocks use the std430 rules (as Mesa's gallium
//! drivers, llvmpipe among them: arrays of scalars and two-component
//! vectors are tightly packed); both layouts leave the offsets to the
//! implementation, which reports them through `glGetActiveUniformsiv`. Every member of a declared block
//! is active, whatever the layout (the spec allows it for `packed`).
//!
//! Explicit member offsets and alignments (ARB_enhanced_layouts) are
//! refused as not supported yet, never ignored.
//!
//! Row-major matrices (`row_major`, on the block, a member or a
//! `layout(row_major) uniform;` default) are stored as arrays of rows: the
//! IR type is a struct of the rows (`Lower::type_std140`) and loads
//! transpose (`Lower::load_mem`).

use super::iface::{BlockMember, UniformBlock};
use super::{Binding, Lower, R, internal, unsupported};
use crate::ast::{Block, Qualifier, Storage as AS};
use crate::diag::Loc;
use crate::names::Sym;
use crate::sema::{Base, Num, SemaType};
use oxgl_ir::{Member, Type, VarKind};

fn align(x: u32, a: u32) -> u32 {
    x.next_multiple_of(a.max(1))
}

/// What a list of qualifiers says about the matrix layout: `Some(true)`
/// for `row_major`, `Some(false)` for `column_major`, the last one winning.
pub(crate) fn matrix_layout(l: &Lower<'_>, quals: &[Qualifier]) -> Option<bool> {
    let mut out = None;
    for q in quals {
        if let Qualifier::Layout(ids, _) = q {
            for id in ids {
                let n = l.name(id.name);
                if n.eq_ignore_ascii_case("row_major") {
                    out = Some(true);
                } else if n.eq_ignore_ascii_case("column_major") {
                    out = Some(false);
                }
            }
        }
    }
    out
}

/// Whether `quals` hold the `uniform` storage qualifier.
pub(crate) fn is_uniform(quals: &[Qualifier]) -> bool {
    quals
        .iter()
        .any(|q| matches!(q, Qualifier::Storage(AS::Uniform, _)))
}

/// Whether `quals` hold the `buffer` storage qualifier.
pub(crate) fn is_buffer(quals: &[Qualifier]) -> bool {
    quals
        .iter()
        .any(|q| matches!(q, Qualifier::Storage(AS::Buffer, _)))
}

/// A block instance: its sema variable, struct, array dimensions and
/// where it is declared.
pub(crate) type BlockInstance = (u32, u32, Vec<Option<u32>>, Loc);

/// A uniform or buffer block's instance: its sema variable, element count
/// (an array of blocks) and where it is declared.
type BlockInstanceCount = (u32, Option<u32>, Loc);

/// A uniform or buffer block member: name, GLSL type, row-major, place.
type BlockMemberDecl = (Sym, SemaType, bool, Loc);

/// Whether block `b` is declared `in`, and whether `out`.
pub(crate) fn io_directions(b: &Block) -> (bool, bool) {
    let has = |s: AS| {
        b.quals
            .iter()
            .any(|q| matches!(q, Qualifier::Storage(x, _) if *x == s))
    };
    (has(AS::In), has(AS::Out))
}

/// A member of an in/out block: its declaration, name, type (of one
/// instance), sema variable (a block without instance) and location.
pub(crate) type IoMember<'a> = (&'a crate::ast::Member, Sym, SemaType, Option<u32>, Loc);

impl<'a> Lower<'a> {
    /// Lowers `in` or `out` block `b` (GLSL 1.50 §4.3.7): each member is a
    /// stage input or output of its own, named `Block.member` in the
    /// interface, so that blocks match across stages by block name and
    /// their members by name, whatever the instance names. An instance
    /// binds its members as a split aggregate; an arrayed instance
    /// (`out B { ... } v[2];`, or a geometry shader's input per vertex,
    /// `in B { ... } v[];`) binds `v[i].m` to element `i` of member `m`,
    /// an array of its own. `gl_PerVertex` redeclares the
    /// built-ins (`gl_in[]` in a geometry shader).
    pub(crate) fn io_block(
        &mut self,
        b: &'a Block,
        used_in: &mut Vec<bool>,
        used_out: &mut Vec<bool>,
    ) -> R<()> {
        let (input, output) = io_directions(b);
        if !input && !output {
            let what = if b
                .quals
                .iter()
                .any(|q| matches!(q, Qualifier::Storage(AS::Buffer, _)))
            {
                "shader storage buffers"
            } else {
                "this kind of interface block"
            };
            return unsupported(b.loc, what);
        }
        let block_name = self.name(b.name).to_owned();
        // The members as semantic analysis declared them: sema variables
        // without an instance, else the instance's struct.
        let instance = self.block_instance(b)?;
        if block_name == "gl_PerVertex" {
            return self.per_vertex_block(b, instance.map(|(id, ..)| id), input);
        }
        // An array of blocks (or a geometry shader's input per vertex):
        // each member is an array of the same length.
        let per_vertex = self.per_vertex_io(input, &b.quals);
        if let Some((_, _, dims, loc)) = &instance
            && (dims.iter().skip(1).any(Option::is_none)
                || dims.first() == Some(&None) && !per_vertex)
        {
            return unsupported(*loc, "unsized arrays of interface blocks");
        }
        let mut vars = Vec::new();
        let members = self.io_block_members(b, instance.as_ref().map(|i| i.1))?;
        let arrayed = instance
            .as_ref()
            .is_some_and(|(_, _, dims, _)| !dims.is_empty() && !per_vertex);
        let locations = self.block_locations(b, &members, arrayed)?;
        for (i, (m, n, t, id, loc)) in members.into_iter().enumerate() {
            let quals: Vec<Qualifier> = b.quals.iter().chain(&m.ty.quals).cloned().collect();
            let mut t = t;
            {
                // An arrayed instance: each member is an array (of arrays)
                // too, of the instance's dimensions.
                if let Some((_, _, dims, _)) = &instance {
                    t.dims.splice(0..0, dims.iter().copied());
                }
                let name = format!("{block_name}.{}", self.name(n));
                let used = if input { &mut *used_in } else { &mut *used_out };
                let at = locations.as_ref().and_then(|l| l.get(i).copied());
                let loc = &loc;
                let var = self.stage_io_var(&name, t, (&quals, at), input, used, *loc)?;
                let list = if input {
                    &mut self.iface.inputs
                } else {
                    &mut self.iface.outputs
                };
                if let Some(io) = list.last_mut() {
                    io.anonymous = instance.is_none();
                }
                if let Some(id) = id {
                    self.bind.insert(id, Binding::Mem(var, Vec::new()));
                }
                vars.push((self.name(n).to_owned(), var));
            }
        }
        if let Some((id, _, dims, _)) = instance {
            let binding = if dims.is_empty() {
                Binding::Split(
                    vars.into_iter()
                        .map(|(_, v)| Binding::Mem(v, Vec::new()))
                        .collect(),
                )
            } else {
                Binding::Block(vars)
            };
            self.bind.insert(id, binding);
        }
        Ok(())
    }

    /// The instance of block `b`, if it has one: its sema variable, struct,
    /// array dimensions and where it is declared.
    pub(crate) fn block_instance(&self, b: &Block) -> R<Option<BlockInstance>> {
        let Some((n, _, loc)) = &b.instance else {
            return Ok(None);
        };
        let id = self.decl_var(*loc, *n)?;
        let t = &self.sema.vars[id as usize].ty;
        let Base::Struct(si) = t.base else {
            return internal(*loc, "block instance of a non-struct type");
        };
        Ok(Some((id, si, t.dims.clone(), *loc)))
    }

    /// The members of in/out block `b`, in order: each with its
    /// declaration, name, type (of one instance), sema variable (a block
    /// without instance; `si`: the instance's struct) and location.
    pub(crate) fn io_block_members(
        &mut self,
        b: &'a Block,
        si: Option<u32>,
    ) -> R<Vec<IoMember<'a>>> {
        let mut out = Vec::new();
        let mut k = 0;
        for m in &b.members {
            for (n, _, loc) in &m.names {
                let (t, id) = match si {
                    Some(si) => {
                        let Some(t) = self.struct_members(si, *loc)?.get(k).cloned() else {
                            return internal(*loc, "block member count");
                        };
                        (t, None)
                    }
                    None => {
                        let id = self.decl_var(*loc, *n)?;
                        (self.declared_type(id), Some(id))
                    }
                };
                k += 1;
                out.push((m, *n, t, id, *loc));
            }
        }
        Ok(out)
    }

    /// `layout(location = L)` on block `b` (ARB_separate_shader_objects,
    /// GLSL 4.40 §4.4.1): each member's location, its own or the one after
    /// the previous member's, the first `L`. `None` without a block
    /// location. An array of blocks (not a geometry shader's per-vertex
    /// inputs) with one is refused.
    pub(crate) fn block_locations(
        &mut self,
        b: &'a Block,
        members: &[IoMember<'a>],
        arrayed: bool,
    ) -> R<Option<Vec<u32>>> {
        let Some(first) = self.layout_int(&b.quals, "location") else {
            return Ok(None);
        };
        if arrayed {
            return unsupported(b.loc, "locations on arrays of interface blocks");
        }
        let mut next = u32::try_from(first).unwrap_or(0);
        let mut out = Vec::new();
        for (m, _, t, _, _) in members {
            let at = self
                .layout_int(&m.ty.quals, "location")
                .and_then(|l| u32::try_from(l).ok())
                .unwrap_or(next);
            out.push(at);
            next = at.saturating_add(self.slots(t));
        }
        Ok(Some(out))
    }

    /// A `gl_PerVertex` block redeclared (GLSL 1.50 §7.1): the output
    /// block's members are the built-ins of their names; the geometry
    /// shader's input instance is `gl_in`.
    fn per_vertex_block(&mut self, b: &'a Block, instance: Option<u32>, input: bool) -> R<()> {
        match instance {
            Some(id) if input && self.per_vertex_stage() => {
                self.bind.insert(id, Binding::PerVertex(false));
                Ok(())
            }
            Some(id) if !input && self.stage == crate::Stage::TessControl => {
                self.bind.insert(id, Binding::PerVertex(true));
                Ok(())
            }
            None if !input => {
                for m in &b.members {
                    for (n, _, loc) in &m.names {
                        let id = self.decl_var(*loc, *n)?;
                        let binding = self.builtin_binding(id, *loc)?;
                        self.bind.insert(id, binding);
                    }
                }
                Ok(())
            }
            _ => unsupported(b.loc, "this redeclaration of gl_PerVertex"),
        }
    }

    /// Lowers uniform block `b`; `default_row_major` is the matrix layout
    /// the `layout(...) uniform;` defaults before it give.
    pub(crate) fn uniform_block(&mut self, b: &'a Block, default_row_major: bool) -> R<()> {
        self.std430 = self.block_layout_name(&b.quals) != "std140";
        let r = self.uniform_block_laid_out(b, default_row_major);
        self.std430 = false;
        r
    }

    fn uniform_block_laid_out(&mut self, b: &'a Block, default_row_major: bool) -> R<()> {
        let block_rm = matrix_layout(self, &b.quals).unwrap_or(default_row_major);
        let block_name = self.name(b.name).to_owned();
        let binding = self.layout_binding(&b.quals);
        let (instance, members) = self.block_members(b, "uniform blocks", block_rm, false)?;
        if let Some((_, _, _, loc)) = members.iter().find(|m| m.1.dims.contains(&None)) {
            return unsupported(*loc, "unsized arrays in uniform blocks");
        }
        // Offsets (std140, or std430 for shared and packed): each member
        // at its alignment; the block's size rounded up to 16.
        let mut end = 0u32;
        let mut placed = Vec::new();
        for (n, t, rm, loc) in &members {
            let (size, a) = self.layout_std140(t, *rm, *loc)?;
            let off = align(end, a);
            end = off.saturating_add(size);
            placed.push((self.name(*n).to_owned(), t.clone(), *rm, *loc, off));
        }
        let size = align(end, 16).max(16);
        if size > MAX_BLOCK_SIZE {
            return unsupported(b.loc, "uniform blocks larger than 64 KiB");
        }
        let count = instance.and_then(|(_, c, _)| c);
        let elems = count.unwrap_or(1);
        let base = align(self.uniform_end, 16);
        self.uniform_end = base.saturating_add(size.saturating_mul(elems));
        if self.uniform_end > MAX_BLOCK_SIZE * 16 {
            return unsupported(b.loc, "this much uniform block storage");
        }
        // The IR variables: the instance (a struct, or an array of them,
        // element `i` being block `i`), or one per member.
        match instance {
            Some((id, _, _)) => {
                let mut ms = Vec::new();
                for (_, t, rm, loc, off) in &placed {
                    let ty = self.type_std140(t, *rm, *loc)?;
                    ms.push(Member {
                        ty,
                        offset: Some(*off),
                    });
                }
                let st = self.shader.types.intern(Type::Struct { members: ms });
                // An array of arrays of blocks nests, innermost first.
                let mut ty = st;
                let mut stride = size;
                for &n in self.instance_dims(instance).iter().rev() {
                    ty = self.shader.types.intern(Type::Array {
                        elem: ty,
                        len: Some(n),
                        stride: Some(stride),
                    });
                    stride = stride.saturating_mul(n);
                }
                let name = b.instance.as_ref().map_or("", |(n, _, _)| self.name(*n));
                let var = self.shader.add_var(
                    name,
                    ty,
                    VarKind::Uniform {
                        offset: base,
                        location: None,
                    },
                );
                self.bind.insert(id, Binding::Mem(var, Vec::new()));
            }
            None => {
                for ((n, t, rm, loc, off), m) in placed.iter().zip(&members) {
                    let ty = self.type_std140(t, *rm, *loc)?;
                    let var = self.shader.add_var(
                        n,
                        ty,
                        VarKind::Uniform {
                            offset: base + off,
                            location: None,
                        },
                    );
                    let id = self.decl_var(m.3, m.0)?;
                    self.bind.insert(id, Binding::Mem(var, Vec::new()));
                }
            }
        }
        // The interface: the members as the GL names them.
        let mut entries = Vec::new();
        for (n, t, rm, loc, off) in &placed {
            let name = if b.instance.is_some() {
                format!("{block_name}.{n}")
            } else {
                n.clone()
            };
            self.block_entries(name, t, *off, *rm, *loc, &mut entries)?;
        }
        let layout = self.block_layout_name(&b.quals);
        let suffixes = element_suffixes(&self.instance_dims(instance));
        for (i, suffix) in (0..elems).zip(suffixes) {
            self.iface.blocks.push(UniformBlock {
                name: format!("{block_name}{suffix}"),
                offset: base + i * size,
                size,
                binding: binding.map(|x| x + i),
                members: entries.clone(),
                layout: layout.clone(),
            });
        }
        Ok(())
    }

    /// The instance of uniform or buffer block `b` (`what`: "uniform
    /// blocks", for messages), if it has one: its sema variable, element
    /// count (an array of blocks) and place; and the members with their
    /// GLSL types as semantic analysis declared them (the instance's
    /// struct, or one variable per member: implicitly sized, or as
    /// declared with `runtime_sized`), matrix layouts (`block_rm` by
    /// default) and places. Explicit offsets and alignments are refused.
    fn block_members(
        &mut self,
        b: &'a Block,
        what: &str,
        block_rm: bool,
        runtime_sized: bool,
    ) -> R<(Option<BlockInstanceCount>, Vec<BlockMemberDecl>)> {
        let mut instance = None;
        let inst_members = match &b.instance {
            Some((n, _, loc)) => {
                let id = self.decl_var(*loc, *n)?;
                let t = self.sema.vars[id as usize].ty.clone();
                let Base::Struct(si) = t.base else {
                    return internal(*loc, "block instance of a non-struct type");
                };
                // An array (of arrays) of blocks: one block per element.
                let mut count = None;
                for d in &t.dims {
                    let Some(d) = d else {
                        return unsupported(*loc, format!("unsized arrays of {what}"));
                    };
                    count = Some(count.unwrap_or(1u32).saturating_mul(*d));
                }
                if count.is_some_and(|n| n > 4096) {
                    return unsupported(*loc, format!("this many {what}"));
                }
                instance = Some((id, count, *loc));
                Some(self.struct_members(si, *loc)?)
            }
            None => None,
        };
        let explicit = || format!("explicit offsets and alignments in {what}");
        if let Some(l) = self.explicit_member_layout(&b.quals) {
            return unsupported(l, explicit());
        }
        let mut members = Vec::new();
        let mut k = 0;
        for m in &b.members {
            if let Some(l) = self.explicit_member_layout(&m.ty.quals) {
                return unsupported(l, explicit());
            }
            let rm = matrix_layout(self, &m.ty.quals).unwrap_or(block_rm);
            for (n, _, loc) in &m.names {
                let t = match &inst_members {
                    Some(ts) => match ts.get(k) {
                        Some(t) => t.clone(),
                        None => return internal(*loc, "block member count"),
                    },
                    None => {
                        let id = self.decl_var(*loc, *n)?;
                        if runtime_sized {
                            self.sema.vars[id as usize].ty.clone()
                        } else {
                            self.declared_type(id)
                        }
                    }
                };
                k += 1;
                members.push((*n, t, rm, *loc));
            }
        }
        Ok((instance, members))
    }

    /// Lowers shader storage block `b` (GLSL 4.30 §4.3.7,
    /// ARB_shader_storage_buffer_object): one `StorageBlock` variable per
    /// block (per element of an array of blocks), a struct laid out by
    /// std140 or std430 (`shared` and `packed` as std430, as for uniform
    /// blocks) whose last member may be a runtime-sized array. The
    /// variable's binding is the block's index in this stage's
    /// [`super::Interface::storage_blocks`]; linking renumbers it to the
    /// program's block index, which the GL side maps to a binding point.
    pub(crate) fn storage_block(&mut self, b: &'a Block, default_row_major: bool) -> R<()> {
        self.std430 = self.block_layout_name(&b.quals) != "std140";
        let r = self.storage_block_laid_out(b, default_row_major);
        self.std430 = false;
        r
    }

    fn storage_block_laid_out(&mut self, b: &'a Block, default_row_major: bool) -> R<()> {
        let block_rm = matrix_layout(self, &b.quals).unwrap_or(default_row_major);
        let block_name = self.name(b.name).to_owned();
        let binding = self.layout_binding(&b.quals);
        let readonly = b
            .quals
            .iter()
            .any(|q| matches!(q, Qualifier::Memory(crate::ast::Memory::Readonly, _)));
        let (instance, members) = self.block_members(b, "shader storage blocks", block_rm, true)?;
        if let Some((_, _, _, loc)) = members
            .iter()
            .find(|m| m.1.dims.iter().skip(1).any(Option::is_none))
        {
            return unsupported(*loc, "arrays of unsized arrays");
        }
        let last = members.len().saturating_sub(1);
        if let Some((_, _, _, loc)) = members
            .iter()
            .take(last)
            .find(|(_, t, _, _)| t.dims.first() == Some(&None))
        {
            return internal(*loc, "unsized array before the last block member");
        }
        // Offsets: each member at its alignment; a runtime-sized array
        // counts one element in the block's size (GL_BUFFER_DATA_SIZE).
        let mut end = 0u32;
        let mut align_max = 1;
        let mut placed = Vec::new();
        for (n, t, rm, loc) in &members {
            let (size, a) = if t.dims.first() == Some(&None) {
                let (es, ea) = self.layout_std140(&t.element(), *rm, *loc)?;
                let a = self.round16(ea);
                (align(es, a), a)
            } else {
                self.layout_std140(t, *rm, *loc)?
            };
            let off = align(end, a);
            end = off.saturating_add(size);
            align_max = align_max.max(a);
            placed.push((self.name(*n).to_owned(), t.clone(), *rm, *loc, off));
        }
        let size = align(end, self.round16(align_max));
        let count = instance.and_then(|(_, c, _)| c);
        let elems = count.unwrap_or(1);
        // The block's struct, its members at their offsets.
        let mut ms = Vec::new();
        for (_, t, rm, loc, off) in &placed {
            let ty = self.type_std140(t, *rm, *loc)?;
            ms.push(Member {
                ty,
                offset: Some(*off),
            });
        }
        let st = self.shader.types.intern(Type::Struct { members: ms });
        // The interface: its buffer variables as the GL names them.
        let mut entries = Vec::new();
        for (n, t, rm, loc, off) in &placed {
            let name = if b.instance.is_some() {
                format!("{block_name}.{n}")
            } else {
                n.clone()
            };
            let first = entries.len();
            self.block_entries(name, t, *off, *rm, *loc, &mut entries)?;
            // GL 4.6 §7.3.1.1: only an array of aggregates is a top-level
            // array; an array of numbers is the variable itself (`a[0]`).
            let aggregate = t.dims.len() > 1 || matches!(t.base, Base::Struct(_));
            let (top_size, top_stride) = match t.dims.first() {
                Some(d) if aggregate => {
                    let (es, ea) = self.layout_std140(&t.element(), *rm, *loc)?;
                    (d.unwrap_or(0), align(es, self.round16(ea)))
                }
                _ => (1, 0),
            };
            for e in &mut entries[first..] {
                e.top_level_size = top_size;
                e.top_level_stride = top_stride;
            }
        }
        let layout = self.block_layout_name(&b.quals);
        let mut vars = Vec::new();
        let dims = self.instance_dims(instance);
        let suffixes = element_suffixes(&dims);
        for (i, suffix) in (0..elems).zip(suffixes) {
            let index = self.iface.storage_blocks.len() as u32;
            let name = format!("{block_name}{suffix}");
            let var = self.shader.add_var(
                &name,
                st,
                VarKind::StorageBlock {
                    binding: index,
                    readonly,
                },
            );
            vars.push(var);
            self.iface.storage_blocks.push(super::iface::StorageBlock {
                name,
                size,
                binding: binding.map(|x| x + i),
                members: entries.clone(),
                layout: layout.clone(),
            });
        }
        match instance {
            Some((id, count, _)) => {
                let b = if count.is_some() {
                    nested_split(&vars, &dims)
                } else {
                    Binding::Mem(vars[0], Vec::new())
                };
                self.bind.insert(id, b);
            }
            None => {
                for (k, (n, _, _, loc)) in members.iter().enumerate() {
                    let id = self.decl_var(*loc, *n)?;
                    self.bind.insert(
                        id,
                        Binding::Mem(vars[0], vec![oxgl_ir::Index::Const(k as u32)]),
                    );
                }
            }
        }
        Ok(())
    }

    /// The dimensions of a block's instance (none when it is no array).
    fn instance_dims(&self, instance: Option<BlockInstanceCount>) -> Vec<u32> {
        instance.map_or_else(Vec::new, |(id, _, _)| {
            self.sema.vars[id as usize]
                .ty
                .dims
                .iter()
                .map(|d| d.unwrap_or(1))
                .collect()
        })
    }

    /// Where a member's `layout(offset = N)` or `layout(align = N)`
    /// (ARB_enhanced_layouts) is, if it has one.
    fn explicit_member_layout(&self, quals: &[Qualifier]) -> Option<Loc> {
        quals.iter().find_map(|q| match q {
            Qualifier::Layout(ids, _) => ids
                .iter()
                .find(|id| {
                    let n = self.name(id.name);
                    n.eq_ignore_ascii_case("offset") || n.eq_ignore_ascii_case("align")
                })
                .map(|id| id.loc),
            _ => None,
        })
    }

    /// `layout(binding = N)` of a block (GLSL 4.20,
    /// ARB_shading_language_420pack).
    fn layout_binding(&self, quals: &[Qualifier]) -> Option<u32> {
        let mut out = None;
        for q in quals {
            if let Qualifier::Layout(ids, _) = q {
                for id in ids {
                    if self.name(id.name).eq_ignore_ascii_case("binding")
                        && let Some(v) = id.value
                    {
                        out = self
                            .info(v)
                            .k
                            .as_ref()
                            .and_then(|k| k.first())
                            .and_then(|c| c.as_i64())
                            .and_then(|v| u32::try_from(v).ok());
                    }
                }
            }
        }
        out
    }

    /// The block layout qualifier as written (`std140`, `shared` when
    /// none), for the link-time match of a block's declarations.
    fn block_layout_name(&self, quals: &[Qualifier]) -> String {
        let mut out = "shared".to_owned();
        for q in quals {
            if let Qualifier::Layout(ids, _) = q {
                for id in ids {
                    let n = self.name(id.name).to_ascii_lowercase();
                    if matches!(n.as_str(), "std140" | "shared" | "packed" | "std430") {
                        out = n;
                    }
                }
            }
        }
        out
    }

    /// The active uniforms of a block member, as `glGetActiveUniform`
    /// lists them: arrays of basic types as one entry `name[0]`, structs
    /// expanded to their members; offsets relative to the block.
    fn block_entries(
        &mut self,
        name: String,
        t: &SemaType,
        offset: u32,
        row_major: bool,
        loc: Loc,
        out: &mut Vec<BlockMember>,
    ) -> R<()> {
        if out.len() > 1 << 16 {
            return unsupported(loc, "this many uniforms");
        }
        let elem = t.element();
        let (esize, ea) = self.layout_std140(&elem, row_major, loc)?;
        let stride = align(esize, self.round16(ea));
        // A matrix's column (row, if row-major) stride: its size over
        // the vectors it holds.
        let shape = |n: Option<Num>| match n {
            Some(n) if n.is_matrix() => {
                let vectors = u32::from(if row_major { n.rows } else { n.cols });
                (esize / vectors.max(1), row_major)
            }
            _ => (0, false),
        };
        match (t.dims.first(), t.base) {
            (Some(d), Base::Num(n)) if t.dims.len() == 1 => {
                let (matrix_stride, rm) = shape(Some(n));
                out.push(BlockMember {
                    name: format!("{name}[0]"),
                    ty: self.type_name(&elem),
                    count: d.unwrap_or(0),
                    offset,
                    array_stride: stride,
                    matrix_stride,
                    row_major: rm,
                    top_level_size: 0,
                    top_level_stride: 0,
                });
            }
            (Some(d), _) => {
                for i in 0..d.unwrap_or(1).min(4096) {
                    self.block_entries(
                        format!("{name}[{i}]"),
                        &elem,
                        offset + i * stride,
                        row_major,
                        loc,
                        out,
                    )?;
                }
            }
            (None, Base::Struct(i)) => {
                let Some(s) = self.sema.structs.get(i as usize) else {
                    return internal(loc, "bad struct");
                };
                let ms = s.members.clone();
                let mut end = 0u32;
                for (m, mt) in ms {
                    let (s, ma) = self.layout_std140(&mt, row_major, loc)?;
                    let off = align(end, ma);
                    end = off + s;
                    let mname = format!("{name}.{}", self.name(m));
                    self.block_entries(mname, &mt, offset + off, row_major, loc, out)?;
                }
            }
            (None, b) => {
                let (matrix_stride, rm) = shape(match b {
                    Base::Num(n) => Some(n),
                    _ => None,
                });
                out.push(BlockMember {
                    name,
                    ty: self.type_name(t),
                    count: 1,
                    offset,
                    array_stride: 0,
                    matrix_stride,
                    row_major: rm,
                    top_level_size: 0,
                    top_level_stride: 0,
                });
            }
        }
        Ok(())
    }
}

/// `GL_MAX_UNIFORM_BLOCK_SIZE`.
pub const MAX_BLOCK_SIZE: u32 = 65536;

/// The subscripts of the elements of an array of `dims`, row-major
/// (`[0][0]`, `[0][1]`, ...); one empty suffix for no array.
fn element_suffixes(dims: &[u32]) -> Vec<String> {
    let mut out = vec![String::new()];
    for &d in dims {
        out = out
            .iter()
            .flat_map(|p| (0..d).map(move |i| format!("{p}[{i}]")))
            .collect();
    }
    out
}

/// The binding of an array (of arrays) of blocks whose elements are
/// `vars`, row-major: split by the outer dimension, then the next.
fn nested_split(vars: &[oxgl_ir::VarId], dims: &[u32]) -> Binding {
    match dims {
        [] | [_] => Binding::Split(vars.iter().map(|v| Binding::Mem(*v, Vec::new())).collect()),
        [d, rest @ ..] => {
            let inner = vars.len() / (*d).max(1) as usize;
            Binding::Split(
                vars.chunks(inner.max(1))
                    .map(|c| nested_split(c, rest))
                    .collect(),
            )
        }
    }
}
