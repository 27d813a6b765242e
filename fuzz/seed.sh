#!/usr/bin/env bash
# Seeds fuzz/corpus/glsl_compile/ for the glsl_compile target: a few hundred
# small shaders from piglit's compiler (glslparser) tests, as installed by the
# Debian/Ubuntu `piglit` package, plus the front end's own test inputs
# (src/glsl/tests/in/*, src/glsl/tests/lower/in/*). Each file is copied whole
# (nothing stripped) behind one selector byte (see
# fuzz_targets/glsl_compile.rs): the stage from the file extension, the
# version from the shader's `#version` line (the nearest table entry at or
# below it; 1.10, or ES 1.00 for `.es.*` files, when there is none), bit 7
# clear (the source keeps its own `#version`). Files are named by the SHA-1 of
# their contents, as libFuzzer names corpus entries.
#
# Usage: fuzz/seed.sh [COUNT]   (COUNT piglit shaders, default 400)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out="$here/corpus/glsl_compile"
count=${1:-400}
max_len=8191 # -max_len=8192 minus the selector byte
mkdir -p "$out"

# Table indices of fuzz_targets/glsl_compile.rs.
stage_index() {
    case "$1" in
    vert) echo 0 ;; frag) echo 1 ;; geom) echo 2 ;;
    tesc) echo 3 ;; tese) echo 4 ;; comp) echo 5 ;;
    *) echo 1 ;;
    esac
}

version_index() { # FILE
    local line num prof
    line=$(grep -m1 -E '^[[:space:]]*#[[:space:]]*version[[:space:]]+[0-9]+' "$1" || true)
    if [[ -z $line ]]; then
        case "$1" in *.es.* | *glsl-es* | *GLSL-ES* | *gles*) echo 8 ;; *) echo 0 ;; esac
        return
    fi
    num=$(sed -E 's/.*version[[:space:]]+([0-9]+).*/\1/' <<<"$line")
    prof=$(sed -E 's/.*version[[:space:]]+[0-9]+[[:space:]]*([a-z]*).*/\1/' <<<"$line")
    if [[ $prof == es || $num == 100 ]]; then
        case "$num" in 100) echo 8 ;; 300) echo 9 ;; 310) echo 10 ;; *) echo 11 ;; esac
        return
    fi
    if ((num >= 460)); then
        [[ $prof == compatibility ]] && echo 7 || echo 6
    elif ((num >= 450)); then echo 5
    elif ((num >= 330)); then echo 4
    elif ((num >= 150)); then echo 3
    elif ((num >= 130)); then echo 2
    elif ((num >= 120)); then echo 1
    else echo 0
    fi
}

added=0
add() { # FILE
    local f=$1 ext sel tmp sum
    [[ $(stat -c %s "$f") -le $max_len ]] || return 0
    ext=${f##*.}
    sel=$(( ($(version_index "$f") << 3) | $(stage_index "$ext") ))
    tmp=$(mktemp)
    printf "\\$(printf %03o "$sel")" >"$tmp"
    cat "$f" >>"$tmp"
    sum=$(sha1sum "$tmp" | cut -d' ' -f1)
    mv "$tmp" "$out/$sum"
    added=$((added + 1))
}

# The project's own inputs.
for f in "$root"/src/glsl/tests/in/* "$root"/src/glsl/tests/lower/in/*; do
    [[ -f $f ]] && add "$f"
done

# piglit: an even spread over the sorted list of small shaders (the
# hand-written tests and the generated ones alike).
if dpkg -L piglit >/dev/null 2>&1; then
    mapfile -t all < <(dpkg -L piglit | grep -E '\.(vert|frag|geom|tesc|tese|comp)$' |
        xargs -d '\n' stat -c '%s %n' 2>/dev/null |
        awk -v max="$max_len" '$1 <= max { sub(/^[0-9]+ /, ""); print }' | sort)
    n=${#all[@]}
    if ((n > 0)); then
        step=$(( n > count ? n / count : 1 ))
        for ((i = 0; i < n; i += step)); do add "${all[i]}"; done
    fi
else
    echo "seed.sh: piglit is not installed (apt-get install piglit); only the project's inputs" >&2
fi

echo "seed.sh: $added files written, $(ls "$out" | wc -l) in $out"
