package org.lexsync.engine.model;


/** Where an apply run stands, reported after every committed batch (the CLI draws its progress bar from it). */
public record ApplyProgress(String sourceId, long planned, long committed, RunCounts counts) {
}
