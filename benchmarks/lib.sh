# Sourced by the scripts in benchmarks/: one place for what they all need.
#   root      the repository root, wherever the script is called from
#   java      $JAVA_HOME/bin/java when set, else java from PATH
#   jar       target/benchmarks.jar, built by ensure_jar when missing or older than its sources
#   fork_flags  VM flags for a JVM whose JMH forks inherit them (see fork_flags below)
# A script sets `name` (for messages) before sourcing this file.

# Callers source this file by its resolved path, so its own directory is benchmarks/.
root=$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jar=$root/target/benchmarks.jar
java=java
if [[ -n ${JAVA_HOME:-} && -x $JAVA_HOME/bin/java ]]; then
    java=$JAVA_HOME/bin/java
fi

# A failure of our own exits 2: exit 1 means "regression" or "claim failed" to callers such as CI.
fail() { echo "${name:-benchmarks}: $*" >&2; exit 2; }

command -v "$java" >/dev/null 2>&1 || fail "no java on PATH (and no JAVA_HOME)"

# Runs java with the arguments and returns its status, except that a JVM that died (killed, crashed: any
# status above 3, the highest a command of the suite gives) prints one line and returns 2, so that it never
# passes for a verdict. Use it as: java_run ARGS... || status=$?
java_run() {
    local status=0
    "$java" "$@" || status=$?
    if ((status > 3)); then
        local why=""
        ((status <= 128)) || why=" (killed by signal $((status - 128))$( ((status == 137)) && echo ", e.g. out of memory"))"
        echo "${name:-benchmarks}: java exited with status $status$why" >&2
        return 2
    fi
    return "$status"
}

# The jar holds src/main and the dependencies named in pom.xml; tests do not change it.
ensure_jar() {
    if [[ ! -f $jar || -n $(find "$root/pom.xml" "$root/src/main" -newer "$jar" -print -quit) ]]; then
        command -v mvn >/dev/null 2>&1 || fail "target/benchmarks.jar is missing or stale and there is no mvn to build it"
        echo "${name:-benchmarks}: building target/benchmarks.jar" >&2
        # Maven's output goes to stderr so that stdout stays the tool's own.
        (cd "$root" && mvn -B -q -DskipTests package) >&2 || fail "building target/benchmarks.jar failed (mvn -B -DskipTests package in $root)"
    fi
}

# Flags for a JVM that runs JMH forks (they inherit them): headless for the charts, @Contended
# honoured, extra flags from CACHELINEBENCH_JAVA_OPTS (split on spaces), and on JDK 24+ the flag that
# keeps JMH's and JOL's sun.misc.Unsafe use quiet (JDK 17 rejects it).
fork_flags=(-Djava.awt.headless=true -XX:-RestrictContended)
read -r -a _extra <<< "${CACHELINEBENCH_JAVA_OPTS:-}"
fork_flags+=(${_extra[@]+"${_extra[@]}"})
_spec=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
if [[ ${_spec%%.*} =~ ^[0-9]+$ && ${_spec%%.*} -ge 24 ]]; then
    fork_flags+=(--sun-misc-unsafe-memory-access=allow)
fi
