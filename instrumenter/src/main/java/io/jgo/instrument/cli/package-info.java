/**
 * Build-time (ahead-of-time) instrumentation: {@code java -jar jgo-instrumenter.jar IN OUT}
 * rewrites a jar or a class folder once, so an application can run without the agent.
 *
 * <h2>Design</h2>
 * The command is a copy with one hook. {@link io.jgo.instrument.cli.Source} reads IN (a folder or
 * a jar) as an ordered list of {@link io.jgo.instrument.cli.Entry entries};
 * {@link io.jgo.instrument.cli.Sink} writes OUT (a folder or a jar);
 * {@link io.jgo.instrument.cli.Copier} walks the entries and passes each class file through a plain
 * {@code UnaryOperator<byte[]>} that answers either new bytes or {@code null} for "leave it".
 * Only {@link io.jgo.instrument.cli.Main} knows that the operator is the
 * {@link io.jgo.instrument.Instrumenter} ({@code mightSuspend} first, then {@code transform}), so
 * the copying is tested with any function, without depending on the rewrite.
 *
 * <h2>Invariants</h2>
 * <ul>
 *   <li>IN is only ever opened for reading. OUT may not be IN, lie inside IN, or contain IN, compared
 *       after resolving symbolic links ({@link io.jgo.instrument.cli.Arguments}).</li>
 *   <li>OUT is written under a temporary name next to it and moved into place only when the copy is
 *       complete ({@link io.jgo.instrument.cli.StagedOutput}): a run that fails on an I/O error
 *       leaves OUT as it was.</li>
 *   <li>Everything that is not rewritten (resources, the manifest, {@code module-info.class},
 *       classes the rewrite leaves alone) reaches OUT byte-for-byte, in IN's entry order (so a
 *       manifest that came first stays first). A jar entry keeps its time and its compression
 *       method.</li>
 *   <li>Missing class information never produces wrong code. The runtime's classes are known
 *       without a class path ({@code RuntimeNames}); a call into another class that is not found is
 *       taken as a suspension point, and the classes not found are listed in one warning; a class
 *       whose rewrite needs a class that is not found (to compute frames) is copied unchanged,
 *       reported with the missing class and {@code --classpath}, and the run exits with status 1.</li>
 *   <li>An entry named {@code .class} that is not a readable class file (empty, cut off) is named in
 *       a warning and copied unchanged; it does not fail the run (the input was broken before, and
 *       the JVM could not load it either) ({@link io.jgo.instrument.cli.ClassFileCheck}).</li>
 *   <li>A class whose rewrite throws is copied unchanged and reported; the run then ends with exit
 *       status 1 so a build notices. Classes the rewrite declines for other reasons (it reports them
 *       itself through {@link io.jgo.instrument.Diagnostics}, and a closing line counts them) are
 *       copied unchanged and do not fail the run: suspending in them pins the goroutine, which is
 *       safe. Among them are classes whose rewrite would pass a limit of the JVM (a method's 64 KiB
 *       of code, the constant pool's 65,535 entries): a class file the JVM would refuse is never
 *       written; the report names the method, its descriptor and the limit.</li>
 *   <li>Other classes are looked up in IN first, then in {@code --classpath}, then through the
 *       JVM's own class loader ({@link io.jgo.instrument.cli.Lookup}).</li>
 *   <li>Nothing but {@code --help} writes to stdout; messages go to stderr. Bad arguments print the
 *       usage on stderr and exit with status 2. An I/O error prints what was being done, on which
 *       path, and the exception's type and message ({@link io.jgo.instrument.cli.IOFailure}).</li>
 * </ul>
 *
 * <h2>Threads</h2>
 * One thread does the whole run. Sources are safe to read from the instrumenter's look-ups while
 * the copy iterates over them.
 */
package io.jgo.instrument.cli;
