package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.followup.PredictionAccuracy;
import io.sparkadvisor.bot.followup.PredictionAccuracy.RuleAccuracy;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.Predictions;
import io.sparkadvisor.rules.advisor.Format;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Per rule, how far the run times the bot predicted were from the runs judged after its applied steps. */
@Command(name = "accuracy", mixinStandardHelpOptions = true,
        description = {"How far each rule's predictions were off: for every applied step whose next run was judged, the run time"
                + " predicted (the analysed run less the finding's saving) against the run's own.",
                "Reads the bot's database: DATABASE_URL (PostgreSQL) or the H2 file SPARK_ADVISOR_DB_PATH (default ~/.spark-advisor/advisor)."})
final class AccuracyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Database db = Database.existing(System.getenv()).orElseThrow(() -> new BadInputException(
                "no bot database here: set DATABASE_URL or SPARK_ADVISOR_DB_PATH to the database `serve` uses"));
        List<Predictions.Judged> judged = new Predictions(db.migrate()).judged();
        PrintWriter out = spec.commandLine().getOut();
        if (judged.isEmpty()) {
            out.println("No applied step has been judged on a run yet, so there is nothing to compare.");
            return 0;
        }
        out.printf(Locale.ROOT, "%-24s %7s %18s %22s %12s%n", "rule", "judged", "saving realised", "run-time error (|x|)", "within 10%");
        for (RuleAccuracy a : PredictionAccuracy.byRule(judged)) {
            out.printf(Locale.ROOT, "%-24s %7d %18s %22s %12s%n", a.rule(), a.judged(), "median " + Format.percent(a.medianRealised()),
                    "median " + Format.percent(a.medianAbsError()), a.close() + " of " + a.judged());
        }
        out.println();
        judged.forEach(j -> out.printf(Locale.ROOT, "%s step %d, run %d: predicted %s%s, took %s%n", j.recommendationId(), j.step(),
                j.runId(), j.outcome().prediction().upperBound() ? "at best " : "", Format.duration(j.outcome().prediction().predictedMs()),
                Format.duration(j.outcome().actualMs())));
        return 0;
    }
}
