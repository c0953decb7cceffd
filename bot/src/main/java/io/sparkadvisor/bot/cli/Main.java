package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.knowledge.FactsFileException;
import io.sparkadvisor.knowledge.eventlog.EventLogException;
import io.sparkadvisor.knowledge.serverless.QueryHistoryException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the spark-advisor command line. */
@Command(name = "spark-advisor", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Finds why a Spark job costs what it costs, and what to change.",
        subcommands = {AnalyzeCommand.class, CompareCommand.class, FactsCommand.class, ThresholdsCommand.class, ServeCommand.class, DigestCommand.class,
                ScanCommand.class, AccuracyCommand.class,
                CommandLine.HelpCommand.class})
public final class Main {
    static final int BAD_INPUT = 2;
    static final int INTERNAL = 1;

    public static void main(String[] args) {
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs one command line; returns the exit code (0 ran, 2 bad input, 1 internal failure). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main()).setOut(out).setErr(err);
        ServeCommand.describeSettings(cli.getSubcommands().get("serve").getCommandSpec());
        cli.setParameterExceptionHandler((e, params) -> {
            CommandLine cmd = e.getCommandLine();
            cmd.getErr().println("spark-advisor: " + e.getMessage() + " (see: " + cmd.getCommandSpec().qualifiedName() + " --help)");
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (isBadInput(e)) {
                cmd.getErr().println("spark-advisor: " + e.getMessage());
                return BAD_INPUT;
            }
            cmd.getErr().println("spark-advisor: internal error (" + e.getClass().getSimpleName() + "): "
                    + e.getMessage() + "; please report it with the command you ran");
            return INTERNAL;
        });
        return cli.execute(args);
    }

    private static boolean isBadInput(Exception e) {
        return e instanceof EventLogException || e instanceof FactsFileException || e instanceof QueryHistoryException || e instanceof IllegalArgumentException || e instanceof BadInputException
                || e instanceof WorkspaceException;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"spark-advisor " + (v == null ? "development build" : v)};
        }
    }
}
