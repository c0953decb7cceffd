package io.sparkadvisor.bench;

import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.nio.file.Path;

/** spark-advisor's reader: one streaming pass from the log to {@link RunFacts}. */
final class Ours implements Parser {
    @Override
    public Outcome parse(Path file) {
        RunFacts facts = RunFactsReader.read(file);
        if (facts.coverage().truncated()) {
            throw new IllegalStateException(file + " read as truncated");
        }
        return new Outcome(facts.coverage().events(), facts.coverage().tasks(), facts);
    }
}
