package io.gpuplan.engine;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/** Runs tasks on a fixed pool of this machine's threads (default: one per core). */
public final class LocalEngine implements TaskEngine {
    private final int threads;

    public LocalEngine(int threads) {
        this.threads = Math.max(1, threads);
    }

    public LocalEngine() {
        this(Runtime.getRuntime().availableProcessors());
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public String where() {
        return threads + (threads == 1 ? " thread" : " threads");
    }

    @Override
    public <T extends Serializable, R extends Serializable> List<Outcome<R>> map(List<T> items, Task<T, R> task,
                                                                               Consumer<Progress> progress) {
        long started = System.nanoTime();
        AtomicInteger done = new AtomicInteger();
        return onPool(items, threads, item -> {
            Outcome<R> o;
            try {
                o = Outcome.ok(task.apply(item));
            } catch (RuntimeException e) {
                o = Outcome.failed(String.valueOf(e));
            }
            progress.accept(new Progress(done.incrementAndGet(), items.size(), Duration.ofNanos(System.nanoTime() - started)));
            return o;
        });
    }

    /**
     * Applies {@code f} to the items on a pool of at most {@code threads} threads, results in the items' order (one at
     * a time on the calling thread when there is nothing to share). What the CLI's batches of scenarios use too: their
     * outcomes (files written, plan documents) stay on this machine, so they need not be Serializable.
     */
    public static <T, R> List<R> onPool(List<T> items, int threads, java.util.function.Function<T, R> f) {
        if (items.size() <= 1 || threads <= 1) {
            return items.stream().map(f).toList();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, items.size()));
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (T item : items) {
                futures.add(pool.submit(() -> f.apply(item)));
            }
            List<R> out = new ArrayList<>();
            for (Future<R> future : futures) {
                out.add(future.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
