package io.sparkadvisor.rules.advisor;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one serializer of evidence: a record's components, in order, minus the {@link Internal}
 * ones, with fractions rounded to three decimals (unless {@link Exact}) so JSON stays readable.
 * The documented keys and the emitted keys are the same list by construction.
 */
public final class EvidenceJson {
    private EvidenceJson() {}

    public static Map<String, Object> of(Record evidence) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (RecordComponent c : shown(evidence.getClass())) {
            Object value = read(evidence, c);
            out.put(c.getName(), value instanceof Double d && !c.isAnnotationPresent(Exact.class) ? Format.round(d) : value);
        }
        return out;
    }

    /** The evidence keys a record type emits. */
    public static List<String> keys(Class<? extends Record> type) {
        return shown(type).stream().map(RecordComponent::getName).toList();
    }

    private static List<RecordComponent> shown(Class<?> type) {
        return List.of(type.getRecordComponents()).stream().filter(c -> !c.isAnnotationPresent(Internal.class)).toList();
    }

    private static Object read(Record evidence, RecordComponent c) {
        try {
            return c.getAccessor().invoke(evidence);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("evidence " + evidence.getClass().getSimpleName() + "." + c.getName() + " cannot be read", e);
        }
    }
}
