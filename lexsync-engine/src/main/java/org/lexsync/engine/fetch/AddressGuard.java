package org.lexsync.engine.fetch;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Refuses URLs whose host resolves to an address that is not on the public internet (loopback, private, link-local,
 * carrier-grade NAT, unique-local IPv6, multicast, unspecified), so that a hostile source or redirect cannot make a
 * server deployment fetch from its own network (docs/architecture.md, invariant 5). Off for local CLI use. The check
 * resolves the name itself; the HTTP client resolves again, so a DNS answer that changes in between is not caught.
 */
final class AddressGuard {

    private AddressGuard() {
    }

    static void check(URI url) {
        String host = url.getHost();
        if (host == null) {
            throw FetchException.fatal(url, FetchFailure.FORBIDDEN_ADDRESS, "URL has no host: " + url);
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            throw FetchException.transientFailure(url, FetchFailure.CONNECTION, "unknown host " + host, e);
        }
        for (InetAddress a : addresses) {
            if (internal(a)) {
                throw FetchException.fatal(url, FetchFailure.FORBIDDEN_ADDRESS, String.format(Locale.ROOT,
                        "host %s resolves to non-public address %s", host, a.getHostAddress()));
            }
        }
    }

    static boolean internal(InetAddress a) {
        if (a.isLoopbackAddress() || a.isAnyLocalAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress()
                || a.isMulticastAddress()) {
            return true;
        }
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            return first == 0 || first == 100 && second >= 64 && second <= 127 || first == 192 && second == 0 && (b[2] & 0xff) == 0
                    || first >= 240;
        }
        if (a instanceof Inet6Address) {
            return (b[0] & 0xfe) == 0xfc;
        }
        return false;
    }
}
