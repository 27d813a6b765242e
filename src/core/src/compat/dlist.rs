//! Display lists (GL 4.6 compatibility §21.4).
//!
//! A list is a sequence of [`ListOp`]s. State commands are recorded as
//! closures that call the same `Context` method the command calls when
//! executed directly (so a recorded command validates and errs exactly as an
//! immediate one, at execution time, as the spec requires). Vertices given
//! between `glBegin` and `glEnd` while compiling are accumulated once into a
//! [`DrawBatch`] and replayed as a draw; attributes the list never set take
//! the values current when the list is executed, and the values the list set
//! last become current after the draw, as if the commands had run.
//!
//! Lists belong to the share group. Executing a list locks nothing while its
//! operations run: the list is cloned (`Arc`) out of the namespace first.

use std::collections::BTreeMap;
use std::sync::Arc;

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::vbo::{Attrib, CurrentAttribs, DrawBatch, Immediate};

/// A recorded state command.
pub type RecordedCall = Box<dyn Fn(&mut Context) -> ApiResult + Send + Sync>;

/// One operation of a display list.
pub enum ListOp {
    /// A state command.
    Call(RecordedCall),
    /// Vertices compiled into a draw, and the attribute values the list left current.
    Draw {
        /// The primitives and their per-vertex attributes.
        batch: Arc<DrawBatch>,
        /// Attributes whose values become current after the draw.
        final_values: Vec<(Attrib, [f32; 4])>,
        /// `(attrib, n)`: the list set `attrib` only after the first `n`
        /// vertices, which take its value current when the list is executed.
        inherited: Vec<(Attrib, u32)>,
    },
    /// `glCallList` recorded in a list.
    CallList(u32),
}

impl std::fmt::Debug for ListOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ListOp::Call(_) => write!(f, "Call"),
            ListOp::Draw { batch, .. } => write!(f, "Draw({} prims)", batch.prims.len()),
            ListOp::CallList(n) => write!(f, "CallList({n})"),
        }
    }
}

/// The display-list namespace of a share group.
///
/// Names `glGenLists` hands out are kept as ranges, not one entry per name,
/// so that a range of any size (up to `INT_MAX` names) costs one entry: the
/// names are used (`glIsList` is true for them) but hold no list until
/// `glNewList` defines one.
#[derive(Debug, Default)]
pub struct DisplayLists {
    /// Defined lists.
    lists: BTreeMap<u32, Arc<Vec<ListOp>>>,
    /// Names reserved by `glGenLists`, as disjoint ranges `start..end`
    /// (keyed by start; `end` may be 2^32). A defined list may lie inside one.
    reserved: BTreeMap<u32, u64>,
    /// `glObjectLabel(GL_DISPLAY_LIST)` labels, by name; a name loses its
    /// label when it is deleted.
    labels: BTreeMap<u32, crate::debug::Label>,
}

/// Maximum nesting of `glCallList` (`GL_MAX_LIST_NESTING`).
pub const MAX_LIST_NESTING: u32 = 64;

/// The most lists one top-level `glCallList` runs nested in it. Nesting
/// alone does not bound the work: a list that calls itself twice runs 2^64
/// lists before `GL_MAX_LIST_NESTING` stops it, which is a hang for any
/// implementation (Mesa's too). Nested calls past this many are ignored as
/// calls past the nesting limit are, and logged once under `LIBGL_DEBUG`.
pub const MAX_NESTED_CALLS: u32 = 1 << 20;

impl DisplayLists {
    /// `glGenLists`: `range` contiguous unused names; 0 when `range` is 0 or
    /// no such run exists. INVALID_VALUE for a negative range.
    ///
    /// The first fit among the gaps between used names; the walk visits each
    /// defined list and reserved range once, whatever `range` is.
    pub fn gen_lists(&mut self, range: i32) -> ApiResult<u32> {
        let Ok(range) = u64::try_from(range) else {
            return Err(ApiError::InvalidValue);
        };
        if range == 0 {
            return Ok(0);
        }
        let defined = self.lists.keys().map(|&k| (u64::from(k), u64::from(k) + 1));
        let reserved = self.reserved.iter().map(|(&s, &e)| (u64::from(s), e));
        let mut candidate = 1u64;
        for (start, end) in merge_by_start(defined, reserved) {
            if start >= candidate + range {
                break;
            }
            candidate = candidate.max(end);
        }
        // Names are GLuints: the range must end at or before 2^32.
        if candidate + range > 1 << 32 {
            return Ok(0);
        }
        self.reserved.insert(candidate as u32, candidate + range);
        Ok(candidate as u32)
    }

