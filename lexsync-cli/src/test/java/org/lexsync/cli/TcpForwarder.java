package org.lexsync.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay from an address other processes can reach (the root side of the chaos test's network namespaces) to a
 * server that listens on loopback only (PostgreSQL, S3Proxy, the fixture publishers): the nodes in their namespaces
 * cannot see the root namespace's 127.0.0.1. One virtual thread per direction and connection; closing it cuts every
 * connection.
 */
final class TcpForwarder implements AutoCloseable {
    private final ServerSocket server;
    private final int target;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();

    private TcpForwarder(ServerSocket server, int target) {
        this.server = server;
        this.target = target;
    }

    /** Listens on {@code address} (any free port) and relays each connection to {@code 127.0.0.1:targetPort}. */
    static TcpForwarder start(String address, int targetPort) throws IOException {
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getByName(address), 0), 200);
        TcpForwarder f = new TcpForwarder(server, targetPort);
        Thread.ofVirtual().name("forward-" + targetPort).start(f::accept);
        return f;
    }

    /** The port it listens on. */
    int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket in = server.accept();
                in.setTcpNoDelay(true);
                Socket out = new Socket(InetAddress.getLoopbackAddress(), target);
                out.setTcpNoDelay(true);
                open.add(in);
                open.add(out);
                Thread.ofVirtual().start(() -> pump(in, out));
                Thread.ofVirtual().start(() -> pump(out, in));
            } catch (IOException e) {
                // closed, or the target refused one connection: the client sees its connection end
            }
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException ended) {
            // either side went away
        } finally {
            quietlyClose(from);
            quietlyClose(to);
        }
    }

    private void quietlyClose(Socket s) {
        open.remove(s);
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : open) {
            quietlyClose(s);
        }
    }
}
