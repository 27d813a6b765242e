//! GL 3.0 features that came as NV/ARB extensions, through the public API
//! (tests/clients/gl30_misc.c): conditional rendering (NV_conditional_render)
//! of quads, clears, glDrawPixels, glBitmap, glCopyPixels and
//! glBlitFramebufferEXT on occlusion query results, with its errors; RGTC
//! compressed textures (ARB_texture_compression_rgtc) from hand-made blocks,
//! decoded, read back, replaced block-wise, their errors and their absence
//! from GL_COMPRESSED_TEXTURE_FORMATS; BPTC textures
//! (ARB_texture_compression_bptc) compressed by the GL and from a hand-made
//! BC7 mode 6 block. Each part runs only when its extension is advertised.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn gl30_conditional_render_and_compression() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("gl30_misc");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "gl30_misc failed:\n{out}"
    );
}

/// The GL 3.0 context itself (tests/clients/glsl130.c): version strings
/// and GLSL 1.30 agreeing, GL_NUM_EXTENSIONS against glGetStringi and the
/// extension string, `#version 140` refused, and a GLSL 1.30 program
/// (attribute and fragment data locations, flat and noperspective
/// varyings, gl_VertexID, uint uniforms, switch, texelFetch, textureSize)
/// drawing every pixel as computed.
#[test]
fn gl30_context_glsl130() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("glsl130");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "glsl130 failed:\n{out}"
    );
}

/// GLSL 1.40 in the GL 3.1 compatibility context (tests/clients/glsl140.c):
/// a uniform block from a buffer range, gl_InstanceID, inverse(), buffer
/// and rectangle samplers, and GL_ARB_compatibility's built-ins.
#[test]
fn gl31_glsl140() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("glsl140");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "glsl140 failed:\n{out}"
    );
}

/// GL_ARB_sync (tests/clients/sync.c): fences after rendering, their
/// properties, labels and every error of the extension.
#[test]
fn arb_sync_fences() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("sync");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(out.success() && out.has_line("PASS"), "sync failed:\n{out}");
}
