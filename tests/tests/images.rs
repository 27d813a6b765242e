//! Image tests: every scene of `tests/clients/scenes.c` (one per feature
//! group of the fixed-function pipeline) and of `tests/clients/scenes33.c`
//! (GL 3.3 core-profile programs: mipmaps made by glGenerateMipmap,
//! multiple render targets, instanced draws, a geometry shader) rendered
//! on oxgl and compared with `tests/images/<scene>.png`, rendered by the
//! same program on Mesa llvmpipe (the system libGL).
//!
//! Tolerance: a channel may differ by at most [`TOLERANCE`] (rounding of
//! interpolated colours), and at most [`MAX_OFF_PIXELS`] pixels may differ
//! by more (rasterization ties along edges); [`LOOSER`] lists the scenes
//! compared more loosely, and why. A failing scene leaves
//! `out/images/<scene>.oxgl.png` and `<scene>.diff.png` behind.
//!
//! `OXGL_BLESS_MESA=1 cargo test --release -p oxgl-tests --test images`
//! re-renders the references with the system Mesa.

use std::path::{Path, PathBuf};
use std::process::Command;

use oxgl_tests::{compile_client, require_gl, run_client, workspace_root};

/// Largest per-channel difference that counts as equal.
const TOLERANCE: u8 = 3;
/// Pixels allowed to differ by more than [`TOLERANCE`].
const MAX_OFF_PIXELS: usize = 16;

/// Scenes with their own (tolerance, pixels allowed beyond it).
const LOOSER: &[(&str, u8, usize)] = &[
    // Mipmap blending: llvmpipe's LOD comes from an approximated log2
    // (we use the same approximation) and differs by a few hundredths of
    // a level where its per-quad derivatives round differently.
    ("textures", 6, 16),
    // Perspective minification: llvmpipe's level boundaries on a receding
    // floor bend into a V (its per-quad ρ), ours run straight; the levels,
    // their order and the filtering must still agree almost everywhere.
    ("texture_lod", 48, 160 * 120 / 8),
    // Minified sprites sampled with LINEAR_MIPMAP_LINEAR: the level blend
    // differs by a few hundredths of a level, as in "textures" (16 ring
    // texels off by at most 6).
    ("point_sprites", 6, 32),
    // The trilinear rectangles of the GL 3.3 mipmap scene: the same level
    // blend differences as "textures" (91 texels off by at most 6).
    ("gl33_mipmaps", 6, 128),
];

struct Image {
    width: u32,
    height: u32,
    /// RGB, rows top to bottom.
    rgb: Vec<u8>,
}

fn read_ppm(path: &Path) -> Image {
    let data = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // "P6\n<w> <h>\n255\n" then the pixels.
    let mut fields = Vec::new();
    let mut pos = 0;
    while fields.len() < 4 {
        while data[pos].is_ascii_whitespace() {
            pos += 1;
        }
        let start = pos;
        while !data[pos].is_ascii_whitespace() {
            pos += 1;
        }
        fields.push(String::from_utf8_lossy(&data[start..pos]).into_owned());
    }
    assert_eq!(fields[0], "P6", "{} is not a binary PPM", path.display());
    let width: u32 = fields[1].parse().expect("width");
    let height: u32 = fields[2].parse().expect("height");
    let rgb = data[pos + 1..].to_vec();
    assert_eq!(
        rgb.len(),
        (width * height * 3) as usize,
        "{}",
        path.display()
    );
    Image { width, height, rgb }
}

fn read_png(path: &Path) -> Image {
    let file = std::fs::File::open(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (OXGL_BLESS_MESA=1 renders the references)",
            path.display()
        )
    });
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().expect("png header");
    let mut buf = vec![0; reader.output_buffer_size().expect("png size")];
    let info = reader.next_frame(&mut buf).expect("png data");
    assert_eq!(info.color_type, png::ColorType::Rgb, "{}", path.display());
    buf.truncate(info.buffer_size());
    Image {
        width: info.width,
        height: info.height,
        rgb: buf,
    }
}

fn write_png(path: &Path, img: &Image) {
    let file = std::fs::File::create(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), img.width, img.height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("png header");
    writer.write_image_data(&img.rgb).expect("png data");
}

