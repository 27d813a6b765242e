//! GL 3.x commands of issue 16 through the public API, one C client each
//! (each also passes on Mesa llvmpipe):
//! * `base_vertex.c`: ARB_draw_elements_base_vertex — base vertices on
//!   every draw command of the extension, by the quads they pick, and the
//!   commands' errors.
//! * `clear_buffer.c`: glClearBuffer{fv,iv,fi} on the window's colour,
//!   depth and stencil buffers under the masks, the scissor and rasterizer
//!   discard, on a framebuffer object's draw buffers by index, and every
//!   error of the four commands.

use oxgl_tests::{compile_client, require_gl, run_client};

fn run(name: &str) {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client(name);
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "{name} failed:\n{out}"
    );
}

#[test]
fn draw_elements_base_vertex() {
    run("base_vertex");
}

#[test]
fn clear_buffer() {
    run("clear_buffer");
}
