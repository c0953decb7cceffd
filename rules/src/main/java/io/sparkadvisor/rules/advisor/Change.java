package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One setting to change. {@code scope} is spark_conf, spark_env_vars, cluster (num_workers,
 * node_type_id, autoscale.*), job (a field of the job's settings: performance_target), code (the snippet is the value), table (a statement to run) or manual
 * (an instruction for people). {@code manualBecause} says why a setting the bot could write is left to
 * people on this compute (the platform would refuse it, ignore it, or the value is not one it accepts);
 * null when nothing stands in the way.
 */
@JsonIgnoreProperties(value = "applyable", allowGetters = true)
public record Change(String scope, String key, String value,
        @JsonInclude(JsonInclude.Include.NON_NULL) String manualBecause) {

    public Change(String scope, String key, String value) {
        this(scope, key, value, null);
    }

    public static Change sparkConf(String key, Object value) {
        return new Change("spark_conf", key, String.valueOf(value));
    }

    public static Change envVar(String key, Object value) {
        return new Change("spark_env_vars", key, String.valueOf(value));
    }

    public static Change cluster(String key, Object value) {
        return new Change("cluster", key, String.valueOf(value));
    }

    /** A field of the job's own settings, outside any cluster. */
    public static Change job(String key, Object value) {
        return new Change("job", key, String.valueOf(value));
    }

    public static Change code(String what, String snippet) {
        return new Change("code", what, snippet);
    }

    public static Change table(String what, String statement) {
        return new Change("table", what, statement);
    }

    /** A change only people can make: {@code what} names it, {@code instruction} says how. */
    public static Change manual(String what, String instruction) {
        return new Change("manual", what, instruction);
    }

    /** Whether it is an instruction for people rather than a setting, code or a statement. */
    public boolean instruction() {
        return scope.equals("manual");
    }

    /** This setting, left to people for {@code reason}. */
    public Change refused(String reason) {
        return new Change(scope, key, value, reason);
    }

    /** Whether the bot can apply it to a job's settings: a setting (not code, DDL or an instruction) that the platform check let through. */
    @JsonProperty("applyable")
    public boolean applicable() {
        return manualBecause == null && (scope.equals("spark_conf") || scope.equals("spark_env_vars") || scope.equals("cluster")
                || scope.equals("job"));
    }
}
