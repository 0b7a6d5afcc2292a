package org.lexsync.engine.rdf;

import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.JsonLdErrorCode;
import com.apicatalog.jsonld.document.Document;
import com.apicatalog.jsonld.document.JsonDocument;
import com.apicatalog.jsonld.http.media.MediaType;
import com.apicatalog.jsonld.loader.DocumentLoader;
import com.apicatalog.jsonld.loader.DocumentLoaderOptions;
import jakarta.json.JsonStructure;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON-LD document loader of the extractor: it never touches the network. Well-known remote contexts
 * are answered from copies bundled as class-path resources; any other remote {@code @context} is refused
 * and remembered, so that the extractor reports it as a finding. One instance per JSON-LD block.
 */
final class BundledContexts implements DocumentLoader {
    /** schema.org's context under every address pages use for it. */
    private static final String SCHEMA_ORG = "schema-org.jsonld";
    private static final Map<String, String> BUNDLED = Map.of(
            "schema.org", SCHEMA_ORG,
            "schema.org/docs/jsonldcontext.jsonld", SCHEMA_ORG,
            "schema.org/docs/jsonldcontext.json", SCHEMA_ORG);
    private static final Map<String, JsonStructure> PARSED = Map.of(SCHEMA_ORG, load(SCHEMA_ORG));

    private final List<URI> refused = new ArrayList<>();
    private final List<URI> substituted = new ArrayList<>();

    @Override
    public Document loadDocument(URI url, DocumentLoaderOptions options) throws JsonLdError {
        String resource = BUNDLED.get(key(url));
        if (resource == null) {
            refused.add(url);
            throw new JsonLdError(JsonLdErrorCode.LOADING_REMOTE_CONTEXT_FAILED,
                    "remote JSON-LD documents are never fetched and no bundled copy exists for " + url);
        }
        substituted.add(url);
        JsonDocument document = JsonDocument.of(MediaType.JSON_LD, PARSED.get(resource));
        document.setDocumentUrl(url);
        return document;
    }

    /** Remote contexts that were asked for and not available. */
    List<URI> refused() {
        return List.copyOf(refused);
    }

    /** Remote contexts answered from a bundled copy. */
    List<URI> substituted() {
        return List.copyOf(substituted);
    }

    /** Scheme-, case- and trailing-slash-insensitive address of a context. */
    private static String key(URI url) {
        String host = url.getHost() == null ? "" : url.getHost().toLowerCase(Locale.ROOT);
        if (host.startsWith("www.")) {
            host = host.substring(4);
        }
        String path = url.getPath() == null ? "" : url.getPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return host + path;
    }

    private static JsonStructure load(String resource) {
        try (InputStream in = BundledContexts.class.getResourceAsStream("contexts/" + resource)) {
            if (in == null) {
                throw new IllegalStateException("bundled JSON-LD context missing from the class path: " + resource);
            }
            return JsonDocument.of(in).getJsonContent().orElseThrow();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JsonLdError e) {
            throw new IllegalStateException("bundled JSON-LD context " + resource + " does not parse", e);
        }
    }
}
