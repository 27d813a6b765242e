//! PCI vendor:device -> backend name, as data.
//!
//! The table is read top to bottom and the first row whose vendor matches and
//! whose device list contains the device wins, exactly like Mesa's
//! `driver_map[]` in `include/pci_ids/pci_id_driver_map.h`. A row with
//! [`Devices::Any`] catches every remaining device of its vendor, so it must
//! come after that vendor's explicit lists.
//!
//! Device lists are Mesa's `include/pci_ids/*_pci_ids.h` where we carry them
//! (Intel gen2/3 and gen4–7, AMD r300 and r600 families, virtio-gpu, VMware).
//! Mesa 22 drives Intel gen4–7 with `crocus`; oxgl keeps the historical `i965`
//! name for those parts (DESIGN.md: `8086:0126, driver i965`).
//!
//! Rows with `driver: None` name display devices that have no 3D backend at all
//! (emulated VGA, BMC consoles): the loader logs what they are and goes to
//! software rendering without trying to open anything.

/// Which devices of a vendor a row covers.
#[derive(Clone, Copy, Debug)]
pub enum Devices {
    /// Exactly these device ids.
    List(&'static [u16]),
    /// Every device id of the vendor not matched by an earlier row.
    Any,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct IdEntry {
    /// PCI vendor id.
    pub vendor: u16,
    /// Devices of that vendor the row covers.
    pub devices: Devices,
    /// Backend name (`<name>_dri.so`), or `None` for a device with no 3D backend.
    pub driver: Option<&'static str>,
    /// What the devices are, for log lines.
    pub what: &'static str,
}

impl IdEntry {
    fn matches(&self, vendor: u16, device: u16) -> bool {
        self.vendor == vendor
            && match self.devices {
                Devices::List(ids) => ids.contains(&device),
                Devices::Any => true,
            }
    }
}

/// Intel gen2 and gen3 (830M .. Pineview): Mesa's `i915_pci_ids.h`.
#[rustfmt::skip]
const I915_IDS: &[u16] = &[
    0x3577, 0x2562, 0x3582, 0x2572, // gen2: 830M, 845G, 852GM/855GM, 865G
    0x2582, 0x258a, 0x2592, 0x2772, 0x27a2, 0x27ae, // 915G .. 945GME
    0x29b2, 0x29c2, 0x29d2, 0xa011, 0xa001, // Q35, G33, Q33, Pineview
];

/// Intel gen4 to gen7 (Broadwater .. Haswell, Bay Trail): Mesa's
/// `i965_pci_ids.h` before gen8 was split off.
#[rustfmt::skip]
const I965_IDS: &[u16] = &[
    // gen4: 965G/Q, 946GZ, 965GM/GME
    0x29a2, 0x2992, 0x2982, 0x2972, 0x2a02, 0x2a12,
    // gen4.5: GM45, G45/G43, Q45/Q43, G41, B43
    0x2a42, 0x2e02, 0x2e12, 0x2e22, 0x2e32, 0x2e42, 0x2e92,
    // gen5: Ironlake
    0x0042, 0x0046,
    // gen6: Sandy Bridge
    0x0102, 0x0112, 0x0122, 0x0106, 0x0116, 0x0126, 0x010a,
    // gen7: Ivy Bridge
    0x0152, 0x0162, 0x0156, 0x0166, 0x015a, 0x016a,
    // gen7.5: Haswell (desktop/mobile/server GT1-3, SDV, ULT, CRW)
    0x0402, 0x0412, 0x0422, 0x0406, 0x0416, 0x0426, 0x040a, 0x041a, 0x042a,
    0x040b, 0x041b, 0x042b, 0x040e, 0x041e, 0x042e,
    0x0c02, 0x0c12, 0x0c22, 0x0c06, 0x0c16, 0x0c26, 0x0c0a, 0x0c1a, 0x0c2a,
    0x0c0b, 0x0c1b, 0x0c2b, 0x0c0e, 0x0c1e, 0x0c2e,
    0x0a02, 0x0a12, 0x0a22, 0x0a06, 0x0a16, 0x0a26, 0x0a0a, 0x0a1a, 0x0a2a,
    0x0a0b, 0x0a1b, 0x0a2b, 0x0a0e, 0x0a1e, 0x0a2e,
    0x0d02, 0x0d12, 0x0d22, 0x0d06, 0x0d16, 0x0d26, 0x0d0a, 0x0d1a, 0x0d2a,
    0x0d0b, 0x0d1b, 0x0d2b, 0x0d0e, 0x0d1e, 0x0d2e,
    // gen7: Bay Trail
    0x0f31, 0x0f32, 0x0f33, 0x0157, 0x0155,
];

/// AMD R300 .. R500 (and RS400/RS600/RS690/RS740 IGPs): Mesa's `r300_pci_ids.h`.
#[rustfmt::skip]
const R300_IDS: &[u16] = &[
    // R300, R350/R360
    0x4144, 0x4145, 0x4146, 0x4147, 0x4e44, 0x4e45, 0x4e46, 0x4e47,
    0x4e48, 0x4e49, 0x4e4b, 0x4148, 0x4149, 0x414a, 0x414b, 0x4e4a,
    // RV350, RV370, RV380
    0x4150, 0x4151, 0x4152, 0x4153, 0x4154, 0x4155, 0x4156, 0x4e50,
    0x4e51, 0x4e52, 0x4e53, 0x4e54, 0x4e56,
    0x5460, 0x5462, 0x5464, 0x5b60, 0x5b62, 0x5b63, 0x5b64, 0x5b65,
    0x3150, 0x3152, 0x3154, 0x3155, 0x3e50, 0x3e54,
    // R420, R423, R430, R480, R481, RV410
    0x4a48, 0x4a49, 0x4a4a, 0x4a4b, 0x4a4c, 0x4a4d, 0x4a4e, 0x4a4f, 0x4a50, 0x4a54,
    0x5548, 0x5549, 0x554a, 0x554b, 0x5550, 0x5551, 0x5552, 0x5554, 0x5d57,
    0x554c, 0x554d, 0x554e, 0x554f, 0x5d48, 0x5d49, 0x5d4a,
    0x5d4c, 0x5d4d, 0x5d4e, 0x5d4f, 0x5d50, 0x5d52,
    0x4b48, 0x4b49, 0x4b4a, 0x4b4b, 0x4b4c,
    0x564a, 0x564b, 0x564f, 0x5652, 0x5653, 0x5657, 0x5e48, 0x5e4a, 0x5e4b,
    0x5e4c, 0x5e4d, 0x5e4f,
    // RS400, RC410, RS480/RS482
    0x5a41, 0x5a42, 0x5a61, 0x5a62, 0x5954, 0x5955, 0x5974, 0x5975,
    // R520
    0x7100, 0x7101, 0x7102, 0x7103, 0x7104, 0x7105, 0x7106, 0x7108, 0x7109,
    0x710a, 0x710b, 0x710c, 0x710e, 0x710f,
    // RV515
    0x7140, 0x7141, 0x7142, 0x7143, 0x7144, 0x7145, 0x7146, 0x7147, 0x7149,
    0x714a, 0x714b, 0x714c, 0x714d, 0x714e, 0x714f, 0x7151, 0x7152, 0x7153,
    0x715e, 0x715f, 0x7180, 0x7181, 0x7183, 0x7186, 0x7187, 0x7188, 0x718a,
    0x718b, 0x718c, 0x718d, 0x718f, 0x7193, 0x7196, 0x719b, 0x719f, 0x7200,
    0x7210, 0x7211,
    // RV530, RV560, RV570, R580
    0x71c0, 0x71c1, 0x71c2, 0x71c3, 0x71c4, 0x71c5, 0x71c6, 0x71c7, 0x71cd,
    0x71ce, 0x71d2, 0x71d4, 0x71d5, 0x71d6, 0x71da, 0x71de,
    0x7281, 0x7283, 0x7287, 0x7290, 0x7291, 0x7293, 0x7297,
    0x7280, 0x7288, 0x7289, 0x728b, 0x728c,
    0x7240, 0x7243, 0x7244, 0x7245, 0x7246, 0x7247, 0x7248, 0x7249, 0x724a,
    0x724b, 0x724c, 0x724d, 0x724e, 0x724f, 0x7284,
    // RS600, RS690, RS740
    0x793f, 0x7941, 0x7942, 0x791e, 0x791f, 0x796c, 0x796d, 0x796e, 0x796f,
];

/// AMD R600 .. Northern Islands (TeraScale 1-3, and the Aruba APUs): Mesa's
/// `r600_pci_ids.h`.
#[rustfmt::skip]
const R600_IDS: &[u16] = &[
    // R600, RV610, RV630, RV670, RV620, RV635
    0x9400, 0x9401, 0x9402, 0x9403, 0x9405, 0x940a, 0x940b, 0x940f,
    0x94c0, 0x94c1, 0x94c3, 0x94c4, 0x94c5, 0x94c6, 0x94c7, 0x94c8, 0x94c9,
    0x94cb, 0x94cc, 0x94cd,
    0x9580, 0x9581, 0x9583, 0x9586, 0x9587, 0x9588, 0x9589, 0x958a, 0x958b,
    0x958c, 0x958d, 0x958e, 0x958f,
    0x9500, 0x9501, 0x9504, 0x9505, 0x9506, 0x9507, 0x9508, 0x9509, 0x950f,
    0x9511, 0x9515, 0x9517, 0x9519,
    0x95c0, 0x95c2, 0x95c4, 0x95c5, 0x95c6, 0x95c7, 0x95c9, 0x95cc, 0x95cd,
    0x95ce, 0x95cf,
    0x9590, 0x9591, 0x9593, 0x9595, 0x9596, 0x9597, 0x9598, 0x9599, 0x959b,
    // RS780, RS880
    0x9610, 0x9611, 0x9612, 0x9613, 0x9614, 0x9615, 0x9616,
    0x9710, 0x9711, 0x9712, 0x9713, 0x9714, 0x9715,
    // RV770/RV790, RV730, RV710, RV740
    0x9440, 0x9441, 0x9442, 0x9443, 0x9444, 0x9446, 0x944a, 0x944b, 0x944c,
    0x944e, 0x9450, 0x9452, 0x9456, 0x945a, 0x945b, 0x945e, 0x9460, 0x9462,
    0x946a, 0x946b, 0x947a, 0x947b,
    0x9480, 0x9487, 0x9488, 0x9489, 0x948a, 0x948f, 0x9490, 0x9491, 0x9495,
    0x9498, 0x949c, 0x949e, 0x949f,
    0x9540, 0x9541, 0x9542, 0x954e, 0x954f, 0x9552, 0x9553, 0x9555, 0x9557,
    0x955f,
    0x94a0, 0x94a1, 0x94a3, 0x94b1, 0x94b3, 0x94b4, 0x94b5, 0x94b9,
    // Evergreen: Cedar, Redwood, Juniper, Cypress, Hemlock, Palm, Sumo
    0x68e0, 0x68e1, 0x68e4, 0x68e5, 0x68e8, 0x68e9, 0x68f1, 0x68f2, 0x68f8,
    0x68f9, 0x68fa, 0x68fe,
    0x68c0, 0x68c1, 0x68c8, 0x68c9, 0x68d8, 0x68d9, 0x68da, 0x68de,
    0x68a0, 0x68a1, 0x68a8, 0x68a9, 0x68b0, 0x68b8, 0x68b9, 0x68ba, 0x68be,
    0x68bf,
    0x6880, 0x6888, 0x6889, 0x688a, 0x6898, 0x6899, 0x689b, 0x689e,
    0x689c, 0x689d,
    0x9802, 0x9803, 0x9804, 0x9805, 0x9806, 0x9807, 0x9808, 0x9809,
    0x9640, 0x9641, 0x9642, 0x9643, 0x9644, 0x9645, 0x9647, 0x9648, 0x964a,
    0x964b, 0x964c, 0x964e, 0x964f,
    // Northern Islands: Cayman, Barts, Turks, Caicos, Aruba
    0x6700, 0x6701, 0x6702, 0x6703, 0x6704, 0x6705, 0x6706, 0x6707, 0x6708,
    0x6709, 0x6718, 0x6719, 0x671c, 0x671d, 0x671f,
    0x6720, 0x6721, 0x6722, 0x6723, 0x6724, 0x6725, 0x6726, 0x6727, 0x6728,
    0x6729, 0x6738, 0x6739, 0x673e,
    0x6740, 0x6741, 0x6742, 0x6743, 0x6744, 0x6745, 0x6746, 0x6747, 0x6748,
    0x6749, 0x6750, 0x6751, 0x6758, 0x6759, 0x675b, 0x675d, 0x675f, 0x6840,
    0x6841, 0x6842, 0x6843, 0x6849, 0x6850, 0x6858, 0x6859,
    0x6760, 0x6761, 0x6762, 0x6763, 0x6764, 0x6765, 0x6766, 0x6767, 0x6768,
    0x6770, 0x6772, 0x6778, 0x6779, 0x677b,
    0x9900, 0x9901, 0x9903, 0x9904, 0x9905, 0x9906, 0x9907, 0x9908, 0x9909,
    0x990a, 0x990f, 0x9910, 0x9913, 0x9917, 0x9918, 0x9919, 0x9990, 0x9991,
    0x9992, 0x9993, 0x9994, 0x99a0, 0x99a2, 0x99a4,
];

/// The table, first match wins.
pub const TABLE: &[IdEntry] = &[
    IdEntry {
        vendor: 0x8086,
        devices: Devices::List(I915_IDS),
        driver: Some("i915"),
        what: "Intel gen2/gen3",
    },
    IdEntry {
        vendor: 0x8086,
        devices: Devices::List(I965_IDS),
        driver: Some("i965"),
        what: "Intel gen4-gen7",
    },
    // Every other Intel display device is gen8 or newer. Mesa's row is the same
    // catch-all (`iris`, all chip ids), gated on the kernel driver being i915.
    IdEntry {
        vendor: 0x8086,
        devices: Devices::Any,
        driver: Some("iris"),
        what: "Intel gen8+",
    },
    IdEntry {
        vendor: 0x1002,
        devices: Devices::List(R300_IDS),
        driver: Some("r300"),
        what: "AMD R300-R500",
    },
    IdEntry {
        vendor: 0x1002,
        devices: Devices::List(R600_IDS),
        driver: Some("r600"),
        what: "AMD R600-Northern Islands",
    },
    // Southern Islands (GCN) and everything after; Mesa's catch-all as well.
    // Pre-R300 Radeons (r100/r200) land here too and will fail to find a backend.
    IdEntry {
        vendor: 0x1002,
        devices: Devices::Any,
        driver: Some("radeonsi"),
        what: "AMD GCN+",
    },
    IdEntry {
        vendor: 0x10de,
        devices: Devices::Any,
        driver: Some("nouveau"),
        what: "NVIDIA",
    },
    // Mesa's `virtio_gpu_pci_ids.h`: the transitional and the modern device id.
    IdEntry {
        vendor: 0x1af4,
        devices: Devices::List(&[0x0010, 0x1050]),
        driver: Some("virtio_gpu"),
        what: "virtio-gpu",
    },
    IdEntry {
        vendor: 0x15ad,
        devices: Devices::List(&[0x0405]),
        driver: Some("vmwgfx"),
        what: "VMware SVGA II",
    },
    IdEntry {
        vendor: 0x15ad,
        devices: Devices::Any,
        driver: None,
        what: "VMware legacy SVGA",
    },
    IdEntry {
        vendor: 0x1234,
        devices: Devices::List(&[0x1111]),
        driver: None,
        what: "QEMU/Bochs standard VGA",
    },
    IdEntry {
        vendor: 0x1013,
        devices: Devices::Any,
        driver: None,
        what: "Cirrus Logic VGA",
    },
    IdEntry {
        vendor: 0x1b36,
        devices: Devices::List(&[0x0100]),
        driver: None,
        what: "QXL paravirtual display",
    },
    IdEntry {
        vendor: 0x80ee,
        devices: Devices::List(&[0xbeef]),
        driver: None,
        what: "VirtualBox VGA",
    },
    IdEntry {
        vendor: 0x102b,
        devices: Devices::Any,
        driver: None,
        what: "Matrox",
    },
    IdEntry {
        vendor: 0x1a03,
        devices: Devices::Any,
        driver: None,
        what: "ASPEED BMC display",
    },
];

/// The table row for a device, if the device is known at all.
pub fn lookup(vendor: u16, device: u16) -> Option<&'static IdEntry> {
    TABLE.iter().find(|e| e.matches(vendor, device))
}

/// The backend name for a device: `None` when the device is unknown or has no
/// 3D backend.
pub fn driver_for(vendor: u16, device: u16) -> Option<&'static str> {
    lookup(vendor, device).and_then(|e| e.driver)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intel_generations() {
        assert_eq!(driver_for(0x8086, 0x2582), Some("i915")); // 915G
        assert_eq!(driver_for(0x8086, 0xa011), Some("i915")); // Pineview
        assert_eq!(driver_for(0x8086, 0x29a2), Some("i965")); // 965G
        assert_eq!(driver_for(0x8086, 0x0126), Some("i965")); // Sandy Bridge
        assert_eq!(driver_for(0x8086, 0x0166), Some("i965")); // Ivy Bridge
        assert_eq!(driver_for(0x8086, 0x0d2e), Some("i965")); // Haswell CRW
        assert_eq!(driver_for(0x8086, 0x0f31), Some("i965")); // Bay Trail
        assert_eq!(driver_for(0x8086, 0x1616), Some("iris")); // Broadwell
        assert_eq!(driver_for(0x8086, 0x5916), Some("iris")); // Kaby Lake
        assert_eq!(driver_for(0x8086, 0x9a49), Some("iris")); // Tiger Lake
    }

