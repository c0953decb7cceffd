package io.sparkadvisor.rules.compare;

import io.sparkadvisor.knowledge.Redactor;
import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.SameSetup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A setting the two runs ran with differently: a Spark property that sizes the work, a field of the cluster's shape,
 * the Spark version or Photon. {@code before} or {@code after} is "unset" for a key only one run set.
 *
 * @param scope {@code spark_conf}, {@code cluster}, {@code spark_version} or {@code photon}
 */
public record SettingChange(String scope, String key, String before, String after) {
    static final String UNSET = "unset";

    /** The settings the run changed against the baseline, Spark properties first. */
    static List<SettingChange> between(RunFacts baseline, RunFacts run) {
        List<SettingChange> out = new ArrayList<>();
        Map<String, String> before = SameSetup.workSettings(baseline);
        Map<String, String> after = SameSetup.workSettings(run);
        TreeSet<String> keys = new TreeSet<>(before.keySet());
        keys.addAll(after.keySet());
        keys.forEach(k -> add(out, "spark_conf", k, before.get(k), after.get(k)));
        add(out, "spark_version", "Spark", baseline.application().sparkVersion(), run.application().sparkVersion());
        add(out, "photon", "Photon", photon(baseline), photon(run));
        Map<String, String> shapeBefore = clusterFields(baseline.cluster());
        Map<String, String> shapeAfter = clusterFields(run.cluster());
        TreeSet<String> fields = new TreeSet<>(shapeBefore.keySet());
        fields.addAll(shapeAfter.keySet());
        fields.forEach(k -> add(out, "cluster", k, shapeBefore.get(k), shapeAfter.get(k)));
        return List.copyOf(out);
    }

    private static void add(List<SettingChange> out, String scope, String key, String before, String after) {
        if (!Objects.equals(before, after)) {
            out.add(new SettingChange(scope, key, shown(key, before), shown(key, after)));
        }
    }

    /** A value as a report may show it: masked under a secret's key or shape (text from a log is data). */
    private static String shown(String key, String value) {
        return value == null ? UNSET : Redactor.isSensitiveKey(key) ? Redactor.MASK : Redactor.redact(value);
    }

    private static String photon(RunFacts run) {
        return run.platform().photon().map(on -> on ? "on" : "off").orElse(null);
    }

    /** The shape fields a cluster JSON gives, as text; none without one. */
    private static Map<String, String> clusterFields(Optional<ClusterShape> cluster) {
        Map<String, String> out = new TreeMap<>();
        cluster.ifPresent(c -> {
            Map<String, Function<ClusterShape, Object>> fields = Map.of("node_type_id", ClusterShape::nodeTypeId,
                    "driver_node_type_id", ClusterShape::driverNodeTypeId, "num_workers", ClusterShape::numWorkers,
                    "autoscale.min_workers", ClusterShape::autoscaleMin, "autoscale.max_workers", ClusterShape::autoscaleMax,
                    "availability", ClusterShape::availability, "spark_version", ClusterShape::sparkVersion,
                    "runtime_engine", ClusterShape::runtimeEngine);
            fields.forEach((k, f) -> out.put(k, Objects.toString(f.apply(c), null)));
        });
        return out;
    }

    @Override
    public String toString() {
        return key + " " + before + " -> " + after;
    }
}
