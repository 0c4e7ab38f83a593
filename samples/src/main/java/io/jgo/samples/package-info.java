/**
 * Small programs to run first. Each is an ordinary {@code main} that calls {@code Go.run}; the
 * samples module rewrites them at build time (jgo-maven-plugin), so they run without the agent:
 * {@code mvn -B -ntp -q package -DskipTests -pl samples -am exec:exec} runs
 * {@link io.jgo.samples.HelloGoroutines}; add {@code -Dsample=WorkerFanOut} for the WaitGroup fan-out, {@code PrimeSieve}, {@code Pipeline}
 * or {@code ThreadToGoroutines} for channels and select; {@code Workload} runs for a while, to watch with JFR, jconsole and {@code -Djgo.dumpOnSignal};
 * {@code EchoServer} and {@code HttpHello} (on {@link io.jgo.samples.http}) serve TCP and HTTP/1.1 with a goroutine per connection.
 */
package io.jgo.samples;