    #[test]
    fn amd_families() {
        assert_eq!(driver_for(0x1002, 0x4144), Some("r300")); // R300
        assert_eq!(driver_for(0x1002, 0x7140), Some("r300")); // RV515
        assert_eq!(driver_for(0x1002, 0x9400), Some("r600")); // R600
        assert_eq!(driver_for(0x1002, 0x68e0), Some("r600")); // Cedar
        assert_eq!(driver_for(0x1002, 0x9900), Some("r600")); // Aruba
        assert_eq!(driver_for(0x1002, 0x6798), Some("radeonsi")); // Tahiti
        assert_eq!(driver_for(0x1002, 0x73bf), Some("radeonsi")); // Navi 21
    }

    #[test]
    fn virtual_and_other_vendors() {
        assert_eq!(driver_for(0x10de, 0x1b80), Some("nouveau"));
        assert_eq!(driver_for(0x1af4, 0x1050), Some("virtio_gpu"));
        assert_eq!(driver_for(0x1af4, 0x1000), None); // virtio-net: not ours
        assert_eq!(driver_for(0x15ad, 0x0405), Some("vmwgfx"));
        assert_eq!(driver_for(0x15ad, 0x0710), None);
        assert_eq!(driver_for(0x1234, 0x1111), None);
        assert_eq!(driver_for(0x1013, 0x00b8), None);
        assert_eq!(driver_for(0x1b36, 0x0100), None);
        assert_eq!(driver_for(0x102b, 0x0522), None);
        assert_eq!(driver_for(0xdead, 0xbeef), None);
    }

