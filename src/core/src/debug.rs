//! Debug output (GL 4.6 core chapter 20, `GL_KHR_debug`, `GL_ARB_debug_output`):
//! the message filter with its debug-group stack, the message log, the
//! application's callback, and object labels.
//!
//! The core never calls the application. A message bound for the callback is
//! queued as a [`Delivery`]; the entry point takes the queue
//! ([`DebugState::take_deliveries`]) after the command returns and makes the
//! calls once it no longer borrows the context, so a callback may call GL
//! (`glGetError`, even a failing command) without aliasing `&mut Context`.
//! Every recorded GL error becomes a message ([`DebugState::api_error`]).
//!
//! Filtering follows Mesa's `debug_output.c`: one namespace per (source,
//! type) pair, holding the enabled severities of ids never named
//! individually (`default`) and of those named (`ids`). A control with ids
//! sets those ids for every severity; one without ids updates the default and
//! every named id, for one severity or all. Debug groups copy the filter on
//! write: a pushed group shares its parent's until it changes.

use std::collections::{BTreeMap, VecDeque};
use std::ffi::c_void;
use std::sync::Arc;

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::*;

use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};

/// `GL_MAX_DEBUG_MESSAGE_LENGTH`: bytes of a message, its terminator included (Mesa's value).
pub const MAX_DEBUG_MESSAGE_LENGTH: usize = 4096;
/// `GL_MAX_DEBUG_LOGGED_MESSAGES` (Mesa's value).
pub const MAX_DEBUG_LOGGED_MESSAGES: usize = 10;
/// `GL_MAX_DEBUG_GROUP_STACK_DEPTH`, the default group included (the spec's minimum).
pub const MAX_DEBUG_GROUP_STACK_DEPTH: usize = 64;
/// `GL_MAX_LABEL_LENGTH`: bytes of a label, its terminator included (the spec's minimum).
pub const MAX_LABEL_LENGTH: usize = 256;

/// The application's callback (`GLDEBUGPROC` without its `Option`).
pub type DebugProc = unsafe extern "C" fn(
    source: GLenum,
    type_: GLenum,
    id: GLuint,
    severity: GLenum,
    length: GLsizei,
    message: *const GLchar,
    user_param: *const c_void,
);

macro_rules! gl_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $gl:ident,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)*
        }

        impl $name {
            /// Every value, in index order.
            pub const ALL: &[$name] = &[$($name::$variant),*];

            /// The value a GL enum names, if any.
            pub fn from_gl(e: GLenum) -> Option<Self> {
                match e {
                    $($gl => Some($name::$variant),)*
                    _ => None,
                }
            }

            /// The GL enum.
            pub fn gl(self) -> GLenum {
                match self {
                    $($name::$variant => $gl,)*
                }
            }
        }
    };
}

gl_enum!(
    /// Where a message comes from (GL 4.6 table 20.1).
    Source {
        /// `GL_DEBUG_SOURCE_API`: the GL.
        Api = GL_DEBUG_SOURCE_API,
        /// `GL_DEBUG_SOURCE_WINDOW_SYSTEM`.
        WindowSystem = GL_DEBUG_SOURCE_WINDOW_SYSTEM,
        /// `GL_DEBUG_SOURCE_SHADER_COMPILER`.
        ShaderCompiler = GL_DEBUG_SOURCE_SHADER_COMPILER,
        /// `GL_DEBUG_SOURCE_THIRD_PARTY`.
        ThirdParty = GL_DEBUG_SOURCE_THIRD_PARTY,
        /// `GL_DEBUG_SOURCE_APPLICATION`.
        Application = GL_DEBUG_SOURCE_APPLICATION,
        /// `GL_DEBUG_SOURCE_OTHER`.
        Other = GL_DEBUG_SOURCE_OTHER,
    }
);

gl_enum!(
    /// What a message is about (GL 4.6 table 20.2).
    Type {
        /// `GL_DEBUG_TYPE_ERROR`.
        Error = GL_DEBUG_TYPE_ERROR,
        /// `GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR`.
        DeprecatedBehavior = GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR,
        /// `GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR`.
        UndefinedBehavior = GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR,
        /// `GL_DEBUG_TYPE_PORTABILITY`.
        Portability = GL_DEBUG_TYPE_PORTABILITY,
        /// `GL_DEBUG_TYPE_PERFORMANCE`.
        Performance = GL_DEBUG_TYPE_PERFORMANCE,
        /// `GL_DEBUG_TYPE_OTHER`.
        Other = GL_DEBUG_TYPE_OTHER,
        /// `GL_DEBUG_TYPE_MARKER`.
        Marker = GL_DEBUG_TYPE_MARKER,
        /// `GL_DEBUG_TYPE_PUSH_GROUP`.
        PushGroup = GL_DEBUG_TYPE_PUSH_GROUP,
        /// `GL_DEBUG_TYPE_POP_GROUP`.
        PopGroup = GL_DEBUG_TYPE_POP_GROUP,
    }
);

gl_enum!(
    /// How important a message is (GL 4.6 table 20.3).
    Severity {
        /// `GL_DEBUG_SEVERITY_HIGH`: GL errors among others.
        High = GL_DEBUG_SEVERITY_HIGH,
        /// `GL_DEBUG_SEVERITY_MEDIUM`.
        Medium = GL_DEBUG_SEVERITY_MEDIUM,
        /// `GL_DEBUG_SEVERITY_LOW`.
        Low = GL_DEBUG_SEVERITY_LOW,
        /// `GL_DEBUG_SEVERITY_NOTIFICATION`: markers and group messages.
        Notification = GL_DEBUG_SEVERITY_NOTIFICATION,
    }
);