    /// `glIsList`.
    pub fn is_list(&self, name: u32) -> bool {
        self.lists.contains_key(&name)
            || self
                .reserved
                .range(..=name)
                .next_back()
                .is_some_and(|(_, &end)| u64::from(name) < end)
    }

    /// `glDeleteLists`. INVALID_VALUE for a negative range.
    pub fn delete_lists(&mut self, first: u32, range: i32) -> ApiResult {
        if range < 0 {
            return Err(ApiError::InvalidValue);
        }
        let end = u64::from(first) + range as u64;
        let doomed: Vec<u32> = self
            .lists
            .range(first..)
            .take_while(|&(&k, _)| u64::from(k) < end)
            .map(|(&k, _)| k)
            .collect();
        for k in doomed {
            self.lists.remove(&k);
        }
        let unlabelled: Vec<u32> = self
            .labels
            .range(first..)
            .take_while(|&(&k, _)| u64::from(k) < end)
            .map(|(&k, _)| k)
            .collect();
        for k in unlabelled {
            self.labels.remove(&k);
        }
        // Cut `first..end` out of the reserved ranges it overlaps.
        let before = self
            .reserved
            .range(..first)
            .next_back()
            .map(|(&s, &e)| (s, e));
        let overlapping: Vec<(u32, u64)> = before
            .into_iter()
            .chain(
                self.reserved
                    .range(first..)
                    .take_while(|&(&s, _)| u64::from(s) < end)
                    .map(|(&s, &e)| (s, e)),
            )
            .filter(|&(_, e)| e > u64::from(first))
            .collect();
        for (s, e) in overlapping {
            self.reserved.remove(&s);
            if s < first {
                self.reserved.insert(s, u64::from(first));
            }
            if e > end {
                self.reserved.insert(end as u32, e);
            }
        }
        Ok(())
    }

    /// The operations of list `name`.
    pub fn get(&self, name: u32) -> Option<Arc<Vec<ListOp>>> {
        self.lists.get(&name).cloned()
    }

    /// The label slot of list `name` (`glIsList` true: defined, or
    /// reserved by `glGenLists`, which Mesa makes an empty list at once).
    pub(crate) fn label_mut(&mut self, name: u32) -> Option<&mut crate::debug::Label> {
        if name == 0 || !self.is_list(name) {
            return None;
        }
        Some(self.labels.entry(name).or_default())
    }

    /// Defines list `name`.
    pub fn define(&mut self, name: u32, ops: Vec<ListOp>) {
        self.lists.insert(name, Arc::new(ops));
    }
}

/// Two sequences of ranges, each sorted by start, as one sorted by start.
fn merge_by_start(
    a: impl Iterator<Item = (u64, u64)>,
    b: impl Iterator<Item = (u64, u64)>,
) -> impl Iterator<Item = (u64, u64)> {
    let (mut a, mut b) = (a.peekable(), b.peekable());
    std::iter::from_fn(move || match (a.peek(), b.peek()) {
        (Some(x), Some(y)) if x.0 <= y.0 => a.next(),
        (Some(_), Some(_)) => b.next(),
        (Some(_), None) => a.next(),
        (None, _) => b.next(),
    })
}

