package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.bot.slack.AskText.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What people type, and what the resolver is asked. */
class AskTextTest {
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "https://x.cloud.databricks.com/jobs/7/runs/42?o=1; RUN; https://x.cloud.databricks.com/jobs/7/runs/42?o=1",
        "<https://x.cloud.databricks.com/jobs/7/runs/42|run 42>; RUN; https://x.cloud.databricks.com/jobs/7/runs/42",
        "can you look at <https://x.cloud.databricks.com/jobs/7/runs/42>?; RUN; https://x.cloud.databricks.com/jobs/7/runs/42",
        "<@UBOT> why is nightly-etl slow?; RUN; nightly-etl",
        "<@UBOT> Why is `nightly etl` so expensive; RUN; nightly etl",
        "run:42; RUN; run:42",
        "why 4506; WHY; 4506",
        "<@UBOT> Why `run:4506`?; WHY; run:4506",
        "why <https://x.cloud.databricks.com/jobs/7/runs/42?o=1|run 42>  vs  41; WHY; https://x.cloud.databricks.com/jobs/7/runs/42?o=1 vs 41",
        "<@UBOT> why did nightly-etl take so long?; RUN; nightly-etl",
        "job:history; RUN; job:history",
        "42; RUN; 42",
        "''; HELP; ''",
        "<@UBOT>; HELP; ''",
        "HELP; HELP; ''",
        "history; HISTORY; ''",
        "history nightly-etl; HISTORY; nightly-etl",
        "digest; DIGEST; ''",
        "Digest preview; DIGEST; preview",
        "<@UBOT> digest subscribe <#C0DATA|data> mon 09:00 Europe/Berlin; DIGEST; subscribe <#C0DATA|data> mon 09:00 Europe/Berlin",
        "job:digest; RUN; job:digest",
        "digest-nightly; RUN; digest-nightly"})
    void parses(String text, Kind kind, String query) {
        assertEquals(new AskText(kind, query), AskText.parse(text));
    }
}
