package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import org.lexsync.core.findings.Finding;

/** A conformance finding recorded for a run, optionally about one resource. */
public record RunFinding(long runId, @Nullable String resourceUri, Finding finding) {
}
