package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which addresses count as internal for the optional guard (docs/architecture.md, invariant 5). Literals only, no DNS.
 */
class AddressGuardTest {

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1",
        "0.0.0.0", "224.0.0.1", "::1", "fc00::1", "fd12:3456::1", "fe80::1", "::ffff:127.0.0.1"})
    void internalAddressesAreRefused(String literal) throws Exception {
        assertThat(AddressGuard.internal(InetAddress.getByName(literal))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"8.8.8.8", "193.0.6.139", "100.128.0.1", "2001:4860:4860::8888"})
    void publicAddressesPass(String literal) throws Exception {
        assertThat(AddressGuard.internal(InetAddress.getByName(literal))).isFalse();
    }
}
