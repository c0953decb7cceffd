package io.sparkadvisor.bot.cli;

import io.sparkadvisor.knowledge.FactsJson;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Prints the facts derived from an event log, for debugging rules and for other tools. */
@Command(name = "facts", mixinStandardHelpOptions = true, description = "Print the facts derived from an event log as JSON.")
final class FactsCommand implements Callable<Integer> {
    @Mixin
    RunInputs inputs;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        spec.commandLine().getOut().println(FactsJson.prettyWriter().writeValueAsString(inputs.facts()));
        return 0;
    }
}
