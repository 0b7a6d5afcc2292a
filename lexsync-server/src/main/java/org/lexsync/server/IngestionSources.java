package org.lexsync.server;

/**
 * Which sources the server does not harvest: those crawlers fill through the ingestion endpoint (protocol
 * {@value #PROTOCOL}, issue 18). They are listed with the others (dashboard, {@code GET /api/sources}) but have no
 * run, pause or resume: there is nothing to schedule.
 */
public final class IngestionSources {
    /** The protocol of a source made by {@code POST /api/document-groups}. */
    public static final String PROTOCOL = "documentgroup";

    private IngestionSources() {
    }

    /** True for a source of {@code protocol} that is ingested, not harvested. */
    public static boolean ingested(String protocol) {
        return PROTOCOL.equals(protocol);
    }
}
