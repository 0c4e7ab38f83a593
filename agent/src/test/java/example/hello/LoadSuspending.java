package example.hello;

/** Child-JVM fixture for AgentJarIT: loads (defines, without running) a class that has @Goroutine methods. */
public final class LoadSuspending {

    private LoadSuspending() {
    }

    public static void main(String[] args) throws ClassNotFoundException {
        Class.forName("example.suspend.Sample", false, LoadSuspending.class.getClassLoader());
        System.out.println("loaded");
    }
}
