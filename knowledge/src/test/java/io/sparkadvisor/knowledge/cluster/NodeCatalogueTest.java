package io.sparkadvisor.knowledge.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the node catalogue and the executor metrics say about disk and memory beyond the heap. */
class NodeCatalogueTest {
    @Test
    void localDiskComesFromTheNodeInstanceTypeAndCountsDisksListedTwiceOnce() throws IOException {
        Map<String, NodeType> types = ClusterJson.nodeTypes(Files.readString(Corpus.dir().resolve("clusters/node-types.json")));
        assertEquals(950, types.get("i3.xlarge").localDiskGb(), "one NVMe disk, listed as local and as NVMe");
        assertEquals(150, types.get("m5d.xlarge").localDiskGb());
        assertFalse(types.get("m5.xlarge").hasLocalDisk(), "EBS only");
        assertFalse(ClusterJson.nodeTypes("{\"node_types\": [{\"node_type_id\": \"x\", \"num_cores\": 4, \"memory_mb\": 1024}]}")
                .get("x").hasLocalDisk(), "a catalogue without node_instance_type says nothing of disks");
    }

    /** Photon works off the JVM heap: its executors' OffHeapUnifiedMemory peak is read beside the heap's. */
    @Test
    void theOffHeapPeakOfAPhotonRunIsRead() {
        Path q88 = Path.of("..", "..", "shared", "real-logs", "NVIDIA__spark-rapids-tools", "spark-events-qualification",
                "nds_q88_photon_db_13_3.zstd");
        assumeTrue(Files.exists(q88), "../shared/real-logs is not beside this checkout");
        long peak = RunFactsReader.read(q88).executors().stream().mapToLong(ExecutorFacts::peakOffHeapUnifiedBytes).max().orElse(0);
        assertEquals(1863062290L, peak, "the largest OffHeapUnifiedMemory of the log's task-end executor metrics");
        assertTrue(Corpus.facts("healthy").executors().stream().allMatch(e -> e.peakOffHeapUnifiedBytes() == 0), "on-heap only");
    }
}
