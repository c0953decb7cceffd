package io.sparkadvisor.knowledge.facts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.sparkadvisor.knowledge.cluster.Cloud;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the application ran, as far as its Spark properties, its plans and (when given) the
 * cluster JSON tell; the cluster JSON wins where both speak. Derived once by
 * {@link io.sparkadvisor.knowledge.cluster.Platforms}. Empty optionals are unknown, not "no":
 * {@code photon} and {@code serverless} are false off Databricks, where they cannot be true.
 *
 * @param kind where Spark ran: Databricks (any {@code spark.databricks.clusterUsageTags.*} property, or a
 *     cluster JSON), else from {@code spark.master}
 * @param runtime the Databricks Runtime ({@code 13.3.x-aarch64-photon-scala2.12})
 * @param accessMode the API's {@code data_security_mode} ({@code SINGLE_USER}, {@code USER_ISOLATION}, ...)
 * @param workers the fixed worker count (0 with autoscaling or when unknown)
 * @param minWorkers autoscaling bounds, 0 without autoscaling
 * @param availability the cloud's availability as Databricks names it ({@code SPOT_WITH_FALLBACK},
 *     {@code ON_DEMAND_AZURE}, {@code PREEMPTIBLE_GCP}, ...)
 * @param spot workers may run on spot (preemptible) capacity
 */
public record PlatformFacts(Kind kind, Optional<String> runtime, Optional<Boolean> photon, Optional<Boolean> serverless,
        Optional<String> accessMode, int workers, int minWorkers, int maxWorkers, Optional<String> availability,
        Optional<Boolean> spot, Optional<String> workerNodeType, Optional<String> driverNodeType, Cloud cloud) {

    public enum Kind {
        DATABRICKS, LOCAL, YARN, KUBERNETES, STANDALONE, UNKNOWN;

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static Kind of(String id) {
            return valueOf(id.toUpperCase(Locale.ROOT));
        }
    }

    public static PlatformFacts unknown() {
        return new PlatformFacts(Kind.UNKNOWN, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), 0,
                0, 0, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Cloud.UNKNOWN);
    }

    public boolean databricks() {
        return kind == Kind.DATABRICKS;
    }

    public boolean autoscaling() {
        return maxWorkers > 0;
    }

    /** True only when Photon is known to be on. */
    public boolean photonOn() {
        return photon.orElse(false);
    }

    /** True only when the compute is known to be serverless. */
    public boolean serverlessOn() {
        return serverless.orElse(false);
    }
}
