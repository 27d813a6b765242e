//! The loader against real shared objects: the recorder test backend
//! (`librecorder_dri.so`, built by `cargo build --release`) copied under
//! backend names into a temp dir, a fake sysfs tree, and `load_with_log`.
//!
//! Cases that need the backend to see an environment variable
//! (`OXGL_RECORDER_ABI`, `OXGL_RECORDER_LOG`) run in a child process — this
//! test binary re-executed on one `#[ignore]`d test with the variable set — so
//! that no test changes the environment of the others.

use std::ffi::c_char;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicU32, Ordering};

use oxgl_dri_interface::*;
use oxgl_loader::{Loaded, LoaderOptions, load_with_log};
use oxgl_util::log::Level;

/// Set in the child process: the name of the child test it runs.
const CHILD_VAR: &str = "OXGL_LOADER_TEST_CHILD";

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("oxgl-dlopen-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `librecorder_dri.so` in the build tree this test was built in.
fn recorder_so() -> PathBuf {
    // This binary is target/release/deps/dlopen-<hash>.
    let beside_deps = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("librecorder_dri.so")));
    let from_manifest =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/librecorder_dri.so");
    beside_deps
        .into_iter()
        .chain([from_manifest])
        .find(|p| p.exists())
        .unwrap_or_else(|| {
            panic!("librecorder_dri.so not found: run `cargo build --release` first (it builds tests/backends/recorder)")
        })
}

/// A temp dir holding `sys/` with one display device and `drivers/`.
struct Setup {
    tmp: TempDir,
}

impl Setup {
    fn new(tag: &str, vendor: &str, device: &str) -> Setup {
        let tmp = TempDir::new(tag);
        let dev = tmp.0.join("sys/bus/pci/devices/0000:00:02.0");
        std::fs::create_dir_all(&dev).unwrap();
        std::fs::write(dev.join("class"), "0x030000\n").unwrap();
        std::fs::write(dev.join("vendor"), format!("{vendor}\n")).unwrap();
        std::fs::write(dev.join("device"), format!("{device}\n")).unwrap();
        // Not a display device: must be ignored.
        let nic = tmp.0.join("sys/bus/pci/devices/0000:00:01.0");
        std::fs::create_dir_all(&nic).unwrap();
        std::fs::write(nic.join("class"), "0x020000\n").unwrap();
        std::fs::write(nic.join("vendor"), "0x10de\n").unwrap();
        std::fs::write(nic.join("device"), "0x1b80\n").unwrap();
        std::fs::create_dir_all(tmp.0.join("drivers")).unwrap();
        Setup { tmp }
    }

    fn drivers(&self) -> PathBuf {
        self.tmp.0.join("drivers")
    }

    /// Installs the recorder as `<name>_dri.so`.
    fn install_recorder(&self, name: &str) -> PathBuf {
        let path = self.drivers().join(format!("{name}_dri.so"));
        std::fs::copy(recorder_so(), &path).unwrap();
        path
    }

    fn options(&self) -> LoaderOptions {
        LoaderOptions {
            sysfs_root: self.tmp.0.join("sys"),
            probe_dev_nodes: false,
            dev_dri_dir: PathBuf::from("/nonexistent"),
            drivers_path: Some(self.drivers().display().to_string()),
            always_software: false,
            driver_override: None,
        }
    }

    fn load(&self) -> (Loaded, Vec<(Level, String)>) {
        let mut lines = Vec::new();
        let loaded = load_with_log(&self.options(), &BUILTIN, &mut |l, t| {
            lines.push((l, t.to_string()))
        });
        (loaded, lines)
    }
}

fn has(lines: &[(Level, String)], level: Level, text: &str) -> bool {
    lines.iter().any(|(l, t)| *l == level && t == text)
}