/// The list being compiled.
#[derive(Default)]
pub struct Compiling {
    /// Its name.
    pub name: u32,
    /// `GL_COMPILE_AND_EXECUTE`.
    pub execute: bool,
    /// Operations so far.
    pub ops: Vec<ListOp>,
    /// Vertices of the open `glBegin` (and of consecutive Begin/End pairs).
    pub imm: Immediate,
    /// Attribute values as the list sets them (for the vertices it compiles).
    pub current: CurrentAttribs,
    /// Attributes the list has set.
    pub set: Vec<Attrib>,
    /// The open compiled primitive is recorded command by command (Mesa's
    /// `dlist_fallback`), from a command a compiled draw cannot hold
    /// (`glEvalCoord`) to its `glEnd`. See [`Context::save_loopback`].
    pub loopback: bool,
    /// Attributes of the open batch first set by the list after some of its
    /// vertices, with the number of those vertices (see [`ListOp::Draw`]).
    pub inherited: Vec<(Attrib, u32)>,
}

impl std::fmt::Debug for Compiling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Compiling({}, {} ops)", self.name, self.ops.len())
    }
}

/// Per-context display-list state.
#[derive(Debug, Default)]
pub struct ListState {
    /// `glListBase`.
    pub base: u32,
    /// The list being compiled, if any.
    pub compiling: Option<Compiling>,
    /// Current `glCallList` nesting.
    pub depth: u32,
    /// Lists the current top-level `glCallList` has run nested in it (see
    /// [`MAX_NESTED_CALLS`]).
    pub nested_calls: u32,
    /// The nested-call limit was reached (logged once per context).
    pub nested_limit_logged: bool,
}

impl Context {
    /// Whether commands are being compiled into a list.
    #[inline]
    pub fn compiling_list(&self) -> bool {
        self.lists.compiling.is_some()
    }

    /// Whether compiled commands are also executed (`GL_COMPILE_AND_EXECUTE`,
    /// or not compiling at all).
    #[inline]
    pub fn executing(&self) -> bool {
        self.lists.compiling.as_ref().is_none_or(|c| c.execute)
    }

    /// Records a state command into the list being compiled. Inside a
    /// compiled primitive the primitive is recorded command by command from
    /// here on ([`Context::save_loopback`]), so that the command keeps its
    /// place among the vertices (`glMaterial`, `glCallList`, or a command
    /// that must fail between Begin and End when the list is executed).
    pub fn save(&mut self, call: RecordedCall) {
        self.save_loopback();
        if let Some(c) = &mut self.lists.compiling {
            Self::close_batch(c);
            c.ops.push(ListOp::Call(call));
        }
    }

    /// A command that is an error between Begin and End, given between a
    /// compiled `glBegin` and `glEnd` (Mesa's `_mesa_compile_error`): the
    /// list records the error, raised when the list is executed, and raised
    /// now too under `GL_COMPILE_AND_EXECUTE`. `None` in any other case, when
    /// the command proceeds. For commands whose handler validates (and reads
    /// client memory) before recording.
    pub fn compile_error_in_primitive(&mut self) -> Option<ApiResult> {
        let c = self.lists.compiling.as_ref()?;
        c.imm.inside?;
        self.save(Box::new(|_| Err(ApiError::InvalidOperation)));
        Some(if self.executing() {
            Err(ApiError::InvalidOperation)
        } else {
            Ok(())
        })
    }

    /// Compiles a draw of arrays (its vertices fetched now, GL 4.6 compat
    /// §21.4); returns whether the caller must also execute it.
    pub(crate) fn save_batch(&mut self, batch: &DrawBatch) -> bool {
        match &mut self.lists.compiling {
            Some(c) => {
                Self::close_batch(c);
                // Lists keep one vertex per element (their batches merge
                // and split by vertex).
                c.ops.push(ListOp::Draw {
                    batch: Arc::new(batch.expanded().into_owned()),
                    final_values: Vec::new(),
                    inherited: Vec::new(),
                });
                c.execute
            }
            None => true,
        }
    }

    /// Ends the batch of compiled vertices, if any, as a draw operation.
    fn close_batch(c: &mut Compiling) {
        if c.imm.inside.is_some() || !c.imm.has_pending() {
            return;
        }
        let inherited = std::mem::take(&mut c.inherited);
        if let Some(batch) = c.imm.take(&c.current) {
            let final_values = c
                .set
                .iter()
                .map(|&a| (a, c.current.values[a.index()]))
                .collect();
            c.ops.push(ListOp::Draw {
                batch: Arc::new(batch),
                final_values,
                inherited,
            });
        }
    }

