package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PartitioningTest {
    @Test
    void hashPartitioningKeysLoseTheirAttributeIds() {
        Partitioning p = Partitioning.ofExchange("Exchange hashpartitioning(market_id#12L, day#3, 200), ENSURE_REQUIREMENTS, [plan_id=45]");
        assertEquals("hashpartitioning", p.scheme());
        assertEquals(List.of("market_id", "day"), p.keys());
        assertEquals(200, p.numPartitions());
    }

    @Test
    void rangePartitioningKeysLoseTheirSortOrder() {
        Partitioning p = Partitioning.ofExchange("Exchange rangepartitioning(sales_date#4 ASC NULLS FIRST, warehouse#5 DESC NULLS LAST, 64), REPARTITION_BY_NUM, [plan_id=9]");
        assertEquals(List.of("sales_date", "warehouse"), p.keys());
        assertEquals(64, p.numPartitions());
    }

    @Test
    void nestedExpressionsStayWhole() {
        Partitioning p = Partitioning.ofExchange("Exchange hashpartitioning(coalesce(a#1, 0), isnull(a#1), 8), ENSURE_REQUIREMENTS");
        assertEquals(List.of("coalesce(a, 0)", "isnull(a)"), p.keys());
    }

    @Test
    void singlePartitionHasNoKeys() {
        Partitioning p = Partitioning.ofExchange("Exchange SinglePartition, ENSURE_REQUIREMENTS, [plan_id=3]");
        assertEquals("SinglePartition", p.scheme());
        assertEquals(List.of(), p.keys());
        assertEquals(1, p.numPartitions());
    }
}
