package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.config.AdvisorConfig;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.store.AnalysedFindings;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.templates.digest.DigestMessages;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Prints a week's cost digest; posting it on a schedule is the Slack bot's job. */
@Command(name = "digest", mixinStandardHelpOptions = true,
        description = {"Print the weekly jobs cost digest as text (--dry-run).",
                "Costs come from system.billing on the SQL warehouse DATABRICKS_WAREHOUSE_ID, else are estimated from job runs;"
                        + " findings, pending and verified steps from the bot's database (DATABASE_URL or SPARK_ADVISOR_DB_PATH) when there is one."})
final class DigestCommand implements Callable<Integer> {
    @Option(names = "--dry-run", description = "Print the digest instead of posting it (required: channels get theirs from serve).")
    boolean dryRun;

    @Option(names = "--workspace-dir", paramLabel = "DIR", description = "A folder of recorded workspace answers (see WORKSPACE-DIR.md) instead of a live workspace.")
    Path workspaceDir;

    @Option(names = "--week", paramLabel = "YYYY-MM-DD", description = "The first day of the week to report (default: the seven days before today, UTC).")
    String week;

    @Option(names = "--config", paramLabel = "FILE", description = "YAML config file with a digest: section (default: $SPARK_ADVISOR_CONFIG).")
    Path config;

    @Spec
    CommandSpec spec;

    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() {
        if (!dryRun) {
            throw new BadInputException("digest only prints (--dry-run); channels subscribe with /spark-advisor digest subscribe");
        }
        Map<String, String> env = System.getenv();
        LocalDate weekStart = weekStart(week, clock);
        var workspace = WorkspaceChoice.of(workspaceDir, env);
        Database db = Database.existing(env).orElseGet(Database::inMemory).migrate();
        var digests = new Digests(workspace, AdvisorConfig.load(config).digest(), new AnalysedFindings(db), new Changes(db));
        spec.commandLine().getOut().print(DigestMessages.text(digests.prepare(weekStart).report()));
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** {@code --week} as given, else the seven days before today (UTC). */
    static LocalDate weekStart(String week, Clock clock) {
        if (week == null) {
            return LocalDate.now(clock.withZone(ZoneOffset.UTC)).minusDays(7);
        }
        try {
            return LocalDate.parse(week);
        } catch (DateTimeParseException e) {
            throw new BadInputException("--week " + week + " is not a date: give the week's first day as YYYY-MM-DD");
        }
    }
}
