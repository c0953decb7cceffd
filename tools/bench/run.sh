#!/usr/bin/env bash
# The parse benchmark: builds tools/bench, then times, on the same event log plain, gzipped and as a rolling folder, each
# parser - ours (RunFactsReader, -Xmx256m), Spark 3.5.8's replay as the History Server does it
# (-Xmx4g), and a bare Jackson token scan (the floor) - in a warm JVM of its own and as fresh
# processes; then ours on prefixes of the log (live heap as the log grows) and the skimmer's fuzz
# run; and prints the tables. See tools/bench/README.md.
#
#   tools/bench/run.sh /path/to/large.log
#
# Environment: WARMUP (2) runs and WARMUP_SECONDS (10) of warm-up, then ITERATIONS (5) per warm JVM (WARM=0:
# none); FRESH_RUNS (3) fresh processes per parser; JAVA_OPTS: extra JVM options for every parser;
# PARSERS ("ours spark jackson" and "ours-cli", each also -gz and -rolling; -rolling reads the log cut
# into a Databricks log folder, ours-cli is ours with the JVM options ./spark-advisor starts a one-shot command
# with, fresh processes only); OURS_XMX (256m), SPARK_XMX (4g),
# JACKSON_XMX (256m); MEMORY_TASKS ("10000 55000": prefixes with that many task ends, "" for none);
# FUZZ_SECONDS (180; 0 skips the skimmer's fuzz run); MAX_LOAD: before each JVM, wait up to WAIT_SECS
# (600) for the 1-minute load average to fall to it; BENCH_OUT (tools/bench/target/bench-run): where
# the .gz copy, prefixes, classpaths, per-run logs and results go; SKIP_BUILD=1 reuses the last build.
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
WARMUP_SECONDS=${WARMUP_SECONDS:-10}
ITERATIONS=${ITERATIONS:-5}
PARSERS=${PARSERS:-"ours spark jackson ours-gz spark-gz jackson-gz ours-rolling spark-rolling jackson-rolling ours-cli ours-cli-gz ours-cli-rolling"}
FRESH_RUNS=${FRESH_RUNS:-3}
WARM=${WARM:-1}
read -r -a EXTRA_OPTS <<< "${JAVA_OPTS:-}"
MEMORY_TASKS=${MEMORY_TASKS-"10000 55000"}
FUZZ_SECONDS=${FUZZ_SECONDS:-180}
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
if [[ " $PARSERS " == *"-gz "* && ( ! -f "$GZ" || "$GZ" -ot "$LOG" ) ]]; then
  echo "[run] gzip -6 $LOG -> $GZ ..." >&2
  gzip -6 -c "$LOG" > "$GZ.tmp" && mv "$GZ.tmp" "$GZ"
fi

