package io.sparkadvisor.knowledge.eventlog;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The member names of one kind of object in the order Spark's JsonProtocol writes them. Jackson
 * compares the bytes of the expected name instead of hashing and looking up every name (most of
 * a task end's parse time); a name out of order, missing or unknown (another Spark version, a
 * rewritten log) is read the usual way and the order picks up after it, so any order reads alike.
 */
final class FieldOrder {
    private final SerializedString[] names;
    private final Map<String, Integer> positions = new HashMap<>();

    FieldOrder(String... names) {
        this.names = new SerializedString[names.length];
        for (int i = 0; i < names.length; i++) {
            this.names[i] = new SerializedString(names[i]);
            positions.put(names[i], i);
        }
    }

    /** Where one object's members are read up to. */
    Cursor start() {
        return new Cursor();
    }

    final class Cursor {
        private int next;

        /** As {@link JsonParser#nextFieldName()}: the next member's name, or null at the object's end. */
        String nextFieldName(JsonParser p) throws IOException {
            if (next >= names.length) {
                return p.nextFieldName();
            }
            if (p.nextFieldName(names[next])) {
                return names[next++].getValue();
            }
            if (p.currentToken() != JsonToken.FIELD_NAME) {
                return null;
            }
            String name = p.currentName();
            Integer at = positions.get(name);
            if (at != null) {
                next = at + 1;
            }
            return name;
        }
    }
}
