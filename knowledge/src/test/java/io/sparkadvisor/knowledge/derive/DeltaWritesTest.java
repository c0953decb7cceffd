package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.WriteFacts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Delta writes as delta-spark plans them (corpus delta-writes, on Spark 3.5 and 4.0), and the writes Spark measures itself. */
class DeltaWritesTest {

    private static List<WriteFacts> writes(String scenario) {
        return Corpus.facts(scenario).sqlExecutions().stream().flatMap(e -> e.writes().stream()).toList();
    }

    /** delta-spark 3.3.2 on Spark 3.5 and 4.0.0 on Spark 4.0 plan the four writes alike. */
    @ParameterizedTest
    @ValueSource(strings = {"delta-writes", "delta-writes-spark4"})
    void everyDeltaWriteOfTheRealLogIsOneWriteWithItsTableOrLocation(String scenario) {
        List<WriteFacts> writes = writes(scenario);
        assertEquals(List.of("AtomicCreateTableAsSelect", "AppendDataExecV1", "AppendDataExecV1", "SaveIntoDataSourceCommand"),
                writes.stream().map(WriteFacts::command).toList(), "the CTAS's own staged append is not a second write");
        assertEquals(List.of("default.events_w", "default.events_w", "default.events_w", ""),
                writes.stream().map(WriteFacts::table).toList());
        assertEquals("", writes.get(0).location(), "a CTAS names no location");
        assertTrue(writes.get(1).location().endsWith("/warehouse/events_w"), writes.get(1).location());
        assertTrue(writes.get(2).location().endsWith("/warehouse/events_w"), writes.get(2).location());
        assertTrue(writes.get(3).location().endsWith("/delta-written"), writes.get(3).location());
        assertTrue(writes.stream().allMatch(w -> w.filesWritten() == 0 && w.rowsWritten() == 0), "not measured on the node");
    }

    @Test
    void aFileWriteKeepsSparksMetricsAndNamesNoTable() {
        List<WriteFacts> writes = writes("cluster-on-write");
        assertEquals(1, writes.size(), writes.toString());
        assertEquals("", writes.get(0).table());
        assertTrue(writes.get(0).filesWritten() > 0 && writes.get(0).location().endsWith("/clustered"), writes.toString());
    }

    @Test
    void readingADeltaTableIsNoWrite() {
        assertEquals(List.of(), writes("delta-small-files"));
    }

    @Test
    void aTableNameThatIsNoIdentifierIsNotTaken() {
        PlanNode append = new PlanNode(0, -1, "AppendDataExecV1", "AppendDataExecV1 DeltaTableV2(s,file:/t,Some(CatalogTable("
                + "\nTable: t)),Some(a.b.c.d),None,Map()), Project [x#1]", Map.of(), Map.of(), List.of());
        DeltaWrites.Target t = DeltaWrites.of(append, "").orElseThrow();
        assertEquals("", t.table(), "four parts");
        assertEquals("file:/t", t.location());
        PlanNode otherSave = new PlanNode(0, -1, "Execute SaveIntoDataSourceCommand", "Execute SaveIntoDataSourceCommand",
                Map.of(), Map.of(), List.of());
        assertTrue(DeltaWrites.of(otherSave, DeltaWrites.savePath("(2) SaveIntoDataSourceCommand\nArguments: "
                + "org.apache.spark.sql.execution.datasources.jdbc.JdbcRelationProvider@1, [url=x], Append")).isEmpty(),
                "a path write to another source is not Delta's");
    }

}
