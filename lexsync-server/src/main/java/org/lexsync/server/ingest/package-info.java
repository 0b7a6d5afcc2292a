/**
 * The ingestion service of {@code lexsync serve} (EUCases D2.1 §3.2, issue 18; docs/architecture.md, "Ingestion"):
 * {@code POST /api/document-groups} (multipart or one ZIP, streamed to disk within a cap, bearer tokens of role
 * {@code ingest}), {@code GET /api/ingest-log}, and the seed's SOAP {@code UploadFile} at {@code /ServiceEUCases.svc}.
 * Validation and storing happen in the engine, reached through the facade.
 */
@NullMarked
package org.lexsync.server.ingest;

import org.jspecify.annotations.NullMarked;
