# Sourced by ./gpuplan, ./run-tests and .ci/run: finds a JDK >= 21 and exports JAVA_HOME.
# Order: $JAVA_HOME if it is new enough, then every JDK under /usr/lib/jvm (newest first).

gpuplan_java_major() {  # prints the major version of "$1/bin/java", or nothing
  [ -x "$1/bin/java" ] || return 0
  "$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9][0-9]*\).*/\1/p' | head -n 1
}

gpuplan_command_flags() {  # prints JVM flags for the gpuplan command "$1" (before GPUPLAN_JAVA_OPTS, which win)
  case "${1:-}" in
    # One pass, no search: these end before the optimizing compiler (C2) pays for its compilations; the quick one
    # (C1) alone takes verify of a 2000 x 400 plan from 12.7 s of CPU to 8.6 s. Java's arithmetic is the same
    # whichever compiler runs it, so every number is too.
    verify | validate | report | explain) echo "-XX:TieredStopAtLevel=1" ;;
  esac
}

gpuplan_wants_spark() {  # true when the arguments ask for the Spark engine (--engine spark, or bench --engines ...spark...)
  local previous="" arg
  for arg in "$@"; do
    case "$previous" in
      --engine) [ "$arg" = spark ] && return 0 ;;
      --engines) case ",$arg," in *,spark,*) return 0 ;; esac ;;
    esac
    case "$arg" in
      --engine=spark) return 0 ;;
      --engines=*) case ",${arg#--engines=}," in *,spark,*) return 0 ;; esac ;;
    esac
    previous="$arg"
  done
  return 1
}

# The JDK packages Spark's own launcher opens to it (the same list is in pom.xml's spark.flags, for the tests).
GPUPLAN_SPARK_FLAGS="--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/sun.nio.cs=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED
  -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true"

gpuplan_find_jdk() {
  local candidate major
  for candidate in "${JAVA_HOME:-}" $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sed 's#/$##' | sort -rV); do
    [ -n "$candidate" ] || continue
    [ -x "$candidate/bin/javac" ] || continue
    major=$(gpuplan_java_major "$candidate")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then
      export JAVA_HOME="$candidate"
      export PATH="$JAVA_HOME/bin:$PATH"
      # OR-Tools loads a native library; Maven's old Guava and protobuf (under OR-Tools) trip the JDK 24+
      # sun.misc.Unsafe warning, a flag that JDKs before 24 do not know.
      GPUPLAN_JVM_FLAGS="--enable-native-access=ALL-UNNAMED"
      if [ "$major" -ge 24 ]; then
        export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
        GPUPLAN_JVM_FLAGS="$GPUPLAN_JVM_FLAGS --sun-misc-unsafe-memory-access=allow"
      fi
      # A large quarter (2,000 jobs x 400 offers) fits in 2 GiB of heap. Without a cap the JVM may grow to a quarter
      # of the machine's memory and lets garbage pile up to it (5 GB resident, and slower). A heap size given in
      # GPUPLAN_JAVA_OPTS (-Xmx, -XX:MaxHeapSize, -XX:MaxRAM...) wins.
      case " ${GPUPLAN_JAVA_OPTS:-} " in
        *" -Xmx"* | *" -XX:MaxHeapSize"* | *" -XX:MaxRAM"*) ;;
        *) GPUPLAN_JVM_FLAGS="$GPUPLAN_JVM_FLAGS -Xmx2g" ;;
      esac
      return 0
    fi
  done
  echo "gpuplan needs a JDK 21 or newer (Timefold Solver 2.2 requires it), and none was found." >&2
  echo "Looked at JAVA_HOME (${JAVA_HOME:-unset}) and /usr/lib/jvm/*." >&2
  echo "Install one (e.g. Temurin 21 or 25) and set JAVA_HOME to it." >&2
  return 1
}
