/**
 * jgo's runtime as a named module. Exported: the public API ({@code io.jgo}, {@code io.jgo.net}) and
 * the contract with rewritten code, which lives in the user's modules: {@code io.jgo.internal}
 * ({@code Stack}, the save/restore protocol, and resumers), {@code io.jgo.internal.blocking} (the
 * stand-ins for blocking JDK calls) and {@code io.jgo.internal.callback} (the suspendable JDK
 * higher-order methods). The machinery
 * stays concealed: continuations ({@code io.jgo.internal.cont}, whose members {@code Stack} inherits
 * are not public), the scheduler ({@code io.jgo.internal.sched}), channels, the sync seam, the
 * coroutine driver and the JCTools queues shaded into the jar ({@code io.jgo.internal.shaded.jctools});
 * {@code io.jgo.internal.observe} (JMX and JFR) is exported only to the JDK modules that read it.
 *
 * <p>This file is compiled on its own after the rest of the runtime (see runtime/pom.xml): the
 * classes are compiled on the class path, where JCTools is an ordinary dependency, and this
 * descriptor names no JCTools module, because the packaged jar carries JCTools relocated inside
 * itself and needs nothing else at run time.
 */
module io.jgo.runtime {
    requires java.management; // the MXBean per runtime
    requires jdk.jfr; // the jgo.* Flight Recorder events
    requires jdk.unsupported; // sun.misc.Signal for -Djgo.dumpOnSignal (reached reflectively)
    // HttpClient.send's stand-in (io.jgo.internal.callback.HttpClientCalls) names the JDK's HTTP client;
    // static: only an application that uses the client (and so resolves java.net.http) reaches it.
    requires static java.net.http;

    exports io.jgo;
    exports io.jgo.net;
    exports io.jgo.internal; // Stack and resumers: the continuation protocol rewritten code follows
    exports io.jgo.internal.blocking; // what rewritten code calls in place of, or around, blocking JDK calls
    exports io.jgo.internal.callback; // the suspendable JDK higher-order methods rewritten code calls
    exports io.jgo.internal.sockets; // the parking java.net.Socket streams and decorators rewritten code calls
    // The MXBean interface is introspected by java.management; event classes are read by jdk.jfr.
    exports io.jgo.internal.observe to java.management, jdk.jfr;

    // The scheduler publishes to its observers through SchedListener; observe implements it.
    uses io.jgo.internal.sched.SchedListener;
    provides io.jgo.internal.sched.SchedListener with io.jgo.internal.observe.Observers;
    // The park layer tells them when a plain thread first waits (the dump on signal) through ParkListener.
    uses io.jgo.internal.sched.park.ParkListener;
    provides io.jgo.internal.sched.park.ParkListener with io.jgo.internal.observe.Observers;
}
