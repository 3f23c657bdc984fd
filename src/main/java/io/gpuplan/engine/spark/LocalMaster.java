package io.gpuplan.engine.spark;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Attempts per task a local master URL allows: {@code local[N,F]} gives F, {@code local} and {@code local[N]} one. */
final class LocalMaster {
    private static final Pattern WITH_FAILURES = Pattern.compile("local\\[\\s*(\\d+|\\*)\\s*,\\s*(\\d+)\\s*]");

    private LocalMaster() {
    }

    static int attempts(String master) {
        Matcher m = WITH_FAILURES.matcher(master.trim());
        return m.matches() ? Math.max(1, Integer.parseInt(m.group(2))) : 1;
    }
}
