package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.databricks.apply.ClusterChange;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.templates.replies.ApprovalReply;
import java.util.HashMap;
import java.util.Map;

/** A step's applicable changes as one edit of a job cluster; code and table changes stay with people. */
final class StepChanges {
    private StepChanges() {}

    /** Throws {@link NotApplicableException} for a cluster field the bot does not edit. */
    static ClusterChange of(ClusterTarget target, Step step) {
        Map<String, String> conf = new HashMap<>();
        Map<String, String> env = new HashMap<>();
        Map<String, String> cluster = new HashMap<>();
        for (Change c : step.changes().stream().filter(Change::applicable).toList()) {
            switch (c.scope()) {
                case "spark_conf" -> conf.put(c.key(), c.value());
                case "spark_env_vars" -> env.put(c.key(), c.value());
                case "cluster" -> cluster.put(c.key(), c.value());
                // A job setting (a serverless job's performance_target): jobs/update of the job itself, not yet applied here.
                default -> throw new NotApplicableException(ApprovalReply.NOT_EDITABLE.text("key", c.key()));
            }
        }
        for (String key : cluster.keySet()) {
            if (!key.equals("num_workers") && !key.equals("autoscale.min_workers") && !key.equals("autoscale.max_workers")
                    && !key.equals("node_type_id") && !key.equals("driver_node_type_id")) {
                throw new NotApplicableException(ApprovalReply.NOT_EDITABLE.text("key", key));
            }
        }
        return new ClusterChange(target, conf, env, number(cluster.get("num_workers")), number(cluster.get("autoscale.min_workers")),
                number(cluster.get("autoscale.max_workers")), cluster.get("node_type_id"), cluster.get("driver_node_type_id"));
    }

    private static Long number(String value) {
        return value == null ? null : Long.valueOf(value);
    }

    static final class NotApplicableException extends RuntimeException {
        NotApplicableException(String message) {
            super(message);
        }
    }
}
