package io.sparkadvisor.bench;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkFirehoseListener;
import org.apache.spark.scheduler.ReplayListenerBus;
import org.apache.spark.scheduler.ReplayListenerBus$;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.status.AppStatusListener;
import org.apache.spark.status.ElementTrackingStore;
import org.apache.spark.status.TaskDataWrapper;
import org.apache.spark.util.kvstore.InMemoryStore;

/**
 * The peer: Spark's own replay as the History Server rebuilds an application's UI
 * ({@code FsHistoryProvider.rebuildAppStore}): the log opened through Hadoop's file system as
 * {@code EventLogFileReader.openEventLog} opens a plain log, a {@link ReplayListenerBus} feeding an
 * {@link AppStatusListener} (not live) backed by an {@link ElementTrackingStore} over an
 * {@link InMemoryStore}, with asynchronous tracking off as the History Server sets it. A firehose
 * listener counts what was posted, to check that every event was replayed. Only spark-core is on
 * the classpath (as the brief for this peer says), so the few SQL events (execution start/end,
 * driver accumulator updates) are dropped as unrecognised, and no SQL listener runs: the History
 * Server, with spark-sql, would do more work than this peer. A .gz log (which Spark itself does not
 * read) is inflated on the replay's thread; a log folder's files are replayed in order ({@link LogFiles}).
 */
final class SparkReplay implements Parser {
    private final SparkConf conf = new SparkConf(false)
            // FsHistoryProvider: "Disable async updates, since they cause higher memory usage".
            .set("spark.appStateStore.asyncTracking.enable", "false");

    @Override
    public Outcome parse(Path file) throws Exception {
        InMemoryStore store = new InMemoryStore();
        ElementTrackingStore tracking = new ElementTrackingStore(store, conf);
        ReplayListenerBus bus = new ReplayListenerBus();
        AppStatusListener listener = new AppStatusListener(tracking, conf, false,
                AppStatusListener.$lessinit$greater$default$4(), scala.Option.apply(System.currentTimeMillis()));
        bus.addListener(listener);
        long[] counts = new long[2];
        bus.addListener(new SparkFirehoseListener() {
            @Override
            public void onEvent(SparkListenerEvent event) {
                counts[0]++;
                if (event instanceof SparkListenerTaskEnd) {
                    counts[1]++;
                }
            }
        });
        List<Path> parts = LogFiles.of(file);
        boolean ok = true;
        for (int k = 0; k < parts.size() && ok; k++) {
            org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(parts.get(k).toAbsolutePath().toUri());
            FileSystem fs = path.getFileSystem(new Configuration());
            // What EventLogFileReader.openEventLog does for an uncompressed log; called directly because
            // openEventLog takes any file-name extension for a codec name (large.log -> codec "log"). The
            // files of a rolling log one after the other, only the last maybe cut short, as
            // FsHistoryProvider.rebuildAppStore replays them.
            try (InputStream in = Decompressed.of(fs.open(path))) {
                ok = bus.replay(in, path.toString(), k == parts.size() - 1, ReplayListenerBus$.MODULE$.SELECT_ALL_FILTER());
            }
        }
        tracking.close(false);
        if (!ok) {
            throw new IllegalStateException("Spark's replay stopped early on " + file);
        }
        // every task that started is stored; a log cut short has a few that never ended
        long storedTasks = store.count(TaskDataWrapper.class);
        if (storedTasks < counts[1]) {
            throw new IllegalStateException("the status store holds " + storedTasks + " tasks, replayed " + counts[1]);
        }
        return new Outcome(counts[0], counts[1], store, store);
    }
}
