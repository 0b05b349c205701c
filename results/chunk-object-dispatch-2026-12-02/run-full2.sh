#!/bin/bash
# full benchmarks/ci on int = main 965e15f (every change of the evening): quiet, then beside the neighbour
set -u
out=/work/runs/full2
for r in g3:q g4:n g5:q g6:n; do
  name=${r%%:*}; kind=${r##*:}; pre=""; [ $kind = n ] && pre="benchmarks/neighbour --"
  echo "$(date -u +%T) start $name ($kind)" >> $out/times.txt
  (cd /work/wt/int && $pre benchmarks/ci --out $out/$name > $out/$name.console.txt 2>&1; echo "exit $?" >> $out/$name.console.txt)
  echo "$(date -u +%T) end $name $(tail -1 $out/$name.console.txt)" >> $out/times.txt
done
