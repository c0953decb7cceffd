package io.sparkadvisor.bot.cli;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.AdviceJson;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.templates.TextReport;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Offline diagnosis of one Spark application from its event log, or from facts saved by {@code facts}. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Diagnose one Spark application from its event log (or from its facts saved by `spark-advisor facts`); needs no credentials.")
final class AnalyzeCommand implements Callable<Integer> {
    @ArgGroup(exclusive = true, multiplicity = "1")
    Run run;

    @Mixin
    RunInputs inputs;

    @Mixin
    ThresholdOptions thresholdOptions;

    @Option(names = "--format", paramLabel = "text|json", description = "Output format: ${COMPLETION-CANDIDATES} (default: text).")
    OutputFormat format = OutputFormat.text;

    @Spec
    CommandSpec spec;

    enum OutputFormat { text, json }

    /** The run to analyse: its event log (or workspace run), or its saved facts; one of the two. */
    static final class Run {
        @Parameters(index = "0", paramLabel = "EVENT_LOG|RUN", description = RunInputs.SOURCE_DESCRIPTION)
        String source;

        @Option(names = "--facts", paramLabel = "FILE", description = "Facts saved by `spark-advisor facts` (JSON), analysed instead of an event log; --cluster and --node-types still apply.")
        Path savedFacts;
    }

    @Override
    public Integer call() {
        Advisor advisor = new Advisor(thresholdOptions.thresholds()); // first: its rule base loads while the log is read
        RunFacts facts = run.savedFacts != null ? inputs.savedFacts(run.savedFacts) : inputs.facts(run.source);
        Advice advice = advisor.advise(facts);
        spec.commandLine().getOut().println(format == OutputFormat.json ? AdviceJson.write(advice, facts.platform(), facts.streaming()) : TextReport.render(advice));
        return 0;
    }
}
