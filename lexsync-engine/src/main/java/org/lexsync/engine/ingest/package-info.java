/**
 * The ingestion service's engine part (EUCases D2.1 §3.2, issue 18; docs/architecture.md, "Ingestion"): document
 * groups uploaded by crawlers in any language are validated completely, applied through the shared applier as one
 * transaction each, recognised when re-sent, and logged; and the durable outbox a crawler uploads from. Front ends
 * reach it through the facade {@link org.lexsync.engine.LexSync}.
 */
@NullMarked
package org.lexsync.engine.ingest;

import org.jspecify.annotations.NullMarked;
