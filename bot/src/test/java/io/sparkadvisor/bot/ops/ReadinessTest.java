package io.sparkadvisor.bot.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadinessTest {
    @Test
    void readyWhenEveryPartAnswers() {
        Readiness.Report report = new Readiness(List.of(new Readiness.Part("database", () -> { }),
                new Readiness.Part("slack", () -> { }))).check();
        assertTrue(report.ready());
        assertEquals("ready\ndatabase: ok\nslack: ok\n", report.text());
    }

    @Test
    void aFailingOrHangingPartIsNamedAndTheOthersStillChecked() {
        long started = System.nanoTime();
        Readiness.Report report = new Readiness(List.of(
                new Readiness.Part("database", () -> {
                    throw new SQLException("Connection refused");
                }),
                new Readiness.Part("slack", () -> Thread.sleep(60_000)),
                new Readiness.Part("workspace", () -> { }))).check();
        assertFalse(report.ready());
        assertEquals("failing (SQLException: Connection refused)", report.parts().get("database"));
        assertEquals("failing (no answer within 3 s)", report.parts().get("slack"));
        assertEquals("ok", report.parts().get("workspace"));
        assertTrue(System.nanoTime() - started < Readiness.WITHIN.toNanos() * 2, "a hanging part does not hang the probe");
    }
}
