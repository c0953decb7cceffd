package io.sparkadvisor.bot.hotvalue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The source is parsed again from the evidence at the edge: what a hostile plan puts there never reaches SQL unquoted. */
class HotValueSourceTest {
    private static final String INJECTED_KEY = "inline(array(struct(secret AS market_id, 1L AS rows, 1L AS all_rows))) FROM vault.creds LIMIT 20 --";

    private static Map<String, Object> evidence(String key, String table, String path) {
        Map<String, Object> e = new HashMap<>();
        e.put("partitionKeys", List.of(key));
        e.put("tableFormat", "delta");
        e.put("sourceTable", table);
        e.put("sourcePath", path);
        e.put("hotValueQuery", "SELECT " + key + " FROM vault.creds");
        return e;
    }

    @Test
    void aKeyThatIsAnExpressionIsOfferedNoLookup() {
        Map<String, Object> e = evidence(INJECTED_KEY, "spark_catalog.default.sales", "");
        assertFalse(HotValueSource.offeredFor("skew", e));
        assertThrows(IllegalArgumentException.class, () -> HotValueSource.of(e));
        assertTrue(HotValueSource.offeredFor("skew", evidence("market_id", "", "")));
        assertFalse(HotValueSource.offeredFor("spill", evidence("market_id", "", "")));
    }

    @Test
    void theStatementIsBuiltFromParsedNamesNotFromTheEvidencesQuery() {
        HotValueSource s = HotValueSource.of(evidence("`market-id`", "sales", ""));
        assertEquals(HotValueSource.Kind.TABLE, s.kind());
        assertEquals("spark_catalog.default.sales", s.fullName());
        assertEquals("SELECT `market-id`, COUNT(*) AS rows, SUM(COUNT(*)) OVER () AS all_rows FROM `spark_catalog`.`default`.`sales`"
                + " GROUP BY `market-id` ORDER BY rows DESC LIMIT 20", s.statement().sql());
        assertEquals(List.of(), s.statement().parameters());
        assertEquals(20L, s.statement().rowLimit());
        assertFalse(HotValueSource.kept(evidence("market_id", "sales", "")).containsKey("hotValueQuery"), "the query is not kept");
    }

    @Test
    void aTableNameThatDoesNotParseRunsNothing() {
        HotValueSource s = HotValueSource.of(evidence("market_id", "spark_catalog.default.sales/**/UNION/**/SELECT/**/secret", ""));
        assertFalse(s.runnable());
        assertTrue(s.sql().contains("FROM <table>"), s.sql());
        assertFalse(s.sql().contains("UNION"), s.sql());
    }

    @Test
    void aDeltaLocationWithABacktickStaysOneQuotedIdentifier() {
        HotValueSource s = HotValueSource.of(evidence("market_id", "", "dbfs:/x`; DROP TABLE t; --"));
        assertEquals(HotValueSource.Kind.DELTA_PATH, s.kind());
        assertTrue(s.sql().contains("FROM `delta`.`dbfs:/x``; DROP TABLE t; --` GROUP BY"), s.sql());
        assertFalse(HotValueSource.of(evidence("market_id", "", "dbfs:/x\u202Ey")).runnable(), "an invisible character: not run");
    }
}
