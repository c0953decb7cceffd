package io.sparkadvisor.rules.thresholds;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The values in force for one analysis: the catalogue's defaults, overridden from a config file
 * or {@code --set key=value}. Immutable; rules read it as a fact.
 */
public final class Thresholds {
    private final Map<String, Double> values;

    private Thresholds(Map<String, Double> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    public static Thresholds defaults() {
        return withOverrides(Map.of());
    }

    /** Applies overrides by key; an unknown key or a bad value is a {@link ThresholdException} naming it. */
    public static Thresholds withOverrides(Map<String, String> overrides) {
        Map<String, Double> values = new HashMap<>();
        ThresholdCatalogue.all().forEach((key, t) -> values.put(key, t.defaultValue()));
        overrides.forEach((key, text) -> {
            Threshold t = ThresholdCatalogue.all().get(key);
            if (t == null) {
                throw new ThresholdException("unknown threshold " + key + "; list them with: spark-advisor thresholds");
            }
            values.put(key, t.parse(text));
        });
        return new Thresholds(values);
    }

    /** The value of a threshold; an undeclared key is a programming error. */
    public double get(String key) {
        Double v = values.get(key);
        if (v == null) {
            throw new IllegalStateException("threshold " + key + " is not declared in the catalogue");
        }
        return v;
    }

    public long getLong(String key) {
        return Math.round(get(key));
    }

    public Map<String, Double> asMap() {
        return new TreeMap<>(values);
    }
}
