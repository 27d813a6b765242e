//! C declarations from the registry (`const GLchar *const*`) as Rust types
//! (`*const *const GLchar`), their zero values, and parameter names made into
//! Rust identifiers.
//!
//! The registry's declarators are simple: a base type with an optional leading
//! `const`, then `*`s each optionally followed by `const`. A `const` after the
//! `i`-th `*` qualifies that pointer itself, so it decides the mutability of the
//! `(i + 1)`-th pointer level in Rust; the last one qualifies the parameter
//! variable and has no Rust counterpart.

use std::collections::BTreeSet;

/// A parsed C type: `const? base (* const?)*`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CDecl {
    /// `void`, `GLenum`, `unsigned int`, `struct _cl_context`, ...
    pub base: String,
    pub base_const: bool,
    /// One entry per `*`: whether a `const` follows it.
    pub ptrs: Vec<bool>,
}

/// How a base type's zero value is spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Void,
    Int,
    Float,
    /// An opaque handle typedef'd to a pointer (`GLsync`, `EGLDisplay`).
    Ptr,
    /// An `Option<extern fn>` callback typedef.
    OptFn,
}

/// The Rust spelling and kind of a C base type. Typedef names map to the
/// same-named alias in `oxgl_glapi::types`; C keywords map to `core::ffi`.
fn base_type(c: &str) -> Option<(&str, Kind)> {
    use Kind::*;
    let kind = match c {
        "void" => return Some(("c_void", Void)),
        "char" => return Some(("c_char", Int)),
        "int" => return Some(("c_int", Int)),
        "unsigned int" => return Some(("c_uint", Int)),
        "long" => return Some(("c_long", Int)),
        "unsigned long" => return Some(("c_ulong", Int)),
        "float" => return Some(("f32", Float)),
        "double" => return Some(("f64", Float)),
        "struct _cl_context" | "struct _cl_event" => return Some(("c_void", Void)),
        "GLenum" | "GLboolean" | "GLbitfield" | "GLbyte" | "GLubyte" | "GLshort" | "GLushort"
        | "GLint" | "GLuint" | "GLclampx" | "GLsizei" | "GLchar" | "GLcharARB" | "GLhandleARB"
        | "GLhalf" | "GLhalfARB" | "GLhalfNV" | "GLfixed" | "GLintptr" | "GLintptrARB"
        | "GLsizeiptr" | "GLsizeiptrARB" | "GLint64" | "GLint64EXT" | "GLuint64"
        | "GLuint64EXT" | "GLvdpauSurfaceNV" => Int,
        "GLfloat" | "GLclampf" | "GLdouble" | "GLclampd" => Float,
        "GLsync" | "GLeglClientBufferEXT" | "GLeglImageOES" => Ptr,
        "GLDEBUGPROC" | "GLDEBUGPROCARB" | "GLDEBUGPROCKHR" | "GLDEBUGPROCAMD"
        | "GLVULKANPROCNV" => OptFn,
        "EGLBoolean"
        | "EGLenum"
        | "EGLint"
        | "EGLAttrib"
        | "EGLAttribKHR"
        | "EGLTime"
        | "EGLTimeKHR"
        | "EGLuint64KHR"
        | "EGLNativeWindowType"
        | "EGLNativePixmapType" => Int,
        "EGLClientBuffer"
        | "EGLConfig"
        | "EGLContext"
        | "EGLDisplay"
        | "EGLImage"
        | "EGLImageKHR"
        | "EGLSurface"
        | "EGLSync"
        | "EGLSyncKHR"
        | "EGLNativeDisplayType" => Ptr,
        "__eglMustCastToProperFunctionPointerType" => OptFn,
        _ => return None,
    };
    Some((c, kind))
}

const FFI_NAMES: [&str; 6] = ["c_void", "c_char", "c_int", "c_uint", "c_long", "c_ulong"];

impl CDecl {
    /// Parses the text of a `<proto>`/`<param>` with its `<name>` removed.
    pub fn parse(text: &str) -> Result<CDecl, String> {
        let spaced = text.replace('*', " * ");
        let mut tokens = spaced.split_whitespace().peekable();
        let mut base_const = false;
        let mut base = Vec::new();
        while let Some(&t) = tokens.peek() {
            if t == "*" {
                break;
            }
            tokens.next();
            if t == "const" {
                base_const = true;
            } else {
                base.push(t);
            }
        }
        let mut ptrs = Vec::new();
        while let Some(t) = tokens.next() {
            if t != "*" {
                return Err(format!("unexpected `{t}`"));
            }
            ptrs.push(tokens.next_if_eq(&"const").is_some());
        }
        if base.is_empty() {
            return Err("no base type".into());
        }
        Ok(CDecl {
            base: base.join(" "),
            base_const,
            ptrs,
        })
    }

