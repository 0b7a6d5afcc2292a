package org.lexsync.server.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.GroupUpload;

/**
 * Streams one upload's body to files in its own directory (never whole into memory; docs/architecture.md, invariant
 * 3): the multipart parts {@code metaInfo} and {@code data} (issue 18; the names of the §3.2 service's properties,
 * letter case ignored), or one {@code application/zip} body holding {@code metainfo.xml}. The caller deletes the
 * directory.
 */
final class UploadSpool {
    /** Why a body cannot be taken as an upload: the message names what is wrong. */
    static final class BadUploadException extends Exception {
        private static final long serialVersionUID = 1L;

        BadUploadException(String message) {
            super(message, null, false, false);
        }
    }

    private UploadSpool() {
    }

    /** The spooled upload, named for the engine. */
    static GroupUpload spool(InputStream body, @Nullable String contentType, Path dir, String uploader,
                             @Nullable String remote) throws IOException, BadUploadException {
        String type = contentType == null ? "" : contentType.strip().toLowerCase(Locale.ROOT);
        if (type.startsWith("multipart/form-data")) {
            String boundary = MultipartStream.boundary(contentType);
            if (boundary == null) {
                throw new BadUploadException("multipart/form-data without a usable boundary parameter");
            }
            Path meta = dir.resolve("metaInfo.xml");
            Path data = dir.resolve("data.zip");
            boolean[] seen = new boolean[2];
            new MultipartStream(body, boundary).read(headers -> {
                String name = partName(headers.get("content-disposition"));
                if ("metainfo".equals(name) && !seen[0]) {
                    seen[0] = true;
                    return Files.newOutputStream(meta);
                }
                if ("data".equals(name) && !seen[1]) {
                    seen[1] = true;
                    return Files.newOutputStream(data);
                }
                return OutputStream.nullOutputStream(); // other fields are not ours
            });
            if (!seen[0]) {
                throw new BadUploadException("the multipart body has no part named metaInfo (the MetaInfo XML)");
            }
            return GroupUpload.of(meta, seen[1] ? data : null, uploader, remote);
        }
        if (type.startsWith("application/zip") || type.startsWith("application/x-zip-compressed")) {
            Path zip = dir.resolve("package.zip");
            try (OutputStream out = Files.newOutputStream(zip)) {
                body.transferTo(out);
            }
            return GroupUpload.packaged(zip, uploader, remote);
        }
        throw new BadUploadException("send multipart/form-data with parts metaInfo and data, or an application/zip"
                + " holding " + GroupUpload.PACKAGED_METAINFO + "; Content-Type was "
                + (contentType == null ? "absent" : "'" + contentType + "'"));
    }

    /** The {@code name} parameter of a {@code Content-Disposition: form-data} header, lower-cased (RFC 7578 §4.2). */
    static @Nullable String partName(@Nullable String disposition) {
        if (disposition == null) {
            return null;
        }
        for (String param : disposition.split(";")) {
            String p = param.strip();
            if (p.toLowerCase(Locale.ROOT).startsWith("name=")) {
                String v = p.substring(5);
                if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
                    v = v.substring(1, v.length() - 1);
                }
                return v.toLowerCase(Locale.ROOT);
            }
        }
        return null;
    }
}
