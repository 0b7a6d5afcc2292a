package org.lexsync.core.sitemap;

/** The values of the ResourceSync {@code change} attribute (ResourceSync §7, §12.1, §13.2). */
public enum ChangeType {
    CREATED("created"),
    UPDATED("updated"),
    DELETED("deleted");

    private final String token;

    ChangeType(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }

    /** The change type for an attribute value, or null when the value is not one the spec defines. */
    public static ChangeType fromToken(String token) {
        if (token == null) {
            return null;
        }
        return switch (token) {
            case "created" -> CREATED;
            case "updated" -> UPDATED;
            case "deleted" -> DELETED;
            default -> null;
        };
    }
}
