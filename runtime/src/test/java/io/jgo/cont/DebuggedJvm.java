package io.jgo.cont;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.ArrayReference;
import com.sun.jdi.Bootstrap;
import com.sun.jdi.Field;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.StringReference;
import com.sun.jdi.Value;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.IllegalConnectorArgumentsException;
import com.sun.jdi.connect.ListeningConnector;
import com.sun.jdi.connect.TransportTimeoutException;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class in a JVM of its own under a debugger (JDI), with breakpoints on given lines of
 * that class and on the entry of given methods of it, and records what each stop showed: where it
 * stopped, the frames below it, the visible local variables and some static fields. The values are copied out as plain Java values
 * while the debuggee is stopped, so the test asserts on them after the run.
 *
 * <p>How the JVMs meet: this side listens on a loopback port the system picks ({@code SocketListen}
 * connector), and the debuggee is started by a {@link ProcessBuilder} with
 * {@code -agentlib:jdwp=...,server=n,suspend=y} and connects to it, stopped before its main class
 * loads. So the command line is an argument list (no quoting), the port needs no parsing out of the
 * debuggee's output, and the process is ours to kill whatever happens ({@link #run} always does).
 */
final class DebuggedJvm {

    /** What stopped there: a line breakpoint, or one on a method's first instruction (where a method breakpoint or a step into the call stops). */
    enum Kind { LINE, ENTRY }

    /**
     * What one stop showed. {@code codeIndex}: the bytecode offset; {@code stack}: frame 0 (the
     * stop's) and below, as "Class.method".
     */
    record Hit(Kind kind, String method, int line, long codeIndex, List<String> stack, Map<String, Object> locals,
               Map<String, Object> statics) {
    }

    /** The whole run: every hit in order, the debuggee's exit status and its output (stdout and stderr). */
    record Run(List<Hit> hits, int exitStatus, String output) {
    }

    private final List<String> jvmOptions;
    private final String mainClass;
    private final int[] lines;
    private final List<String> entries;
    private final List<String> staticFields;
    private final Duration timeout;
    private final Path log;

    /**
     * @param jvmOptions   options of the debuggee's JVM, class path included (the jdwp agent is added)
     * @param mainClass    the class to run, which also holds the breakpoints and the static fields
     * @param lines        source lines of {@code mainClass} to stop at, every location of each
     * @param entries      methods of {@code mainClass} to stop at the entry of, every time they are entered
     * @param staticFields static fields of {@code mainClass} to read at every hit
     * @param timeout      the whole run, launch to exit; past it the run fails and the debuggee is killed
     * @param log          where the debuggee's output goes
     */
    DebuggedJvm(List<String> jvmOptions, String mainClass, int[] lines, List<String> entries, List<String> staticFields,
                Duration timeout, Path log) {
        this.jvmOptions = List.copyOf(jvmOptions);
        this.mainClass = mainClass;
        this.lines = lines.clone();
        this.entries = List.copyOf(entries);
        this.staticFields = List.copyOf(staticFields);
        this.timeout = timeout;
        this.log = log;
    }

