package io.sparkadvisor.databricks.fetch;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.nio.file.Path;

/**
 * The other process of {@link FactsCacheTest}'s two-process test: writes the facts of a corpus
 * scenario ({@code args[1]}) under key {@code args[2]} into the cache folder {@code args[0]},
 * {@code args[3]} times, saying "ready" before it starts and "done" at the end.
 */
public final class FactsCacheWriter {
    private FactsCacheWriter() {}

    public static void main(String[] args) {
        RunFacts facts = Corpus.facts(args[1]);
        FactsCache cache = FactsCache.in(Path.of(args[0]), 64L << 20);
        System.out.println("ready");
        System.out.flush();
        for (int i = 0; i < Integer.parseInt(args[3]); i++) {
            cache.put(args[2], facts);
        }
        System.out.println("done");
    }
}
