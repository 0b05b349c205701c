#!/usr/bin/env bash
# Before/after of the C reference's allocator: old = main 243634f's pcpu.c, new = int's; ABBA per set, live=1, 3 s.
set -u
out=/work/runs/c-before-after-2026-12-02; mkdir -p "$out"
gcc -O2 -pthread -o /tmp/pcpu-old /work/wt/base/benchmarks/c/pcpu.c || exit 1
gcc -O2 -pthread -o /tmp/pcpu-new /work/wt/int/benchmarks/c/pcpu.c || exit 1
for set in classic mm-2026; do
  for v in old new new old; do
    echo "== $set $v $(date -u +%FT%TZ) load=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/times.txt"
    /tmp/pcpu-$v --set $set --live 1 --seconds 3 >>"$out/$set-$v.txt" 2>&1; echo "rc=$?" >>"$out/$set-$v.txt"
  done
done
rm -f /tmp/pcpu-old /tmp/pcpu-new
