package org.lexsync.core.xml;

import java.util.Map;
import java.util.WeakHashMap;
import javax.xml.XMLConstants;
import javax.xml.validation.Schema;
import javax.xml.validation.Validator;
import org.xml.sax.SAXException;

/**
 * The secure {@link Validator} of each schema, kept per thread between documents: building one costs about as much as
 * validating a small document (an uploaded group's MetaInfo), and a validator may serve one document at a time. A
 * validator is given back only after a document it finished; one that stopped on an exception is dropped.
 */
final class ThreadValidators {
    private static final ThreadLocal<Map<Schema, Validator>> IDLE = ThreadLocal.withInitial(WeakHashMap::new);

    private ThreadValidators() {
    }

    /** This thread's idle validator of {@code schema} (taken out until {@link #giveBack}), or a new one. */
    static Validator take(Schema schema) throws SAXException {
        Validator v = IDLE.get().remove(schema);
        if (v != null) {
            return v;
        }
        v = schema.newValidator();
        v.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        v.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        v.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        return v;
    }

    /** Keeps {@code v}, which finished a document, for this thread's next document of {@code schema}. */
    static void giveBack(Schema schema, Validator v) {
        v.setErrorHandler(null);
        IDLE.get().put(schema, v);
    }
}
