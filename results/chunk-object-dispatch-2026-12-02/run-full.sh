#!/bin/bash
# full benchmarks/ci on the lead branch (per-batch class dispatch): quiet, then beside the neighbour
set -u
out=/work/runs/full
for r in g1:q g2:n; do
  name=${r%%:*}; kind=${r##*:}; pre=""; [ $kind = n ] && pre="benchmarks/neighbour --"
  echo "$(date -u +%T) start $name ($kind)" >> $out/times.txt
  (cd /work/wt/lead && $pre benchmarks/ci --out $out/$name > $out/$name.console.txt 2>&1; echo "exit $?" >> $out/$name.console.txt)
  echo "$(date -u +%T) end $name $(tail -1 $out/$name.console.txt)" >> $out/times.txt
done
