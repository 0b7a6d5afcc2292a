package org.lexsync.server;

import io.javalin.http.Context;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.ServerSettings;

/**
 * Bearer-token checks for the API (docs/architecture.md, "The server"): mutating endpoints need a token with the
 * right role; reading needs one only when {@code server.open-reads} is false. Tokens are compared in constant time
 * (by {@link AccessToken#matches}) and never logged or echoed. The settings are looked up on every request, so tokens
 * added, removed or rotated by a configuration reload count from the next request on.
 */
public final class Access {
    private final Supplier<ServerSettings> settings;

    Access(Supplier<ServerSettings> settings) {
        this.settings = settings;
    }

    /** Lets the request read, or answers 401. */
    public void requireRead(Context ctx) {
        if (!settings.get().openReads()) {
            presented(ctx);
        }
    }

    /**
     * Lets a request with this {@code Authorization} header (null: none) read, or throws the 401 after handing
     * {@code challenge} the {@code WWW-Authenticate} value to answer with: for handlers outside Javalin's router.
     */
    public void requireRead(@Nullable String authorization, Consumer<String> challenge) {
        if (!settings.get().openReads()) {
            presented(authorization, challenge);
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
        return presented(ctx.header("Authorization"), value -> ctx.header("WWW-Authenticate", value));
    }

    private AccessToken presented(@Nullable String header, Consumer<String> challenge) {
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            challenge.accept("Bearer");
            throw new ApiError(401, "this needs an Authorization: Bearer token (server.tokens in lexsync.yaml)");
        }
        String secret = header.substring(7).strip();
        return settings.get().token(secret).orElseThrow(() -> {
            challenge.accept("Bearer error=\"invalid_token\"");
            return new ApiError(401, "the bearer token is not one of server.tokens".toLowerCase(Locale.ROOT));
        });
    }
}
