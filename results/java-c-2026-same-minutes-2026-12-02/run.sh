#!/usr/bin/env bash
# Java and C on the 2026 layout in the same minutes: Java chunk-2026 at live 1 and 8, C (new allocator) the same, then Java again
set -u
out=/work/runs/jc; cd /work/wt/int
gcc -O2 -pthread -o /tmp/pcpu-new benchmarks/c/pcpu.c || exit 1
mvn -B -q package -DskipTests >/dev/null 2>&1 || exit 1
j() { echo "== java $1 $(date -u +%FT%TZ)" >> $out/times.txt
      benchmarks/results --profile calibrate --only '^chunk-2026-live(1|8)\.' --rounds 8 --out $out/$1 > $out/$1.console.txt 2>&1; echo "exit $?" >> $out/$1.console.txt; }
c() { for live in 1 8; do echo "== c $1 live=$live $(date -u +%FT%TZ)" >> $out/times.txt
      /tmp/pcpu-new --set mm-2026 --live $live --seconds 3 >> $out/$1-live$live.txt 2>&1; done; }
j java1; c c1; c c2; j java2
rm -f /tmp/pcpu-new
