/**
 * Suspendable equivalents of the JDK's common higher-order methods ({@code Iterable.forEach},
 * {@code Map.computeIfAbsent}, {@code List.sort}, {@code Optional.map}...). Rewritten code calls
 * them instead of the JDK method when the function it passes may suspend, so a suspension inside
 * the function unwinds through a rewritten frame instead of pinning inside an unrewritten JDK one.
 *
 * <p>Each helper takes its own loop only where that loop is the receiver's behaviour: the receiver's
 * class inherits the interface's default method ({@link Inherits}), or it is a JDK class whose
 * override this package replicates (named in each helper); any other receiver gets its own method,
 * which pins only if the function does suspend. Which JDK methods are redirected, and why the
 * others still pin, is held by the instrumenter's {@code JdkHigherOrderMethodsTest}, which
 * enumerates the JDK's higher-order methods by reflection.
 *
 * <p>Streams: {@link io.jgo.internal.callback.StreamCalls} gives rewritten code the runtime's own
 * sequential stream ({@link io.jgo.internal.callback.SequentialStream}: stages linked as
 * {@link io.jgo.internal.callback.Stage}s over a shared {@link io.jgo.internal.callback.Source}) and
 * evaluates it, pushing each element through the stages into a
 * {@link io.jgo.internal.callback.Terminal} as the JDK's {@code Sink}s do; whatever it does not run
 * itself is replayed onto a JDK stream. An evaluation is one thread's (or goroutine's) at a time,
 * as a JDK stream is. {@link io.jgo.internal.callback.JdkStreamFacts} learns at start-up what the
 * running JDK's {@code count()} skips.
 *
 * <p>Primitive streams share that machinery: {@link io.jgo.internal.callback.Pipeline} is the stage
 * of any of the four shapes ({@code SequentialStream}, {@code SequentialIntStream},
 * {@code SequentialLongStream}, {@code SequentialDoubleStream} only link stages), a primitive
 * stream's elements travel boxed through the same {@code Stage}s and {@code Terminal}, and each
 * primitive function is wrapped in a boxed lambda of this package.
 * {@link io.jgo.internal.callback.PrimitiveStreamSources} and
 * {@link io.jgo.internal.callback.PrimitiveStreamCalls} are what rewritten code calls instead of the
 * primitive streams' sources and terminals; a {@link io.jgo.internal.callback.Generator} is the
 * source of {@code iterate} and {@code generate}, whose functions it calls from a rewritten frame.
 *
 * <p>Collectors and comparators: {@link io.jgo.internal.callback.CollectorCalls} stands in for the
 * {@code Collectors} factories that take a function, and {@link io.jgo.internal.callback.ComparatorCalls}
 * for {@code Comparator}'s factories and default methods. They build the JDK's objects step by step
 * ({@link io.jgo.internal.callback.FunctionCollector}, {@link io.jgo.internal.callback.Partition},
 * {@link io.jgo.internal.callback.Teeing}, {@link io.jgo.internal.callback.DoubleSums}) from lambdas of
 * this package, which the build rewrites, so the user's functions run from rewritten frames wherever
 * a rewritten frame calls the collector or comparator; they are immutable once made and hold no state
 * of their own (a collector's container is the evaluation's).
 *
 * <p>Sorted collections: {@link io.jgo.internal.callback.SortedCalls} ({@code TreeMap}, {@code TreeSet})
 * and {@link io.jgo.internal.callback.QueueCalls} ({@code PriorityQueue}) run the JDK's own method
 * with a {@link io.jgo.internal.callback.Replay} in the collection's comparator field (reached through
 * {@link io.jgo.internal.callback.SortedFields}), which answers the JDK's compares from answers the
 * stand-in got from the user's comparator in a rewritten frame; {@link io.jgo.internal.callback.Rewritten}
 * says whose comparator may suspend at all. A replay is one goroutine's, in the field only while that
 * goroutine runs the JDK's call, which never suspends; a view of a {@code TreeMap} replays through the
 * backing map's field ({@link io.jgo.internal.callback.SortedFields#treeBehind}).
 * {@link io.jgo.internal.callback.SortedDispatch} takes the same calls made through {@code Map},
 * {@code Set}, {@code Queue} or {@code Collection} variables: one type check, then the stand-in or the
 * receiver's own method. {@link io.jgo.internal.callback.SearchCalls}
 * stands in for {@code Collections.min}/{@code max}/{@code binarySearch} and {@code Arrays.sort}.
 * {@link io.jgo.internal.callback.DequeCalls} runs {@code forEach} and {@code removeIf} of an
 * {@code ArrayDeque} or a {@code PriorityQueue} over their private arrays
 * ({@link io.jgo.internal.callback.DequeFields}); its {@code removeIf} replays the filter's answers
 * into the JDK's own {@code removeIf}, a call that never suspends. {@link io.jgo.internal.callback.IteratorFields}
 * holds the private state of the JDK iterators whose {@code forEachRemaining} overrides the default
 * ({@code ArrayDeque}'s, and the {@code Collections} wrappers' inner iterators), so that
 * {@code IterableCalls.forEachRemaining} runs their loops from a rewritten frame.
 *
 * <p>Blocking calls whose stand-in must be a rewritten frame have it here too: the JDK's
 * {@code HttpClient.send} ({@link io.jgo.internal.callback.HttpClientCalls}), which sends
 * asynchronously and waits for the response's future through the runtime's suspendable
 * {@code Futures.get} instead of inside the JDK's frames, and {@code Process.waitFor}
 * ({@link io.jgo.internal.callback.ProcessCalls}), which parks on a {@code park.Park} that the
 * process's {@code onExit()} wakes.
 *
 * <p>These classes are plain {@code @Goroutine} Java,
 * rewritten by jgo's own instrumenter when the runtime is built (the {@code rewrite-api} step of the
 * runtime's pom); they must not drive the stack protocol by hand.
 */
package io.jgo.internal.callback;
