#!/usr/bin/env bash
# Class-file growth of jgo's ahead-of-time rewrite: how many classes and bytes the instrumenter's CLI
# rewrites in real jars, under the default (every method a park can reach: suspendable=*) and narrowed
# to annotated code (--suspendable annotated-only), against the jars as javac wrote them.
#
# It rewrites each jar with the CLI (with the jar's Maven dependencies unknown: calls into them count
# as suspension points, which is what an application's build without --classpath would do) and
# prints, per jar and mode: class files, classes rewritten, bytes of class files before and after,
# and the growth in per cent. Nothing is timed, so a loaded machine gives the same figures.
#
# usage: scripts/class-growth.sh [JAR...]
#   JAR  default: Commons Lang 3.17.0 and its tests jar, Jackson's core and databind, Guava, from the
#        local Maven repository (whichever of them are there)
# Environment: M2_REPO (default ~/.m2/repository), JAVA_HOME (default: java on the PATH),
#   INSTRUMENTER (default instrumenter/target/jgo-instrumenter.jar), RUNTIME (default
#   runtime/target/jgo-runtime.jar), KEEP=1 keeps the work folder.
set -euo pipefail

repo_root="$(cd "$(dirname "$0")/.." && pwd)"
m2="${M2_REPO:-$HOME/.m2/repository}"
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
instrumenter="${INSTRUMENTER:-$repo_root/instrumenter/target/jgo-instrumenter.jar}"
runtime="${RUNTIME:-$repo_root/runtime/target/jgo-runtime.jar}"

for f in "$instrumenter" "$runtime"; do
  if [[ ! -f "$f" ]]; then
    echo "class-growth: $f is missing; build it first (mvn -B -ntp -q -pl agent -am package -DskipTests)" >&2
    exit 2
  fi
done

jars=("$@")
if [[ ${#jars[@]} -eq 0 ]]; then
  for candidate in \
      org/apache/commons/commons-lang3/3.17.0/commons-lang3-3.17.0.jar \
      org/apache/commons/commons-lang3/3.17.0/commons-lang3-3.17.0-tests.jar; do
    [[ -f "$m2/$candidate" ]] && jars+=("$m2/$candidate")
  done
  for pattern in 'com/fasterxml/jackson/core/jackson-core/*/jackson-core-*[0-9].jar' \
                 'com/fasterxml/jackson/core/jackson-databind/*/jackson-databind-*[0-9].jar' \
                 'com/google/guava/guava/*/guava-*[0-9]-jre.jar'; do
    newest="$(ls $m2/$pattern 2>/dev/null | sort -V | tail -1 || true)"
    [[ -n "$newest" ]] && jars+=("$newest")
  done
fi
if [[ ${#jars[@]} -eq 0 ]]; then
  echo "class-growth: no jar given and none of the default ones found under $m2" >&2
  exit 2
fi

work="$(mktemp -d)"
trap '[[ -n "${KEEP:-}" ]] || rm -rf "$work"' EXIT

# Counts the class files of a jar, their bytes, and how many carry the rewrite's mark.
cat > "$work/ClassBytes.java" <<'JAVA'
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** Prints "classes bytes rewritten" for the jar named by its argument. */
public final class ClassBytes {
    public static void main(String[] args) throws Exception {
        long classes = 0, bytes = 0, rewritten = 0;
        try (ZipFile jar = new ZipFile(args[0])) {
            Enumeration<? extends ZipEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                if (!e.getName().endsWith(".class")) {
                    continue;
                }
                byte[] b = jar.getInputStream(e).readAllBytes();
                classes++;
                bytes += b.length;
                if (new String(b, StandardCharsets.ISO_8859_1).contains("Lio/jgo/internal/Rewritten;")) {
                    rewritten++;
                }
            }
        }
        System.out.println(classes + " " + bytes + " " + rewritten);
    }
}
JAVA

count() { "$java_bin" "$work/ClassBytes.java" "$1"; }

echo "java:         $("$java_bin" -version 2>&1 | head -1)"
echo "instrumenter: $instrumenter"
printf '%-40s %-16s %8s %10s %12s %12s %8s\n' jar mode classes rewritten "bytes before" "bytes after" growth
for jar in "${jars[@]}"; do
  read -r classes before _ < <(count "$jar")
  for mode in default annotated-only; do
    out="$work/$(basename "$jar" .jar)-$mode.jar"
    args=("$jar" "$out" --classpath "$runtime")
    [[ "$mode" == annotated-only ]] && args+=(--suspendable annotated-only)
    if ! "$java_bin" -jar "$instrumenter" "${args[@]}" > "$work/cli.log" 2>&1; then
      # exit 1: some class needs a class not on the class path (the jar's dependencies); counted as it is
      grep -q "copied unchanged because classes" "$work/cli.log" || { cat "$work/cli.log" >&2; exit 1; }
    fi
    read -r _ after rewritten < <(count "$out")
    growth="$(awk -v a="$after" -v b="$before" 'BEGIN { printf "%+.1f%%", (a - b) * 100 / b }')"
    printf '%-40s %-16s %8s %10s %12s %12s %8s\n' "$(basename "$jar")" "$mode" "$classes" "$rewritten" "$before" "$after" "$growth"
  done
done
