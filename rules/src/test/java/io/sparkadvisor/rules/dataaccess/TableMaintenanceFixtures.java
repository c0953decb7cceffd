package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.tables.TableMaintenanceFile;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Recommendation;
import java.util.List;

/** A corpus run with a table-maintenance fixture of corpus/table-maintenance, and the statements a remedy proposes. */
public final class TableMaintenanceFixtures {
    private TableMaintenanceFixtures() {}

    /** {@code facts} with the tables of {@code fixture}; unchanged when {@code fixture} is null (no metadata read). */
    public static RunFacts maintained(RunFacts facts, String fixture) {
        return fixture == null ? facts
                : facts.withTableMaintenance(TableMaintenanceFile.read(Corpus.dir().resolve("table-maintenance").resolve(fixture)));
    }

    /** Every change's value, step by step. */
    public static List<String> statements(Recommendation r) {
        return r.steps().stream().flatMap(s -> s.changes().stream()).map(Change::value).toList();
    }
}
