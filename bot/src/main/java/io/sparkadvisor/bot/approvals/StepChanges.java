package io.sparkadvisor.bot.approvals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.sparkadvisor.databricks.apply.ClusterChange;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.apply.JobChange;
import io.sparkadvisor.databricks.apply.SettingsChange;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.templates.replies.ApprovalReply;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A step's applicable changes as one edit: of a job cluster, or of the job's own fields (a serverless job's
 * performance_target); code and table changes stay with people.
 */
final class StepChanges {
    private StepChanges() {}

    /** Throws {@link NotApplicableException} for a field the bot does not edit, or a step it cannot make as one edit. */
    static SettingsChange of(ClusterTarget target, Step step) {
        List<Change> applicable = step.changes().stream().filter(Change::applicable).toList();
        List<Change> ofJob = applicable.stream().filter(c -> c.scope().equals("job")).toList();
        if (!ofJob.isEmpty() && ofJob.size() < applicable.size()) {
            throw new NotApplicableException(ApprovalReply.MIXED_STEP.text());
        }
        if (!ofJob.isEmpty()) {
            Map<String, JsonNode> fields = new LinkedHashMap<>();
            ofJob.forEach(c -> fields.put(c.key(), TextNode.valueOf(c.value())));
            return new JobChange(fields);
        }
        if (target instanceof ClusterTarget.NoCluster) {
            throw new NotApplicableException(ApprovalReply.NOT_EDITABLE.text("key", applicable.isEmpty() ? "" : applicable.get(0).key()));
        }
        return ofCluster(target, applicable);
    }

    private static ClusterChange ofCluster(ClusterTarget target, List<Change> applicable) {
        Map<String, String> conf = new HashMap<>();
        Map<String, String> env = new HashMap<>();
        Map<String, String> cluster = new HashMap<>();
        for (Change c : applicable) {
            switch (c.scope()) {
                case "spark_conf" -> conf.put(c.key(), c.value());
                case "spark_env_vars" -> env.put(c.key(), c.value());
                case "cluster" -> cluster.put(c.key(), c.value());
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
