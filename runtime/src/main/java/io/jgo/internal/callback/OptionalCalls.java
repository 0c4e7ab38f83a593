package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Suspendable {@code Optional.map}, {@code flatMap}, {@code ifPresent}, {@code ifPresentOrElse}, {@code orElseGet},
 * {@code filter}, {@code or} and {@code orElseThrow(Supplier)}:
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

    /** {@code Optional.ifPresentOrElse}: a null function is found only when it would be called, as the JDK's. */
    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void ifPresentOrElse(Optional o, Consumer action, Runnable emptyAction) {
        if (o.isPresent()) {
            action.accept(o.get());
        } else {
            emptyAction.run();
        }
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object orElseGet(Optional o, Supplier supplier) {
        return o.isPresent() ? o.get() : supplier.get();
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Optional filter(Optional o, Predicate predicate) {
        Objects.requireNonNull(predicate);
        if (!o.isPresent()) {
            return o;
        }
        return predicate.test(o.get()) ? o : Optional.empty();
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Optional or(Optional o, Supplier supplier) {
        Objects.requireNonNull(supplier);
        if (o.isPresent()) {
            return o;
        }
        return Objects.requireNonNull((Optional) supplier.get());
    }

    /** {@code Optional.orElseThrow(Supplier)}: the supplier's exception, checked or not, is thrown as it is. */
    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object orElseThrow(Optional o, Supplier exceptionSupplier) throws Throwable {
        if (o.isPresent()) {
            return o.get();
        }
        throw (Throwable) exceptionSupplier.get();
    }
}
