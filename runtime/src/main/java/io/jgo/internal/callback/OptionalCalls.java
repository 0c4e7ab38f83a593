package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Suspendable {@code Optional.map}, {@code flatMap}, {@code ifPresent} and {@code orElseGet}:
 * {@code Optional} is final, so these are its methods' own steps, the null checks in the same
 * order.
 */
public final class OptionalCalls {

    private OptionalCalls() {
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Optional map(Optional o, Function mapper) {
        Objects.requireNonNull(mapper);
        if (!o.isPresent()) {
            return Optional.empty();
        }
        return Optional.ofNullable(mapper.apply(o.get()));
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Optional flatMap(Optional o, Function mapper) {
        Objects.requireNonNull(mapper);
        if (!o.isPresent()) {
            return Optional.empty();
        }
        Optional r = (Optional) mapper.apply(o.get());
        return Objects.requireNonNull(r);
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void ifPresent(Optional o, Consumer action) {
        if (o.isPresent()) {
            action.accept(o.get());
        }
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object orElseGet(Optional o, Supplier supplier) {
        return o.isPresent() ? o.get() : supplier.get();
    }
}
