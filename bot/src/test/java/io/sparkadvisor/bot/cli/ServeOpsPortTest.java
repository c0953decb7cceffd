package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.slack.SlackSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The operator's endpoints never share Slack's public port. */
class ServeOpsPortTest {
    private static final SlackSettings HTTP = new SlackSettings("xoxb-1", "signing", null, 3000, null);
    private static final SlackSettings SOCKET_MODE = new SlackSettings("xoxb-1", null, "xapp-1", 3000, null);

    @Test
    void theOpsPortIsItsOwnAndInHttpModeNeverSlacks() {
        assertEquals(9090, ServeCommand.opsPort(Map.of(), HTTP));
        assertEquals(3000, ServeCommand.opsPort(Map.of("SPARK_ADVISOR_OPS_PORT", "3000"), SOCKET_MODE), "Socket Mode takes no request on PORT");

        BadInputException same = assertThrows(BadInputException.class,
                () -> ServeCommand.opsPort(Map.of("SPARK_ADVISOR_OPS_PORT", "3000"), HTTP));
        assertEquals("SPARK_ADVISOR_OPS_PORT is PORT (3000): Slack's requests come to PORT from the internet, so /readyz and /metrics"
                + " need a port of their own; set SPARK_ADVISOR_OPS_PORT to another", same.getMessage());
    }
}
