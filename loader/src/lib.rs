//! The oxgl loader: picks the rendering backend for this process and binds its
//! hook table.
//!
//! It sits between the window-system front ends (GLX, EGL), which call
//! [`load_from_env`] when they open their first screen, and the backends
//! (`<name>_dri.so` files speaking the `oxgl-dri-interface` ABI). It follows
//! Mesa's loader (`src/loader/loader.c`, `src/glx/dri_common.c`) in what it
//! reads and what it prints, so `LIBGL_DEBUG=verbose` output reads like
//! Mesa's:
//!
//! 1. `LIBGL_ALWAYS_SOFTWARE` skips straight to step 4.
//! 2. The display device's PCI ids ([`probe`]) give a backend name through the
//!    id table ([`driver_for`]); `MESA_LOADER_DRIVER_OVERRIDE` replaces the name.
//! 3. `<dir>/<name>_dri.so` is `dlopen`ed from each search directory in turn
//!    (`LIBGL_DRIVERS_PATH`, else next to `libGL.so.1`); the first file that
//!    opens is asked for its table with `oxgl_dri_get_backend` and bound if its
//!    ABI version is ours.
//! 4. Otherwise `swrast_dri.so` from the same directories, and as a last resort
//!    the software backend linked into the caller (`builtin`).
//!
//! Every fallback is recorded in [`Loaded::fallback_reason`]. See
//! `docs/loader.md` for the environment variables and log lines.
#![deny(unsafe_code)]

pub mod dl;
pub mod ids;
pub mod pci;
pub mod search;

#[cfg(test)]
mod test_support;

use std::fs::{File, OpenOptions};
use std::os::fd::{AsRawFd, IntoRawFd};
use std::path::PathBuf;
use std::sync::OnceLock;

use oxgl_dri_interface::{OXGL_DRI_ABI_VERSION, OxglDriBackend};
use oxgl_util::log::Level;

pub use ids::driver_for;
pub use pci::PciDevice;

/// Name of the software backend, `swrast_dri.so`.
pub const SOFTWARE_DRIVER: &str = "swrast";

/// Everything the loader decides from; [`LoaderOptions::from_env`] reads the
/// process environment, tests build one directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoaderOptions {
    /// sysfs mount point (`OXGL_SYSFS_ROOT`, default `/sys`).
    pub sysfs_root: PathBuf,
    /// Probe `/dev/dri/renderD*` before the PCI bus (off when `OXGL_SYSFS_ROOT`
    /// points at a fake tree).
    pub probe_dev_nodes: bool,
    /// Where render nodes live (`/dev/dri`; tests point it at a fake directory).
    pub dev_dri_dir: PathBuf,
    /// Colon-separated search directories (`LIBGL_DRIVERS_PATH`); `None` = the
    /// built-in path.
    pub drivers_path: Option<String>,
    /// `LIBGL_ALWAYS_SOFTWARE`: do not probe, use the software backend.
    pub always_software: bool,
    /// `MESA_LOADER_DRIVER_OVERRIDE`: backend name to use instead of the probed one.
    pub driver_override: Option<String>,
}

impl Default for LoaderOptions {
    fn default() -> Self {
        LoaderOptions {
            sysfs_root: PathBuf::from("/sys"),
            probe_dev_nodes: true,
            dev_dri_dir: PathBuf::from("/dev/dri"),
            drivers_path: None,
            always_software: false,
            driver_override: None,
        }
    }
}

impl LoaderOptions {
    /// Reads `OXGL_SYSFS_ROOT`, `LIBGL_DRIVERS_PATH` (else `LIBGL_DRIVERS_DIR`),
    /// `LIBGL_ALWAYS_SOFTWARE` and `MESA_LOADER_DRIVER_OVERRIDE`. As in Mesa, a
    /// set-uid/set-gid process ignores the search path and the override.
    pub fn from_env() -> Self {
        use oxgl_util::env::{bool_var, non_empty};

        let mut opts = LoaderOptions::default();
        if let Some(root) = non_empty("OXGL_SYSFS_ROOT") {
            opts.sysfs_root = PathBuf::from(root);
            opts.probe_dev_nodes = false;
        }
        opts.always_software = bool_var("LIBGL_ALWAYS_SOFTWARE", false);
        let drivers_path =
            non_empty("LIBGL_DRIVERS_PATH").or_else(|| non_empty("LIBGL_DRIVERS_DIR"));
        let driver_override = non_empty("MESA_LOADER_DRIVER_OVERRIDE");
        if search::normal_user() {
            opts.drivers_path = drivers_path;
            opts.driver_override = driver_override;
        } else if drivers_path.is_some() || driver_override.is_some() {
            oxgl_util::log!(
                Level::Info,
                "set-uid/set-gid process: ignoring LIBGL_DRIVERS_PATH and MESA_LOADER_DRIVER_OVERRIDE"
            );
        }
        opts
    }
}

