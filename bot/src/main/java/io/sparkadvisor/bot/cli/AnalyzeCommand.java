package io.sparkadvisor.bot.cli;

import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.AdviceJson;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.templates.TextReport;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Offline diagnosis of one Spark application from its event log. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Diagnose one Spark application from its event log; needs no credentials.")
final class AnalyzeCommand implements Callable<Integer> {
    @Mixin
    RunInputs inputs;

    @Mixin
    ThresholdOptions thresholdOptions;

    @Option(names = "--format", paramLabel = "text|json", description = "Output format: ${COMPLETION-CANDIDATES} (default: text).")
    OutputFormat format = OutputFormat.text;

    @Spec
    CommandSpec spec;

    enum OutputFormat { text, json }

    @Override
    public Integer call() {
        Advice advice = new Advisor(thresholdOptions.thresholds()).advise(inputs.facts());
        spec.commandLine().getOut().println(format == OutputFormat.json ? AdviceJson.write(advice) : TextReport.render(advice));
        return 0;
    }
}
