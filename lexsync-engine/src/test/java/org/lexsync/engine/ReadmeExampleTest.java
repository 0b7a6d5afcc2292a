package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * The README's "Use LexSync from Java" example is compiled as it is written and run in a JVM of its own against a
 * fixture ResourceSync source on loopback, so the documented library use keeps working.
 */
class ReadmeExampleTest {
    private static final String HEADING = "## Use LexSync from Java";

    @TempDir
    Path dir;

    @Test
    void theReadmeExampleCompilesAndSyncsASource() throws Exception {
        Path sources = Files.createDirectories(dir.resolve("src"));
        Path javaFile = sources.resolve("SyncOnce.java");
        Files.writeString(javaFile, example(readme()), StandardCharsets.UTF_8);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        String classPath = System.getProperty("java.class.path");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int compiled = javac.run(null, null, null, "-d", classes.toString(), "-cp", classPath, javaFile.toString());
        assertThat(compiled).as("javac exit code").isZero();

        try (FixturePublisher pub = FixturePublisher.builder().resources(3).seed(11).start();
             ResourceSyncSource source = ResourceSyncSource.builder(pub).install()) {
            String java = ProcessHandle.current().info().command().orElse("java");
            Path log = dir.resolve("example.log");
            Process p = new ProcessBuilder(java, "-cp", classes + File.pathSeparator + classPath, "SyncOnce",
                    pub.baseUri().toString(), dir.resolve("data").toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean ended = p.waitFor(120, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(ended).as("the example ended within 2 minutes: " + out).isTrue();
            assertThat(p.exitValue()).as(out).isZero();
            assertThat(out).contains("complete: true").contains("created=3");
            assertThat(out.lines().filter(l -> l.startsWith(pub.baseUri().toString())).count()).as(out).isEqualTo(3);
        }
    }

    private static String example(String readme) {
        int at = readme.indexOf(HEADING);
        assertThat(at).as("README section " + HEADING).isNotNegative();
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertThat(m.find(at)).as("a java block in " + HEADING).isTrue();
        return m.group(1);
    }

    private static String readme() throws IOException {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path readme = d.resolve("README.md");
            if (Files.exists(readme) && Files.readString(readme, StandardCharsets.UTF_8).contains(HEADING)) {
                return Files.readString(readme, StandardCharsets.UTF_8);
            }
        }
        throw new AssertionError("no README.md with " + HEADING + " above " + Path.of("").toAbsolutePath());
    }
}
