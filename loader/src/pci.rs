//! Finding the display device: PCI ids from sysfs.
//!
//! Two sources, tried in order:
//!
//! 1. DRM render nodes `/dev/dri/renderD*` (only when `OXGL_SYSFS_ROOT` is
//!    unset, since a fake sysfs has no matching `/dev`): each node is opened
//!    read-only, its `st_rdev` gives `major:minor`, and
//!    `<sysfs>/dev/char/<major>:<minor>/device/{vendor,device}` the ids — the
//!    same files Mesa's `loader_get_linux_pci_id_for_fd` reads.
//! 2. The PCI bus: every `<sysfs>/bus/pci/devices/<slot>/` whose `class` is a
//!    display controller (base class `0x03`), with its `vendor` and `device`.
//!    This finds GPUs without a render node (emulated VGA in a VM) and is what a
//!    fake tree under `OXGL_SYSFS_ROOT` exercises.
//!
//! Among the candidates of a source the first one with a backend wins, a device
//! marked `boot_vga` (the firmware's console GPU) before the others; when no
//! candidate has a backend the first one is returned anyway, so that the caller
//! can say which device it found and why it renders in software.

use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use crate::ids;

/// A display device found by [`probe`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PciDevice {
    /// PCI vendor id.
    pub vendor: u16,
    /// PCI device id.
    pub device: u16,
    /// PCI slot (`0000:00:02.0`), when known.
    pub slot: Option<String>,
    /// DRM render node of the device (`/dev/dri/renderD128`), when it has one.
    pub render_node: Option<PathBuf>,
    /// The firmware used this device for the boot console.
    pub boot_vga: bool,
    /// Backend name from the id table, `None` when there is none.
    pub driver: Option<&'static str>,
}

impl PciDevice {
    fn new(vendor: u16, device: u16) -> Self {
        PciDevice {
            vendor,
            device,
            slot: None,
            render_node: None,
            boot_vga: false,
            driver: ids::driver_for(vendor, device),
        }
    }

    /// `VVVV:DDDD` as Mesa prints it.
    pub fn id_string(&self) -> String {
        format!("{:04x}:{:04x}", self.vendor, self.device)
    }
}

/// Parses a sysfs hex attribute (`0x8086\n`).
fn parse_hex(text: &str) -> Option<u32> {
    let t = text.trim();
    let digits = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(t);
    u32::from_str_radix(digits, 16).ok()
}

fn read_hex(path: &Path) -> Option<u32> {
    fs::read_to_string(path).ok().as_deref().and_then(parse_hex)
}

fn read_id(path: &Path) -> Option<u16> {
    read_hex(path).and_then(|v| u16::try_from(v).ok())
}

/// Reads `vendor`, `device` and `boot_vga` of a PCI device directory.
fn read_device(dir: &Path) -> Option<PciDevice> {
    let mut dev = PciDevice::new(read_id(&dir.join("vendor"))?, read_id(&dir.join("device"))?);
    dev.boot_vga = read_hex(&dir.join("boot_vga")) == Some(1);
    Some(dev)
}

/// glibc's `gnu_dev_major` / `gnu_dev_minor`.
fn major_minor(rdev: u64) -> (u64, u64) {
    let major = ((rdev >> 32) & 0xffff_f000) | ((rdev >> 8) & 0x0fff);
    let minor = ((rdev >> 12) & 0xffff_ff00) | (rdev & 0x00ff);
    (major, minor)
}

/// Sorts `renderD129` after `renderD128` and `renderD1000` after both.
fn render_node_number(path: &Path) -> Option<u32> {
    path.file_name()?
        .to_str()?
        .strip_prefix("renderD")?
        .parse()
        .ok()
}

/// Render-node candidates, in node order.
fn render_node_devices(sysfs_root: &Path, dev_dir: &Path) -> Vec<PciDevice> {
    let Ok(entries) = fs::read_dir(dev_dir) else {
        return Vec::new();
    };
    let mut nodes: Vec<(u32, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter_map(|p| render_node_number(&p).map(|n| (n, p)))
        .collect();
    nodes.sort();

    let mut found = Vec::new();
    for (_, node) in nodes {
        // Opened (read-only) rather than stat'ed by name: a node we cannot open
        // is a device no backend could use either.
        let Ok(file) = fs::File::open(&node) else {
            continue;
        };
        let Ok(meta) = file.metadata() else { continue };
        let (major, minor) = major_minor(meta.rdev());
        let dev_link = sysfs_root.join(format!("dev/char/{major}:{minor}/device"));
        let Some(mut dev) = read_device(&dev_link) else {
            continue; // not a PCI device (platform GPU, vgem, ...)
        };
        dev.slot = fs::canonicalize(&dev_link)
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()));
        dev.render_node = Some(node);
        found.push(dev);
    }
    found
}