    /// Compiles `glBegin`; returns false when not compiling.
    pub fn save_begin(&mut self, mode: GLenum) -> bool {
        let Some(c) = &mut self.lists.compiling else {
            return false;
        };
        if c.imm.inside.is_none() && crate::vbo::immediate::is_begin_mode(mode) {
            c.imm.begin(mode);
        } else {
            // Invalid here: recorded so that the error happens at execution.
            self.save(Box::new(move |ctx| ctx.begin(mode)));
        }
        true
    }

    /// Compiles `glPrimitiveRestartNV`; returns false when not compiling.
    /// Inside a compiled primitive it restarts that primitive; anywhere else
    /// it runs (and fails, or restarts a primitive begun outside the list)
    /// at execution.
    pub fn save_primitive_restart(&mut self) -> bool {
        let Some(c) = &mut self.lists.compiling else {
            return false;
        };
        if c.imm.inside.is_some() && !c.loopback {
            c.imm.restart();
        } else {
            c.ops
                .push(ListOp::Call(Box::new(|ctx| ctx.primitive_restart_nv())));
        }
        true
    }

    /// Compiles `glEnd`; returns false when not compiling.
    pub fn save_end(&mut self) -> bool {
        match &mut self.lists.compiling {
            Some(c) => {
                if c.imm.inside.is_some() {
                    c.imm.end();
                    if c.loopback {
                        c.loopback = false;
                        c.ops.push(ListOp::Call(Box::new(|ctx| ctx.end())));
                    }
                } else {
                    c.ops.push(ListOp::Call(Box::new(|ctx| ctx.end())));
                }
                true
            }
            None => false,
        }
    }

    /// Compiles a vertex; returns false when not compiling.
    pub fn save_vertex(&mut self, pos: [f32; 4]) -> bool {
        match &mut self.lists.compiling {
            Some(c) => {
                if c.imm.inside.is_some() && !c.loopback {
                    c.imm.emit(pos, &c.current);
                } else {
                    // In a loopback primitive, or outside any compiled one:
                    // the vertex belongs to whatever primitive is open when
                    // the list is executed (a list called between Begin and End).
                    Self::close_batch(c);
                    c.ops.push(ListOp::Call(Box::new(move |ctx| {
                        ctx.vertex(pos);
                        Ok(())
                    })));
                }
                true
            }
            None => false,
        }
    }

    /// Compiles an attribute; returns false when not compiling.
    pub fn save_attrib(&mut self, a: Attrib, value: [f32; 4], size: u8) -> bool {
        match &mut self.lists.compiling {
            Some(c) => {
                if c.imm.inside.is_some() && !c.loopback {
                    let emitted = c.imm.vertex_count();
                    if !c.set.contains(&a) && emitted > 0 {
                        // The vertices so far take the value current at
                        // execution; stored with four components so that
                        // none of that value is lost.
                        c.inherited.push((a, emitted as u32));
                        c.imm.note_attrib(a, 4, &c.current);
                    }
                    c.imm.note_attrib(a, size, &c.current);
                } else {
                    Self::close_batch(c);
                    c.ops.push(ListOp::Call(Box::new(move |ctx| {
                        ctx.attrib(a, value, size);
                        Ok(())
                    })));
                }
                c.current.values[a.index()] = value;
                if !c.set.contains(&a) {
                    c.set.push(a);
                }
                true
            }
            None => false,
        }
    }