fn scenes(client: &Path) -> Vec<String> {
    let out = run_client(client, &["--list"], &[]);
    assert!(out.success(), "scenes --list failed:\n{out}");
    out.stdout.lines().map(str::to_owned).collect()
}

fn out_dir() -> PathBuf {
    let dir = workspace_root().join("out/images");
    std::fs::create_dir_all(&dir).expect("out/images");
    dir
}

/// Renders `scene` with Mesa (no LD_LIBRARY_PATH) into its reference PNG.
fn bless(client: &Path, scene: &str) {
    let ppm = out_dir().join(format!("{scene}.mesa.ppm"));
    let status = Command::new(client)
        .arg(scene)
        .arg(&ppm)
        .env_remove("LD_LIBRARY_PATH")
        .status()
        .expect("run scenes on Mesa");
    assert!(status.success(), "{scene} failed on Mesa");
    let reference = workspace_root().join(format!("tests/images/{scene}.png"));
    write_png(&reference, &read_ppm(&ppm));
    println!("blessed {}", reference.display());
}

/// Pixels of `a` and `b` whose largest channel difference exceeds
/// [`TOLERANCE`], and the largest difference.
fn compare(a: &Image, b: &Image, tolerance: u8) -> (usize, u8, Image) {
    let mut off = 0;
    let mut worst = 0;
    let mut diff = Vec::with_capacity(a.rgb.len());
    for (pa, pb) in a.rgb.chunks_exact(3).zip(b.rgb.chunks_exact(3)) {
        let d = pa
            .iter()
            .zip(pb)
            .map(|(x, y)| x.abs_diff(*y))
            .max()
            .unwrap_or(0);
        worst = worst.max(d);
        if d > tolerance {
            off += 1;
        }
        let v = d.saturating_mul(8);
        diff.extend_from_slice(&[v, v, v]);
    }
    let diff = Image {
        width: a.width,
        height: a.height,
        rgb: diff,
    };
    (off, worst, diff)
}

/// Renders every scene of `client` on oxgl and compares it with its
/// reference (or, with `OXGL_BLESS_MESA`, renders the references).
fn scenes_of_client_match_llvmpipe(client: &str, at_least: usize) {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client(client);
    let names = scenes(&client);
    assert!(names.len() >= at_least, "scenes: {names:?}");
    if std::env::var_os("OXGL_BLESS_MESA").is_some() {
        for scene in &names {
            bless(&client, scene);
        }
        return;
    }
    let mut failures = Vec::new();
    for scene in &names {
        let ppm = out_dir().join(format!("{scene}.oxgl.ppm"));
        let out = run_client(&client, &[scene.as_str(), &ppm.to_string_lossy()], &[]);
        if !out.success() {
            failures.push(format!("{scene}: the client failed:\n{out}"));
            continue;
        }
        let got = read_ppm(&ppm);
        let want = read_png(&workspace_root().join(format!("tests/images/{scene}.png")));
        assert_eq!(
            (got.width, got.height),
            (want.width, want.height),
            "{scene}"
        );
        let (tolerance, allowed) = LOOSER
            .iter()
            .find(|l| l.0 == scene)
            .map_or((TOLERANCE, MAX_OFF_PIXELS), |l| (l.1, l.2));
        let (off, worst, diff) = compare(&want, &got, tolerance);
        println!("{scene}: {off} pixels off by more than {tolerance}, largest difference {worst}");
        if off > allowed {
            write_png(&out_dir().join(format!("{scene}.oxgl.png")), &got);
            write_png(&out_dir().join(format!("{scene}.diff.png")), &diff);
            failures.push(format!(
                "{scene}: {off} pixels differ by more than {tolerance} (largest {worst}); \
                 see out/images/{scene}.oxgl.png and {scene}.diff.png"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn scenes_match_llvmpipe() {
    scenes_of_client_match_llvmpipe("scenes", 7);
}

/// GL 3.3 core-profile programs (tests/clients/scenes33.c).
#[test]
fn gl33_scenes_match_llvmpipe() {
    scenes_of_client_match_llvmpipe("scenes33", 4);
}
