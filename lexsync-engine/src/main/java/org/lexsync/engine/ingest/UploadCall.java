package org.lexsync.engine.ingest;

import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.documentgroup.DocumentGroup;
import org.lexsync.engine.model.GroupUpload;
import org.lexsync.engine.model.IngestError;
import org.lexsync.engine.store.GroupWrite;

/** What is known of one upload for its crawler log row, filled in as it is read. */
final class UploadCall {
    final GroupUpload upload;
    final long zipLength;
    @Nullable DocumentGroup group;

    UploadCall(GroupUpload upload, long zipLength) {
        this.upload = upload;
        this.zipLength = zipLength;
    }

    GroupWrite.LogRow row(String outcome, @Nullable IngestError error) {
        return new GroupWrite.LogRow(upload.remote(), group == null ? upload.uploader() : group.crawler(),
                group == null || group.identifier() == null ? null : group.identifier().toLowerCase(Locale.ROOT),
                group == null || group.operation() == null ? null : group.operation().token(), zipLength, outcome,
                error == null ? null : error.kind().className(), error == null ? null : error.message());
    }
}
