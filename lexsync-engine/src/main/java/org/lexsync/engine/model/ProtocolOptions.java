package org.lexsync.engine.model;

/**
 * A protocol's harvest options, typed: {@link ResourceSyncOptions}, {@link AtomOptions}, {@link EliOptions}, or a
 * further protocol's own record. A front end builds them in code; {@code lexsync.yaml} and the command line give
 * them as text, which each protocol's {@code fromText} reads once, naming the key of a bad value
 * ({@link OptionException}).
 */
public interface ProtocolOptions {

    /** The protocol these options are for, e.g. {@code resourcesync}. */
    String protocol();
}
