package io.sparkadvisor.rules.thresholds;

import java.lang.System.Logger.Level;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The values in force for one analysis: the catalogue's defaults, overridden from a config file
 * or {@code --set key=value}. Immutable; rules read it as a fact, always through a {@link Threshold}
 * handle. Every severity ladder is checked to still rise after the overrides.
 */
public final class Thresholds {
    private static final System.Logger LOG = System.getLogger(Thresholds.class.getName());
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private final Map<String, Double> values;

    private Thresholds(Map<String, Double> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** Values for handles outside the catalogue (ladder tests). */
    static Thresholds of(Map<String, Double> values) {
        return new Thresholds(new HashMap<>(values));
    }

    public static Thresholds defaults() {
        return withOverrides(Map.of());
    }

    /** Applies overrides by key (or a deprecated alias); an unknown key, a bad value or a ladder out of order is a {@link ThresholdException} naming it. */
    public static Thresholds withOverrides(Map<String, String> overrides) {
        Map<String, Double> values = new HashMap<>();
        ThresholdCatalogue.all().forEach((key, t) -> values.put(key, t.defaultValue()));
        overrides.forEach((key, text) -> {
            Threshold t = ThresholdCatalogue.byKey(key).orElseThrow(() -> new ThresholdException(
                    "unknown threshold " + key + "; list them with: spark-advisor thresholds"));
            if (!t.key().equals(key) && WARNED.add(key)) {
                LOG.log(Level.WARNING, "threshold key " + key + " is deprecated; use " + t.key());
            }
            values.put(t.key(), t.parse(text));
        });
        Thresholds thresholds = new Thresholds(values);
        ThresholdCatalogue.ladders().forEach(l -> l.checkOrder(thresholds));
        return thresholds;
    }

    /** The value in force; a handle missing from the catalogue is a programming error. */
    public double get(Threshold threshold) {
        Double v = values.get(threshold.key());
        if (v == null) {
            throw new IllegalStateException("threshold " + threshold.key() + " is not declared in the catalogue");
        }
        return v;
    }

    public long getLong(Threshold threshold) {
        return Math.round(get(threshold));
    }

    public int getInt(Threshold threshold) {
        return Math.toIntExact(getLong(threshold));
    }

    public Map<String, Double> asMap() {
        return new TreeMap<>(values);
    }
}
