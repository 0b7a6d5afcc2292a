package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An installation whose jars were packed without directory entries hides the store's migrations from Flyway (a class
 * loader lists {@code db/migration} only through its entry): {@code lexsync serve} on a fresh store then stops with
 * exit code 4 and says the installation holds no migrations, instead of creating an empty schema and failing on the
 * first missing table. The real launcher in a copy of the checkout's layout whose jars lack those entries.
 */
class MissingMigrationsTest {
    @TempDir
    Path dir;

    @Test
    void serveFromJarsWithoutDirectoryEntriesSaysTheMigrationsAreMissing() throws Exception {
        Path launcher = LauncherCopy.install(dir.resolve("install"), false);
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "sources: []\n", StandardCharsets.UTF_8);
        Path log = dir.resolve("serve.log");
        ProcessBuilder builder = new ProcessBuilder(List.of("bash", launcher.toString(), "serve", "--config",
                config.toString(), "--store", dir.resolve("store").toString(), "--port", "0"))
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("LEXSYNC_STARTUP_CACHE", "off");
        Process serve = builder.start();
        if (!serve.waitFor(120, TimeUnit.SECONDS)) {
            serve.destroyForcibly();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);

        assertThat(serve.exitValue()).as(out).isEqualTo(Main.EXIT_STORE);
        assertThat(out).contains("lexsync: local store error: open database jdbc:sqlite:")
                .contains("this installation of LexSync holds no database migrations")
                .doesNotContain("no such table");
    }
}
