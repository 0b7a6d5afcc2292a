package org.lexsync.server.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The upload's parts go to their sinks as the body streams by (Jetty's parser under the adapter). */
class MultipartStreamTest {

    private static byte[] body(byte[] data) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Multipart.part(b, "metaInfo", "metainfo.xml", "application/xml",
                "<metaInfo/>".getBytes(StandardCharsets.UTF_8));
        Multipart.part(b, "data", "group.zip", "application/zip", data);
        b.write(("--" + Multipart.BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return b.toByteArray();
    }

    /** Reads the body into one buffer per part, keyed by the part's Content-Disposition. */
    private static Map<String, ByteArrayOutputStream> read(InputStream in) throws IOException {
        Map<String, ByteArrayOutputStream> parts = new LinkedHashMap<>();
        new MultipartStream(in, Multipart.BOUNDARY).read(headers -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            parts.put(UploadSpool.partName(headers.get("content-disposition")), out);
            return out;
        });
        return parts;
    }

    @Test
    void eachPartsBytesGoToItsSinkWhenTheBodyArrivesOneByteAtATime() throws IOException {
        byte[] data = new byte[200_000];
        new java.util.Random(7).nextBytes(data);
        // the delimiter's own bytes inside the data, short of a whole delimiter
        byte[] near = ("\r\n--" + Multipart.BOUNDARY.substring(0, 10)).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(near, 0, data, 1000, near.length);
        InputStream trickle = new FilterInputStream(new ByteArrayInputStream(body(data))) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, 1));
            }
        };

        Map<String, ByteArrayOutputStream> parts = read(trickle);

        assertThat(parts).containsOnlyKeys("metainfo", "data");
        assertThat(parts.get("metainfo").toString(StandardCharsets.UTF_8)).isEqualTo("<metaInfo/>");
        assertThat(parts.get("data").toByteArray()).isEqualTo(data);
    }

    @Test
    void aBodyCutShortBeforeItsClosingDelimiterIsMalformed() throws IOException {
        byte[] whole = body("zip bytes".getBytes(StandardCharsets.US_ASCII));
        byte[] cut = Arrays.copyOf(whole, whole.length - 20);

        assertThatThrownBy(() -> read(new ByteArrayInputStream(cut)))
                .isInstanceOf(MultipartStream.MalformedBodyException.class).hasMessageContaining("cut short");
    }

    @Test
    void aSinksFailureStopsTheReading() {
        IOException full = new IOException("disk full");
        assertThatThrownBy(() -> new MultipartStream(new ByteArrayInputStream(body(new byte[10])), Multipart.BOUNDARY)
                .read(headers -> new OutputStream() {
                    @Override
                    public void write(int b) throws IOException {
                        throw full;
                    }

                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        throw full;
                    }
                })).isSameAs(full);
    }
}