gl_enum!(
    /// The object namespaces `glObjectLabel` names (GL 4.6 table 20.4).
    LabelNamespace {
        /// `GL_BUFFER`.
        Buffer = GL_BUFFER,
        /// `GL_SHADER`.
        Shader = GL_SHADER,
        /// `GL_PROGRAM`.
        Program = GL_PROGRAM,
        /// `GL_VERTEX_ARRAY`.
        VertexArray = GL_VERTEX_ARRAY,
        /// `GL_QUERY`.
        Query = GL_QUERY,
        /// `GL_PROGRAM_PIPELINE`.
        ProgramPipeline = GL_PROGRAM_PIPELINE,
        /// `GL_TRANSFORM_FEEDBACK`.
        TransformFeedback = GL_TRANSFORM_FEEDBACK,
        /// `GL_SAMPLER`.
        Sampler = GL_SAMPLER,
        /// `GL_TEXTURE`.
        Texture = GL_TEXTURE,
        /// `GL_RENDERBUFFER`.
        Renderbuffer = GL_RENDERBUFFER,
        /// `GL_FRAMEBUFFER`.
        Framebuffer = GL_FRAMEBUFFER,
        /// `GL_DISPLAY_LIST` (compatibility profile only).
        DisplayList = GL_DISPLAY_LIST,
    }
);

impl LabelNamespace {
    /// The namespace `identifier` names in a context of `profile`.
    /// GL 4.6 compatibility §20.9: DISPLAY_LIST only in the compatibility profile.
    pub fn for_profile(identifier: GLenum, profile: Profile) -> Option<Self> {
        Self::from_gl(identifier)
            .filter(|&ns| ns != LabelNamespace::DisplayList || profile == Profile::Compat)
    }
}

/// A string the application passed as `(length, pointer)`, as its entry
/// point read it (`length < 0`: NUL-terminated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AppString<'a> {
    /// The characters, without a terminator.
    Read(&'a [u8]),
    /// At least as long as the command's limit ([`MAX_DEBUG_MESSAGE_LENGTH`],
    /// [`MAX_LABEL_LENGTH`]): left unread, since the command fails with
    /// INVALID_VALUE and an explicit length may overstate the buffer.
    TooLong,
}

impl<'a> AppString<'a> {
    /// GL 4.6 §20.5, §20.9: INVALID_VALUE if the number of characters,
    /// excluding the null terminator, is not less than `limit`.
    pub fn check(self, limit: usize) -> ApiResult<&'a [u8]> {
        match self {
            AppString::Read(s) if s.len() < limit => Ok(s),
            _ => Err(ApiError::InvalidValue),
        }
    }
}

/// One debug message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Source.
    pub source: Source,
    /// Type.
    pub type_: Type,
    /// Id within (source, type).
    pub id: u32,
    /// Severity.
    pub severity: Severity,
    /// The text and its terminator.
    text: Box<[u8]>,
}

impl Message {
    /// A message; `text` is cut to [`MAX_DEBUG_MESSAGE_LENGTH`] - 1 bytes.
    pub fn new(source: Source, type_: Type, id: u32, severity: Severity, text: &[u8]) -> Self {
        let n = text.len().min(MAX_DEBUG_MESSAGE_LENGTH - 1);
        let mut t = Vec::with_capacity(n + 1);
        t.extend_from_slice(&text[..n]);
        t.push(0);
        Message {
            source,
            type_,
            id,
            severity,
            text: t.into_boxed_slice(),
        }
    }

    /// The text, without its terminator (the callback's `length`).
    pub fn text(&self) -> &[u8] {
        &self.text[..self.text.len() - 1]
    }

    /// The text with its terminator (what `glGetDebugMessageLog` copies and counts).
    pub fn text_with_nul(&self) -> &[u8] {
        &self.text
    }
}

/// A message for the application's callback, queued until the entry point
/// can call it.
#[derive(Clone, Debug)]
pub struct Delivery {
    /// The callback set when the message was generated.
    pub callback: DebugProc,
    /// Its user parameter, an address the core never dereferences.
    pub user_param: usize,
    /// The message.
    pub message: Message,
}

/// Bit of a severity in a namespace's state.
fn bit(s: Severity) -> u8 {
    1 << (s as u8)
}

/// Every severity.
const ALL_SEVERITIES: u8 = 0b1111;

/// GL 4.6 §20.4: "All messages are initially enabled unless their assigned
/// severity is DEBUG_SEVERITY_LOW."
const INITIAL: u8 = ALL_SEVERITIES & !(1 << Severity::Low as u8);

/// The enabled severities of the messages of one (source, type) pair.
#[derive(Clone, Debug)]
struct Namespace {
    /// For ids not in `ids`.
    default: u8,
    /// Ids named by a control, with a state different from `default`.
    ids: BTreeMap<u32, u8>,
}

impl Namespace {
    fn new() -> Self {
        Namespace {
            default: INITIAL,
            ids: BTreeMap::new(),
        }
    }

    fn enabled(&self, id: u32, severity: Severity) -> bool {
        self.ids.get(&id).copied().unwrap_or(self.default) & bit(severity) != 0
    }

    /// A control naming `id`: every severity of it.
    fn set_id(&mut self, id: u32, enabled: bool) {
        let state = if enabled { ALL_SEVERITIES } else { 0 };
        if state == self.default {
            self.ids.remove(&id);
        } else {
            self.ids.insert(id, state);
        }
    }

    /// A control without ids: `severity` (or all) of every id.
    fn set_all(&mut self, severity: Option<Severity>, enabled: bool) {
        let Some(severity) = severity else {
            self.default = if enabled { ALL_SEVERITIES } else { 0 };
            self.ids.clear();
            return;
        };
        let (mask, value) = (bit(severity), if enabled { bit(severity) } else { 0 });
        self.default = (self.default & !mask) | value;
        let default = self.default;
        self.ids.retain(|_, state| {
            *state = (*state & !mask) | value;
            *state != default
        });
    }
}