#[test]
fn binds_recorder_for_the_probed_device() {
    let setup = Setup::new("bind", "0x8086", "0x0126");
    let i965 = setup.install_recorder("i965");
    let (loaded, lines) = setup.load();

    assert_eq!(
        loaded.backend_name.as_deref(),
        Some("recorder"),
        "{lines:?}"
    );
    assert_eq!(loaded.driver_name, "i965");
    assert_eq!(loaded.path.as_deref(), Some(i965.as_path()));
    assert_eq!(loaded.fallback_reason, None);
    assert_eq!(loaded.fd, -1, "a bus-scan device has no render node");
    assert_eq!(loaded.backend.abi_version, OXGL_DRI_ABI_VERSION);
    assert!(!std::ptr::eq(loaded.backend, &BUILTIN));
    assert_eq!(
        lines,
        [
            (
                Level::Info,
                "pci id for device 0000:00:02.0: 8086:0126, driver i965".to_string()
            ),
            (
                Level::Info,
                format!("OpenDriver: trying {}", i965.display())
            ),
        ]
    );
}

#[test]
fn render_node_fd_goes_to_the_bound_backend() {
    let setup = Setup::new("node", "0x8086", "0x0126");
    setup.install_recorder("i965");
    // A regular file stands in for renderD128: its st_rdev is 0:0.
    let char_dir = setup.tmp.0.join("sys/dev/char/0:0");
    std::fs::create_dir_all(&char_dir).unwrap();
    std::os::unix::fs::symlink(
        setup.tmp.0.join("sys/bus/pci/devices/0000:00:02.0"),
        char_dir.join("device"),
    )
    .unwrap();
    let dev_dri = setup.tmp.0.join("dev-dri");
    std::fs::create_dir_all(&dev_dri).unwrap();
    std::fs::write(dev_dri.join("renderD128"), "").unwrap();

    let mut opts = setup.options();
    opts.probe_dev_nodes = true;
    opts.dev_dri_dir = dev_dri.clone();
    let mut lines = Vec::new();
    let loaded = load_with_log(&opts, &BUILTIN, &mut |l, t| lines.push((l, t.to_string())));

    assert_eq!(
        loaded.backend_name.as_deref(),
        Some("recorder"),
        "{lines:?}"
    );
    assert!(loaded.fd >= 0, "the bound backend gets the render node fd");
    let line = format!("pci id for fd {}: 8086:0126, driver i965", loaded.fd);
    assert!(has(&lines, Level::Info, &line), "{lines:?}");
    let node = std::fs::read_link(format!("/proc/self/fd/{}", loaded.fd)).unwrap();
    assert_eq!(node, dev_dri.join("renderD128"));
}

#[test]
fn recorder_as_swrast_for_a_device_without_backend() {
    let setup = Setup::new("swrast", "0x1234", "0x1111");
    let swrast = setup.install_recorder("swrast");
    let (loaded, lines) = setup.load();
    assert_eq!(
        loaded.backend_name.as_deref(),
        Some("recorder"),
        "{lines:?}"
    );
    assert_eq!(loaded.driver_name, "swrast");
    assert_eq!(loaded.path.as_deref(), Some(swrast.as_path()));
    assert_eq!(
        loaded.fallback_reason.as_deref(),
        Some("1234:1111 (QEMU/Bochs standard VGA) has no 3D backend")
    );
    assert_eq!(
        loaded.device.map(|d| d.id_string()).as_deref(),
        Some("1234:1111")
    );
}

#[test]
fn garbage_backend_falls_back_with_the_dlopen_error() {
    let setup = Setup::new("garbage", "0x8086", "0x0126");
    let i965 = setup.drivers().join("i965_dri.so");
    std::fs::write(&i965, "this is not an ELF shared object\n".repeat(64)).unwrap();
    let (loaded, lines) = setup.load();

    assert!(std::ptr::eq(loaded.backend, &BUILTIN), "{lines:?}");
    assert_eq!(
        (loaded.driver_name.as_str(), loaded.path.as_ref()),
        ("swrast", None)
    );
    let reason = loaded.fallback_reason.expect("fallback reason");
    let dlerror = format!("{}: invalid ELF header", i965.display());
    assert!(
        reason.contains(&format!("dlopen {} failed ({dlerror})", i965.display())),
        "{reason}"
    );
    assert!(
        has(
            &lines,
            Level::Debug,
            &format!("dlopen {} failed ({dlerror})", i965.display())
        ),
        "{lines:?}"
    );
    assert!(has(
        &lines,
        Level::Warning,
        "unable to load driver: i965_dri.so"
    ));
    assert!(has(&lines, Level::Warning, "failed to load driver: i965"));
    assert!(has(&lines, Level::Info, "using built-in swrast"));
}

