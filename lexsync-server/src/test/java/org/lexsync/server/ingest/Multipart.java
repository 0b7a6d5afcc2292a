package org.lexsync.server.ingest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A multipart/form-data body (RFC 7578) with the parts metaInfo and, when given, data, as a crawler sends it. */
public final class Multipart {
    static final String BOUNDARY = "----lexsync-test-7e3f2a";

    private Multipart() {
    }

    public static String contentType() {
        return "multipart/form-data; boundary=" + BOUNDARY;
    }

    static byte[] body(Path metaInfo, Path data) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        part(b, "metaInfo", "metainfo.xml", "application/xml", Files.readAllBytes(metaInfo));
        if (data != null) {
            part(b, "data", "group.zip", "application/zip", Files.readAllBytes(data));
        }
        b.write(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return b.toByteArray();
    }

    static void part(ByteArrayOutputStream b, String name, String file, String type, byte[] bytes) throws IOException {
        b.write(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"; filename=\"" + file
                + "\"\r\nContent-Type: " + type + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        b.write(bytes);
        b.write("\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    public static HttpRequest.BodyPublisher publisher(Path metaInfo, Path data) throws IOException {
        return HttpRequest.BodyPublishers.ofByteArray(body(metaInfo, data));
    }
}