    /** Launches the debuggee, runs it to its end under the debugger, and returns what was seen. */
    Run run() throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        ListeningConnector connector = socketListen();
        Map<String, Connector.Argument> args = connector.defaultArguments();
        set(args, "localAddress", "127.0.0.1");
        set(args, "port", "0");
        set(args, "timeout", "1000"); // each accept() below waits this long, then checks the process is alive
        String address = connector.startListening(args);
        String port = address.substring(address.lastIndexOf(':') + 1);
        Process process = null;
        VirtualMachine vm = null;
        List<Hit> hits = new ArrayList<>();
        try {
            process = launch("127.0.0.1:" + port);
            vm = accept(connector, args, process, deadline);
            Map<String, Connector.Argument> listening = args;
            args = null;
            connector.stopListening(listening);
            runToEnd(vm, hits, deadline);
            if (!process.waitFor(remainingMillis(deadline), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("the debuggee was still running " + timeout.toSeconds()
                        + " s after launch, though the debugger had let go of it; hits: " + hits + "; output:\n" + output());
            }
            return new Run(hits, process.exitValue(), output());
        } finally {
            if (args != null) {
                connector.stopListening(args);
            }
            if (vm != null) {
                try {
                    vm.dispose();
                } catch (VMDisconnectedException gone) {
                    // it has ended already
                }
            }
            if (process != null) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static ListeningConnector socketListen() {
        for (ListeningConnector c : Bootstrap.virtualMachineManager().listeningConnectors()) {
            if (c.name().equals("com.sun.jdi.SocketListen")) {
                return c;
            }
        }
        throw new IllegalStateException("this JDK (" + System.getProperty("java.home")
                + ") has no com.sun.jdi.SocketListen connector; listening connectors: "
                + Bootstrap.virtualMachineManager().listeningConnectors());
    }

    private static void set(Map<String, Connector.Argument> args, String name, String value) {
        Connector.Argument a = args.get(name);
        if (a == null) {
            throw new IllegalStateException("the SocketListen connector has no argument '" + name + "'; it has " + args.keySet());
        }
        a.setValue(value);
    }

    private Process launch(String address) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-agentlib:jdwp=transport=dt_socket,server=n,suspend=y,address=" + address);
        command.addAll(jvmOptions);
        command.add(mainClass);
        Files.createDirectories(log.getParent());
        Files.writeString(log, String.join(" ", command) + System.lineSeparator(), StandardCharsets.UTF_8);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }

    private VirtualMachine accept(ListeningConnector connector, Map<String, Connector.Argument> args, Process process, long deadline)
            throws IOException, IllegalConnectorArgumentsException {
        while (true) {
            try {
                return connector.accept(args);
            } catch (TransportTimeoutException notYet) {
                if (!process.isAlive()) {
                    throw new AssertionError("the debuggee exited with status " + process.exitValue()
                            + " before it connected to the debugger; output:\n" + output());
                }
                if (remainingMillis(deadline) == 0) {
                    throw new AssertionError("the debuggee did not connect to the debugger within "
                            + timeout.toSeconds() + " s; output so far:\n" + output());
                }
            }
        }
    }

    /** Sets the breakpoints when the class is prepared, records every hit, and returns once the debuggee has gone. */
    private void runToEnd(VirtualMachine vm, List<Hit> hits, long deadline) throws Exception {
        ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
        prepare.addClassFilter(mainClass);
        prepare.setSuspendPolicy(EventRequest.SUSPEND_ALL);
        prepare.enable();
        vm.resume(); // it waits, suspended, since it connected
        while (true) {
            long left = remainingMillis(deadline);
            if (left == 0) {
                throw new AssertionError("the debuggee did not end within " + timeout.toSeconds()
                        + " s under the debugger; hits so far: " + hits + "; output so far:\n" + output());
            }
            EventSet events;
            try {
                events = vm.eventQueue().remove(left);
            } catch (VMDisconnectedException gone) {
                return;
            }
            if (events == null) {
                continue; // timed out: the loop fails above
            }
            for (Event e : events) {
                if (e instanceof ClassPrepareEvent) {
                    setBreakpoints(vm, ((ClassPrepareEvent) e).referenceType());
                } else if (e instanceof BreakpointEvent) {
                    hits.add(record((BreakpointEvent) e));
                } else if (e instanceof VMDisconnectEvent) {
                    return;
                }
            }
            events.resume();
        }
    }

    private void setBreakpoints(VirtualMachine vm, ReferenceType type) throws AbsentInformationException {
        for (int line : lines) {
            List<Location> at = type.locationsOfLine(line);
            if (at.isEmpty()) {
                throw new AssertionError("expected code at line " + line + " of " + type.name()
                        + " to set a breakpoint on, but the line table has none there; lines with code: " + type.allLineLocations());
            }
            for (Location l : at) {
                stopAt(vm, l, Kind.LINE);
            }
        }
        // A breakpoint on the first instruction, rather than a MethodEntryRequest: the same stop,
        // without method-entry events, which slow every call of the debuggee.
        for (String name : entries) {
            List<Method> methods = type.methodsByName(name);
            if (methods.isEmpty()) {
                throw new AssertionError("expected a method " + name + " in " + type.name() + " to stop at the entry of; it has none");
            }
            for (Method m : methods) {
                stopAt(vm, m.locationOfCodeIndex(0), Kind.ENTRY);
            }
        }
    }

    private static void stopAt(VirtualMachine vm, Location l, Kind kind) {
        BreakpointRequest b = vm.eventRequestManager().createBreakpointRequest(l);
        b.putProperty(Kind.class, kind);
        b.setSuspendPolicy(EventRequest.SUSPEND_ALL);
        b.enable();
    }

    private Hit record(BreakpointEvent e) throws IncompatibleThreadStateException, AbsentInformationException {
        List<StackFrame> frames = e.thread().frames();
        StackFrame top = frames.get(0);
        List<String> stack = new ArrayList<>();
        for (StackFrame f : frames) {
            Location l = f.location();
            String type = l.declaringType().name();
            stack.add(type.substring(type.lastIndexOf('.') + 1) + "." + l.method().name());
        }
        Map<String, Object> locals = new LinkedHashMap<>();
        top.getValues(top.visibleVariables()).forEach((variable, value) -> locals.put(variable.name(), plain(value)));
        ReferenceType type = top.location().declaringType();
        Map<String, Object> statics = new LinkedHashMap<>();
        for (String name : staticFields) {
            Field f = type.fieldByName(name);
            if (f == null) {
                throw new AssertionError("expected a static field '" + name + "' in " + type.name() + " to read at breakpoints; it has none");
            }
            statics.put(name, plain(type.getValue(f)));
        }
        Location at = top.location();
        Kind kind = (Kind) e.request().getProperty(Kind.class);
        return new Hit(kind, at.method().name(), at.lineNumber(), at.codeIndex(), stack, locals, statics);
    }

    /** The value as a plain Java value: a boxed primitive, a String, a List for an array, a description otherwise. */
    private static Object plain(Value v) {
        if (v == null) {
            return null;
        }
        if (v instanceof StringReference) {
            return ((StringReference) v).value();
        }
        if (v instanceof ArrayReference) {
            List<Object> elements = new ArrayList<>();
            for (Value element : ((ArrayReference) v).getValues()) {
                elements.add(plain(element));
            }
            return elements;
        }
        if (v instanceof PrimitiveValue) {
            PrimitiveValue p = (PrimitiveValue) v;
            switch (v.type().name()) {
                case "boolean": return p.booleanValue();
                case "byte": return p.byteValue();
                case "char": return p.charValue();
                case "short": return p.shortValue();
                case "int": return p.intValue();
                case "long": return p.longValue();
                case "float": return p.floatValue();
                case "double": return p.doubleValue();
                default: throw new AssertionError("a primitive of unknown type " + v.type().name());
            }
        }
        return "instance of " + v.type().name();
    }

    private String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(could not read " + log + ": " + e + ")";
        }
    }

    private static long remainingMillis(long deadline) {
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
    }
}
