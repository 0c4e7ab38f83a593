package io.jgo;

import java.time.Instant;
import java.util.Optional;

/** A context that binds one key to one value (Go's {@code valueCtx}); everything else is its parent's. Immutable. */
final class ValueContext implements Context {

    final Context parent;
    private final Object key;
    private final Object val;

    ValueContext(Context parent, Object key, Object val) {
        this.parent = parent;
        this.key = key;
        this.val = val;
    }

    @Override
    public Chan<Void> done() {
        return parent.done();
    }

    @Override
    public Exception err() {
        return parent.err();
    }

    @Override
    public Optional<Instant> deadline() {
        return parent.deadline();
    }

    @Override
    public Object value(Object k) {
        Context c = this;
        while (c instanceof ValueContext) { // a loop, not recursion: chains of values can be long
            ValueContext v = (ValueContext) c;
            if (v.key.equals(k)) {
                return v.val;
            }
            c = v.parent;
        }
        return c.value(k);
    }

    @Override
    public String toString() {
        return parent + ".WithValue(" + key + ", " + val + ")";
    }
}