/// The backend the loader bound, and how it got there.
pub struct Loaded {
    /// The hook table (its `abi_version` is [`OXGL_DRI_ABI_VERSION`]).
    pub backend: &'static OxglDriBackend,
    /// The backend name that was loaded: `i965`, `swrast`, ...
    pub driver_name: String,
    /// The `name` the table itself reports, for a dlopened backend; `None` for
    /// the built-in one.
    pub backend_name: Option<String>,
    /// The file the backend came from; `None` for the built-in one.
    pub path: Option<PathBuf>,
    /// The display device probed, if any (also when rendering in software).
    pub device: Option<PciDevice>,
    /// The device's render node, open for the backend (`OxglScreenDesc::fd`);
    /// -1 when the backend is a software one. Owned by the process from now on.
    pub fd: i32,
    /// Why the backend is not the one the device called for: software forced,
    /// no device, no backend for it, or the failures met on the way.
    pub fallback_reason: Option<String>,
}

impl std::fmt::Debug for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Loaded")
            .field("backend", &(self.backend as *const OxglDriBackend))
            .field("driver_name", &self.driver_name)
            .field("backend_name", &self.backend_name)
            .field("path", &self.path)
            .field("device", &self.device)
            .field("fd", &self.fd)
            .field("fallback_reason", &self.fallback_reason)
            .finish()
    }
}

/// Finds the display device per `opts` (no logging, no fd kept open).
pub fn probe(opts: &LoaderOptions) -> Option<PciDevice> {
    pci::probe_in(
        &opts.sysfs_root,
        opts.probe_dev_nodes.then_some(opts.dev_dri_dir.as_path()),
    )
}

/// [`load_with_log`] printing through `oxgl_util::log` (`LIBGL_DEBUG`).
pub fn load(opts: &LoaderOptions, builtin: &'static OxglDriBackend) -> Loaded {
    load_with_log(opts, builtin, &mut |level, text| {
        oxgl_util::log::message(level, text)
    })
}

