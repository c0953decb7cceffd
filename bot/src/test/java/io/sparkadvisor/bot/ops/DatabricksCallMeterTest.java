package io.sparkadvisor.bot.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DatabricksCallMeterTest {
    @Test
    void endpointsAreNamedWithoutVersionOrIds() {
        assertEquals("preview/scim/v2/Users", DatabricksCallMeter.endpoint("/api/2.0/preview/scim/v2/Users"));
        assertEquals("jobs/runs/get", DatabricksCallMeter.endpoint("/api/2.2/jobs/runs/get"));
        assertEquals("permissions/jobs/{id}", DatabricksCallMeter.endpoint("/api/2.0/permissions/jobs/42"));
        assertEquals("sql/statements/{id}", DatabricksCallMeter.endpoint("/api/2.0/sql/statements/01ef8c6e-1234-5678-9abc-def012345678"));
    }
}
