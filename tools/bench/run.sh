#!/usr/bin/env bash
# The parse benchmark: builds tools/bench, then times, on the same plain event log, each parser in
# its own warm JVM - ours (RunFactsReader, -Xmx256m; and on the same log gzipped), Spark 3.5.8's
# replay as the History Server does it (-Xmx4g), and a bare Jackson token scan (the floor) - and
# prints one table. See tools/bench/README.md.
#
#   tools/bench/run.sh /path/to/large.log
#
# Environment: WARMUP (2) and ITERATIONS (5) per parser; PARSERS ("jackson ours ours-gz spark");
# OURS_XMX (256m), SPARK_XMX (4g), JACKSON_XMX (256m); CANDIDATE_CP: classes of a candidate change to
# knowledge, measured as parser "ours-candidate"; MAX_LOAD: before each parser, wait up to WAIT_SECS
# (600) for the 1-minute load average to fall to it; BENCH_OUT (tools/bench/target/bench-run):
# where the .gz copy, classpaths, per-parser logs and results go; SKIP_BUILD=1 reuses the last build.
set -euo pipefail

if [[ $# -ne 1 || ! -f "$1" ]]; then
  echo "usage: $0 PLAIN_EVENT_LOG   (generate one: see tools/bench/README.md)" >&2
  exit 2
fi
LOG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BENCH=$ROOT/tools/bench
OUT=${BENCH_OUT:-$BENCH/target/bench-run}
WARMUP=${WARMUP:-2}
ITERATIONS=${ITERATIONS:-5}
PARSERS=${PARSERS:-"jackson ours ours-gz spark"}
OURS_XMX=${OURS_XMX:-256m}
SPARK_XMX=${SPARK_XMX:-4g}
JACKSON_XMX=${JACKSON_XMX:-256m}
mkdir -p "$OUT"

if head -c 2 "$LOG" | od -An -tx1 | grep -q '1f 8b'; then
  echo "$LOG is gzipped; pass the plain log (the .gz copy is made here)" >&2
  exit 2
fi

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  echo "[run] building knowledge + tools/bench (mvn -Pbench) ..." >&2
  # One reactor build, so knowledge comes from this checkout; build-classpath writes each module's
  # runtime classpath to its target/classpath.txt.
  (cd "$ROOT" && mvn -B -q -Pbench -pl tools/bench -am -DskipTests package dependency:build-classpath \
      -Dmdep.includeScope=runtime -Dmdep.outputFile=target/classpath.txt)
  echo "[run] resolving Spark 3.5.8's own runtime classpath (peer-classpath.xml) ..." >&2
  (cd "$ROOT" && mvn -B -q -f tools/bench/peer-classpath.xml dependency:build-classpath \
      -Dmdep.outputFile="$OUT/classpath-spark.txt")
fi
JAR=$BENCH/target/bench-0.1.0-SNAPSHOT.jar
CP_OURS=$JAR:$(cat "$BENCH/target/classpath.txt")
CP_SPARK=$JAR:$(cat "$OUT/classpath-spark.txt")

GZ=$OUT/$(basename "$LOG").gz
if [[ " $PARSERS " == *" ours-gz "* && ( ! -f "$GZ" || "$GZ" -ot "$LOG" ) ]]; then
  echo "[run] gzip -6 $LOG -> $GZ ..." >&2
  gzip -6 -c "$LOG" > "$GZ.tmp" && mv "$GZ.tmp" "$GZ"
fi

# The flags Spark documents for Java 17 (JavaModuleOptions).
SPARK_FLAGS=(--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED
  --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED
  -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true)

load1() { cut -d' ' -f1 /proc/loadavg; }
RESULTS=$OUT/results.tsv
: > "$RESULTS"
LOADS=()
for p in $PARSERS; do
  case $p in
    ours)    cmd=(java -XX:+UseG1GC -Xmx$OURS_XMX -cp "$CP_OURS" io.sparkadvisor.bench.Bench ours "$LOG") ;;
    ours-gz) cmd=(java -XX:+UseG1GC -Xmx$OURS_XMX -cp "$CP_OURS" io.sparkadvisor.bench.Bench ours-gz "$GZ") ;;
    ours-candidate)  # a candidate change to knowledge, compiled classes put ahead of ours
      [[ -n "${CANDIDATE_CP:-}" ]] || { echo "ours-candidate needs CANDIDATE_CP" >&2; exit 2; }
      cmd=(java -XX:+UseG1GC -Xmx$OURS_XMX -cp "$CANDIDATE_CP:$CP_OURS" io.sparkadvisor.bench.Bench ours-candidate "$LOG") ;;
    jackson) cmd=(java -XX:+UseG1GC -Xmx$JACKSON_XMX -cp "$CP_OURS" io.sparkadvisor.bench.Bench jackson "$LOG") ;;
    spark)   cmd=(java -XX:+UseG1GC -Xmx$SPARK_XMX "${SPARK_FLAGS[@]}" -cp "$CP_SPARK" io.sparkadvisor.bench.Bench spark "$LOG") ;;
    *) echo "unknown parser $p" >&2; exit 2 ;;
  esac
  if [[ -n "${MAX_LOAD:-}" ]]; then  # wait (up to WAIT_SECS, 600) for other work on the machine to calm down
    waited=0
    while awk -v l="$(load1)" -v m="$MAX_LOAD" 'BEGIN{exit !(l>m)}' && (( waited < ${WAIT_SECS:-600} )); do
      sleep 10; waited=$((waited + 10))
    done
  fi
  before=$(load1)
  echo "[run] $p (load $before) ..." >&2
  if ! "${cmd[@]}" "$WARMUP" "$ITERATIONS" > "$OUT/$p.out" 2> "$OUT/$p.err"; then
    echo "[run] $p failed; last lines of $OUT/$p.err:" >&2
    tail -20 "$OUT/$p.err" >&2
    exit 1
  fi
  grep '^\[bench\]' "$OUT/$p.err" >&2 || true
  cat "$OUT/$p.out" >> "$RESULTS"
  LOADS+=("$p $before-$(load1)")
done

NOTE="1-min load avg before-after each parser: $(IFS=','; echo "${LOADS[*]}" | sed 's/,/, /g'); $(nproc) cores"
if awk -v l="$(IFS=' '; for x in "${LOADS[@]}"; do echo "$x"; done | tr '-' ' ' | awk '{print $2; print $3}' | sort -g | tail -1)" 'BEGIN{exit !(l>1.5)}'; then
  NOTE="$NOTE -- WARNING: load above 1.5, figures are disturbed; rerun on a quiet machine"
fi
echo
java -cp "$CP_OURS" io.sparkadvisor.bench.Table "$RESULTS" "$LOG" "$GZ" "$NOTE" | tee "$OUT/table.txt"