    #[test]
    fn known_devices_without_backend_are_described() {
        let qemu = lookup(0x1234, 0x1111).map(|e| (e.driver, e.what));
        assert_eq!(qemu, Some((None, "QEMU/Bochs standard VGA")));
        assert!(lookup(0xdead, 0xbeef).is_none());
    }

    #[test]
    fn explicit_lists_are_not_shadowed() {
        // A catch-all row must come after every explicit list of its vendor,
        // or the lists below it are dead.
        for (i, row) in TABLE.iter().enumerate() {
            if matches!(row.devices, Devices::Any) {
                let shadowed = TABLE[i + 1..]
                    .iter()
                    .any(|later| later.vendor == row.vendor);
                assert!(
                    !shadowed,
                    "catch-all for {:04x} shadows later rows",
                    row.vendor
                );
            }
        }
        // No device id appears in two lists of one vendor.
        for (i, a) in TABLE.iter().enumerate() {
            let Devices::List(ids) = a.devices else {
                continue;
            };
            for b in &TABLE[i + 1..] {
                if let (true, Devices::List(other)) = (a.vendor == b.vendor, b.devices) {
                    for id in ids {
                        assert!(
                            !other.contains(id),
                            "{:04x}:{id:04x} listed twice",
                            a.vendor
                        );
                    }
                }
            }
        }
    }
}
