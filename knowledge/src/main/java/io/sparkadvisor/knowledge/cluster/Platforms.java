package io.sparkadvisor.knowledge.cluster;

import io.sparkadvisor.knowledge.facts.PlatformFacts;
import io.sparkadvisor.knowledge.facts.PlatformFacts.Kind;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Derives {@link PlatformFacts} from what the log says (Spark properties: {@code spark.master} and
 * Databricks' {@code spark.databricks.clusterUsageTags.*}; Photon operators in the plans) and, when
 * given, the cluster JSON ({@link ClusterShape}), which wins where both speak.
 */
public final class Platforms {
    static final String TAGS = "spark.databricks.clusterUsageTags.";

    private Platforms() {}

    public static PlatformFacts of(SparkProperties p, List<SqlExecutionFacts> sql, Optional<ClusterShape> cluster,
            String applicationId) {
        Optional<ClusterShape> c = cluster;
        boolean databricksLog = p.values().keySet().stream().anyMatch(k -> k.startsWith(TAGS));
        Kind kind = c.isPresent() || databricksLog ? Kind.DATABRICKS : kindOfMaster(p.master());
        if (kind == Kind.UNKNOWN) {
            kind = kindOfApplication(p, p.get("spark.app.id").orElse(applicationId));
        }
        if (kind != Kind.DATABRICKS) {
            return new PlatformFacts(kind, Optional.empty(), Optional.of(false), Optional.of(false), Optional.empty(), 0, 0,
                    0, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Cloud.UNKNOWN);
        }
        Optional<String> runtime = c.map(ClusterShape::sparkVersion).filter(s -> !s.isBlank())
                .or(() -> tag(p, "sparkVersion")).or(() -> tag(p, "effectiveSparkVersion"));
        Optional<String> workerNode = c.map(ClusterShape::nodeTypeId).filter(s -> !s.isBlank())
                .or(() -> tag(p, "clusterNodeType")).or(() -> nonBlank(p.get("spark.databricks.workerNodeTypeId")));
        Optional<String> driverNode = c.map(ClusterShape::driverNodeTypeId).filter(s -> !s.isBlank())
                .or(() -> tag(p, "driverNodeType")).or(() -> nonBlank(p.get("spark.databricks.driverNodeTypeId")));
        Optional<String> availability = c.map(ClusterShape::availability).filter(s -> !s.isBlank())
                .or(() -> tag(p, "clusterAvailability"));
        Optional<Boolean> serverless = serverless(p, runtime, c);
        // Serverless compute always runs Photon, whatever its runtime name says.
        Optional<Boolean> photon = serverless.orElse(false) ? Optional.of(true) : photon(p, sql, runtime, c);
        return new PlatformFacts(kind, runtime, photon, serverless, accessMode(p, c),
                workers(p, c), c.isPresent() ? c.get().autoscaleMin() : tagInt(p, "clusterMinWorkers", "autoscaling"),
                c.isPresent() ? c.get().autoscaleMax() : tagInt(p, "clusterMaxWorkers", "autoscaling"), availability,
                availability.map(a -> a.contains("SPOT") || a.contains("PREEMPTIBLE")), workerNode, driverNode,
                cloud(p, c, workerNode));
    }

    static Kind kindOfMaster(String master) {
        String m = master.trim().toLowerCase(Locale.ROOT);
        if (m.startsWith("local")) {
            return Kind.LOCAL; // local, local[n], local-cluster[...]: one machine
        }
        if (m.startsWith("yarn")) {
            return Kind.YARN;
        }
        if (m.startsWith("k8s://")) {
            return Kind.KUBERNETES;
        }
        if (m.startsWith("spark://")) {
            return Kind.STANDALONE;
        }
        return Kind.UNKNOWN;
    }

    /** Without a master (some logs were edited): YARN's and local mode's application ids, Kubernetes' properties. */
    static Kind kindOfApplication(SparkProperties p, String applicationId) {
        if (applicationId.startsWith("application_")) {
            return Kind.YARN;
        }
        if (applicationId.startsWith("local-")) {
            return Kind.LOCAL;
        }
        return p.values().keySet().stream().anyMatch(k -> k.startsWith("spark.kubernetes.")) ? Kind.KUBERNETES : Kind.UNKNOWN;
    }

    /**
     * The cluster JSON speaks through {@code runtime_engine} or a photon runtime name; the log through
     * the runtime name, {@code runtimeEngine}, {@code spark.databricks.photon.enabled} or Photon operators in its plans.
     */
    private static Optional<Boolean> photon(SparkProperties p, List<SqlExecutionFacts> sql, Optional<String> runtime,
            Optional<ClusterShape> c) {
        if (c.isPresent()) {
            String engine = c.get().runtimeEngine();
            if (!engine.isBlank()) {
                return Optional.of(engine.equalsIgnoreCase("PHOTON"));
            }
            if (photonRuntime(c.get().sparkVersion())) {
                return Optional.of(true);
            }
            Optional<String> conf = c.get().sparkConf("spark.databricks.photon.enabled");
            if (conf.isPresent()) {
                return conf.map(v -> v.trim().equalsIgnoreCase("true"));
            }
        }
        if (runtime.map(Platforms::photonRuntime).orElse(false)
                || sql.stream().anyMatch(SqlExecutionFacts::photonPlan)
                || tag(p, "runtimeEngine").map(e -> e.equalsIgnoreCase("PHOTON")).orElse(false)
                || p.get("spark.databricks.photon.enabled").map(v -> v.trim().equalsIgnoreCase("true")).orElse(false)) {
            return Optional.of(true);
        }
        if (tag(p, "runtimeEngine").isPresent() || runtime.isPresent()) {
            return Optional.of(false);
        }
        return Optional.empty();
    }

    private static boolean photonRuntime(String runtime) {
        return runtime.toLowerCase(Locale.ROOT).contains("photon");
    }

    /** Serverless when a property or the runtime says so; classic when the log or the cluster names worker nodes. */
    private static Optional<Boolean> serverless(SparkProperties p, Optional<String> runtime, Optional<ClusterShape> c) {
        boolean said = p.values().keySet().stream().anyMatch(k -> k.startsWith("spark.databricks.serverless."))
                || tag(p, "isServerless").map(v -> v.equalsIgnoreCase("true")).orElse(false)
                || runtime.map(r -> r.toLowerCase(Locale.ROOT).contains("serverless")).orElse(false);
        if (said) {
            return Optional.of(true);
        }
        boolean classic = c.map(s -> !s.nodeTypeId().isBlank() || s.numWorkers() > 0 || s.autoscaling()).orElse(false)
                || tag(p, "clusterNodeType").isPresent() || tag(p, "clusterWorkers").isPresent();
        return classic ? Optional.of(false) : Optional.empty();
    }

    /**
     * {@code data_security_mode} from the cluster JSON, else the log's {@code dataSecurityMode} tag, else
     * {@code isSingleUserCluster=true} (dedicated). {@code isSingleUserCluster=false} alone does not tell
     * standard access from no isolation, so it leaves the mode unknown.
     */
    private static Optional<String> accessMode(SparkProperties p, Optional<ClusterShape> c) {
        return c.map(ClusterShape::accessMode).filter(s -> !s.isBlank())
                .or(() -> tag(p, "dataSecurityMode"))
                .or(() -> tag(p, "isSingleUserCluster").filter(v -> v.equalsIgnoreCase("true")).map(v -> "SINGLE_USER"));
    }

    private static int workers(SparkProperties p, Optional<ClusterShape> c) {
        if (c.isPresent()) {
            return c.get().autoscaling() ? 0 : c.get().numWorkers();
        }
        return tag(p, "clusterScalingType").map(t -> t.equalsIgnoreCase("autoscaling")).orElse(false) ? 0
                : tag(p, "clusterWorkers").flatMap(Platforms::integer).orElse(0);
    }

    private static int tagInt(SparkProperties p, String key, String scalingType) {
        boolean autoscaling = tag(p, "clusterScalingType").map(t -> t.equalsIgnoreCase(scalingType)).orElse(false);
        return autoscaling ? tag(p, key).flatMap(Platforms::integer).orElse(0) : 0;
    }

    private static Cloud cloud(SparkProperties p, Optional<ClusterShape> c, Optional<String> workerNode) {
        Cloud fromCluster = c.map(ClusterShape::cloud).orElse(Cloud.UNKNOWN);
        if (fromCluster != Cloud.UNKNOWN) {
            return fromCluster;
        }
        Optional<String> provider = tag(p, "cloudProvider").or(() -> nonBlank(p.get("spark.databricks.cloudProvider")));
        if (provider.isPresent()) {
            switch (provider.get().trim().toUpperCase(Locale.ROOT)) {
                case "AWS": return Cloud.AWS;
                case "AZURE": return Cloud.AZURE;
                case "GCP": return Cloud.GCP;
                default: break;
            }
        }
        return workerNode.map(Cloud::fromNodeTypeId).orElse(Cloud.UNKNOWN);
    }

    private static Optional<String> tag(SparkProperties p, String name) {
        return nonBlank(p.get(TAGS + name));
    }

    private static Optional<String> nonBlank(Optional<String> value) {
        return value.map(String::trim).filter(v -> !v.isEmpty() && !v.startsWith("*********"));
    }

    private static Optional<Integer> integer(String value) {
        try {
            return Optional.of(Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
