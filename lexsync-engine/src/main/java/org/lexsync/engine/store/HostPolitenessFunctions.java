package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Schema version 30 (issue 32, shared politeness): the PostgreSQL functions that reserve a request to a host and release
 * it, each in ONE statement ({@value #RESERVE}, {@value #RELEASE}). Before, {@link SharedHostSchedule#reserve} took four round trips in a transaction that held
 * the host's row lock across them, and the nodes of a cluster queued behind each other's round trips (measured: ≈ 9 ms
 * a reservation waiting for the lock, docs/benchmarks.md, "Round trips per check"); inside the function the lock is held
 * only while the server runs it. Both commit without waiting for the write-ahead log's flush ({@code synchronous_commit}
 * off for their own transaction): the row lock would otherwise be held through every commit's fsync, which queued the
 * nodes again. Politeness is soft state: a database crash may lose its last fraction of a second (a slot not counted, a
 * next start a little early, once), never a journal row, a lease or a checkpoint. A Java migration because the functions
 * are PostgreSQL's alone: on SQLite (one node,
 * politeness kept in the process) the version is recorded and nothing is made, so both dialects keep one line of versions.
 *
 * <p>The reservation, called in auto-commit mode: locks the host's row (made when missing), forgets the host's slots that
 * expired, and when fewer than {@code max_in_flight} are held takes the slot {@code slot_id} from the host's next
 * allowed start on ({@code GREATEST(now, next_at)}), held until that start plus {@code hold}, and moves the next start to
 * that start plus {@code delay}. Each statement in it reads a snapshot taken after the row lock was granted (a volatile
 * PL/pgSQL function in READ COMMITTED), so it counts the slots of the reservation that held the lock before. Returns one
 * row: granted, the start (0 when refused), the database's clock then and the end of the host's open circuit breaker.
 * The release deletes the slot and moves the host's next start to at least now plus {@code delay}. Times are
 * microseconds since the epoch on the database's clock, as in {@code V20__host_politeness.sql}.
 */
final class HostPolitenessFunctions implements JavaMigration {
    static final String RESERVE = "lexsync_reserve_host";
    static final String RELEASE = "lexsync_release_host";

    private static final String CREATE = """
            CREATE OR REPLACE FUNCTION lexsync_reserve_host(p_host TEXT, p_max_in_flight BIGINT, p_delay BIGINT,
                                                            p_hold BIGINT, p_slot TEXT)
            RETURNS TABLE (granted BOOLEAN, start_at BIGINT, now_at BIGINT, unreachable_at BIGINT)
            LANGUAGE plpgsql VOLATILE AS $fn$
            DECLARE
                v_next BIGINT;
                v_unreachable BIGINT;
                v_now BIGINT;
                v_held BIGINT;
                v_start BIGINT;
            BEGIN
                PERFORM set_config('synchronous_commit', 'off', true);
                SELECT h.next_at, h.unreachable_until INTO v_next, v_unreachable
                    FROM host_politeness h WHERE h.host = p_host FOR UPDATE;
                IF NOT FOUND THEN
                    INSERT INTO host_politeness (host, next_at, unreachable_until) VALUES (p_host, 0, 0)
                        ON CONFLICT (host) DO NOTHING;
                    SELECT h.next_at, h.unreachable_until INTO v_next, v_unreachable
                        FROM host_politeness h WHERE h.host = p_host FOR UPDATE;
                END IF;
                v_now := CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000 AS BIGINT);
                DELETE FROM host_slots s WHERE s.host = p_host AND s.held_until <= v_now;
                SELECT count(*) INTO v_held FROM host_slots s WHERE s.host = p_host AND s.held_until > v_now;
                IF v_held >= p_max_in_flight THEN
                    RETURN QUERY SELECT false, CAST(0 AS BIGINT), v_now, v_unreachable;
                    RETURN;
                END IF;
                v_start := GREATEST(v_now, v_next);
                INSERT INTO host_slots (id, host, held_until) VALUES (p_slot, p_host, v_start + p_hold);
                UPDATE host_politeness h SET next_at = v_start + p_delay WHERE h.host = p_host;
                RETURN QUERY SELECT true, v_start, v_now, v_unreachable;
            END
            $fn$;
            CREATE OR REPLACE FUNCTION lexsync_release_host(p_slot TEXT, p_host TEXT, p_delay BIGINT) RETURNS VOID
            LANGUAGE plpgsql VOLATILE AS $fn$
            BEGIN
                PERFORM set_config('synchronous_commit', 'off', true);
                DELETE FROM host_slots s WHERE s.id = p_slot;
                UPDATE host_politeness h
                    SET next_at = GREATEST(h.next_at, CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000 AS BIGINT) + p_delay)
                    WHERE h.host = p_host;
            END
            $fn$
            """;

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("30");
    }

    @Override
    public String getDescription() {
        return "host politeness functions";
    }

    @Override
    public Integer getChecksum() {
        return CREATE.hashCode();
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection c = context.getConnection();
        if (!c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres")) {
            return; // SQLite: one node, its politeness kept in the process
        }
        try (Statement st = c.createStatement()) {
            st.execute(CREATE);
        }
    }
}
