package io.sparkadvisor.bot.config;

import io.sparkadvisor.databricks.fetch.FactsCache;
import java.util.Map;

/**
 * Where the facts of completed runs are kept between asks: {@link BotSettings#FACTS_CACHE_DIR}
 * (default beside the H2 database), at most {@link BotSettings#FACTS_CACHE_MB} megabytes.
 */
public final class FactsCacheSettings {
    private FactsCacheSettings() {}

    public static FactsCache fromEnvironment(Map<String, String> env) {
        return FactsCache.in(BotSettings.FACTS_CACHE_DIR.get(env), BotSettings.FACTS_CACHE_MB.get(env) * 1024 * 1024);
    }
}
