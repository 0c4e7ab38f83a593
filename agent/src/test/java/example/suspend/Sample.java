package example.suspend;

import io.jgo.Goroutine;

/** Child-JVM fixture for AgentJarIT: a class the agent must rewrite (a suspendable calling a suspendable). */
public class Sample {

    @Goroutine
    public int outer(int x) {
        int y = x * 2;
        inner();
        return y + 1;
    }

    @Goroutine
    public void inner() {
    }
}
