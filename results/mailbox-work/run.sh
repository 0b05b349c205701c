#!/bin/bash
# Does work in func(info) hide the flag mailbox's second line? Java sweep (work 0 and 100), C at the same
# offsets with --work 0 and 100, Java again: one at a time, in the same minutes.
out=$(realpath -m "${1:?output directory}"); mkdir -p "$out"; cd "$(dirname "$0")/../.."
J="java -Djava.awt.headless=true -XX:-RestrictContended -jar target/benchmarks.jar"
echo "start $(date -u +%FT%TZ)" > $out/times.txt
$J InterleavedOffsetSweep -p protocol=flag -p work=0,100 -f 3 -rf json -rff $out/java-1.json > $out/java-1.log 2>&1; echo "java-1 exit $? $(date -u +%T)" >> $out/times.txt
for w in 0 100; do
  benchmarks/c-reference --protocol flag --work $w --runs 3 --out $out/c-work$w.jsonl 40 48 56 aa > $out/c-work$w.log 2>&1; echo "c-work$w exit $? $(date -u +%T)" >> $out/times.txt
done
$J InterleavedOffsetSweep -p protocol=flag -p work=0,100 -f 3 -rf json -rff $out/java-2.json > $out/java-2.log 2>&1; echo "java-2 exit $? $(date -u +%T)" >> $out/times.txt
echo "end $(date -u +%FT%TZ)" >> $out/times.txt
