package io.sparkadvisor.bot.store;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * One change per job at a time, across replicas: the read-modify-write of a job's settings (read,
 * check, send, read back) runs under a lock row in the database. The Jobs API has no
 * compare-and-set, so without it two approvals of one job could both pass their check and the
 * second update undo the first. A lock expires, so one a killed bot held is taken over later.
 */
public final class JobLocks {
    /** Longer than a read-modify-write takes with the SDK's retries; what a stopped bot's lock costs. */
    public static final Duration TTL = Duration.ofMinutes(5);
    private static final Duration RETRY = Duration.ofMillis(200);

    private final Database db;
    private final Clock clock;

    public JobLocks(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** A held lock; closing it releases it (only if it is still this holder's). */
    public final class Held implements AutoCloseable {
        private final long jobId;
        private final String holder;

        private Held(long jobId, String holder) {
            this.jobId = jobId;
            this.holder = holder;
        }

        @Override
        public void close() {
            db.inTransaction(sql -> sql.update("DELETE FROM job_locks WHERE job_id = ? AND holder = ?", jobId, holder));
        }
    }

    /** The lock on {@code jobId}, waiting up to {@code wait} (real time) for another holder to finish. */
    public Optional<Held> lock(long jobId, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        for (Optional<Held> held = tryLock(jobId); ; held = tryLock(jobId)) {
            if (held.isPresent() || System.nanoTime() > deadline) {
                return held;
            }
            try {
                Thread.sleep(RETRY.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }

    /** The lock on {@code jobId}, or empty while another holder has it and it has not expired. */
    public Optional<Held> tryLock(long jobId) {
        String holder = UUID.randomUUID().toString();
        try {
            return db.inTransaction(sql -> {
                sql.update("DELETE FROM job_locks WHERE job_id = ? AND expires_at < ?", jobId, clock.instant());
                sql.update("INSERT INTO job_locks (job_id, holder, expires_at) VALUES (?, ?, ?)", jobId, holder, clock.instant().plus(TTL));
                return Optional.of(new Held(jobId, holder));
            });
        } catch (StoreException e) {
            if (e.isDuplicateKey()) {
                return Optional.empty(); // another replica holds the lock
            }
            throw e;
        }
    }
}
