package org.lexsync.server;

/**
 * An expected failure of an HTTP request (bad input, missing token, unknown source): the status and a message that
 * names what was wrong. The server answers it as JSON {@code {"status": …, "error": …}}, never with a stack trace.
 */
public final class ApiError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;

    public ApiError(int status, String message) {
        super(message, null, false, false);
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("not an error status: " + status);
        }
        this.status = status;
    }

    /** 400: the request itself is wrong. */
    public static ApiError badRequest(String message) {
        return new ApiError(400, message);
    }

    /** 404: the named thing does not exist. */
    public static ApiError notFound(String message) {
        return new ApiError(404, message);
    }

    public int status() {
        return status;
    }
}
