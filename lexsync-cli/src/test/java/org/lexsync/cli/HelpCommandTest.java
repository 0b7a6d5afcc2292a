package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code lexsync help COMMAND…} prints the help of the command at that depth. */
class HelpCommandTest {

    @Test
    void helpOfAProtocolCommandShowsItsOwnOptions() {
        CliRun r = CliRun.of("help", "sync", "resourcesync");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Usage: lexsync sync resourcesync").contains("--baseline").contains("--exclude")
                .contains("--hash").contains("--[no-]delete");
    }

    @Test
    void helpOfEliAndAtom() {
        assertThat(CliRun.of("help", "sync", "eli").out()).startsWith("Usage: lexsync sync eli");
        assertThat(CliRun.of("help", "sync", "atom").out()).startsWith("Usage: lexsync sync atom");
    }

    @Test
    void helpOfATopLevelCommand() {
        assertThat(CliRun.of("help", "export").out()).contains("Usage: lexsync export").contains("--out");
    }

    @Test
    void anUnknownCommandNamesTheKnownOnes() {
        CliRun r = CliRun.of("help", "sync", "oai");

        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("'lexsync sync' has no command 'oai' (commands: atom, resourcesync, eli)");
    }
}
