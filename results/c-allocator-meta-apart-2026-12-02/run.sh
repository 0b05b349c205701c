#!/usr/bin/env bash
# Before/after of the C reference's allocator: old = main's pcpu.c (occupancy rule), new = branch c2's (whole path,
# metadata in a 128-aligned struct per block). ABBA per set and occupancy, 3 s each; then each program's --dry-run.
set -u
out=/work/runs/cmeas
gcc -O2 -pthread -o /tmp/pcpu-old /work/wt/before/benchmarks/c/pcpu.c || exit 1
gcc -O2 -pthread -o /tmp/pcpu-new /work/wt/c2/benchmarks/c/pcpu.c || exit 1
for v in old new; do /tmp/pcpu-$v --set classic --live 1 --dry-run > "$out/dry-run-$v.txt" 2>&1; done
for live in 1 8; do
  for set in classic mm-2026; do
    for v in old new new old; do
      echo "== $set live=$live $v $(date -u +%FT%TZ) load=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/times.txt"
      /tmp/pcpu-$v --set $set --live $live --seconds 3 >>"$out/$set-live$live-$v.txt" 2>&1; echo "rc=$?" >>"$out/$set-live$live-$v.txt"
    done
  done
done
rm -f /tmp/pcpu-old /tmp/pcpu-new
