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
}
