#!/bin/sh
# Builds the seed corpus of the compile_shader target from piglit's shaders: each seed is
# the stage byte that glsl::fuzz_input decodes (core GL, or ES for "#version ... es" and
# "#version 100" shaders) followed by the shader file.
# Usage: fuzz/seed-corpus.sh [PIGLIT_DIR]   (run from src/gl_frontend/glsl)
set -eu
piglit=${1:-/usr/lib/x86_64-linux-gnu/piglit}
out=fuzz/corpus/compile_shader
mkdir -p "$out"
n=0
find "$piglit/tests" "$piglit/generated_tests" -type f \
    \( -name '*.vert' -o -name '*.tesc' -o -name '*.tese' -o -name '*.geom' -o -name '*.frag' -o -name '*.comp' \) |
while read -r f; do
    case "$f" in
        *.vert) s=0 ;; *.tesc) s=1 ;; *.tese) s=2 ;; *.geom) s=3 ;; *.frag) s=4 ;; *.comp) s=5 ;;
    esac
    if grep -q -E '^[[:space:]]*#[[:space:]]*version[[:space:]]+(100|[0-9]+[[:space:]]+es)' "$f"; then
        s=$((s + 16))
    fi
    n=$((n + 1))
    { printf "\\$(printf '%03o' "$s")"; cat "$f"; } > "$out/seed-$n"
done
echo "seeds written to $out"
