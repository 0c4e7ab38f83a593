package io.jgo.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/** {@code jgo:instrument-test}: rewrites {@code target/test-classes} in place after test compilation (process-test-classes). */
@Mojo(name = "instrument-test", defaultPhase = LifecyclePhase.PROCESS_TEST_CLASSES,
        requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class InstrumentTestMojo extends AbstractInstrumentMojo {

    /** The test class folder to rewrite. */
    @Parameter(defaultValue = "${project.build.testOutputDirectory}", required = true)
    private File testClassesDirectory;

    @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true, required = true)
    private List<String> classpathElements;

    @Parameter(defaultValue = "${project.build.directory}/jgo/instrument-test.stamp", readonly = true, required = true)
    private File stamp;

    @Override
    Path classesDirectory() {
        return testClassesDirectory.toPath();
    }

    @Override
    List<String> classpathElements() {
        return classpathElements;
    }

    @Override
    Path stampFile() {
        return stamp.toPath();
    }
}
