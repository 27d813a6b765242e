//! What the hook-table draw tests share: GLSL compiled to IR blobs, a
//! 32×32 window cleared to 0, one `draw_prims` and its pixels read back
//! with `map_buffer`.
#![allow(unsafe_code, dead_code)]

use std::ptr;

use oxgl_dri_interface::*;
use oxgl_dri_swrast::BACKEND;

pub const W: u32 = 32;
pub const H: u32 = 32;

/// `src` compiled and lowered for `stage`, serialized.
pub fn blob(stage: oxgl_glsl::Stage, src: &str) -> Vec<u8> {
    let c = oxgl_glsl::compile(src, &oxgl_glsl::Options::new(stage));
    assert!(!c.log.has_errors(), "{src}\n{:?}", c.log);
    let l = oxgl_glsl::lower::lower(&c).expect("lowers");
    oxgl_ir::serialize::serialize(&l.shader)
}

/// Creates a shader of every blob, lets `fill` set a draw's vertices,
/// primitives and shaders (the blobs' shaders in order), draws it into
/// the window with the rest of the state at its defaults and returns
/// the RGBA8 pixels, bottom row first.
pub fn render(
    blobs: &[&[u8]],
    fill: impl FnOnce(&mut OxglDrawDesc, &[*mut OxglShader]),
) -> Vec<[u8; 4]> {
    // SAFETY: the hook table's contract: live handles, valid descriptors,
    // everything destroyed in reverse order.
    unsafe {
        let screen = (BACKEND.create_screen)(&OxglScreenDesc {
            fd: -1,
            pci_vendor: 0,
            pci_device: 0,
            num_threads: 1,
        });
        assert!(!screen.is_null());
        let drawable = (BACKEND.create_drawable)(
            screen,
            &OxglDrawableDesc {
                width: W,
                height: H,
                color_format: OxglColorFormat::B8G8R8A8,
                double_buffered: 0,
                depth_bits: 0,
                stencil_bits: 0,
                accum_bits: 0,
                samples: 0,
                extra_color_buffers: 0,
                extra_color_formats: [OxglColorFormat::B8G8R8A8; OXGL_MAX_EXTRA_COLOR_BUFFERS],
                layers: 0,
            },
        );
        let ctx_desc = OxglContextDesc {
            api: OxglApi::GlCore,
            major: 4,
            minor: 0,
            flags: 0,
            share: ptr::null_mut(),
        };
        let ctx = (BACKEND.create_context)(screen, &ctx_desc);
        assert!(!drawable.is_null() && !ctx.is_null());
        assert_eq!(
            (BACKEND.make_current)(ctx, drawable, drawable),
            OxglStatus::Ok
        );
        let mut clear: OxglClearDesc = std::mem::zeroed();
        clear.buffers = clear_bits::CLEAR_COLOR;
        clear.draw_buffers = draw_buffer_bits::DRAW_FRONT;
        clear.color_mask = [1; 4];
        assert_eq!((BACKEND.clear)(ctx, &clear), OxglStatus::Ok);
        let shaders: Vec<*mut OxglShader> = blobs
            .iter()
            .map(|b| {
                let s = (BACKEND.create_shader)(screen, b.as_ptr(), b.len(), ptr::null_mut(), 0);
                assert!(!s.is_null());
                s
            })
            .collect();
        let mut d: OxglDrawDesc = std::mem::zeroed();
        d.instance_count = 1;
        d.draw_buffers = draw_buffer_bits::DRAW_FRONT;
        d.color_outputs = [-1; OXGL_MAX_COLOR_BUFFERS];
        d.color_outputs[0] = 0;
        d.raster.viewport = [0.0, 0.0, W as f32, H as f32];
        d.raster.depth_range = [0.0, 1.0];
        d.raster.point_size = 1.0;
        d.raster.line_width = 1.0;
        d.blend.color_mask = [1; 4];
        d.depth_stencil.depth_func = 0x0207; // GL_ALWAYS
        fill(&mut d, &shaders);
        assert_eq!((BACKEND.draw_prims)(ctx, &d), OxglStatus::Ok);
        assert_eq!((BACKEND.finish)(ctx), OxglStatus::Ok);
        let mut img = empty_image();
        assert_eq!(
            (BACKEND.map_buffer)(drawable, OxglBuffer::FrontColor, &mut img),
            OxglStatus::Ok
        );
        let mut px = Vec::new();
        for y in (0..H as usize).rev() {
            let row = std::slice::from_raw_parts(
                (img.data as *const u8).add(y * img.stride),
                4 * W as usize,
            );
            px.extend(row.chunks(4).map(|c| [c[2], c[1], c[0], c[3]]));
        }
        (BACKEND.unmap_buffer)(drawable, OxglBuffer::FrontColor);
        (BACKEND.make_current)(ptr::null_mut(), ptr::null_mut(), ptr::null_mut());
        for s in shaders {
            (BACKEND.destroy_shader)(s);
        }
        (BACKEND.destroy_context)(ctx);
        (BACKEND.destroy_drawable)(drawable);
        (BACKEND.destroy_screen)(screen);
        px
    }
}

/// The pixel at window `(x, y)`.
pub fn at(px: &[[u8; 4]], x: usize, y: usize) -> [u8; 4] {
    px[y * W as usize + x]
}
