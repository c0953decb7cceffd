package io.sparkadvisor.bot.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.sparkadvisor.bot.ops.OpsServlet;
import io.sparkadvisor.bot.config.BotSettings;
import io.sparkadvisor.bot.config.Setting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** deploy/kubernetes.yaml and the Dockerfile as an operator would apply them: probes, replicas, secrets, no root. */
class DeploymentManifestTest {
    private static final Path ROOT = Path.of("..");

    @Test
    void theDeploymentProbesRunsTwoAndTakesTokensFromASecret() throws IOException {
        JsonNode deployment = new ObjectMapper(new YAMLFactory()).readTree(ROOT.resolve("deploy/kubernetes.yaml").toFile());
        assertEquals("Deployment", deployment.get("kind").asText());
        assertEquals(2, deployment.at("/spec/replicas").asInt());
        JsonNode pod = deployment.at("/spec/template/spec");
        assertTrue(pod.at("/securityContext/runAsNonRoot").asBoolean());
        assertTrue(pod.at("/securityContext/runAsUser").asInt() > 0);
        JsonNode container = pod.at("/containers/0");
        assertEquals(OpsServlet.HEALTH, container.at("/livenessProbe/httpGet/path").asText());
        assertEquals(OpsServlet.READY, container.at("/readinessProbe/httpGet/path").asText());

        Map<String, JsonNode> env = new HashMap<>();
        container.get("env").forEach(e -> env.put(e.get("name").asText(), e));
        Set<String> declared = BotSettings.ALL.stream().map(Setting::key).collect(Collectors.toSet());
        assertTrue(declared.containsAll(env.keySet()), "every variable set is a declared setting: " + env.keySet());
        for (Setting<?> s : BotSettings.ALL) {
            JsonNode e = env.get(s.key());
            if (e != null && s.secret()) {
                assertTrue(e.at("/valueFrom/secretKeyRef/name").isTextual() && !e.has("value"), s.key() + " comes from a Secret");
            }
        }
        assertTrue(env.keySet().containsAll(Set.of("SLACK_BOT_TOKEN", "DATABRICKS_TOKEN", "DATABASE_URL")), env.keySet().toString());

        Map<String, Integer> ports = new HashMap<>();
        container.get("ports").forEach(p -> ports.put(p.get("name").asText(), p.get("containerPort").asInt()));
        int ops = env.get(BotSettings.OPS_PORT.key()).get("value").asInt();
        for (String probe : List.of("/livenessProbe", "/readinessProbe")) {
            assertEquals(ops, ports.get(container.at(probe + "/httpGet/port").asText()), probe + " reads the ops port, where serve answers it");
        }
        assertEquals(Integer.toString(ops), deployment.at("/spec/template/metadata/annotations/prometheus.io~1port").asText(),
                "the scraper reads /metrics on the ops port");
    }

    @Test
    void theImageRunsAsNonRootWithAHealthCheck() throws IOException {
        String dockerfile = Files.readString(ROOT.resolve("Dockerfile"));
        String user = dockerfile.lines().filter(l -> l.startsWith("USER ")).reduce((a, b) -> b).orElseThrow().substring(5).trim();
        assertTrue(user.matches("[1-9]\\d*"), "a numeric non-root uid, which runAsNonRoot can verify: " + user);
        assertTrue(dockerfile.contains("HEALTHCHECK") && dockerfile.contains(OpsServlet.HEALTH), dockerfile);
    }
}
