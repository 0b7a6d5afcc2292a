package org.lexsync.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigurationTest {
    private static Source feed(String id, String url) {
        return Source.builder(id, AtomOptions.DEFAULT).url(java.net.URI.create(url)).approved(true).build();
    }

    private static Configuration of(List<Source> sources) {
        return new Configuration(Path.of("lexsync.yaml"), sources, ServerSettings.DEFAULTS);
    }

    @Test
    void findsEachSourceByItsId() {
        List<Source> sources = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            sources.add(feed("feed-" + i, "http://127.0.0.1/feeds/" + i + ".atom"));
        }
        Configuration config = of(sources);
        assertEquals(sources.get(617), config.source("feed-617").orElseThrow());
        assertTrue(config.source("feed-1000").isEmpty());
    }

    @Test
    void aRepeatedIdFindsTheFirstInFileOrder() {
        Source first = feed("a", "http://127.0.0.1/first.atom");
        Configuration config = of(List.of(first, feed("a", "http://127.0.0.1/second.atom")));
        assertEquals(first, config.source("a").orElseThrow());
    }

    @Test
    void theSourcesStayAnUnmodifiableListEqualToTheOneGiven() {
        List<Source> given = new ArrayList<>(List.of(feed("a", "http://127.0.0.1/a.atom"), feed("b", "http://127.0.0.1/b.atom")));
        Configuration config = of(given);
        given.clear(); // a copy was taken
        assertEquals(2, config.sources().size());
        assertEquals(List.of(feed("a", "http://127.0.0.1/a.atom"), feed("b", "http://127.0.0.1/b.atom")), config.sources());
        assertEquals(of(config.sources()), config);
        assertThrows(UnsupportedOperationException.class, () -> config.sources().add(feed("c", "http://127.0.0.1/c.atom")));
    }
}
