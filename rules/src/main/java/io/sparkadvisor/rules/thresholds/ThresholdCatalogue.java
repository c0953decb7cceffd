package io.sparkadvisor.rules.thresholds;

import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.advisor.Rules;
import io.sparkadvisor.rules.compare.CompareThresholds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every threshold of the rule base: the general ones, then each registered rule's, in registry
 * order. A handle several rules share is listed once; two handles with one key (or an alias that is
 * another's key) fail at start-up.
 */
public final class ThresholdCatalogue {
    private static final Map<String, Threshold> ALL = collect();
    private static final Map<String, Threshold> BY_ALIAS = aliases();
    private static final List<Ladder> LADDERS = ladders(Rules.ALL);

    private ThresholdCatalogue() {}

    public static Map<String, Threshold> all() {
        return ALL;
    }

    /** A threshold by its key or by a deprecated alias of it. */
    public static Optional<Threshold> byKey(String key) {
        return Optional.ofNullable(ALL.getOrDefault(key, BY_ALIAS.get(key)));
    }

    public static List<Ladder> ladders() {
        return LADDERS;
    }

    private static Map<String, Threshold> collect() {
        List<Threshold> declared = new ArrayList<>(GeneralThresholds.DECLARED);
        Rules.ALL.forEach(r -> declared.addAll(r.thresholds()));
        declared.addAll(CompareThresholds.DECLARED);
        Map<String, Threshold> out = new LinkedHashMap<>();
        for (Threshold t : declared) {
            Threshold before = out.putIfAbsent(t.key(), t);
            if (before != null && before != t) {
                throw new IllegalStateException("threshold " + t.key() + " is declared twice");
            }
        }
        return Collections.unmodifiableMap(out);
    }

    private static Map<String, Threshold> aliases() {
        Map<String, Threshold> out = new LinkedHashMap<>();
        ALL.values().forEach(t -> t.deprecatedKeys().forEach(alias -> {
            if (ALL.containsKey(alias) || out.put(alias, t) != null) {
                throw new IllegalStateException("deprecated key " + alias + " of " + t.key() + " is taken");
            }
        }));
        return Collections.unmodifiableMap(out);
    }

    private static List<Ladder> ladders(List<Rule<?>> rules) {
        List<Ladder> out = new ArrayList<>(List.of(GeneralThresholds.STAKE));
        rules.forEach(r -> out.addAll(r.ladders()));
        for (Ladder l : out) {
            l.thresholds().forEach(t -> {
                if (ALL.get(t.key()) != t) {
                    throw new IllegalStateException("ladder " + l + " uses " + t.key() + ", which its rule does not declare");
                }
            });
        }
        return List.copyOf(out);
    }
}
