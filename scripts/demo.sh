#!/bin/bash
# scripts/demo.sh [--no-build]
#
# Shows oxgl running unmodified programs: installs what is missing
# (scripts/setup.sh), builds (cargo build --release), then under one private
# Xvfb runs `glxinfo -B` on oxgl (printed) and `glxgears` on oxgl for ~5 s,
# screenshotting the root window into out/demo-glxgears.png meanwhile.
#
#   --no-build   skip setup and build; use the library already built
#
# OXGL_LIB_DIR selects another library directory (default target/release/lib);
# OXGL_XVFB_SCREEN the screen size (default here 640x480x24).
# Exit status: non-zero when setup, the build, glxinfo or glxgears fails.

set -u

repo=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
lib_dir=${OXGL_LIB_DIR:-$repo/target/release/lib}
out=$repo/out

if [ "${1:-}" != --inside-x ]; then
    build=1
    case ${1:-} in
        --no-build) build=0 ;;
        "") ;;
        -h | --help)
            sed -n '2,13s/^# \{0,1\}//p' "$0"
            exit 0
            ;;
        *)
            echo "demo.sh: unknown argument '$1' (see --help)" >&2
            exit 2
            ;;
    esac
    if ! command -v cargo > /dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
        PATH=$HOME/.cargo/bin:$PATH
    fi
    if [ "$build" = 1 ]; then
        "$repo/scripts/setup.sh" || exit 1
        echo "== cargo build --release"
        (cd "$repo" && cargo build --release) || {
            echo "demo.sh: cargo build --release failed" >&2
            exit 1
        }
    fi
    if [ ! -e "$lib_dir/libGL.so.1" ]; then
        echo "demo.sh: $lib_dir/libGL.so.1 not found (cargo build --release makes it)" >&2
        exit 1
    fi
    mkdir -p "$out" || exit 1
    export OXGL_XVFB_SCREEN=${OXGL_XVFB_SCREEN:-640x480x24}
    exec "$repo/scripts/xvfb-run" "$0" --inside-x
fi

# ---- under the private X server (DISPLAY is set) ----

echo "== glxinfo -B on oxgl ($lib_dir)"
info=$out/demo-glxinfo.txt
LD_LIBRARY_PATH=$lib_dir glxinfo -B | tee "$info"
rc=${PIPESTATUS[0]}
if [ "$rc" -ne 0 ]; then
    echo "demo.sh: glxinfo -B failed on oxgl (exit $rc)" >&2
    exit "$rc"
fi
if ! grep -qx 'OpenGL vendor string: oxgl' "$info"; then
    echo "demo.sh: note: the GL vendor is not oxgl; $lib_dir/libGL.so.1 was not the library loaded" >&2
fi

echo
echo "== glxgears on oxgl for ~5 s"
gears_log=$out/demo-glxgears.log
shot=$out/demo-glxgears.png
LD_LIBRARY_PATH=$lib_dir glxgears > "$gears_log" 2>&1 &
gears=$!
sleep 4
if ! kill -0 "$gears" 2> /dev/null; then
    wait "$gears"
    rc=$?
    echo "demo.sh: glxgears exited early (exit $rc):" >&2
    cat "$gears_log" >&2
    exit 1
fi
# The screenshot tools run on the system libraries, not on oxgl.
status=0
if xwd -root -silent | convert xwd:- "$shot"; then
    mean=$(convert "$shot" -format '%[fx:mean]' info: 2> /dev/null)
else
    echo "demo.sh: screenshot failed (xwd | convert)" >&2
    status=1
fi
sleep 1
kill -TERM "$gears" 2> /dev/null
wait "$gears" 2> /dev/null
cat "$gears_log"

if [ "$status" = 0 ]; then
    echo
    echo "screenshot: $shot"
    if [ "${mean:-}" = 0 ]; then
        echo "(all black: the frame held nothing but glxgears' black clear colour)"
    fi
fi
exit "$status"
