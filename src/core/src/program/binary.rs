//! Program binaries (ARB_get_program_binary, GL 4.1; GL 4.6 §7.5).
//!
//! oxgl's one binary format (`GL_PROGRAM_BINARY_FORMAT_MESA`, the value
//! Mesa's drivers report, so that programs which cache binaries by the
//! format Mesa gives keep working) holds what a link consumed rather than
//! machine code: each attached shader's stage and source, the attribute
//! and fragment output bindings, the transform feedback varyings and mode,
//! and `GL_PROGRAM_SEPARABLE`. `glProgramBinary` compiles and links those
//! again, which gives the executable the original link gave (the compiler
//! is deterministic), with its uniforms at their initial values as GL 4.6
//! §7.5 requires, and without touching the shaders attached to the
//! program. A binary that does not decode (truncated, corrupted, another
//! layout version) fails the load: `GL_LINK_STATUS` becomes false with a
//! log line, and no GL error, as the specification has it for a binary
//! the implementation rejects.
//!
//! Layout, little-endian: the magic `OXGLPB`, a layout version (u16),
//! the payload's length (u32), the payload, and its FNV-1a 64-bit hash.
//! The payload: separable (u8), interleaved/separate (u8); then counted
//! lists (u32 counts) of shaders (stage u32, source), attribute bindings
//! (index u32, name), fragment bindings (colour u32, index u32, name) and
//! captured varyings (name); strings as a u32 length and UTF-8 bytes.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::program::LinkInput;

/// `GL_PROGRAM_BINARY_FORMAT_MESA`: the format `glGetProgramBinary` gives.
pub const FORMAT: GLenum = 0x875F;

const MAGIC: &[u8; 6] = b"OXGLPB";
const LAYOUT: u16 = 1;
/// Magic, layout version, payload length.
const HEADER: usize = 6 + 2 + 4;

/// What a link consumed: enough to link the same program again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LinkInputs {
    /// Each attached shader's stage (`GL_VERTEX_SHADER`, ...) and source.
    pub shaders: Vec<(GLenum, String)>,
    /// `glBindAttribLocation`.
    pub bindings: Vec<(String, u32)>,
    /// `glBindFragDataLocation(Indexed)`: name, colour, index.
    pub frag_bindings: Vec<(String, u32, u32)>,
    /// `glTransformFeedbackVaryings`.
    pub xfb_varyings: Vec<String>,
    /// `GL_SEPARATE_ATTRIBS`.
    pub xfb_separate: bool,
    /// `GL_PROGRAM_SEPARABLE`.
    pub separable: bool,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_u32(out, s.len() as u32);
    out.extend_from_slice(s.as_bytes());
}

/// Reads the payload front to back; every read checks the bounds.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn bytes(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Some(a)
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.bytes(1)?[0])
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.bytes(4)?.try_into().ok()?))
    }

    fn string(&mut self) -> Option<String> {
        let n = self.u32()? as usize;
        String::from_utf8(self.bytes(n)?.to_vec()).ok()
    }

    /// A count of entries each at least `min` bytes long: never more than
    /// the bytes left could hold (a corrupted count allocates nothing).
    fn count(&mut self, min: usize) -> Option<usize> {
        let n = self.u32()? as usize;
        (n <= self.0.len() / min.max(1)).then_some(n)
    }
}

impl LinkInputs {
    /// The program binary of these inputs.
    pub fn encode(&self) -> Vec<u8> {
        let mut p = Vec::new();
        p.push(u8::from(self.separable));
        p.push(u8::from(self.xfb_separate));
        put_u32(&mut p, self.shaders.len() as u32);
        for (kind, source) in &self.shaders {
            put_u32(&mut p, *kind);
            put_str(&mut p, source);
        }
        put_u32(&mut p, self.bindings.len() as u32);
        for (name, index) in &self.bindings {
            put_u32(&mut p, *index);
            put_str(&mut p, name);
        }
        put_u32(&mut p, self.frag_bindings.len() as u32);
        for (name, color, index) in &self.frag_bindings {
            put_u32(&mut p, *color);
            put_u32(&mut p, *index);
            put_str(&mut p, name);
        }
        put_u32(&mut p, self.xfb_varyings.len() as u32);
        for name in &self.xfb_varyings {
            put_str(&mut p, name);
        }
        let mut out = Vec::with_capacity(HEADER + p.len() + 8);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&LAYOUT.to_le_bytes());
        put_u32(&mut out, p.len() as u32);
        out.extend_from_slice(&p);
        out.extend_from_slice(&fnv1a(&p).to_le_bytes());
        out
    }

    /// The inputs a binary holds; `None` for bytes that are not a binary
    /// of this layout (wrong magic or version, truncated, hash mismatch).
    pub fn decode(bytes: &[u8]) -> Option<LinkInputs> {
        let mut r = Reader(bytes);
        if r.bytes(6)? != MAGIC || u16::from_le_bytes(r.bytes(2)?.try_into().ok()?) != LAYOUT {
            return None;
        }
        let len = r.u32()? as usize;
        let payload = r.bytes(len)?;
        let hash = u64::from_le_bytes(r.bytes(8)?.try_into().ok()?);
        if hash != fnv1a(payload) || !r.0.is_empty() {
            return None;
        }
        let mut r = Reader(payload);
        let mut inputs = LinkInputs {
            separable: r.u8()? != 0,
            xfb_separate: r.u8()? != 0,
            ..LinkInputs::default()
        };
        for _ in 0..r.count(8)? {
            let kind = r.u32()?;
            if !matches!(
                kind,
                GL_VERTEX_SHADER | GL_GEOMETRY_SHADER | GL_FRAGMENT_SHADER
            ) {
                return None;
            }
            inputs.shaders.push((kind, r.string()?));
        }
        for _ in 0..r.count(8)? {
            let index = r.u32()?;
            inputs.bindings.push((r.string()?, index));
        }
        for _ in 0..r.count(12)? {
            let (color, index) = (r.u32()?, r.u32()?);
            inputs.frag_bindings.push((r.string()?, color, index));
        }
        for _ in 0..r.count(4)? {
            inputs.xfb_varyings.push(r.string()?);
        }
        r.0.is_empty().then_some(inputs)
    }
}

