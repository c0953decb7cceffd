package io.sparkadvisor.knowledge.facts;

/** Summary of one task metric over the successful tasks of a stage attempt (nearest-rank percentiles). */
public record Distribution(long count, long sum, long min, long p25, long p50, long p75, long p90, long p99, long max) {
    public static final Distribution EMPTY = new Distribution(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Summarises values; sorts the array in place. */
    public static Distribution of(long[] values, int n) {
        if (n == 0) {
            return EMPTY;
        }
        java.util.Arrays.sort(values, 0, n);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += values[i];
        }
        return new Distribution(n, sum, values[0], rank(values, n, 0.25), rank(values, n, 0.50), rank(values, n, 0.75),
                rank(values, n, 0.90), rank(values, n, 0.99), values[n - 1]);
    }

    private static long rank(long[] sorted, int n, double q) {
        int index = (int) Math.ceil(q * n) - 1;
        return sorted[Math.max(0, Math.min(n - 1, index))];
    }
}