/// Display-class PCI devices on the bus, in slot order.
fn bus_devices(sysfs_root: &Path) -> Vec<PciDevice> {
    let Ok(entries) = fs::read_dir(sysfs_root.join("bus/pci/devices")) else {
        return Vec::new();
    };
    let mut dirs: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    dirs.sort();

    let mut found = Vec::new();
    for dir in dirs {
        // PCI class code: base class in bits 16..24, 0x03 = display controller.
        if read_hex(&dir.join("class")).map(|c| c >> 16) != Some(0x03) {
            continue;
        }
        let Some(mut dev) = read_device(&dir) else {
            continue;
        };
        dev.slot = dir.file_name().map(|n| n.to_string_lossy().into_owned());
        found.push(dev);
    }
    found
}

/// The device to use among `candidates`: the boot VGA device with a backend,
/// else the first with a backend, else the first.
fn pick(candidates: Vec<PciDevice>) -> Option<PciDevice> {
    let best = candidates
        .iter()
        .position(|d| d.driver.is_some() && d.boot_vga)
        .or_else(|| candidates.iter().position(|d| d.driver.is_some()))
        .unwrap_or(0);
    candidates.into_iter().nth(best)
}

/// Finds the display device to render on. `dev_dri_dir` (normally `/dev/dri`)
/// enables the render-node source; the bus scan under `sysfs_root` is tried
/// when render nodes give no device with a backend.
pub fn probe_in(sysfs_root: &Path, dev_dri_dir: Option<&Path>) -> Option<PciDevice> {
    let from_nodes = dev_dri_dir.and_then(|dir| pick(render_node_devices(sysfs_root, dir)));
    if let Some(dev) = &from_nodes
        && dev.driver.is_some()
    {
        return from_nodes;
    }
    match pick(bus_devices(sysfs_root)) {
        Some(dev) if dev.driver.is_some() || from_nodes.is_none() => Some(dev),
        _ => from_nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{TempDir, fake_pci as add_pci, fake_render_node};

    #[test]
    fn hex_attributes() {
        assert_eq!(parse_hex("0x8086\n"), Some(0x8086));
        assert_eq!(parse_hex("0x030000"), Some(0x030000));
        assert_eq!(parse_hex("1\n"), Some(1));
        assert_eq!(parse_hex("0xzz"), None);
        assert_eq!(parse_hex(""), None);
    }

    #[test]
    fn device_numbers_split_like_glibc() {
        // 226:128, the first render node.
        assert_eq!(major_minor(0xe280), (226, 128));
        // Large numbers use the high bits: round-trip glibc's `makedev`.
        let makedev = |major: u64, minor: u64| {
            ((major & 0xffff_f000) << 32)
                | ((major & 0x0fff) << 8)
                | ((minor & 0xffff_ff00) << 12)
                | (minor & 0x00ff)
        };
        assert_eq!(major_minor(makedev(0x12345, 0x6789a)), (0x12345, 0x6789a));
    }

    #[test]
    fn finds_intel_display_and_ignores_other_classes() {
        let tmp = TempDir::new("pci-intel");
        let root = tmp.path();
        // A network card (class 0x02) and a host bridge come first in slot order.
        add_pci(root, "0000:00:00.0", "0x060000", "0x8086", "0x0100");
        add_pci(root, "0000:00:01.0", "0x020000", "0x10de", "0x1b80");
        add_pci(root, "0000:00:02.0", "0x030000", "0x8086", "0x0126");
        let dev = probe_in(root, None).expect("device");
        assert_eq!(dev.id_string(), "8086:0126");
        assert_eq!(dev.driver, Some("i965"));
        assert_eq!(dev.slot.as_deref(), Some("0000:00:02.0"));
        assert_eq!(dev.render_node, None);
    }

    #[test]
    fn prefers_boot_vga_among_devices_with_backends() {
        let tmp = TempDir::new("pci-bootvga");
        let root = tmp.path();
        add_pci(root, "0000:00:02.0", "0x030000", "0x8086", "0x0126");
        let nv = add_pci(root, "0000:01:00.0", "0x030000", "0x10de", "0x1b80");
        fs::write(nv.join("boot_vga"), "1\n").unwrap();
        assert_eq!(probe_in(root, None).and_then(|d| d.driver), Some("nouveau"));
    }

    #[test]
    fn device_with_backend_beats_earlier_device_without() {
        let tmp = TempDir::new("pci-nobackend");
        let root = tmp.path();
        let qemu = add_pci(root, "0000:00:01.0", "0x030000", "0x1234", "0x1111");
        fs::write(qemu.join("boot_vga"), "1\n").unwrap();
        add_pci(root, "0000:00:05.0", "0x030200", "0x1af4", "0x1050");
        assert_eq!(
            probe_in(root, None).and_then(|d| d.driver),
            Some("virtio_gpu")
        );
    }

    #[test]
    fn device_without_backend_is_still_reported() {
        let tmp = TempDir::new("pci-qemu");
        let root = tmp.path();
        add_pci(root, "0000:00:02.0", "0x030000", "0x1234", "0x1111");
        let dev = probe_in(root, None).expect("device");
        assert_eq!(
            (dev.id_string(), dev.driver),
            ("1234:1111".to_string(), None)
        );
    }

    #[test]
    fn empty_or_missing_tree_finds_nothing() {
        let tmp = TempDir::new("pci-empty");
        assert_eq!(probe_in(tmp.path(), None), None);
        assert_eq!(probe_in(&tmp.path().join("does-not-exist"), None), None);
        // Unreadable attributes: the device is skipped, nothing panics.
        let dir = tmp.path().join("bus/pci/devices/0000:00:02.0");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("class"), "0x030000\n").unwrap();
        fs::write(dir.join("vendor"), "garbage\n").unwrap();
        assert_eq!(probe_in(tmp.path(), None), None);
    }

    #[test]
    fn render_node_gives_device_and_slot() {
        let tmp = TempDir::new("pci-node");
        let root = tmp.path();
        add_pci(root, "0000:00:02.0", "0x030000", "0x8086", "0x0126");
        let dev_dri = fake_render_node(root, "0000:00:02.0");
        let dev = probe_in(root, Some(&dev_dri)).expect("device");
        assert_eq!(dev.render_node, Some(dev_dri.join("renderD128")));
        assert_eq!(dev.slot.as_deref(), Some("0000:00:02.0"));
        assert_eq!(
            (dev.id_string(), dev.driver),
            ("8086:0126".to_string(), Some("i965"))
        );
        // Without the render-node source the same device comes from the bus.
        assert_eq!(probe_in(root, None).and_then(|d| d.render_node), None);
    }

    #[test]
    fn bus_device_with_backend_beats_render_node_without() {
        let tmp = TempDir::new("pci-node-qemu");
        let root = tmp.path();
        add_pci(root, "0000:00:01.0", "0x030000", "0x1234", "0x1111");
        add_pci(root, "0000:00:05.0", "0x030200", "0x1af4", "0x1050");
        let dev_dri = fake_render_node(root, "0000:00:01.0");
        assert_eq!(
            probe_in(root, Some(&dev_dri)).and_then(|d| d.driver),
            Some("virtio_gpu")
        );
        // With nothing better on the bus, the render node's device is reported.
        std::fs::remove_dir_all(root.join("bus/pci/devices/0000:00:05.0")).unwrap();
        let dev = probe_in(root, Some(&dev_dri)).expect("device");
        assert_eq!((dev.driver, dev.render_node.is_some()), (None, true));
    }

    #[test]
    fn render_nodes_sort_numerically() {
        assert_eq!(
            render_node_number(Path::new("/dev/dri/renderD128")),
            Some(128)
        );
        assert_eq!(render_node_number(Path::new("/dev/dri/card0")), None);
        assert!(
            render_node_devices(Path::new("/nonexistent"), Path::new("/nonexistent")).is_empty()
        );
    }
}
