//! Buffer textures (ARB_texture_buffer_object, ARB_texture_buffer_range)
//! through the public API (tests/clients/tbo.c): binding, format, size and
//! alignment queries, level parameters, the spec's errors, glTexBuffer not
//! compiled into display lists; texelFetchBuffer (EXT_gpu_shader4) reading
//! the buffer's current contents after glBufferSubData and a write
//! mapping, zero outside the buffer, ranges, textureSizeBuffer, integer
//! texels and the alpha, luminance and intensity formats. Runs only when
//! the extensions are advertised.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn texture_buffer_objects_queries_errors_fetches() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("tbo");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS") && !out.has_line("SKIP GL_ARB_texture_buffer_object"),
        "tbo failed:\n{out}"
    );
}
