#!/bin/bash
# seed.sh — the fuzz targets' first corpora (build-fuzz/corpus-NAME): files
# that the program writes (checkpoints, job and result files, solution
# files, census sections), the test data, and the regression inputs of
# tests/data/regress/. Run from the top folder after building ./polycover.
set -e
out=build-fuzz
bin=./polycover
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for t in yaml dlx1 checkpoint job result solfile census; do mkdir -p "$out/corpus-$t"; done

cp boards/*.yaml pieces/*.yaml tests/data/boards/*.yaml "$out/corpus-yaml/" 2>/dev/null || true
cp tests/data/knuth3.dlx tests/data/scott_x23.dlx "$out/corpus-dlx1/"
# Bounds and colors (Knuth's DLX3 and DLX2): the matrix of a board with copies.
$bin rows boards/tetra2x5x8.yaml >"$out/corpus-dlx1/tetra2.dlx"
printf 'A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n' \
  >"$out/corpus-dlx1/dlx3.dlx"

# Checkpoints of xc and of solve (with a census and a solution file).
$bin xc --quiet --checkpoint "$out/corpus-checkpoint/xc.ckpt" tests/data/knuth3.dlx >/dev/null
$bin solve tests/data/boards/small.yaml --quiet --best --checkpoint \
  "$out/corpus-checkpoint/solve.ckpt" -o "$out/corpus-solfile/small.sol" >/dev/null 2>&1
$bin solve tests/data/boards/tri_hexagon.yaml --all --quiet \
  -o "$out/corpus-solfile/tri.sol" >/dev/null 2>&1

# A split search's job and result files; their census sections.
$bin solve tests/data/boards/small.yaml --best --split-only 1 --jobs 2 --dir "$tmp" >/dev/null
for k in 1 2; do
  $bin solve --job "$tmp/small-$k.job" --count --quiet >/dev/null 2>&1
  cp "$tmp/small-$k.job" "$out/corpus-job/"
  cp "$tmp/small-$k.result" "$out/corpus-result/"
  # The first byte chooses the census's kind (fuzz_census.c): 2 = reduced, scored.
  { printf '\002'; sed -n '/^census /,/^end census$/p' "$tmp/small-$k.result"; } \
    >"$out/corpus-census/small-$k"
done

# The regression inputs: each reader's refused files.
for t in dlx1 checkpoint job result solfile census; do
  [ -d "tests/data/regress/$t" ] && cp tests/data/regress/$t/* "$out/corpus-$t/" 2>/dev/null
done
true
