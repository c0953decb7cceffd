package io.sparkadvisor.bot.cli;

import io.sparkadvisor.rules.thresholds.Threshold;
import io.sparkadvisor.rules.thresholds.ThresholdCatalogue;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Lists every threshold: key, value in force, default, range, unit, meaning and where the default comes from. */
@Command(name = "thresholds", mixinStandardHelpOptions = true,
        description = "List the rules' thresholds with their defaults, ranges and sources; --set/--config show the values in force.")
final class ThresholdsCommand implements Callable<Integer> {
    @Mixin
    ThresholdOptions thresholdOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Thresholds inForce = thresholdOptions.thresholds();
        for (Threshold t : ThresholdCatalogue.all().values()) {
            spec.commandLine().getOut().printf(Locale.ROOT, "%s = %s  (default %s, %s to %s %s)%s%n    %s%n    source: %s%n",
                    t.key(), number(inForce.get(t)), number(t.defaultValue()), number(t.min()), number(t.max()),
                    t.unit(), t.deprecatedKeys().isEmpty() ? "" : "; formerly " + String.join(", ", t.deprecatedKeys()),
                    t.doc(), t.source());
        }
        return 0;
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
