package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's training run keeps working as the commands change: every command it runs ends as expected. */
class StartupTrainingTest {
    @TempDir
    Path dir;

    @Test
    void everyTrainingCommandEndsWithItsExpectedExitCode() throws Exception {
        assertThat(StartupTraining.run(dir, 60)).isEmpty();
    }

    @Test
    void copiesTheDriversNativeLibraryForThisPlatform() throws Exception {
        Path lib = StartupTraining.extractSqliteLibrary(dir.resolve("native"));

        assertThat(lib).isNotNull().isRegularFile().hasParent(dir.resolve("native"));
        assertThat(Files.size(lib)).isPositive();
    }
}
