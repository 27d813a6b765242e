//! GL errors as values.

use oxgl_glapi::types::GLenum;

/// The kind of an [`ApiError`]: one of the GL errors of GL 4.6 §2.3.1,
/// table 2.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// `GL_INVALID_ENUM`: an enum argument out of range.
    InvalidEnum,
    /// `GL_INVALID_VALUE`: a numeric argument out of range.
    InvalidValue,
    /// `GL_INVALID_OPERATION`: the command is not allowed in the current state.
    InvalidOperation,
    /// `GL_STACK_OVERFLOW`.
    StackOverflow,
    /// `GL_STACK_UNDERFLOW`.
    StackUnderflow,
    /// `GL_OUT_OF_MEMORY`.
    OutOfMemory,
    /// `GL_INVALID_FRAMEBUFFER_OPERATION`.
    InvalidFramebufferOperation,
}

/// An error the GL spec names for misuse of the API, and, where the
/// code that found it says, why: the text Mesa's `_mesa_error` adds after
/// the command in `MESA_DEBUG` lines and KHR_debug messages
/// (`ApiError::InvalidEnum.because("target")`).
///
/// Errors compare by kind only: the reason is commentary.
#[derive(Clone, Copy, Debug)]
pub struct ApiError {
    kind: ErrorKind,
    reason: Option<Reason>,
}

/// Why an [`ApiError`] happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A phrase naming the argument or the state at fault.
    Text(&'static str),
    /// The enum argument not accepted, printed as Mesa prints an enum it
    /// has no name for (`0xdead`).
    Enum(GLenum),
}

#[allow(
    non_upper_case_globals,
    reason = "the errors read as the variants they were: ApiError::InvalidEnum"
)]
impl ApiError {
    /// `GL_INVALID_ENUM`: an enum argument out of range.
    pub const InvalidEnum: ApiError = ApiError::of(ErrorKind::InvalidEnum);
    /// `GL_INVALID_VALUE`: a numeric argument out of range.
    pub const InvalidValue: ApiError = ApiError::of(ErrorKind::InvalidValue);
    /// `GL_INVALID_OPERATION`: the command is not allowed in the current state.
    pub const InvalidOperation: ApiError = ApiError::of(ErrorKind::InvalidOperation);
    /// `GL_STACK_OVERFLOW`.
    pub const StackOverflow: ApiError = ApiError::of(ErrorKind::StackOverflow);
    /// `GL_STACK_UNDERFLOW`.
    pub const StackUnderflow: ApiError = ApiError::of(ErrorKind::StackUnderflow);
    /// `GL_OUT_OF_MEMORY`.
    pub const OutOfMemory: ApiError = ApiError::of(ErrorKind::OutOfMemory);
    /// `GL_INVALID_FRAMEBUFFER_OPERATION`.
    pub const InvalidFramebufferOperation: ApiError =
        ApiError::of(ErrorKind::InvalidFramebufferOperation);

    /// An error of `kind` without a reason.
    pub const fn of(kind: ErrorKind) -> ApiError {
        ApiError { kind, reason: None }
    }

    /// This error, saying why (a short phrase naming the argument or the
    /// state at fault, as Mesa's messages do: `"invalid target"`,
    /// `"mode"`).
    #[must_use]
    pub const fn because(self, reason: &'static str) -> ApiError {
        ApiError {
            kind: self.kind,
            reason: Some(Reason::Text(reason)),
        }
    }

    /// This error, naming the enum value `value` that caused it, as Mesa
    /// does for an enum argument it does not accept (`glEnable(0xdead)`).
    #[must_use]
    pub const fn bad_enum(self, value: GLenum) -> ApiError {
        ApiError {
            kind: self.kind,
            reason: Some(Reason::Enum(value)),
        }
    }

    /// Its kind.
    pub const fn kind(self) -> ErrorKind {
        self.kind
    }

    /// Why, if the code that found it said.
    pub const fn reason(self) -> Option<Reason> {
        self.reason
    }

    /// The GL enum value of the error.
    pub fn code(self) -> GLenum {
        match self.kind {
            ErrorKind::InvalidEnum => 0x0500,
            ErrorKind::InvalidValue => 0x0501,
            ErrorKind::InvalidOperation => 0x0502,
            ErrorKind::StackOverflow => 0x0503,
            ErrorKind::StackUnderflow => 0x0504,
            ErrorKind::OutOfMemory => 0x0505,
            ErrorKind::InvalidFramebufferOperation => 0x0506,
        }
    }

