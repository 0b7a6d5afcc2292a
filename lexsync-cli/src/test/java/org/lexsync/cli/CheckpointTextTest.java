package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Checkpoints printed in words, per protocol. */
class CheckpointTextTest {

    @Test
    void resourceSyncPerSet() {
        assertThat(CheckpointText.describe("rs1 http://h/rs/capabilitylist.xml d=1 b=2024-01-01T00:18:56Z"
                + " t=2024-01-01T00:40:29Z k=1 u=http://h/a\nrs1 http://h/b/cl.xml d=0 b=- t=- k=0 u=-"))
                .containsExactly("ResourceSync http://h/rs/capabilitylist.xml: baseline of 2024-01-01T00:18:56Z done,"
                                + " changes applied up to 2024-01-01T00:40:29Z (1 of the changes at that time, the last"
                                + " http://h/a)",
                        "ResourceSync http://h/b/cl.xml: no complete baseline");
    }

    @Test
    void allChangesAtTheTimeNeedNoCount() {
        assertThat(CheckpointText.describe("rs1 http://h/c.xml d=1 b=2024-01-01T00:00:00Z t=2024-02-01T00:00:00Z k=-1 u=-"))
                .containsExactly("ResourceSync http://h/c.xml: baseline of 2024-01-01T00:00:00Z done, changes applied"
                        + " up to 2024-02-01T00:00:00Z");
    }

    @Test
    void atomAndEli() {
        assertThat(CheckpointText.describe("2024-01-01T08:15:00Z http://x/publ/sfs/2024:4"))
                .containsExactly("feed entries up to 2024-01-01T08:15:00Z (the last: http://x/publ/sfs/2024:4)");
        assertThat(CheckpointText.describe("eli:synced=2026-01-05T08:00:00Z"))
                .containsExactly("Sitemap and update feed synced up to 2026-01-05T08:00:00Z");
    }

    @Test
    void unknownFormsAreShownAsTheyAre() {
        assertThat(CheckpointText.describe("something else")).containsExactly("something else");
        assertThat(CheckpointText.describe(null)).isEmpty();
    }
}
