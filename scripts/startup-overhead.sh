#!/usr/bin/env bash
# Start-up overhead of the jgo agent on a large class path (issue target: < 5 %).
#
# Builds nothing of jgo: it takes an agent jar that `mvn package` already produced, puts many jars
# from the local Maven repository on a class path (thousands of classes), and times a small program
# that loads every class of that class path (Class.forName(name, false, loader): defined, which is
# what the agent sees, but not initialised), N times without the agent and N times with it,
# alternating (and N times with include= naming an absent package: the cost of the agent without any
# class scanned). It prints, per configuration, the median wall-clock and CPU (user + sys) time of
# the whole JVM run and the overhead against the run without agent. On a busy machine the wall-clock
# figures are noisy; the CPU figures much less so.
#
# Since no annotation is needed, the agent rewrites every class a park can reach, but only for a class
# loader that can see jgo's runtime (a program without jgo keeps the byte scan alone). So the same class
# path is also timed with jgo-runtime.jar on it: without the agent, with the agent's default (the
# whole-application rule: every class of those jars parsed, most rewritten), and with
# suspendable=annotated-only (the agent's rule before the default changed: the "before" figure).
#
# usage: scripts/startup-overhead.sh [-n RUNS] [-j MAX_JARS] [AGENT_JAR]
#   AGENT_JAR  default: agent/target/jgo-agent.jar (build it with `mvn -B -ntp -q -pl agent -am package -DskipTests`)
#   -n RUNS    timed runs per configuration (default 11), after one untimed warm-up run each
#   -j JARS    at most this many jars, one version per artifact (default 120)
# Environment: M2_REPO (default ~/.m2/repository), JAVA_HOME (default: java on the PATH),
#   RUNTIME_JAR (default: runtime/target/jgo-runtime.jar), KEEP=1 keeps the work folder (class path
#   list, outputs, raw times).
set -euo pipefail

runs=11
max_jars=120
while getopts "n:j:h" opt; do
  case "$opt" in
    n) runs="$OPTARG" ;;
    j) max_jars="$OPTARG" ;;
    *) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

repo_root="$(cd "$(dirname "$0")/.." && pwd)"
agent_jar="${1:-$repo_root/agent/target/jgo-agent.jar}"
runtime_jar="${RUNTIME_JAR:-$repo_root/runtime/target/jgo-runtime.jar}"
m2="${M2_REPO:-$HOME/.m2/repository}"
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
javac_bin="${JAVA_HOME:+$JAVA_HOME/bin/}javac"

if [[ ! -f "$agent_jar" ]]; then
  echo "startup-overhead: no agent jar at $agent_jar; build it first (mvn -B -ntp -q install -DskipTests)" >&2
  exit 2
fi
if [[ ! -f "$runtime_jar" ]]; then
  echo "startup-overhead: no runtime jar at $runtime_jar; build it first, or set RUNTIME_JAR" >&2
  exit 2
fi
if [[ ! -d "$m2" ]]; then
  echo "startup-overhead: no Maven repository at $m2; set M2_REPO" >&2
  exit 2
fi

work="$(mktemp -d)"
trap '[[ -n "${KEEP:-}" ]] || rm -rf "$work"' EXIT

# One jar per artifact (its newest version), no sources/javadoc/test jars, nothing of jgo itself.
find "$m2" -name '*.jar' ! -name '*-sources.jar' ! -name '*-javadoc.jar' ! -name '*-tests.jar' \
     ! -path '*/io/jgo/*' -size +1k | sort -V |
  awk -F/ '{ artifact = $0; sub("/[^/]*/[^/]*$", "", artifact); last[artifact] = $0 }
           END { for (a in last) print last[a] }' |
  sort | head -n "$max_jars" > "$work/jars.txt"
classpath="$(paste -sd: "$work/jars.txt")"
# A private copy: a build running meanwhile may rewrite target/jgo-agent.jar under our feet.
cp "$agent_jar" "$work/jgo-agent.jar"
agent_under_test="$work/jgo-agent.jar"
cp "$runtime_jar" "$work/jgo-runtime.jar"

cat > "$work/LoadAll.java" <<'JAVA'
import java.io.File;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** Loads (defines, without initialising) every class of the class path; prints how many. */
public final class LoadAll {
    public static void main(String[] args) throws Exception {
        ClassLoader loader = LoadAll.class.getClassLoader();
        Set<String> seen = new HashSet<>();
        int loaded = 0;
        for (String path : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!path.endsWith(".jar")) {
                continue;
            }
            try (ZipFile jar = new ZipFile(path)) {
                Enumeration<? extends ZipEntry> entries = jar.entries();
                while (entries.hasMoreElements()) {
                    String name = entries.nextElement().getName();
                    if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")
                            || name.endsWith("package-info.class")) {
                        continue;
                    }
                    String className = name.substring(0, name.length() - 6).replace('/', '.');
                    if (!seen.add(className)) {
                        continue;
                    }
                    try {
                        Class.forName(className, false, loader);
                        loaded++;
                    } catch (Throwable missingDependencyOrBroken) {
                        // Optional dependencies are missing from this class path: skip the class.
                    }
                }
            } catch (java.io.IOException notAJar) {
                // skip
            }
        }
        System.out.println(loaded + " classes loaded of " + seen.size());
    }
}
JAVA
"$javac_bin" -d "$work" "$work/LoadAll.java"

