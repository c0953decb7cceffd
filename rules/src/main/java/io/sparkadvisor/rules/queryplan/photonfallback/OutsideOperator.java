package io.sparkadvisor.rules.queryplan.photonfallback;

import io.sparkadvisor.knowledge.facts.PhotonFallback;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.rules.queryplan.Conjuncts;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One operator that ran outside Photon, with what kept it out: a Python, pandas or JVM UDF (the operator is one
 * of Spark's Python evaluators, or its expression or Photon's reason names a UDF), a sort-merge join Photon's
 * explanation calls unsupported, a source Photon does not read, or else the operator's expression as it is.
 *
 * @param name the operator's Spark name ({@code Project}, {@code BatchEvalPython})
 * @param operator its one-line form with attribute ids removed, cut to a readable length
 * @param cause what kept it out
 * @param unsupported Photon's reasons, when its explanation names this operator
 */
record OutsideOperator(String name, String operator, Cause cause, List<String> unsupported) {
    private static final int MAX_LENGTH = 300;
    private static final Set<String> PYTHON_EVALUATORS = Set.of("BatchEvalPython", "ArrowEvalPython",
            "FlatMapGroupsInPandas", "FlatMapCoGroupsInPandas", "MapInPandas", "MapInArrow", "PythonMapInArrow",
            "AggregateInPandas", "WindowInPandas", "FlatMapGroupsInArrow");
    private static final Pattern UDF = Pattern.compile("(?i)\\b\\w*udf\\b|\\budf\\(|pythonudf|scalaudf");

    enum Cause {
        UDF, SORT_MERGE_JOIN, SOURCE, EXPRESSION;

        String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    static OutsideOperator of(SqlExecutionFacts sql, PhotonFallback f) {
        String oneLine = sql.node(f.nodeId()).map(PlanNode::simpleString).orElse(f.name());
        String readable = Conjuncts.readable(oneLine.trim());
        String operator = readable.length() <= MAX_LENGTH ? readable : readable.substring(0, MAX_LENGTH) + "...";
        return new OutsideOperator(f.name(), operator, cause(f, oneLine), f.unsupported());
    }

    private static Cause cause(PhotonFallback f, String oneLine) {
        String reasons = String.join(" ", f.unsupported());
        if (PYTHON_EVALUATORS.contains(f.name()) || UDF.matcher(oneLine).find() || UDF.matcher(reasons).find()) {
            return Cause.UDF;
        }
        if (f.name().equals("SortMergeJoin") && !f.unsupported().isEmpty()) {
            return Cause.SORT_MERGE_JOIN;
        }
        return f.name().contains("Scan") ? Cause.SOURCE : Cause.EXPRESSION;
    }
}
