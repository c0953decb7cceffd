package io.sparkadvisor.knowledge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;

/** The one JSON mapping of facts (for {@code spark-advisor facts} and for tools reading it). */
public final class FactsJson {
    public static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new Jdk8Module())
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, false);

    private FactsJson() {}

    public static ObjectWriter prettyWriter() {
        return MAPPER.writerWithDefaultPrettyPrinter();
    }
}