/// Runs `test` (an ignored test of this binary) in a child process with `env`.
fn run_child(test: &str, env: &[(&str, &str)]) {
    let exe = std::env::current_exe().unwrap();
    let mut cmd = Command::new(exe);
    cmd.args([
        "--exact",
        test,
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ])
    .env(CHILD_VAR, test);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("re-run the test binary");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "child {test} failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains(&format!("test {test} ... ok")),
        "child did not run {test}:\n{stdout}"
    );
}

fn assert_child(test: &str) {
    assert_eq!(
        std::env::var(CHILD_VAR).ok().as_deref(),
        Some(test),
        "a child test: run through its parent test, which sets its environment"
    );
}

#[test]
fn abi_mismatch_falls_back() {
    run_child("child_abi_mismatch", &[("OXGL_RECORDER_ABI", "999")]);
}

#[test]
#[ignore = "child process of abi_mismatch_falls_back"]
fn child_abi_mismatch() {
    assert_child("child_abi_mismatch");
    let setup = Setup::new("abi", "0x8086", "0x0126");
    let i965 = setup.install_recorder("i965");
    let swrast = setup.install_recorder("swrast");
    let (loaded, lines) = setup.load();

    assert!(std::ptr::eq(loaded.backend, &BUILTIN), "{lines:?}");
    let hw = format!(
        "{}: backend ABI version 999, expected {OXGL_DRI_ABI_VERSION}",
        i965.display()
    );
    let sw = format!(
        "{}: backend ABI version 999, expected {OXGL_DRI_ABI_VERSION}",
        swrast.display()
    );
    assert!(has(&lines, Level::Warning, &hw), "{lines:?}");
    assert!(has(&lines, Level::Warning, &sw), "{lines:?}");
    assert_eq!(
        loaded.fallback_reason.as_deref(),
        Some(format!("failed to load driver i965; {hw}; {sw}; using built-in swrast").as_str())
    );
    // The file opened, so Mesa's "unable to load driver" (nothing found) is not said.
    assert!(!has(
        &lines,
        Level::Warning,
        "unable to load driver: i965_dri.so"
    ));
}

#[test]
fn null_table_falls_back() {
    run_child("child_null_table", &[("OXGL_RECORDER_ABI", "null")]);
}

#[test]
#[ignore = "child process of null_table_falls_back"]
fn child_null_table() {
    assert_child("child_null_table");
    let setup = Setup::new("null", "0x8086", "0x0126");
    let i965 = setup.install_recorder("i965");
    let (loaded, lines) = setup.load();
    assert!(std::ptr::eq(loaded.backend, &BUILTIN), "{lines:?}");
    let why = format!(
        "{}: backend ABI mismatch: oxgl_dri_get_backend({OXGL_DRI_ABI_VERSION}) returned null",
        i965.display()
    );
    assert!(has(&lines, Level::Warning, &why), "{lines:?}");
    assert!(loaded.fallback_reason.unwrap().contains(&why));
}

#[test]
fn recorder_records_and_forwards() {
    let tmp = TempDir::new("log");
    let log = tmp.0.join("hooks.log");
    run_child(
        "child_records",
        &[("OXGL_RECORDER_LOG", log.to_str().unwrap())],
    );
    let text = std::fs::read_to_string(&log).expect("recorder log");
    assert_eq!(text, "create_screen\nquery_renderer\ndestroy_screen\n");
}

