package io.jgo.bench.net;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A server under test in the network comparison: what it speaks, how {@link NetServer} starts it,
 * and the JVM flags (or CPU confinement) that give it {@code parallelism} carriers or loops.
 */
public enum ServerKind {

    /** jgo: a goroutine per connection, parked on the runtime's poller ({@code io.jgo.net}). */
    ECHO_JGO("echo", "jgo", "a goroutine per connection on io.jgo.net, 128-byte buffer") {
        @Override
        List<String> jvmFlags(int p) {
            return jgoFlags(p);
        }
    },
    /** Loom: a virtual thread per connection on blocking {@code java.net.Socket} streams. */
    ECHO_LOOM("echo", "Loom", "a virtual thread per connection, blocking java.net.Socket, 128-byte buffer") {
        @Override
        List<String> jvmFlags(int p) {
            return loomFlags(p);
        }
    },
    /** Netty 4.2's echo handler (write in channelRead, flush in channelReadComplete) on the NIO transport. */
    ECHO_NETTY_NIO("echo", "Netty-nio", "Netty 4.2 echo handler, NIO transport, p worker loops") {
        @Override
        List<String> jvmFlags(int p) {
            return List.of();
        }
    },
    /** The same handler on Netty's native epoll transport. */
    ECHO_NETTY_EPOLL("echo", "Netty-epoll", "Netty 4.2 echo handler, native epoll transport, p worker loops") {
        @Override
        List<String> jvmFlags(int p) {
            return List.of();
        }
    },
    /** A platform thread per connection on blocking sockets; the JVM confined to p CPUs with taskset. */
    ECHO_PLATFORM("echo", "platform", "a platform thread per connection, blocking java.net.Socket, 128-byte buffer") {
        @Override
        List<String> jvmFlags(int p) {
            return List.of();
        }

        @Override
        List<String> commandPrefix(int p) {
            return taskset(p);
        }
    },
    /** The sample server of {@code io.jgo.samples.http}. */
    HTTP_JGO("http", "jgo", "io.jgo.samples.http.HttpServer: a goroutine per connection, keep-alive") {
        @Override
        List<String> jvmFlags(int p) {
            return jgoFlags(p);
        }
    },
    /** Netty 4.2's HTTP hello-world ({@code HttpServerCodec} and a full response per request) on the native epoll transport. */
    HTTP_NETTY("http", "Netty-epoll", "Netty 4.2 HTTP hello-world (HttpServerCodec, keep-alive), native epoll transport, p worker loops") {
        @Override
        List<String> jvmFlags(int p) {
            return List.of();
        }
    },
    /** The JDK's {@code com.sun.net.httpserver} with a virtual thread per exchange. */
    HTTP_JDK("http", "jdk-httpserver", "com.sun.net.httpserver.HttpServer, newVirtualThreadPerTaskExecutor, keep-alive"
            + " (sun.net.httpserver.maxIdleConnections raised from its default 200, which would close kept-alive connections)") {
        @Override
        List<String> jvmFlags(int p) {
            List<String> flags = new java.util.ArrayList<>(loomFlags(p));
            flags.add("-Dsun.net.httpserver.maxIdleConnections=1000000");
            return flags;
        }
    };

    private final String protocol;
    private final String label;
    private final String how;

    ServerKind(String protocol, String label, String how) {
        this.protocol = protocol;
        this.label = label;
        this.how = how;
    }

    /** {@code echo} or {@code http}: what the load generator sends and checks. */
    public String protocol() {
        return protocol;
    }

    /** Name in the table. */
    public String label() {
        return label;
    }

    /** One line on how it serves. */
    public String how() {
        return how;
    }

    /** Name on the command line: {@code echo-jgo}, {@code echo-netty-epoll}, {@code http-jdk}, ... */
    public String id() {
        return name().toLowerCase().replace('_', '-');
    }

    abstract List<String> jvmFlags(int parallelism);

    /** Words in front of {@code java} (CPU confinement), usually none. */
    List<String> commandPrefix(int parallelism) {
        return List.of();
    }

    public static ServerKind parse(String s) {
        for (ServerKind k : values()) {
            if (k.id().equalsIgnoreCase(s) || k.name().equalsIgnoreCase(s)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown server " + s + "; known: "
                + java.util.Arrays.stream(values()).map(ServerKind::id).toList());
    }

    private static List<String> jgoFlags(int p) {
        return List.of("-Djgo.maxprocs=" + p, "--add-opens", "java.base/java.lang=ALL-UNNAMED");
    }

    private static List<String> loomFlags(int p) {
        return List.of("-Djdk.virtualThreadScheduler.parallelism=" + p, "-Djdk.virtualThreadScheduler.maxPoolSize=" + p);
    }

    private static List<String> taskset(int p) {
        String taskset = null;
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path c = Path.of(dir.isEmpty() ? "." : dir, "taskset");
            if (Files.isExecutable(c)) {
                taskset = c.toString();
                break;
            }
        }
        if (taskset == null || p > Runtime.getRuntime().availableProcessors()) {
            return List.of();
        }
        return List.of(taskset, "-c", p == 1 ? "0" : "0-" + (p - 1));
    }
}
