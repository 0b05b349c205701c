#!/bin/bash
# more after-runs of the chunk-object-interleaved set: quiet and beside the neighbour, alternating with before
set -u
out=/work/runs/cob
for r in a3:lead:q n1:lead:n b3:before:q a4:lead:q n2:lead:n bn1:before:n a5:lead:q; do
  IFS=: read name w kind <<< "$r"; wt=/work/wt/$w
  pre=""; [ $kind = n ] && pre="benchmarks/neighbour --"
  echo "$(date -u +%T) start $name ($wt, $kind)" >> $out/times.txt
  (cd $wt && $pre benchmarks/ci --only '^chunk-object-interleaved\.' --out $out/$name > $out/$name.console.txt 2>&1; echo "exit $?" >> $out/$name.console.txt)
  echo "$(date -u +%T) end $name $(tail -1 $out/$name.console.txt)" >> $out/times.txt
done