/// The backend for this process, chosen once from the environment
/// ([`LoaderOptions::from_env`]). `builtin` is used by the first call only.
pub fn load_from_env(builtin: &'static OxglDriBackend) -> &'static Loaded {
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    LOADED.get_or_init(|| load(&LoaderOptions::from_env(), builtin))
}

/// A bound backend file.
struct Bound {
    table: &'static OxglDriBackend,
    name: String,
    path: PathBuf,
}

/// Why a backend name could not be bound.
struct NotBound {
    /// Each failure, in search order.
    reasons: Vec<String>,
    /// Some file was dlopened (and then failed the handshake).
    opened: bool,
}

/// Mesa's `driOpenDriver` plus the ABI handshake: the first `<name>_dri.so`
/// that dlopens in `dirs` is the backend, bound if its ABI version is ours.
fn open_backend(
    dirs: &[PathBuf],
    name: &str,
    log: &mut dyn FnMut(Level, &str),
) -> Result<Bound, NotBound> {
    let mut reasons = Vec::new();
    for dir in dirs {
        let path = dir.join(format!("{name}_dri.so"));
        log(
            Level::Info,
            &format!("OpenDriver: trying {}", path.display()),
        );
        let mut lib = match dl::Library::open(&path) {
            Ok(lib) => lib,
            Err(err) => {
                let line = format!("dlopen {} failed ({err})", path.display());
                log(Level::Debug, &line);
                reasons.push(line);
                continue;
            }
        };
        let problem = match lib.handshake(OXGL_DRI_ABI_VERSION) {
            dl::Handshake::Version(v) if v == OXGL_DRI_ABI_VERSION => match lib.bind() {
                Ok((table, backend_name)) => {
                    return Ok(Bound {
                        table,
                        name: backend_name,
                        path,
                    });
                }
                Err(_) => format!("{}: backend table could not be bound", path.display()),
            },
            dl::Handshake::Version(v) => {
                format!(
                    "{}: backend ABI version {v}, expected {OXGL_DRI_ABI_VERSION}",
                    path.display()
                )
            }
            dl::Handshake::Refused => format!(
                "{}: backend ABI mismatch: oxgl_dri_get_backend({OXGL_DRI_ABI_VERSION}) returned null",
                path.display()
            ),
            dl::Handshake::NoEntryPoint(why) => {
                format!("{}: not an oxgl backend ({why})", path.display())
            }
        };
        log(Level::Warning, &problem);
        reasons.push(problem);
        // Like Mesa, the first file that opens is the driver: a broken or stale
        // copy earlier in the path is not silently skipped. (`lib` is dropped,
        // i.e. closed: nothing of it was bound.)
        return Err(NotBound {
            reasons,
            opened: true,
        });
    }
    if dirs.is_empty() {
        reasons.push(format!("{name}_dri.so: no directory to search"));
    }
    Err(NotBound {
        reasons,
        opened: false,
    })
}

/// Opens a render node for the backend: read-write as Mesa does, else read-only.
fn open_render_node(dev: &PciDevice) -> Option<File> {
    let node = dev.render_node.as_ref()?;
    OpenOptions::new()
        .read(true)
        .write(true)
        .open(node)
        .or_else(|_| File::open(node))
        .ok()
}

/// What the probe decided.
enum Wanted {
    /// A hardware backend name (probed or overridden).
    Backend(String),
    /// Software rendering, with the reason when it is a fallback.
    Software(Option<String>),
}

/// Decides the backend name from the options and the probed device, logging
/// Mesa's `pci id for fd N` line.
fn choose(
    opts: &LoaderOptions,
    device: Option<&PciDevice>,
    node: Option<&File>,
    log: &mut dyn FnMut(Level, &str),
) -> Wanted {
    let who = |dev: &PciDevice| match (node, &dev.slot) {
        (Some(f), _) => format!("fd {}", f.as_raw_fd()),
        (None, Some(slot)) => format!("device {slot}"),
        (None, None) => "device".to_string(),
    };
    if let Some(name) = &opts.driver_override {
        if !name.contains('/') {
            if let Some(dev) = device {
                log(
                    Level::Info,
                    &format!("pci id for {}: {}", who(dev), dev.id_string()),
                );
            }
            log(
                Level::Info,
                &format!("MESA_LOADER_DRIVER_OVERRIDE: using driver {name}"),
            );
            return if name == SOFTWARE_DRIVER {
                Wanted::Software(None)
            } else {
                Wanted::Backend(name.clone())
            };
        }
        log(
            Level::Warning,
            &format!("MESA_LOADER_DRIVER_OVERRIDE={name}: not a driver name, ignored"),
        );
    }
    let Some(dev) = device else {
        log(
            Level::Info,
            "no PCI display device found, using software rendering",
        );
        return Wanted::Software(Some("no PCI display device found".to_string()));
    };
    let id = dev.id_string();
    if let Some(driver) = dev.driver {
        log(
            Level::Info,
            &format!("pci id for {}: {id}, driver {driver}", who(dev)),
        );
        return Wanted::Backend(driver.to_string());
    }
    log(
        Level::Info,
        &format!("pci id for {}: {id}, driver (null)", who(dev)),
    );
    let reason = match ids::lookup(dev.vendor, dev.device) {
        Some(entry) => {
            let reason = format!("{id} ({}) has no 3D backend", entry.what);
            log(Level::Info, &format!("{reason}, using software rendering"));
            reason
        }
        None => {
            let reason = format!("unknown display device {id}");
            // A DRM device we cannot drive is worth a warning (Mesa warns on a
            // null driver); an unknown VGA function on the bus is not.
            let level = if node.is_some() {
                Level::Warning
            } else {
                Level::Info
            };
            log(level, &format!("{reason}, using software rendering"));
            reason
        }
    };
    Wanted::Software(Some(reason))
}

/// Picks and binds the backend as described in the crate documentation,
/// sending each log line (without its `libGL: ` prefix) to `log`.
/// Never fails: the last resort is `builtin`.
pub fn load_with_log(
    opts: &LoaderOptions,
    builtin: &'static OxglDriBackend,
    log: &mut dyn FnMut(Level, &str),
) -> Loaded {
    let dirs = search::search_dirs(opts.drivers_path.as_deref());
    let mut reasons: Vec<String> = Vec::new();

    let (device, node, wanted) = if opts.always_software {
        log(
            Level::Info,
            "LIBGL_ALWAYS_SOFTWARE is set, using software rendering",
        );
        (
            None,
            None,
            Wanted::Software(Some("LIBGL_ALWAYS_SOFTWARE is set".to_string())),
        )
    } else {
        let device = probe(opts);
        let node = device.as_ref().and_then(open_render_node);
        let wanted = choose(opts, device.as_ref(), node.as_ref(), log);
        (device, node, wanted)
    };

    match wanted {
        Wanted::Backend(name) => match open_backend(&dirs, &name, log) {
            Ok(bound) => {
                return Loaded {
                    backend: bound.table,
                    driver_name: name,
                    backend_name: Some(bound.name),
                    path: Some(bound.path),
                    device,
                    fd: node.map_or(-1, IntoRawFd::into_raw_fd),
                    fallback_reason: None,
                };
            }
            Err(failed) => {
                if !failed.opened {
                    log(
                        Level::Warning,
                        &format!("unable to load driver: {name}_dri.so"),
                    );
                }
                log(Level::Warning, "driver pointer missing");
                log(Level::Warning, &format!("failed to load driver: {name}"));
                reasons.push(format!("failed to load driver {name}"));
                reasons.extend(failed.reasons);
            }
        },
        Wanted::Software(reason) => reasons.extend(reason),
    }
    drop(node); // software backends get no device fd

    let fallback_reason = |reasons: Vec<String>| (!reasons.is_empty()).then(|| reasons.join("; "));
    match open_backend(&dirs, SOFTWARE_DRIVER, log) {
        Ok(bound) => Loaded {
            backend: bound.table,
            driver_name: SOFTWARE_DRIVER.to_string(),
            backend_name: Some(bound.name),
            path: Some(bound.path),
            device,
            fd: -1,
            fallback_reason: fallback_reason(reasons),
        },
        Err(failed) => {
            reasons.extend(failed.reasons);
            reasons.push("using built-in swrast".to_string());
            log(Level::Info, "using built-in swrast");
            Loaded {
                backend: builtin,
                driver_name: SOFTWARE_DRIVER.to_string(),
                backend_name: None,
                path: None,
                device,
                fd: -1,
                fallback_reason: fallback_reason(reasons),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{DUMMY, TempDir, fake_pci, fake_render_node};

    fn opts(root: &TempDir, drivers: &std::path::Path) -> LoaderOptions {
        LoaderOptions {
            sysfs_root: root.path().to_path_buf(),
            probe_dev_nodes: false,
            dev_dri_dir: PathBuf::from("/nonexistent"),
            drivers_path: Some(drivers.display().to_string()),
            always_software: false,
            driver_override: None,
        }
    }

    fn run(o: &LoaderOptions) -> (Loaded, Vec<(Level, String)>) {
        let mut lines = Vec::new();
        let loaded = load_with_log(o, &DUMMY, &mut |l, t| lines.push((l, t.to_string())));
        (loaded, lines)
    }

    fn has(lines: &[(Level, String)], level: Level, text: &str) -> bool {
        lines.iter().any(|(l, t)| *l == level && t == text)
    }

    #[test]
    fn missing_hardware_backend_falls_back_to_builtin() {
        let tmp = TempDir::new("load-i965");
        fake_pci(tmp.path(), "0000:00:02.0", "0x030000", "0x8086", "0x0126");
        let drivers = tmp.path().join("drivers");
        std::fs::create_dir_all(&drivers).unwrap();
        let (loaded, lines) = run(&opts(&tmp, &drivers));

        assert!(std::ptr::eq(loaded.backend, &DUMMY));
        assert_eq!(loaded.driver_name, "swrast");
        assert_eq!(
            (
                loaded.path.as_ref(),
                loaded.fd,
                loaded.backend_name.as_ref()
            ),
            (None, -1, None)
        );
        assert_eq!(
            loaded.device.as_ref().map(|d| d.id_string()),
            Some("8086:0126".into())
        );

        let i965 = drivers.join("i965_dri.so").display().to_string();
        let swrast = drivers.join("swrast_dri.so").display().to_string();
        assert!(
            has(
                &lines,
                Level::Info,
                "pci id for device 0000:00:02.0: 8086:0126, driver i965"
            ),
            "{lines:?}"
        );
        assert!(has(
            &lines,
            Level::Info,
            &format!("OpenDriver: trying {i965}")
        ));
        assert!(lines.iter().any(|(l, t)| *l == Level::Debug
            && t.starts_with(&format!("dlopen {i965} failed ("))
            && t.contains("No such file")));
        assert!(has(
            &lines,
            Level::Warning,
            "unable to load driver: i965_dri.so"
        ));
        assert!(has(&lines, Level::Warning, "driver pointer missing"));
        assert!(has(&lines, Level::Warning, "failed to load driver: i965"));
        assert!(has(
            &lines,
            Level::Info,
            &format!("OpenDriver: trying {swrast}")
        ));
        assert!(has(&lines, Level::Info, "using built-in swrast"));
        // The software fallback's own misses are not errors.
        assert!(
            !lines
                .iter()
                .any(|(l, t)| *l == Level::Warning && t.contains("swrast")),
            "{lines:?}"
        );

        let reason = loaded.fallback_reason.expect("reason");
        assert!(
            reason.starts_with("failed to load driver i965; dlopen "),
            "{reason}"
        );
        assert!(reason.ends_with("using built-in swrast"), "{reason}");
    }

    #[test]
    fn render_node_fd_is_logged_and_closed_for_software() {
        let tmp = TempDir::new("load-node");
        fake_pci(tmp.path(), "0000:00:02.0", "0x030000", "0x8086", "0x0126");
        let mut o = opts(&tmp, tmp.path());
        o.probe_dev_nodes = true;
        o.dev_dri_dir = fake_render_node(tmp.path(), "0000:00:02.0");
        let (loaded, lines) = run(&o);
        let pci_line = lines
            .iter()
            .find_map(|(l, t)| (*l == Level::Info).then(|| t.strip_prefix("pci id for fd "))?)
            .expect("pci id line");
        let (fd, rest) = pci_line.split_once(':').unwrap();
        assert!(fd.parse::<i32>().is_ok_and(|fd| fd >= 0), "{pci_line}");
        assert_eq!(rest, " 8086:0126, driver i965");
        // Software rendering: the node is not kept open for it.
        assert_eq!(loaded.fd, -1);
        assert!(loaded.device.and_then(|d| d.render_node).is_some());
    }

    #[test]
    fn always_software_skips_the_probe() {
        let tmp = TempDir::new("load-soft");
        fake_pci(tmp.path(), "0000:00:02.0", "0x030000", "0x8086", "0x0126");
        let mut o = opts(&tmp, tmp.path());
        o.always_software = true;
        let (loaded, lines) = run(&o);
        assert!(loaded.device.is_none());
        assert!(has(
            &lines,
            Level::Info,
            "LIBGL_ALWAYS_SOFTWARE is set, using software rendering"
        ));
        assert!(!lines.iter().any(|(_, t)| t.contains("i965")), "{lines:?}");
        let reason = loaded.fallback_reason.unwrap();
        assert!(
            reason.starts_with("LIBGL_ALWAYS_SOFTWARE is set; dlopen "),
            "{reason}"
        );
    }

    #[test]
    fn no_device_and_no_3d_device() {
        let tmp = TempDir::new("load-nodev");
        let (loaded, lines) = run(&opts(&tmp, tmp.path()));
        assert!(has(
            &lines,
            Level::Info,
            "no PCI display device found, using software rendering"
        ));
        assert!(
            loaded
                .fallback_reason
                .unwrap()
                .starts_with("no PCI display device found; ")
        );

        fake_pci(tmp.path(), "0000:00:02.0", "0x030000", "0x1234", "0x1111");
        let (loaded, lines) = run(&opts(&tmp, tmp.path()));
        assert!(has(
            &lines,
            Level::Info,
            "pci id for device 0000:00:02.0: 1234:1111, driver (null)"
        ));
        assert!(has(
            &lines,
            Level::Info,
            "1234:1111 (QEMU/Bochs standard VGA) has no 3D backend, using software rendering"
        ));
        assert!(
            loaded
                .fallback_reason
                .unwrap()
                .starts_with("1234:1111 (QEMU/Bochs standard VGA) has no 3D backend; ")
        );
        assert!(
            !lines.iter().any(|(l, _)| *l == Level::Warning),
            "{lines:?}"
        );
    }

    #[test]
    fn unknown_device() {
        let tmp = TempDir::new("load-unknown");
        fake_pci(tmp.path(), "0000:03:00.0", "0x038000", "0xabcd", "0x0001");
        let (loaded, lines) = run(&opts(&tmp, tmp.path()));
        assert!(has(
            &lines,
            Level::Info,
            "unknown display device abcd:0001, using software rendering"
        ));
        assert!(
            loaded
                .fallback_reason
                .unwrap()
                .starts_with("unknown display device abcd:0001; ")
        );
    }

    #[test]
    fn override_replaces_the_probed_name() {
        let tmp = TempDir::new("load-override");
        fake_pci(tmp.path(), "0000:00:02.0", "0x030000", "0x8086", "0x0126");
        let mut o = opts(&tmp, tmp.path());
        o.driver_override = Some("radeonsi".into());
        let (loaded, lines) = run(&o);
        assert!(has(
            &lines,
            Level::Info,
            "MESA_LOADER_DRIVER_OVERRIDE: using driver radeonsi"
        ));
        assert!(has(
            &lines,
            Level::Warning,
            "failed to load driver: radeonsi"
        ));
        assert!(!lines.iter().any(|(_, t)| t.contains("i965")), "{lines:?}");
        assert!(
            loaded
                .fallback_reason
                .unwrap()
                .starts_with("failed to load driver radeonsi")
        );

        o.driver_override = Some("swrast".into());
        let (loaded, lines) = run(&o);
        assert!(
            !lines.iter().any(|(l, _)| *l == Level::Warning),
            "{lines:?}"
        );
        // Asked for software: the only reason is that swrast_dri.so is missing.
        assert!(loaded.fallback_reason.unwrap().starts_with("dlopen "));

        o.driver_override = Some("../../evil".into());
        let (_, lines) = run(&o);
        assert!(has(
            &lines,
            Level::Warning,
            "MESA_LOADER_DRIVER_OVERRIDE=../../evil: not a driver name, ignored"
        ));
        assert!(has(
            &lines,
            Level::Info,
            "pci id for device 0000:00:02.0: 8086:0126, driver i965"
        ));
    }

    #[test]
    fn search_order_follows_the_path() {
        let tmp = TempDir::new("load-order");
        fake_pci(tmp.path(), "0000:00:02.0", "0x030000", "0x10de", "0x1b80");
        let mut o = opts(&tmp, tmp.path());
        o.drivers_path = Some("/nonexistent/a::/nonexistent/b".into());
        let (_, lines) = run(&o);
        let tried: Vec<&str> = lines
            .iter()
            .filter_map(|(_, t)| t.strip_prefix("OpenDriver: trying "))
            .collect();
        assert_eq!(
            tried,
            [
                "/nonexistent/a/nouveau_dri.so",
                "/nonexistent/b/nouveau_dri.so",
                "/nonexistent/a/swrast_dri.so",
                "/nonexistent/b/swrast_dri.so"
            ]
        );
    }

    #[test]
    fn not_a_backend_stops_the_search_for_that_name() {
        let tmp = TempDir::new("load-notbackend");
        fake_pci(tmp.path(), "0000:00:02.0", "0x030000", "0x8086", "0x0126");
        // A real shared object without our entry point, found first.
        let first = tmp.path().join("first");
        std::fs::create_dir_all(&first).unwrap();
        // A symlink, not a copy: a second copy of libc in one process is not safe.
        std::os::unix::fs::symlink(test_support::libc_path(), first.join("i965_dri.so")).unwrap();
        let mut o = opts(&tmp, tmp.path());
        o.drivers_path = Some(format!("{}:/nonexistent", first.display()));
        let (loaded, lines) = run(&o);
        let path = first.join("i965_dri.so").display().to_string();
        assert!(lines.iter().any(|(l, t)| *l == Level::Warning
            && t.starts_with(&format!("{path}: not an oxgl backend ("))));
        assert!(!has(
            &lines,
            Level::Info,
            "OpenDriver: trying /nonexistent/i965_dri.so"
        ));
        assert!(!has(
            &lines,
            Level::Warning,
            "unable to load driver: i965_dri.so"
        ));
        assert!(has(&lines, Level::Warning, "failed to load driver: i965"));
        assert!(
            loaded
                .fallback_reason
                .unwrap()
                .contains("not an oxgl backend")
        );
    }

    #[test]
    fn options_default_to_the_real_system() {
        let d = LoaderOptions::default();
        assert_eq!(d.sysfs_root, PathBuf::from("/sys"));
        assert!(d.probe_dev_nodes && d.drivers_path.is_none() && !d.always_software);
    }
}
