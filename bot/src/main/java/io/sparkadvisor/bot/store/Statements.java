package io.sparkadvisor.bot.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Parameterised statements on one connection; an {@link Instant} is stored as a UTC timestamp. */
final class Statements {
    interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private final Connection connection;

    Statements(Connection connection) {
        this.connection = connection;
    }

    int update(String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = prepare(sql, args)) {
            return ps.executeUpdate();
        }
    }

    <T> List<T> query(String sql, Row<T> row, Object... args) throws SQLException {
        try (PreparedStatement ps = prepare(sql, args); ResultSet rs = ps.executeQuery()) {
            List<T> out = new ArrayList<>();
            while (rs.next()) {
                out.add(row.read(rs));
            }
            return out;
        }
    }

    static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }

    private PreparedStatement prepare(String sql, Object... args) throws SQLException {
        PreparedStatement ps = connection.prepareStatement(sql);
        for (int i = 0; i < args.length; i++) {
            Object arg = args[i] instanceof Instant at ? OffsetDateTime.ofInstant(at, ZoneOffset.UTC) : args[i];
            ps.setObject(i + 1, arg);
        }
        return ps;
    }
}