/// The filter of one debug group: a namespace per (source, type).
#[derive(Clone, Debug)]
struct Filter {
    namespaces: [[Namespace; Type::ALL.len()]; Source::ALL.len()],
}

impl Filter {
    fn new() -> Self {
        Filter {
            namespaces: std::array::from_fn(|_| std::array::from_fn(|_| Namespace::new())),
        }
    }

    fn namespace(&self, source: Source, type_: Type) -> &Namespace {
        &self.namespaces[source as usize][type_ as usize]
    }
}

/// One entry of the debug-group stack.
#[derive(Clone, Debug)]
struct Group {
    /// Shared with the group below until either changes it.
    filter: Arc<Filter>,
    /// The message of the `glPushDebugGroup` that opened it, repeated as the
    /// pop message; `None` for the default group.
    push: Option<Message>,
}

/// A debug-message-control request, validated.
struct Control {
    source: Option<Source>,
    type_: Option<Type>,
    severity: Option<Severity>,
}

/// GL 4.6 §20.4: DONT_CARE or a value of the table, else INVALID_ENUM.
fn dont_care_or<T>(e: GLenum, from: fn(GLenum) -> Option<T>) -> ApiResult<Option<T>> {
    if e == GL_DONT_CARE {
        return Ok(None);
    }
    from(e).map(Some).ok_or(ApiError::InvalidEnum)
}

/// GL 4.6 §20.5, §20.6: only the application and third parties insert messages
/// and push groups.
fn app_source(source: GLenum) -> ApiResult<Source> {
    match Source::from_gl(source) {
        Some(s @ (Source::Application | Source::ThirdParty)) => Ok(s),
        _ => Err(ApiError::InvalidEnum),
    }
}

/// Debug-output state of a context (GL 4.6 table 23.84).
#[derive(Debug)]
pub struct DebugState {
    /// `GL_DEBUG_OUTPUT`.
    output: bool,
    /// `GL_DEBUG_OUTPUT_SYNCHRONOUS`: state only; output is always synchronous.
    synchronous: bool,
    /// `GL_DEBUG_CALLBACK_FUNCTION`.
    callback: Option<DebugProc>,
    /// `GL_DEBUG_CALLBACK_USER_PARAM`, an address the core never dereferences.
    user_param: usize,
    /// The group stack; `groups[0]` is the default group.
    groups: Vec<Group>,
    /// The message log, oldest first.
    log: VecDeque<Message>,
    /// Messages for the callback, not yet delivered.
    deliveries: Vec<Delivery>,
}

impl DebugState {
    /// Initial state. GL 4.6 §20.1: DEBUG_OUTPUT is initially TRUE in a debug
    /// context (CONTEXT_FLAG_DEBUG_BIT), FALSE otherwise.
    pub fn new(debug_context: bool) -> Self {
        DebugState {
            output: debug_context,
            synchronous: false,
            callback: None,
            user_param: 0,
            groups: vec![Group {
                filter: Arc::new(Filter::new()),
                push: None,
            }],
            log: VecDeque::new(),
            deliveries: Vec::new(),
        }
    }

    /// `GL_DEBUG_OUTPUT`.
    pub fn output(&self) -> bool {
        self.output
    }

    /// `glEnable`/`glDisable(GL_DEBUG_OUTPUT)`.
    pub fn set_output(&mut self, on: bool) {
        self.output = on;
    }

    /// `GL_DEBUG_OUTPUT_SYNCHRONOUS`.
    pub fn synchronous(&self) -> bool {
        self.synchronous
    }

    /// `glEnable`/`glDisable(GL_DEBUG_OUTPUT_SYNCHRONOUS)`. Output is
    /// synchronous either way: messages are logged, and callbacks made, on the
    /// calling thread before the command returns.
    pub fn set_synchronous(&mut self, on: bool) {
        self.synchronous = on;
    }

    /// `GL_DEBUG_CALLBACK_FUNCTION`.
    pub fn callback(&self) -> Option<DebugProc> {
        self.callback
    }

    /// `GL_DEBUG_CALLBACK_USER_PARAM`.
    pub fn user_param(&self) -> usize {
        self.user_param
    }

    /// `glDebugMessageCallback`. GL 4.6 §20.2: a null callback sends messages
    /// to the log again.
    pub fn set_callback(&mut self, callback: Option<DebugProc>, user_param: usize) {
        self.callback = callback;
        self.user_param = user_param;
    }

    /// `GL_DEBUG_LOGGED_MESSAGES`.
    pub fn logged_messages(&self) -> usize {
        self.log.len()
    }

    /// `GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH`: the oldest message's length
    /// with its terminator, 0 when the log is empty.
    pub fn next_logged_message_length(&self) -> usize {
        self.log.front().map_or(0, |m| m.text_with_nul().len())
    }

    /// `GL_DEBUG_GROUP_STACK_DEPTH`, the default group included.
    pub fn group_stack_depth(&self) -> usize {
        self.groups.len()
    }

    /// Whether messages wait for the callback.
    #[inline]
    pub fn has_deliveries(&self) -> bool {
        !self.deliveries.is_empty()
    }

    /// Takes the messages waiting for the callback. The entry point calls it
    /// after every command and calls the callback once per message, in order.
    pub fn take_deliveries(&mut self) -> Vec<Delivery> {
        std::mem::take(&mut self.deliveries)
    }

    fn filter(&self) -> &Filter {
        // The default group is never popped.
        &self.groups[self.groups.len() - 1].filter
    }

    /// Whether a message would be generated now: DEBUG_OUTPUT is on and the
    /// active group's filter enables it (GL 4.6 §20.4).
    pub fn is_enabled(&self, source: Source, type_: Type, id: u32, severity: Severity) -> bool {
        self.output && self.filter().namespace(source, type_).enabled(id, severity)
    }

