package io.jgo.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** GOMAXPROCS of a runtime changed ({@code Go.maxProcs(n)}, or JMX); the stack trace shows who changed it. */
@Name("jgo.GomaxprocsChange")
@Label("GOMAXPROCS Change")
@Category({"jgo", "Scheduler"})
@Description("GOMAXPROCS of a runtime changed")
final class GomaxprocsChangeEvent extends jdk.jfr.Event {

    @Label("Runtime")
    String runtime;

    @Label("Old GOMAXPROCS")
    int oldValue;

    @Label("New GOMAXPROCS")
    int newValue;
}
