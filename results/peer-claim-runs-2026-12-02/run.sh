#!/usr/bin/env bash
# Fresh runs for the peer claim: good quiet, good beside the neighbour, partial revert quiet and beside the neighbour.
set -u
cd /work/wt/lead
out=/work/runs/peer-claim-runs-2026-12-02
mkdir -p "$out"
stamp() { echo "== $1 $2 $(date -u +%FT%TZ) cpu=$(lscpu | sed -n 's/^Model name: *//p') load=$(cut -d' ' -f1-3 /proc/loadavg) ${3:-}" >>"$out/times.txt"; }
run() { # name, command...
  local name=$1; shift
  stamp "$name" start "cmd: $*"
  local t0=$(date +%s)
  "$@" --out "$out/$name" >"$out/$name.console.txt" 2>&1; local rc=$?
  stamp "$name" end "rc=$rc secs=$(( $(date +%s) - t0 ))"
}
git stash list >/dev/null
mvn -B -o -q package -DskipTests >/dev/null 2>&1 || { echo build failed; exit 1; }
echo "commit $(git rev-parse --short HEAD)" >"$out/commits.txt"
run g1 bash benchmarks/ci
run n1 bash benchmarks/neighbour -- bash benchmarks/ci
sed -i 's/            ChunkVersion.V6_5_MERGED, ChunkVersion.V6_5_MERGED);/            ChunkVersion.MM_2026_SIZE, ChunkVersion.MM_2026_SIZE);/' src/main/java/org/cachelinebench/harness/chunk/ChunkSides.java
git diff >"$out/partial-revert.patch"
mvn -B -o -q package -DskipTests >/dev/null 2>&1 || { echo build failed; git checkout -- src; exit 1; }
echo "partial revert: $(git rev-parse --short HEAD) + partial-revert.patch" >>"$out/commits.txt"
run p1 bash benchmarks/ci
run p2 bash benchmarks/neighbour -- bash benchmarks/ci
git checkout -- src
mvn -B -o -q package -DskipTests >/dev/null 2>&1
echo done
