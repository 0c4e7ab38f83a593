package example.hello;

/** Child-JVM fixture for AgentJarIT: stdout must carry exactly this program's line and nothing from the agent. */
public final class Hello {

    private Hello() {
    }

    public static void main(String[] args) {
        Runnable greet = () -> System.out.println("hello");
        greet.run();
    }
}