# A rolling log: the same lines as a Databricks log folder, three rolled .gz parts and the live plain eventlog.
ROLLING=$OUT/$(basename "$LOG")-rolling
if [[ " $PARSERS " == *"-rolling "* && ( ! -d "$ROLLING" || "$ROLLING" -ot "$LOG" ) ]]; then
  echo "[run] cutting $LOG into $ROLLING (3 rolled .gz parts and the live eventlog) ..." >&2
  rm -rf "$ROLLING" && mkdir -p "$ROLLING"
  split -n l/4 -d -a 1 "$LOG" "$ROLLING/part-"
  for k in 0 1 2; do gzip -6 -c "$ROLLING/part-$k" > "$ROLLING/eventlog-2026-01-01--0$k-00.gz" && rm "$ROLLING/part-$k"; done
  mv "$ROLLING/part-3" "$ROLLING/eventlog"
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
wait_for_quiet() {  # MAX_LOAD: wait (up to WAIT_SECS, 600) for other work on the machine to calm down
  [[ -n "${MAX_LOAD:-}" ]] || return 0
  local waited=0
  while awk -v l="$(load1)" -v m="$MAX_LOAD" 'BEGIN{exit !(l>m)}' && (( waited < ${WAIT_SECS:-600} )); do
    sleep 10; waited=$((waited + 10))
  done
}
# CMD: the java command line of parser $1 (a -gz parser is given the .gz copy) on file $2
jvm() {
  local p=$1 file=$2
  local kind=${p%-gz}
  case ${kind%-rolling} in
    ours|ours-tasks-*) CMD=(java -XX:+UseG1GC -Xmx$OURS_XMX "${EXTRA_OPTS[@]}" -cp "$CP_OURS") ;;
    # As ./spark-advisor starts a one-shot command: C1 only, and the class-data archive its first run leaves
    ours-cli) CMD=(java -XX:+UseG1GC -Xmx$OURS_XMX -XX:TieredStopAtLevel=1 -XX:SharedArchiveFile="$OUT/$p.jsa" -Xlog:cds=off
                   -Xlog:cds+dynamic=off "${EXTRA_OPTS[@]}" -cp "$CP_OURS") ;;
    jackson) CMD=(java -XX:+UseG1GC -Xmx$JACKSON_XMX "${EXTRA_OPTS[@]}" -cp "$CP_OURS") ;;
    spark) CMD=(java -XX:+UseG1GC -Xmx$SPARK_XMX "${EXTRA_OPTS[@]}" "${SPARK_FLAGS[@]}" -cp "$CP_SPARK") ;;
    *) echo "unknown parser $p" >&2; exit 2 ;;
  esac
  CMD+=(io.sparkadvisor.bench.Bench "$p" "$file")
}
RESULTS=$OUT/results.tsv
: > "$RESULTS"
LOADS=()
warm() {  # parser, file: one warm JVM, RESULT line into results
  local p=$1 file=$2 before
  wait_for_quiet
  before=$(load1)
  echo "[run] $p warm (load $before) ..." >&2
  jvm "$p" "$file"
  if ! "${CMD[@]:0:1}" -Dbench.warmupSeconds="$WARMUP_SECONDS" "${CMD[@]:1}" "$WARMUP" "$ITERATIONS" > "$OUT/$p.out" 2> "$OUT/$p.err"; then
    echo "[run] $p failed; last lines of $OUT/$p.err:" >&2; tail -20 "$OUT/$p.err" >&2; exit 1
  fi
  grep '^\[bench\]' "$OUT/$p.err" >&2 || true
  cat "$OUT/$p.out" >> "$RESULTS"
  LOADS+=("$p warm $before-$(load1)")
}
fresh() {  # parser, file: FRESH_RUNS new JVMs of one run each, timed from outside (wall, user+sys CPU)
  local p=$1 file=$2 before
  jvm "$p" "$file"
  if [[ $p == ours-cli* ]]; then  # the launcher's first run: it records the classes it loads, unmeasured
    rm -f "$OUT/$p.jsa"
    "${CMD[@]/-XX:SharedArchiveFile=/-XX:ArchiveClassesAtExit=}" 0 1 > /dev/null 2> "$OUT/$p.archive.err" \
      || { echo "[run] $p: making the class-data archive failed, see $OUT/$p.archive.err" >&2; exit 1; }
  fi
  for ((i = 1; i <= FRESH_RUNS; i++)); do
    wait_for_quiet
    before=$(load1)
    if ! /usr/bin/time -f "%e %U %S" -o "$OUT/$p.fresh-time" "${CMD[@]}" 0 1 > /dev/null 2> "$OUT/$p.fresh.err"; then
      echo "[run] $p fresh failed; last lines of $OUT/$p.fresh.err:" >&2; tail -20 "$OUT/$p.fresh.err" >&2; exit 1
    fi
    read -r wall user sys < <(tail -1 "$OUT/$p.fresh-time")
    echo "[run] $p fresh $i (load $before): $wall s wall, $(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}') s CPU" >&2
    printf 'FRESH\t%s\t%s\t%s\n' "$p" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')" >> "$RESULTS"
    LOADS+=("$p fresh $before-$(load1)")
  done
}

for p in $PARSERS; do
  file=$LOG; [[ $p == *-gz ]] && file=$GZ; [[ $p == *-rolling ]] && file=$ROLLING
  [[ $WARM == 1 && $p != ours-cli* ]] && warm "$p" "$file"
  (( FRESH_RUNS > 0 )) && fresh "$p" "$file"
done

for n in $MEMORY_TASKS; do  # the same log cut after its n-th task end (a whole line): live heap as the log grows
  prefix=$OUT/$(basename "$LOG" .log)-$n-tasks.log
  [[ -f "$prefix" && ! "$prefix" -ot "$LOG" ]] || awk -v n="$n" '{print} /^\{"Event":"SparkListenerTaskEnd"/ && ++t >= n {exit}' "$LOG" > "$prefix"
  warm "ours-tasks-$n" "$prefix"
done

FUZZ=""
if (( FUZZ_SECONDS > 0 )); then
  echo "[run] the skimmer's differential fuzz run, $FUZZ_SECONDS s ..." >&2
  (cd "$ROOT" && mvn -B -q -pl knowledge surefire:test -Dtest='SkimmerDifferentialTest#fuzzForAWhile' \
      -Dsurefire.failIfNoSpecifiedTests=false -Dskim.fuzz.seconds="$FUZZ_SECONDS") > "$OUT/fuzz.log" 2>&1 \
    || { echo "[run] the fuzz run FAILED, see $OUT/fuzz.log" >&2; tail -30 "$OUT/fuzz.log" >&2; exit 1; }
  FUZZ=$(grep -o '\[skim-fuzz\].*' "$OUT/fuzz.log" | tail -1 || true)
  echo "[run] $FUZZ" >&2
fi

NOTE="1-min load avg before-after each JVM: $(IFS=','; echo "${LOADS[*]}" | sed 's/,/, /g'); $(nproc) cores${JAVA_OPTS:+; JAVA_OPTS=$JAVA_OPTS}"
NOTE="$NOTE${FUZZ:+
skimmer fuzz ($FUZZ_SECONDS s): $FUZZ}"
echo
java -cp "$CP_OURS" io.sparkadvisor.bench.Table "$RESULTS" "$LOG" "$GZ" "$NOTE" | tee "$OUT/table.txt"
