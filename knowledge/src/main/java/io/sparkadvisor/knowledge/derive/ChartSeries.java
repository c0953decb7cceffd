package io.sparkadvisor.knowledge.derive;

import io.sparkadvisor.knowledge.facts.BatchPoint;
import io.sparkadvisor.knowledge.facts.MicroBatch;
import java.util.ArrayList;
import java.util.List;

/**
 * A query's batches as at most {@link #MAX_POINTS} chart points in constant space: each point merges a power of two of
 * consecutive batches; when the points are full, neighbours merge pairwise and each point covers twice as many.
 */
final class ChartSeries {
    static final int MAX_POINTS = 120;

    private final List<BatchPoint> points = new ArrayList<>(MAX_POINTS);
    private int batchesPerPoint = 1;

    void add(MicroBatch b) {
        BatchPoint point = BatchPoint.of(b);
        int lastIndex = points.size() - 1;
        if (lastIndex >= 0 && points.get(lastIndex).batches() < batchesPerPoint) {
            points.set(lastIndex, points.get(lastIndex).merge(point));
            return;
        }
        if (points.size() == MAX_POINTS) {
            halve();
            add(b);
            return;
        }
        points.add(point);
    }

    private void halve() {
        List<BatchPoint> merged = new ArrayList<>(MAX_POINTS);
        for (int i = 0; i < points.size(); i += 2) {
            merged.add(i + 1 < points.size() ? points.get(i).merge(points.get(i + 1)) : points.get(i));
        }
        points.clear();
        points.addAll(merged);
        batchesPerPoint *= 2;
    }

    List<BatchPoint> points() {
        return List.copyOf(points);
    }
}
