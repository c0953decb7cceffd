package io.sparkadvisor.bot.ask;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The nodes and cores of the corpus' cluster files, joined with its node catalogue. */
class ClusterSizeTest {
    static ClusterSize of(String file, boolean catalogue) throws IOException {
        String nodeTypes = Files.readString(Corpus.dir().resolve("clusters/node-types.json"));
        return ClusterSize.of(Optional.of(ClusterJson.parse(Files.readString(Corpus.dir().resolve("clusters").resolve(file)),
                catalogue ? Optional.of(nodeTypes) : Optional.empty())));
    }

    @Test
    void workersAndTheDriverCount() throws IOException {
        assertEquals(new ClusterSize(3, 12), of("aws-i3-dedicated.json", true), "2 workers + driver, i3.xlarge: 4 cores each");
        assertEquals(new ClusterSize(26, 208), of("aws-r5-1core-40g-executors.json", true), "25 r5.2xlarge workers + driver, 8 cores each");
        assertEquals(new ClusterSize(1, 4), of("aws-i3-single-node.json", true), "the driver alone");
        assertEquals(3 * 0.5, new ClusterSize(3, 12).nodeHours(1_800_000), 1e-12);
        assertEquals(12 * 0.5, new ClusterSize(3, 12).coreHours(1_800_000), 1e-12);
    }

    @Test
    void coresAreUnknownWithoutTheCatalogueAndBothWithoutNodes() throws IOException {
        assertEquals(new ClusterSize(3, 0), of("aws-i3-dedicated.json", false));
        assertEquals(ClusterSize.UNKNOWN, of("serverless.json", true));
        assertEquals(ClusterSize.UNKNOWN, ClusterSize.of(Optional.empty()));
    }
}
