#!/bin/bash
# scripts/setup.sh [--with-piglit] [--no-rust]
#
# Installs what building and testing oxgl needs on a Debian/Ubuntu machine and
# checks the Rust toolchain. Quiet and idempotent: prints nothing and exits 0
# when everything is already there.
#
#   --with-piglit   also install piglit (the external conformance suite) and
#                   glmark2-data (its shaders are a GLSL corpus)
#   --no-rust       skip the Rust toolchain check (e.g. under sudo, where the
#                   user's ~/.cargo is not on PATH)
#
# As root the missing packages are installed with apt-get (waiting for other
# apt runs instead of failing on their lock); as another user the exact
# `sudo apt-get install ...` line is printed and the script exits 1.

set -u

with_piglit=0
check_rust=1
for arg in "$@"; do
    case $arg in
        --with-piglit) with_piglit=1 ;;
        --no-rust) check_rust=0 ;;
        -h | --help)
            sed -n '2,14s/^# \{0,1\}//p' "$0"
            exit 0
            ;;
        *)
            echo "setup.sh: unknown argument '$arg' (see --help)" >&2
            exit 2
            ;;
    esac
done

# package -> why we need it
packages=(
    xvfb           # private X servers for tests and demos
    mesa-utils     # glxinfo, glxgears, eglinfo, es2_info, es2gears_x11 (clients under test; Mesa is the reference)
    libx11-dev     # Xlib headers and libX11.so for the C test clients
    libx11-xcb-dev # libX11-xcb.so: the GLX front end links XGetXCBConnection
    libgl-dev      # GL/gl.h, GL/glx.h for the C test clients and benchmarks
    libegl-dev     # EGL/egl.h, EGL/eglext.h for the EGL test clients
    libgles-dev    # GLES2/gl2.h for the OpenGL ES test client
    x11-apps       # xwd: screenshots in scripts/demo.sh
    imagemagick    # convert: xwd -> png
    waffle-utils   # wflinfo
    weston         # a headless Wayland compositor for the EGL Wayland platform tests
    libwayland-dev # wayland-client.h, wayland-egl.h and their libraries for the Wayland test client
    glmark2-es2-wayland # glmark2 on EGL Wayland (tests/tests/wayland.rs, benchmarks)
    gcc            # compiles the C test clients; the Rust linker driver
    libc6-dev      # C headers (only a Recommends of gcc)
    pkg-config
)
[ "$with_piglit" = 1 ] && packages+=(piglit glmark2-data)

is_installed() {
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2> /dev/null)" = installed ]
}

missing=()
if command -v dpkg-query > /dev/null 2>&1; then
    for p in "${packages[@]}"; do
        is_installed "$p" || missing+=("$p")
    done
else
    # Not a Debian system: check the commands and say what to get.
    for c in Xvfb glxinfo glxgears xwd convert wflinfo weston gcc pkg-config; do
        command -v "$c" > /dev/null 2>&1 || missing+=("$c")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "setup.sh: not a Debian system; install the packages providing: ${missing[*]}" >&2
        echo "setup.sh: (plus the Xlib, X11-xcb and GL development headers)" >&2
        exit 1
    fi
fi

apt_log=$(mktemp "${TMPDIR:-/tmp}/oxgl-setup.XXXXXX")
trap 'rm -f "$apt_log"' EXIT

# apt's chatter goes to a log that is shown only when a step fails.
apt_quiet() {
    if ! DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 "$@" > "$apt_log" 2>&1; then
        tail -n 20 "$apt_log" >&2
        return 1
    fi
}

apt_install() {
    apt_quiet install -y -qq --no-install-recommends "$@"
}

apt_lists_empty() {
    ! compgen -G '/var/lib/apt/lists/*_Packages*' > /dev/null
}

if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "setup.sh: missing packages: ${missing[*]}" >&2
        echo "setup.sh: run this (or run setup.sh as root):" >&2
        echo "sudo apt-get install -y --no-install-recommends ${missing[*]}"
        exit 1
    fi
    echo "setup.sh: installing ${missing[*]}" >&2
    if apt_lists_empty; then
        apt_quiet update -qq || true
    fi
    if ! apt_install "${missing[@]}"; then
        echo "setup.sh: install failed; running apt-get update and retrying" >&2
        apt_quiet update -qq
        if ! apt_install "${missing[@]}"; then
            echo "setup.sh: apt-get install ${missing[*]} failed" >&2
            exit 1
        fi
    fi
fi

[ "$check_rust" = 1 ] || exit 0

# The Rust toolchain (edition 2024 needs Rust >= 1.85; Debian's cargo is older).
if ! command -v cargo > /dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    echo "setup.sh: cargo is in $HOME/.cargo/bin but not on PATH: run  . \"\$HOME/.cargo/env\"" >&2
    exit 1
fi
if ! command -v cargo > /dev/null 2>&1; then
    echo "setup.sh: cargo not found. Install Rust with rustup (https://rustup.rs):" >&2
    echo "  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --component clippy,rustfmt" >&2
    echo "  . \"\$HOME/.cargo/env\"" >&2
    exit 1
fi
need_components=()
cargo fmt --version > /dev/null 2>&1 || need_components+=(rustfmt)
cargo clippy --version > /dev/null 2>&1 || need_components+=(clippy)
if [ ${#need_components[@]} -gt 0 ]; then
    if command -v rustup > /dev/null 2>&1 && rustup component add "${need_components[@]}" > /dev/null 2>&1; then
        echo "setup.sh: added rust components ${need_components[*]}" >&2
    else
        echo "setup.sh: missing rust components ${need_components[*]}: run  rustup component add ${need_components[*]}" >&2
        exit 1
    fi
fi
exit 0
