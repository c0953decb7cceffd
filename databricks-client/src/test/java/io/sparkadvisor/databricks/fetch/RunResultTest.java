package io.sparkadvisor.databricks.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.databricks.fetch.RunSummary.Result;
import org.junit.jupiter.api.Test;

class RunResultTest {
    @Test
    void theJobsApiResultStateIsReadAsAnEnumAndAnythingElseIsOther() {
        assertEquals(Result.SUCCESS, Result.of("SUCCESS"));
        assertEquals(Result.FAILED, Result.of("FAILED"));
        assertEquals(Result.SUCCESS_WITH_FAILURES, Result.of("SUCCESS_WITH_FAILURES"));
        assertEquals(Result.OTHER, Result.of(""), "a run still going has none yet");
        assertEquals(Result.OTHER, Result.of("UPSTREAM_FAILED"));
        assertEquals(Result.OTHER, Result.of("OTHER"), "OTHER is this client's word, not the API's");
    }
}
