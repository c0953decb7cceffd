package io.sparkadvisor.templates;

import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The plain-text diagnosis printed by {@code spark-advisor analyze --format text}. */
public final class TextReport {
    private TextReport() {}

    public static String render(Advice advice) {
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("app", advice.application());
        scope.put("duration", Format.duration(advice.application().durationMs()));
        scope.put("tasks", advice.coverage().tasks());
        scope.put("events", advice.coverage().events());
        // A serverless run comes from query history: no event was read.
        scope.put("fromLog", advice.coverage().events() > 0);
        scope.put("truncated", advice.coverage().truncated());
        scope.put("incomplete", !advice.coverage().complete());
        scope.put("missing", String.join(" and ", advice.coverage().missing()));
        scope.put("skipped", advice.coverage().skippedLines() > 0);
        scope.put("skippedLines", advice.coverage().skippedLines());
        scope.put("skippedPlural", advice.coverage().skippedLines() != 1);
        scope.put("firstSkippedLine", advice.coverage().firstSkippedLine());
        scope.put("firstSkippedReason", advice.coverage().firstSkippedReason());
        Coverage.SetAsideTimes setAside = advice.coverage().setAsideTimes();
        scope.put("setAside", setAside.any());
        scope.put("setAsideTimes", setAside.count() == 1 ? "1 time" : setAside.count() + " times");
        scope.put("setAsideDays", setAside.farthestDays());
        scope.put("window", Wording.window(advice.coverage()));
        scope.put("windowed", advice.coverage().window().isPresent());
        scope.put("failed", advice.outcome().failed());
        scope.put("outcome", Wording.outcome(advice.outcome()));
        scope.put("notes", advice.notes().stream().map(n -> n.text()).toList());
        List<Map<String, Object>> findings = new ArrayList<>();
        for (Finding f : advice.findings()) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("index", findings.size() + 1);
            item.put("severity", f.severity().id().toUpperCase());
            item.put("title", f.title());
            item.put("rule", f.rule());
            item.put("layer", f.layer().id());
            item.put("stages", f.stageIds().stream().map(String::valueOf).collect(Collectors.joining(", ")));
            item.put("saving", Wording.estimate(f.savings()));
            item.put("proof", f.recommendation().proof());
            item.put("risk", f.risk());
            item.put("summary", f.recommendation().summary());
            item.put("preconditions", f.recommendation().preconditions());
            item.put("steps", f.recommendation().steps());
            item.put("experiment", f.recommendation().experiment());
            findings.add(item);
        }
        scope.put("findings", findings);
        scope.put("failures", advice.failures());
        return Templates.plain("analyze.txt", scope);
    }
}
