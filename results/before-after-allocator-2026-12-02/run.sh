#!/usr/bin/env bash
# Before/after of the allocator refactor (finishAlloc extracted, first fit added): B-A-A-B of the gated pcpu set,
# B = main's jar (/work/wt/base), A = int's jar (/work/wt/int). Jars built first, then the four runs back to back.
set -u
out=/work/runs/before-after-allocator-2026-12-02
mkdir -p "$out"
for t in base int; do (cd /work/wt/$t && mvn -B -o -q package -DskipTests >/dev/null 2>&1) || { echo "build $t failed"; exit 1; }; done
echo "B: $(git -C /work/wt/base rev-parse --short HEAD)  A: $(git -C /work/wt/int rev-parse --short HEAD)" >"$out/commits.txt"
n=0
for t in base int int base; do
  n=$((n+1)); name=$n-$t
  echo "== $name start $(date -u +%FT%TZ) load=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/times.txt"
  t0=$(date +%s)
  (cd /work/wt/$t && bash benchmarks/ci --only '^chunk-interleaved\.' --out "$out/$name") >"$out/$name.console.txt" 2>&1; rc=$?
  echo "== $name end $(date -u +%FT%TZ) rc=$rc secs=$(( $(date +%s) - t0 ))" >>"$out/times.txt"
done
echo done
