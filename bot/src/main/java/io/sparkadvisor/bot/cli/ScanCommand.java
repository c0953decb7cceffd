package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.AdvisorConfig;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.store.AnalysedFindings;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.scan.FleetScan;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.replies.ScanReply;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** The fleet scan on demand: analyses the week's costliest jobs and prints the digest with its top fixes. */
@Command(name = "scan", mixinStandardHelpOptions = true,
        description = {"Analyse the latest completed run of each of the week's costliest jobs (scan.jobs, default 20) and print the"
                + " weekly digest with its \"Top fixes this week\", ranked by dollars a week, and the jobs that could not be read.",
                "Runs whether or not the config turns the weekly scan on; its other scan: settings apply. Jobs a scan of the same week"
                        + " already finished (in the bot's database, DATABASE_URL or SPARK_ADVISOR_DB_PATH) are not analysed again."})
final class ScanCommand implements Callable<Integer> {
    @Option(names = "--workspace-dir", paramLabel = "DIR", description = "A folder of recorded workspace answers (see WORKSPACE-DIR.md) instead of a live workspace.")
    Path workspaceDir;

    @Option(names = "--week", paramLabel = "YYYY-MM-DD", description = "The first day of the week to scan (default: the seven days before today, UTC).")
    String week;

    @Mixin
    ThresholdOptions thresholdOptions;

    @Spec
    CommandSpec spec;

    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() {
        Map<String, String> env = System.getenv();
        var workspace = WorkspaceChoice.of(workspaceDir, env);
        AdvisorConfig config = AdvisorConfig.load(thresholdOptions.config);
        Database db = Database.existing(env).orElseGet(Database::inMemory).migrate();
        var scan = FleetScan.of(db, workspace, new Advisor(thresholdOptions.thresholds()), config.scan().on(), clock, BotMetrics.none());
        var digests = new Digests(workspace, config.digest(), new AnalysedFindings(db), new Changes(db), scan);
        var err = spec.commandLine().getErr();
        var digest = digests.prepare(DigestCommand.weekStart(week, clock),
                (done, total, unreadable) -> err.println(ScanReply.MOVED.text("done", done, "total", total, "unreadable", unreadable)));
        spec.commandLine().getOut().print(DigestMessages.text(digest.report()));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
