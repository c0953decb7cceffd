package io.sparkadvisor.databricks.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.RecordedRequest;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Unity Catalog's tables/get through the real SDK against the emulator, and from a recorded folder. */
class CatalogTableTest {
    private static final CatalogTable ORDERS = new CatalogTable("main", "sales", "orders", "MANAGED", "DELTA",
            "abfss://lake@acct.dfs.core.windows.net/orders");

    @Test
    void aKnownTableIsResolvedToItsThreePartsAsUnityCatalogSpellsThem() {
        try (var emulator = WorkspaceEmulator.start(null)) {
            emulator.addTable("main.sales.orders", "DELTA", "abfss://lake@acct.dfs.core.windows.net/orders");
            Workspace workspace = Workspaces.connect(emulator.client(), null);

            assertEquals(Optional.of(ORDERS), workspace.table("Main.Sales.Orders"), "names match in lower case");
            assertEquals("main.sales.orders", ORDERS.fullName());
            List<RecordedRequest> gets = emulator.requests("GET", "/api/2.1/unity-catalog/tables/Main.Sales.Orders");
            assertEquals(1, gets.size(), "the SDK's own path");
        }
    }

    @Test
    void anUnknownTableOrCatalogIsEmptyNotAFailure() {
        try (var emulator = WorkspaceEmulator.start(null)) {
            emulator.addTable("main.sales.orders", "DELTA", null);
            Workspace workspace = Workspaces.connect(emulator.client(), null);

            assertEquals(Optional.empty(), workspace.table("main.sales.refunds"));
            assertEquals(Optional.empty(), workspace.table("vault.secrets.creds"));
            assertTrue(emulator.requests().stream().anyMatch(r -> r.path().endsWith("/main.sales.refunds")));
        }
    }

    @Test
    void aRecordedFolderAnswersFromItsTablesFiles(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("tables"));
        Files.writeString(dir.resolve("tables/main.sales.orders.json"), "{\"full_name\":\"main.sales.orders\",\"catalog_name\":\"main\","
                + "\"schema_name\":\"sales\",\"name\":\"orders\",\"table_type\":\"MANAGED\",\"data_source_format\":\"DELTA\","
                + "\"storage_location\":\"abfss://lake@acct.dfs.core.windows.net/orders\"}");
        Workspace workspace = Workspaces.fromDirectory(dir);

        assertEquals(Optional.of(ORDERS), workspace.table("main.sales.orders"));
        assertEquals(Optional.empty(), workspace.table("main.sales.refunds"));
    }
}
