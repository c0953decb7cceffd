package io.sparkadvisor.knowledge.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Runtime names as the cluster JSON and the logs' tags spell them, against Databricks' release table. */
class RuntimesTest {
    @Test
    void aRuntimeNameGivesItsSparkAndEndOfSupport() {
        Runtimes.Release lts = Runtimes.of("15.4.x-scala2.12").orElseThrow();
        assertEquals("15.4", lts.name());
        assertEquals("3.5", lts.sparkVersion());
        assertEquals(Optional.of(LocalDate.of(2027, 8, 19)), lts.endOfSupport());
        assertEquals("3.2", Runtimes.of("10.4.x-cpu-ml-scala2.12").orElseThrow().sparkVersion());
        assertEquals(Optional.of(LocalDate.of(2025, 10, 19)), Runtimes.of("11.3.x-scala2.12").orElseThrow().endOfSupport());
        assertEquals("3.4", Runtimes.of("13.3.x-aarch64-photon-scala2.12").orElseThrow().sparkVersion());
        assertEquals("4.0", Runtimes.of("17.3.x-scala2.13").orElseThrow().sparkVersion());
    }

    @Test
    void serverlessNonLtsLinesAndOtherNamesAreNotGuessed() {
        assertTrue(Runtimes.of("serverless-15.4.x-scala2.12").isEmpty(), "serverless is versioned by its environment");
        assertEquals(Optional.empty(), Runtimes.of("15.2.x-scala2.12").orElseThrow().endOfSupport(), "a non-LTS line the table no longer lists");
        assertTrue(Runtimes.of("custom:my-image").isEmpty());
        assertTrue(Runtimes.of("7.3.x-scala2.12").isEmpty(), "a line older than the table");
    }

    @Test
    void sparkMinorKeepsMajorAndMinor() {
        assertEquals("4.0", Runtimes.sparkMinor("4.0.1"));
        assertEquals("3.5", Runtimes.sparkMinor("3.5.8"));
    }
}
