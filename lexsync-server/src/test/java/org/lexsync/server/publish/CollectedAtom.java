package org.lexsync.server.publish;

import java.nio.file.Path;
import java.time.Duration;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;

/**
 * The aggregate the publish tests serve: an Atom feed of ten entries (archives of three) on a fixture publisher,
 * collected into a fresh store as source {@link #SOURCE}.
 */
record CollectedAtom(FixturePublisher origin, AtomSource atom, LexSync aggregate) implements AutoCloseable {
    static final String SOURCE = "sfs";

    static CollectedAtom in(Path dir) {
        FixturePublisher origin = FixturePublisher.builder().resources(0).start();
        AtomSource atom = AtomSource.register(origin, "/atom", 3, 200);
        atom.publishNew(10);
        LexSync aggregate = LexSync.builder(dir.resolve("a")).politeness(new Politeness(4, Duration.ZERO)).build();
        aggregate.register(Source.builder(SOURCE, AtomOptions.DEFAULT).url(atom.subscriptionUri()).build());
        aggregate.harvest(SOURCE);
        return new CollectedAtom(origin, atom, aggregate);
    }

    @Override
    public void close() {
        aggregate.close();
        origin.close();
    }
}