#[test]
#[ignore = "child process of recorder_records_and_forwards"]
fn child_records() {
    assert_child("child_records");
    let setup = Setup::new("records", "0x8086", "0x0126");
    setup.install_recorder("i965");
    let (loaded, lines) = setup.load();
    assert_eq!(
        loaded.backend_name.as_deref(),
        Some("recorder"),
        "{lines:?}"
    );
    let hooks = loaded.backend;
    let desc = OxglScreenDesc {
        fd: loaded.fd,
        pci_vendor: 0x8086,
        pci_device: 0x0126,
        num_threads: 0,
    };
    let mut info = empty_renderer_info();
    // SAFETY: the table was bound at our ABI version; the hooks get a valid
    // descriptor and out-parameter, and the screen is destroyed exactly once.
    let status = unsafe {
        let screen = (hooks.create_screen)(&desc);
        assert!(!screen.is_null(), "swrast create_screen failed");
        let status = (hooks.query_renderer)(screen, &mut info);
        (hooks.destroy_screen)(screen);
        status
    };
    assert_eq!(status, OxglStatus::Ok);
    assert_eq!(read_c_string(&info.renderer), "oxgl recorder test backend");
}

// A built-in table whose hooks all fail: only its address is compared.

extern "C" fn create_screen(_: *const OxglScreenDesc) -> *mut OxglScreen {
    null_mut()
}
extern "C" fn destroy_screen(_: *mut OxglScreen) {}
extern "C" fn query_renderer(_: *mut OxglScreen, _: *mut OxglRendererInfo) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn create_drawable(_: *mut OxglScreen, _: *const OxglDrawableDesc) -> *mut OxglDrawable {
    null_mut()
}
extern "C" fn resize_drawable(_: *mut OxglDrawable, _: u32, _: u32) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn destroy_drawable(_: *mut OxglDrawable) {}
extern "C" fn create_context(_: *mut OxglScreen, _: *const OxglContextDesc) -> *mut OxglContext {
    null_mut()
}
extern "C" fn destroy_context(_: *mut OxglContext) {}
extern "C" fn make_current(
    _: *mut OxglContext,
    _: *mut OxglDrawable,
    _: *mut OxglDrawable,
) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn clear(_: *mut OxglContext, _: *const OxglClearDesc) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn create_shader(
    _: *mut OxglScreen,
    _: *const u8,
    _: usize,
    _: *mut c_char,
    _: usize,
) -> *mut OxglShader {
    null_mut()
}
extern "C" fn destroy_shader(_: *mut OxglShader) {}
extern "C" fn draw_prims(_: *mut OxglContext, _: *const OxglDrawDesc) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn flush(_: *mut OxglContext) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn map_buffer(_: *mut OxglDrawable, _: OxglBuffer, _: *mut OxglImage) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn unmap_buffer(_: *mut OxglDrawable, _: OxglBuffer) {}
extern "C" fn swap_buffers(_: *mut OxglDrawable) -> OxglStatus {
    OxglStatus::Unsupported
}

extern "C" fn create_query(_: *mut OxglContext, _: OxglQueryType) -> *mut OxglQuery {
    null_mut()
}
extern "C" fn destroy_query(_: *mut OxglQuery) {}
extern "C" fn begin_query(_: *mut OxglContext, _: *mut OxglQuery) -> OxglStatus {
    OxglStatus::Unsupported
}
extern "C" fn get_query_result(
    _: *mut OxglContext,
    _: *mut OxglQuery,
    _: u32,
    _: *mut OxglQueryResult,
) -> OxglStatus {
    OxglStatus::Unsupported
}

static BUILTIN: OxglDriBackend = OxglDriBackend {
    abi_version: OXGL_DRI_ABI_VERSION,
    name: c"builtin".as_ptr(),
    create_screen,
    destroy_screen,
    query_renderer,
    create_drawable,
    resize_drawable,
    destroy_drawable,
    create_context,
    destroy_context,
    make_current,
    clear,
    create_shader,
    destroy_shader,
    draw_prims,
    flush,
    finish: flush,
    map_buffer,
    unmap_buffer,
    swap_buffers,
    create_query,
    destroy_query,
    begin_query,
    end_query: begin_query,
    get_query_result,
};
