package org.lexsync.engine.model;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The ingestion service's settings in the {@code server:} section of {@code lexsync.yaml} (issue 18; EUCases D2.1
 * §3.2): the largest upload accepted (streamed to disk, never whole in memory) and the crawlers that may use the
 * seed's SOAP {@code UploadFile} operation — which carries no credentials, so it is off unless a crawler is named,
 * and then only from the client addresses listed for it.
 */
public record IngestSettings(long maxUploadBytes, List<SoapClient> soap) {
    /** 512 MiB. */
    public static final long DEFAULT_MAX_UPLOAD_BYTES = 512L << 20;
    /** No SOAP, the default cap. */
    public static final IngestSettings DEFAULTS = new IngestSettings(DEFAULT_MAX_UPLOAD_BYTES, List.of());

    /** A crawler allowed to upload over SOAP, from these client addresses only (IP literals, as the socket gives them). */
    public record SoapClient(String crawler, List<String> addresses) {
        public SoapClient {
            Objects.requireNonNull(crawler, "crawler");
            addresses = List.copyOf(addresses);
            if (addresses.isEmpty()) {
                throw new IllegalArgumentException("SOAP crawler " + crawler + " needs at least one client address");
            }
        }
    }

    public IngestSettings {
        soap = List.copyOf(soap);
        if (maxUploadBytes < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "max upload bytes must be >= 1, was %d",
                    maxUploadBytes));
        }
    }

    /** True when SOAP uploads are enabled for any crawler. */
    public boolean soapEnabled() {
        return !soap.isEmpty();
    }

    /** The SOAP settings of a crawler, if it may use SOAP. */
    public Optional<SoapClient> soapClient(String crawler) {
        return soap.stream().filter(c -> c.crawler().equals(crawler)).findFirst();
    }

    public IngestSettings withMaxUploadBytes(long value) {
        return new IngestSettings(value, soap);
    }

    public IngestSettings withSoap(List<SoapClient> value) {
        return new IngestSettings(maxUploadBytes, value);
    }
}
