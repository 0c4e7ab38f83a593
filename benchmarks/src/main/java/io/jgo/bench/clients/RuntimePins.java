package io.jgo.bench.clients;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/** The pins counted by the jgo runtimes of this JVM, read from their MXBeans ({@code io.jgo:type=Runtime,*}). */
public final class RuntimePins {

    private RuntimePins() {
    }

    /** The sum over every runtime's {@code Pins}, or -1 if no runtime answers. */
    public static long count() {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            long pins = 0;
            boolean any = false;
            for (ObjectName n : server.queryNames(new ObjectName("io.jgo:type=Runtime,*"), null)) {
                pins += ((Number) server.getAttribute(n, "Pins")).longValue();
                any = true;
            }
            return any ? pins : -1;
        } catch (Exception e) {
            return -1;
        }
    }
}