    /// Switches the open compiled primitive to command-by-command recording
    /// (Mesa's `dlist_fallback`): the primitives compiled before it stay one
    /// draw; its vertices so far become `glBegin`, attribute and `glVertex`
    /// calls (the attributes the list has set, per vertex); what follows up
    /// to `glEnd` is recorded as calls. For commands between `glBegin` and
    /// `glEnd` whose vertices depend on state at execution (`glEvalCoord`,
    /// `glEvalPoint`). Nothing happens outside a compiled primitive.
    pub fn save_loopback(&mut self) {
        let Some(c) = &mut self.lists.compiling else {
            return;
        };
        let (Some(mode), Some(open)) = (c.imm.inside, c.imm.open_prim_start()) else {
            return;
        };
        if c.loopback {
            return;
        }
        c.loopback = true;
        let inherited = std::mem::take(&mut c.inherited);
        let batch = c.imm.take(&c.current);
        if let Some(batch) = &batch {
            let mut closed = batch.clone();
            closed.prims.retain(|p| (p.start as usize) < open);
            if !closed.prims.is_empty() {
                let final_values = c
                    .set
                    .iter()
                    .map(|&a| (a, c.current.values[a.index()]))
                    .collect();
                c.ops.push(ListOp::Draw {
                    batch: Arc::new(closed),
                    final_values,
                    inherited: inherited.clone(),
                });
            }
        }
        c.ops
            .push(ListOp::Call(Box::new(move |ctx| ctx.begin(mode))));
        let Some(batch) = batch else {
            return;
        };
        let attribs: Vec<Attrib> = batch
            .layout
            .iter()
            .map(|l| l.attrib)
            .filter(|a| *a != Attrib::POS && c.set.contains(a))
            .collect();
        for v in open..batch.vertex_count() {
            // Values the list had not set yet at this vertex are not recorded.
            let values: Vec<(Attrib, [f32; 4])> = attribs
                .iter()
                .filter(|&&a| !inherited.iter().any(|&(b, n)| b == a && v < n as usize))
                .map(|&a| (a, batch.fetch(v, a)))
                .collect();
            let pos = batch.fetch(v, Attrib::POS);
            c.ops.push(ListOp::Call(Box::new(move |ctx| {
                for &(a, value) in &values {
                    ctx.attrib(a, value, 4);
                }
                ctx.vertex(pos);
                Ok(())
            })));
        }
    }

