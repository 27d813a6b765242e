//! Query objects (GL 4.6 §4.2) for occlusion queries (§14.9.4 compat /
//! §17.3.7): `GL_SAMPLES_PASSED` (GL 1.5, ARB_occlusion_query) counts the
//! samples that pass every per-fragment test between `glBeginQuery` and
//! `glEndQuery`; `GL_ANY_SAMPLES_PASSED` (GL 3.3, ARB_occlusion_query2)
//! reports whether any did, and GL 4.3's `GL_ANY_SAMPLES_PASSED_CONSERVATIVE`
//! answers exactly the same (a conservative answer may be the exact one).
//! The backend counts (`begin_query`/`end_query`
//! hooks, `OxglQueryType::SamplesPassed`); the boolean is derived here.
//!
//! Query objects contain no references to other objects but are still not
//! shared (GL 4.6 §5.1.3 lists them among the per-context objects): the
//! namespace lives in the context. Both targets share one binding point, as
//! in Mesa (`ctx->Query.CurrentOcclusionObject`): a `GL_SAMPLES_PASSED`
//! query cannot be begun while an `GL_ANY_SAMPLES_PASSED` one is active.
//! The error rules follow Mesa's `queryobj.c`.
//!
//! Timer queries (ARB_timer_query, EXT_timer_query, GL 3.3) are timed here,
//! in the core: `glBeginQuery(GL_TIME_ELAPSED)` and `glEndQuery` each wait
//! for the backend to finish the work queued before them
//! (`OxglDriBackend::finish`) and read the clock, so the result is the time
//! the GPU — swrast's threads — took for the commands between them, plus
//! the core's own time spent on them; `glQueryCounter(GL_TIMESTAMP)` waits
//! likewise and records the time. Results are available at once. The clock
//! is monotonic, in nanoseconds since the process first read it
//! ([`timestamp_now`]), the one `glGetInteger64v(GL_TIMESTAMP)` reads.

use oxgl_dri_interface::OxglQueryType;
use oxgl_dri_interface::client::Query as BackendQuery;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};
use crate::namespace::Namespace;

/// `GL_QUERY_COUNTER_BITS` of `GL_SAMPLES_PASSED` (llvmpipe's value).
pub const SAMPLES_PASSED_BITS: i32 = 64;

/// `GL_QUERY_COUNTER_BITS` of `GL_TIME_ELAPSED` and `GL_TIMESTAMP`
/// (llvmpipe's value; ARB_timer_query asks for at least 30).
pub const TIMER_BITS: i32 = 64;

