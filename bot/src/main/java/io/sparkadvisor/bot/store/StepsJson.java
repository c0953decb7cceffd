package io.sparkadvisor.bot.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.rules.advisor.Step;
import java.util.List;

/** The {@code steps} column of a recommendation: its steps as posted, in JSON, read by the approvals and the follow-up. */
public final class StepsJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private StepsJson() {}

    public static String write(List<Step> steps) {
        try {
            return JSON.writeValueAsString(steps);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("steps are plain records", e);
        }
    }

    static List<Step> read(String stepsJson) {
        try {
            return JSON.readValue(stepsJson, new TypeReference<List<Step>>() {});
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("steps were written by write()", e);
        }
    }
}