    /// Generates a message: dropped when disabled; otherwise queued for the
    /// callback, or logged when none is set and the log has room (GL 4.6
    /// §20.3: further messages are discarded). `text` is only built for a
    /// message that is generated.
    pub fn emit(
        &mut self,
        source: Source,
        type_: Type,
        id: u32,
        severity: Severity,
        text: impl FnOnce() -> Vec<u8>,
    ) {
        if !self.is_enabled(source, type_, id, severity) {
            return;
        }
        if self.callback.is_none() && self.log.len() >= MAX_DEBUG_LOGGED_MESSAGES {
            return;
        }
        let message = Message::new(source, type_, id, severity, &text());
        self.push_message(message);
    }

    fn push_message(&mut self, message: Message) {
        match self.callback {
            Some(callback) => self.deliveries.push(Delivery {
                callback,
                user_param: self.user_param,
                message,
            }),
            None if self.log.len() < MAX_DEBUG_LOGGED_MESSAGES => self.log.push_back(message),
            None => {}
        }
    }

    fn emit_message(&mut self, message: Message) {
        if self.is_enabled(message.source, message.type_, message.id, message.severity) {
            self.push_message(message);
        }
    }

    /// The message of a GL error (GL 4.6 §2.3.1: "the GL will also generate a
    /// debug output message"): source API, type ERROR, severity HIGH, the
    /// error's enum value as id, and Mesa's text, `GL_INVALID_ENUM in glFoo`.
    pub fn api_error(&mut self, command: &str, error: ApiError) {
        self.emit(
            Source::Api,
            Type::Error,
            error.code(),
            Severity::High,
            || error.message(command).into_bytes(),
        );
    }

    /// `glDebugMessageControl`. `ids` holds what the entry point read of the
    /// `count` ids. GL 4.6 §20.4: INVALID_VALUE if `count` is negative,
    /// INVALID_ENUM for a value that is neither DONT_CARE nor in its table,
    /// INVALID_OPERATION when ids are given and source or type is DONT_CARE
    /// or severity is not.
    pub fn message_control(
        &mut self,
        source: GLenum,
        type_: GLenum,
        severity: GLenum,
        count: i32,
        ids: &[u32],
        enabled: bool,
    ) -> ApiResult {
        if count < 0 {
            return Err(ApiError::InvalidValue);
        }
        let c = Control {
            source: dont_care_or(source, Source::from_gl)?,
            type_: dont_care_or(type_, Type::from_gl)?,
            severity: dont_care_or(severity, Severity::from_gl)?,
        };
        let ids_for = match (count > 0, c.source, c.type_, c.severity) {
            (false, ..) => None,
            (true, Some(s), Some(t), None) => Some((s, t)),
            (true, ..) => return Err(ApiError::InvalidOperation),
        };
        let top = self.groups.len() - 1;
        let filter = Arc::make_mut(&mut self.groups[top].filter);
        if let Some((s, t)) = ids_for {
            let ns = &mut filter.namespaces[s as usize][t as usize];
            for &id in ids {
                ns.set_id(id, enabled);
            }
            return Ok(());
        }
        for &s in Source::ALL {
            for &t in Type::ALL {
                if c.source.is_none_or(|x| x == s) && c.type_.is_none_or(|x| x == t) {
                    filter.namespaces[s as usize][t as usize].set_all(c.severity, enabled);
                }
            }
        }
        Ok(())
    }

    /// `glDebugMessageInsert`. GL 4.6 §20.5: INVALID_ENUM unless the source is
    /// APPLICATION or THIRD_PARTY and type and severity are in their tables;
    /// INVALID_VALUE for a message of MAX_DEBUG_MESSAGE_LENGTH characters or
    /// more. With DEBUG_OUTPUT disabled the message is discarded (after the
    /// same validation, as Mesa). A null `buf` is an empty message.
    pub fn message_insert(
        &mut self,
        source: GLenum,
        type_: GLenum,
        id: u32,
        severity: GLenum,
        buf: Option<AppString<'_>>,
    ) -> ApiResult {
        let source = app_source(source)?;
        let type_ = Type::from_gl(type_).ok_or(ApiError::InvalidEnum)?;
        let severity = Severity::from_gl(severity).ok_or(ApiError::InvalidEnum)?;
        let text = buf
            .unwrap_or(AppString::Read(&[]))
            .check(MAX_DEBUG_MESSAGE_LENGTH)?;
        self.emit(source, type_, id, severity, || text.to_vec());
        Ok(())
    }

    /// `glGetDebugMessageLog`: removes and returns the oldest messages, at most
    /// `count`, stopping before the first whose text and terminator do not fit
    /// in what remains of `buf_size` (`None`: `messageLog` is null, no limit).
    /// GL 4.6 §20.7: INVALID_VALUE if `bufSize` is negative and `messageLog`
    /// is not null.
    pub fn message_log(&mut self, count: u32, buf_size: Option<i32>) -> ApiResult<Vec<Message>> {
        let mut room = match buf_size {
            Some(n) => Some(usize::try_from(n).map_err(|_| ApiError::InvalidValue)?),
            None => None,
        };
        let mut out = Vec::new();
        while out.len() < count as usize {
            let Some(next) = self.log.front() else {
                break;
            };
            let len = next.text_with_nul().len();
            if let Some(room) = &mut room {
                if len > *room {
                    break;
                }
                *room -= len;
            }
            out.extend(self.log.pop_front());
        }
        Ok(out)
    }

