package org.lexsync.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * One Linux network namespace per cluster node, for cutting a node off the network while it runs (issue 32's chaos
 * test): a bridge in the root namespace holds {@code 10.A.B.1/24}, and each namespace is joined to it by a veth pair,
 * the node's end holding {@code 10.A.B.(11+i)}. {@link #cut(int)} takes the root end of a node's pair down (its
 * packets go nowhere, its TCP connections stall as on a real partition), {@link #restore(int)} brings it back. Needs
 * root; without it, the test is skipped with a message unless the {@code CI} environment variable is set, in which
 * case it fails. Names carry a random tag so that concurrent builds on one machine do not collide.
 */
final class NodeNamespaces implements AutoCloseable {
    private final String tag;
    private final String subnet;
    private final int nodes;
    private final List<String> created = new ArrayList<>();

    private NodeNamespaces(String tag, String subnet, int nodes) {
        this.tag = tag;
        this.subnet = subnet;
        this.nodes = nodes;
    }

    /** Creates the bridge and {@code nodes} namespaces; skips (or fails under CI) when that is not possible. */
    static NodeNamespaces create(int nodes) throws Exception {
        String why = unavailable();
        if (why != null) {
            if (System.getenv("CI") != null) {
                throw new AssertionError("network namespaces are needed for the partition fault: " + why
                        + "; CI is set, so this test must run (as root)");
            }
            Assumptions.abort("skipping the cluster chaos test: " + why + " (run as root, or set CI to make this a failure)");
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String tag = "lx" + Integer.toHexString(0x1000 + random.nextInt(0xefff));
        String subnet = String.format(Locale.ROOT, "10.%d.%d", 200 + random.nextInt(50), random.nextInt(250));
        NodeNamespaces n = new NodeNamespaces(tag, subnet, nodes);
        try {
            n.build();
        } catch (Exception | AssertionError e) {
            n.close();
            throw e;
        }
        return n;
    }

    private static String unavailable() throws InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "not running as root (user " + System.getProperty("user.name") + ")";
        }
        try {
            Process p = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor() == 0 ? null : "'ip netns list' failed: " + out.strip();
        } catch (IOException e) {
            return "no 'ip' command (" + e.getMessage() + ")";
        }
    }

    private void build() throws Exception {
        ip("link", "add", bridge(), "type", "bridge");
        created.add("link:" + bridge());
        ip("addr", "add", rootAddress() + "/24", "dev", bridge());
        ip("link", "set", bridge(), "up");
        for (int i = 0; i < nodes; i++) {
            ip("netns", "add", namespace(i));
            created.add("netns:" + namespace(i));
            ip("link", "add", rootEnd(i), "type", "veth", "peer", "name", nodeEnd(i));
            created.add("link:" + rootEnd(i));
            ip("link", "set", nodeEnd(i), "netns", namespace(i));
            ip("link", "set", rootEnd(i), "master", bridge());
            ip("link", "set", rootEnd(i), "up");
            ip("netns", "exec", namespace(i), "ip", "addr", "add", nodeAddress(i) + "/24", "dev", nodeEnd(i));
            ip("netns", "exec", namespace(i), "ip", "link", "set", nodeEnd(i), "up");
            ip("netns", "exec", namespace(i), "ip", "link", "set", "lo", "up");
        }
    }

    /** The root namespace's address on the bridge: where the nodes reach PostgreSQL, S3 and the publishers. */
    String rootAddress() {
        return subnet + ".1";
    }

    /** Node {@code i}'s address in its namespace. */
    String nodeAddress(int i) {
        return subnet + "." + (11 + i);
    }

    /** The command prefix that runs a program in node {@code i}'s namespace. */
    List<String> exec(int i) {
        return List.of("ip", "netns", "exec", namespace(i));
    }

    /** Cuts node {@code i} off: its link to the bridge goes down. */
    void cut(int i) throws Exception {
        ip("link", "set", rootEnd(i), "down");
    }

    /** Brings node {@code i}'s link back up. */
    void restore(int i) throws Exception {
        ip("link", "set", rootEnd(i), "up");
    }

    private String bridge() {
        return tag + "br";
    }

    private String namespace(int i) {
        return tag + "n" + i;
    }

    private String rootEnd(int i) {
        return tag + "r" + i;
    }

    private String nodeEnd(int i) {
        return tag + "p" + i;
    }

    private static void ip(String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add("ip");
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " failed: " + out.strip());
        }
    }

    /** Removes the namespaces (their veth ends go with them) and the bridge; best effort. */
    @Override
    public void close() {
        for (int i = created.size() - 1; i >= 0; i--) {
            String[] kind = created.get(i).split(":", 2);
            try {
                if (kind[0].equals("netns")) {
                    ip("netns", "del", kind[1]);
                } else {
                    ip("link", "del", kind[1]);
                }
            } catch (Exception | AssertionError e) {
                // gone already (a veth pair leaves with its namespace)
            }
        }
    }
}
