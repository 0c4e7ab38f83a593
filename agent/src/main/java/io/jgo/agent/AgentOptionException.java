package io.jgo.agent;

/**
 * A {@code -javaagent:jgo-agent.jar=...} option is wrong. The message says which option, where in
 * the option string, what is wrong with it, and lists the valid options. {@link Agent#premain}
 * prints it and stops the JVM with exit status 1 before the application starts.
 */
public final class AgentOptionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    AgentOptionException(String message) {
        super(message);
    }
}
