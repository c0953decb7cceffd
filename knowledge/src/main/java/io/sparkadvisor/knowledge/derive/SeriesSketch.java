package io.sparkadvisor.knowledge.derive;

import io.sparkadvisor.knowledge.facts.SeriesSummary;
import org.apache.datasketches.kll.KllDoublesSketch;

/**
 * One measure over a query's micro-batches in constant space: a KLL quantile sketch (k=200, a
 * few kilobytes however many batches) and the sums of a least-squares line by batch id.
 */
final class SeriesSketch {
    private final KllDoublesSketch sketch = KllDoublesSketch.newHeapInstance(200);
    private double sum;
    private double sumX;
    private double sumXx;
    private double sumXy;
    /** Batch ids count from the first one seen, so that the sums of a long run keep their precision. */
    private long originX = -1;

    void add(long batchId, double value) {
        if (!Double.isFinite(value)) {
            return;
        }
        if (originX < 0) {
            originX = batchId;
        }
        double x = batchId - originX;
        sketch.update(value);
        sum += value;
        sumX += x;
        sumXx += x * x;
        sumXy += x * value;
    }

    SeriesSummary summary() {
        long n = sketch.getN();
        if (n == 0) {
            return SeriesSummary.NONE;
        }
        double[] q = sketch.getQuantiles(new double[] {0.5, 0.9, 0.99});
        double spread = n * sumXx - sumX * sumX;
        double slope = spread > 0 ? (n * sumXy - sumX * sum) / spread : 0;
        return new SeriesSummary(n, sketch.getMinValue(), sketch.getMaxValue(), sum / n, q[0], q[1], q[2], slope);
    }
}
