//! Texture objects: names and bindings, glTexImage{1,2,3}D, glGetTexImage,
//! parameters and their queries. Image data is unpacked from client memory
//! here (with the size the core computed) and, while a display list is
//! compiled, captured into the list as texels (GL 4.6 compat §21.4).
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use std::ffi::c_void;

use oxgl_core::{Context, Profile};
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::{compiled, with_ctx};
use crate::client;

/// Executed at once even while a list is compiled (Mesa has no display
/// list form of it).
unsafe extern "C" fn GenerateMipmap(target: GLenum) {
    with_ctx("glGenerateMipmap", (), |c| {
        let r = c.generate_mipmap(target);
        c.record(r);
    })
}

unsafe extern "C" fn GenTextures(n: GLsizei, textures: *mut GLuint) {
    with_ctx("glGenTextures", (), |c| {
        let r = c.gen_textures(n);
        if let Some(names) = c.record(r) {
            // SAFETY: the client provides room for `n` names.
            unsafe { client::write(textures, &names) };
        }
    })
}

unsafe extern "C" fn DeleteTextures(n: GLsizei, textures: *const GLuint) {
    with_ctx("glDeleteTextures", (), |c| {
        // SAFETY: the client passes `n` names.
        let r = unsafe { client::names(n, textures) };
        let Some(names) = c.record(r) else {
            return;
        };
        if !textures.is_null() {
            let r = c.delete_textures(&names);
            c.record(r);
        }
    })
}

unsafe extern "C" fn PrioritizeTextures(
    n: GLsizei,
    textures: *const GLuint,
    priorities: *const GLfloat,
) {
    with_ctx("glPrioritizeTextures", (), |c| {
        // SAFETY: the client passes `n` names and `n` priorities.
        let r = unsafe { client::names(n, textures) };
        let Some(names) = c.record(r) else {
            return;
        };
        if textures.is_null() || priorities.is_null() {
            return;
        }
        // SAFETY: as above; `names` holds `n` names, so `n` is in range.
        let r = unsafe { client::read(priorities, names.len()) };
        let Some(prios) = c.record(r) else {
            return;
        };
        compiled(c, move |c| c.prioritize_textures(&names, &prios));
    })
}

