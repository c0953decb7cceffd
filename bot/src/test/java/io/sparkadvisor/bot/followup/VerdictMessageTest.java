package io.sparkadvisor.bot.followup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.templates.slack.ApprovalIds;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The next step after a pass comes with the buttons the approval desk answers, on the block it edits. */
class VerdictMessageTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theNextStepHasApproveAndRejectOnItsOwnBlock() throws Exception {
        Step next = new Step(2, List.of(Change.envVar("SPARK_WORKER_CORES", 8), Change.code("tidy up", "df.cache()")), List.of(), "");
        JsonNode blocks = JSON.readTree(VerdictMessage.nextStepBlocks("4301-io-bound-slots", "io-bound-slots", next));

        String section = blocks.get(0).path("text").path("text").asText();
        assertEquals("*Next: step 2 of `io-bound-slots`*\n• spark_env_vars `SPARK_WORKER_CORES` = `8`", section);
        JsonNode actions = blocks.get(1);
        assertEquals(ApprovalIds.blockId("4301-io-bound-slots", 2), actions.path("block_id").asText());
        List<String> buttons = new ArrayList<>();
        actions.path("elements").forEach(b -> buttons.add(b.path("action_id").asText() + "=" + b.path("value").asText()));
        String value = ApprovalIds.value("4301-io-bound-slots", 2);
        assertEquals(List.of(ApprovalIds.APPROVE + "=" + value, ApprovalIds.REJECT + "=" + value), buttons);
    }
}
