package io.sparkadvisor.knowledge.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every form Spark accepts for a size or a count reads; a value that is neither is absent, never an error. */
class SparkPropertiesTest {
    private static final long MIB = 1L << 20;

    private static SparkProperties of(String key, String value) {
        return new SparkProperties(Map.of(key, value));
    }

    @Test
    void sizesInEveryFormSparkWrites() {
        assertEquals(200L, SparkProperties.parseBytes("200b", 1));
        assertEquals(4L << 30, SparkProperties.parseBytes("4g", MIB));
        assertEquals(4L << 30, SparkProperties.parseBytes("4gb", MIB));
        assertEquals(4L << 30, SparkProperties.parseBytes(" 4G ", MIB));
        assertEquals(64L << 10, SparkProperties.parseBytes("64k", 1));
        assertEquals(Math.round(1.5 * (1L << 40)), SparkProperties.parseBytes("1.5t", 1));
        assertEquals(1024 * MIB, SparkProperties.parseBytes("1024", MIB), "a bare number takes the key's unit");
        assertEquals(Optional.empty(), of("spark.executor.memory", "lots").bytes("spark.executor.memory", MIB));
    }

    @Test
    void attemptsThatFailTheJobFollowTheMaster() {
        assertEquals(4, of("spark.master", "local[2,4]").taskMaxFailures());
        assertEquals(1, of("spark.master", "local[*]").taskMaxFailures(), "local mode without F does not retry");
        assertEquals(1, of("spark.master", "local").taskMaxFailures());
        assertEquals(4, of("spark.master", "yarn").taskMaxFailures(), "Spark's default");
        assertEquals(8, new SparkProperties(Map.of("spark.master", "spark://h:7077", "spark.task.maxFailures", "8")).taskMaxFailures());
        assertEquals(4, new SparkProperties(Map.of("spark.task.maxFailures", "auto")).taskMaxFailures());
    }

    @Test
    void countsReadAndDatabricksAutoIsNotACount() {
        SparkProperties auto = of("spark.sql.shuffle.partitions", "auto");
        assertEquals(Optional.empty(), auto.integer("spark.sql.shuffle.partitions"));
        assertTrue(auto.isAuto("spark.sql.shuffle.partitions"));
        assertEquals(Optional.of(400), of("spark.sql.shuffle.partitions", " 400 ").integer("spark.sql.shuffle.partitions"));
        assertEquals(Optional.empty(), of("spark.executor.cores", "99999999999").integer("spark.executor.cores"));
        assertEquals(1, of("spark.task.cpus", "two").taskCpus(), "an unreadable value falls back to Spark's default");
    }

    @Test
    void fractionsRead() {
        assertEquals(Optional.of(0.6), of("spark.memory.fraction", "0.6").decimal("spark.memory.fraction"));
        assertEquals(Optional.of(0.5), of("spark.memory.fraction", ".5").decimal("spark.memory.fraction"));
        assertEquals(Optional.empty(), of("spark.memory.fraction", "half").decimal("spark.memory.fraction"));
    }
}
