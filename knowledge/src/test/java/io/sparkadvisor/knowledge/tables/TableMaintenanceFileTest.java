package io.sparkadvisor.knowledge.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.TableMaintenance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableMaintenanceFileTest {
    @Test
    void theLastSuccessfulOptimizeCountsNotAFailedOneOrAVacuum() {
        List<TableMaintenance> tables = TableMaintenanceFile.read(Corpus.dir().resolve("table-maintenance/events-predictive-optimization.json"));
        TableMaintenance events = tables.get(0);
        assertTrue(events.optimizedByDatabricks());
        assertEquals(Optional.of(Instant.parse("2026-12-02T03:10:00Z").toEpochMilli()), events.lastOptimizeMs());
    }

    @Test
    void aTableIsNamedByItsNameOrItsLocation() {
        TableMaintenance t = new TableMaintenance("main.default.events", "s3://lake/events/", true, true, Optional.empty());
        assertTrue(t.names("`main`.`default`.`events`", List.of()));
        assertTrue(t.names("default.events", List.of()), "a plan that leaves the catalog out");
        assertFalse(t.names("events", List.of()), "one part names too little");
        assertFalse(t.names("spark_catalog.default.events", List.of()));
        assertTrue(t.names("spark_catalog.default.events", List.of("s3://lake/events")));
        assertFalse(new TableMaintenance("main.default.events", "s3://lake/events", false, true, Optional.empty()).optimizedByDatabricks(),
                "predictive optimization runs on managed tables only");
    }

    @Test
    void badFilesNameTheProblem(@TempDir Path dir) throws IOException {
        Path noTables = Files.writeString(dir.resolve("t.json"), "{\"operations\": []}");
        assertTrue(assertThrows(TableMaintenanceException.class, () -> TableMaintenanceFile.read(noTables)).getMessage()
                .contains("has no \"tables\" array"));
        Path badTime = Files.writeString(dir.resolve("time.json"), "{\"tables\": [{\"full_name\": \"a.b.c\", \"table_type\": \"MANAGED\"}],"
                + " \"operations\": [{\"catalog_name\": \"a\", \"schema_name\": \"b\", \"table_name\": \"c\", \"operation_type\": \"COMPACTION\","
                + " \"operation_status\": \"SUCCESSFUL\", \"end_time\": \"last week\"}]}");
        assertTrue(assertThrows(TableMaintenanceException.class, () -> TableMaintenanceFile.read(badTime)).getMessage()
                .endsWith("end_time last week is not a timestamp (ISO-8601 UTC, e.g. 2026-12-03T06:41:00Z)"));
    }
}
