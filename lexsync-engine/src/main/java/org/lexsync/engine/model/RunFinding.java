package org.lexsync.engine.model;

import org.lexsync.core.findings.Finding;

/** A conformance finding recorded for a run, optionally about one resource. */
public record RunFinding(long runId, String resourceUri, Finding finding) {
}
