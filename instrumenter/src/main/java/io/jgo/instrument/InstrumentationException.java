package io.jgo.instrument;

/** A class the rewrite cannot handle: it is left byte-for-byte as it was, and this says why and where. */
public final class InstrumentationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String className;
    private final String methodName;
    private final String descriptor;
    private final int line;
    private final String missingClass;

    public InstrumentationException(String className, String methodName, String descriptor, int line, String reason) {
        this(message(className, methodName, descriptor, line, reason), className, methodName, descriptor, line, null);
    }

    private InstrumentationException(String message, String className, String methodName, String descriptor, int line,
                                     String missingClass) {
        super(message);
        this.className = className;
        this.methodName = methodName;
        this.descriptor = descriptor;
        this.line = line;
        this.missingClass = missingClass;
    }

    /**
     * The class {@code className} was refused because the class {@code missing} (binary name,
     * {@code a.b.C}), which it names, could not be found: its frames cannot be computed without it.
     */
    public static InstrumentationException classNotFound(String className, String missing) {
        String reason = "class " + missing + " is not on the class path, so frames cannot be computed";
        return new InstrumentationException(message(className, null, null, 0, reason), className, null, null, 0, missing);
    }

    private static String message(String className, String methodName, String descriptor, int line, String reason) {
        return "cannot instrument " + className.replace('/', '.')
                + (methodName == null ? "" : "." + methodName + descriptor)
                + (line > 0 ? " (line " + line + ")" : "")
                + ": " + reason + "; the class is left as it was (suspending in it will pin the goroutine)";
    }

    public String className() {
        return className;
    }

    public String methodName() {
        return methodName;
    }

    public String descriptor() {
        return descriptor;
    }

    public int line() {
        return line;
    }

    /** The same report, saying that the class {@code missing} (binary name) was missing. */
    InstrumentationException causedByMissing(String missing) {
        return new InstrumentationException(getMessage(), className, methodName, descriptor, line, missing);
    }

    /** The missing class (binary name) that caused the refusal, or null when something else did. */
    public String missingClass() {
        return missingClass;
    }
}
