package io.sparkadvisor.rules.advisor;

/**
 * One setting to change. {@code scope} is spark_conf, spark_env_vars, cluster (num_workers,
 * node_type_id, autoscale.*), code (the snippet is the value) or table (a statement to run).
 */
public record Change(String scope, String key, String value) {
    public static Change sparkConf(String key, Object value) {
        return new Change("spark_conf", key, String.valueOf(value));
    }

    public static Change envVar(String key, Object value) {
        return new Change("spark_env_vars", key, String.valueOf(value));
    }

    public static Change cluster(String key, Object value) {
        return new Change("cluster", key, String.valueOf(value));
    }

    public static Change code(String what, String snippet) {
        return new Change("code", what, snippet);
    }

    public static Change table(String what, String statement) {
        return new Change("table", what, statement);
    }

    /** Whether the bot can apply it to a job's settings (code and table changes are for people). */
    public boolean applicable() {
        return scope.equals("spark_conf") || scope.equals("spark_env_vars") || scope.equals("cluster");
    }
}
