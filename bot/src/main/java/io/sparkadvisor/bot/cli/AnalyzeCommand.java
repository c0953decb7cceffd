package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.knowledge.serverless.ServerlessRunJson;
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

/**
 * Offline diagnosis of one Spark application from its event log, or from facts saved by {@code facts}; or of a serverless
 * run from its query history, which stands in for the event log serverless does not keep.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Diagnose one Spark application from its event log (or from its facts saved by `spark-advisor facts`),"
                + " or a serverless run from its query history; needs no credentials.")
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

    /** The run to analyse: its event log (or workspace run), its saved facts, or a serverless run's query history; one of them. */
    static final class Run {
        @Parameters(index = "0", paramLabel = "EVENT_LOG|RUN", description = RunInputs.SOURCE_DESCRIPTION)
        String source;

        @Option(names = "--facts", paramLabel = "FILE", description = "Facts saved by `spark-advisor facts` (JSON), analysed instead of an event log; --cluster and --node-types still apply.")
        Path savedFacts;

        @Option(names = "--query-history", paramLabel = "FILE", description = "A serverless run (or SQL warehouse statements) from query"
                + " history: the Query History API's answer, system.query.history rows, or the run file with billing and job"
                + " settings (README \"Serverless runs\"), analysed instead of an event log.")
        Path queryHistory;
    }

    @Override
    public Integer call() {
        Advisor advisor = new Advisor(thresholdOptions.thresholds()); // first: its rule base loads while the log is read
        if (run.queryHistory != null) {
            return serverless(advisor);
        }
        RunFacts facts = run.savedFacts != null ? inputs.savedFacts(run.savedFacts) : inputs.facts(run.source);
        Advice advice = advisor.advise(facts);
        spec.commandLine().getOut().println(format == OutputFormat.json ? AdviceJson.write(advice, facts.platform(), facts.streaming()) : TextReport.render(advice));
        return 0;
    }

    private Integer serverless(Advisor advisor) {
        if (inputs.workspaceDir != null || inputs.cluster != null || inputs.nodeTypes != null) {
            throw new BadInputException("--query-history takes no --workspace-dir, --cluster or --node-types: a serverless run"
                    + " has no cluster to describe; pass the query history alone");
        }
        ServerlessRun serverless = inputs.withTables(ServerlessRunJson.parse(RunInputs.readFile(run.queryHistory, "--query-history"),
                String.valueOf(run.queryHistory.getFileName())));
        Advice advice = advisor.advise(serverless);
        spec.commandLine().getOut().println(format == OutputFormat.json
                ? AdviceJson.write(advice, serverless.asRunFacts().platform()) : TextReport.render(advice));
        return 0;
    }
}