impl Context {
    /// `glGetProgramBinary`: the binary of `program`'s last successful link
    /// and its format. INVALID_VALUE for a negative `buf_size` (and
    /// unknown names, INVALID_OPERATION for shaders, as every program
    /// command); INVALID_OPERATION for a program not linked and for a
    /// buffer smaller than the binary (GL 4.6 §7.5).
    pub fn get_program_binary(
        &mut self,
        program: u32,
        buf_size: i32,
    ) -> ApiResult<(GLenum, std::sync::Arc<[u8]>)> {
        self.outside_begin_end()?;
        let mut o = self.objects();
        let p = o.program(program)?;
        if buf_size < 0 {
            return Err(ApiError::InvalidValue);
        }
        let binary = p
            .binary
            .clone()
            .filter(|_| p.linked)
            .ok_or(ApiError::InvalidOperation.because("program not linked"))?;
        if binary.len() > buf_size as usize {
            return Err(ApiError::InvalidOperation.because("buffer too small"));
        }
        Ok((FORMAT, binary))
    }

    /// `glProgramBinary`: loads `bytes` of `format` into `program` as a
    /// link would ([`Context::install_link`]: a current program draws
    /// with it at once). INVALID_ENUM for a format other than
    /// [`FORMAT`]; INVALID_VALUE for a negative length (the handler's).
    /// A binary that does not decode or no longer links leaves the program
    /// unlinked with a log, without a GL error.
    pub fn program_binary(&mut self, program: u32, format: GLenum, bytes: &[u8]) -> ApiResult {
        self.outside_begin_end()?;
        {
            let mut o = self.objects();
            o.program(program)?;
            // GL 4.6 §13.3.2, as for glLinkProgram.
            if self.xfb_program() == Some(program) {
                return Err(ApiError::InvalidOperation);
            }
        }
        if format != FORMAT {
            return Err(ApiError::InvalidEnum);
        }
        let result = match LinkInputs::decode(bytes) {
            None => Err(
                "error: the program binary is not one this implementation made, or \
                         is damaged\n"
                    .to_string(),
            ),
            Some(inputs) => {
                // The program is separable, and captures, as the one
                // saved did (Mesa restores both; the queries read them).
                if let Ok(p) = self.objects().program(program) {
                    p.separable = inputs.separable;
                    p.xfb_varyings = inputs.xfb_varyings.clone();
                    p.xfb_separate = inputs.xfb_separate;
                }
                self.link_inputs(&inputs).map(|e| (e, bytes.to_vec()))
            }
        };
        self.install_link(program, result)
    }

    /// Compiles and links `inputs` ([`LinkInputs`]) into an executable.
    fn link_inputs(&mut self, inputs: &LinkInputs) -> Result<crate::program::Executable, String> {
        let mut shaders = Vec::new();
        for (kind, source) in &inputs.shaders {
            let lowered = self.compile_together(*kind, &[source]);
            shaders.push(LinkInput {
                kind: *kind,
                compiled: lowered.is_ok(),
                lowered: Some(lowered),
                source: source.as_str().into(),
            });
        }
        self.link(
            &shaders,
            &inputs.bindings,
            &inputs.frag_bindings,
            &(inputs.xfb_varyings.clone(), inputs.xfb_separate),
            inputs.separable,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> LinkInputs {
        LinkInputs {
            shaders: vec![
                (
                    GL_VERTEX_SHADER,
                    "void main() { gl_Position = vec4(0.0); }".into(),
                ),
                (
                    GL_FRAGMENT_SHADER,
                    "void main() { gl_FragColor = vec4(1.0); }".into(),
                ),
            ],
            bindings: vec![("pos".into(), 3)],
            frag_bindings: vec![("c".into(), 1, 0)],
            xfb_varyings: vec!["gl_Position".into()],
            xfb_separate: true,
            separable: true,
        }
    }

    #[test]
    fn binaries_decode_to_what_was_encoded() {
        let b = sample().encode();
        assert_eq!(LinkInputs::decode(&b), Some(sample()));
        assert_eq!(
            LinkInputs::decode(&LinkInputs::default().encode()),
            Some(LinkInputs::default())
        );
    }

    /// Every truncation and every single-byte corruption is refused, never
    /// a panic or an allocation the bytes cannot back.
    #[test]
    fn damaged_binaries_are_refused() {
        let b = sample().encode();
        for n in 0..b.len() {
            assert_eq!(LinkInputs::decode(&b[..n]), None, "truncated to {n}");
        }
        for i in 0..b.len() {
            let mut d = b.clone();
            d[i] ^= 0x41;
            assert_eq!(LinkInputs::decode(&d), None, "byte {i} changed");
        }
        let mut long = b.clone();
        long.push(0);
        assert_eq!(LinkInputs::decode(&long), None, "trailing byte");
    }
}
