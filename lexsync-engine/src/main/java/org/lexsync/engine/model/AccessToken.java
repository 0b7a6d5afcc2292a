package org.lexsync.engine.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A bearer token the server accepts on mutating endpoints (docs/architecture.md, "The server"): who holds it
 * ({@code name}; for role {@link Role#INGEST} the crawler name whose document groups it may write), the SHA-256 of
 * the secret (the secret itself is never kept, so it cannot be logged), and what it may do. {@link #matches}
 * compares in constant time.
 */
public record AccessToken(String name, String sha256, Set<Role> roles) {
    private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");

    /** What a token lets its holder do. */
    public enum Role {
        /** Run, pause and resume sources, reload the configuration. */
        ADMIN,
        /** Upload document groups as the crawler named by the token. */
        INGEST;

        /** The role's name in {@code lexsync.yaml}. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public AccessToken {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sha256, "sha256");
        sha256 = sha256.toLowerCase(Locale.ROOT);
        if (!HEX64.matcher(sha256).matches()) {
            throw new IllegalArgumentException("token " + name + ": sha256 must be 64 hex digits");
        }
        roles = Set.copyOf(roles);
    }

    /** A token whose secret is given in clear text (only its digest is kept). */
    public static AccessToken ofSecret(String name, String secret, Set<Role> roles) {
        return new AccessToken(name, HexFormat.of().formatHex(digest(secret)), roles);
    }

    /** True when {@code presented} is this token's secret; constant time in the secret's content. */
    public boolean matches(String presented) {
        return MessageDigest.isEqual(digest(presented), HexFormat.of().parseHex(sha256));
    }

    /** True when this token carries {@code role}. */
    public boolean has(Role role) {
        return roles.contains(role);
    }

    private static byte[] digest(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    @Override
    public String toString() {
        return "AccessToken[" + name + ", roles=" + roles + "]";
    }
}
