package io.jgo.agent;

/**
 * A {@code -javaagent:jgo-agent.jar=...} option is wrong. The message says which option, where in
 * the option string, what is wrong with it, and lists the valid options. Thrown from
 * {@code premain}, it stops the JVM before the application starts.
 */
public final class AgentOptionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    AgentOptionException(String message) {
        super(message);
    }
}