unsafe extern "C" fn AreTexturesResident(
    n: GLsizei,
    textures: *const GLuint,
    residences: *mut GLboolean,
) -> GLboolean {
    with_ctx("glAreTexturesResident", 0, |c| {
        // SAFETY: the client passes `n` names.
        let r = unsafe { client::names(n, textures) };
        let Some(names) = c.record(r) else {
            return 0;
        };
        if textures.is_null() {
            return 0;
        }
        let _ = residences; // Written only when some texture is not resident.
        let r = c.are_textures_resident(&names);
        c.record(r).map_or(0, GLboolean::from)
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
fn copy_tex_image(
    c: &mut Context,
    dims: usize,
    target: GLenum,
    level: GLint,
    ifmt: GLenum,
    x: GLint,
    y: GLint,
    size: [GLsizei; 2],
    border: GLint,
) {
    compiled(c, move |c| {
        c.copy_tex_image(dims, target, level, ifmt, x, y, size, border)
    });
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
fn copy_tex_sub_image(
    c: &mut Context,
    dims: usize,
    target: GLenum,
    level: GLint,
    offset: [GLint; 3],
    x: GLint,
    y: GLint,
    size: [GLsizei; 2],
) {
    compiled(c, move |c| {
        c.copy_tex_sub_image(dims, target, level, offset, x, y, size)
    });
}

unsafe extern "C" fn CopyTexImage1D(
    target: GLenum,
    level: GLint,
    ifmt: GLenum,
    x: GLint,
    y: GLint,
    w: GLsizei,
    border: GLint,
) {
    with_ctx("glCopyTexImage1D", (), |c| {
        copy_tex_image(c, 1, target, level, ifmt, x, y, [w, 1], border)
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn CopyTexImage2D(
    target: GLenum,
    level: GLint,
    ifmt: GLenum,
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
    border: GLint,
) {
    with_ctx("glCopyTexImage2D", (), |c| {
        copy_tex_image(c, 2, target, level, ifmt, x, y, [w, h], border)
    })
}

unsafe extern "C" fn CopyTexSubImage1D(
    target: GLenum,
    level: GLint,
    xoff: GLint,
    x: GLint,
    y: GLint,
    w: GLsizei,
) {
    with_ctx("glCopyTexSubImage1D", (), |c| {
        copy_tex_sub_image(c, 1, target, level, [xoff, 0, 0], x, y, [w, 1])
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn CopyTexSubImage2D(
    target: GLenum,
    level: GLint,
    xoff: GLint,
    yoff: GLint,
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
) {
    with_ctx("glCopyTexSubImage2D", (), |c| {
        copy_tex_sub_image(c, 2, target, level, [xoff, yoff, 0], x, y, [w, h])
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn CopyTexSubImage3D(
    target: GLenum,
    level: GLint,
    xoff: GLint,
    yoff: GLint,
    zoff: GLint,
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
) {
    with_ctx("glCopyTexSubImage3D", (), |c| {
        copy_tex_sub_image(c, 3, target, level, [xoff, yoff, zoff], x, y, [w, h])
    })
}

/// Reads a planned compressed image's blocks (client memory or the pixel
/// unpack buffer) and stores them, or records the plan's error.
fn compressed_image(
    c: &mut Context,
    plan: oxgl_core::error::ApiResult<oxgl_core::CompressedPlan>,
    data: *const c_void,
) {
    let Some(plan) = c.record(plan) else {
        return;
    };
    // SAFETY: GL 4.6 §8.7: the client's image is `imageSize` bytes, or as
    // many as the unpack modes place its blocks over.
    let src = unsafe { super::unpack_source(c, data, plan.read_len()) };
    let Some(src) = c.record(src) else {
        return;
    };
    let bytes = src.map(client::owned).transpose();
    let Some(bytes) = c.record(bytes) else {
        return;
    };
    let bytes = bytes.unwrap_or_default();
    compiled(c, move |c| c.compressed_tex_image(plan, &bytes));
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn CompressedTexImage1D(
    target: GLenum,
    level: GLint,
    ifmt: GLenum,
    w: GLsizei,
    border: GLint,
    size: GLsizei,
    data: *const c_void,
) {
    with_ctx("glCompressedTexImage1D", (), |c| {
        let plan = c.plan_compressed_tex_image(1, target, level, ifmt, [w, 1, 1], border, size);
        compressed_image(c, plan, data);
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn CompressedTexImage2D(
    target: GLenum,
    level: GLint,
    ifmt: GLenum,
    w: GLsizei,
    h: GLsizei,
    border: GLint,
    size: GLsizei,
    data: *const c_void,
) {
    with_ctx("glCompressedTexImage2D", (), |c| {
        if c.params().is_es1() && oxgl_core::texture::paletted::is_paletted(ifmt) {
            // Only a size the command accepts is read from the client.
            let expected = oxgl_core::texture::paletted::image_size(ifmt, level, [w, h])
                .filter(|&n| usize::try_from(size).ok() == Some(n));
            let bytes = match expected {
                // SAFETY: GL_OES_compressed_paletted_texture: `data` is null
                // or holds `size` bytes of palette and indices.
                Some(n) if !data.is_null() => unsafe { client::read(data.cast::<u8>(), n) },
                _ => Ok(Vec::new()),
            };
            let Some(bytes) = c.record(bytes) else {
                return;
            };
            let data = (!data.is_null()).then_some(bytes.as_slice());
            let r = c.paletted_tex_image(target, level, ifmt, [w, h], border, size, data);
            c.record(r);
            return;
        }
        let plan = c.plan_compressed_tex_image(2, target, level, ifmt, [w, h, 1], border, size);
        compressed_image(c, plan, data);
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn CompressedTexImage3D(
    target: GLenum,
    level: GLint,
    ifmt: GLenum,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
    border: GLint,
    size: GLsizei,
    data: *const c_void,
) {
    with_ctx("glCompressedTexImage3D", (), |c| {
        let plan = c.plan_compressed_tex_image(3, target, level, ifmt, [w, h, d], border, size);
        compressed_image(c, plan, data);
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn CompressedTexSubImage1D(
    target: GLenum,
    level: GLint,
    x: GLint,
    w: GLsizei,
    format: GLenum,
    size: GLsizei,
    data: *const c_void,
) {
    with_ctx("glCompressedTexSubImage1D", (), |c| {
        let plan =
            c.plan_compressed_tex_sub_image(1, target, level, [x, 0, 0], [w, 1, 1], format, size);
        compressed_image(c, plan, data);
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn CompressedTexSubImage2D(
    target: GLenum,
    level: GLint,
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
    format: GLenum,
    size: GLsizei,
    data: *const c_void,
) {
    with_ctx("glCompressedTexSubImage2D", (), |c| {
        if c.params().is_es1() && oxgl_core::texture::paletted::is_paletted(format) {
            // OES_compressed_paletted_texture: no sub-images.
            c.record::<()>(Err(oxgl_core::error::ApiError::InvalidOperation));
            return;
        }
        let plan =
            c.plan_compressed_tex_sub_image(2, target, level, [x, y, 0], [w, h, 1], format, size);
        compressed_image(c, plan, data);
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn CompressedTexSubImage3D(
    target: GLenum,
    level: GLint,
    x: GLint,
    y: GLint,
    z: GLint,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
    format: GLenum,
    size: GLsizei,
    data: *const c_void,
) {
    with_ctx("glCompressedTexSubImage3D", (), |c| {
        let plan =
            c.plan_compressed_tex_sub_image(3, target, level, [x, y, z], [w, h, d], format, size);
        compressed_image(c, plan, data);
    })
}

/// `glGetCompressedTexImage` into at most `limit` bytes (INVALID_OPERATION
/// when the image is larger, `glGetnCompressedTexImage`).
fn get_compressed(
    name: &'static str,
    target: GLenum,
    level: GLint,
    limit: usize,
    img: *mut c_void,
) {
    with_ctx(name, (), |c| {
        let r = c.get_compressed_tex_image(target, level);
        let Some((bytes, span)) = c.record(r) else {
            return;
        };
        let len = span.map_or(bytes.len(), |s| s.len());
        if len > limit {
            c.record::<()>(Err(oxgl_core::ApiError::InvalidOperation));
            return;
        }
        // SAFETY: GL 4.6 §8.11.3: the client provides room for the image's
        // GL_TEXTURE_COMPRESSED_IMAGE_SIZE bytes, or for the blocks where
        // the pack modes place them.
        let r = unsafe {
            super::pack_into(c, img, len, |_, dst| {
                match span {
                    Some(s) => s.scatter(&bytes, dst),
                    None => dst.copy_from_slice(&bytes),
                }
                Ok(())
            })
        };
        c.record(r);
    })
}

unsafe extern "C" fn GetCompressedTexImage(target: GLenum, level: GLint, img: *mut c_void) {
    get_compressed("glGetCompressedTexImage", target, level, usize::MAX, img);
}

unsafe extern "C" fn GetnCompressedTexImage(
    target: GLenum,
    level: GLint,
    buf_size: GLsizei,
    img: *mut c_void,
) {
    let limit = usize::try_from(buf_size).unwrap_or(0);
    get_compressed("glGetnCompressedTexImage", target, level, limit, img);
}

unsafe extern "C" fn SampleCoverage(value: GLfloat, invert: GLboolean) {
    with_ctx("glSampleCoverage", (), |c| {
        compiled(c, move |c| c.sample_coverage(value, invert != 0))
    })
}

unsafe extern "C" fn IsTexture(texture: GLuint) -> GLboolean {
    with_ctx("glIsTexture", 0, |c| {
        let r = c.is_texture(texture);
        c.record(r).map_or(0, GLboolean::from)
    })
}

// ARB_texture_buffer_object / _range: executed at once, also while a
// display list is compiled (the extensions add them to the buffer
// commands that are not compiled).
// ARB_texture_multisample (GL 3.2): not compiled into display lists (as
// in Mesa, whose list compiler has no entry for them).
unsafe extern "C" fn TexImage2DMultisample(
    target: GLenum,
    samples: GLsizei,
    internal_format: GLenum,
    width: GLsizei,
    height: GLsizei,
    fixed: GLboolean,
) {
    with_ctx("glTexImage2DMultisample", (), |c| {
        let size = [width, height, 1];
        let r = c.tex_image_multisample(2, target, samples, internal_format, size, fixed != 0);
        c.record(r);
    })
}

unsafe extern "C" fn TexImage3DMultisample(
    target: GLenum,
    samples: GLsizei,
    internal_format: GLenum,
    width: GLsizei,
    height: GLsizei,
    depth: GLsizei,
    fixed: GLboolean,
) {
    with_ctx("glTexImage3DMultisample", (), |c| {
        let size = [width, height, depth];
        let r = c.tex_image_multisample(3, target, samples, internal_format, size, fixed != 0);
        c.record(r);
    })
}

// ARB_texture_storage_multisample (GL 4.3): immutable multisample images.
unsafe extern "C" fn TexStorage2DMultisample(
    target: GLenum,
    samples: GLsizei,
    internal_format: GLenum,
    width: GLsizei,
    height: GLsizei,
    fixed: GLboolean,
) {
    with_ctx("glTexStorage2DMultisample", (), |c| {
        let size = [width, height, 1];
        let r = c.tex_storage_multisample(2, target, samples, internal_format, size, fixed != 0);
        c.record(r);
    })
}

unsafe extern "C" fn TexStorage3DMultisample(
    target: GLenum,
    samples: GLsizei,
    internal_format: GLenum,
    width: GLsizei,
    height: GLsizei,
    depth: GLsizei,
    fixed: GLboolean,
) {
    with_ctx("glTexStorage3DMultisample", (), |c| {
        let size = [width, height, depth];
        let r = c.tex_storage_multisample(3, target, samples, internal_format, size, fixed != 0);
        c.record(r);
    })
}

unsafe extern "C" fn GetMultisamplefv(pname: GLenum, index: GLuint, val: *mut GLfloat) {
    with_ctx("glGetMultisamplefv", (), |c| {
        let r = c.get_multisample(pname, index);
        if let Some(v) = c.record(r) {
            // SAFETY: room for two floats (GL_SAMPLE_POSITION).
            unsafe { client::write(val, &v) };
        }
    })
}

unsafe extern "C" fn SampleMaski(index: GLuint, mask: GLbitfield) {
    with_ctx("glSampleMaski", (), |c| {
        let r = c.sample_mask(index, mask);
        c.record(r);
    })
}

unsafe extern "C" fn TexBuffer(target: GLenum, internal_format: GLenum, buffer: GLuint) {
    with_ctx("glTexBuffer", (), |c| {
        let r = c.tex_buffer(target, internal_format, buffer, None);
        c.record(r);
    })
}

unsafe extern "C" fn TexBufferRange(
    target: GLenum,
    internal_format: GLenum,
    buffer: GLuint,
    offset: GLintptr,
    size: GLsizeiptr,
) {
    with_ctx("glTexBufferRange", (), |c| {
        let r = c.tex_buffer(target, internal_format, buffer, Some((offset, size)));
        c.record(r);
    })
}

unsafe extern "C" fn BindTexture(target: GLenum, texture: GLuint) {
    with_ctx("glBindTexture", (), |c| {
        compiled(c, move |c| c.bind_texture(target, texture))
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
fn tex_image(
    c: &mut Context,
    dims: usize,
    target: GLenum,
    level: GLint,
    internal_format: GLint,
    size: [GLsizei; 3],
    border: GLint,
    format: GLenum,
    type_: GLenum,
    pixels: *const c_void,
) {
    if c.params().is_es() {
        let r = c.check_es_tex_image(
            dims,
            target,
            level,
            internal_format as GLenum,
            size,
            border,
            format,
            type_,
        );
        if c.record(r).is_none() {
            return;
        }
    }
    let internal_format = if c.params().is_es() {
        oxgl_core::texture::api::es_storage_format(internal_format as GLenum) as GLint
    } else {
        internal_format
    };
    let (ifmt, type_) = c.es_float_image(internal_format as GLenum, type_);
    let internal_format = ifmt as GLint;
    if oxgl_core::texture::api::is_proxy_target(target) {
        // Proxy queries run at once, even while a list is compiled.
        let r = c.proxy_tex_image(
            dims,
            target,
            level,
            internal_format as GLenum,
            size,
            border,
            format,
            type_,
        );
        c.record(r);
        return;
    }
    if let Some(r) = c.compile_error_in_primitive() {
        c.record(r);
        return;
    }
    if format == oxgl_glapi::generated::enums::GL_COLOR_INDEX {
        let ifmt = internal_format as GLenum;
        let plan = c.plan_tex_image_index(dims, target, level, ifmt, size, border, type_);
        let Some(plan) = c.record(plan) else {
            return;
        };
        // SAFETY: GL 4.6 §8.4.4: the client image occupies `byte_len` bytes
        // from `pixels` under the current unpack parameters.
        let src = unsafe { super::unpack_source(c, pixels, plan.byte_len) };
        let Some(src) = c.record(src) else {
            return;
        };
        let indices = match src {
            Some(src) if plan.byte_len > 0 => plan.unpack(&src),
            _ => vec![0.0; plan.size[0] * plan.size[1]],
        };
        let dims = [plan.size[0], plan.size[1], 1];
        compiled(c, move |c| {
            c.tex_image_index(target, level, ifmt, dims, &indices)
        });
        return;
    }
    let plan = c.plan_tex_image(
        dims,
        target,
        level,
        internal_format as GLenum,
        size,
        border,
        format,
        type_,
    );
    let Some(plan) = c.record(plan) else {
        return;
    };
    // SAFETY: GL 4.6 §8.4.4: the client image occupies `byte_len` bytes
    // from `pixels` under the current unpack parameters.
    let src = unsafe { super::unpack_source(c, pixels, plan.byte_len) };
    let Some(src) = c.record(src) else {
        return;
    };
    let src = src.as_deref().filter(|s| !s.is_empty());
    let ifmt = internal_format as GLenum;
    // 8-bit pixels an 8-bit format keeps as they are: stored as bytes.
    if let Some(bytes) = src
        && border == 0
        && !c.compiling_list()
        && c.tex_image_keeps_bytes(&plan, ifmt)
    {
        let texels = plan.unpack_unorm8(bytes);
        let r = c.tex_image_unorm8(target, level, ifmt, plan.size, texels);
        c.record(r);
        return;
    }
    let texels = Context::tex_image_texels(&plan, src);
    let Some(texels) = c.record(texels) else {
        return;
    };
    // Borders are dropped, as Mesa does for drivers without them.
    let bordered = oxgl_core::texture::api::border_dims(dims, target);
    let (texels, dims) =
        oxgl_core::texture::api::strip_border(texels, plan.size, bordered, border as usize);
    if !c.compiling_list() {
        // Executed once: the texels move into the image (no copy).
        let r = c.tex_image_from(target, level, ifmt, dims, texels, Some(&plan));
        c.record(r);
        return;
    }
    compiled(c, move |c| {
        c.tex_image(target, level, ifmt, dims, texels.clone())
    });
}

unsafe extern "C" fn TexImage1D(
    target: GLenum,
    level: GLint,
    ifmt: GLint,
    w: GLsizei,
    border: GLint,
    format: GLenum,
    type_: GLenum,
    pixels: *const c_void,
) {
    with_ctx("glTexImage1D", (), |c| {
        tex_image(
            c,
            1,
            target,
            level,
            ifmt,
            [w, 1, 1],
            border,
            format,
            type_,
            pixels,
        )
    })
}

unsafe extern "C" fn TexImage2D(
    target: GLenum,
    level: GLint,
    ifmt: GLint,
    w: GLsizei,
    h: GLsizei,
    border: GLint,
    format: GLenum,
    type_: GLenum,
    pixels: *const c_void,
) {
    with_ctx("glTexImage2D", (), |c| {
        tex_image(
            c,
            2,
            target,
            level,
            ifmt,
            [w, h, 1],
            border,
            format,
            type_,
            pixels,
        )
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn TexImage3D(
    target: GLenum,
    level: GLint,
    ifmt: GLint,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
    border: GLint,
    format: GLenum,
    type_: GLenum,
    pixels: *const c_void,
) {
    with_ctx("glTexImage3D", (), |c| {
        tex_image(
            c,
            3,
            target,
            level,
            ifmt,
            [w, h, d],
            border,
            format,
            type_,
            pixels,
        )
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
fn tex_sub_image(
    c: &mut Context,
    dims: usize,
    target: GLenum,
    level: GLint,
    offset: [GLint; 3],
    size: [GLsizei; 3],
    format: GLenum,
    type_: GLenum,
    pixels: *const c_void,
) {
    let type_ = if c.params().is_es() {
        oxgl_core::texture::api::es_type(type_)
    } else {
        type_
    };
    let plan = c.plan_tex_sub_image(dims, target, level, offset, size, format, type_);
    let Some(plan) = c.record(plan) else {
        return;
    };
    // SAFETY: GL 4.6 §8.6: the client image occupies `byte_len` bytes from
    // `pixels` under the current unpack parameters.
    let src = unsafe { super::unpack_source(c, pixels, plan.byte_len) };
    let Some(Some(bytes)) = c.record(src) else {
        return;
    };
    if plan.byte_len == 0 {
        return;
    }
    let texels = plan.unpack(&bytes);
    let (off, dims) = (offset.map(|o| o as usize), plan.size);
    compiled(c, move |c| {
        c.tex_sub_image(target, level, off, dims, texels.clone())
    });
}

unsafe extern "C" fn TexSubImage1D(
    target: GLenum,
    level: GLint,
    x: GLint,
    w: GLsizei,
    format: GLenum,
    type_: GLenum,
    pixels: *const c_void,
) {
    with_ctx("glTexSubImage1D", (), |c| {
        tex_sub_image(
            c,
            1,
            target,
            level,
            [x, 0, 0],
            [w, 1, 1],
            format,
            type_,
            pixels,
        )
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn TexSubImage2D(
    target: GLenum,
    level: GLint,
    x: GLint,
    y: GLint,
    w: GLsizei,
    h: GLsizei,
    format: GLenum,
    type_: GLenum,
    pixels: *const c_void,
) {
    with_ctx("glTexSubImage2D", (), |c| {
        tex_sub_image(
            c,
            2,
            target,
            level,
            [x, y, 0],
            [w, h, 1],
            format,
            type_,
            pixels,
        )
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn TexSubImage3D(
    target: GLenum,
    level: GLint,
    x: GLint,
    y: GLint,
    z: GLint,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
    format: GLenum,
    type_: GLenum,
    pixels: *const c_void,
) {
    with_ctx("glTexSubImage3D", (), |c| {
        tex_sub_image(
            c,
            3,
            target,
            level,
            [x, y, z],
            [w, h, d],
            format,
            type_,
            pixels,
        )
    })
}

/// `glTexStorage{1,2,3}D` run at once (not compiled into display lists, as
/// in Mesa).
fn tex_storage(
    name: &'static str,
    dims: usize,
    target: GLenum,
    levels: GLsizei,
    ifmt: GLenum,
    size: [GLsizei; 3],
) {
    with_ctx(name, (), |c| {
        let r = c.tex_storage(dims, target, levels, ifmt, size);
        c.record(r);
    })
}

unsafe extern "C" fn TexStorage1D(target: GLenum, levels: GLsizei, ifmt: GLenum, w: GLsizei) {
    tex_storage("glTexStorage1D", 1, target, levels, ifmt, [w, 1, 1])
}

unsafe extern "C" fn TexStorage2D(
    target: GLenum,
    levels: GLsizei,
    ifmt: GLenum,
    w: GLsizei,
    h: GLsizei,
) {
    tex_storage("glTexStorage2D", 2, target, levels, ifmt, [w, h, 1])
}

unsafe extern "C" fn TexStorage3D(
    target: GLenum,
    levels: GLsizei,
    ifmt: GLenum,
    w: GLsizei,
    h: GLsizei,
    d: GLsizei,
) {
    tex_storage("glTexStorage3D", 3, target, levels, ifmt, [w, h, d])
}

/// `glTextureView` (ARB_texture_view), run at once (Mesa compiles no
/// display list form of it).
unsafe extern "C" fn TextureView(
    texture: GLuint,
    target: GLenum,
    origtexture: GLuint,
    internalformat: GLenum,
    minlevel: GLuint,
    numlevels: GLuint,
    minlayer: GLuint,
    numlayers: GLuint,
) {
    with_ctx("glTextureView", (), |c| {
        let r = c.texture_view(
            texture,
            target,
            origtexture,
            internalformat,
            minlevel,
            numlevels,
            minlayer,
            numlayers,
        );
        c.record(r);
    })
}

unsafe extern "C" fn GetTexImage(
    target: GLenum,
    level: GLint,
    format: GLenum,
    type_: GLenum,
    pixels: *mut c_void,
) {
    with_ctx("glGetTexImage", (), |c| {
        let plan = c.plan_get_tex_image(target, level, format, type_);
        let Some(Some(plan)) = c.record(plan) else {
            return;
        };
        // SAFETY: GL 4.6 §8.11.4: the client provides `byte_len` bytes for
        // this image under the current pack parameters.
        let r = unsafe {
            super::pack_into(c, pixels, plan.byte_len, |c, dst| {
                c.get_tex_image(target, level, &plan, dst)
            })
        };
        c.record(r);
    })
}

fn tex_parameter(c: &mut Context, target: GLenum, pname: GLenum, v: Vec<f32>) {
    compiled(c, move |c| c.tex_parameter(target, pname, &v));
}

/// Values a texture parameter takes (4 for the border colour).
fn param_len(pname: GLenum) -> usize {
    use oxgl_glapi::generated::enums::{GL_TEXTURE_BORDER_COLOR, GL_TEXTURE_SWIZZLE_RGBA};
    if matches!(pname, GL_TEXTURE_BORDER_COLOR | GL_TEXTURE_SWIZZLE_RGBA) {
        4
    } else {
        1
    }
}

/// The values of a scalar `glTexParameter{i,f}`: a vector parameter (the
/// border colour) takes `(param, 0, 0, 0)`, as Mesa does.
fn scalar_param(pname: GLenum, param: f32) -> Vec<f32> {
    let mut v = vec![param];
    v.resize(param_len(pname), 0.0);
    v
}

unsafe extern "C" fn TexParameteri(target: GLenum, pname: GLenum, param: GLint) {
    with_ctx("glTexParameteri", (), |c| {
        tex_parameter(c, target, pname, scalar_param(pname, param as f32))
    })
}
unsafe extern "C" fn TexParameterf(target: GLenum, pname: GLenum, param: GLfloat) {
    with_ctx("glTexParameterf", (), |c| {
        tex_parameter(c, target, pname, scalar_param(pname, param))
    })
}
unsafe extern "C" fn TexParameteriv(target: GLenum, pname: GLenum, params: *const GLint) {
    let is_color = pname == oxgl_glapi::generated::enums::GL_TEXTURE_BORDER_COLOR;
    // SAFETY: GL 4.6 §8.10: the parameter's values are read.
    let v = unsafe {
        param_values(params, param_len(pname), |x| {
            if is_color {
                oxgl_core::vbo::attrib::normalize::int(x)
            } else {
                x as f32
            }
        })
    };
    let Some(v) = v else {
        return;
    };
    with_ctx("glTexParameteriv", (), |c| {
        tex_parameter(c, target, pname, v)
    })
}
unsafe extern "C" fn TexParameterfv(target: GLenum, pname: GLenum, params: *const GLfloat) {
    // SAFETY: GL 4.6 §8.10: the parameter's values are read.
    let Some(v) = (unsafe { param_values(params, param_len(pname), |x| x) }) else {
        return;
    };
    with_ctx("glTexParameterfv", (), |c| {
        tex_parameter(c, target, pname, v)
    })
}

/// The `n` (at most four) values of a parameter command at `p`,
/// converted; `None` for a null pointer (the command is then ignored).
///
/// # Safety
/// `p` is null or points to the parameter's `n` values.
unsafe fn param_values<T: Copy + Default>(
    p: *const T,
    n: usize,
    conv: impl Fn(T) -> f32,
) -> Option<Vec<f32>> {
    // SAFETY: per the caller.
    let s = unsafe { client::prefix::<T, 4>(p, n) }?;
    Some(s[..n.min(4)].iter().map(|&x| conv(x)).collect())
}

/// Writes a queried parameter's values, converted.
///
/// # Safety
/// `out` is null or has room for the parameter's values.
unsafe fn write<T: Copy>(out: *mut T, values: &[f32], conv: impl Fn(f32) -> T) {
    // SAFETY: per the caller.
    unsafe { client::write_iter(out, values.iter().map(|&v| conv(v))) };
}

// ---- sampler objects (ARB_sampler_objects) -------------------------------------

unsafe extern "C" fn GenSamplers(n: GLsizei, out: *mut GLuint) {
    with_ctx("glGenSamplers", (), |c| {
        let r = c.gen_samplers(n);
        if let Some(names) = c.record(r) {
            // SAFETY: the client provides room for `n` names.
            unsafe { client::write(out, &names) };
        }
    })
}

unsafe extern "C" fn DeleteSamplers(n: GLsizei, names: *const GLuint) {
    with_ctx("glDeleteSamplers", (), |c| {
        // SAFETY: the client passes `n` names.
        let r = unsafe { client::names(n, names) };
        let Some(v) = c.record(r) else {
            return;
        };
        if !names.is_null() {
            let r = c.delete_samplers(&v);
            c.record(r);
        }
    })
}

unsafe extern "C" fn IsSampler(name: GLuint) -> GLboolean {
    with_ctx("glIsSampler", 0, |c| GLboolean::from(c.is_sampler(name)))
}

unsafe extern "C" fn BindSampler(unit: GLuint, name: GLuint) {
    with_ctx("glBindSampler", (), |c| {
        let r = c.bind_sampler(unit, name);
        c.record(r);
    })
}

/// The values a sampler parameter takes (4 for the border colour).
fn sampler_len(pname: GLenum) -> usize {
    if pname == oxgl_glapi::generated::enums::GL_TEXTURE_BORDER_COLOR {
        4
    } else {
        1
    }
}

fn sampler_parameter(name: &'static str, sampler: GLuint, pname: GLenum, v: Vec<f32>) {
    with_ctx(name, (), |c| {
        let r = c.sampler_parameter(sampler, pname, &v);
        c.record(r);
    })
}

unsafe extern "C" fn SamplerParameteri(sampler: GLuint, pname: GLenum, param: GLint) {
    let mut v = vec![param as f32];
    v.resize(sampler_len(pname), 0.0);
    sampler_parameter("glSamplerParameteri", sampler, pname, v)
}

unsafe extern "C" fn SamplerParameterf(sampler: GLuint, pname: GLenum, param: GLfloat) {
    let mut v = vec![param];
    v.resize(sampler_len(pname), 0.0);
    sampler_parameter("glSamplerParameterf", sampler, pname, v)
}

unsafe extern "C" fn SamplerParameterfv(sampler: GLuint, pname: GLenum, p: *const GLfloat) {
    // SAFETY: GL 4.6 §8.2: the parameter's values are read.
    let Some(v) = (unsafe { param_values(p, sampler_len(pname), |x| x) }) else {
        return;
    };
    sampler_parameter("glSamplerParameterfv", sampler, pname, v)
}

/// `glSamplerParameteriv` normalizes a border colour; the `I` forms keep
/// integers as they are.
fn sampler_parameter_ints(
    name: &'static str,
    sampler: GLuint,
    pname: GLenum,
    s: &[GLint],
    normalize: bool,
) {
    let v = if normalize {
        let color = pname == oxgl_glapi::generated::enums::GL_TEXTURE_BORDER_COLOR;
        s.iter()
            .map(|&x| {
                if color {
                    oxgl_core::vbo::attrib::normalize::int(x)
                } else {
                    x as f32
                }
            })
            .collect()
    } else {
        int_params(pname, s.iter().map(|&x| x as u32))
    };
    sampler_parameter(name, sampler, pname, v)
}

/// The values of a `gl*ParameterI{i,ui}v` (EXT_texture_integer, GL 3.0):
/// the border colour's integers kept as their bits (integer textures
/// return them as they are; Mesa keeps one union too), other parameters
/// as values (`signed` values arrive as their `u32` bits).
fn int_params(pname: GLenum, s: impl Iterator<Item = u32>) -> Vec<f32> {
    if pname == oxgl_glapi::generated::enums::GL_TEXTURE_BORDER_COLOR {
        s.map(f32::from_bits).collect()
    } else {
        s.map(|x| x as i32 as f32).collect()
    }
}

/// A parameter value as `gl*ParameterI{i,ui}v` return it (the border
/// colour's bits, see [`int_params`]).
fn int_param(pname: GLenum, x: f32) -> u32 {
    if pname == oxgl_glapi::generated::enums::GL_TEXTURE_BORDER_COLOR {
        x.to_bits()
    } else {
        x as i32 as u32
    }
}

unsafe extern "C" fn SamplerParameteriv(sampler: GLuint, pname: GLenum, p: *const GLint) {
    let n = sampler_len(pname);
    // SAFETY: GL 4.6 §8.2: the parameter's values are read.
    let Some(s) = (unsafe { client::prefix::<GLint, 4>(p, n) }) else {
        return;
    };
    sampler_parameter_ints("glSamplerParameteriv", sampler, pname, &s[..n], true)
}

unsafe extern "C" fn SamplerParameterIiv(sampler: GLuint, pname: GLenum, p: *const GLint) {
    let n = sampler_len(pname);
    // SAFETY: GL 4.6 §8.2: the parameter's values are read.
    let Some(s) = (unsafe { client::prefix::<GLint, 4>(p, n) }) else {
        return;
    };
    sampler_parameter_ints("glSamplerParameterIiv", sampler, pname, &s[..n], false)
}

unsafe extern "C" fn SamplerParameterIuiv(sampler: GLuint, pname: GLenum, p: *const GLuint) {
    let n = sampler_len(pname);
    // SAFETY: GL 4.6 §8.2: the parameter's values are read.
    let Some(s) = (unsafe { client::prefix::<GLuint, 4>(p, n) }) else {
        return;
    };
    let v = int_params(pname, s[..n].iter().copied());
    sampler_parameter("glSamplerParameterIuiv", sampler, pname, v)
}

/// `glGetSamplerParameter*v`.
///
/// # Safety
/// GL 4.6 §8.2: `out` is null or has room for the parameter's values.
unsafe fn get_sampler_parameter<T: Copy>(
    name: &'static str,
    sampler: GLuint,
    pname: GLenum,
    out: *mut T,
    conv: impl Fn(f32) -> T,
) {
    with_ctx(name, (), |c| {
        let r = c.get_sampler_parameter(sampler, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: per the caller.
            unsafe { write(out, &v, conv) };
        }
    })
}

unsafe extern "C" fn GetSamplerParameteriv(sampler: GLuint, pname: GLenum, out: *mut GLint) {
    let color = pname == oxgl_glapi::generated::enums::GL_TEXTURE_BORDER_COLOR;
    // SAFETY: the command writes the parameter's values to `out`.
    unsafe {
        get_sampler_parameter("glGetSamplerParameteriv", sampler, pname, out, |x| {
            if color {
                // GL 4.6 §2.2.1: a colour as an integer maps [-1, 1] to the
                // integer range.
                (f64::from(x.clamp(-1.0, 1.0)) * f64::from(i32::MAX)).round() as GLint
            } else {
                x.round() as GLint
            }
        })
    }
}

unsafe extern "C" fn GetSamplerParameterfv(sampler: GLuint, pname: GLenum, out: *mut GLfloat) {
    // SAFETY: the command writes the parameter's values to `out`.
    unsafe { get_sampler_parameter("glGetSamplerParameterfv", sampler, pname, out, |x| x) }
}

unsafe extern "C" fn GetSamplerParameterIiv(sampler: GLuint, pname: GLenum, out: *mut GLint) {
    // SAFETY: the command writes the parameter's values to `out`.
    unsafe {
        get_sampler_parameter("glGetSamplerParameterIiv", sampler, pname, out, |x| {
            int_param(pname, x) as GLint
        })
    }
}

unsafe extern "C" fn GetSamplerParameterIuiv(sampler: GLuint, pname: GLenum, out: *mut GLuint) {
    // SAFETY: the command writes the parameter's values to `out`.
    unsafe {
        get_sampler_parameter("glGetSamplerParameterIuiv", sampler, pname, out, |x| {
            int_param(pname, x)
        })
    }
}

unsafe extern "C" fn TexParameterIiv(target: GLenum, pname: GLenum, params: *const GLint) {
    let n = param_len(pname);
    // SAFETY: GL 4.6 §8.10: the parameter's values are read.
    let Some(s) = (unsafe { client::prefix::<GLint, 4>(params, n) }) else {
        return;
    };
    let v = int_params(pname, s[..n].iter().map(|&x| x as u32));
    with_ctx("glTexParameterIiv", (), |c| {
        tex_parameter(c, target, pname, v)
    })
}

unsafe extern "C" fn TexParameterIuiv(target: GLenum, pname: GLenum, params: *const GLuint) {
    let n = param_len(pname);
    // SAFETY: GL 4.6 §8.10: the parameter's values are read.
    let Some(s) = (unsafe { client::prefix::<GLuint, 4>(params, n) }) else {
        return;
    };
    let v = int_params(pname, s[..n].iter().copied());
    with_ctx("glTexParameterIuiv", (), |c| {
        tex_parameter(c, target, pname, v)
    })
}

unsafe extern "C" fn GetTexParameterIiv(target: GLenum, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetTexParameterIiv", (), |c| {
        let r = c.get_tex_parameter(target, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes the parameter's values to `params`.
            unsafe { write(params, &v, |x| int_param(pname, x) as GLint) };
        }
    })
}

unsafe extern "C" fn GetTexParameterIuiv(target: GLenum, pname: GLenum, params: *mut GLuint) {
    with_ctx("glGetTexParameterIuiv", (), |c| {
        let r = c.get_tex_parameter(target, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes the parameter's values to `params`.
            unsafe { write(params, &v, |x| int_param(pname, x)) };
        }
    })
}

unsafe extern "C" fn GetTexParameteriv(target: GLenum, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetTexParameteriv", (), |c| {
        let r = c.get_tex_parameter(target, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes the parameter's values to `params`.
            unsafe { write(params, &v, |x| x.round() as GLint) };
        }
    })
}
unsafe extern "C" fn GetTexParameterfv(target: GLenum, pname: GLenum, params: *mut GLfloat) {
    with_ctx("glGetTexParameterfv", (), |c| {
        let r = c.get_tex_parameter(target, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes the parameter's values to `params`.
            unsafe { write(params, &v, |x| x) };
        }
    })
}
unsafe extern "C" fn GetTexLevelParameteriv(
    target: GLenum,
    level: GLint,
    pname: GLenum,
    params: *mut GLint,
) {
    with_ctx("glGetTexLevelParameteriv", (), |c| {
        let r = c.get_tex_level_parameter(target, level, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes the parameter's values to `params`.
            unsafe { write(params, &[v], |x| x as GLint) };
        }
    })
}
unsafe extern "C" fn GetTexLevelParameterfv(
    target: GLenum,
    level: GLint,
    pname: GLenum,
    params: *mut GLfloat,
) {
    with_ctx("glGetTexLevelParameterfv", (), |c| {
        let r = c.get_tex_level_parameter(target, level, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes the parameter's values to `params`.
            unsafe { write(params, &[v], |x| x) };
        }
    })
}

fn tex_env(c: &mut Context, target: GLenum, pname: GLenum, v: Vec<f32>) {
    compiled(c, move |c| c.tex_env(target, pname, &v));
}

/// Values a texture-environment parameter takes (4 for the colour).
fn env_len(pname: GLenum) -> usize {
    if pname == oxgl_glapi::generated::enums::GL_TEXTURE_ENV_COLOR {
        4
    } else {
        1
    }
}

unsafe extern "C" fn TexEnvi(target: GLenum, pname: GLenum, param: GLint) {
    with_ctx("glTexEnvi", (), |c| {
        tex_env(c, target, pname, vec![param as f32])
    })
}
unsafe extern "C" fn TexEnvf(target: GLenum, pname: GLenum, param: GLfloat) {
    with_ctx("glTexEnvf", (), |c| tex_env(c, target, pname, vec![param]))
}
unsafe extern "C" fn TexEnviv(target: GLenum, pname: GLenum, params: *const GLint) {
    let n = env_len(pname);
    // SAFETY: GL 4.6 compat §16.1: the parameter's values are read.
    let v = unsafe {
        param_values(params, n, |x| {
            if n == 4 {
                oxgl_core::vbo::attrib::normalize::int(x)
            } else {
                x as f32
            }
        })
    };
    let Some(v) = v else {
        return;
    };
    with_ctx("glTexEnviv", (), |c| tex_env(c, target, pname, v))
}
unsafe extern "C" fn TexEnvfv(target: GLenum, pname: GLenum, params: *const GLfloat) {
    // SAFETY: GL 4.6 compat §16.1: the parameter's values are read.
    let Some(v) = (unsafe { param_values(params, env_len(pname), |x| x) }) else {
        return;
    };
    with_ctx("glTexEnvfv", (), |c| tex_env(c, target, pname, v))
}
unsafe extern "C" fn GetTexEnviv(target: GLenum, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetTexEnviv", (), |c| {
        let r = c.get_tex_env(target, pname);
        if let Some(v) = c.record(r) {
            if pname == oxgl_glapi::generated::enums::GL_TEXTURE_ENV_COLOR {
                // SAFETY: the command writes the parameter's values to `params`.
                unsafe {
                    write(params, &v, |c| {
                        // GL 4.6 §2.2.1: ((2^32 - 1) c - 1) / 2.
                        ((4294967295.0 * f64::from(c) - 1.0) / 2.0)
                            .round()
                            .clamp(f64::from(i32::MIN), f64::from(i32::MAX))
                            as GLint
                    })
                };
            } else {
                // SAFETY: the command writes the parameter's values to `params`.
                unsafe { write(params, &v, |x| x.round() as GLint) };
            }
        }
    })
}
unsafe extern "C" fn GetTexEnvfv(target: GLenum, pname: GLenum, params: *mut GLfloat) {
    with_ctx("glGetTexEnvfv", (), |c| {
        let r = c.get_tex_env(target, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes the parameter's values to `params`.
            unsafe { write(params, &v, |x| x) };
        }
    })
}

fn tex_gen(c: &mut Context, coord: GLenum, pname: GLenum, v: Vec<f64>) {
    compiled(c, move |c| c.tex_gen(coord, pname, &v));
}

/// Values a texgen parameter takes (4 for the planes).
fn gen_len(pname: GLenum) -> usize {
    use oxgl_glapi::generated::enums::{GL_EYE_PLANE, GL_OBJECT_PLANE};
    if matches!(pname, GL_OBJECT_PLANE | GL_EYE_PLANE) {
        4
    } else {
        1
    }
}

/// Reads a texgen parameter's values.
///
/// # Safety
/// GL 4.6 compat §12.1.3: `p` is null or points to the parameter's values.
unsafe fn read_gen<T: Copy + Default + Into<f64>>(pname: GLenum, p: *const T) -> Option<Vec<f64>> {
    let n = gen_len(pname);
    // SAFETY: per the caller.
    let s = unsafe { client::prefix::<T, 4>(p, n) }?;
    Some(s[..n].iter().map(|&x| x.into()).collect())
}

/// The values of a scalar `glTexGen{i,f,d}`: `(param, 0, 0, 0)`, so that a
/// plane given this way is accepted as Mesa accepts it.
fn scalar_gen(param: f64) -> Vec<f64> {
    vec![param, 0.0, 0.0, 0.0]
}

unsafe extern "C" fn TexGeni(coord: GLenum, pname: GLenum, param: GLint) {
    with_ctx("glTexGeni", (), |c| {
        tex_gen(c, coord, pname, scalar_gen(f64::from(param)))
    })
}
unsafe extern "C" fn TexGenf(coord: GLenum, pname: GLenum, param: GLfloat) {
    with_ctx("glTexGenf", (), |c| {
        tex_gen(c, coord, pname, scalar_gen(f64::from(param)))
    })
}
unsafe extern "C" fn TexGend(coord: GLenum, pname: GLenum, param: GLdouble) {
    with_ctx("glTexGend", (), |c| {
        tex_gen(c, coord, pname, scalar_gen(param))
    })
}
unsafe extern "C" fn TexGeniv(coord: GLenum, pname: GLenum, params: *const GLint) {
    // SAFETY: the command reads the parameter's values from `params`.
    let Some(v) = (unsafe { read_gen(pname, params) }) else {
        return;
    };
    with_ctx("glTexGeniv", (), |c| tex_gen(c, coord, pname, v))
}
unsafe extern "C" fn TexGenfv(coord: GLenum, pname: GLenum, params: *const GLfloat) {
    // SAFETY: the command reads the parameter's values from `params`.
    let Some(v) = (unsafe { read_gen(pname, params) }) else {
        return;
    };
    with_ctx("glTexGenfv", (), |c| tex_gen(c, coord, pname, v))
}
unsafe extern "C" fn TexGendv(coord: GLenum, pname: GLenum, params: *const GLdouble) {
    // SAFETY: the command reads the parameter's values from `params`.
    let Some(v) = (unsafe { read_gen(pname, params) }) else {
        return;
    };
    with_ctx("glTexGendv", (), |c| tex_gen(c, coord, pname, v))
}
/// `glGetTexGen*v`.
///
/// # Safety
/// GL 4.6 compat §12.1.3: `out` is null or has room for the parameter's
/// values.
unsafe fn get_tex_gen<T: Copy>(
    name: &'static str,
    coord: GLenum,
    pname: GLenum,
    out: *mut T,
    conv: impl Fn(f64) -> T,
) {
    with_ctx(name, (), |c| {
        let r = c.get_tex_gen(coord, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: per the caller.
            unsafe { client::write_iter(out, v.into_iter().map(conv)) };
        }
    })
}
unsafe extern "C" fn GetTexGeniv(coord: GLenum, pname: GLenum, params: *mut GLint) {
    // SAFETY: the command writes the parameter's values to `params`.
    unsafe {
        get_tex_gen("glGetTexGeniv", coord, pname, params, |x| {
            x.round() as GLint
        })
    }
}
unsafe extern "C" fn GetTexGenfv(coord: GLenum, pname: GLenum, params: *mut GLfloat) {
    // SAFETY: the command writes the parameter's values to `params`.
    unsafe { get_tex_gen("glGetTexGenfv", coord, pname, params, |x| x as GLfloat) }
}
unsafe extern "C" fn GetTexGendv(coord: GLenum, pname: GLenum, params: *mut GLdouble) {
    // SAFETY: the command writes the parameter's values to `params`.
    unsafe { get_tex_gen("glGetTexGendv", coord, pname, params, |x| x) }
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn InvalidateTexSubImage(
    texture: GLuint,
    level: GLint,
    x: GLint,
    y: GLint,
    z: GLint,
    width: GLsizei,
    height: GLsizei,
    depth: GLsizei,
) {
    with_ctx("glInvalidateTexSubImage", (), |c| {
        let r = c.invalidate_tex_sub_image(texture, level, [x, y, z], [width, height, depth]);
        c.record(r);
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
unsafe extern "C" fn CopyImageSubData(
    src_name: GLuint,
    src_target: GLenum,
    src_level: GLint,
    src_x: GLint,
    src_y: GLint,
    src_z: GLint,
    dst_name: GLuint,
    dst_target: GLenum,
    dst_level: GLint,
    dst_x: GLint,
    dst_y: GLint,
    dst_z: GLint,
    width: GLsizei,
    height: GLsizei,
    depth: GLsizei,
) {
    with_ctx("glCopyImageSubData", (), |c| {
        let r = c.copy_image_sub_data(
            (src_name, src_target, src_level, [src_x, src_y, src_z]),
            (dst_name, dst_target, dst_level, [dst_x, dst_y, dst_z]),
            [width, height, depth],
        );
        c.record(r);
    })
}

unsafe extern "C" fn InvalidateTexImage(texture: GLuint, level: GLint) {
    with_ctx("glInvalidateTexImage", (), |c| {
        let r = c.invalidate_tex_image(texture, level);
        c.record(r);
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    d.InvalidateTexSubImage = InvalidateTexSubImage;
    d.InvalidateTexImage = InvalidateTexImage;
    d.CopyImageSubData = CopyImageSubData;
    if profile != Profile::Es {
        d.TexImage2DMultisample = TexImage2DMultisample;
        d.TexImage3DMultisample = TexImage3DMultisample;
        d.TexStorage2DMultisample = TexStorage2DMultisample;
        d.TexStorage3DMultisample = TexStorage3DMultisample;
        d.GetMultisamplefv = GetMultisamplefv;
        d.SampleMaski = SampleMaski;
    }
    d.TexGeni = TexGeni;
    d.TexGenf = TexGenf;
    d.TexGend = TexGend;
    d.TexGeniv = TexGeniv;
    d.TexGenfv = TexGenfv;
    d.TexGendv = TexGendv;
    d.GetTexGeniv = GetTexGeniv;
    d.GetTexGenfv = GetTexGenfv;
    d.GetTexGendv = GetTexGendv;
    // OES_texture_cube_map (ES 1): the same commands, coordinate
    // GL_TEXTURE_GEN_STR_OES; the fixed-point forms take the mode as an
    // integer (an enum, not scaled).
    d.TexGeniOES = TexGeni;
    d.TexGenfOES = TexGenf;
    d.TexGenivOES = TexGeniv;
    d.TexGenfvOES = TexGenfv;
    d.TexGenxOES = TexGeni;
    d.TexGenxvOES = TexGeniv;
    d.GetTexGenivOES = GetTexGeniv;
    d.GetTexGenfvOES = GetTexGenfv;
    d.GetTexGenxvOES = GetTexGeniv;
    d.TexEnvi = TexEnvi;
    d.TexEnvf = TexEnvf;
    d.TexEnviv = TexEnviv;
    d.TexEnvfv = TexEnvfv;
    d.GetTexEnviv = GetTexEnviv;
    d.GetTexEnvfv = GetTexEnvfv;
    d.GenTextures = GenTextures;
    d.DeleteTextures = DeleteTextures;
    d.IsTexture = IsTexture;
    d.BindTexture = BindTexture;
    d.TexBuffer = TexBuffer;
    d.TexBufferRange = TexBufferRange;
    d.GenTexturesEXT = GenTextures;
    d.DeleteTexturesEXT = DeleteTextures;
    d.BindTextureEXT = BindTexture;
    d.TexImage1D = TexImage1D;
    d.TexImage2D = TexImage2D;
    d.GenSamplers = GenSamplers;
    d.DeleteSamplers = DeleteSamplers;
    d.IsSampler = IsSampler;
    d.BindSampler = BindSampler;
    d.SamplerParameteri = SamplerParameteri;
    d.SamplerParameterf = SamplerParameterf;
    d.SamplerParameteriv = SamplerParameteriv;
    d.SamplerParameterfv = SamplerParameterfv;
    d.SamplerParameterIiv = SamplerParameterIiv;
    d.TexParameterIiv = TexParameterIiv;
    d.TexParameterIuiv = TexParameterIuiv;
    d.GetTexParameterIiv = GetTexParameterIiv;
    d.GetTexParameterIuiv = GetTexParameterIuiv;
    d.SamplerParameterIuiv = SamplerParameterIuiv;
    d.GetSamplerParameteriv = GetSamplerParameteriv;
    d.GetSamplerParameterfv = GetSamplerParameterfv;
    d.GetSamplerParameterIiv = GetSamplerParameterIiv;
    d.GetSamplerParameterIuiv = GetSamplerParameterIuiv;
    d.TexStorage1D = TexStorage1D;
    d.TexStorage2D = TexStorage2D;
    d.TextureView = TextureView;
    d.TexStorage3D = TexStorage3D;
    d.TexImage3D = TexImage3D;
    d.GetTexImage = GetTexImage;
    d.TexSubImage1D = TexSubImage1D;
    d.TexSubImage2D = TexSubImage2D;
    d.TexSubImage3D = TexSubImage3D;
    d.TexParameteri = TexParameteri;
    d.TexParameterf = TexParameterf;
    d.TexParameteriv = TexParameteriv;
    d.TexParameterfv = TexParameterfv;
    d.GetTexParameteriv = GetTexParameteriv;
    d.GetTexParameterfv = GetTexParameterfv;
    d.GetTexLevelParameteriv = GetTexLevelParameteriv;
    d.GetTexLevelParameterfv = GetTexLevelParameterfv;
    d.CompressedTexImage1D = CompressedTexImage1D;
    d.CompressedTexImage2D = CompressedTexImage2D;
    d.CompressedTexImage3D = CompressedTexImage3D;
    d.CompressedTexSubImage1D = CompressedTexSubImage1D;
    d.CompressedTexSubImage2D = CompressedTexSubImage2D;
    d.CompressedTexSubImage3D = CompressedTexSubImage3D;
    d.GetCompressedTexImage = GetCompressedTexImage;
    d.GetnCompressedTexImage = GetnCompressedTexImage;
    d.CompressedTexImage1DARB = CompressedTexImage1D;
    d.CompressedTexImage2DARB = CompressedTexImage2D;
    d.CompressedTexImage3DARB = CompressedTexImage3D;
    d.CompressedTexSubImage1DARB = CompressedTexSubImage1D;
    d.CompressedTexSubImage2DARB = CompressedTexSubImage2D;
    d.CompressedTexSubImage3DARB = CompressedTexSubImage3D;
    d.GetCompressedTexImageARB = GetCompressedTexImage;
    d.SampleCoverage = SampleCoverage;
    d.SampleCoverageARB = SampleCoverage;
    d.CopyTexImage1D = CopyTexImage1D;
    d.CopyTexImage2D = CopyTexImage2D;
    d.CopyTexSubImage1D = CopyTexSubImage1D;
    d.CopyTexSubImage2D = CopyTexSubImage2D;
    d.CopyTexSubImage3D = CopyTexSubImage3D;
    d.CopyTexImage1DEXT = CopyTexImage1D;
    d.CopyTexImage2DEXT = CopyTexImage2D;
    d.CopyTexSubImage1DEXT = CopyTexSubImage1D;
    d.CopyTexSubImage2DEXT = CopyTexSubImage2D;
    d.CopyTexSubImage3DEXT = CopyTexSubImage3D;
    d.GenerateMipmap = GenerateMipmap;
    d.GenerateMipmapEXT = GenerateMipmap;
    if profile == Profile::Compat {
        d.PrioritizeTextures = PrioritizeTextures;
        d.PrioritizeTexturesEXT = PrioritizeTextures;
        d.AreTexturesResident = AreTexturesResident;
        d.AreTexturesResidentEXT = AreTexturesResident;
    }
}
