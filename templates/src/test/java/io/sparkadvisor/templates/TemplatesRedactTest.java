package io.sparkadvisor.templates;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.templates.replies.AskReply;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Workspace text reaches a message only through a template's values, so that is where secrets are masked. */
class TemplatesRedactTest {
    private static final String LEAKY = "DB_PASSWORD=EnvVarPw-SECRET-42, jdbc:mysql://meta/hive?user=hive&password=JdbcPwInUrl99, "
            + "{{secrets/etl/db}} and spark.sql.shuffle.partitions=400";

    @Test
    void aSentenceFromACatalogueMasksWhatItIsFilledWith() {
        String text = AskReply.CLUSTER_CHANGED_SINCE.text("runId", 2001, "jobId", 101, "differences", LEAKY);
        assertClean(text);
    }

    @Test
    void blockKitValuesAndFallbackTextAreMasked() {
        SlackMessage error = SlackMessages.error("Databricks refused", LEAKY);
        assertClean(error.blocksJson());
        assertClean(error.text());
        SlackMessage notice = SlackMessages.notice(LEAKY);
        assertClean(notice.text());
        assertClean(notice.blocksJson());
    }

    private static void assertClean(String rendered) {
        List.of("EnvVarPw-SECRET-42", "JdbcPwInUrl99").forEach(s -> assertFalse(rendered.contains(s), s + " in " + rendered));
        List.of("DB_PASSWORD=****", "password=****", "{{secrets/etl/db}}", "spark.sql.shuffle.partitions=400")
                .forEach(kept -> assertTrue(rendered.contains(kept), kept + " not in " + rendered));
    }
}
