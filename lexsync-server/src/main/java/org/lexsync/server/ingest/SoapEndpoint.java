package org.lexsync.server.ingest;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.documentgroup.DocumentGroupReader;
import org.lexsync.core.io.TempFiles;
import org.lexsync.core.xml.SafeXmlReader;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.core.xml.XmlWriter;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.GroupUpload;
import org.lexsync.engine.model.IngestError;
import org.lexsync.engine.model.IngestResult;
import org.lexsync.engine.model.IngestSettings;

/**
 * The EUCases seed's own SOAP operation (D2.1 §3.2: {@code string UploadFile(UploadDocumentGroup document)}, a WCF
 * service with basicHttpBinding), so crawlers written for it upload unchanged: SOAP 1.1 at {@code /ServiceEUCases.svc},
 * action {@code http://tempuri.org/IServiceEUCases/UploadFile}, the {@code UploadFile} element in
 * {@code http://tempuri.org/} holding the {@code document} with its {@code Data} (base64 ZIP) and {@code MetaInfo}
 * (the XML as a string), answered with {@code UploadFileResult} {@code Ok} or {@code Error: …} as the seed did.
 * Those clients send no credentials, so the endpoint answers only when {@code server.soap} names crawlers, and a
 * group only when its crawler is named there with the client's address. MTOM is not read. The message is spooled to
 * disk within the upload cap; its base64 text is held in memory once, within {@link #maxMessageBytes} (WCF's own
 * configuration in §3.2 allows 20 MB messages).
 */
final class SoapEndpoint {
    static final String PATH = "/ServiceEUCases.svc";
    static final String ACTION = "http://tempuri.org/IServiceEUCases/UploadFile";
    static final String SERVICE_NS = "http://tempuri.org/";
    static final String ENVELOPE_NS = "http://schemas.xmlsoap.org/soap/envelope/";
    /** The largest SOAP message read, whatever the upload cap (its text is decoded in memory). */
    static final long MAX_SOAP_BYTES = 64L << 20;

    private final LexSync lexsync;
    private final IngestSettings settings;
    private final Path spool;

    SoapEndpoint(LexSync lexsync, IngestSettings settings, Path spool) {
        this.lexsync = lexsync;
        this.settings = settings;
        this.spool = spool;
    }

    void routes(RoutesConfig routes) {
        if (settings.soapEnabled()) {
            routes.post(PATH, this::upload);
        }
    }

    private long maxMessageBytes() {
        return Math.min(settings.maxUploadBytes(), MAX_SOAP_BYTES);
    }

    private void upload(Context ctx) {
        String remote = ctx.ip();
        if (settings.soap().stream().noneMatch(c -> listed(c.addresses(), remote))) {
            fault(ctx, 403, "soap:Client", "client address " + remote + " may not upload over SOAP (server.soap)");
            return;
        }
        String action = ctx.header("SOAPAction");
        if (action == null || !action.strip().replace("\"", "").equals(ACTION)) {
            fault(ctx, 500, "soap:Client", "SOAPAction must be \"" + ACTION + "\", was " + action);
            return;
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory(spool, "soap-");
            Path message = dir.resolve("message.xml");
            long cap = maxMessageBytes();
            if (ctx.req().getContentLengthLong() > cap) {
                answer(ctx, new IngestError(IngestError.Kind.TOO_LARGE, "the SOAP message is larger than " + cap
                        + " bytes", 0, 0).answer());
                return;
            }
            try (InputStream in = new CappedInputStream(ctx.req().getInputStream(), cap);
                 OutputStream out = Files.newOutputStream(message)) {
                in.transferTo(out);
            }
            Path meta = dir.resolve("metaInfo.xml");
            Path data = dir.resolve("data.zip");
            boolean hasData = read(message, cap, meta, data);
            String crawler = crawler(meta);
            if (crawler == null || settings.soapClient(crawler).map(c -> !listed(c.addresses(), remote)).orElse(true)) {
                IngestError e = IngestError.of(IngestError.Kind.WRONG_CRAWLER, "crawler '" + crawler
                        + "' may not upload over SOAP from " + remote + " (server.soap)");
                lexsync.ingestion().logIngestRefusal(remote, crawler, hasData ? Files.size(data) : 0, e);
                answer(ctx, e.answer());
                return;
            }
            IngestResult r = lexsync.ingestion().ingest(GroupUpload.of(meta, hasData ? data : null, crawler, remote));
            answer(ctx, r.error() == null ? "Ok" : r.error().answer());
        } catch (CappedInputStream.TooLargeException e) {
            answer(ctx, IngestError.of(IngestError.Kind.TOO_LARGE, e.getMessage()).answer());
        } catch (XmlDocumentException | IllegalArgumentException e) {
            fault(ctx, 500, "soap:Client", "not an UploadFile request: " + e.getMessage());
        } catch (IOException e) {
            fault(ctx, 500, "soap:Client", "the message ended early: " + e.getMessage());
        } finally {
            if (dir != null) {
                TempFiles.deleteTreeQuietly(dir);
            }
        }
    }

