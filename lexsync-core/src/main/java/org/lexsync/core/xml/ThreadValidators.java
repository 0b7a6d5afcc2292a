package org.lexsync.core.xml;

import java.util.Map;
import java.util.WeakHashMap;
import javax.xml.XMLConstants;
import javax.xml.validation.Schema;
import javax.xml.validation.Validator;
import javax.xml.validation.ValidatorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

/**
 * The secure {@link Validator} of each schema and the secure SAX reader feeding it, kept per thread between documents:
 * building them costs about as much as validating a small document (an uploaded group's MetaInfo), and each serves
 * one document at a time. They are given back only after a document they finished; a pair that stopped on an
 * exception is dropped. The same holds for the {@link ValidatorHandler}s that {@link SchemaTee} feeds.
 */
final class ThreadValidators {
    private static final ThreadLocal<Map<Schema, Pair>> IDLE = ThreadLocal.withInitial(WeakHashMap::new);
    private static final ThreadLocal<Map<Schema, ValidatorHandler>> IDLE_HANDLERS =
            ThreadLocal.withInitial(WeakHashMap::new);

    /** A validator and the reader that parses for it. */
    record Pair(Validator validator, XMLReader reader) {
    }

    private ThreadValidators() {
    }

    /** This thread's idle pair for {@code schema} (taken out until {@link #giveBack}), or a new one. */
    static Pair take(Schema schema) throws SAXException {
        Pair idle = IDLE.get().remove(schema);
        if (idle != null) {
            return idle;
        }
        Validator v = schema.newValidator();
        v.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        v.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        v.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        return new Pair(v, SchemaErrors.secureReader());
    }

    /** Keeps {@code pair}, which finished a document, for this thread's next document of {@code schema}. */
    static void giveBack(Schema schema, Pair pair) {
        pair.validator().setErrorHandler(null);
        IDLE.get().put(schema, pair);
    }

    /** This thread's idle handler for {@code schema} (taken out until {@link #giveBack(Schema, ValidatorHandler)}). */
    static ValidatorHandler takeHandler(Schema schema) throws SAXException {
        ValidatorHandler idle = IDLE_HANDLERS.get().remove(schema);
        if (idle != null) {
            return idle;
        }
        ValidatorHandler h = schema.newValidatorHandler();
        h.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        h.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        h.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        return h;
    }

    /** Keeps {@code handler}, which finished a document, for this thread's next document of {@code schema}. */
    static void giveBack(Schema schema, ValidatorHandler handler) {
        handler.setErrorHandler(null);
        IDLE_HANDLERS.get().put(schema, handler);
    }
}
