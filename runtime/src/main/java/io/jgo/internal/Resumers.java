package io.jgo.internal;

import io.jgo.internal.cont.AsideStack;
import io.jgo.internal.cont.Continuation;
import io.jgo.internal.cont.Warnings;
import io.jgo.internal.cont.Entry;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.WeakReference;

/**
 * Makes the {@link Resumer} of each rewritten class and finds it again by method id. The rewrite
 * adds to each class a private synthetic static field {@code $jgo$resumer}, which the class sets on
 * first use through its private synthetic {@code $jgo$resumer()} method (no static initializer is
 * added: a class's default {@code serialVersionUID} must not change), by
 * {@code Resumers.of(MethodHandles.lookup(), "id,id,...")}. An interface can hold no private
 * mutable field, so its {@code $jgo$resumer()} asks {@link #of} every time, which keeps the resumer in
 * the interface's own {@code ClassValue} map; nothing public is added, so reflection over the
 * interface's fields shows nothing of the rewrite. The class's save helpers hand the resumer to
 * {@code Stack.pushFrame}, which is how g0 learns that a saved frame can be re-entered alone, and
 * through which object.
 *
 * <h2>Why a table by method id, and why first come keeps it</h2>
 * A record has room for a method id, not for a reference, without a slot more per saved frame. So
 * {@link #of} registers the class's methods: the first class to register an id keeps it while that
 * class is loaded, and a record of that class needs no slot; a record whose resumer is not the one
 * registered for its id (the same class loaded by another loader, or a hash collision) keeps its
 * resumer in a slot of its own ({@code Stack.pushFrame}). An entry never changes while its class is
 * loaded, so a record that relied on it finds it again.
 *
 * <h2>Why weakly, and why that is safe</h2>
 * The table holds each resumer weakly: a web container, a plugin system or a test runner that drops
 * a class loader gets its rewritten classes unloaded. The class holds its resumer strongly (its
 * field), so an entry is cleared only once its class is unreachable, and then no saved record of
 * that class can be resumed any more (an interface holds its resumer through its {@code ClassValue}
 * map, as strongly and as weakly as a field: it goes with the interface): a goroutine whose stack holds one is itself unreachable,
 * since what re-enters a frame of the class (its body, a caller's code, the frame's own receiver)
 * would keep the class reachable. A cleared entry reads as absent (such a record would be re-entered
 * the eager way, never through another class), and the next registration drops it, so the id can go
 * to the class that replaces the unloaded one.
 *
 * <h2>Threads</h2>
 * Lookups are lock-free: {@link #table} is replaced, never changed in place, under the class lock,
 * and published by its volatile write; readers see a complete table, old or new.
 *
 * <p>The resumer is a {@link LambdaMetafactory} object over the class's private
 * {@code $jgo$resume(Stack, int)}: made with the class's own full-privilege lookup, as javac's
 * lambdas are, so it works for classes in named modules too and the call from g0 is a plain
 * interface call. When it cannot be made, the field stays null and the class's frames are
 * re-entered the eager way: slower, never wrong.
 */
public final class Resumers {

    /** Name and type of the synthetic resume entry the rewrite adds to every rewritten class. */
    public static final String ENTRY = Entry.RESUME_ENTRY;
    private static final MethodType ENTRY_TYPE = MethodType.methodType(void.class, Stack.class, int.class);

    /** Open addressing: {@code ids[i]} is meaningful where {@code resumers[i] != null}. */
    private static final class Table {
        final int[] ids;
        final WeakReference<?>[] resumers;
        int size; // written only before the table is published

        Table(int capacity) {
            ids = new int[capacity];
            resumers = new WeakReference<?>[capacity];
        }

        /** The live resumer registered for {@code id}, or null (none, or its class was unloaded). */
        Resumer get(int id) {
            int mask = ids.length - 1;
            for (int i = mix(id) & mask; ; i = (i + 1) & mask) {
                WeakReference<?> r = resumers[i];
                if (r == null) {
                    return null;
                }
                if (ids[i] == id) {
                    return (Resumer) r.get();
                }
            }
        }

        /** Adds {@code id} unless present (the table has a free slot: the load stays under a half). */
        void putIfAbsent(int id, WeakReference<?> r) {
            int mask = ids.length - 1;
            for (int i = mix(id) & mask; ; i = (i + 1) & mask) {
                if (resumers[i] == null) {
                    ids[i] = id;
                    resumers[i] = r;
                    size++;
                    return;
                }
                if (ids[i] == id) {
                    return;
                }
            }
        }
    }

    private static volatile Table table = new Table(256);

    private Resumers() {
    }

