package org.lexsync.engine.fetch;

/**
 * What one hop of {@link HopClient} answered: the status, the headers and the body,
 * which the caller reads to its end or closes so that the connection can be reused.
 */
record HopResponse(int statusCode, ResponseHeaders headers, TimedBodyStream body) {
}
