package io.jgo;

/**
 * A Go panic: an exception that escaped a goroutine of a {@code Go.run} runtime (then the cause is
 * the original and the message names the goroutine), or a misuse jgo detects with Go's message
 * ("sync: negative WaitGroup counter", ...). Unchecked.
 */
public class PanicException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public PanicException(String message) {
        super(message);
    }

    public PanicException(String message, Throwable cause) {
        super(message, cause);
    }
}
