package io.gpuplan.solve;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Asks running solves to stop early and keep their best plan so far (Ctrl-C). Solves register what stopping
 * means for them; a stop that comes before they register still reaches them.
 */
public final class Stopper {
    private final List<Runnable> actions = new CopyOnWriteArrayList<>();
    private volatile boolean stopped;
    private volatile String reason = "Ctrl-C";

    public void stop() {
        stopped = true;
        actions.forEach(Runnable::run);
    }

    /** Stops, naming why in the plan's {@code run.termination} ("interrupted (SIGTERM)"). */
    public void stopBecause(String why) {
        reason = why;
        stop();
    }

    /** What stopped the solves: "Ctrl-C" unless {@link #stopBecause(String)} said otherwise. */
    public String reason() {
        return reason;
    }

    public boolean stopped() {
        return stopped;
    }

    /** Runs {@code action} on {@link #stop()} (at once if already stopped) until the returned handle is closed. */
    public Registration onStop(Runnable action) {
        actions.add(action);
        if (stopped) {
            action.run();
        }
        return () -> actions.remove(action);
    }

    /** Ends a registration; closing it never fails. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }
}