    fn base(&self) -> Result<(&str, Kind), String> {
        base_type(&self.base).ok_or_else(|| {
            format!(
                "C type `{}` has no Rust mapping (add it to glapi/gen/src/ctype.rs and oxgl_glapi::types)",
                self.base
            )
        })
    }

    pub fn is_void(&self) -> bool {
        self.base == "void" && self.ptrs.is_empty()
    }

    /// The Rust type. `void` itself is an error: callers omit `-> ()`.
    pub fn rust(&self) -> Result<String, String> {
        let (base, kind) = self.base()?;
        if kind == Kind::Void && self.ptrs.is_empty() {
            return Err(format!("`{}` is not a value type", self.base));
        }
        let mut ty = base.to_owned();
        let mut pointee_const = self.base_const;
        for &ptr_const in &self.ptrs {
            ty = format!("{} {ty}", if pointee_const { "*const" } else { "*mut" });
            pointee_const = ptr_const;
        }
        Ok(ty)
    }

    /// An expression of the Rust type whose bits are all zero.
    pub fn zero(&self) -> Result<&'static str, String> {
        let (_, kind) = self.base()?;
        Ok(match self.ptrs.len() {
            0 => match kind {
                Kind::Int => "0",
                Kind::Float => "0.0",
                Kind::Ptr => "core::ptr::null_mut()",
                Kind::OptFn => "None",
                Kind::Void => return Err("void has no value".into()),
            },
            n => {
                let outer_const = if n == 1 {
                    self.base_const
                } else {
                    self.ptrs[n - 2]
                };
                if outer_const {
                    "core::ptr::null()"
                } else {
                    "core::ptr::null_mut()"
                }
            }
        })
    }

    /// Adds the `core::ffi` names the Rust type uses to `out`.
    pub fn ffi_names(&self, out: &mut BTreeSet<&'static str>) {
        if let Some((base, _)) = base_type(&self.base)
            && let Some(name) = FFI_NAMES.iter().find(|&&n| n == base)
        {
            out.insert(name);
        }
    }
}

/// Rust's strict and reserved keywords (edition 2024), which a parameter name
/// must not be.
const KEYWORDS: &[&str] = &[
    "Self", "abstract", "as", "async", "await", "become", "box", "break", "const", "continue",
    "crate", "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if",
    "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub",
    "ref", "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// A registry parameter name as a Rust identifier: keywords get a trailing `_`
/// (`type` -> `type_`).
pub fn ident(name: &str) -> String {
    if KEYWORDS.contains(&name) {
        format!("{name}_")
    } else {
        name.to_owned()
    }
}

/// Whether `name` is a Rust keyword (for checking generated field names).
pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rust(c: &str) -> String {
        CDecl::parse(c).unwrap().rust().unwrap()
    }

    #[test]
    fn declarators() {
        assert_eq!(rust("GLenum"), "GLenum");
        assert_eq!(rust("const GLfloat *"), "*const GLfloat");
        assert_eq!(rust("GLchar **"), "*mut *mut GLchar");
        assert_eq!(rust("const GLchar **"), "*mut *const GLchar");
        assert_eq!(rust("const GLchar *const*"), "*const *const GLchar");
        assert_eq!(rust("const void *const*"), "*const *const c_void");
        assert_eq!(rust("void *"), "*mut c_void");
        assert_eq!(rust("const void **"), "*mut *const c_void");
        assert_eq!(rust("struct _cl_context *"), "*mut c_void");
        assert_eq!(rust("unsigned long *"), "*mut c_ulong");
        assert!(CDecl::parse("void").unwrap().is_void());
        assert!(CDecl::parse("void").unwrap().rust().is_err());
        assert!(CDecl::parse("Display *").unwrap().rust().is_err());
        assert!(CDecl::parse("GLint * x").is_err());
    }

    #[test]
    fn zeros() {
        let zero = |c: &str| CDecl::parse(c).unwrap().zero().unwrap();
        assert_eq!(zero("GLboolean"), "0");
        assert_eq!(zero("GLfloat"), "0.0");
        assert_eq!(zero("GLsync"), "core::ptr::null_mut()");
        assert_eq!(zero("const GLubyte *"), "core::ptr::null()");
        assert_eq!(zero("void *"), "core::ptr::null_mut()");
        assert_eq!(zero("GLchar *const*"), "core::ptr::null()");
        assert_eq!(zero("GLVULKANPROCNV"), "None");
    }

    #[test]
    fn identifiers() {
        assert_eq!(ident("type"), "type_");
        assert_eq!(ident("ref"), "ref_");
        assert_eq!(ident("in"), "in_");
        assert_eq!(ident("box"), "box_");
        assert_eq!(ident("target"), "target");
    }
}