    /// The spec's name of the error, as Mesa prints it.
    pub fn name(self) -> &'static str {
        match self.kind {
            ErrorKind::InvalidEnum => "GL_INVALID_ENUM",
            ErrorKind::InvalidValue => "GL_INVALID_VALUE",
            ErrorKind::InvalidOperation => "GL_INVALID_OPERATION",
            ErrorKind::StackOverflow => "GL_STACK_OVERFLOW",
            ErrorKind::StackUnderflow => "GL_STACK_UNDERFLOW",
            ErrorKind::OutOfMemory => "GL_OUT_OF_MEMORY",
            ErrorKind::InvalidFramebufferOperation => "GL_INVALID_FRAMEBUFFER_OPERATION",
        }
    }

    /// The message Mesa's `_mesa_error` writes for it in `command`:
    /// `GL_INVALID_ENUM in glEnable(cap)`, or without a reason
    /// `GL_INVALID_ENUM in glEnable`.
    pub fn message(self, command: &str) -> String {
        let why = match self.reason {
            None => String::new(),
            Some(Reason::Text(t)) => t.to_owned(),
            Some(Reason::Enum(e)) => format!("0x{e:x}"),
        };
        match (command.is_empty(), why.is_empty()) {
            (true, true) => self.name().to_owned(),
            (true, false) => format!("{} ({why})", self.name()),
            (false, true) => format!("{} in {command}", self.name()),
            (false, false) => format!("{} in {command}({why})", self.name()),
        }
    }
}

impl PartialEq for ApiError {
    fn eq(&self, other: &ApiError) -> bool {
        self.kind == other.kind
    }
}

impl Eq for ApiError {}

/// Result of an API handler.
pub type ApiResult<T = ()> = Result<T, ApiError>;

/// An empty vector with room for `n` elements, or `GL_OUT_OF_MEMORY`: the
/// allocation for a size the application chose (GL 4.6 §2.3.1: "the GL may
/// generate OUT_OF_MEMORY ... if memory is exhausted"), where an infallible
/// one would abort the process.
pub fn try_vec<T>(n: usize) -> ApiResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| ApiError::OutOfMemory)?;
    Ok(v)
}

/// The most object names one `glGen*` / `glDelete*` call (or another call
/// with an array of names, such as `glPrioritizeTextures`) handles: 2^24.
/// A larger `n` is `GL_OUT_OF_MEMORY` before anything is allocated or read
/// (GL 4.6 §2.3.1 allows it for any command), where generating 2^31 names
/// would run for minutes and take gigabytes; sixteen million names in one
/// call are far more than any application asks for.
pub const MAX_NAMES_PER_CALL: usize = 1 << 24;

/// The count `n` of a call that generates or takes an array of names:
/// INVALID_VALUE if negative (as each such command says), OUT_OF_MEMORY
/// above [`MAX_NAMES_PER_CALL`].
pub fn name_count(n: i32) -> ApiResult<usize> {
    let n = usize::try_from(n).map_err(|_| ApiError::InvalidValue)?;
    if n > MAX_NAMES_PER_CALL {
        return Err(ApiError::OutOfMemory);
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_counts() {
        assert_eq!(name_count(0), Ok(0));
        assert_eq!(name_count(-1), Err(ApiError::InvalidValue));
        assert_eq!(name_count(1 << 24), Ok(MAX_NAMES_PER_CALL));
        assert_eq!(name_count((1 << 24) + 1), Err(ApiError::OutOfMemory));
        assert_eq!(name_count(i32::MAX), Err(ApiError::OutOfMemory));
    }

    #[test]
    fn messages_read_as_mesa_writes_them() {
        let e = ApiError::InvalidEnum;
        assert_eq!(e.message("glEnable"), "GL_INVALID_ENUM in glEnable");
        assert_eq!(
            e.bad_enum(0xdead).message("glEnable"),
            "GL_INVALID_ENUM in glEnable(0xdead)"
        );
        assert_eq!(
            ApiError::InvalidOperation
                .because("inside glBegin/glEnd")
                .message("glClear"),
            "GL_INVALID_OPERATION in glClear(inside glBegin/glEnd)"
        );
        assert_eq!(ApiError::OutOfMemory.message(""), "GL_OUT_OF_MEMORY");
        // Errors compare by kind.
        assert_eq!(e.because("target"), ApiError::InvalidEnum);
        assert_ne!(e, ApiError::InvalidValue);
        assert_eq!(e.because("target").reason(), Some(Reason::Text("target")));
    }
}
