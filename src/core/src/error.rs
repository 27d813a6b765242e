//! GL errors as values.

use oxgl_glapi::types::GLenum;

/// An error the GL spec names for misuse of the API (GL 4.6 §2.3.1, table 2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApiError {
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

impl ApiError {
    /// The GL enum value of the error.
    pub fn code(self) -> GLenum {
        match self {
            ApiError::InvalidEnum => 0x0500,
            ApiError::InvalidValue => 0x0501,
            ApiError::InvalidOperation => 0x0502,
            ApiError::StackOverflow => 0x0503,
            ApiError::StackUnderflow => 0x0504,
            ApiError::OutOfMemory => 0x0505,
            ApiError::InvalidFramebufferOperation => 0x0506,
        }
    }

    /// The spec's name of the error, as Mesa prints it.
    pub fn name(self) -> &'static str {
        match self {
            ApiError::InvalidEnum => "GL_INVALID_ENUM",
            ApiError::InvalidValue => "GL_INVALID_VALUE",
            ApiError::InvalidOperation => "GL_INVALID_OPERATION",
            ApiError::StackOverflow => "GL_STACK_OVERFLOW",
            ApiError::StackUnderflow => "GL_STACK_UNDERFLOW",
            ApiError::OutOfMemory => "GL_OUT_OF_MEMORY",
            ApiError::InvalidFramebufferOperation => "GL_INVALID_FRAMEBUFFER_OPERATION",
        }
    }
}

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
