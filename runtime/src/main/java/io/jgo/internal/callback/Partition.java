package io.jgo.internal.callback;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The two-entry map {@code partitioningBy} makes, as the JDK's {@code Collectors.Partition}: the
 * false entry first, then the true one; immutable.
 */
final class Partition<T> extends AbstractMap<Boolean, T> {

    final T forTrue;
    final T forFalse;

    Partition(T forTrue, T forFalse) {
        this.forTrue = forTrue;
        this.forFalse = forFalse;
    }

    @Override
    public int size() {
        return 2;
    }

    @Override
    public boolean isEmpty() {
        return false;
    }

    @Override
    public T get(Object key) {
        if (key instanceof Boolean) {
            return (Boolean) key ? forTrue : forFalse;
        }
        return null;
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof Boolean;
    }

    @Override
    public boolean containsValue(Object value) {
        return Objects.equals(value, forTrue) || Objects.equals(value, forFalse);
    }

    @Override
    public Set<Map.Entry<Boolean, T>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<Boolean, T>> iterator() {
                Map.Entry<Boolean, T> falseEntry = new SimpleImmutableEntry<>(false, forFalse);
                Map.Entry<Boolean, T> trueEntry = new SimpleImmutableEntry<>(true, forTrue);
                return List.of(falseEntry, trueEntry).iterator();
            }

            @Override
            public int size() {
                return 2;
            }
        };
    }
}
