#!/bin/bash
# B-A-A-B of the off-heap chunk-interleaved set: before = 9d6184d (session start), after = main (the cursors'
# class check and PcpuAllocatorMemory's memory typed as Memory are the measured code this evening changed)
set -u
out=/work/runs/ciba
for r in b1:before a1:int a2:int b2:before; do
  name=${r%%:*}; wt=/work/wt/${r##*:}
  echo "$(date -u +%T) start $name ($wt $(cd $wt && git rev-parse --short HEAD))" >> $out/times.txt
  (cd $wt && benchmarks/ci --only '^chunk-interleaved\.' --out $out/$name > $out/$name.console.txt 2>&1; echo "exit $?" >> $out/$name.console.txt)
  echo "$(date -u +%T) end $name $(tail -1 $out/$name.console.txt)" >> $out/times.txt
done
