#!/bin/bash
# B-A-A-B: the chunk-object-interleaved set, before (main) and after (per-batch class dispatch), one at a time
set -u
out=/work/runs/cob
for r in b1:before a1:lead a2:lead b2:before; do
  name=${r%%:*}; wt=/work/wt/${r##*:}
  echo "$(date -u +%T) start $name ($wt)" >> $out/times.txt
  (cd $wt && benchmarks/ci --only '^chunk-object-interleaved\.' --out $out/$name > $out/$name.console.txt 2>&1; echo "exit $?" >> $out/$name.console.txt)
  echo "$(date -u +%T) end $name $(tail -1 $out/$name.console.txt)" >> $out/times.txt
done
