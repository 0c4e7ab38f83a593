package io.jgo;

/**
 * Every goroutine of a {@code Go.run} runtime is parked and nothing can wake one: the message starts
 * with Go's "all goroutines are asleep - deadlock!" and continues with a goroutine dump. Disabled
 * with {@code -Djgo.deadlock=off}.
 */
public class DeadlockException extends PanicException {

    private static final long serialVersionUID = 1L;

    public static final String MESSAGE = "all goroutines are asleep - deadlock!";

    public DeadlockException(String goroutineDump) {
        super(MESSAGE + "\n\n" + goroutineDump);
    }
}