    /// `glPushDebugGroup`. GL 4.6 §20.6: INVALID_ENUM unless the source is
    /// APPLICATION or THIRD_PARTY; INVALID_VALUE for a message of
    /// MAX_DEBUG_MESSAGE_LENGTH characters or more; STACK_OVERFLOW when the
    /// stack is full (MAX_DEBUG_GROUP_STACK_DEPTH groups, the default one
    /// included, as Mesa and the conformance tests count). The new group
    /// starts with its parent's filter; the PUSH_GROUP message goes through it.
    pub fn push_group(
        &mut self,
        source: GLenum,
        id: u32,
        message: Option<AppString<'_>>,
    ) -> ApiResult {
        let source = app_source(source)?;
        let text = message
            .unwrap_or(AppString::Read(&[]))
            .check(MAX_DEBUG_MESSAGE_LENGTH)?;
        if self.groups.len() >= MAX_DEBUG_GROUP_STACK_DEPTH {
            return Err(ApiError::StackOverflow);
        }
        let push = Message::new(source, Type::PushGroup, id, Severity::Notification, text);
        self.groups.push(Group {
            filter: Arc::clone(&self.groups[self.groups.len() - 1].filter),
            push: Some(push.clone()),
        });
        self.emit_message(push);
        Ok(())
    }

    /// `glPopDebugGroup`. GL 4.6 §20.6: STACK_UNDERFLOW for the default group.
    /// The parent's filter is back in force; the POP_GROUP message repeats the
    /// push's source, id and text and goes through it.
    pub fn pop_group(&mut self) -> ApiResult {
        if self.groups.len() <= 1 {
            return Err(ApiError::StackUnderflow);
        }
        let group = self.groups.pop().ok_or(ApiError::StackUnderflow)?;
        if let Some(push) = group.push {
            self.emit_message(Message {
                type_: Type::PopGroup,
                ..push
            });
        }
        Ok(())
    }
}

/// What `glGetObjectLabel` writes for a label into a `buf_size`-byte buffer
/// (GL 4.6 §20.9): the bytes to copy before the terminator, and the length
/// to report. With no buffer (or `buf_size` 0) nothing is copied and the
/// whole label's length is reported (as Mesa).
pub fn label_copy(label: &[u8], buf_size: usize, has_buffer: bool) -> (&[u8], usize) {
    if buf_size == 0 || !has_buffer {
        return (&[], label.len());
    }
    let n = label.len().min(buf_size - 1);
    (&label[..n], n)
}

/// A stored object label (absent: the empty label).
pub type Label = Option<Box<[u8]>>;

impl Context {
    /// Runs `f` on the label of object `name` in `ns`, if that object
    /// exists; `None` (INVALID_VALUE, GL 4.6 §20.9) for a name that is not
    /// one. Objects exist once bound (or created), as the spec says, with
    /// Mesa's exceptions where oxgl's objects allow them: queries and
    /// display lists from the moment `glGenQueries` / `glGenLists` returns
    /// their names, samplers from `glGenSamplers` (GL 4.6 §8.2). Name 0
    /// (the default objects) is never one. Transform feedback objects exist
    /// once bound; oxgl has no program pipelines
    /// (ARB_separate_shader_objects): that namespace is empty.
    fn with_label<R>(
        &mut self,
        ns: LabelNamespace,
        name: u32,
        f: impl FnOnce(&mut Label) -> R,
    ) -> Option<R> {
        if name == 0 {
            return None;
        }
        let shared = self.shared().clone();
        match ns {
            LabelNamespace::Buffer => shared.buffers().get_mut(name).map(|b| f(&mut b.label)),
            LabelNamespace::Shader => shared.programs().label_mut(name, false).map(f),
            LabelNamespace::Program => shared.programs().label_mut(name, true).map(f),
            LabelNamespace::VertexArray => self.vertex_arrays.label_mut(name).map(f),
            LabelNamespace::Query => self.queries.label_mut(name).map(f),
            LabelNamespace::Sampler => shared.textures().sampler_label_mut(name).map(f),
            LabelNamespace::Texture => shared.textures().label_mut(name).map(f),
            LabelNamespace::Renderbuffer => self.fbo.renderbuffer_label_mut(name).map(f),
            LabelNamespace::Framebuffer => self.fbo.framebuffer_label_mut(name).map(f),
            LabelNamespace::DisplayList => shared.lists().label_mut(name).map(f),
            LabelNamespace::TransformFeedback => self.xfb_label_mut(name).map(f),
            LabelNamespace::ProgramPipeline => None,
        }
    }

    /// `glObjectLabel`. GL 4.6 §20.9: INVALID_ENUM for an identifier not in
    /// table 20.4, INVALID_VALUE if `name` is not an object of that type or
    /// the label has MAX_LABEL_LENGTH characters or more. A null label
    /// removes the label.
    pub fn object_label(
        &mut self,
        identifier: GLenum,
        name: u32,
        label: Option<AppString<'_>>,
    ) -> ApiResult {
        let profile = self.params().profile;
        let ns = LabelNamespace::for_profile(identifier, profile).ok_or(ApiError::InvalidEnum)?;
        self.with_label(ns, name, |slot| set_label(slot, label))
            .ok_or(ApiError::InvalidValue)?
    }

    /// `glGetObjectLabel`: the label (empty if none). GL 4.6 §20.9:
    /// INVALID_VALUE if `bufSize` is negative (checked first, as Mesa),
    /// INVALID_ENUM for a bad identifier, INVALID_VALUE if `name` is not an
    /// object of that type.
    pub fn get_object_label(
        &mut self,
        identifier: GLenum,
        name: u32,
        buf_size: i32,
    ) -> ApiResult<Vec<u8>> {
        if buf_size < 0 {
            return Err(ApiError::InvalidValue);
        }
        let profile = self.params().profile;
        let ns = LabelNamespace::for_profile(identifier, profile).ok_or(ApiError::InvalidEnum)?;
        self.with_label(ns, name, |slot| {
            slot.as_deref().unwrap_or_default().to_vec()
        })
        .ok_or(ApiError::InvalidValue)
    }