    /// `glNewList`. INVALID_VALUE for list 0, INVALID_ENUM for a bad mode,
    /// INVALID_OPERATION while compiling or inside Begin/End.
    pub fn new_list(&mut self, name: u32, mode: GLenum) -> ApiResult {
        self.outside_begin_end()?;
        if name == 0 {
            return Err(ApiError::InvalidValue);
        }
        if !matches!(mode, GL_COMPILE | GL_COMPILE_AND_EXECUTE) {
            return Err(ApiError::InvalidEnum);
        }
        if self.compiling_list() {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        self.lists.compiling = Some(Compiling {
            name,
            execute: mode == GL_COMPILE_AND_EXECUTE,
            current: self.ff.current.clone(),
            ..Compiling::default()
        });
        Ok(())
    }

    /// `glEndList`. INVALID_OPERATION when not compiling or inside an
    /// executed Begin/End (`GL_COMPILE_AND_EXECUTE`). A primitive the list
    /// begins without ending is recorded command by command (Mesa does the
    /// same): executing the list calls `glBegin` and the vertices, and the
    /// `glEnd` of whoever called it ends the primitive.
    pub fn end_list(&mut self) -> ApiResult {
        if !self.compiling_list() || self.in_begin_end() {
            return Err(ApiError::InvalidOperation);
        }
        self.save_loopback();
        let Some(mut c) = self.lists.compiling.take() else {
            return Err(ApiError::InvalidOperation);
        };
        c.imm.end();
        c.loopback = false;
        Self::close_batch(&mut c);
        self.shared().lists().define(c.name, c.ops);
        Ok(())
    }

    /// `glGenLists`.
    pub fn gen_lists(&mut self, range: i32) -> ApiResult<u32> {
        self.outside_begin_end()?;
        self.shared().lists().gen_lists(range)
    }

    /// `glDeleteLists`.
    pub fn delete_lists(&mut self, first: u32, range: i32) -> ApiResult {
        self.outside_begin_end()?;
        self.shared().lists().delete_lists(first, range)
    }

    /// `glIsList`.
    pub fn is_list(&mut self, name: u32) -> ApiResult<bool> {
        self.outside_begin_end()?;
        Ok(self.shared().lists().is_list(name))
    }

    /// `glListBase`.
    pub fn list_base(&mut self, base: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.lists.base = base;
        Ok(())
    }

    /// `glCallList`: records while compiling, executes when executing.
    /// Nesting deeper than `GL_MAX_LIST_NESTING` is ignored (as Mesa).
    pub fn call_list(&mut self, name: u32) {
        // Between a compiled Begin and End the called list's vertices join
        // the primitive when executed: record the primitive command by command.
        self.save_loopback();
        if let Some(c) = &mut self.lists.compiling {
            Self::close_batch(c);
            c.ops.push(ListOp::CallList(name));
            if !c.execute {
                return;
            }
        }
        self.execute_list(name);
    }

    fn execute_list(&mut self, name: u32) {
        if self.lists.depth >= MAX_LIST_NESTING {
            return;
        }
        if self.lists.depth == 0 {
            self.lists.nested_calls = 0;
        } else if self.lists.nested_calls >= MAX_NESTED_CALLS {
            if !self.lists.nested_limit_logged {
                self.lists.nested_limit_logged = true;
                oxgl_util::log!(
                    oxgl_util::log::Level::Info,
                    "glCallList: more than {MAX_NESTED_CALLS} lists nested in one call; \
                     the rest are ignored"
                );
            }
            return;
        } else {
            self.lists.nested_calls += 1;
        }
        let Some(ops) = self.shared().lists().get(name) else {
            return;
        };
        self.lists.depth += 1;
        // Commands a list executes are not compiled again.
        let compiling = self.lists.compiling.take();
        for op in ops.iter() {
            match op {
                ListOp::Call(f) => {
                    let r = f(self);
                    self.record(r);
                }
                ListOp::Draw {
                    batch,
                    final_values,
                    inherited,
                } => {
                    if self.in_begin_end() {
                        // A list drawn inside Begin/End: not supported by the
                        // spec for Begin within the list; the error is Begin's.
                        self.record::<()>(Err(ApiError::InvalidOperation));
                        continue;
                    }
                    // GL 4.6 §13.3.2: while transform feedback is active,
                    // INVALID_OPERATION for a draw whose mode is not
                    // recorded as its primitive (Mesa's list playback does
                    // not check; the specification names no exception).
                    if let Some(p) = batch
                        .prims
                        .iter()
                        .find(|p| self.check_draw_mode(p.mode).is_err())
                    {
                        self.record(self.check_draw_mode(p.mode));
                        continue;
                    }
                    self.flush_vertices();
                    let mut b = (**batch).clone();
                    // Attributes the list did not set take today's values.
                    b.constant = self.ff.current.values;
                    for &(a, n) in inherited {
                        b.fill(a, n as usize, self.ff.current.values[a.index()]);
                    }
                    self.submit_batch(&b);
                    for &(a, v) in final_values {
                        self.ff.current.values[a.index()] = v;
                    }
                }
                ListOp::CallList(n) => self.execute_list(*n),
            }
        }
        self.lists.compiling = compiling;
        self.lists.depth -= 1;
    }

    /// `glCallLists`: INVALID_VALUE for a negative count, INVALID_ENUM for an
    /// unknown type. `names` holds the decoded list names (before the base).
    pub fn call_lists(&mut self, names: &[u32]) {
        let base = self.lists.base;
        for &n in names {
            self.call_list(base.wrapping_add(n));
        }
    }
}

/// Decodes the `lists` array of `glCallLists` (GL 4.6 compat table 21.x).
pub fn decode_call_lists(type_: GLenum, bytes: &[u8], n: usize) -> ApiResult<Vec<u32>> {
    let (size, f): (usize, fn(&[u8]) -> u32) = match type_ {
        GL_BYTE => (1, |b| b[0] as i8 as i32 as u32),
        GL_UNSIGNED_BYTE => (1, |b| u32::from(b[0])),
        GL_SHORT => (2, |b| i16::from_ne_bytes([b[0], b[1]]) as i32 as u32),
        GL_UNSIGNED_SHORT => (2, |b| u32::from(u16::from_ne_bytes([b[0], b[1]]))),
        GL_INT => (4, |b| i32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as u32),
        GL_UNSIGNED_INT => (4, |b| u32::from_ne_bytes([b[0], b[1], b[2], b[3]])),
        GL_FLOAT => (4, |b| f32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as u32),
        GL_2_BYTES => (2, |b| u32::from(b[0]) * 256 + u32::from(b[1])),
        GL_3_BYTES => (3, |b| {
            (u32::from(b[0]) * 256 + u32::from(b[1])) * 256 + u32::from(b[2])
        }),
        GL_4_BYTES => (4, |b| {
            ((u32::from(b[0]) * 256 + u32::from(b[1])) * 256 + u32::from(b[2])) * 256
                + u32::from(b[3])
        }),
        _ => return Err(ApiError::InvalidEnum),
    };
    Ok(bytes.chunks_exact(size).take(n).map(f).collect())
}

/// Bytes per element of a `glCallLists` type.
pub fn call_lists_size(type_: GLenum) -> ApiResult<usize> {
    Ok(match type_ {
        GL_BYTE | GL_UNSIGNED_BYTE => 1,
        GL_SHORT | GL_UNSIGNED_SHORT | GL_2_BYTES => 2,
        GL_3_BYTES => 3,
        GL_INT | GL_UNSIGNED_INT | GL_FLOAT | GL_4_BYTES => 4,
        _ => return Err(ApiError::InvalidEnum),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gen_finds_contiguous_runs() {
        let mut l = DisplayLists::default();
        assert_eq!(l.gen_lists(3), Ok(1));
        assert_eq!(l.gen_lists(2), Ok(4));
        l.delete_lists(2, 1).unwrap();
        assert_eq!(l.gen_lists(1), Ok(2));
        assert_eq!(l.gen_lists(2), Ok(6));
        assert_eq!(l.gen_lists(0), Ok(0));
        assert_eq!(l.gen_lists(-1), Err(ApiError::InvalidValue));
        assert!(l.is_list(5) && !l.is_list(8));
    }

    #[test]
    fn call_lists_types() {
        assert_eq!(
            decode_call_lists(GL_2_BYTES, &[1, 2, 0, 3], 2),
            Ok(vec![258, 3])
        );
        assert_eq!(decode_call_lists(GL_BYTE, &[0xff], 1), Ok(vec![u32::MAX]));
        assert_eq!(
            decode_call_lists(0x1234, &[], 0),
            Err(ApiError::InvalidEnum)
        );
    }

    #[test]
    fn gen_lists_reserves_ranges_without_materialising_them() {
        let mut l = DisplayLists::default();
        assert_eq!(l.gen_lists(i32::MAX), Ok(1));
        assert_eq!(l.reserved.len(), 1);
        assert!(l.is_list(1) && l.is_list(i32::MAX as u32) && !l.is_list(1 << 31));
        // What is left of the name space: 2^31 names from 2^31.
        assert_eq!(l.gen_lists(i32::MAX), Ok(1 << 31));
        assert_eq!(l.gen_lists(i32::MAX), Ok(0));
        assert_eq!(l.gen_lists(-1), Err(ApiError::InvalidValue));
        assert_eq!(l.gen_lists(0), Ok(0));
    }

    #[test]
    fn gaps_are_reused_first_fit() {
        let mut l = DisplayLists::default();
        assert_eq!(l.gen_lists(10), Ok(1));
        l.define(5, Vec::new());
        assert_eq!(l.delete_lists(3, 4), Ok(()));
        assert!(l.is_list(2) && !l.is_list(3) && !l.is_list(5) && !l.is_list(6) && l.is_list(7));
        assert_eq!(l.gen_lists(5), Ok(11));
        assert_eq!(l.gen_lists(4), Ok(3));
        assert_eq!(l.gen_lists(1), Ok(16));
        // Deleting everything is one walk, whatever the range.
        assert_eq!(l.delete_lists(0, i32::MAX), Ok(()));
        assert!(l.reserved.is_empty() && l.lists.is_empty());
        assert_eq!(l.gen_lists(3), Ok(1));
    }

    #[test]
    fn defined_lists_are_used_names() {
        let mut l = DisplayLists::default();
        l.define(1, Vec::new());
        l.define(3, Vec::new());
        assert_eq!(l.gen_lists(1), Ok(2));
        assert_eq!(l.gen_lists(2), Ok(4));
        assert!(l.get(1).is_some() && l.get(2).is_none());
    }
}
