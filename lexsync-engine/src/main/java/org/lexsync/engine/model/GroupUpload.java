package org.lexsync.engine.model;

import java.nio.file.Path;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One upload of a document group to the ingestion service (EUCases D2.1 §3.2), already on local disk: either the
 * MetaInfo XML and the ZIP as two files (the service's {@code MetaInfo} and {@code Data}; no ZIP for a Del), or one
 * ZIP that holds the MetaInfo as {@code metainfo.xml} beside the group's files. The engine consumes neither file; the
 * front end that spooled them deletes them.
 *
 * @param metaInfo   the MetaInfo XML file, or null when the ZIP carries it
 * @param data       the group's ZIP, or null when none was sent
 * @param packaged   true when {@code data} holds {@code metainfo.xml} itself
 * @param uploader   the crawler name the upload's credentials allow (the token's name), or null for any crawler
 * @param remote     the client's address, for the crawler log
 */
public record GroupUpload(@Nullable Path metaInfo, @Nullable Path data, boolean packaged, @Nullable String uploader,
                          @Nullable String remote) {

    /** The name of the MetaInfo entry inside a packaged upload. */
    public static final String PACKAGED_METAINFO = "metainfo.xml";

    public GroupUpload {
        if (packaged) {
            Objects.requireNonNull(data, "a packaged upload needs its ZIP");
            if (metaInfo != null) {
                throw new IllegalArgumentException("a packaged upload carries its MetaInfo inside the ZIP");
            }
        } else {
            Objects.requireNonNull(metaInfo, "metaInfo");
        }
    }

    /** The service's two parts: MetaInfo XML and ZIP (null for a Del). */
    public static GroupUpload of(Path metaInfo, @Nullable Path data, @Nullable String uploader, @Nullable String remote) {
        return new GroupUpload(metaInfo, data, false, uploader, remote);
    }

    /** One ZIP holding {@value #PACKAGED_METAINFO} beside the files. */
    public static GroupUpload packaged(Path zip, @Nullable String uploader, @Nullable String remote) {
        return new GroupUpload(null, zip, true, uploader, remote);
    }
}
