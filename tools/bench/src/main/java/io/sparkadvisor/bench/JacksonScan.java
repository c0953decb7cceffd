package io.sparkadvisor.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The floor: every token of the same bytes through the same Jackson version as ours, decoding
 * nothing but field names (which Jackson canonicalises anyway). Counts root objects (events) and
 * task ends, the latter by the first field's value, which is the cheapest way to tell them. A .gz
 * log is inflated on the same thread; the files of a log folder are read one after the other.
 */
final class JacksonScan implements Parser {
    private static final JsonFactory FACTORY = new JsonFactory();

    @Override
    public Outcome parse(Path file) throws Exception {
        long events = 0;
        long tokens = 0;
        int depth = 0;
        for (Path part : LogFiles.of(file)) {
            try (InputStream in = Decompressed.of(Files.newInputStream(part)); JsonParser p = FACTORY.createParser(in)) {
                JsonToken t;
                while ((t = p.nextToken()) != null) {
                    tokens++;
                    switch (t) {
                        case START_OBJECT, START_ARRAY -> {
                            if (depth++ == 0) {
                                events++;
                            }
                        }
                        case END_OBJECT, END_ARRAY -> depth--;
                        default -> { }
                    }
                }
            }
        }
        return new Outcome(events, -1, tokens);
    }
}
