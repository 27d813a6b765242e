"""Fixtures for moderngl's own test suite (its sdist ships the tests
without them), written for oxgl's scripts/moderngl-run.

- ``ctx``: one standalone GL 3.3 context for the whole run, its state reset
  before each test that asks for it;
- ``ctx_static``: the same context, not reset (class-scoped fixtures use it);
- ``ctx_new``: a context of its own for one test, released after it;
- ``color_prog``: a program drawing the uniform ``color`` over ``in_vert``;
- ``ndc_quad``: a buffer of the four corners of clip space as a strip.
"""
import struct

import moderngl
import pytest

REQUIRE = 330
_shared = None


def _create():
    return moderngl.create_context(require=REQUIRE, standalone=True)


def _context():
    global _shared
    if _shared is None:
        _shared = _create()
        _shared.gc_mode = "auto"
    return _shared


@pytest.fixture(scope="session")
def ctx_static():
    return _context()


@pytest.fixture
def ctx():
    c = _context()
    c.blend_func = moderngl.DEFAULT_BLENDING
    c.blend_equation = moderngl.FUNC_ADD
    c.enable_only(moderngl.NOTHING)
    c.point_size = 1.0
    c.line_width = 1.0
    c.front_face = "ccw"
    c.cull_face = "back"
    c.wireframe = False
    c.provoking_vertex = moderngl.FIRST_VERTEX_CONVENTION
    c.polygon_offset = 0.0, 0.0
    c.scissor = None
    return c


@pytest.fixture
def ctx_new():
    c = _create()
    yield c
    c.release()
    # Leave the shared context current again for the next test.
    if _shared is not None:
        _shared.__enter__()


@pytest.fixture(scope="session")
def color_prog(ctx_static):
    return ctx_static.program(
        vertex_shader="""
            #version 330
            in vec2 in_vert;
            void main() { gl_Position = vec4(in_vert, 0.0, 1.0); }
        """,
        fragment_shader="""
            #version 330
            uniform vec4 color;
            out vec4 fragColor;
            void main() { fragColor = color; }
        """,
    )


@pytest.fixture(scope="session")
def ndc_quad(ctx_static):
    return ctx_static.buffer(struct.pack("8f", -1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0, -1.0))
