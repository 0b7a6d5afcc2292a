package org.lexsync.engine.fetch;

/** Why a fetch produced no verified bytes; carried by {@link FetchResult.Failed}. */
public enum FetchFailure {
    /** The bytes did not match a digest the source promised. */
    HASH_MISMATCH,
    /** The bytes did not have the length the source promised. */
    LENGTH_MISMATCH,
    /** The server answered a status that is neither success, redirect nor 304. */
    HTTP_STATUS,
    /** The body exceeded the configured maximum size. */
    TOO_LARGE,
    /** More redirects than allowed. */
    TOO_MANY_REDIRECTS,
    /** A redirect led back to a URL already visited in the same chain. */
    REDIRECT_LOOP,
    /** Connect, read (idle) or total timeout. */
    TIMEOUT,
    /** The connection could not be made or broke before a response arrived. */
    CONNECTION,
    /** The URL (or a redirect target) is not http or https. */
    FORBIDDEN_SCHEME,
    /** The host resolves to a private, loopback or otherwise internal address and the guard is on. */
    FORBIDDEN_ADDRESS,
    /** A rule of the host's robots.txt disallows the URL for our user agent. */
    ROBOTS_DISALLOWED,
    /**
     * The host's robots.txt could not be read (a server error or no connection), which RFC 9309 §2.3.1.4 says to
     * take as a complete disallow for now; unlike {@link #ROBOTS_DISALLOWED} it says nothing about the URL.
     */
    ROBOTS_UNAVAILABLE,
    /** The body ended before its announced length or its encoding was cut short. */
    TRUNCATED,
    /**
     * Not tried: the host's circuit breaker is open after too many consecutive connection failures or timeouts
     * in this run ({@link Fetcher.Builder#unreachableAfter(int)}); the item is retried by a later run.
     */
    HOST_UNREACHABLE,
    /** The calling thread was interrupted. */
    INTERRUPTED
}
