package org.lexsync.core.sitemap;

import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.namespace.QName;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTime;

/**
 * An {@code rs:md} element (ResourceSync §7, Table 3): on the root it describes the document, on an entry
 * the resource or linked document. Every attribute of Table 3 plus the v1.1 {@code datetime} (time of the
 * change or resource state); other attributes are kept in {@code otherAttributes}. {@code capability} and
 * {@code change} keep the text as written so unknown values survive; {@link #capabilityValue()} and
 * {@link #changeType()} give the typed value. Absent attributes are null; {@code hash} is never null.
 */
public record RsMetadata(String capability, W3cDateTime at, W3cDateTime completed, W3cDateTime from,
                         W3cDateTime until, W3cDateTime datetime, String change, Digests hash, Long length,
                         String type, String path, String encoding, W3cDateTime modified,
                         Map<QName, String> otherAttributes) {

    /** An {@code rs:md} without attributes. */
    public static final RsMetadata EMPTY = builder().build();

    public RsMetadata {
        hash = hash == null ? Digests.NONE : hash;
        otherAttributes = otherAttributes == null || otherAttributes.isEmpty() ? Map.of()
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(otherAttributes));
    }

    /** The typed capability, or null when absent or not a value the spec defines. */
    public Capability capabilityValue() {
        return Capability.fromToken(capability);
    }

    /** The typed change, or null when absent or not a value the spec defines. */
    public ChangeType changeType() {
        return ChangeType.fromToken(change);
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.capability = capability;
        b.at = at;
        b.completed = completed;
        b.from = from;
        b.until = until;
        b.datetime = datetime;
        b.change = change;
        b.hash = hash;
        b.length = length;
        b.type = type;
        b.path = path;
        b.encoding = encoding;
        b.modified = modified;
        b.otherAttributes.putAll(otherAttributes);
        return b;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Fluent construction of an {@link RsMetadata}; every setter accepts null for "absent". */
    public static final class Builder {
        private String capability;
        private W3cDateTime at;
        private W3cDateTime completed;
        private W3cDateTime from;
        private W3cDateTime until;
        private W3cDateTime datetime;
        private String change;
        private Digests hash = Digests.NONE;
        private Long length;
        private String type;
        private String path;
        private String encoding;
        private W3cDateTime modified;
        private final Map<QName, String> otherAttributes = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder capability(Capability value) {
            this.capability = value == null ? null : value.token();
            return this;
        }

        public Builder capability(String value) {
            this.capability = value;
            return this;
        }

        public Builder at(W3cDateTime value) {
            this.at = value;
            return this;
        }

        public Builder completed(W3cDateTime value) {
            this.completed = value;
            return this;
        }

        public Builder from(W3cDateTime value) {
            this.from = value;
            return this;
        }

        public Builder until(W3cDateTime value) {
            this.until = value;
            return this;
        }

        public Builder datetime(W3cDateTime value) {
            this.datetime = value;
            return this;
        }

        public Builder change(ChangeType value) {
            this.change = value == null ? null : value.token();
            return this;
        }

        public Builder change(String value) {
            this.change = value;
            return this;
        }

        public Builder hash(Digests value) {
            this.hash = value;
            return this;
        }

        public Builder length(Long value) {
            if (value != null && value < 0) {
                throw new IllegalArgumentException("length must be >= 0, was " + value);
            }
            this.length = value;
            return this;
        }

        public Builder type(String value) {
            this.type = value;
            return this;
        }

        public Builder path(String value) {
            this.path = value;
            return this;
        }

        public Builder encoding(String value) {
            this.encoding = value;
            return this;
        }

        public Builder modified(W3cDateTime value) {
            this.modified = value;
            return this;
        }

        /** Adds an attribute ResourceSync does not define (communities use their own namespace, §7). */
        public Builder attribute(QName name, String value) {
            otherAttributes.put(name, value);
            return this;
        }

        public RsMetadata build() {
            return new RsMetadata(capability, at, completed, from, until, datetime, change, hash, length, type,
                    path, encoding, modified, otherAttributes);
        }
    }
}
