//! What the fuzzer does not do, and why; where gl.xml lacks a `len`; and
//! the known findings (oxgl bugs already reported) that `--ci` tolerates.

/// Commands the fuzzer never calls: their effect would make later calls
/// depend on memory or state the fuzzer cannot bound, so a crash there would
/// be the fuzzer's fault, not oxgl's.
pub const NEVER: &[(&str, &str)] = &[
    (
        "glEnableClientState",
        "an enabled client-memory array makes every later draw read application memory of a size the fuzzer cannot bound (count, indices, stride are random)",
    ),
    ("glEnableVertexAttribArray", "as glEnableClientState"),
    ("glEnableVertexArrayAttrib", "as glEnableClientState"),
    (
        "glInterleavedArrays",
        "enables client arrays, as glEnableClientState",
    ),
    (
        "glGetError",
        "the fuzzer calls it after every command itself",
    ),
];

/// Capabilities never passed to glEnable/glEnablei (client arrays, see
/// [`NEVER`]).
pub const ARRAY_CAPS: &[u32] = &[
    0x8074, // GL_VERTEX_ARRAY
    0x8075, // GL_NORMAL_ARRAY
    0x8076, // GL_COLOR_ARRAY
    0x8077, // GL_INDEX_ARRAY
    0x8078, // GL_TEXTURE_COORD_ARRAY
    0x8079, // GL_EDGE_FLAG_ARRAY
    0x8457, // GL_FOG_COORD_ARRAY
    0x845E, // GL_SECONDARY_COLOR_ARRAY
];

/// `len` for pointer parameters gl.xml leaves without one (mostly the GL 4.5
/// direct-state-access commands), in the same notation.
pub const LEN: &[(&str, &str, &str)] = &[
    ("glClearNamedBufferData", "data", "COMPSIZE(format,type)"),
    ("glClearNamedBufferSubData", "data", "COMPSIZE(format,type)"),
    ("glClearNamedFramebufferfv", "value", "COMPSIZE(buffer)"),
    ("glClearNamedFramebufferiv", "value", "COMPSIZE(buffer)"),
    ("glClearNamedFramebufferuiv", "value", "COMPSIZE(buffer)"),
    ("glCompressedTextureSubImage1D", "data", "imageSize"),
    ("glCompressedTextureSubImage2D", "data", "imageSize"),
    ("glCompressedTextureSubImage3D", "data", "imageSize"),
    ("glDrawArraysIndirect", "indirect", "INDIRECT(16)"),
    ("glDrawElementsIndirect", "indirect", "INDIRECT(20)"),
    ("glMultiDrawArraysIndirect", "indirect", "INDIRECT(16)"),
    ("glMultiDrawElementsIndirect", "indirect", "INDIRECT(20)"),
    ("glMultiDrawArraysIndirectCount", "indirect", "INDIRECT(16)"),
    (
        "glMultiDrawElementsIndirectCount",
        "indirect",
        "INDIRECT(20)",
    ),
    ("glGetCompressedTextureImage", "pixels", "bufSize"),
    ("glGetCompressedTextureSubImage", "pixels", "bufSize"),
    ("glGetTextureImage", "pixels", "bufSize"),
    ("glGetTextureSubImage", "pixels", "bufSize"),
    ("glGetnMapdv", "v", "bufSize / 8"),
    ("glGetnMapfv", "v", "bufSize / 4"),
    ("glGetnMapiv", "v", "bufSize / 4"),
    ("glGetnPixelMapfv", "values", "bufSize / 4"),
    ("glGetnPixelMapuiv", "values", "bufSize / 4"),
    ("glGetnPixelMapusv", "values", "bufSize / 2"),
    (
        "glInvalidateNamedFramebufferData",
        "attachments",
        "numAttachments",
    ),
    (
        "glInvalidateNamedFramebufferSubData",
        "attachments",
        "numAttachments",
    ),
    ("glNamedBufferData", "data", "size"),
    ("glNamedBufferSubData", "data", "size"),
    ("glGetNamedBufferSubData", "data", "size"),
    ("glNamedFramebufferDrawBuffers", "bufs", "n"),
    (
        "glTextureSubImage1D",
        "pixels",
        "COMPSIZE(format,type,width)",
    ),
    (
        "glTextureSubImage2D",
        "pixels",
        "COMPSIZE(format,type,width,height)",
    ),
    (
        "glTextureSubImage3D",
        "pixels",
        "COMPSIZE(format,type,width,height,depth)",
    ),
    ("glVertexArrayVertexBuffers", "buffers", "count"),
    ("glVertexArrayVertexBuffers", "offsets", "count"),
    ("glVertexArrayVertexBuffers", "strides", "count"),
    (
        "glSpecializeShader",
        "pConstantIndex",
        "numSpecializationConstants",
    ),
    (
        "glSpecializeShader",
        "pConstantValue",
        "numSpecializationConstants",
    ),
    ("glScissorArrayv", "v", "count*4"),
    ("glViewportArrayv", "v", "count*4"),
    ("glDepthRangeArrayv", "v", "count*2"),
    ("glObjectPtrLabel", "ptr", "OPAQUE"),
    ("glGetObjectPtrLabel", "ptr", "OPAQUE"),
    ("glDebugMessageCallback", "userParam", "OPAQUE"),
];

/// The `len` of parameter `param` of `cmd`: [`LEN`], else gl.xml's; the
/// `Get*Parameter*v`-style outputs and `*Parameter*v` inputs without one
/// are sized by `pname`.
pub fn len_of(cmd: &str, param: &str, xml: &'static str) -> &'static str {
    if let Some((_, _, l)) = LEN.iter().find(|(c, p, _)| *c == cmd && *p == param) {
        return l;
    }
    if xml.is_empty() && (cmd.contains("Parameter") || cmd.starts_with("glGet")) {
        return "COMPSIZE(pname)";
    }
    // gl.xml sizes some index arrays in elements of an unknown type
    // (glDrawElementsInstancedBaseVertexBaseInstance: len="count").
    if param == "indices" && cmd.contains("Elements") && !cmd.starts_with("glMultiDraw") {
        return "COMPSIZE(count,type)";
    }
    // gl.xml says 1 for some outputs a pname may make longer
    // (glGetVertexAttribIiv with GL_CURRENT_VERTEX_ATTRIB writes 4).
    if xml == "1" && cmd.starts_with("glGet") && cmd.contains("Attrib") {
        return "COMPSIZE(pname)";
    }
    xml
}

/// A finding already reported to the oxgl developers. `--ci` does not call
/// a command listed with a crash, abort or hang (so it cannot hide other
/// findings), and does not fail on a listed missing error or internal
/// problem.
pub struct Known {
    pub command: &'static str,
    /// `crash`, `abort`, `hang`, `missing-error`, `internal`.
    pub kind: &'static str,
    pub reason: &'static str,
}

/// The known findings (see docs/fuzzing.md "Known findings").
pub const KNOWN: &[Known] = &[
    // Empty: every finding so far is fixed (docs/fuzzing.md "Findings").
];

/// Whether `--ci` skips `cmd` because of a known finding.
pub fn known_fatal(cmd: &str) -> bool {
    KNOWN
        .iter()
        .any(|k| k.command == cmd && matches!(k.kind, "crash" | "abort" | "hang"))
}

/// Whether `--ci` tolerates a non-fatal finding of `kind` in `cmd`.
pub fn known(cmd: &str, kind: &str) -> bool {
    KNOWN.iter().any(|k| k.command == cmd && k.kind == kind)
}