# run NAME [java args...]: appends "wall user sys" (seconds) of one JVM run to $work/NAME.txt; a NAME
# starting with "runtime" has jgo-runtime.jar on the class path too (its classes are loaded as well)
run() {
  local name="$1"; shift
  local TIMEFORMAT='%R %U %S'
  local cp="$work:$classpath"
  [[ "$name" == runtime* ]] && cp="$cp:$work/jgo-runtime.jar"
  if ! { time "$java_bin" "$@" -cp "$cp" LoadAll > "$work/$name.out" 2> "$work/$name.err"; } 2>> "$work/$name.txt"; then
    echo "startup-overhead: the '$name' run failed; its stderr ends with:" >&2
    tail -20 "$work/$name.err" >&2
    exit 1
  fi
}

# median FILE COLUMN_EXPRESSION: median over the lines of FILE of an awk expression ($1 wall, $2+$3 CPU), in ms
median() {
  awk "{ print ($2) * 1000 }" "$1" | sort -n |
    awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

percent() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f", (a - b) * 100 / b }'; }

args_baseline=()
args_agent=("-javaagent:$agent_under_test")
args_agent_include=("-javaagent:$agent_under_test=include=com.example.nothing.here")
args_agent_narrow=("-javaagent:$agent_under_test=suspendable=annotated-only")

# Untimed warm-up of each configuration (file cache, CDS archive), then alternate the timed runs.
run warmup "${args_baseline[@]}"
run warmup "${args_agent[@]}"
rm -f "$work/warmup.txt"
for ((i = 1; i <= runs; i++)); do
  run baseline "${args_baseline[@]}"
  run agent "${args_agent[@]}"
  run agent-include "${args_agent_include[@]}"
  run runtime-baseline "${args_baseline[@]}"
  run runtime-agent "${args_agent[@]}"
  run runtime-agent-narrow "${args_agent_narrow[@]}"
done

for name in agent runtime-agent; do
  if [[ -s "$work/$name.err" ]]; then
    echo "startup-overhead: the agent reported on stderr in the '$name' runs (first lines):" >&2
    head -5 "$work/$name.err" >&2
  fi
done

base_wall="$(median "$work/baseline.txt" '$1')"
base_cpu="$(median "$work/baseline.txt" '$2 + $3')"
echo "java:      $("$java_bin" -version 2>&1 | head -1)"
echo "agent:     $agent_jar"
echo "classpath: $(wc -l < "$work/jars.txt") jars from $m2; $(cat "$work/baseline.out")"
echo "runs:      $runs per configuration, alternating; medians of the whole JVM run"
printf '%-42s %10s %8s %10s %8s\n' "" "wall ms" "" "CPU ms" ""
printf '%-42s %10.0f %8s %10.0f %8s\n' "without agent" "$base_wall" "" "$base_cpu" ""
for name in agent agent-include; do
  wall="$(median "$work/$name.txt" '$1')"
  cpu="$(median "$work/$name.txt" '$2 + $3')"
  label="-javaagent:jgo-agent.jar"
  [[ "$name" == agent-include ]] && label="-javaagent:jgo-agent.jar=include=<absent>"
  printf '%-42s %10.0f %7s%% %10.0f %7s%%\n' "$label" "$wall" "$(percent "$wall" "$base_wall")" "$cpu" "$(percent "$cpu" "$base_cpu")"
done
rt_wall="$(median "$work/runtime-baseline.txt" '$1')"
rt_cpu="$(median "$work/runtime-baseline.txt" '$2 + $3')"
echo "with jgo-runtime.jar on the class path too: $(cat "$work/runtime-baseline.out")"
printf '%-42s %10.0f %8s %10.0f %8s\n' "without agent" "$rt_wall" "" "$rt_cpu" ""
for name in runtime-agent runtime-agent-narrow; do
  wall="$(median "$work/$name.txt" '$1')"
  cpu="$(median "$work/$name.txt" '$2 + $3')"
  label="-javaagent:jgo-agent.jar (default)"
  [[ "$name" == runtime-agent-narrow ]] && label="-javaagent:jgo-agent.jar=suspendable=annotated-only"
  printf '%-42s %10.0f %7s%% %10.0f %7s%%\n' "$label" "$wall" "$(percent "$wall" "$rt_wall")" "$cpu" "$(percent "$cpu" "$rt_cpu")"
done
