package org.lexsync.engine.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy on loopback in front of a real S3 server, for fault tests (issue 31): it passes bytes through unchanged
 * (so the signed Host header still matches), or answers every request with 503, or cuts every response after a few
 * bytes, or closes every connection at once (a store that is down), or lets each request through whole and drops the
 * server's final answer (a put that succeeded in the bucket but failed for the client). Switching the mode closes the open connections,
 * so a kept-alive connection cannot carry a request past the fault.
 */
public final class FaultyS3Proxy implements AutoCloseable {
    /** What the proxy does with the next connections. */
    public enum Mode { PASS, UNAVAILABLE_503, CUT_RESPONSE, DOWN, LOSE_RESPONSE }

    private static final int CUT_AFTER = 300;

    private final ServerSocket server;
    private final InetSocketAddress target;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile Mode mode = Mode.PASS;

    private FaultyS3Proxy(ServerSocket server, InetSocketAddress target) {
        this.server = server;
        this.target = target;
    }

    /** A proxy on a free loopback port forwarding to {@code target}'s host and port. */
    public static FaultyS3Proxy start(URI target) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        FaultyS3Proxy proxy = new FaultyS3Proxy(server, new InetSocketAddress(target.getHost(), target.getPort()));
        Thread.ofVirtual().name("faulty-s3-accept").start(proxy::accept);
        return proxy;
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    /** From now on, {@code next}; the connections open now are closed. */
    public void mode(Mode next) {
        this.mode = next;
        for (Socket s : open) {
            closeQuietly(s);
        }
        open.clear();
    }

    private void accept() {
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException closed) {
                return;
            }
            open.add(client);
            Mode now = mode;
            Thread.ofVirtual().start(() -> serve(client, now));
        }
    }

    private void serve(Socket client, Mode now) {
        try (client) {
            switch (now) {
                case DOWN -> { }
                case UNAVAILABLE_503 -> {
                    // as a real server does, the request is read whole before the answer, so that the client sees
                    // the 503 and not a connection closed under its request body
                    InputStream in = client.getInputStream();
                    String head = readHead(in);
                    long length = contentLength(head);
                    if (length > 0 && !head.toLowerCase(java.util.Locale.ROOT).contains("\r\nexpect: 100-continue")) {
                        in.skipNBytes(length);
                    }
                    byte[] body = "<Error><Code>ServiceUnavailable</Code></Error>".getBytes(StandardCharsets.UTF_8);
                    OutputStream out = client.getOutputStream();
                    out.write(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/xml\r\nContent-Length: "
                            + body.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(body);
                    out.flush();
                }
                case PASS, CUT_RESPONSE -> {
                    try (Socket upstream = new Socket(target.getAddress(), target.getPort())) {
                        open.add(upstream);
                        Thread up = Thread.ofVirtual().start(() -> pipe(client, upstream, Long.MAX_VALUE));
                        pipe(upstream, client, now == Mode.CUT_RESPONSE ? CUT_AFTER : Long.MAX_VALUE);
                        closeQuietly(upstream);
                        up.join();
                    }
                }
                case LOSE_RESPONSE -> {
                    try (Socket upstream = new Socket(target.getAddress(), target.getPort())) {
                        open.add(upstream);
                        Thread up = Thread.ofVirtual().start(() -> pipe(client, upstream, Long.MAX_VALUE));
                        InputStream answers = upstream.getInputStream();
                        OutputStream out = client.getOutputStream();
                        // interim answers (100 Continue) go through, so the client sends its body; the final
                        // answer, written by the server once the request is done, is read and dropped
                        for (String head = readHead(answers); head.startsWith("HTTP/1.1 1"); head = readHead(answers)) {
                            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
                            out.flush();
                        }
                        closeQuietly(client);
                        closeQuietly(upstream);
                        up.join();
                    }
                }
                default -> throw new IllegalStateException(String.valueOf(now));
            }
        } catch (IOException | InterruptedException ignored) {
            // the client sees the connection end, which is the point of a fault
        } finally {
            open.remove(client);
        }
    }

    /** Copies {@code from} to {@code to} until the end or {@code limit} bytes, then closes {@code to}'s output side. */
    private static void pipe(Socket from, Socket to, long limit) {
        byte[] buffer = new byte[16 * 1024];
        long copied = 0;
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; copied < limit && (n = in.read(buffer, 0, (int) Math.min(buffer.length, limit - copied))) > 0; ) {
                out.write(buffer, 0, n);
                out.flush();
                copied += n;
            }
        } catch (IOException ended) {
            // one side closed
        } finally {
            closeQuietly(to);
            closeQuietly(from);
        }
    }

    /** The request line and header fields, up to the empty line (ISO-8859-1, as HTTP/1.1 header bytes are). */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        for (int b; matched < 4 && (b = in.read()) >= 0; ) {
            head.append((char) b);
            matched = b == end[matched] ? matched + 1 : b == '\r' ? 1 : 0;
        }
        return head.toString();
    }

    private static long contentLength(String head) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("Content-Length")) {
                return Long.parseLong(line.substring(colon + 1).trim());
            }
        }
        return 0;
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        mode(Mode.DOWN);
    }
}
