package org.lexsync.engine.store;

import org.lexsync.engine.model.StoreUnavailableException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Turns a failed object-store call into the store's typed error (docs/architecture.md, "Exit codes": exit 4), so a
 * harvest stops with a local store error instead of blaming the source: the store is down, slow, answers 5xx or
 * refuses the credentials. The message names the bucket and endpoint, never a credential.
 */
final class S3Failures {
    private S3Failures() {
    }

    static StoreUnavailableException of(S3BlobConfig config, String operation, Exception e) {
        if (e instanceof StoreUnavailableException u) {
            return u;
        }
        return unavailable(config, operation, describe(e), e);
    }

    static StoreUnavailableException unavailable(S3BlobConfig config, String operation, String detail, Throwable cause) {
        String where = config.location() + (config.endpoint() != null ? " at " + config.endpoint() : "");
        return new StoreUnavailableException(StoreUnavailableException.Kind.UNREACHABLE, where, operation,
                "object store " + where + " failed: " + detail, cause);
    }

    static int status(Exception e) {
        return e instanceof S3Exception s ? s.statusCode() : 0;
    }

    private static String describe(Exception e) {
        if (e instanceof S3Exception s) {
            String code = s.awsErrorDetails() != null ? s.awsErrorDetails().errorCode() : null;
            return "HTTP " + s.statusCode() + (code != null ? " " + code : "");
        }
        if (e instanceof SdkException) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            return root == e ? String.valueOf(e.getMessage()) : root.getClass().getSimpleName() + ": " + root.getMessage();
        }
        return e.toString();
    }
}
