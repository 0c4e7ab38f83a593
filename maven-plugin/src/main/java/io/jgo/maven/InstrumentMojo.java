package io.jgo.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/** {@code jgo:instrument}: rewrites {@code target/classes} in place after compilation (process-classes). */
@Mojo(name = "instrument", defaultPhase = LifecyclePhase.PROCESS_CLASSES,
        requiresDependencyResolution = ResolutionScope.COMPILE, threadSafe = true)
public class InstrumentMojo extends AbstractInstrumentMojo {

    /** The class folder to rewrite. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
    private File classesDirectory;

    @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true, required = true)
    private List<String> classpathElements;

    @Parameter(defaultValue = "${project.build.directory}/jgo/instrument.stamp", readonly = true, required = true)
    private File stamp;

    @Override
    Path classesDirectory() {
        return classesDirectory.toPath();
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
