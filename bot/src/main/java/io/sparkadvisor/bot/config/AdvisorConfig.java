package io.sparkadvisor.bot.config;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.sparkadvisor.bot.access.ChannelGroups;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The optional YAML config file ({@code --config} or {@code SPARK_ADVISOR_CONFIG}); environment
 * variables are read where they are used and win over it. It holds threshold overrides and the
 * weekly digest's settings ({@link DigestConfig}), the fleet scan's ({@link ScanConfig}) and the
 * Databricks group each Slack channel stands for ({@link ChannelGroups}):
 * <pre>thresholds:
 *   general.minStageWallMs: 10000
 * digest:
 *   minWeeklyCost: 50
 * access:
 *   channels: {C0DATA: data-eng}</pre>
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public record AdvisorConfig(Map<String, String> thresholds, DigestConfig digest, ScanConfig scan, ChannelGroups access) {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    public AdvisorConfig {
        thresholds = thresholds == null ? Map.of() : Map.copyOf(thresholds);
        digest = digest == null ? DigestConfig.DEFAULTS : digest;
        scan = scan == null ? ScanConfig.DEFAULTS : scan;
        access = access == null ? ChannelGroups.NONE : access;
    }

    public static AdvisorConfig load(Path explicit) {
        Path path = explicit;
        if (path == null) {
            Optional<Path> configured = BotSettings.CONFIG.read(System.getenv());
            if (configured.isEmpty()) {
                return new AdvisorConfig(new LinkedHashMap<>(), null, null, null);
            }
            path = configured.get();
        }
        if (!Files.isReadable(path)) {
            throw new BadInputException("config file " + path + " does not exist or cannot be read");
        }
        try {
            AdvisorConfig config = YAML.readValue(path.toFile(), AdvisorConfig.class);
            return config == null ? new AdvisorConfig(Map.of(), null, null, null) : config;
        } catch (IOException e) {
            throw new BadInputException("config file " + path + " is not valid: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