/// The GL clock (`GL_TIMESTAMP`): monotonic nanoseconds since the process
/// first read it.
pub fn timestamp_now() -> u64 {
    static EPOCH: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    let epoch = *EPOCH.get_or_init(std::time::Instant::now);
    u64::try_from(epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// One query object.
#[derive(Default)]
struct QueryObject {
    /// Its target since the first `glBeginQuery`; 0 while it has none
    /// (a name from `glGenQueries` only: not yet a query, `glIsQuery` false).
    target: GLenum,
    /// Between its `glBeginQuery` and `glEndQuery`.
    active: bool,
    /// The backend's counter, created on the first begin.
    backend: Option<BackendQuery>,
    /// The result once the backend reported it (cached: it cannot change
    /// until the next begin).
    result: Option<u64>,
    /// An active `GL_TIME_ELAPSED` query: the time it began
    /// ([`timestamp_now`]).
    started: u64,
    /// `glObjectLabel`.
    label: crate::debug::Label,
    /// The order of its last `glEndQuery` among the context's backend
    /// queries (1 for the first); 0 before any.
    ended: u64,
}

/// A context's query objects and the active occlusion query.
#[derive(Default)]
pub struct Queries {
    names: Namespace<QueryObject>,
    /// The name of the active occlusion query (either target), 0 if none.
    occlusion: u32,
    /// The name of the active `GL_TIME_ELAPSED` query, 0 if none.
    time_elapsed: u32,
    /// The query of the active conditional rendering (NV_conditional_render,
    /// GL 3.0 §2.18), if any.
    pub(crate) conditional: Option<u32>,
    /// The active `GL_PRIMITIVES_GENERATED` and
    /// `GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN` queries (0 if none) and
    /// their counts so far (EXT_transform_feedback: the core counts what
    /// the backend reports per draw).
    /// Four of each, one per vertex stream (ARB_transform_feedback3).
    primitives: [(u32, u64); 2 * STREAMS],
    /// Backend queries ended so far ([`QueryObject::ended`]).
    ended: u64,
}

impl Queries {
    /// The name of the active occlusion query, 0 if none.
    pub fn active_occlusion(&self) -> u32 {
        self.occlusion
    }

    /// The label slot of query `name`: any name `glGenQueries` returned
    /// (Mesa makes the object there, before its first begin).
    pub(crate) fn label_mut(&mut self, name: u32) -> Option<&mut crate::debug::Label> {
        self.names.get_mut(name).map(|q| &mut q.label)
    }

    /// Whether a primitive query is counting.
    pub(crate) fn primitive_queries_active(&self) -> bool {
        self.primitives.iter().any(|&(n, _)| n != 0)
    }

    /// Adds one draw's primitives generated and written, per vertex
    /// stream, to the active primitive queries.
    pub(crate) fn count_primitives(&mut self, generated: [u64; STREAMS], written: [u64; STREAMS]) {
        let counts = generated.into_iter().chain(written);
        for (slot, n) in self.primitives.iter_mut().zip(counts) {
            if slot.0 != 0 {
                slot.1 += n;
            }
        }
    }
}

/// Vertex streams (`GL_MAX_VERTEX_STREAMS`).
const STREAMS: usize = crate::xfb::MAX_VERTEX_STREAMS as usize;

/// The primitive query slot of `target` on vertex stream `stream`, if it
/// is one.
fn primitive_slot(target: GLenum, stream: u32) -> Option<usize> {
    let kind = match target {
        GL_PRIMITIVES_GENERATED => 0,
        GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN => 1,
        _ => return None,
    };
    let stream = (stream as usize).min(STREAMS - 1);
    Some(kind * STREAMS + stream)
}

/// What `glGetQueryObject*` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryValue {
    /// `GL_QUERY_RESULT` (waits).
    Result,
    /// `GL_QUERY_RESULT_AVAILABLE`.
    Available,
    /// `GL_QUERY_TARGET` (GL 4.5).
    Target,
}

impl Context {
    /// Whether `target` names an occlusion query in this context: GL_SAMPLES_PASSED
    /// on desktop GL, GL_ANY_SAMPLES_PASSED(_CONSERVATIVE) on desktop GL and
    /// OpenGL ES 3.0. INVALID_ENUM otherwise (GL 4.6 §4.2.1).
    fn occlusion_target(&self, target: GLenum) -> ApiResult {
        let es = self.params().profile == Profile::Es;
        match target {
            // EXT_transform_feedback.
            GL_PRIMITIVES_GENERATED if !es => Ok(()),
            // ES 3.0 has the written count only.
            GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN if self.params().desktop_or_es3() => Ok(()),
            // ARB_timer_query / EXT_timer_query.
            GL_TIME_ELAPSED if !es => Ok(()),
            GL_SAMPLES_PASSED if !es => Ok(()),
            GL_ANY_SAMPLES_PASSED | GL_ANY_SAMPLES_PASSED_CONSERVATIVE
                if !es || self.params().version >= (3, 0) =>
            {
                Ok(())
            }
            _ => Err(ApiError::InvalidEnum),
        }
    }

    /// The index of an indexed query command (ARB_transform_feedback3,
    /// GL 4.6 §4.2.1): a vertex stream for the primitive queries, 0 for
    /// the others. INVALID_ENUM for an unknown target, INVALID_VALUE for
    /// an index past `GL_MAX_VERTEX_STREAMS` (past 0 for the others).
    fn query_index(&self, target: GLenum, index: u32) -> ApiResult {
        if target != GL_TIMESTAMP {
            self.occlusion_target(target)?;
        }
        let streams = match target {
            GL_PRIMITIVES_GENERATED | GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN => {
                crate::xfb::MAX_VERTEX_STREAMS
            }
            _ => 1,
        };
        if index >= streams {
            return Err(ApiError::InvalidValue);
        }
        Ok(())
    }

    /// `glBeginQueryIndexed`: [`Context::begin_query`] for vertex stream
    /// `index` (errors of [`Context::query_index`] first).
    pub fn begin_query_indexed(&mut self, target: GLenum, index: u32, name: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.query_index(target, index)?;
        self.begin_query_at(target, index, name)
    }

    /// `glEndQueryIndexed`, as [`Context::begin_query_indexed`].
    pub fn end_query_indexed(&mut self, target: GLenum, index: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.query_index(target, index)?;
        self.end_query_at(target, index)
    }

    /// `glGetQueryIndexediv`, as [`Context::begin_query_indexed`].
    pub fn get_query_indexed_iv(
        &mut self,
        target: GLenum,
        index: u32,
        pname: GLenum,
    ) -> ApiResult<i32> {
        self.outside_begin_end()?;
        self.query_index(target, index)?;
        self.get_query_iv_at(target, index, pname)
    }

    /// `glGenQueries`. GL 4.6 §4.2.1: INVALID_VALUE if `n` is negative. The
    /// names are reserved but are not queries until their first begin.
    pub fn gen_queries(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        self.outside_begin_end()?;
        self.queries.names.generate_with(n, QueryObject::default)
    }

    /// `glDeleteQueries` (the handler checks `n`): an active query is ended
    /// first (GL 4.6 §4.2.1); 0 and unknown names are ignored.
    pub fn delete_queries(&mut self, names: &[u32]) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        for &name in names {
            if name == 0 {
                continue;
            }
            let Some(Some(obj)) = self.queries.names.remove(name) else {
                continue;
            };
            if obj.active && obj.target == GL_TIME_ELAPSED {
                self.queries.time_elapsed = 0;
            } else if obj.active && primitive_slot(obj.target, 0).is_some() {
                for slot in &mut self.queries.primitives {
                    if slot.0 == name {
                        *slot = (0, 0);
                    }
                }
            } else if obj.active {
                self.queries.occlusion = 0;
                if let Some(b) = &obj.backend {
                    Self::status(self.backend().end_query(b))?;
                }
            }
        }
        Ok(())
    }

    /// `glIsQuery`: a name that has been begun at least once (Mesa's
    /// `EverBound`; a name only generated is not a query yet).
    pub fn is_query(&mut self, name: u32) -> ApiResult<bool> {
        self.outside_begin_end()?;
        Ok(self.queries.names.get(name).is_some_and(|q| q.target != 0))
    }

    /// `glBeginQuery`. GL 4.6 §4.2.1: INVALID_ENUM for an unknown target;
    /// INVALID_OPERATION if a query is active for the target (both
    /// occlusion targets share one binding, as Mesa), if `name` is 0, if
    /// it is active, or if it names a query of another target; in core
    /// and ES contexts also for a name not from `glGenQueries`
    /// (compatibility contexts create it, as Mesa).
    pub fn begin_query(&mut self, target: GLenum, name: u32) -> ApiResult {
        self.begin_query_at(target, 0, name)
    }

    /// [`Context::begin_query`] on vertex stream `stream` (a checked
    /// index).
    fn begin_query_at(&mut self, target: GLenum, stream: u32, name: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.occlusion_target(target)?;
        let slot = primitive_slot(target, stream);
        let busy = match slot {
            Some(s) => self.queries.primitives[s].0 != 0,
            None if target == GL_TIME_ELAPSED => self.queries.time_elapsed != 0,
            None => self.queries.occlusion != 0,
        };
        if busy || name == 0 {
            return Err(ApiError::InvalidOperation);
        }
        let compat = self.params().profile == Profile::Compat;
        match self.queries.names.get(name) {
            None if !compat => return Err(ApiError::InvalidOperation),
            None => {
                self.queries.names.insert(name, QueryObject::default());
            }
            Some(q) if q.active || (q.target != 0 && q.target != target) => {
                return Err(ApiError::InvalidOperation);
            }
            Some(_) => {}
        }
        if let Some(s) = slot {
            if let Some(q) = self.queries.names.get_mut(name) {
                q.target = target;
                q.active = true;
                q.result = None;
            }
            self.queries.primitives[s] = (name, 0);
            return Ok(());
        }
        if target == GL_TIME_ELAPSED {
            // The work queued before the query is not part of it.
            Self::status(self.backend().finish())?;
            let now = timestamp_now();
            if let Some(q) = self.queries.names.get_mut(name) {
                q.target = target;
                q.active = true;
                q.result = None;
                q.started = now;
            }
            self.queries.time_elapsed = name;
            return Ok(());
        }
        let created = match self.queries.names.get(name) {
            Some(q) if q.backend.is_none() => {
                self.backend().create_query(OxglQueryType::SamplesPassed)
            }
            _ => None,
        };
        let Some(q) = self.queries.names.get_mut(name) else {
            return Ok(());
        };
        if created.is_some() {
            q.backend = created;
        }
        q.target = target;
        q.active = true;
        q.result = None;
        self.queries.occlusion = name;
        match self
            .queries
            .names
            .get(name)
            .and_then(|q| q.backend.as_ref())
        {
            Some(b) => Self::status(self.backend().begin_query(b)),
            // A backend that cannot count: every result is 0.
            None => Ok(()),
        }
    }

    /// `glEndQuery`. GL 4.6 §4.2.1: INVALID_ENUM for an unknown target,
    /// INVALID_OPERATION if no query of `target` is active (the active
    /// occlusion query of the other target stays active, as Mesa).
    pub fn end_query(&mut self, target: GLenum) -> ApiResult {
        self.end_query_at(target, 0)
    }

    /// [`Context::end_query`] on vertex stream `stream` (a checked index).
    fn end_query_at(&mut self, target: GLenum, stream: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.occlusion_target(target)?;
        if let Some(s) = primitive_slot(target, stream) {
            let (name, count) = self.queries.primitives[s];
            let q = self
                .queries
                .names
                .get_mut(name)
                .filter(|q| q.active)
                .ok_or(ApiError::InvalidOperation)?;
            q.active = false;
            q.result = Some(count);
            self.queries.primitives[s] = (0, 0);
            return Ok(());
        }
        if target == GL_TIME_ELAPSED {
            let name = self.queries.time_elapsed;
            if !self.queries.names.get(name).is_some_and(|q| q.active) {
                return Err(ApiError::InvalidOperation);
            }
            // The query's work done: its time is known now.
            Self::status(self.backend().finish())?;
            let now = timestamp_now();
            if let Some(q) = self.queries.names.get_mut(name) {
                q.active = false;
                q.result = Some(now.saturating_sub(q.started));
            }
            self.queries.time_elapsed = 0;
            return Ok(());
        }
        let name = self.queries.occlusion;
        let Some(q) = self.queries.names.get_mut(name).filter(|q| q.active) else {
            return Err(ApiError::InvalidOperation);
        };
        if q.target != target {
            return Err(ApiError::InvalidOperation);
        }
        q.active = false;
        self.queries.ended += 1;
        q.ended = self.queries.ended;
        self.queries.occlusion = 0;
        match self
            .queries
            .names
            .get(name)
            .and_then(|q| q.backend.as_ref())
        {
            Some(b) => Self::status(self.backend().end_query(b)),
            None => Ok(()),
        }
    }

    /// `glQueryCounter` (ARB_timer_query, GL 4.6 §4.3): records the GL
    /// time once the commands before it are done. INVALID_ENUM unless
    /// `target` is `GL_TIMESTAMP`; INVALID_OPERATION for name 0, an active
    /// query, a query of another target, and in core contexts a name not
    /// from `glGenQueries` (compatibility contexts create it, as
    /// `glBeginQuery` does).
    pub fn query_counter(&mut self, id: u32, target: GLenum) -> ApiResult {
        self.outside_begin_end()?;
        if target != GL_TIMESTAMP || self.params().profile == Profile::Es {
            return Err(ApiError::InvalidEnum);
        }
        if id == 0 {
            return Err(ApiError::InvalidOperation);
        }
        let compat = self.params().profile == Profile::Compat;
        match self.queries.names.get(id) {
            None if !compat => return Err(ApiError::InvalidOperation),
            None => {
                self.queries.names.insert(id, QueryObject::default());
            }
            Some(q) if q.active || (q.target != 0 && q.target != GL_TIMESTAMP) => {
                return Err(ApiError::InvalidOperation);
            }
            Some(_) => {}
        }
        self.flush_vertices();
        Self::status(self.backend().finish())?;
        let now = timestamp_now();
        if let Some(q) = self.queries.names.get_mut(id) {
            q.target = GL_TIMESTAMP;
            q.result = Some(now);
        }
        Ok(())
    }

    /// `glBeginConditionalRender` (NV_conditional_render, GL 4.6 §10.9):
    /// rendering until the matching end is discarded when query `id`
    /// counted no samples. INVALID_ENUM for an unknown mode, INVALID_VALUE
    /// for 0 or a name never generated, INVALID_OPERATION while one is
    /// active, for a query never begun or one that is active (Mesa's
    /// rules). Every mode waits for the
    /// result: the query's draws are already done when it is asked.
    pub fn begin_conditional_render(&mut self, id: u32, mode: GLenum) -> ApiResult {
        self.outside_begin_end()?;
        if !matches!(
            mode,
            GL_QUERY_WAIT | GL_QUERY_NO_WAIT | GL_QUERY_BY_REGION_WAIT | GL_QUERY_BY_REGION_NO_WAIT
        ) {
            return Err(ApiError::InvalidEnum);
        }
        if self.queries.conditional.is_some() {
            return Err(ApiError::InvalidOperation);
        }
        let q = self
            .queries
            .names
            .get(id)
            .filter(|_| id != 0)
            .ok_or(ApiError::InvalidValue)?;
        // A generated name never begun has no target: Mesa's
        // INVALID_OPERATION, as for an active query and a timer query
        // (which counts no samples).
        if q.target == 0 || q.active || matches!(q.target, GL_TIME_ELAPSED | GL_TIMESTAMP) {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        self.queries.conditional = Some(id);
        Ok(())
    }

    /// `glEndConditionalRender`: INVALID_OPERATION without an active one.
    pub fn end_conditional_render(&mut self) -> ApiResult {
        self.outside_begin_end()?;
        if self.queries.conditional.is_none() {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        self.queries.conditional = None;
        Ok(())
    }

    /// Whether rendering is discarded now: a conditional rendering is
    /// active and its query counted no samples (a query deleted since
    /// discards nothing).
    pub(crate) fn render_discarded(&mut self) -> bool {
        let Some(id) = self.queries.conditional else {
            return false;
        };
        let Some(q) = self.queries.names.get(id) else {
            return false;
        };
        let result = match (q.result, &q.backend) {
            (Some(r), _) => r,
            (None, Some(b)) => self.backend().query_result(b, true).unwrap_or(0),
            (None, None) => 0,
        };
        if let Some(q) = self.queries.names.get_mut(id) {
            q.result = Some(result);
        }
        result == 0
    }

    /// `glGetQueryiv`. GL 4.6 §4.2.3: INVALID_ENUM for an unknown target
    /// or pname. `GL_CURRENT_QUERY` is the active query of that target (0
    /// when the active occlusion query has the other target, as Mesa);
    /// `GL_QUERY_COUNTER_BITS` is 64 for sample counts and 1 for the
    /// boolean (Mesa's values). ES has only `GL_CURRENT_QUERY`.
    pub fn get_query_iv(&mut self, target: GLenum, pname: GLenum) -> ApiResult<i32> {
        self.get_query_iv_at(target, 0, pname)
    }

    /// [`Context::get_query_iv`] on vertex stream `stream` (a checked
    /// index).
    fn get_query_iv_at(&mut self, target: GLenum, stream: u32, pname: GLenum) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let es = self.params().profile == Profile::Es;
        if target == GL_TIMESTAMP && !es {
            // ARB_timer_query: a counter with no active query.
            return match pname {
                GL_CURRENT_QUERY => Ok(0),
                GL_QUERY_COUNTER_BITS => Ok(TIMER_BITS),
                _ => Err(ApiError::InvalidEnum),
            };
        }
        self.occlusion_target(target)?;
        match pname {
            GL_CURRENT_QUERY if target == GL_TIME_ELAPSED => Ok(self.queries.time_elapsed as i32),
            GL_CURRENT_QUERY if primitive_slot(target, stream).is_some() => {
                let s = primitive_slot(target, stream).unwrap_or(0);
                Ok(self.queries.primitives[s].0 as i32)
            }
            GL_CURRENT_QUERY => {
                let name = self.queries.occlusion;
                let same = self
                    .queries
                    .names
                    .get(name)
                    .is_some_and(|q| q.target == target);
                Ok(if same { name as i32 } else { 0 })
            }
            GL_QUERY_COUNTER_BITS if self.params().profile != Profile::Es => Ok(match target {
                GL_SAMPLES_PASSED | GL_PRIMITIVES_GENERATED => SAMPLES_PASSED_BITS,
                GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN => SAMPLES_PASSED_BITS,
                GL_TIME_ELAPSED => TIMER_BITS,
                _ => 1,
            }),
            _ => Err(ApiError::InvalidEnum),
        }
    }

    /// Whether every backend query that ended before the `ended`-th has
    /// its result (waited for when `wait`; the results found are kept).
    fn earlier_queries_done(&mut self, ended: u64, wait: bool) -> bool {
        let earlier: Vec<u32> = self
            .queries
            .names
            .iter()
            .filter(|(_, q)| q.ended > 0 && q.ended < ended && !q.active && q.result.is_none())
            .filter(|(_, q)| q.backend.is_some())
            .map(|(n, _)| n)
            .collect();
        for n in earlier {
            let r = match self.queries.names.get(n).and_then(|q| q.backend.as_ref()) {
                Some(b) => self.backend().query_result(b, wait),
                None => continue,
            };
            match r {
                Some(v) => {
                    if let Some(q) = self.queries.names.get_mut(n) {
                        q.result = Some(v);
                    }
                }
                None => return false,
            }
        }
        true
    }

    /// `glGetQueryObject{i,ui,i64,ui64}v` before the conversion to the
    /// caller's type. GL 4.6 §4.2.3: INVALID_OPERATION if `name` is not a
    /// query object (never begun) or is active; INVALID_ENUM for a pname
    /// (`value` `None`). `GL_QUERY_RESULT` waits for the result;
    /// `GL_ANY_SAMPLES_PASSED` results are 0 or 1.
    pub fn get_query_object(&mut self, name: u32, value: Option<QueryValue>) -> ApiResult<u64> {
        self.outside_begin_end()?;
        let es = self.params().profile == Profile::Es;
        let Some(q) = self.queries.names.get(name) else {
            return Err(ApiError::InvalidOperation);
        };
        if name == 0 || q.active || q.target == 0 {
            return Err(ApiError::InvalidOperation);
        }
        let value = match value {
            Some(QueryValue::Target) if es => None,
            v => v,
        };
        let Some(value) = value else {
            return Err(ApiError::InvalidEnum);
        };
        let target = q.target;
        let cached = q.result;
        let result = match (value, cached) {
            (QueryValue::Target, _) => return Ok(u64::from(target)),
            (QueryValue::Available, Some(_)) => return Ok(1),
            (QueryValue::Result, Some(r)) => r,
            (_, None) => {
                let wait = value == QueryValue::Result;
                // Results become available in the order the queries ended
                // (GL 4.6 §4.2.1), though the backend may finish a later
                // one first: a query's result waits for those ended
                // before it, and is not available before theirs.
                if !self.earlier_queries_done(q.ended, wait) {
                    return Ok(0);
                }
                let Some(q) = self.queries.names.get(name) else {
                    return Err(ApiError::InvalidOperation);
                };
                let r = match &q.backend {
                    Some(b) => self.backend().query_result(b, wait),
                    None => Some(0),
                };
                let r = if wait { Some(r.unwrap_or(0)) } else { r };
                if let Some(q) = self.queries.names.get_mut(name) {
                    q.result = r;
                }
                match (value, r) {
                    (QueryValue::Available, r) => return Ok(u64::from(r.is_some())),
                    (_, r) => r.unwrap_or(0),
                }
            }
        };
        Ok(
            if matches!(target, GL_SAMPLES_PASSED | GL_TIME_ELAPSED | GL_TIMESTAMP)
                || primitive_slot(target, 0).is_some()
            {
                result
            } else {
                u64::from(result != 0)
            },
        )
    }
}
