//! Point sprites for fixed function through the public API
//! (tests/clients/point_sprite.c): `GL_COORD_REPLACE` per unit, both
//! `GL_POINT_SPRITE_COORD_ORIGIN`s checked texel by texel, no replacement
//! off points or without the enables, polygon-mode points, errors, queries
//! and the point attribute group.

use oxgl_tests::{compile_client, require_gl, run_client};

#[test]
fn point_sprites() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("point_sprite");
    let out = run_client(&client, &[] as &[&str], &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "point_sprite failed:\n{out}"
    );
}
