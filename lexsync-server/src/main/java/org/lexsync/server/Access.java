package org.lexsync.server;

import io.javalin.http.Context;
import java.util.Locale;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.ServerSettings;

/**
 * Bearer-token checks for the API (docs/architecture.md, "The server"): mutating endpoints need a token with the
 * right role; reading needs one only when {@code server.open-reads} is false. Tokens are compared in constant time
 * (by {@link AccessToken#matches}) and never logged or echoed.
 */
public final class Access {
    private final ServerSettings settings;

    Access(ServerSettings settings) {
        this.settings = settings;
    }

    /** Lets the request read, or answers 401. */
    public void requireRead(Context ctx) {
        if (!settings.openReads()) {
            presented(ctx);
        }
    }

    /** The token of a request that must carry one with {@code role}: 401 without a valid token, 403 without the role. */
    public AccessToken require(Context ctx, AccessToken.Role role) {
        AccessToken token = presented(ctx);
        if (!token.has(role)) {
            throw new ApiError(403, "token '" + token.name() + "' does not have role " + role.key());
        }
        return token;
    }

    private AccessToken presented(Context ctx) {
        String header = ctx.header("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            ctx.header("WWW-Authenticate", "Bearer");
            throw new ApiError(401, "this needs an Authorization: Bearer token (server.tokens in lexsync.yaml)");
        }
        String secret = header.substring(7).strip();
        return settings.token(secret).orElseThrow(() -> {
            ctx.header("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            return new ApiError(401, "the bearer token is not one of server.tokens".toLowerCase(Locale.ROOT));
        });
    }
}
