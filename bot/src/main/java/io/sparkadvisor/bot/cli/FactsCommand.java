package io.sparkadvisor.bot.cli;

import io.sparkadvisor.knowledge.FactsJson;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Prints the facts derived from an event log, for debugging rules, for other tools, and for {@code analyze --facts}. */
@Command(name = "facts", mixinStandardHelpOptions = true,
        description = "Print the facts derived from an event log as JSON; `analyze --facts FILE` analyses them without the log.")
final class FactsCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "EVENT_LOG|RUN", description = RunInputs.SOURCE_DESCRIPTION)
    String source;

    @Mixin
    RunInputs inputs;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().println(FactsJson.write(inputs.facts(source)));
        return 0;
    }
}
