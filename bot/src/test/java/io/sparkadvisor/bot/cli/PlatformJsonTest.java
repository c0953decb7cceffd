package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code application.platform} in the analyze JSON: keys as far as the log and the cluster JSON tell, omitted when unknown. */
class PlatformJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode platform(String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        assertEquals(0, code, err.toString());
        return JSON.readTree(out.toString()).path("application").path("platform");
    }

    @Test
    void aCorpusLogIsLocal() throws Exception {
        JsonNode p = platform("analyze", Corpus.log("skew").toString(), "--format", "json");
        assertEquals("local", p.path("kind").asText());
        assertFalse(p.path("photon").asBoolean(true));
        assertFalse(p.path("serverless").asBoolean(true));
        assertFalse(p.has("runtime"), p.toString());
        assertFalse(p.has("accessMode"), p.toString());
    }

    @Test
    void aCorpusLogWithTheDedicatedClusterIsDatabricks() throws Exception {
        String clusters = Corpus.dir().resolve("clusters").toString();
        JsonNode p = platform("analyze", Corpus.log("io-bound").toString(), "--format", "json", "--cluster",
                clusters + "/aws-i3-dedicated.json", "--node-types", clusters + "/node-types.json");
        assertEquals("databricks", p.path("kind").asText());
        assertEquals("15.4.x-scala2.12", p.path("runtime").asText());
        assertEquals("SINGLE_USER", p.path("accessMode").asText());
        assertFalse(p.path("photon").asBoolean(true));
        assertFalse(p.path("serverless").asBoolean(true));
    }

    @Test
    void thePhotonLogIsDatabricksWithPhoton() throws Exception {
        JsonNode p = platform("analyze", ExternalLogs.path("spark-rapids-tools/nds_q88_photon_db_13_3.zstd").toString(),
                "--format", "json");
        assertEquals("databricks", p.path("kind").asText());
        assertEquals("13.3.x-aarch64-photon-scala2.12", p.path("runtime").asText());
        assertTrue(p.path("photon").asBoolean(false));
        assertFalse(p.path("serverless").asBoolean(true));
        assertFalse(p.has("accessMode"), "the log does not tell: " + p);
    }
}
