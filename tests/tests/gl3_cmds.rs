//! GL 3.x commands of issue 16 through the public API, one C client each
//! (each also passes on Mesa llvmpipe, except where said):
//! * `base_vertex.c`: ARB_draw_elements_base_vertex — base vertices on
//!   every draw command of the extension, by the quads they pick, and the
//!   commands' errors.
//! * `clear_buffer.c`: glClearBuffer{fv,iv,fi} on the window's colour,
//!   depth and stencil buffers under the masks, the scissor and rasterizer
//!   discard, on a framebuffer object's draw buffers by index, and every
//!   error of the four commands.
//! * `draw_buffers2.c`: EXT_draw_buffers2 — per-draw-buffer colour masks
//!   and blend enables, their queries, attribute stacks and display lists,
//!   and their pixels on a framebuffer object with three attachments
//!   (draw buffers in and out of attachment order) and on the window.
//! * `timer_query.c`: ARB_timer_query — GL_TIME_ELAPSED within the
//!   client's own clock, glQueryCounter timestamps in order and against
//!   glGetInteger64v(GL_TIMESTAMP), counter bits, and the errors (on
//!   llvmpipe all but the elapsed-time bound, which its result fails).

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

#[test]
fn draw_buffers2() {
    run("draw_buffers2");
}

#[test]
fn timer_query() {
    run("timer_query");
}
