package org.lexsync.server.dashboard;

import java.net.URI;
import java.nio.file.Path;

/** Opens {@link ConsoleFixture} (package-private to the dashboard's tests) to the API's tests. */
public final class ConsoleFixtures {
    public static final String CYCLE_RULE = ConsoleFixture.CYCLE_RULE;

    private ConsoleFixtures() {
    }

    /** A started console fixture. */
    public static Handle start(Path dir) throws Exception {
        return new Handle(new ConsoleFixture(dir));
    }

    /** The fixture's server address, its ELI acts and its facade. */
    public static final class Handle implements AutoCloseable {
        private final ConsoleFixture fixture;

        Handle(ConsoleFixture fixture) {
            this.fixture = fixture;
        }

        public URI uri(String path) {
            return fixture.uri(path);
        }

        public String eliUri(int number) {
            return fixture.eli.eli(number);
        }

        @Override
        public void close() {
            fixture.close();
        }
    }
}
