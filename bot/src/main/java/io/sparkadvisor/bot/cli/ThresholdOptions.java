package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.AdvisorConfig;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** Threshold overrides: a config file (or SPARK_ADVISOR_CONFIG), then {@code --set key=value}, which wins. */
final class ThresholdOptions {
    @Option(names = "--config", paramLabel = "FILE", description = "YAML config file (default: $SPARK_ADVISOR_CONFIG).")
    Path config;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a threshold, e.g. --set general.minStageWallMs=10000.")
    Map<String, String> overrides = new LinkedHashMap<>();

    Thresholds thresholds() {
        Map<String, String> merged = new LinkedHashMap<>(AdvisorConfig.load(config).thresholds());
        merged.putAll(overrides);
        return Thresholds.withOverrides(merged);
    }
}