    private static int mix(int id) {
        int h = id * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** The resumer first registered for method id {@code me} whose class is still loaded, or null. */
    static Resumer registered(int me) {
        return table.get(me);
    }

    /**
     * Called by a rewritten class the first time it needs its resumer (its {@code $jgo$resumer()}
     * method, until its field holds it; a rewritten interface's, at every save of its frames): the
     * class's one resumer, made and registered for the method ids {@code ids} (hexadecimal,
     * comma-separated) where no loaded class registered them first, or null (warned once) when it
     * cannot be made.
     *
     * <p>One per class, however many threads ask at once: the table holds a resumer weakly and the
     * class's field strongly, so they must be the same object. Two carriers that both found the
     * field empty once made one each; the first was registered, the second then overwrote the field,
     * the first was collected, and a frame saved in between (registered, so without a slot of its
     * own) met a cleared entry at its lazy re-entry: a NullPointerException in g0 (skynet at
     * GOMAXPROCS 2, one run in 40 to 80).
     */
    public static Resumer of(MethodHandles.Lookup lookup, String ids) {
        Made cell = MADE.get(lookup.lookupClass());
        if (!cell.made) { // volatile read: pairs with the write below, after the resumer
            synchronized (cell) {
                if (!cell.made) {
                    // Made in the middle of the class's first save, an unwind in progress: linking the
                    // resume entry and spinning its class resolve classes through the class's loader,
                    // application code that must not see this goroutine's stack (see AsideStack).
                    Continuation installed = AsideStack.enter();
                    try {
                        cell.resumer = make(lookup, ids);
                    } finally {
                        AsideStack.leave(installed);
                    }
                    cell.made = true;
                }
            }
        }
        return cell.resumer;
    }

    private static Resumer make(MethodHandles.Lookup lookup, String ids) {
        Class<?> owner = lookup.lookupClass();
        Resumer resumer;
        try {
            MethodHandle entry = lookup.findStatic(owner, ENTRY, ENTRY_TYPE);
            resumer = (Resumer) LambdaMetafactory.metafactory(lookup, "resume", MethodType.methodType(Resumer.class),
                    ENTRY_TYPE, entry, ENTRY_TYPE).getTarget().invoke();
        } catch (Throwable e) {
            Warnings.once("resumer:" + owner.getName(), () -> "frames of " + owner.getName()
                    + " will be resumed the slow way (every saved frame re-entered), because its resume entry could not be linked: " + e);
            return null;
        }
        return register(ids, resumer);
    }

    /** A class's resumer, made at most once (null: it could not be linked, made all the same). */
    private static final class Made {
        Resumer resumer; // written once under the cell's lock before made; read after made
        volatile boolean made;
    }

    /**
     * Per class: its own Class holds the entry (as strongly as its field holds the resumer), so it
     * unloads with the class.
     */
    private static final ClassValue<Made> MADE = new ClassValue<>() {
        @Override
        protected Made computeValue(Class<?> type) {
            return new Made();
        }
    };

    /**
     * Does {@code resumer} (a class's, from {@link #of}) own every method id of its class, so that a
     * record of any of its frames finds it by id? True for all but a class that met another loaded
     * class on an id ({@link SharingIds}); then {@code Stack.pushFrame} asks the table. Decided once,
     * at registration, and carried by the object's class: a thread that holds the resumer knows it
     * without a look-up or any other memory access, which a save of each frame would otherwise pay.
     */
    static boolean ownsEveryId(Resumer resumer) {
        return !(resumer instanceof SharingIds);
    }

    /**
     * {@link SharingIds} is loaded with this class, not at the first save that tests for it: a class
     * loaded while the heap is full fails (the agent copies every class it is offered), and a save
     * may be what meets a full heap (an {@code OutOfMemoryError} there must stay the save's own).
     */
    private static final Class<?> SHARING_IDS_LOADED = SharingIds.class;

    /**
     * The resumer of a class some of whose method ids another loaded class registered first (the
     * same class in another loader, a hash collision): its records look up the table per frame.
     */
    private static final class SharingIds implements Resumer {
        private final Resumer made;

        SharingIds(Resumer made) {
            this.made = made;
        }

        @Override
        public void resume(Stack s, int me) {
            made.resume(s, me);
        }
    }

    /**
     * Registers {@code made} for {@code ids} where no loaded class holds them; returns the object to
     * give the class: {@code made} when it got every id, else {@code made} wrapped in {@link SharingIds}
     * (registered as such, so the identity test of {@code Stack.pushFrame} still holds).
     * Copy on write: the new table is filled before the volatile write publishes it. Entries whose
     * class was unloaded are dropped here, so the table holds about the ids of loaded classes.
     */
    private static synchronized Resumer register(String ids, Resumer made) {
        String[] parts = ids.isEmpty() ? new String[0] : ids.split(",");
        Table old = table;
        Resumer resumer = made;
        for (String part : parts) {
            if (old.get(Integer.parseUnsignedInt(part, 16)) != null) {
                resumer = new SharingIds(made);
                break;
            }
        }
        int live = 0;
        for (WeakReference<?> r : old.resumers) {
            if (r != null && r.get() != null) {
                live++;
            }
        }
        int capacity = 256;
        while ((live + parts.length) * 2 > capacity) {
            capacity *= 2;
        }
        Table next = new Table(capacity);
        for (int i = 0; i < old.ids.length; i++) {
            WeakReference<?> r = old.resumers[i];
            if (r != null && r.get() != null) {
                next.putIfAbsent(old.ids[i], r);
            }
        }
        WeakReference<Resumer> ref = new WeakReference<>(resumer);
        for (String part : parts) {
            next.putIfAbsent(Integer.parseUnsignedInt(part, 16), ref);
        }
        table = next;
        return resumer;
    }
}
