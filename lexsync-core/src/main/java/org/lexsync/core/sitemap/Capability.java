package org.lexsync.core.sitemap;

/**
 * The values of the ResourceSync {@code capability} attribute (ResourceSync §7, Table 3): what a document
 * (on the root {@code rs:md}) or a linked document (on an entry's {@code rs:md}) is. Whether a document is
 * an index is told by its root element ({@link RootKind#SITEMAPINDEX}), not by the capability.
 */
public enum Capability {
    DESCRIPTION("description"),
    CAPABILITYLIST("capabilitylist"),
    RESOURCELIST("resourcelist"),
    CHANGELIST("changelist"),
    RESOURCEDUMP("resourcedump"),
    CHANGEDUMP("changedump"),
    RESOURCEDUMP_MANIFEST("resourcedump-manifest"),
    CHANGEDUMP_MANIFEST("changedump-manifest");

    private final String token;

    Capability(String token) {
        this.token = token;
    }

    /** The attribute value, e.g. {@code resourcedump-manifest}. */
    public String token() {
        return token;
    }

    /** True for the capabilities that describe changes over an interval (from/until), §12-13. */
    public boolean isChangeCapability() {
        return this == CHANGELIST || this == CHANGEDUMP || this == CHANGEDUMP_MANIFEST;
    }

    /** True for the capabilities that describe a snapshot (at/completed), §10-11. */
    public boolean isSnapshotCapability() {
        return this == RESOURCELIST || this == RESOURCEDUMP || this == RESOURCEDUMP_MANIFEST;
    }

    /** The capability for an attribute value (exact, as the spec defines them), or null when unknown. */
    public static Capability fromToken(String token) {
        if (token == null) {
            return null;
        }
        return switch (token) {
            case "description" -> DESCRIPTION;
            case "capabilitylist" -> CAPABILITYLIST;
            case "resourcelist" -> RESOURCELIST;
            case "changelist" -> CHANGELIST;
            case "resourcedump" -> RESOURCEDUMP;
            case "changedump" -> CHANGEDUMP;
            case "resourcedump-manifest" -> RESOURCEDUMP_MANIFEST;
            case "changedump-manifest" -> CHANGEDUMP_MANIFEST;
            default -> null;
        };
    }
}
