package io.sparkadvisor.bot.store;

import com.github.kagkarlsson.scheduler.jdbc.AutodetectJdbcCustomization;
import com.github.kagkarlsson.scheduler.jdbc.DefaultJdbcCustomization;
import com.github.kagkarlsson.scheduler.jdbc.JdbcCustomization;

/** The SQL db-scheduler speaks to the bot's database, for the digest's and the fleet scan's schedulers alike. */
public final class SchedulerJdbc {
    private SchedulerJdbc() {}

    /**
     * db-scheduler knows PostgreSQL's SQL; for H2 it falls back to plain JDBC with a warning that
     * it assumes zoned timestamps, which our migrations declare, so H2 gets that fallback without it.
     */
    public static JdbcCustomization of(Database db) {
        return db.isH2() ? new DefaultJdbcCustomization(false) : new AutodetectJdbcCustomization(db.dataSource());
    }
}
