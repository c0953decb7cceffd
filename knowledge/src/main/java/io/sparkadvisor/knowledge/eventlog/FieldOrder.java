package io.sparkadvisor.knowledge.eventlog;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The member names of one kind of object in the order Spark's JsonProtocol writes them. Jackson
 * compares the bytes of the expected name instead of hashing and looking up every name; a name
 * out of order, missing or unknown (another Spark version, a rewritten log) is read the usual way
 * and the order picks up after it, so any order reads alike.
 */
final class FieldOrder {
    /** What {@link Cursor#next} returns at the object's end, and for a name not in the order. */
    static final int END = -2;
    static final int UNKNOWN = -1;

    private final SerializedString[] names;
    private final Map<String, Integer> positions = new HashMap<>();

    FieldOrder(List<String> names) {
        this.names = new SerializedString[names.size()];
        for (int i = 0; i < this.names.length; i++) {
            this.names[i] = new SerializedString(names.get(i));
            positions.put(names.get(i), i);
        }
    }

    /** Where one object's members are read up to. */
    Cursor start() {
        return new Cursor();
    }

    final class Cursor {
        private int next;

        /** As {@link JsonParser#nextFieldName()}, but the next member's position in the order, {@link #UNKNOWN} or {@link #END}. */
        int next(JsonParser p) throws IOException {
            if (next >= names.length) {
                p.nextToken();
            } else if (p.nextFieldName(names[next])) {
                return next++;
            }
            if (p.currentToken() != JsonToken.FIELD_NAME) {
                return END;
            }
            Integer at = positions.get(p.currentName());
            if (at == null) {
                return UNKNOWN;
            }
            next = at + 1;
            return at;
        }
    }
}