    /**
     * Reads the envelope: writes {@code MetaInfo} (UTF-8) and the decoded {@code Data}; returns whether Data held
     * bytes. Elements are matched by local name inside {@code UploadFile}, whatever namespace the data contract gave
     * its members.
     */
    private boolean read(Path message, long cap, Path meta, Path data) throws IOException {
        XmlLimits limits = XmlLimits.DEFAULT.withMaxDocumentBytes(cap + 1)
                .withMaxTextLength((int) Math.min(Integer.MAX_VALUE - 16, cap * 4 / 3 + 1024));
        String metaInfo = null;
        String base64 = null;
        boolean inUpload = false;
        try (InputStream in = Files.newInputStream(message);
             SafeXmlReader r = XmlInput.open(in, "SOAP message", limits)) {
            if (r.nextTag() != XMLStreamConstants.START_ELEMENT || !"Envelope".equals(r.getLocalName())
                    || !ENVELOPE_NS.equals(r.getNamespaceURI())) {
                throw new IllegalArgumentException("the root is not a SOAP 1.1 Envelope");
            }
            while (r.hasNext()) {
                int event = r.next();
                if (event != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                String name = r.getLocalName();
                if (name.equals("UploadFile") && SERVICE_NS.equals(r.getNamespaceURI())) {
                    inUpload = true;
                } else if (inUpload && name.equals("MetaInfo")) {
                    metaInfo = r.getElementText();
                } else if (inUpload && name.equals("Data")) {
                    base64 = r.getElementText();
                }
            }
        }
        if (!inUpload) {
            throw new IllegalArgumentException("the Body holds no UploadFile element in " + SERVICE_NS);
        }
        if (metaInfo == null) {
            throw new IllegalArgumentException("UploadFile has no MetaInfo");
        }
        Files.writeString(meta, metaInfo, StandardCharsets.UTF_8);
        if (base64 == null || base64.isBlank()) {
            return false;
        }
        try (InputStream decoded = Base64.getMimeDecoder().wrap(new ByteArrayInputStream(
                base64.strip().getBytes(StandardCharsets.ISO_8859_1)))) {
            Files.copy(decoded, data);
        }
        return Files.size(data) > 0;
    }

    /**
     * True when the client's address is one of {@code addresses}, compared as addresses ({@code ::1} and
     * {@code 0:0:0:0:0:0:0:1} are one), never by resolving a name: an entry that is no IP literal matches only itself.
     */
    static boolean listed(List<String> addresses, String remote) {
        byte[] client = literal(remote);
        for (String a : addresses) {
            byte[] listed = literal(a);
            if (a.equals(remote) || client != null && listed != null && java.util.Arrays.equals(client, listed)) {
                return true;
            }
        }
        return false;
    }

    /** The bytes of an IPv4 or IPv6 literal (brackets allowed), or null for anything else (no lookup). */
    static byte @Nullable [] literal(String text) {
        String t = text.strip();
        if (t.startsWith("[") && t.endsWith("]")) {
            t = t.substring(1, t.length() - 1);
        }
        boolean ipv4 = t.matches("\\d{1,3}(\\.\\d{1,3}){3}");
        boolean ipv6 = t.contains(":") && t.matches("[0-9A-Fa-f:.]+");
        if (!ipv4 && !ipv6) {
            return null;
        }
        try {
            return java.net.InetAddress.getByName(t).getAddress(); // a literal: parsed, not looked up
        } catch (java.net.UnknownHostException e) {
            return null;
        }
    }

    /** The crawler the MetaInfo names, or null when it cannot be read (the engine will say why). */
    private static @Nullable String crawler(Path meta) {
        try (InputStream in = Files.newInputStream(meta)) {
            return DocumentGroupReader.read(in, "MetaInfo").group().crawler();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The seed's answer: {@code UploadFileResult} holding {@code Ok} or {@code Error: …}, HTTP 200. */
    private static void answer(Context ctx, String result) {
        respond(ctx, 200, w -> w.start("", "UploadFileResponse", SERVICE_NS).namespace("", SERVICE_NS)
                .start("", "UploadFileResult", SERVICE_NS).text(result).end().end());
    }

    /** A SOAP 1.1 Fault (§4.4): for requests that are no UploadFile call at all. */
    private static void fault(Context ctx, int status, String code, String message) {
        respond(ctx, status, w -> w.start("s", "Fault", ENVELOPE_NS).start("", "faultcode", "").text(code).end()
                .start("", "faultstring", "").text(message).end().end());
    }

    private interface Body {
        void write(XmlWriter w);
    }

    private static void respond(Context ctx, int status, Body body) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (XmlWriter w = XmlWriter.open(bytes)) {
            w.startDocument();
            w.start("s", "Envelope", ENVELOPE_NS).namespace("s", ENVELOPE_NS).start("s", "Body", ENVELOPE_NS);
            body.write(w);
            w.end().end();
        }
        ctx.status(status).contentType("text/xml; charset=utf-8").result(bytes.toByteArray());
    }
}
