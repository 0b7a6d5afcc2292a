package org.lexsync.engine.harvest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HarvestersTest {

    @Test
    void theThreeProtocolsAreFoundOnTheClassPath() {
        assertThat(Harvesters.protocols()).containsExactly("atom", "crawler", "eli", "resourcesync");
    }

    @Test
    void aProtocolIsFoundWhateverItsCase() {
        assertThat(Harvesters.forProtocol("ELI")).get().extracting(Harvester::protocol).isEqualTo("eli");
        assertThat(Harvesters.forProtocol("sitemap")).isEmpty();
        assertThat(Harvesters.forProtocol(null)).isEmpty();
    }

    @Test
    void eachHarvesterSaysWhatASourceOfItsProtocolNeeds() {
        assertThat(Harvesters.forProtocol("eli").orElseThrow().rules().urls()).isEqualTo(2);
        assertThat(Harvesters.forProtocol("atom").orElseThrow().rules().urls()).isEqualTo(1);
        assertThat(Harvesters.forProtocol("resourcesync").orElseThrow().rules().optionKeys()).contains("baseline");
    }

    @Test
    void onlyTheCrawlerHasABlockOfItsOwnInLexsyncYaml() {
        assertThat(Harvesters.all()).filteredOn(h -> h.rules().block() != null)
                .extracting(h -> h.protocol() + ":" + h.rules().block()).containsExactly("crawler:crawler");
    }

    @Test
    void onlyTheEliProtocolsResourcesAreRepublishedAsEli() {
        assertThat(Harvesters.all()).filteredOn(Harvester::eliResources).extracting(Harvester::protocol)
                .containsExactly("eli");
    }
}
