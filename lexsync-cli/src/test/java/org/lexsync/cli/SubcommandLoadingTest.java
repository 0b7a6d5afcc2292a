package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The command line builds only the named subcommand's model, and still lists every command when none is named. */
class SubcommandLoadingTest {

    @Test
    void aSubcommandIsFoundByItsName() {
        assertThat(Main.subcommandNamed("sync")).isEqualTo(SyncCommand.class);
        assertThat(Main.subcommandNamed("publish")).isEqualTo(PublishCommand.class);
    }

    @Test
    void anOptionOrATypoNamesNoSubcommand() {
        assertThat(Main.subcommandNamed("--help")).isNull();
        assertThat(Main.subcommandNamed("synk")).isNull();
    }

    @Test
    void topLevelHelpStillListsEveryCommand() {
        CliRun r = CliRun.of("--help");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("sync").contains("serve").contains("publish").contains("ingest").contains("check")
                .contains("resources").contains("demo");
    }

    @Test
    void aTypoIsAnsweredWithTheKnownCommands() {
        CliRun r = CliRun.of("synk");

        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("synk");
    }
}
