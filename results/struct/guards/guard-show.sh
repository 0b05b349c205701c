#!/usr/bin/env bash
# Builds results/struct/guards/guard-show.txt from the repository's own commands (benchmarks/struct ... --guard).
set -uo pipefail
W=$(cd "$(dirname "$0")/../../.." && pwd); S=$W/benchmarks/struct; D=$(mktemp -d); cd "$D"
PRELUDE=$W/src/test/resources/org/cachelinebench/struct/corpus/prelude.h
say() { printf '%s\n' "$*" >&3; }
cmd() { say "\$ $*"; "$@"; say "[exit $?]"; }
# gcc on a header + guard: exit status and messages.
gccfile() { # NAME FILE
  say "\$ gcc -std=gnu11 -fsyntax-only -w $2    # $1"
  gcc -std=gnu11 -fsyntax-only -w "$2" 2>&1 | sed "s|$D/||"; say "[gcc exit ${PIPESTATUS[0]}]"; }
suggestion() { # ARGS... : the suggested struct text, from --json
  "$S" "$@" --json sug.json >/dev/null && python3 -c 'import json;print(json.load(open("sug.json"))["suggestion"]["text"])'; }
# header text with the struct replaced by TEXT (first 'struct NAME {' ... '};')
replace() { python3 - "$1" "$2" "$3" <<'PY'
import sys,re
h=open(sys.argv[1]).read(); name=sys.argv[2]; new=open(sys.argv[3]).read().strip()
i=h.index("struct "+name+" {"); j=h.index("\n};",i)+3
print(h[:i]+new+h[j:])
PY
}
{
say "# the guards the struct tool emits, and what gcc and the JUnit guard say ($(date -u +%FT%TZ), commit $(git -C $W rev-parse --short HEAD))"
say "# gcc: $(gcc --version | head -1); java: $(java -version 2>&1 | head -1)"
say
say "## 1. SPSC ring (benchmarks/examples/spsc.h), --guard c for the suggested layout"
cmd "$S" $W/benchmarks/examples/spsc.h --roles $W/benchmarks/examples/spsc.roles --guard c > spsc.guard.c; cat spsc.guard.c
suggestion $W/benchmarks/examples/spsc.h --roles $W/benchmarks/examples/spsc.roles > spsc.sug.txt
say; say "# the suggested struct (benchmarks/struct ... --json, suggestion.text):"; cat spsc.sug.txt
grep -v '^#include <linux' $W/benchmarks/examples/spsc.h > spsc.orig.h
replace spsc.orig.h spsc_ring spsc.sug.txt > spsc.sug.h
cat $PRELUDE spsc.orig.h spsc.guard.c > spsc-original.c; cat $PRELUDE spsc.sug.h spsc.guard.c > spsc-suggested.c
say; gccfile "the guard against the original spsc_ring" spsc-original.c
gccfile "the guard against the suggested spsc_ring" spsc-suggested.c
say
say "## 2. pcpu_chunk as v6.5 merged it (percpu-internal-v6.5.h, -D CONFIG_MEMCG_KMEM)"
say "# roles: benchmarks/examples/pcpu_chunk.roles (the access table's) with obj_exts read as obj_cgroups, v6.5's name"
say "# for the per-object vector (obj_exts is the 2026 name): pcpu_chunk-v6.5.roles"
cp "$W/results/struct/guards/pcpu_chunk-v6.5.roles" .
(printf 'struct list_head {\n\tstruct list_head *next, *prev;\n};\nstruct obj_cgroup;\n\n'; cat $W/src/test/resources/org/cachelinebench/model/percpu/kernel/percpu-internal-v6.5.h) > pcpu_chunk-v6.5.h
ARGS=(pcpu_chunk-v6.5.h pcpu_chunk -D CONFIG_MEMCG_KMEM --roles pcpu_chunk-v6.5.roles)
say; say "### --guard c --guard-for original (v6.5 as merged is the fix)"
cmd "$S" "${ARGS[@]}" --guard c --guard-for original > v65.guard.c; cat v65.guard.c
(printf '#define CONFIG_MEMCG_KMEM 1\n'; cat $PRELUDE pcpu_chunk-v6.5.h v65.guard.c) > pcpu-v6.5.c
(printf 'struct list_head {\n\tstruct list_head *next, *prev;\n};\nstruct obj_cgroup;\n\n'; cat $W/src/test/resources/org/cachelinebench/model/percpu/kernel/percpu-internal-v6.4-rc4.h) > pcpu_chunk-v6.4-rc4.h
(printf '#define CONFIG_MEMCG_KMEM 1\n'; cat $PRELUDE pcpu_chunk-v6.4-rc4.h v65.guard.c) > pcpu-v6.4-rc4.c
say; gccfile "v6.5's guard against v6.5 as merged" pcpu-v6.5.c
gccfile "v6.5's guard against v6.4-rc4 (the fix reverted)" pcpu-v6.4-rc4.c
say; say "### --guard c (for the tool's suggested layout of v6.5 with these roles)"
cmd "$S" "${ARGS[@]}" --guard c > v65s.guard.c; cat v65s.guard.c
suggestion "${ARGS[@]}" > v65.sug.txt; say; say "# the suggested struct:"; cat v65.sug.txt
replace pcpu_chunk-v6.5.h pcpu_chunk v65.sug.txt > pcpu_chunk-v6.5-sug.h
(printf '#define CONFIG_MEMCG_KMEM 1\n'; cat $PRELUDE pcpu_chunk-v6.5.h v65s.guard.c) > pcpu-v6.5-orig-vs-sug.c
(printf '#define CONFIG_MEMCG_KMEM 1\n'; cat $PRELUDE pcpu_chunk-v6.5-sug.h v65s.guard.c) > pcpu-v6.5-sug.c
say; gccfile "the suggestion's guard against v6.5 as merged (the original)" pcpu-v6.5-orig-vs-sug.c
gccfile "the suggestion's guard against the suggestion" pcpu-v6.5-sug.c
say; say "### --guard kernel --guard-for original (text for mm/percpu-internal.h and mm/percpu.c)"
cmd "$S" "${ARGS[@]}" --guard kernel --guard-for original
say
say "## 3. --guard junit for the Java pcpu_chunk classes (org.cachelinebench.model.percpu)"
printf '%s\n' "allocator writes freeBytes chunkMdScanHint chunkMdScanHintStart" \
  "allocator writes chunkMdContigHint chunkMdContigHintStart chunkMdLeftFree chunkMdRightFree" \
  "allocator writes chunkMdFirstFree chunkMdNrBits" "reader reads baseAddr" > java-pcpu.roles
say "# roles (JUnitGuardTest's, the 2023 fix's):"; cat java-pcpu.roles
cmd "$S" --class org.cachelinebench.model.percpu.PaddedPcpuChunk --roles java-pcpu.roles --guard junit --guard-for original > Guard.java; cat Guard.java
say; cmd "$S" --class org.cachelinebench.model.percpu.UnpaddedPcpuChunk --roles java-pcpu.roles --guard junit --guard-for original 2>&1 | tail -3
CP=$W/target/benchmarks.jar:$(ls ~/.m2/repository/org/junit/platform/junit-platform-commons/1.14.4/*.jar):$(ls ~/.m2/repository/org/junit/jupiter/junit-jupiter-api/5.14.4/*.jar):$(ls ~/.m2/repository/org/opentest4j/opentest4j/1.3.0/*.jar):$(ls ~/.m2/repository/org/apiguardian/apiguardian-api/1.1.2/*.jar)
cp "$W/results/struct/guards/Run.java" .; rm -rf classes; mkdir classes; javac -proc:none -d classes -cp $CP Guard.java Run.java || say "javac failed"
for flags in "-XX:-RestrictContended" "-XX:-RestrictContended -XX:-UseCompressedOops" "" ; do
  say; say "\$ java $flags -cp classes:... Run PaddedPcpuChunkLayoutGuardTest Padded Contended Unpadded   # the emitted check(Class) on each"
  java $flags --add-exports java.base/jdk.internal.vm.annotation=ALL-UNNAMED -Djol.skipHotspotSAAttach=true -Djdk.attach.allowAttachSelf=true -cp classes:$CP Run org.cachelinebench.model.percpu.PaddedPcpuChunkLayoutGuardTest \
    org.cachelinebench.model.percpu.PaddedPcpuChunk org.cachelinebench.model.percpu.ContendedPcpuChunk org.cachelinebench.model.percpu.UnpaddedPcpuChunk 2>&1 | grep -v "^# WARNING\|^WARNING"
done
} 3>"$D/transcript.txt" >&3 2>&3
# Paths relative to the repository root, JOL's one-line notice left out: the transcript reads the same on any machine.
sed -e "s|$W/||g" -e '/^# WARNING/d' "$D/transcript.txt" >"$W/results/struct/guards/guard-show.txt"
