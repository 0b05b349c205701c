#!/bin/bash
# Issue 12 before/after: the shared workloads (h6-house) against their copies, B A A B.
set -e
for T in B1 A1 A2 B2; do
  case $T in B*) J=/tmp/jars/before-h6.jar;; A*) J=/tmp/jars/after-h6.jar;; esac
  echo "== $T $(date -u +%H:%M:%S) $J"
  java -Djava.awt.headless=true -XX:-RestrictContended -jar $J 'ChunkFalseSharing|ChunkSymmetric' -p layout=v6.4-rc4,v6.5-merged -f 3 -wi 2 -i 3 -r 500ms -rf json -rff chunk-$T.json > log-chunk-$T.txt 2>&1
  java -Djava.awt.headless=true -XX:-RestrictContended -jar $J ChunkObjectFalseSharing -p layout=unpadded,padded -f 3 -wi 2 -i 3 -r 500ms -rf json -rff object-$T.json > log-object-$T.txt 2>&1
  java -Djava.awt.headless=true -XX:-RestrictContended -jar $J 'IpiBenchmark|IpiOffsetSweep' -p placement=straddled,line-aligned -p mode=sync -p offset=0,40 -f 3 -wi 2 -i 3 -r 500ms -rf json -rff ipi-$T.json > log-ipi-$T.txt 2>&1
done
echo "== done $(date -u +%H:%M:%S)"
