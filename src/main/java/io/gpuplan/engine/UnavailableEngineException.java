package io.gpuplan.engine;

/** An engine that cannot be made (an unknown name, Spark missing or refusing to start): bad input, exit code 2. */
public final class UnavailableEngineException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnavailableEngineException(String message) {
        super(message);
    }

    public UnavailableEngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