    /// `glObjectPtrLabel`. GL 4.6 §20.9: INVALID_VALUE if `ptr` is not a sync
    /// object or the label is too long.
    pub fn object_ptr_label(&mut self, ptr: usize, label: Option<AppString<'_>>) -> ApiResult {
        let shared = self.shared().clone();
        let mut syncs = shared.syncs();
        let sync = syncs.get_mut(ptr).ok_or(ApiError::InvalidValue)?;
        set_label(&mut sync.label, label)
    }

    /// `glGetObjectPtrLabel`. GL 4.6 §20.9: INVALID_VALUE if `bufSize` is
    /// negative or `ptr` is not a sync object.
    pub fn get_object_ptr_label(&mut self, ptr: usize, buf_size: i32) -> ApiResult<Vec<u8>> {
        if buf_size < 0 {
            return Err(ApiError::InvalidValue);
        }
        let shared = self.shared().clone();
        let mut syncs = shared.syncs();
        let sync = syncs.get_mut(ptr).ok_or(ApiError::InvalidValue)?;
        Ok(sync.label.as_deref().unwrap_or_default().to_vec())
    }
}

/// Stores a label; a null or empty one removes it.
fn set_label(slot: &mut Label, label: Option<AppString<'_>>) -> ApiResult {
    *slot = match label {
        None => None,
        Some(l) => Some(l.check(MAX_LABEL_LENGTH)?)
            .filter(|s| !s.is_empty())
            .map(Box::from),
    };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn insert(d: &mut DebugState, type_: GLenum, id: u32, severity: GLenum, text: &str) {
        let r = d.message_insert(
            GL_DEBUG_SOURCE_APPLICATION,
            type_,
            id,
            severity,
            Some(AppString::Read(text.as_bytes())),
        );
        assert_eq!(r, Ok(()));
    }

    fn marker(d: &mut DebugState, id: u32) {
        insert(
            d,
            GL_DEBUG_TYPE_MARKER,
            id,
            GL_DEBUG_SEVERITY_NOTIFICATION,
            "m",
        );
    }

    fn drain_ids(d: &mut DebugState) -> Vec<u32> {
        d.message_log(u32::MAX, None)
            .unwrap()
            .iter()
            .map(|m| m.id)
            .collect()
    }

    #[test]
    fn output_follows_the_debug_flag() {
        let mut d = DebugState::new(false);
        assert!(!d.output());
        marker(&mut d, 1);
        assert_eq!(d.logged_messages(), 0, "DEBUG_OUTPUT off generates nothing");
        d.set_output(true);
        marker(&mut d, 1);
        assert_eq!(d.logged_messages(), 1);
        assert!(DebugState::new(true).output());
    }

    #[test]
    fn low_severity_is_initially_disabled() {
        let mut d = DebugState::new(true);
        for (severity, id) in [
            (GL_DEBUG_SEVERITY_HIGH, 1),
            (GL_DEBUG_SEVERITY_MEDIUM, 2),
            (GL_DEBUG_SEVERITY_LOW, 3),
            (GL_DEBUG_SEVERITY_NOTIFICATION, 4),
        ] {
            insert(&mut d, GL_DEBUG_TYPE_OTHER, id, severity, "x");
        }
        assert_eq!(drain_ids(&mut d), [1, 2, 4]);
    }

    #[test]
    fn control_by_severity_source_type_and_id() {
        let mut d = DebugState::new(true);
        // Everything off, then APPLICATION/MARKER LOW on.
        d.message_control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, &[], false)
            .unwrap();
        marker(&mut d, 1);
        assert_eq!(d.logged_messages(), 0);
        d.message_control(
            GL_DEBUG_SOURCE_APPLICATION,
            GL_DEBUG_TYPE_MARKER,
            GL_DEBUG_SEVERITY_LOW,
            0,
            &[],
            true,
        )
        .unwrap();
        insert(
            &mut d,
            GL_DEBUG_TYPE_MARKER,
            5,
            GL_DEBUG_SEVERITY_LOW,
            "low",
        );
        insert(
            &mut d,
            GL_DEBUG_TYPE_OTHER,
            6,
            GL_DEBUG_SEVERITY_LOW,
            "other type",
        );
        marker(&mut d, 7);
        assert_eq!(drain_ids(&mut d), [5]);
        // Ids enable every severity of those ids only.
        d.message_control(
            GL_DEBUG_SOURCE_APPLICATION,
            GL_DEBUG_TYPE_MARKER,
            GL_DONT_CARE,
            2,
            &[7, 8],
            true,
        )
        .unwrap();
        marker(&mut d, 7);
        insert(&mut d, GL_DEBUG_TYPE_MARKER, 8, GL_DEBUG_SEVERITY_HIGH, "h");
        marker(&mut d, 9);
        assert_eq!(drain_ids(&mut d), [7, 8]);
        // A severity-wide control reaches the named ids too.
        d.message_control(
            GL_DEBUG_SOURCE_APPLICATION,
            GL_DONT_CARE,
            GL_DEBUG_SEVERITY_NOTIFICATION,
            0,
            &[],
            false,
        )
        .unwrap();
        marker(&mut d, 7);
        insert(&mut d, GL_DEBUG_TYPE_MARKER, 8, GL_DEBUG_SEVERITY_HIGH, "h");
        assert_eq!(drain_ids(&mut d), [8]);
    }

    #[test]
    fn control_errors() {
        let mut d = DebugState::new(true);
        let app = GL_DEBUG_SOURCE_APPLICATION;
        let other = GL_DEBUG_TYPE_OTHER;
        let e = |d: &mut DebugState, s, t, sev, count, ids: &[u32]| {
            d.message_control(s, t, sev, count, ids, true)
        };
        assert_eq!(
            e(&mut d, GL_ARRAY_BUFFER, other, GL_DONT_CARE, 0, &[]),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            e(&mut d, app, GL_ARRAY_BUFFER, GL_DONT_CARE, 0, &[]),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            e(&mut d, app, other, GL_ARRAY_BUFFER, 0, &[]),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            e(&mut d, app, other, GL_DONT_CARE, -1, &[]),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(
            e(&mut d, GL_DONT_CARE, other, GL_DONT_CARE, 1, &[1]),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(
            e(&mut d, app, GL_DONT_CARE, GL_DONT_CARE, 1, &[1]),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(
            e(&mut d, app, other, GL_DEBUG_SEVERITY_LOW, 1, &[1]),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(e(&mut d, app, other, GL_DONT_CARE, 1, &[1]), Ok(()));
        // PUSH_GROUP and POP_GROUP are types a control may name.
        assert_eq!(
            e(&mut d, app, GL_DEBUG_TYPE_POP_GROUP, GL_DONT_CARE, 0, &[]),
            Ok(())
        );
    }

    #[test]
    fn insert_errors() {
        let mut d = DebugState::new(true);
        let text = Some(AppString::Read(b"x".as_slice()));
        let ins = |d: &mut DebugState, s, t, sev, text| d.message_insert(s, t, 0, sev, text);
        let (app, other, high) = (
            GL_DEBUG_SOURCE_APPLICATION,
            GL_DEBUG_TYPE_OTHER,
            GL_DEBUG_SEVERITY_HIGH,
        );
        assert_eq!(
            ins(&mut d, GL_DEBUG_SOURCE_API, other, high, text),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            ins(&mut d, app, GL_DONT_CARE, high, text),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            ins(&mut d, app, other, GL_DONT_CARE, text),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            ins(&mut d, app, other, high, Some(AppString::TooLong)),
            Err(ApiError::InvalidValue)
        );
        let long = vec![b'a'; MAX_DEBUG_MESSAGE_LENGTH];
        let short = &long[..MAX_DEBUG_MESSAGE_LENGTH - 1];
        assert_eq!(
            ins(&mut d, app, other, high, Some(AppString::Read(&long))),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(
            ins(
                &mut d,
                GL_DEBUG_SOURCE_THIRD_PARTY,
                other,
                high,
                Some(AppString::Read(short))
            ),
            Ok(())
        );
        assert_eq!(d.next_logged_message_length(), MAX_DEBUG_MESSAGE_LENGTH);
        // Disabled output discards valid messages but still validates.
        d.set_output(false);
        assert_eq!(ins(&mut d, app, other, high, text), Ok(()));
        assert_eq!(
            ins(&mut d, GL_DEBUG_SOURCE_API, other, high, text),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(d.logged_messages(), 1);
    }

    #[test]
    fn log_keeps_the_oldest_messages_and_fetches_what_fits() {
        let mut d = DebugState::new(true);
        for id in 0..(MAX_DEBUG_LOGGED_MESSAGES as u32 + 5) {
            insert(
                &mut d,
                GL_DEBUG_TYPE_OTHER,
                id,
                GL_DEBUG_SEVERITY_HIGH,
                "abc",
            );
        }
        assert_eq!(d.logged_messages(), MAX_DEBUG_LOGGED_MESSAGES);
        assert_eq!(d.next_logged_message_length(), 4);
        // bufSize 9 holds two "abc\0".
        let got = d.message_log(5, Some(9)).unwrap();
        assert_eq!(got.iter().map(|m| m.id).collect::<Vec<_>>(), [0, 1]);
        assert_eq!(got[0].text_with_nul(), b"abc\0");
        assert_eq!(got[0].text(), b"abc");
        // count limits; a null log buffer takes messages without a size limit.
        assert_eq!(d.message_log(3, None).unwrap().len(), 3);
        assert_eq!(
            d.message_log(1, Some(3)).unwrap().len(),
            0,
            "4 bytes do not fit in 3"
        );
        assert_eq!(d.message_log(1, Some(-1)), Err(ApiError::InvalidValue));
        assert_eq!(drain_ids(&mut d), [5, 6, 7, 8, 9]);
        assert_eq!(d.next_logged_message_length(), 0);
    }

    #[test]
    fn callback_receives_messages_instead_of_the_log() {
        extern "C" fn cb(
            _: GLenum,
            _: GLenum,
            _: GLuint,
            _: GLenum,
            _: GLsizei,
            _: *const GLchar,
            _: *const c_void,
        ) {
        }
        let mut d = DebugState::new(true);
        d.set_callback(Some(cb), 42);
        for id in 0..(MAX_DEBUG_LOGGED_MESSAGES as u32 + 3) {
            marker(&mut d, id);
        }
        assert_eq!(d.logged_messages(), 0);
        let got = d.take_deliveries();
        assert_eq!(
            got.len(),
            MAX_DEBUG_LOGGED_MESSAGES + 3,
            "no log limit for the callback"
        );
        assert!(got.iter().all(|x| x.user_param == 42));
        assert!(!d.has_deliveries());
        d.set_callback(None, 0);
        marker(&mut d, 1);
        assert_eq!(d.logged_messages(), 1);
        assert!(!d.has_deliveries());
    }

    #[test]
    fn errors_become_messages() {
        let mut d = DebugState::new(true);
        d.api_error("glClear", ApiError::InvalidValue);
        let m = d.message_log(1, None).unwrap().remove(0);
        assert_eq!(m.text(), b"GL_INVALID_VALUE in glClear");
        assert_eq!(
            (m.source, m.type_, m.id, m.severity),
            (Source::Api, Type::Error, 0x0501, Severity::High)
        );
        // Filterable by id like any message.
        d.message_control(
            GL_DEBUG_SOURCE_API,
            GL_DEBUG_TYPE_ERROR,
            GL_DONT_CARE,
            1,
            &[0x0500],
            false,
        )
        .unwrap();
        d.api_error("glEnable", ApiError::InvalidEnum);
        d.api_error("glEnable", ApiError::InvalidValue);
        assert_eq!(drain_ids(&mut d), [0x0501]);
    }

    #[test]
    fn groups_scope_the_filter_and_emit_push_pop_messages() {
        // Piglit khr_debug-push-pop-group, first part.
        let mut d = DebugState::new(true);
        d.message_control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, &[], false)
            .unwrap();
        for t in [
            GL_DEBUG_TYPE_PUSH_GROUP,
            GL_DEBUG_TYPE_POP_GROUP,
            GL_DEBUG_TYPE_MARKER,
        ] {
            d.message_control(
                GL_DEBUG_SOURCE_APPLICATION,
                t,
                GL_DEBUG_SEVERITY_NOTIFICATION,
                0,
                &[],
                true,
            )
            .unwrap();
        }
        marker(&mut d, 1);
        let msg = AppString::Read(b"group 1".as_slice());
        d.push_group(GL_DEBUG_SOURCE_APPLICATION, 10, Some(msg))
            .unwrap();
        assert_eq!(d.group_stack_depth(), 2);
        d.message_control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, &[], false)
            .unwrap();
        marker(&mut d, 3);
        d.pop_group().unwrap();
        marker(&mut d, 4);
        let log = d.message_log(10, None).unwrap();
        let seen: Vec<_> = log.iter().map(|m| (m.type_, m.id)).collect();
        assert_eq!(
            seen,
            [
                (Type::Marker, 1),
                (Type::PushGroup, 10),
                (Type::PopGroup, 10),
                (Type::Marker, 4)
            ]
        );
        assert_eq!(log[2].text(), b"group 1");
        assert_eq!(log[2].severity, Severity::Notification);
    }

    #[test]
    fn groups_inherit_and_restore() {
        // Piglit khr_debug-push-pop-group, inheritance part.
        let mut d = DebugState::new(true);
        d.message_control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, &[], false)
            .unwrap();
        let all = |d: &mut DebugState| {
            for id in [101, 202, 303] {
                marker(d, id);
            }
            drain_ids(d)
        };
        for (i, id) in [101, 202, 303].into_iter().enumerate() {
            d.push_group(GL_DEBUG_SOURCE_THIRD_PARTY, 1, None).unwrap();
            d.message_control(
                GL_DEBUG_SOURCE_APPLICATION,
                GL_DEBUG_TYPE_MARKER,
                GL_DONT_CARE,
                1,
                &[id],
                true,
            )
            .unwrap();
            assert_eq!(all(&mut d).len(), i + 1);
        }
        d.pop_group().unwrap();
        assert_eq!(all(&mut d), [101, 202]);
        d.pop_group().unwrap();
        assert_eq!(all(&mut d), [101]);
        d.pop_group().unwrap();
        assert_eq!(all(&mut d), [] as [u32; 0]);
    }

    #[test]
    fn group_stack_limits() {
        let mut d = DebugState::new(true);
        assert_eq!(d.pop_group(), Err(ApiError::StackUnderflow));
        assert_eq!(
            d.push_group(GL_DEBUG_SOURCE_API, 1, None),
            Err(ApiError::InvalidEnum)
        );
        assert_eq!(
            d.push_group(GL_DEBUG_SOURCE_APPLICATION, 1, Some(AppString::TooLong)),
            Err(ApiError::InvalidValue)
        );
        for _ in 1..MAX_DEBUG_GROUP_STACK_DEPTH {
            d.push_group(GL_DEBUG_SOURCE_APPLICATION, 1, None).unwrap();
        }
        assert_eq!(d.group_stack_depth(), MAX_DEBUG_GROUP_STACK_DEPTH);
        assert_eq!(
            d.push_group(GL_DEBUG_SOURCE_APPLICATION, 1, None),
            Err(ApiError::StackOverflow)
        );
        for _ in 1..MAX_DEBUG_GROUP_STACK_DEPTH {
            d.pop_group().unwrap();
        }
        assert_eq!(d.pop_group(), Err(ApiError::StackUnderflow));
        assert_eq!(d.group_stack_depth(), 1);
    }

    #[test]
    fn label_identifiers_and_copies() {
        assert_eq!(
            LabelNamespace::for_profile(GL_TEXTURE, Profile::Core),
            Some(LabelNamespace::Texture)
        );
        assert_eq!(
            LabelNamespace::for_profile(GL_DISPLAY_LIST, Profile::Core),
            None
        );
        assert_eq!(
            LabelNamespace::for_profile(GL_DISPLAY_LIST, Profile::Compat),
            Some(LabelNamespace::DisplayList)
        );
        assert_eq!(
            LabelNamespace::for_profile(GL_TEXTURE_2D, Profile::Compat),
            None
        );
        assert_eq!(label_copy(b"hello", 4, true), (b"hel".as_slice(), 3));
        assert_eq!(label_copy(b"hello", 32, true), (b"hello".as_slice(), 5));
        assert_eq!(label_copy(b"hello", 0, true), (b"".as_slice(), 5));
        assert_eq!(label_copy(b"hello", 32, false), (b"".as_slice(), 5));
        let mut slot: Label = None;
        set_label(&mut slot, Some(AppString::Read(b"name"))).unwrap();
        assert_eq!(slot.as_deref(), Some(b"name".as_slice()));
        let long = [b'x'; MAX_LABEL_LENGTH];
        assert_eq!(
            set_label(&mut slot, Some(AppString::Read(&long))),
            Err(ApiError::InvalidValue)
        );
        set_label(&mut slot, None).unwrap();
        assert_eq!(slot, None);
    }

    #[test]
    fn messages_are_cut_to_the_maximum_length() {
        let long = vec![b'a'; MAX_DEBUG_MESSAGE_LENGTH + 10];
        let m = Message::new(Source::Api, Type::Other, 0, Severity::Low, &long);
        assert_eq!(m.text_with_nul().len(), MAX_DEBUG_MESSAGE_LENGTH);
    }
}
